# Error and message pages.
errors-status = خطای { $status }
errors-log-out = خروج
errors-home = رفتن به صفحهٔ اصلی
errors-copy-secret = همین حالا کپی‌اش کنید: دوباره نشان داده نمی‌شود.
errors-back = بازگشت
errors-title-did-not-work = این کار انجام نشد
errors-title-log-in = لطفاً وارد شوید
errors-title-not-allowed = مجاز نیست
errors-title-not-found = صفحه پیدا نشد
errors-title-not-possible = اینجا ممکن نیست
errors-title-changed = چیزی تغییر کرده است
errors-title-busy = Herald مشغول است
errors-title-too-much = بیش از حد در یک بار
errors-title-slow-down = کمی آهسته‌تر
errors-title-went-wrong = مشکلی پیش آمد
errors-title-banned = حساب شما مسدود شده است
errors-title-suspended = حساب شما به‌طور موقت معلق شده است
