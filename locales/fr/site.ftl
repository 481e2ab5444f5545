language-name = Français
language-direction = ltr
skip-to-content = Aller au contenu
menu = Menu
nav-main = Principal
nav-home = Accueil
nav-lobby = Salon
nav-my-games = Mes parties
nav-archive = Archives
nav-tournaments = Tournois
nav-leaderboard = Classement
nav-players = Joueurs
nav-rules = Règles
nav-analysis = Analyse
nav-settings = Réglages
nav-admin = Administration
account-log-out = Se déconnecter
account-log-in = Se connecter
account-sign-up = S’inscrire
my-move-words = à jouer
my-move-title = Parties où c’est à vous de jouer : ouvrir la plus urgente
offline = Vous êtes hors ligne.
warning-from-admin = Un administrateur vous a adressé un avertissement.
warning-from-admin-note = Un administrateur vous a adressé un avertissement :
warning-dismiss = Masquer
footer-about = Herald : parties par correspondance de { $games }.
footer-clock = Comment fonctionne la pendule
footer-engine = Le moteur
footer-api = API
footer-language = Langue
footer-language-choose = Choisir
# A list of names: "a, b and c".
list-and = { $rest } et { $last }
# The tooltip of the BOT badge after a bot's name.
site-bot-badge = Un joueur informatique (bot)
# The installable app's description (web app manifest).
site-manifest-description = Parties par correspondance de variantes rares des échecs.
