push-your-move-title = نوبت شما در برابر { $opponents }
push-started-body = بازی { $game } آغاز شد: حرکت اول با شماست.
push-your-move-body = { $game }: نوبت شماست.
push-time-warning-title = وقتتان در برابر { $opponents } رو به پایان است
push-time-warning-body = { $game }: ۸۰٪ وقت این حرکت را مصرف کرده‌اید.
push-claimable-title = می‌توانید برد را مطالبه کنید
push-claimable-body = { $game } در برابر { $opponents }: مهلت گذشت.
push-game-over-title = پایان بازی
push-declined-body = دعوت شما به یک بازی { $game } رد شد.
push-game-over-body = { $game } در برابر { $opponents }: { $result }.
push-rematch-title = پیشنهاد بازی دوباره
push-rematch-body = { $opponents } بازی دوبارهٔ { $game } را پیشنهاد می‌دهد.
push-draw-title = پیشنهاد تساوی
push-draw-body = { $game } در برابر { $opponents }: تساوی پیشنهاد شده است.
push-takeback-title = درخواست پس گرفتن حرکت
push-takeback-body = { $game } در برابر { $opponents }: حریف می‌خواهد حرکتی را پس بگیرد.
push-chat-title = { $author } در بازی { $game }
push-chat-team-title = { $author } (هم‌تیمی) در بازی { $game }
push-deleted-player = بازیکنی حذف‌شده
push-yourself = خودتان
email-your-move-subject = نوبت شما در بازی { $game }
email-your-move-body = در بازی { $game } نوبت شماست.
email-time-warning-subject = وقت شما در بازی { $game } رو به پایان است
email-time-warning-body = ۸۰٪ وقت این حرکت را در بازی { $game } مصرف کرده‌اید.
email-claimable-subject = می‌توانید بازی { $game } را مطالبه کنید
email-claimable-body = حریف شما مهلت بازی { $game } را از دست داد: می‌توانید برد را مطالبه کنید.
email-game-over-subject = بازی { $game } تمام شد
email-declined-body = دعوت شما به بازی { $game } رد شد.
email-game-over-body = بازی { $game } تمام شد ({ $result }).
email-rating-now = ریتینگ شما در این بازی اکنون { $rating } است ({ $change }).
email-rematch-subject = پیشنهاد بازی دوباره پس از بازی { $game }
email-rematch-body = حریف شما بازی دوبارهٔ { $game } را پیشنهاد می‌دهد. اینجا بپذیرید یا رد کنید:
# The mail that confirms a notification address.
email-confirm-subject = نشانی ایمیل خود را برای هرالد تأیید کنید
email-confirm-body =
    کسی (امیدواریم خودتان) از هرالد خواسته است اعلان‌های بازی را به این نشانی بفرستد.

    برای تأیید، این پیوند را باز کنید: { $link }

    اگر شما نبودید، این ایمیل را نادیده بگیرید: چیزی برایتان فرستاده نمی‌شود.
# The e-mail digest of unread chat messages.
chat-digest-one = یک پیام تازه در بازی { $game }
chat-digest-in-game = { $count } پیام تازه در بازی { $game }
chat-digest-in-games = { $count } پیام تازه در { $games } بازی
chat-digest-game = بازی { $game }:
chat-digest-deleted-user = کاربر حذف‌شده
chat-digest-to-team = (به هم‌تیمی شما)
chat-digest-with-move = همراه حرکت { $move }
chat-digest-answer = پاسخ: { $link }
