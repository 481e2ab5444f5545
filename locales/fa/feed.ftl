# The Atom feed (in the account's language) and tournament notices' headlines (feed titles, e-mail subjects).
feed-title = Herald: بازی‌های { $user }
feed-your-move-title = نوبت شما در بازی { $id } ({ $game })
feed-your-move = { $count ->
   *[other] نوبت شماست، پس از { $count } حرکت.
}
feed-move-by = مهلت حرکت: { $deadline }.
feed-finished-title = بازی { $id } پایان یافت: { $result }
feed-finished = بازی { $game } پایان یافت: { $result }.
feed-chat-title = { $author } در بازی { $id }
feed-chat-team-title = { $author } به تیم شما در بازی { $id }
feed-deleted-user = یک حساب حذف‌شده
feed-notice-round = بازی‌های این دور شما آغاز شد.
feed-notice-finished = جدول نهایی در صفحهٔ مسابقه است.
feed-notice-cancelled = بازی‌های ناتمام آن بی‌نتیجه پایان یافت.
notice-started = مسابقهٔ «{ $name }» آغاز شد
notice-round-started = دور { $round } مسابقهٔ «{ $name }» آغاز شد
notice-finished = مسابقهٔ «{ $name }» پایان یافت
notice-cancelled = مسابقهٔ «{ $name }» لغو شد
