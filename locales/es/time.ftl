duration-days = { $count ->
    [one] { $count } día
   *[other] { $count } días
}
duration-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
duration-minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
}
duration-less-than-a-minute = menos de un minuto
duration-pair = { $larger } y { $smaller }
time-left = { $count ->
    [one] queda { $span }
   *[other] quedan { $span }
}
time-up = se acabó el tiempo
ago-within-the-hour = en la última hora
ago-hours = { $count ->
    [one] hace una hora
   *[other] hace { $count } horas
}
ago-yesterday = ayer
ago-days = { $count ->
    [one] hace un día
   *[other] hace { $count } días
}
date-time = { $weekday } { $day } { $month } { $year }, { $time } { $zone }
date = { $day } { $month } { $year }
weekday = { $n ->
    [1] lun
    [2] mar
    [3] mié
    [4] jue
    [5] vie
    [6] sáb
   *[7] dom
}
month = { $n ->
    [1] ene
    [2] feb
    [3] mar
    [4] abr
    [5] may
    [6] jun
    [7] jul
    [8] ago
    [9] sept
    [10] oct
    [11] nov
   *[12] dic
}
# How numbers are written: the decimal separator, and a percentage.
number-decimal-separator = ,
number-percent = { $value } %
