language-name = فارسی
language-direction = rtl
skip-to-content = رفتن به محتوا
menu = فهرست
nav-main = اصلی
nav-home = خانه
nav-lobby = سالن
nav-my-games = بازی‌های من
nav-archive = بایگانی
nav-tournaments = مسابقات
nav-leaderboard = جدول رده‌بندی
nav-players = بازیکنان
nav-rules = قوانین
nav-analysis = تحلیل
nav-settings = تنظیمات
nav-admin = مدیریت
account-log-out = خروج
account-log-in = ورود
account-sign-up = ثبت‌نام
my-move-words = نوبت شما
my-move-title = بازی‌هایی که نوبت حرکت شماست: فوری‌ترین را باز کنید
offline = شما آفلاین هستید.
warning-from-admin = یکی از مدیران به شما هشدار داده است.
warning-from-admin-note = یکی از مدیران به شما هشدار داده است:
warning-dismiss = بستن
footer-about = هرالد: بازی مکاتبه‌ای { $games }.
footer-clock = ساعت چگونه کار می‌کند
footer-engine = موتور
footer-api = API
footer-language = زبان
footer-language-choose = انتخاب
# A list of names: "a, b and c".
list-and = { $rest } و { $last }
# The tooltip of the BOT badge after a bot's name.
site-bot-badge = بازیکن رایانه‌ای (بات)
# The installable app's description (web app manifest).
site-manifest-description = بازی مکاتبه‌ای گونه‌های کمیاب شطرنج.
