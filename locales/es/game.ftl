# La página de la partida (templates/game.html, game_takeback.html).
game-page-accept-invitation = Aceptar la invitación
game-page-decline = Rechazar
game-page-join = Unirse a esta partida
game-page-offer-rematch = Ofrecer la revancha
game-page-accept-draw = Aceptar tablas
game-page-decline-draw = Rechazar tablas
game-page-you-offered-draw = Has ofrecido tablas.
game-page-offer-draw = Ofrecer tablas
game-page-abort = Anular la partida
game-page-resign-sure = Estoy seguro
game-page-resign = Abandonar
game-page-type-move = Escribe una jugada
game-page-play = Jugar
game-page-takeback-accept = Aceptar la retirada de jugada
game-page-takeback-decline = Rechazar la retirada de jugada
game-page-takeback-withdraw = Retirar la petición
game-page-takeback-ask = Pedir retirar la jugada
game-page-takeback-help = Cómo funciona retirar jugadas
# El tablero, para lectores de pantalla y descripciones emergentes.
board-caption = Tablero de { $game }, con { $side } abajo
board-side-team = el equipo de las { $team }
board-square-piece = { $square }, { $piece }
board-square-empty = { $square }, vacía
# Una pieza en el tablero: su nombre y el color de su ejército («Peón (blanco)»).
board-piece = { $piece } ({ $colour })
# Una pieza en una partida por equipos (Chatrang): «Pil de Jugador 3 (oro, equipo de las Blancas)».
board-piece-in-team = { $piece } de { $seat } ({ $colour }, equipo de las { $team })
# Se añade tras el nombre de la casilla y la pieza, con el separador incluido.
board-mark-check = , en jaque
board-mark-last = , última jugada
board-mark-selected = , seleccionada
board-mark-sacrifice = , sacrificar esta pieza
board-mark-move-here = , mover aquí
# El resto de la página de la partida (templates/game.html).
# El título y el encabezado de la página: «Partida de Ajedrez Nowan» seguido del número de la partida.
game-page-title = Partida de { $game }
game-page-replay-position = Posición tras la jugada { $at } de { $ply }.
game-page-you-play = Juegas con
# Un puesto en una partida por equipos: «oro, equipo de las Blancas».
game-page-team-words = { $colour }, equipo de las { $team }
game-page-next-game = Siguiente partida
game-page-waiting = { $count } en espera
game-page-new-chat = Nuevo mensaje en el chat
game-page-ended-by-admin = Terminada por un administrador: { $why }
# Antes de la jugada que el jugador debe confirmar («¿Hacer esta jugada? e2-e4»).
game-page-confirm-play = ¿Hacer esta jugada?
game-page-confirm-move = Confirmar la jugada
game-page-cancel = Cancelar
game-page-promote-to = Coronar en:
game-page-choose-piece = Elige la pieza nueva:
game-page-confirm-your-move = Confirma tu jugada:
game-page-choice-promote = Coronar en { $piece }
game-page-choice-play = Jugar { $move }
game-page-must-pass = No tienes ninguna jugada legal y tu Sha no está atacado: pasas este turno.
game-page-pass = Pasar
game-page-flip = Girar el tablero
game-page-sound = Sonido cuando tu rival juega
game-page-replay = Repaso de la partida
game-page-start-position = Posición inicial
game-page-previous-move = Jugada anterior
game-page-move = Jugada
game-page-back-to-game = volver a la partida
game-page-next-move = Jugada siguiente
game-page-current-position = Posición actual
game-page-rated = Puntuable
game-page-casual = Amistosa
game-page-rules = Reglas
game-page-open-to = Abierta a jugadores con una puntuación de { $range }.
game-page-bots-fill = Ocupar los puestos libres con bots
game-page-bots-rated = Esta partida es puntuable, y en este sitio las partidas con bots son amistosas: los bots no pueden ocupar sus puestos.
game-page-bots-scheduled = Bots de nivel { $level } ocuparán los puestos aún libres el { $when }.
game-page-bots-level = Nivel
game-page-bots-seat = Puesto
game-page-bots-every-seat = todos los puestos libres
game-page-bots-when = Cuándo
game-page-bots-now = ahora
game-page-bots-in-an-hour = dentro de una hora si no llega nadie
game-page-bots-in-a-day = dentro de un día si no llega nadie
game-page-bots-seat-them = Colocar los bots
game-page-bots-link = los bots
game-page-rematch-of-html = Revancha de la <a href="/games/{ $game }">partida { $game }</a>.
game-page-of-tournament = Una partida del torneo
game-page-rematch-offered = { $who } ha ofrecido la revancha:
game-page-rematch-you-offered = Has ofrecido la revancha:
game-page-rematch-someone-offered = Un jugador ha ofrecido la revancha:
game-page-rematch-waiting = esperando respuesta
game-page-rematch-accepted = aceptada: en juego
game-page-rematch-declined = rechazada
game-page-rematch-aborted = anulada
game-page-rematch-played = jugada
game-page-accept-rematch = Aceptar la revancha
game-page-players = Jugadores
game-page-you-mark = (tú)
game-page-invited = { $who } (invitado)
game-page-open-seat = puesto libre
game-page-out = fuera de la partida
game-page-offers-draw = ofrece tablas
game-page-vacation = de vacaciones
game-page-vacation-clock-stopped = de vacaciones: el reloj está parado
game-page-to-move = le toca jugar
# Antes del plazo: «le toca jugar antes del lun 30 nov 2026, 14:00 UTC».
game-page-by = antes del
game-page-claim-aborts = Al jugador que debe mover se le ha acabado el tiempo sin haber jugado nunca: reclamar anula la partida, sin ganador.
game-page-claim-abort = Anular la partida por tiempo
game-page-out-of-time = Al jugador que debe mover se le ha acabado el tiempo.
game-page-claim-win = Reclamar la victoria
game-page-moves = Jugadas
game-page-no-moves = Aún no hay jugadas.
game-page-moves-label = Jugadas (elige una para ver su posición; las flechas izquierda y derecha avanzan paso a paso)
# Para lectores de pantalla, antes de cada jugada de la lista: «jugada 3, Blancas».
game-page-move-label = jugada { $round }, { $seat }
game-page-pieces = Piezas
game-page-notation-written = Las jugadas se escriben con la letra de la pieza (los peones no tienen)
game-page-notation-signs-html = <code>x</code> captura, <code>=</code> y una letra corona, <code>+</code> da jaque.
game-page-notation-typed = Escribe las jugadas como casilla de origen y de destino
game-page-notation = Notación
game-page-move-message = Mensaje con la jugada
game-page-move-message-hint = (opcional; también se envía con una jugada hecha en el tablero)
game-page-draw-declined = { $who } rechazó la oferta de tablas.
game-page-draw-declined-you = Rechazaste la oferta de tablas.
game-page-status-waiting = Esperando a que los jugadores ocupen sus puestos.
game-page-status-your-move = Te toca mover.
game-page-status-to-move = Mueve { $seat } ({ $player }).
game-page-status-next-move = Esperando la siguiente jugada.
game-page-conditionals = Mis jugadas condicionales
game-page-conditionals-pending = { $count ->
    [one] { $count } línea pendiente
   *[other] { $count } líneas pendientes
}
game-page-conditionals-private = nadie más las ve
game-page-conditionals-help = Desde la posición actual: las jugadas de los demás jugadores y después tu respuesta (después su siguiente jugada, tu siguiente respuesta…); si es tu turno, la línea empieza con tu propia jugada. Cuando una jugada coincide con una línea, tu respuesta se juega de inmediato; las líneas que no coinciden se descartan. El tablero de análisis de abajo puede añadir una línea aquí.
game-page-conditionals-lines = Líneas, una por renglón, con las jugadas separadas por espacios
game-page-conditionals-limits = Como máximo { $lines } líneas de { $moves } jugadas; cada jugada se comprueba al guardar. Un cuadro vacío las cancela todas.
game-page-conditionals-reveal = Mostrar estas líneas con el registro de la partida cuando termine
game-page-conditionals-save = Guardar las jugadas condicionales
game-page-conditionals-hide = Ocultar mis líneas condicionales del registro
game-page-conditionals-show = Mostrar mis líneas condicionales con el registro
game-page-conditionals-none = No introdujiste jugadas condicionales en esta partida.
game-page-computer = Análisis por ordenador
game-page-computer-request = Pedir un análisis por ordenador
game-page-computer-sign-in = Inicia sesión para pedir un análisis por ordenador de esta partida.
game-page-computer-chart = Probabilidades de victoria del bando del primer puesto tras cada jugada (haz clic en un punto para ver la posición).
game-page-computer-accuracy = Precisión:
game-page-computer-move = Jugada
game-page-computer-played = Se jugó
game-page-computer-eval = Evaluación
game-page-computer-line = Línea del motor antes de la jugada
game-page-computer-queued = Análisis en cola: recarga la página dentro de un minuto.
game-page-computer-running = Análisis en curso: recarga la página dentro de un minuto.
game-page-computer-failed = El análisis ha fallado.
game-page-computer-done = Análisis terminado.
game-page-computer-how = Cómo se juzgan las jugadas
# A quién pertenece una precisión cuando no se conoce el puesto.
game-page-computer-seat = puesto { $seat }
game-page-revealed = Líneas condicionales reveladas
game-page-revealed-from = desde la jugada { $move }:
game-page-notes = Mis notas
game-page-notes-private = privadas
game-page-notes-published = privadas; publicadas con la partida
game-page-notes-game = Sobre la partida
game-page-notes-position = Sobre la posición tras la jugada { $move }
game-page-notes-after = Tras la jugada { $move }
game-page-notes-save = Guardar
game-page-notes-unpublish = Retirar mis notas del registro de la partida
game-page-notes-publish = Publicar mis notas con la partida (comentarios PGN y mis variantes guardadas)
game-page-report = Denunciar esta partida
game-page-report-what = ¿Qué ocurre?
game-page-report-hint = lo leen los administradores
game-page-report-send = Enviar la denuncia
game-page-analysis-board = Tablero de análisis
# Una jugada o acción rechazada, mostrada encima del tablero.
game-page-refused-stale = Tu rival ha movido: el tablero muestra ahora la posición actual. Elige tu jugada de nuevo.
game-page-refused-illegal = Esa jugada no es legal: { $reason }.
# El rango de puntuación de un desafío abierto.
game-range-between = { $min }-{ $max }
game-range-at-least = al menos { $min }
game-range-at-most = como máximo { $max }
# El chat de la partida (templates/game_chat.html).
chat-title = Chat
chat-spectators-read = Los espectadores pueden leer esta conversación.
chat-players-only = Solo los jugadores leen esta conversación.
chat-team-private = Los mensajes de equipo solo los ve tu compañero.
chat-team-tag = equipo
chat-with-move = en la jugada { $move }
chat-actions = acciones sobre este mensaje
chat-report-label = Denunciar este mensaje
chat-report-what = ¿Qué ocurre?
chat-report = Denunciar
chat-hide-why = Motivo (se guarda en el registro de auditoría)
chat-hide-why-label = Por qué ocultarlo
chat-hide = Ocultar para todos
chat-empty = Aún no hay mensajes.
chat-message = Mensaje
chat-to = Para
chat-to-everyone = Todos en la partida
chat-to-partner = Solo mi compañero (equipo)
chat-send = Enviar
chat-published-by-you = Has publicado vuestro canal de equipo; será público cuando tu compañero también lo publique.
chat-publish = Publicar nuestro canal de equipo con la partida (público cuando ambos compañeros estén de acuerdo)
# El tablero de análisis (templates/analysis_board.html).
analysis-intro = Mueve las piezas libremente según sus jugadas legales, construye variantes y recórrelas paso a paso; las jugadas y los resultados los decide el motor de reglas; el motor solo evalúa una posición cuando lo activas.
analysis-intro-game = Mueve las piezas libremente según sus jugadas legales desde cualquier posición de la partida, construye variantes y recórrelas paso a paso; las jugadas y los resultados los decide el motor de reglas; el motor solo evalúa una posición cuando lo activas. Tu tablero principal y tus jugadas en la partida no se tocan.
analysis-needs-js = El tablero de análisis necesita JavaScript.
analysis-engine = Motor
analysis-step = Recorrer el análisis
analysis-first = Primera posición
analysis-first-key = Primera posición (Inicio)
analysis-back = Una jugada atrás
analysis-back-key = Una jugada atrás (flecha izquierda)
analysis-forward = Una jugada adelante
analysis-forward-key = Una jugada adelante (flecha derecha)
analysis-last = Final de esta línea
analysis-last-key = Final de esta línea (Fin)
analysis-flip = Girar
analysis-tree = Jugadas y variantes
analysis-delete = Borrar esta jugada y lo que sigue
analysis-go-to-game = Ir a esta posición en el tablero de la partida
analysis-add-conditional = Añadir esta línea a mis jugadas condicionales
analysis-save = Guardar mis variantes
analysis-saved-hint = Las variantes guardadas son solo tuyas; después de la partida puedes publicarlas con tus notas, y entonces el PGN de la partida las incluye.
# El tablero de análisis independiente (templates/analysis.html).
analysis-heading-start = { $game }: la posición inicial
analysis-heading-set-up = { $game }: la posición preparada
analysis-page-intro = Prepara cualquier posición de cualquiera de los juegos de Herald y mueve las piezas según sus jugadas legales, tal como dice el motor de reglas. Aquí no se guarda nada: para conservar variantes de una partida, usa el tablero de análisis de la página de la partida.
analysis-page-game = Juego
analysis-page-position = Cadena de posición
analysis-page-position-empty = vacía: la posición inicial
analysis-page-position-hint-html = Tal como la define la <a href="/rules">página de reglas</a> del juego.
analysis-page-options = Opciones de { $game }
analysis-page-set-up = Preparar el tablero
# The takeback panel's news (templates/game_takeback.html).
takeback-you-asked = Pediste deshacer tu jugada { $move }; responde { $answer }.
takeback-asks-you = { $asker } pide deshacer la jugada { $move }.
takeback-asks = { $asker } pide deshacer la jugada { $move }; responde { $answer }.
takeback-declined-you = Rechazaste deshacer la jugada.
takeback-declined = { $who } rechazó deshacer la jugada.
takeback-accepted-you = Aceptaste deshacer la jugada: { $move } se ha deshecho.
takeback-accepted = { $who } aceptó deshacer la jugada: { $move } se ha deshecho.
# In the move list, where a player of a team game withdrew: "Player 2 resigned".
game-page-withdrew = { $seat } abandonó
# The computer analysis chart's title and each point's.
game-page-computer-chart-title = Evaluación tras cada jugada
game-page-computer-chart-point = Jugada { $move }
# A conditional reply the rules refused (the notice above the lines).
game-page-conditional-dropped = Tu respuesta condicional { $reply } ya no era legal y no se jugó; tus líneas se descartaron.
