# صفحه‌های مدیریت زیر /admin و پاسخ به یک گزارش.
admin-title = مدیریت
admin-nav-site = سایت
admin-nav-users = کاربران
admin-nav-games = بازی‌ها
admin-nav-reports = گزارش‌ها
admin-nav-invitations = دعوت‌نامه‌ها
admin-nav-bots = ربات‌ها
admin-nav-audit = دفتر اقدامات مدیران
admin-yes = بله
admin-no = خیر

## پیشخوان: تنظیمات سایت.
admin-no-open-reports = گزارش رسیدگی‌نشده‌ای نیست.
admin-open-reports = { $count ->
   *[other] { $count } گزارش رسیدگی‌نشده
}
admin-site-settings = تنظیمات سایت
admin-site-name = نام سایت
admin-site-name-hint = در عنوان صفحه‌ها و سرصفحه
admin-notice = اطلاعیه
admin-notice-hint = متن ساده در همهٔ صفحه‌ها؛ برای هیچ، خالی بگذارید
admin-signup = ثبت‌نام
admin-signup-open = باز برای همه
admin-signup-closed = بسته
admin-signup-invite-only = فقط با دعوت‌نامه
admin-suspended-games = بازی‌های بازیکنانِ معلق یا مسدود
admin-suspended-games-hint = ساعت‌ها می‌گذرند: حریفان می‌توانند برد با اتمام وقت را ادعا کنند؛ معوق: ساعت‌هایشان تا پایان محرومیت می‌ایستد
admin-suspended-games-clock-runs = ساعت‌ها می‌گذرند
admin-suspended-games-adjourned = معوق
admin-deleted-chat = پیام‌های گفتگوی حساب‌های حذف‌شده
admin-deleted-chat-hint = ناشناس کردن: زیر نام «deleted user N» می‌مانند؛ حذف: متنشان پاک می‌شود
admin-deleted-chat-anonymise = ناشناس کردن
admin-deleted-chat-remove = حذف
admin-member-invites = اعضا می‌توانند پیوند دعوت بسازند
admin-analysis-cap = تحلیل رایانه‌ای برای هر کاربر در روز
admin-analysis-cap-hint = 0 درخواست‌ها را خاموش می‌کند
admin-engine-in-running-games = بازیکنان می‌توانند دربارهٔ بازی‌های در جریانشان از موتور بپرسند
admin-engine-in-running-games-hint = خاموش: صفحهٔ تحلیل ارزیابی موقعیتی از بازی در جریانِ خود بازیکن را رد می‌کند (مانند lichess)؛ روشن: کمک موتور مجاز است (مانند ICCF)
admin-rated-bot-games = بازی با ربات‌ها می‌تواند رسمی باشد
admin-rated-bot-games-hint = خاموش: هر بازی با ربات دوستانه است؛ روشن: رسمی است وقتی همهٔ آدم‌های آن بازی رسمی خواسته باشند و ربات بازی رسمی بپذیرد
admin-save-settings = ذخیرهٔ تنظیمات

## کاربران.
admin-users-title = کاربران
admin-users-prefix = نام با این شروع می‌شود
admin-users-search = جستجو
admin-users-nobody = هیچ‌کس.
admin-users-user = کاربر
admin-users-standing = وضعیت
admin-users-admin = مدیر
admin-users-muted = بی‌صدا
admin-users-next = صفحهٔ بعد
admin-standing-active = فعال
admin-standing-suspended = معلق تا { $until }
admin-standing-banned = مسدود از { $since }

## یک کاربر.
admin-user-chat = گفتگو
admin-user-muted-until = بی‌صدا تا { $until }
admin-user-not-muted = بی‌صدا نیست
admin-user-administrator = مدیر
admin-user-member-since = عضو از
admin-user-games = بازی‌ها
admin-user-sessions = نشست‌ها
admin-user-sessions-live = { $count ->
   *[other] { $count } فعال
}
admin-user-api-tokens = { $count ->
   *[other] { $count } توکن API
}
admin-user-public-profile = نمایهٔ عمومی
admin-user-actions = اقدام‌ها
admin-user-unsuspend = برداشتن تعلیق
admin-user-suspend-days = مدت تعلیق (روز)
admin-user-why = دلیل
admin-user-suspend = تعلیق
admin-user-unban = برداشتن مسدودیت
admin-user-ban = مسدود کردن
admin-user-unmute = برداشتن بی‌صدایی
admin-user-mute-days = مدت بی‌صدایی در گفتگو (روز)
admin-user-mute = بی‌صدا کردن
admin-user-new-password = گذرواژهٔ تازه
admin-user-new-password-hint = خالی: یکی ساخته می‌شود
admin-user-reset-password = بازنشانی گذرواژه
admin-user-revoke-admin = گرفتن دسترسی مدیر
admin-user-grant-admin = مدیر کردن
admin-user-delete-confirm-html = برای حذف حساب، <strong>{ $name }</strong> را بنویسید
admin-user-delete = حذف حساب
admin-user-history = سابقه
admin-user-nothing-recorded = چیزی ثبت نشده است.
admin-password-reset-title = بازنشانی گذرواژه
admin-password-reset = گذرواژهٔ { $name } بازنشانی شد: { $sessions } نشست پایان یافت و { $tokens } توکن API باطل شد.

## بازی‌ها.
admin-games-title = بازی‌ها
admin-games-intro = بازی‌هایی که اخیراً تغییر کرده‌اند. پایان دادن به یک بازی آن را بی‌نتیجه لغو می‌کند؛ دلیل در صفحهٔ بازی نشان داده می‌شود.
admin-games-line = { $status }، حرکت { $ply }، { $players } · تغییر در { $at }
admin-games-open-seat = (خالی)
admin-game-status-waiting = در انتظار
admin-game-status-active = در جریان
admin-game-status-finished = تمام‌شده
admin-game-status-aborted = لغوشده
admin-games-reason = دلیل پایان دادن
admin-games-end = پایان دادن به بازی
admin-games-none = هنوز بازی‌ای نیست.

## گزارش‌ها.
admin-reports-title = گزارش‌ها
admin-reports-open = رسیدگی‌نشده
admin-reports-by-at = از { $reporter }، { $at }
admin-reports-action = اقدام
admin-report-action-dismiss = رد گزارش
admin-report-action-warn = هشدار به کاربر
admin-report-action-suspend = تعلیق کاربر
admin-report-action-ban = مسدود کردن کاربر
admin-reports-user = کاربرِ مربوط
admin-reports-user-hint = برای هشدار، تعلیق و مسدود کردن
admin-reports-days = روزهای تعلیق
admin-reports-note = یادداشت
admin-reports-resolve = رسیدگی
admin-reports-resolved = رسیدگی‌شده
admin-reports-none-resolved = هنوز هیچ.
admin-reports-reported = { $target }، گزارش از { $reporter }: { $reason }
admin-reports-resolved-by = به دست { $name }
admin-reports-older = قدیمی‌تر
admin-report-target-user = کاربر { $name }
admin-report-target-game = بازی { $id }
admin-report-target-message = پیام { $seq } گفتگوی بازی { $game }
admin-report-sent-title = گزارش فرستاده شد
admin-report-sent = سپاسگزاریم: مدیران آن را بررسی می‌کنند.

## دعوت‌نامه‌ها.
admin-invitations-title = دعوت‌نامه‌ها
admin-invitations-uses = دفعات استفاده
admin-invitations-expires-in-days = اعتبار (روز)
admin-invitations-note = یادداشت
admin-invitations-note-hint = برای چه کسی است
admin-invitations-create = ساختن پیوند دعوت
admin-invitations-none = هنوز دعوت‌نامه‌ای نیست.
admin-invitations-by = از
admin-invitations-used = استفاده‌شده
admin-invitations-expires = انقضا
admin-invitations-revoked = باطل‌شده
admin-invitations-revoke = باطل کردن
admin-invitations-spent = تمام‌شده
admin-invitation-created-title = دعوت‌نامه ساخته شد
admin-invitation-created = این پیوند را برای کسی که دعوت می‌کنید بفرستید ({ $count } بار استفاده). فقط همین حالا نشان داده می‌شود: Herald تنها یک هش از آن نگه می‌دارد.

## دفتر اقدامات مدیران.
admin-audit-title = دفتر اقدامات مدیران
admin-audit-empty = هنوز چیزی ثبت نشده است.
admin-audit-older = موارد قدیمی‌تر
admin-audit-by = به دست { $actor }، { $at }
admin-audit-by-note = به دست { $actor }، { $at }: { $note }
admin-audit-target-user = کاربر { $target }
admin-audit-target-game = بازی { $target }
admin-audit-target-report = گزارش { $target }
admin-audit-target-invitation = دعوت‌نامهٔ { $target }
admin-audit-target-site = تنظیمات سایت
admin-audit-action-create-user = ساخت حساب
admin-audit-action-suspend = تعلیق
admin-audit-action-unsuspend = برداشتن تعلیق
admin-audit-action-ban = مسدود کردن
admin-audit-action-unban = برداشتن مسدودیت
admin-audit-action-mute = بی‌صدا کردن
admin-audit-action-unmute = برداشتن بی‌صدایی
admin-audit-action-reset-password = بازنشانی گذرواژه
admin-audit-action-grant-admin = دادن دسترسی مدیر
admin-audit-action-revoke-admin = گرفتن دسترسی مدیر
admin-audit-action-delete-user = حذف حساب
admin-audit-action-end-game = پایان دادن به بازی
admin-audit-action-hide-message = پنهان کردن پیام گفتگو
admin-audit-action-resolve-report = رسیدگی به گزارش
admin-audit-action-update-site = تغییر تنظیمات سایت
admin-audit-action-create-invitation = ساخت دعوت‌نامه
admin-audit-action-revoke-invitation = باطل کردن دعوت‌نامه
admin-audit-action-create-bot = ساخت ربات
admin-audit-action-update-bot = تغییر ربات
