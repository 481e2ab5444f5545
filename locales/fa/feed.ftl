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
# A tournament notice's text (e-mail body). $points: "1½ points"; $halves: the points in halves.
notice-body-all-rounds = همهٔ { $rounds } دور «{ $event }» اکنون آغاز می‌شود، مانند یک لیگ مکاتبه‌ای.
notice-body-round = دور { $round } از { $rounds } در «{ $event }» اکنون آغاز می‌شود.
notice-body-event-link = مسابقه: { $link }
notice-body-place = { $place }م
notice-body-your-place = شما با { $points } در جایگاه { notice-body-place } از { $count } قرار گرفتید.
notice-body-winner = برنده: { $players }.
notice-body-over = «{ $event }» به پایان رسید.
notice-body-final-table = جدول نهایی: { $link }
notice-body-cancelled = برگزارکننده «{ $event }» را لغو کرد؛ بازی‌های ناتمام آن بدون نتیجه پایان یافت.
notice-body-game = دور { $round }: { $first } در برابر { $second } ({ $link })
notice-body-bye = دور { $round }: استراحت، بدون بازی در این دور
notice-body-bye-worth = دور { $round }: استراحت با ارزش { $points }، بدون بازی در این دور
notice-body-points = { $points } امتیاز
