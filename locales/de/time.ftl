duration-days = { $count ->
    [one] { $count } Tag
   *[other] { $count } Tage
}
duration-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
}
duration-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
duration-less-than-a-minute = weniger als eine Minute
duration-pair = { $larger } { $smaller }
time-left = noch { $span }
time-up = Zeit abgelaufen
ago-within-the-hour = in der letzten Stunde
ago-hours = { $count ->
    [one] vor einer Stunde
   *[other] vor { $count } Stunden
}
ago-yesterday = gestern
ago-days = { $count ->
    [one] vor einem Tag
   *[other] vor { $count } Tagen
}
date-time = { $weekday }, { $day }. { $month } { $year }, { $time } { $zone }
date = { $day }. { $month } { $year }
weekday = { $n ->
    [1] Mo.
    [2] Di.
    [3] Mi.
    [4] Do.
    [5] Fr.
    [6] Sa.
   *[7] So.
}
month = { $n ->
    [1] Jan.
    [2] Feb.
    [3] März
    [4] Apr.
    [5] Mai
    [6] Juni
    [7] Juli
    [8] Aug.
    [9] Sept.
    [10] Okt.
    [11] Nov.
   *[12] Dez.
}
# How numbers are written: the decimal separator, and a percentage.
number-decimal-separator = ,
number-percent = { $value } %
