# Durations, deadlines and dates. Counts choose their plural form here, never in code.
duration-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-less-than-a-minute = less than a minute
# The two largest units together: "2 days 4 hours".
duration-pair = { $larger } { $smaller }
# $span is a duration; $count the number of its largest unit (for languages whose verb agrees).
time-left = { $count ->
   *[other] { $span } left
}
time-up = time is up
ago-within-the-hour = within the last hour
ago-hours = { $count ->
    [one] an hour ago
   *[other] { $count } hours ago
}
ago-yesterday = yesterday
ago-days = { $count ->
    [one] a day ago
   *[other] { $count } days ago
}
# "Mon 30 Nov 2026, 00:00 UTC": $weekday and $month from the lists below, $time is 24-hour.
date-time = { $weekday } { $day } { $month } { $year }, { $time } { $zone }
# "30 Nov 2026"
date = { $day } { $month } { $year }
# Short names; 1 is Monday.
weekday = { $n ->
    [1] Mon
    [2] Tue
    [3] Wed
    [4] Thu
    [5] Fri
    [6] Sat
   *[7] Sun
}
month = { $n ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
}
# How numbers are written: the decimal separator, and a percentage.
number-decimal-separator = .
number-percent = { $value } %

## Time controls (the clock's kinds)
time-control-days = { $count ->
    [one] 1 day per move
   *[other] { $count } days per move
}
time-control-fischer = { $initial } days + { $increment } h per move (at most { $cap } days)
time-control-iccf = { $moves } moves in { $days } days
clock-legend = Clock
clock-help-link = How the clocks work
clock-kind = Kind
clock-kind-days = Days per move
clock-kind-fischer = Fischer: a bank plus time per move
clock-kind-iccf = ICCF: moves in days, time carried over
clock-days-per-move = Days per move
clock-range-hint = 1 to { $max }
clock-fischer-initial = Starting days
clock-fischer-increment = Hours added per move
clock-fischer-cap = Bank at most (days)
clock-iccf-moves = Moves
clock-iccf-days = in days
clock-kinds-hint = Only the chosen kind's fields count.
clock-error-whole-number = Each clock field is a whole number.
clock-bank = bank: { $span }
clock-bank-iccf = bank: { $span }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} to the time control
