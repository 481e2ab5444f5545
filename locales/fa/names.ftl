# Names from the games' registry (keyed by its ids) and the words for a game's result.
game-name-nowan = شطرنج نوآن
game-name-not-chess = Not Chess
game-name-chatrang = چترنگ
game-name-ancient = شطرنج باستانی
# The sides' names, keyed by the registry's English name in lower case.
team-name-white = سفید
team-name-black = سیاه
team-name-red = سرخ
# After "White won": how the game ended, by the stored end reason.
ending-king_captured = با گرفتن شاه
ending-checkmate = با کیش و مات
ending-stalemate = با پات
ending-only_kings_left = با ماندن تنها دو شاه
ending-seven_checks = پس از هفت کیش پیاپی
ending-twenty_move_rule = با قانون بیست حرکت
ending-no_legal_move = بی هیچ حرکت مجاز
ending-repetition_blocked = چون هر حرکتی وضعیتی را تکرار می‌کرد
ending-bare_general = با تنها گذاشتن ژنرال
ending-both_shahs_gone = با گرفتن هر دو شاه
ending-bare_shahs = با ماندن تنها شاه‌ها
ending-bared = با برهنه کردن
ending-baring_reply_used = با برهنه کردن
ending-nobody_can_move = چون هیچ‌کس نمی‌توانست حرکت کند
ending-resignation = با کناره‌گیری
ending-withdrawal = با غیبت (کناره‌گیری از مسابقه)
ending-draw_agreed = با توافق
ending-aborted = لغو شد
ending-timeout_before_first_move = لغو شد
ending-declined = رد شد
ending-admin = به دست گرداننده
ending-timeout = با پایان وقت
result-won = { $team } برد
result-won-how = { $team } { $how } برد
result-drawn = تساوی
result-drawn-how = تساوی { $how }
result-declined = دعوت رد شد
result-aborted = لغو شد
