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

## Time controls (the clock's kinds)
time-control-days = { $count ->
    [one] 1 Tag pro Zug
   *[other] { $count } Tage pro Zug
}
time-control-fischer = { $initial } Tage + { $increment } Std. pro Zug (höchstens { $cap } Tage)
time-control-iccf = { $moves } Züge in { $days } Tagen
clock-legend = Bedenkzeit
clock-help-link = So funktionieren die Uhren
clock-kind = Art
clock-kind-days = Tage pro Zug
clock-kind-fischer = Fischer: ein Zeitguthaben plus Zeit pro Zug
clock-kind-iccf = ICCF: Züge in Tagen, Restzeit wird übertragen
clock-days-per-move = Tage pro Zug
clock-range-hint = 1 bis { $max }
clock-fischer-initial = Tage zu Beginn
clock-fischer-increment = Stunden pro Zug dazu
clock-fischer-cap = Guthaben höchstens (Tage)
clock-iccf-moves = Züge
clock-iccf-days = in Tagen
clock-kinds-hint = Nur die Felder der gewählten Art zählen.
clock-error-whole-number = Jedes Feld der Bedenkzeit ist eine ganze Zahl.
clock-bank = Guthaben: { $span }
clock-bank-iccf = Guthaben: { $span }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
} bis zur Zeitkontrolle
