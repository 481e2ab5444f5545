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

## Time controls (the clock's kinds)
time-control-days = { $count ->
    [one] 1 jour par coup
   *[other] { $count } jours par coup
}
time-control-fischer = { $initial } jours + { $increment } h par coup (au plus { $cap } jours)
time-control-iccf = { $moves } coups en { $days } jours
clock-legend = Pendule
clock-help-link = Comment fonctionnent les pendules
clock-kind = Type
clock-kind-days = Jours par coup
clock-kind-fischer = Fischer : une réserve plus du temps par coup
clock-kind-iccf = ICCF : des coups en jours, le temps restant est reporté
clock-days-per-move = Jours par coup
clock-range-hint = de 1 à { $max }
clock-fischer-initial = Jours au départ
clock-fischer-increment = Heures ajoutées par coup
clock-fischer-cap = Réserve au plus (jours)
clock-iccf-moves = Coups
clock-iccf-days = en jours
clock-kinds-hint = Seuls les champs du type choisi comptent.
clock-error-whole-number = Chaque champ de la pendule est un nombre entier.
clock-bank = réserve : { $span }
clock-bank-iccf = réserve : { $span }, { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
} avant le contrôle de temps
