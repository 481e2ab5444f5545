# صفحهٔ بازی (templates/game.html, game_takeback.html).
game-page-accept-invitation = پذیرفتن دعوت
game-page-decline = رد کردن
game-page-join = پیوستن به این بازی
game-page-offer-rematch = پیشنهاد بازی دوباره
game-page-accept-draw = پذیرفتن تساوی
game-page-decline-draw = رد کردن تساوی
game-page-you-offered-draw = شما پیشنهاد تساوی داده‌اید.
game-page-offer-draw = پیشنهاد تساوی
game-page-abort = لغو بازی
game-page-resign-sure = مطمئنم
game-page-resign = تسلیم
game-page-type-move = حرکت را بنویسید
game-page-play = انجام حرکت
game-page-takeback-accept = پذیرفتن پس گرفتن حرکت
game-page-takeback-decline = رد کردن پس گرفتن حرکت
game-page-takeback-withdraw = پس گرفتن درخواست
game-page-takeback-ask = درخواست پس گرفتن حرکت
game-page-takeback-help = پس گرفتن حرکت چگونه است
# صفحهٔ شطرنج، برای صفحه‌خوان‌ها و راهنماهای ابزار.
board-caption = صفحهٔ { $game }، از سمت { $side }
board-side-team = تیم { $team }
board-square-piece = { $square }، { $piece }
board-square-empty = { $square }، خالی
# مهره‌ای روی صفحه: نامش و رنگ لشکرش («پیاده (سفید)»).
board-piece = { $piece } ({ $colour })
# مهره‌ای در بازی تیمی (چترنگ): «پیل بازیکن 3 (طلایی، تیم سفید)».
board-piece-in-team = { $piece } { $seat } ({ $colour }، تیم { $team })
# پس از نام خانه و مهره افزوده می‌شود، همراه جداکننده.
board-mark-check = ، در کیش
board-mark-last = ، حرکت آخر
board-mark-selected = ، انتخاب‌شده
board-mark-sacrifice = ، قربانی کردن این مهره
board-mark-move-here = ، حرکت به این خانه
# بقیهٔ صفحهٔ بازی (templates/game.html).
# عنوان و سرتیتر صفحه: «بازی شطرنج نوآن» و پس از آن شمارهٔ بازی.
game-page-title = بازی { $game }
game-page-replay-position = وضعیت پس از حرکت { $at } از { $ply }.
game-page-you-play = جای شما:
# جایی در بازی تیمی: «طلایی، تیم سفید».
game-page-team-words = { $colour }، تیم { $team }
game-page-next-game = بازی بعدی
game-page-waiting = { $count } در انتظار
game-page-new-chat = پیام تازه در گفتگو
game-page-ended-by-admin = به دست یک مدیر پایان یافت: { $why }
# پیش از حرکتی که بازیکن باید تأیید کند («این حرکت انجام شود؟ e2-e4»).
game-page-confirm-play = این حرکت انجام شود؟
game-page-confirm-move = تأیید حرکت
game-page-cancel = انصراف
game-page-promote-to = ارتقا به:
game-page-choose-piece = مهرهٔ تازه را انتخاب کنید:
game-page-confirm-your-move = حرکت خود را تأیید کنید:
game-page-choice-promote = ارتقا به { $piece }
game-page-choice-play = انجام { $move }
game-page-must-pass = هیچ حرکت مجازی ندارید و شاه شما زیر حمله نیست: از این نوبت می‌گذرید.
game-page-pass = گذشتن از نوبت
game-page-flip = چرخاندن صفحه
game-page-sound = صدا هنگام حرکت حریف
game-page-replay = مرور بازی
game-page-start-position = وضعیت آغازین
game-page-previous-move = حرکت قبلی
game-page-move = حرکت
game-page-back-to-game = بازگشت به بازی
game-page-next-move = حرکت بعدی
game-page-current-position = وضعیت کنونی
game-page-rated = رسمی
game-page-casual = دوستانه
game-page-rules = قوانین
game-page-open-to = باز برای بازیکنانی با ریتینگ { $range }.
game-page-bots-fill = پر کردن جاهای خالی با ربات
game-page-bots-rated = این بازی رسمی است و در این سایت بازی با ربات‌ها دوستانه است: ربات‌ها نمی‌توانند جاهای آن را بگیرند.
game-page-bots-scheduled = ربات‌های سطح { $level } در { $when } جاهایی را که هنوز خالی‌اند می‌گیرند.
game-page-bots-level = سطح
game-page-bots-seat = جا
game-page-bots-every-seat = همهٔ جاهای خالی
game-page-bots-when = چه وقت
game-page-bots-now = اکنون
game-page-bots-in-an-hour = یک ساعت دیگر اگر کسی نیاید
game-page-bots-in-a-day = یک روز دیگر اگر کسی نیاید
game-page-bots-seat-them = نشاندن ربات‌ها
game-page-bots-link = ربات‌ها
game-page-rematch-of-html = بازی دوباره‌ای برای <a href="/games/{ $game }">بازی { $game }</a>.
game-page-of-tournament = بازی‌ای از مسابقهٔ
game-page-rematch-offered = { $who } پیشنهاد بازی دوباره داد:
game-page-rematch-you-offered = شما پیشنهاد بازی دوباره دادید:
game-page-rematch-someone-offered = یک بازیکن پیشنهاد بازی دوباره داد:
game-page-rematch-waiting = در انتظار پاسخ
game-page-rematch-accepted = پذیرفته شد: در جریان
game-page-rematch-declined = رد شد
game-page-rematch-aborted = لغو شد
game-page-rematch-played = انجام شد
game-page-accept-rematch = پذیرفتن بازی دوباره
game-page-players = بازیکنان
game-page-you-mark = (شما)
game-page-invited = { $who } (دعوت‌شده)
game-page-open-seat = جای خالی
game-page-out = بیرون از بازی
game-page-offers-draw = پیشنهاد تساوی می‌دهد
game-page-vacation = در مرخصی
game-page-vacation-clock-stopped = در مرخصی: ساعت متوقف است
game-page-to-move = نوبت حرکت
# پیش از مهلت: «نوبت حرکت تا Mon 30 Nov 2026, 14:00 UTC».
game-page-by = تا
game-page-claim-aborts = وقت بازیکنِ صاحب نوبت تمام شده بی‌آنکه هرگز حرکتی کرده باشد: ادعا بازی را بدون برنده لغو می‌کند.
game-page-claim-abort = لغو بازی به‌خاطر پایان وقت
game-page-out-of-time = وقت بازیکنِ صاحب نوبت تمام شده است.
game-page-claim-win = ادعای برد
game-page-moves = حرکت‌ها
game-page-no-moves = هنوز حرکتی انجام نشده است.
game-page-moves-label = حرکت‌ها (یکی را برای دیدن وضعیتش انتخاب کنید؛ کلیدهای پیکان چپ و راست گام‌به‌گام جابه‌جا می‌کنند)
# برای صفحه‌خوان‌ها، پیش از هر حرکت فهرست: «حرکت 3، سفید».
game-page-move-label = حرکت { $round }، { $seat }
game-page-pieces = مهره‌ها
game-page-notation-written = حرکت‌ها با حرف مهره نوشته می‌شوند (پیاده‌ها حرفی ندارند)
game-page-notation-signs-html = <code>x</code> یعنی گرفتن، <code>=</code> و یک حرف یعنی ارتقا، <code>+</code> یعنی کیش.
game-page-notation-typed = حرکت‌ها را با خانهٔ مبدأ و خانهٔ مقصد بنویسید
game-page-notation = نمادگذاری
game-page-move-message = پیام همراه حرکت
game-page-move-message-hint = (اختیاری؛ با حرکتی که روی صفحه انجام شود هم فرستاده می‌شود)
game-page-draw-declined = { $who } پیشنهاد تساوی را رد کرد.
game-page-draw-declined-you = شما پیشنهاد تساوی را رد کردید.
game-page-status-waiting = در انتظار اینکه بازیکنان جای خود را بگیرند.
game-page-status-your-move = نوبت شماست.
game-page-status-to-move = نوبت { $seat } است ({ $player }).
game-page-status-next-move = در انتظار حرکت بعدی.
game-page-conditionals = حرکت‌های شرطی من
game-page-conditionals-pending = { $count ->
   *[other] { $count } رشته در انتظار
}
game-page-conditionals-private = کس دیگری آن‌ها را نمی‌بیند
game-page-conditionals-help = از وضعیت کنونی: حرکت‌های بازیکنان دیگر، سپس پاسخ شما (سپس حرکت بعدی آن‌ها، پاسخ بعدی شما…)؛ اگر نوبت شما باشد، رشته با حرکت خود شما آغاز می‌شود. وقتی حرکتی با رشته‌ای جور درآید، پاسخ شما بی‌درنگ انجام می‌شود؛ رشته‌هایی که جور درنیایند کنار گذاشته می‌شوند. صفحهٔ تحلیلِ پایین می‌تواند رشته‌ای را این‌جا بیفزاید.
game-page-conditionals-lines = رشته‌ها، هر کدام در یک سطر، با حرکت‌هایی که با فاصله از هم جدا شده‌اند
game-page-conditionals-limits = حداکثر { $lines } رشته از { $moves } حرکت؛ هنگام ذخیره هر حرکت بررسی می‌شود. کادر خالی همه را لغو می‌کند.
game-page-conditionals-reveal = نشان دادن این رشته‌ها همراه سند بازی پس از پایان آن
game-page-conditionals-save = ذخیرهٔ حرکت‌های شرطی
game-page-conditionals-hide = پنهان کردن رشته‌های شرطی من از سند بازی
game-page-conditionals-show = نشان دادن رشته‌های شرطی من همراه سند بازی
game-page-conditionals-none = شما در این بازی هیچ حرکت شرطی‌ای وارد نکردید.
game-page-computer = تحلیل رایانه‌ای
game-page-computer-request = درخواست تحلیل رایانه‌ای
game-page-computer-sign-in = برای درخواست تحلیل رایانه‌ای این بازی وارد شوید.
game-page-computer-chart = شانس برد طرفِ جای نخست پس از هر حرکت (برای دیدن وضعیت، روی یک نقطه کلیک کنید).
game-page-computer-accuracy = دقت:
game-page-computer-move = حرکت
game-page-computer-played = انجام‌شده
game-page-computer-eval = ارزیابی
game-page-computer-line = رشتهٔ موتور پیش از آن
game-page-computer-queued = تحلیل در صف است: یک دقیقهٔ دیگر صفحه را دوباره بارگذاری کنید.
game-page-computer-running = تحلیل در جریان است: یک دقیقهٔ دیگر صفحه را دوباره بارگذاری کنید.
game-page-computer-failed = تحلیل ناموفق بود.
game-page-computer-done = تحلیل انجام شد.
game-page-computer-how = حرکت‌ها چگونه داوری می‌شوند
# صاحب یک دقت، وقتی جا ناشناخته است.
game-page-computer-seat = جای { $seat }
game-page-revealed = رشته‌های شرطی آشکارشده
game-page-revealed-from = از حرکت { $move }:
game-page-notes = یادداشت‌های من
game-page-notes-private = خصوصی
game-page-notes-published = خصوصی؛ همراه بازی منتشر شده
game-page-notes-game = دربارهٔ بازی
game-page-notes-position = دربارهٔ وضعیت پس از حرکت { $move }
game-page-notes-after = پس از حرکت { $move }
game-page-notes-save = ذخیره
game-page-notes-unpublish = پس گرفتن یادداشت‌هایم از سند بازی
game-page-notes-publish = انتشار یادداشت‌هایم همراه بازی (توضیحات PGN و شاخه‌های ذخیره‌شدهٔ من)
game-page-report = گزارش این بازی
game-page-report-what = چه مشکلی هست؟
game-page-report-hint = مدیران آن را می‌خوانند
game-page-report-send = فرستادن گزارش
game-page-analysis-board = صفحهٔ تحلیل
# حرکت یا کاری که پذیرفته نشد، بالای صفحه نشان داده می‌شود.
game-page-refused-stale = حریف شما حرکت کرد: صفحه اکنون وضعیت کنونی را نشان می‌دهد. حرکت خود را دوباره انتخاب کنید.
game-page-refused-illegal = این حرکت مجاز نیست: { $reason }.
# بازهٔ ریتینگ یک چالش باز.
game-range-between = { $min }-{ $max }
game-range-at-least = دست‌کم { $min }
game-range-at-most = حداکثر { $max }
# گفتگوی بازی (templates/game_chat.html).
chat-title = گفتگو
chat-spectators-read = تماشاگران می‌توانند این گفتگو را بخوانند.
chat-players-only = تنها بازیکنان این گفتگو را می‌خوانند.
chat-team-private = پیام‌های تیمی را تنها هم‌تیمی شما می‌بیند.
chat-team-tag = تیم
chat-with-move = در حرکت { $move }
chat-actions = کارهای این پیام
chat-report-label = گزارش این پیام
chat-report-what = چه مشکلی هست؟
chat-report = گزارش
chat-hide-why = چرا (در سیاههٔ بازرسی نگه داشته می‌شود)
chat-hide-why-label = چرا پنهانش می‌کنید
chat-hide = پنهان کردن برای همه
chat-empty = هنوز پیامی نیست.
chat-message = پیام
chat-to = به
chat-to-everyone = همهٔ حاضران در بازی
chat-to-partner = تنها هم‌تیمی من (تیم)
chat-send = فرستادن
chat-published-by-you = شما کانال تیمی خود را منتشر کردید؛ وقتی هم‌تیمی شما هم چنین کند، عمومی می‌شود.
chat-publish = انتشار کانال تیمی ما همراه بازی (پس از موافقت هر دو هم‌تیمی عمومی می‌شود)
# صفحهٔ تحلیل (templates/analysis_board.html).
analysis-intro = مهره‌ها را آزادانه در مسیر حرکت‌های مجازشان جابه‌جا کنید، شاخه بسازید و گام‌به‌گام در آن‌ها پیش بروید؛ حرکت‌ها و نتیجه‌ها را موتور قوانین تعیین می‌کند؛ موتور تنها وقتی وضعیتی را ارزیابی می‌کند که آن را روشن کنید.
analysis-intro-game = مهره‌ها را از هر وضعیتِ بازی آزادانه در مسیر حرکت‌های مجازشان جابه‌جا کنید، شاخه بسازید و گام‌به‌گام در آن‌ها پیش بروید؛ حرکت‌ها و نتیجه‌ها را موتور قوانین تعیین می‌کند؛ موتور تنها وقتی وضعیتی را ارزیابی می‌کند که آن را روشن کنید. صفحهٔ اصلی شما و حرکت‌هایتان در بازی دست نمی‌خورند.
analysis-needs-js = صفحهٔ تحلیل به جاوااسکریپت نیاز دارد.
analysis-engine = موتور
analysis-step = پیمودن گام‌به‌گام تحلیل
analysis-first = نخستین وضعیت
analysis-first-key = نخستین وضعیت (Home)
analysis-back = یک حرکت به عقب
analysis-back-key = یک حرکت به عقب (پیکان چپ)
analysis-forward = یک حرکت به جلو
analysis-forward-key = یک حرکت به جلو (پیکان راست)
analysis-last = پایان این رشته
analysis-last-key = پایان این رشته (End)
analysis-flip = چرخاندن
analysis-tree = حرکت‌ها و شاخه‌ها
analysis-delete = حذف این حرکت و هر آنچه پس از آن است
analysis-go-to-game = رفتن به این وضعیت روی صفحهٔ بازی
analysis-add-conditional = افزودن این رشته به حرکت‌های شرطی من
analysis-save = ذخیرهٔ شاخه‌های من
analysis-saved-hint = شاخه‌های ذخیره‌شده تنها از آنِ شماست؛ پس از بازی می‌توانید آن‌ها را همراه یادداشت‌هایتان منتشر کنید، و آن‌گاه PGN بازی آن‌ها را در بر دارد.
# صفحهٔ تحلیل مستقل (templates/analysis.html).
analysis-heading-start = { $game }: وضعیت آغازین
analysis-heading-set-up = { $game }: وضعیت چیده‌شده
analysis-page-intro = هر وضعیتی از هر یک از بازی‌های هرالد را بچینید و مهره‌ها را در مسیر حرکت‌های مجازشان، همان‌گونه که موتور قوانین می‌گوید، جابه‌جا کنید. این‌جا چیزی نگه داشته نمی‌شود: برای نگه داشتن شاخه‌های یک بازی، از صفحهٔ تحلیلِ صفحهٔ آن بازی استفاده کنید.
analysis-page-game = بازی
analysis-page-position = رشتهٔ وضعیت
analysis-page-position-empty = خالی: وضعیت آغازین
analysis-page-position-hint-html = همان‌گونه که <a href="/rules">صفحهٔ قوانین</a> بازی تعریف می‌کند.
analysis-page-options = گزینه‌های { $game }
analysis-page-set-up = چیدن صفحه
# The takeback panel's news (templates/game_takeback.html).
takeback-you-asked = درخواست کردید حرکت { $move } خود را پس بگیرید؛ { $answer } پاسخ می‌دهد.
takeback-asks-you = { $asker } درخواست می‌کند حرکت { $move } پس گرفته شود.
takeback-asks = { $asker } درخواست می‌کند حرکت { $move } پس گرفته شود؛ { $answer } پاسخ می‌دهد.
takeback-declined-you = پس گرفتن حرکت را رد کردید.
takeback-declined = { $who } پس گرفتن حرکت را رد کرد.
takeback-accepted-you = پس گرفتن حرکت را پذیرفتید: { $move } پس گرفته شد.
takeback-accepted = { $who } پس گرفتن حرکت را پذیرفت: { $move } پس گرفته شد.
# In the move list, where a player of a team game withdrew: "Player 2 resigned".
game-page-withdrew = { $seat } تسلیم شد
# The computer analysis chart's title and each point's.
game-page-computer-chart-title = ارزیابی پس از هر حرکت
game-page-computer-chart-point = حرکت { $move }
# A conditional reply the rules refused (the notice above the lines).
game-page-conditional-dropped = پاسخ شرطی شما { $reply } دیگر مجاز نبود و بازی نشد؛ رشته‌های شما کنار گذاشته شد.
