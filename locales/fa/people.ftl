# نمایهٔ یک بازیکن (templates/user.html)، فهرست بازیکنان (players.html) و جدول رده‌بندی
# (leaderboard.html).
people-member-since = عضو از { $date }
people-last-seen = آخرین بازدید { $when }
people-challenge = دعوت { $name } به بازی
people-you-block = دعوت‌های { $name } را مسدود کرده‌اید.
people-unblock = رفع مسدودی
people-block = مسدود کردن دعوت‌های { $name }
people-report = گزارش { $name }
people-report-reason = مشکل چیست؟
people-report-reason-hint = مدیران آن را می‌خوانند
people-report-send = فرستادن گزارش
people-ratings = ریتینگ‌ها
people-no-rated-games = { $name } هنوز هیچ بازی رسمی‌ای را تمام نکرده است.
people-ratings-caption-html = Glicko-2، یکی برای هر بازی (<a href="/help/ratings">ریتینگ چگونه کار می‌کند</a>)
people-game = بازی
people-rating = ریتینگ
people-rated-games = بازی‌های رسمی
people-chart-caption = ریتینگ { $game } پس از هر بازی رسمی
people-chart-last = { $count ->
   *[other] { $count } بازی آخر
}
people-chart-all = همه
people-chart-table = همین به صورت جدول
people-date = تاریخ
people-chart-month-year = { $month } { $year }
people-chart-day-month = { $day } { $month }
people-chart-day-month-time = { $day } { $month } { $time }
people-results = نتیجه‌ها
people-results-caption = بازی‌های تمام‌شدهٔ { $name }، به تفکیک بازی
people-played = بازی‌شده
people-won = برد
people-lost = باخت
people-drawn = مساوی
people-team-result = در { $game } هر بازیکن در نتیجهٔ تیمش شریک است.
people-seat-caption = همین نتیجه‌ها به تفکیک جایگاه
people-seat = جایگاه
people-current-games = بازی‌های جاری
people-no-current-games = بازی جاری‌ای نیست.
people-tournaments = مسابقات
people-tour-invited = دعوت‌شده
people-tour-withdrew = کناره‌گیری کرد
people-tour-entered = ثبت‌نام‌شده؛ هنوز آغاز نشده
people-tour-playing = در حال بازی
people-tour-finished = تمام‌شده
people-tour-cancelled = لغوشده
people-recent-games = بازی‌های اخیر
people-no-recent-games = هنوز بازی تمام‌شده‌ای نیست.
people-all-finished = همهٔ بازی‌های تمام‌شدهٔ { $name }
people-no-such-player = بازیکنی به نام { $name } وجود ندارد
people-players = بازیکنان
people-find-player = یافتن بازیکن
people-name-starts = نام با این شروع می‌شود
people-find = یافتن
people-no-match = نام هیچ بازیکنی با «{ $q }» شروع نمی‌شود.
people-player = بازیکن
people-member-since-column = عضو از
people-pages = صفحه‌ها
people-more-players = بازیکنان بیشتر ←
people-leaderboard-title = جدول رده‌بندی { $game }
people-leaderboard = جدول رده‌بندی
people-games = بازی‌ها
people-bots-listed = ربات‌ها هم فهرست شده‌اند.
people-players-only-link = فقط بازیکنان
people-players-only = فقط بازیکنان.
people-list-bots = ربات‌ها را هم فهرست کن
people-see-bots-html = (<a href="/bots">ربات‌ها</a> را ببینید)
people-no-ratings = هنوز ریتینگ تثبیت‌شده‌ای در { $game } نیست. ریتینگ وقتی به جدول رده‌بندی می‌آید که دیگر موقت نباشد (پس از چند بازی رسمی) و بازیکنش در { $days } روز گذشته یک بازی رسمی انجام داده باشد.
people-leaderboard-caption = { $count ->
   *[other] ریتینگ‌های تثبیت‌شدهٔ بازیکنانی که در { $count } روز گذشته فعال بوده‌اند، از بهترین
}
people-ratings-note-html = ریتینگ‌ها Glicko-2 هستند، یکی برای هر بازی: ببینید <a href="/help/ratings">ریتینگ چگونه کار می‌کند</a>.
people-no-such-game = بازی‌ای به نام { $name } وجود ندارد
