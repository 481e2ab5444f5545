# ربات‌ها: فهرست عمومی (/bots) و صفحهٔ مدیریت (/admin/bots).
bots-title = ربات‌ها
bots-intro-html = ربات‌ها بازیکنان رایانه‌ای هستند که موتور همین سرور آن‌ها را می‌گرداند، هر کدام با یک سطح از 1 (نخستین حریف یک تازه‌کار) تا 8 (<a href="/help/engine">سطح‌ها</a>). یکی را از سطر خودش در پایین به چالش بکشید: در چند ثانیه بازی را می‌پذیرد و به هر حرکت در چند ثانیه پاسخ می‌دهد؛ بیشترشان چالش‌های باز را هم که مدتی کسی نپذیرفته می‌پذیرند. ربات هرگز برد با اتمام وقت را ادعا نمی‌کند: منتظر شما می‌ماند.
bots-rated-on-html = بازی با ربات‌ها رسمی است وقتی شما بازی رسمی بخواهید و ربات بازی رسمی انجام دهد، و جدول‌های رده‌بندی ربات‌ها را کنار می‌گذارند (<a href="/leaderboard?bots=1">نمایش آن‌ها</a>).
bots-rated-off-html = بازی با ربات‌ها در این سایت دوستانه است، و جدول‌های رده‌بندی ربات‌ها را کنار می‌گذارند (<a href="/leaderboard?bots=1">نمایش آن‌ها</a>).
bots-none = این سایت هنوز رباتی ندارد: ربات‌ها را یکی از مدیران می‌سازد.
bots-level = سطح { $level }
bots-plays = { $games } را بازی می‌کند، { $min }-{ $max } روز برای هر حرکت، { $rated }.
bots-plays-open = { $games } را بازی می‌کند، { $min }-{ $max } روز برای هر حرکت، { $rated }؛ چالش‌های باز را که پس از { $minutes } دقیقه کسی نپذیرفته می‌پذیرد.
bots-games-now = اکنون { $current } از { $max } بازی
bots-no-rating = هنوز ریتینگی ندارد.
bots-paused-now = این ربات متوقف است: بازی تازه‌ای نمی‌پذیرد.
bots-busy = مشغول: ظرفیت بازی‌هایش پر است.
bots-challenge = چالش با { $name }
bots-every-game = همهٔ بازی‌ها
bots-rated-both = رسمی یا دوستانه
bots-rated-casual = فقط دوستانه
bots-rated-rated = فقط رسمی

## صفحهٔ مدیریت.
bots-admin-intro-html = ربات حسابی است که سرور با موتورش با آن بازی می‌کند (هرگز وارد نمی‌شود). چالش‌هایی را که در محدودهٔ تنظیماتش برایش فرستاده می‌شود می‌پذیرد، چالش‌های باز را که پس از زمان انتظاری که تعیین می‌کنید کسی نپذیرفته، و جاهایی را که سازندگان بازی با ربات پر می‌کنند. محاسبه‌اش روی رشته‌های کاری موتور (<code>--engine-threads</code>) انجام می‌شود و هرگز حرکت‌های آدم‌ها را کند نمی‌کند.
bots-admin-rated-on-html = این‌که بازی با ربات‌ها رسمی باشد یا نه یکی از <a href="/admin">تنظیمات سایت</a> است (روشن).
bots-admin-rated-off-html = این‌که بازی با ربات‌ها رسمی باشد یا نه یکی از <a href="/admin">تنظیمات سایت</a> است (خاموش: دوستانه‌اند).
bots-admin-create = ساختن ربات
bots-admin-name = نام
bots-admin-name-hint = 3 تا 20 حرف، رقم، - و _
bots-admin-create-submit = ساختن ربات
bots-admin-none = هنوز رباتی نیست.
bots-admin-paused = (متوقف)
bots-admin-save = ذخیرهٔ { $name }
bots-admin-level = سطح
bots-admin-level-hint = 1 تا 8، سطح‌های موتور
bots-admin-description = توضیح
bots-admin-description-hint = یک سطر، در /bots نشان داده می‌شود
bots-admin-games = بازی‌هایی که می‌پذیرد
bots-admin-games-hint = هیچ‌کدام علامت نخورده: همهٔ بازی‌ها
bots-admin-days-from = روز برای هر حرکت، از
bots-admin-days-to = تا
bots-admin-rated = رسمی یا دوستانه
bots-admin-max-games = بازی هم‌زمان
bots-admin-takes-open = چالش‌های باز را که کسی نپذیرفته می‌پذیرد
bots-admin-open-after = پس از (دقیقه)
bots-admin-paused-label = متوقف
bots-admin-paused-hint = بازی تازه نمی‌پذیرد؛ بازی‌های در جریانش را تمام می‌کند
