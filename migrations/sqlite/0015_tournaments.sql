-- Tournaments (src/tournaments/, src/storage/tournaments.rs): round robins, Swiss events and
-- Chatrang team events whose games are ordinary games. Same as migrations/postgres/0015_tournaments.sql.

-- One event. `format`, `status`, `entry` and `timeout_policy` are typed states (src/tournaments/
-- states.rs). `round` is the round in play (0 before the start); an event's state changes are
-- guarded by it (`UPDATE … WHERE round = $n`), so a round is closed and the next paired once,
-- also by two instances at the same moment. `tie_breaks` lists the tie-breaks in order.
CREATE TABLE tournaments (
    id             TEXT    PRIMARY KEY,
    name           TEXT    NOT NULL,
    description    TEXT    NOT NULL DEFAULT '',
    variant        TEXT    NOT NULL,
    options        TEXT    NOT NULL,
    format         TEXT    NOT NULL,
    rounds         BIGINT  NOT NULL,
    days_per_move  BIGINT  NOT NULL,
    timeout_policy TEXT    NOT NULL,
    rated          BIGINT  NOT NULL,
    entry          TEXT    NOT NULL,
    min_entrants   BIGINT  NOT NULL,
    max_entrants   BIGINT  NOT NULL,
    rating_min     BIGINT,
    rating_max     BIGINT,
    bye_points     BIGINT  NOT NULL,
    -- Whether its players may take vacation while it runs (their clocks stop).
    vacation_allowed BIGINT NOT NULL DEFAULT 1,
    tie_breaks     TEXT    NOT NULL,
    organiser_id   BIGINT  NOT NULL REFERENCES users (id),
    status         TEXT    NOT NULL,
    round          BIGINT  NOT NULL DEFAULT 0,
    created_at     BIGINT  NOT NULL,
    starts_at      BIGINT,
    started_at     BIGINT,
    finished_at    BIGINT
);
-- The list by status, newest first.
CREATE INDEX tournaments_by_status ON tournaments (status, created_at DESC, id);
-- Registering events whose start time came (the sweeper starts them).
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE status = 'registering';

-- Who takes part: one row per player. `number` is the pairing number (the entrant), given
-- at the start by rating; team-mates in Chatrang share one. `team_of` names the player who
-- registered the team (NULL in two-player games). `state` is invited, registered, withdrawn.
CREATE TABLE tournament_players (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       BIGINT  NOT NULL REFERENCES users (id),
    state         TEXT    NOT NULL,
    team_of       BIGINT,
    number        BIGINT,
    joined_at     BIGINT  NOT NULL,
    withdrawn_at  BIGINT,
    PRIMARY KEY (tournament_id, user_id)
);
-- A player's events (the profile), newest first.
CREATE INDEX tournament_players_user ON tournament_players (user_id, joined_at DESC, tournament_id);

-- The games of an event, by round and board; the unique game id finds a game's event.
CREATE TABLE tournament_games (
    tournament_id TEXT   NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL,
    game_id       TEXT   NOT NULL UNIQUE REFERENCES games (id),
    -- The entrants of team 0 (first move) and team 1.
    first         BIGINT NOT NULL,
    second        BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);

-- Entrants who sat a round out: a Swiss bye (worth `points` half points, as the event says).
CREATE TABLE tournament_byes (
    tournament_id TEXT   NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT NOT NULL,
    number        BIGINT NOT NULL,
    points        BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, number)
);

-- A tournament game's end must reach the outbox worker, which takes the event's next step
-- (src/notify/fanout.rs): its events are queued like those of a game someone is notified of.
DROP TRIGGER game_events_inserted;

CREATE TRIGGER game_events_inserted AFTER INSERT ON game_events
WHEN EXISTS (
    SELECT 1 FROM game_seats s JOIN webhooks w ON w.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id AND w.enabled = 1
) OR EXISTS (
    SELECT 1 FROM game_seats s JOIN notification_settings n ON n.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id AND n.email IS NOT NULL AND n.email <> ''
) OR EXISTS (SELECT 1 FROM tournament_games t WHERE t.game_id = NEW.game_id)
BEGIN
    INSERT INTO event_outbox (event_id) VALUES (NEW.id);
END;
