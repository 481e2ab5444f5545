duration-days = { $count ->
    [one] { $count } jour
   *[other] { $count } jours
}
duration-hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
}
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-less-than-a-minute = moins d’une minute
duration-pair = { $larger } { $smaller }
time-left = il reste { $span }
time-up = temps écoulé
ago-within-the-hour = dans l’heure
ago-hours = { $count ->
    [one] il y a une heure
   *[other] il y a { $count } heures
}
ago-yesterday = hier
ago-days = { $count ->
    [one] il y a un jour
   *[other] il y a { $count } jours
}
date-time = { $weekday } { $day } { $month } { $year }, { $time } { $zone }
date = { $day } { $month } { $year }
weekday = { $n ->
    [1] lun.
    [2] mar.
    [3] mer.
    [4] jeu.
    [5] ven.
    [6] sam.
   *[7] dim.
}
month = { $n ->
    [1] janv.
    [2] févr.
    [3] mars
    [4] avr.
    [5] mai
    [6] juin
    [7] juil.
    [8] août
    [9] sept.
    [10] oct.
    [11] nov.
   *[12] déc.
}
# How numbers are written: the decimal separator, and a percentage.
number-decimal-separator = ,
number-percent = { $value } %
