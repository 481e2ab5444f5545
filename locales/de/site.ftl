language-name = Deutsch
language-direction = ltr
skip-to-content = Zum Inhalt springen
menu = Menü
nav-main = Hauptmenü
nav-home = Start
nav-lobby = Lobby
nav-my-games = Meine Partien
nav-archive = Archiv
nav-tournaments = Turniere
nav-leaderboard = Rangliste
nav-players = Spieler
nav-rules = Regeln
nav-analysis = Analyse
nav-settings = Einstellungen
nav-admin = Verwaltung
account-log-out = Abmelden
account-log-in = Anmelden
account-sign-up = Registrieren
my-move-words = am Zug
my-move-title = Partien, in denen du am Zug bist: die dringendste öffnen
offline = Du bist offline.
warning-from-admin = Ein Administrator hat dich verwarnt.
warning-from-admin-note = Ein Administrator hat dich verwarnt:
warning-dismiss = Ausblenden
footer-about = Herald: Fernschach in { $games }.
footer-clock = So funktioniert die Bedenkzeit
footer-engine = Die Engine
footer-api = API
footer-language = Sprache
footer-language-choose = Wählen
# A list of names: "a, b and c".
list-and = { $rest } und { $last }
# The tooltip of the BOT badge after a bot's name.
site-bot-badge = Ein Computerspieler (Bot)
# The installable app's description (web app manifest).
site-manifest-description = Fernschach in seltenen Schachvarianten.
