# Texts the browser's scripts show (pages/script_texts.rs hands them over).
js-title-your-move = (نوبت شماست)
js-title-new-message = (پیام تازه)
js-scroll-hint = جدول از صفحه پهن‌تر است: برای دیدن همهٔ ستون‌ها آن را به پهلو بکشید ←
js-offline-copy-at = شما آفلاین هستید: این صفحه همان‌گونه است که در { $date } بود. تا دوباره آنلاین نشوید، حرکت و پیام فرستاده نمی‌شود.
js-offline-copy = شما آفلاین هستید: این صفحه همان‌گونه است که آخرین بار بازش کردید. تا دوباره آنلاین نشوید، حرکت و پیام فرستاده نمی‌شود.
js-offline = شما آفلاین هستید. تا دوباره آنلاین نشوید، حرکت و پیام فرستاده نمی‌شود.
js-square-selected = { $square }، انتخاب‌شده
js-square-sacrifice = { $square }، قربانی کردن این مهره
js-square-move-here = { $square }، حرکت به این خانه
js-square-piece = { $square }، { $piece }
js-square-empty = { $square }، خالی
js-square-in-check = { $square }، در کیش
js-square-last-move = { $square }، حرکت آخر
js-promote-to = ارتقا به { $piece }
js-that-piece = آن مهره
js-cannot-move-there = { $piece } نمی‌تواند به { $square } برود.
js-move-not-accepted = حرکت پذیرفته نشد.
js-opponent-moved = حریف شما حرکت کرد: صفحه اکنون وضعیت کنونی را نشان می‌دهد. حرکت خود را دوباره انتخاب کنید.
js-move-unreachable = دسترسی به سرور ممکن نشد: حرکت شما فرستاده نشد.
js-move-offline = شما آفلاین هستید: حرکت شما فرستاده نشد. وقتی دوباره آنلاین شدید، آن را دوباره انجام دهید.
js-chat-deleted-user = یک حساب حذف‌شده
js-chat-with-move = در حرکت { $ply }
js-chat-new-messages = { $count ->
   *[other] { $count } پیام تازه در گفتگو
}
js-chat-not-sent = پیام فرستاده نشد.
js-chat-unreachable = دسترسی به سرور ممکن نشد؛ پیام شما فرستاده نشد.
js-push-on = این دستگاه اعلان دریافت می‌کند.
js-push-blocked = اعلان‌های این سایت در تنظیمات این مرورگر مسدود است: نخست آنجا اجازه دهید.
js-push-off = این دستگاه اعلانی دریافت نمی‌کند.
js-push-failed = انجام نشد: { $error }
js-push-not-allowed = اجازهٔ اعلان داده نشد
js-push-unavailable = این مرورگر نمی‌تواند از سایت‌ها اعلان دریافت کند (در آیفون یا آیپد: Herald را به صفحهٔ اصلی بیفزایید و از همان‌جا بازش کنید).
js-push-asking = در حال پرسیدن از مرورگر…
js-analysis-refused = وضعیت پذیرفته نشد.
js-analysis-cannot-set-up = سرویس نمی‌تواند این وضعیت را بچیند.
js-analysis-not-legal = { $move } در این وضعیت حرکت مجازی نیست.
js-analysis-game-start = آغاز بازی
js-analysis-game-after = بازی، پس از حرکت { $ply }
js-analysis-start = آغاز
js-analysis-start-position = وضعیت آغازین
js-analysis-moves-from-start = { $count ->
   *[other] تحلیل، { $count } حرکت از آغاز
}
js-analysis-drawn = تساوی
js-analysis-wins = { $team } می‌برد
js-analysis-game-over = پایان بازی: { $who } ({ $reason })، { $result }.
js-analysis-to-move = نوبت { $seat } است.
js-analysis-player = بازیکن { $number }
js-analysis-save = ذخیرهٔ شاخه‌های من
js-analysis-save-unsaved = ذخیرهٔ شاخه‌های من (تغییرات ذخیره‌نشده)
js-analysis-engine-failed = موتور نتوانست پاسخ دهد.
js-analysis-engine-unreachable = دسترسی به موتور ممکن نشد.
js-analysis-rules-unreachable = دسترسی به سرویس قوانین ممکن نشد.
js-analysis-wins-in = برد در { $moves }
js-analysis-loses-in = باخت در { $moves }
js-analysis-game-over-short = پایان بازی
js-analysis-thinking = در حال محاسبه…
js-analysis-evaluation = { $score } برای طرفِ صاحب نوبت{ $best } · عمق { $depth }
js-analysis-best = ؛ بهترین { $move }{ $line }
js-analysis-saved = { $count ->
    [0] ذخیره شد: هیچ شاخه‌ای نگه داشته نشد.
   *[other] ذخیره شد: { $count } حرکت.
}
js-analysis-not-saved = شاخه‌های شما ذخیره نشد.
js-analysis-save-unreachable = دسترسی به سرور ممکن نشد؛ شاخه‌های شما ذخیره نشد.
js-analysis-added-conditional = به حرکت‌های شرطی شما افزوده شد: { $moves }. برای نگه داشتن، آن فرم را بفرستید.
