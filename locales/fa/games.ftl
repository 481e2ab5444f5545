game-line-your-move = نوبت شما
game-line-days-per-move = { $count } روز برای هر حرکت
game-line-options = گزینه‌ها: { $options }
game-line-until = تا
game-state-waiting = در انتظار بازیکنان
game-state-your-move = نوبت شماست
game-state-to-move = نوبت { $player }
game-state-in-play = در جریان
