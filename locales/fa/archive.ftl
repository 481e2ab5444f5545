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
