# مسابقه‌ها: فهرست (/tournaments)، فرم مسابقهٔ تازه (/tournaments/new)، صفحهٔ یک مسابقه
# (/tournaments/<id>) و پیوندهای دعوت یک عضو (/invitations).

## فهرست
tour-list-title = مسابقات
tour-create = ساختن یک مسابقه
tour-list-tabs = مسابقات بر پایهٔ وضعیت
tour-tab-registering = در حال ثبت‌نام
tour-tab-running = در جریان
tour-tab-finished = پایان‌یافته
tour-list-empty = هنوز مسابقه‌ای اینجا نیست.
tour-col-tournament = مسابقه
tour-col-game = بازی
tour-col-format = شیوه
tour-col-players = بازیکنان
tour-col-round = دور
tour-col-organiser = برگزارکننده
tour-list-casual = دوستانه

## شیوه‌ها و معیارهای رفع تساوی
tour-format-round-robin = دوره‌ای
tour-format-double-round-robin = دوره‌ای دوبل (رفت و برگشت)
tour-format-swiss = سوئیسی
tour-tie-direct-encounter = رویارویی مستقیم
tour-tie-sonneborn-berger = زونبرن-برگر
tour-tie-buchholz = بوخهولتس
tour-tie-median-buchholz = بوخهولتس میانه
tour-tie-wins = تعداد برد
tour-tie-buchholz-cut1 = بوخهولتس بدون کمترین
tour-tie-wins-over-the-board = برد روی صفحه

## صفحهٔ مسابقه: مشخصات
tour-fact-game = بازی
tour-fact-format = شیوه
tour-rounds = { $count ->
   *[other] { $count } دور
}
tour-fact-state = وضعیت
tour-status-registering = در حال ثبت‌نام
tour-status-running = در جریان
tour-status-finished = پایان‌یافته
tour-status-cancelled = لغوشده
tour-status-running-round = در جریان: دور { $round } از { $rounds }
tour-fact-clock = زمان
tour-clock-auto = سرور بازی را در پایان مهلت تمام می‌کند
tour-clock-claim = بازیکنِ منتظر می‌تواند برد با اتمام وقت را ادعا کند
tour-fact-games = بازی‌ها
tour-games-rated = رسمی
tour-games-casual = دوستانه
tour-vacation-allowed = مرخصی مجاز
tour-vacation-not-allowed = مرخصی نامجاز
tour-fact-entry = شرکت
tour-entry-invitation = فقط بازیکنان دعوت‌شده
tour-entry-open = آزاد
tour-entrants-players = { $min } تا { $max } بازیکن
tour-entrants-teams = { $min } تا { $max } تیم دونفره
tour-rating-at-least = ریتینگ { $rating } یا بیشتر
tour-rating-at-most = ریتینگ { $rating } یا کمتر
tour-fact-bye = استراحت
tour-bye-points = { $halves ->
   *[other] { $points } امتیاز
}
tour-fact-tie-breaks = معیارهای رفع تساوی
tour-fact-organiser = برگزارکننده
tour-fact-starts = آغاز
tour-starts-by-itself = { $count ->
   *[other] (خودکار، با دست‌کم { $count } شرکت‌کننده)
}
tour-fact-started = آغاز شد
tour-fact-ended = پایان یافت

## صفحهٔ مسابقه: کارهای بازیکن
tour-your-actions = کارهای شما
tour-you-are-invited = شما دعوت شده‌اید.
tour-accept-invitation = پذیرفتن دعوت
tour-decline = رد کردن
tour-you-are-entered = شما ثبت‌نام کرده‌اید.
tour-leave = ترک مسابقه
tour-partner = هم‌تیمی شما
tour-partner-hint = نام کاربری او؛ او هم با ثبت‌نام کردن می‌پذیرد
tour-enter = ثبت‌نام در مسابقه
tour-invited-only = این مسابقه فقط بازیکنان دعوت‌شده را می‌پذیرد.
tour-enter-late = ثبت‌نام دیرهنگام (جفت‌شدن از دور بعد)
tour-sure = مطمئنم
tour-withdraw-self = کناره‌گیری (بازی‌های ناتمام شما با غیبت باخت حساب می‌شوند)

## صفحهٔ مسابقه: ابزارهای برگزارکننده
tour-organiser-tools = ابزارهای برگزارکننده
tour-invite-label = دعوت از
tour-invite-button = دعوت
tour-username-placeholder = نام کاربری
tour-start-now = همین حالا آغاز کن
tour-withdraw-player = کنار گذاشتن بازیکن
tour-withdraw-button = کنار گذاشتن
tour-pause-player = توقف بازیکن (مرخصی: همهٔ ساعت‌هایش می‌ایستند)
tour-pause = توقف
tour-resume = ادامه
tour-hand-over-to = واگذاری به
tour-hand-over = واگذار کن
tour-cancel = لغو مسابقه

## صفحهٔ مسابقه: جدول، جدول متقاطع، دورها، ثبت‌نام‌ها
tour-standings = جدول رده‌بندی
tour-col-team = تیم
tour-col-player = بازیکن
tour-col-points = امتیاز
tour-col-games = بازی‌ها
tour-paused-title = در مرخصی: ساعت‌ها ایستاده‌اند
tour-paused = (متوقف)
tour-withdrew = (کناره‌گیری کرد)
tour-crosstable = جدول متقاطع
tour-col-number = شماره
tour-rounds-heading = دورها
tour-round = دور { $round }
tour-in-play = در جریان
tour-aborted = لغو شد
tour-bye = استراحت: { $name }
tour-entries = ثبت‌نام‌ها
tour-no-entries = هنوز کسی ثبت‌نام نکرده است.
tour-team-of = هم‌تیمی { $name }
tour-invited = (دعوت‌شده)

## فرم
tour-name = نام
tour-description = قوانین و نکته‌هایی برای بازیکنان
tour-optional = اختیاری
tour-game = بازی
tour-chatrang-hint = مسابقه‌های چترنگ برای تیم‌های دونفره است: هر تیم با هم ثبت‌نام می‌کند.
tour-options = گزینه‌های { $game }
tour-options-only-for = فقط برای { $game }
tour-format = شیوه
tour-format-hint = در شیوهٔ دوره‌ای همهٔ بازی‌ها یک‌جا آغاز می‌شوند؛ در شیوهٔ سوئیسی هر دور پس از پایان دور پیش جفت می‌شود
tour-rounds-label = دورها
tour-rounds-hint = فقط سوئیسی: 1 تا 20 (پیش‌فرض 5)
tour-entrants-from = شرکت‌کنندگان از
tour-to = تا
tour-entrants-hint = دوره‌ای 3 تا 30 (پیش‌فرض 3 تا 12)، سوئیسی 3 تا 1000 (پیش‌فرض 3 تا 100)
tour-timeout = وقتی زمان تمام شود
tour-timeout-claim = بازیکنِ منتظر می‌تواند ادعای برد کند
tour-timeout-auto = سرور بازی را در پایان مهلت تمام می‌کند
tour-rated-or-casual = رسمی یا دوستانه
tour-rated = رسمی
tour-casual = دوستانه
tour-who-may-enter = چه کسی می‌تواند شرکت کند
tour-entry-anyone = همه (در محدودهٔ ریتینگ)
tour-entry-invited = فقط بازیکنان دعوت‌شده
tour-ratings-from = ریتینگ از
tour-ratings-hint = اختیاری؛ بازیکن تازه 1500 حساب می‌شود
tour-bye-worth = ارزش استراحت در سوئیسی
tour-bye-win = یک برد
tour-bye-draw = یک مساوی
tour-bye-nothing = هیچ
tour-start-time = زمان آغاز
tour-start-time-hint = اختیاری، { $zone }؛ مسابقه در این زمان خودکار آغاز می‌شود اگر به کمینهٔ شرکت‌کنندگانش رسیده باشد. بدون آن، خودتان از صفحهٔ مسابقه آغازش می‌کنید.
tour-vacation = مرخصی در طول مسابقه
tour-vacation-hint = بازیکنی که در مرخصی است ساعت بازی‌هایش را متوقف می‌کند
tour-allowed = مجاز
tour-not-allowed = نامجاز
tour-scoring-note = امتیازها از امتیازدهی خود هر بازی پیروی می‌کنند (شطرنج نوآن: 2 برای برد، 1 برای برد با پات). تساوی در شیوهٔ دوره‌ای با رویارویی مستقیم، زونبرن-برگر و تعداد برد، و در سوئیسی با بوخهولتس، بوخهولتس میانه، زونبرن-برگر و تعداد برد شکسته می‌شود (با API می‌توان ترتیب دیگری گذاشت).
tour-create-button = ساختن مسابقه

## خطاهای فرم
tour-error-choose = از فهرست انتخاب کنید.
tour-error-choose-format = یک شیوه از فهرست انتخاب کنید.
tour-error-rounds = تعداد دورها باید عدد صحیح باشد.
tour-error-min-entrants = کمینهٔ شرکت‌کنندگان باید عدد صحیح باشد.
tour-error-max-entrants = بیشینهٔ شرکت‌کنندگان باید عدد صحیح باشد.
tour-error-rating-min = کمینهٔ ریتینگ باید عدد صحیح باشد.
tour-error-rating-max = بیشینهٔ ریتینگ باید عدد صحیح باشد.
tour-error-bye = امتیاز استراحت باید عدد صحیح باشد.
tour-error-starts-at = زمان آغاز یک تاریخ و یک ساعت است، مثلاً 2026-12-24 18:00.
tour-error-confirm-withdraw = برای کناره‌گیری «مطمئنم» را تیک بزنید.
tour-error-confirm-cancel = برای لغو مسابقه «مطمئنم» را تیک بزنید.

## پیوندهای دعوت یک عضو (/invitations)
tour-invitations-title = دعوت‌نامه‌ها
tour-invitations-heading = دعوت‌نامه‌های شما
tour-invitation-uses = دفعات استفاده
tour-invitation-expires-in = انقضا پس از (روز)
tour-invitation-note = یادداشت
tour-invitation-note-hint = برای چه کسی است
tour-invitation-create = ساختن پیوند دعوت
tour-invitations-empty = هنوز دعوت‌نامه‌ای نیست.
tour-invitation-used = استفاده‌شده
tour-invitation-expires = انقضا
tour-invitation-revoked = باطل‌شده
tour-invitation-revoke = باطل کردن
tour-invitation-spent = تمام‌شده
tour-invitation-created = دعوت‌نامه ساخته شد
tour-invitation-created-text = { $count ->
   *[other] این پیوند را برای کسی که دعوت می‌کنید بفرستید ({ $count } بار استفاده). فقط همین حالا نشان داده می‌شود: Herald تنها یک هش از آن نگه می‌دارد.
}

## The event's news (its notices, live)
tour-news-heading = خبرها
tour-news-reload = برای دیدن جفت‌بندی‌ها و جدول تازه، صفحه را دوباره بارگذاری کنید
tour-news-none = هنوز خبری نیست: وقتی مسابقه آغاز می‌شود، هر دور جفت‌بندی می‌شود و مسابقه پایان می‌یابد، اعلان‌ها این‌جا می‌آیند.
