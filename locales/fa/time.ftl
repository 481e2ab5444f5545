# A noun after a number stays singular in Persian; the months are the Gregorian calendar's.
duration-days = { $count } روز
duration-hours = { $count } ساعت
duration-minutes = { $count } دقیقه
duration-less-than-a-minute = کمتر از یک دقیقه
duration-pair = { $larger } و { $smaller }
time-left = { $span } مانده
time-up = وقت تمام شد
ago-within-the-hour = در یک ساعت گذشته
ago-hours = { $count ->
    [one] یک ساعت پیش
   *[other] { $count } ساعت پیش
}
ago-yesterday = دیروز
ago-days = { $count ->
    [one] یک روز پیش
   *[other] { $count } روز پیش
}
date-time = { $weekday } { $day } { $month } { $year }، ساعت { $time } { $zone }
date = { $day } { $month } { $year }
weekday = { $n ->
    [1] دوشنبه
    [2] سه‌شنبه
    [3] چهارشنبه
    [4] پنجشنبه
    [5] جمعه
    [6] شنبه
   *[7] یکشنبه
}
month = { $n ->
    [1] ژانویه
    [2] فوریه
    [3] مارس
    [4] آوریل
    [5] مه
    [6] ژوئن
    [7] ژوئیه
    [8] اوت
    [9] سپتامبر
    [10] اکتبر
    [11] نوامبر
   *[12] دسامبر
}
# How numbers are written: the decimal separator, and a percentage.
number-decimal-separator = ٫
number-percent = { $value }٪

## Time controls (the clock's kinds)
time-control-days = { $count ->
    [one] { $count } روز برای هر حرکت
   *[other] { $count } روز برای هر حرکت
}
time-control-fischer = { $initial } روز + { $increment } ساعت برای هر حرکت (حداکثر { $cap } روز)
time-control-iccf = { $moves } حرکت در { $days } روز
clock-legend = ساعت
clock-help-link = ساعت‌ها چگونه کار می‌کنند
clock-kind = نوع
clock-kind-days = روز برای هر حرکت
clock-kind-fischer = فیشر: اندوخته‌ای به‌علاوهٔ زمان برای هر حرکت
clock-kind-iccf = ICCF: چند حرکت در چند روز، زمانِ مانده منتقل می‌شود
clock-days-per-move = روز برای هر حرکت
clock-range-hint = از 1 تا { $max }
clock-fischer-initial = روزهای آغاز
clock-fischer-increment = ساعتِ افزوده برای هر حرکت
clock-fischer-cap = حداکثر اندوخته (روز)
clock-iccf-moves = حرکت
clock-iccf-days = در چند روز
clock-kinds-hint = فقط خانه‌های نوعِ انتخاب‌شده به حساب می‌آیند.
clock-error-whole-number = هر خانهٔ ساعت یک عدد صحیح است.
clock-bank = اندوخته: { $span }
clock-bank-iccf = اندوخته: { $span }، { $moves } حرکت تا کنترل زمان
