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

## Time controls (the clock's kinds)
time-control-days = { $count ->
    [one] 1 día por jugada
   *[other] { $count } días por jugada
}
time-control-fischer = { $initial } días + { $increment } h por jugada (como máximo { $cap } días)
time-control-iccf = { $moves } jugadas en { $days } días
clock-legend = Reloj
clock-help-link = Cómo funcionan los relojes
clock-kind = Tipo
clock-kind-days = Días por jugada
clock-kind-fischer = Fischer: una reserva más tiempo por jugada
clock-kind-iccf = ICCF: jugadas en días, el tiempo sobrante se acumula
clock-days-per-move = Días por jugada
clock-range-hint = de 1 a { $max }
clock-fischer-initial = Días al empezar
clock-fischer-increment = Horas añadidas por jugada
clock-fischer-cap = Reserva máxima (días)
clock-iccf-moves = Jugadas
clock-iccf-days = en días
clock-kinds-hint = Solo cuentan los campos del tipo elegido.
clock-error-whole-number = Cada campo del reloj es un número entero.
clock-bank = reserva: { $span }
clock-bank-iccf = reserva: { $span }, { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
} hasta el control de tiempo
