# The archive of finished games.
archive-title = بایگانی بازی‌های تمام‌شده
archive-heading = بازی‌های تمام‌شده
archive-filter = پالایش بازی‌ها
archive-game = بازی
archive-all-games = همهٔ بازی‌ها
archive-player = بازیکن
archive-result = نتیجه
archive-any-result = هر نتیجه‌ای
archive-show = نمایش بازی‌ها
archive-more-than = بیش از { $count } بازی (با پالایه‌ها محدودشان کنید)
archive-total = { $count ->
   *[other] { $count } بازی
}
archive-page = ، صفحهٔ { $page }
archive-of-pages = از { $pages }
archive-none = هیچ بازی تمام‌شده‌ای مطابقت ندارد.
archive-pages = صفحه‌ها
archive-newer = → بازی‌های جدیدتر
archive-older = بازی‌های قدیمی‌تر ←
# The result filter: "First side won (White, Player 1 and Player 3 in Chatrang)".
archive-result-first = برد طرف اول ({ $who })
archive-result-second = برد طرف دوم ({ $who })
archive-result-drawn = تساوی
archive-team-in-games = { $team } در { $games }
archive-note-no-game = هرالد بازی‌ای با این نام ندارد، پس هیچ بازی‌ای پیدا نشد.
archive-note-no-player = هیچ بازیکنی این نام را ندارد، پس هیچ بازی‌ای پیدا نشد.
