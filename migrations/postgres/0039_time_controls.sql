-- Time controls beside days per move: `time_control` is the kind with its fields
-- (`fischer:<initial days>:<increment hours>:<cap days>`, `iccf:<moves>:<days>`), NULL for
-- days per move (then `days_per_move` is its days; otherwise it is the average days per move,
-- for what compares clocks by one number). `clocks` is each seat's bank and moves made
-- (`<bank ms>/<moves>,…` by seat), NULL under days per move, which keeps no bank.
ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN clocks TEXT;
ALTER TABLE tournaments ADD COLUMN time_control TEXT;
