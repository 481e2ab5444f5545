game-line-your-move = نوبت شما
game-line-options = گزینه‌ها: { $options }
game-line-until = تا
game-state-waiting = در انتظار بازیکنان
game-state-your-move = نوبت شماست
game-state-to-move = نوبت { $player }
game-state-in-play = در جریان
my-games-title = بازی‌های من
my-games-your-move = نوبت شما ({ $count })
my-games-nothing-to-play = فعلاً چیزی برای بازی نیست.
my-games-waiting = منتظر دیگران ({ $count })
my-games-none-waiting = هیچ بازی‌ای منتظر دیگران نیست. در سالن یکی بسازید.
my-games-recently-finished = به‌تازگی تمام‌شده
my-games-finished = تمام‌شده ({ $count })
my-games-none-finished = هنوز بازی تمام‌شده‌ای نیست.
my-games-all-finished = همهٔ بازی‌های تمام‌شدهٔ شما در بایگانی است.
# Between the sides of a game in a list ("alice vs bob"), spaces included.
game-line-versus = {" "}در برابر{" "}
