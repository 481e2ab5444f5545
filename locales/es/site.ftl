language-name = Español
language-direction = ltr
skip-to-content = Saltar al contenido
menu = Menú
nav-main = Principal
nav-home = Inicio
nav-lobby = Salón
nav-my-games = Mis partidas
nav-archive = Archivo
nav-tournaments = Torneos
nav-leaderboard = Clasificación
nav-players = Jugadores
nav-rules = Reglas
nav-analysis = Análisis
nav-settings = Ajustes
nav-admin = Administración
account-log-out = Cerrar sesión
account-log-in = Iniciar sesión
account-sign-up = Registrarse
my-move-words = por jugar
my-move-title = Partidas en las que te toca mover: abrir la más urgente
offline = Estás sin conexión.
warning-from-admin = Un administrador te ha advertido.
warning-from-admin-note = Un administrador te ha advertido:
warning-dismiss = Descartar
footer-about = Herald: ajedrez por correspondencia de { $games }.
footer-clock = Cómo funciona el reloj
footer-engine = El motor
footer-api = API
footer-language = Idioma
footer-language-choose = Elegir
# A list of names: "a, b and c".
list-and = { $rest } y { $last }
# The tooltip of the BOT badge after a bot's name.
site-bot-badge = Un jugador informático (bot)
# The installable app's description (web app manifest).
site-manifest-description = Partidas por correspondencia de variantes raras de ajedrez.
