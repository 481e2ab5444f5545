# Every page's frame: the language itself, the navigation, the account links, the footer.
language-name = English
# ltr or rtl: how the page's text runs.
language-direction = ltr
skip-to-content = Skip to the content
menu = Menu
nav-main = Main
nav-home = Home
nav-lobby = Lobby
nav-my-games = My games
nav-archive = Archive
nav-tournaments = Tournaments
nav-leaderboard = Leaderboard
nav-players = Players
nav-rules = Rules
nav-analysis = Analysis
nav-settings = Settings
nav-admin = Admin
account-log-out = Log out
account-log-in = Log in
account-sign-up = Sign up
my-move-words = to move
my-move-title = Games where it is your move: open the most urgent
offline = You are offline.
# A warning an administrator gave, shown at the top of every page until dismissed.
warning-from-admin = An administrator warned you.
warning-from-admin-note = An administrator warned you:
warning-dismiss = Dismiss
footer-about = Herald: correspondence play of { $games }.
footer-clock = How the clock works
footer-engine = The engine
footer-api = API
footer-language = Language
footer-language-choose = Choose
# A list of names: "a, b and c".
list-and = { $rest } and { $last }
# The tooltip of the BOT badge after a bot's name.
site-bot-badge = A computer player (bot)
# The installable app's description (web app manifest).
site-manifest-description = Correspondence play of rare chess variants.
