home-title = بازی مکاتبه‌ای { $count ->
    [4] چهار
   *[other] { $count }
} گونهٔ کمیاب شطرنج
home-welcome = خوش برگشتید، { $name }
home-your-move = نوبت شماست
home-none-to-move = هیچ بازی‌ای منتظر حرکت شما نیست.
home-waiting-for-others = { $count } بازی دیگر منتظر دیگران است:
home-all-my-games = همهٔ بازی‌های من
home-find-a-game = یافتن یا ساختن بازی
home-lead = { $count ->
    [4] چهار
   *[other] { $count }
} گونهٔ کمیاب شطرنج را مکاتبه‌ای بازی کنید: روزی یک حرکت (یا هفته‌ای یک حرکت) با سرعت خودتان، روی گوشی یا رایانه. هرالد نرم‌افزاری آزاد است که می‌توانید خودتان راه‌اندازی کنید.
home-create-account = ساختن حساب
home-the-games = بازی‌ها
home-players = { $count } بازیکن
home-rules-of = قوانین { $game }
home-play = بازی
home-how-it-works = چگونه کار می‌کند
home-how-the-clock-works = هر بازیکن برای هر حرکت تعداد ثابتی روز فرصت دارد (۴ روز، مگر آنکه بازی چیز دیگری بگوید). اگر وقت بازیکنی تمام شود، حریف می‌تواند برد را مطالبه کند.
home-more-about-the-clock = دربارهٔ ساعت بیشتر بخوانید
