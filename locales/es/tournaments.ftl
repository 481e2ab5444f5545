# Torneos: la lista (/tournaments), el formulario de torneo nuevo (/tournaments/new), la
# página de un torneo (/tournaments/<id>) y los enlaces de invitación de un miembro (/invitations).

## La lista
tour-list-title = Torneos
tour-create = Crear un torneo
tour-list-tabs = Torneos por estado
tour-tab-registering = Inscripción abierta
tour-tab-running = En curso
tour-tab-finished = Terminados
tour-list-empty = Aún no hay torneos aquí.
tour-col-tournament = Torneo
tour-col-game = Juego
tour-col-format = Sistema
tour-col-players = Jugadores
tour-col-round = Ronda
tour-col-organiser = Organizador
tour-list-casual = amistoso

## Sistemas y desempates
tour-format-round-robin = Todos contra todos
tour-format-double-round-robin = Todos contra todos a doble vuelta
tour-format-swiss = Suizo
tour-tie-direct-encounter = Encuentro directo
tour-tie-sonneborn-berger = Sonneborn-Berger
tour-tie-buchholz = Buchholz
tour-tie-median-buchholz = Buchholz mediano
tour-tie-wins = Victorias
tour-tie-buchholz-cut1 = Buchholz Cut-1
tour-tie-wins-over-the-board = Victorias sobre el tablero

## La página de un torneo: los datos
tour-fact-game = Juego
tour-fact-format = Sistema
tour-rounds = { $count ->
    [one] { $count } ronda
   *[other] { $count } rondas
}
tour-fact-state = Estado
tour-status-registering = Inscripción abierta
tour-status-running = En curso
tour-status-finished = Terminado
tour-status-cancelled = Cancelado
tour-status-running-round = En curso: ronda { $round } de { $rounds }
tour-fact-clock = Ritmo
tour-clock-auto = el servidor termina la partida al vencer el plazo
tour-clock-claim = el jugador que espera puede reclamar la victoria por tiempo
tour-fact-games = Partidas
tour-games-rated = puntuables
tour-games-casual = amistosas
tour-vacation-allowed = vacaciones permitidas
tour-vacation-not-allowed = vacaciones no permitidas
tour-fact-entry = Inscripción
tour-entry-invitation = solo jugadores invitados
tour-entry-open = abierta
tour-entrants-players = de { $min } a { $max } jugadores
tour-entrants-teams = de { $min } a { $max } equipos de dos
tour-rating-at-least = puntuación de { $rating } o más
tour-rating-at-most = puntuación de { $rating } o menos
tour-fact-bye = Descanso
tour-bye-points = { $halves ->
    [1] { $points } punto
    [2] { $points } punto
   *[other] { $points } puntos
}
tour-fact-tie-breaks = Desempates
tour-fact-organiser = Organizador
tour-fact-starts = Comienzo
tour-starts-by-itself = { $count ->
    [one] (solo, con al menos { $count } participante)
   *[other] (solo, con al menos { $count } participantes)
}
tour-fact-started = Comenzó
tour-fact-ended = Terminó

## La página de un torneo: lo que puede hacer un jugador
tour-your-actions = Tus acciones
tour-you-are-invited = Estás invitado.
tour-accept-invitation = Aceptar la invitación
tour-decline = Rechazar
tour-you-are-entered = Estás inscrito.
tour-leave = Dejar el torneo
tour-partner = Tu compañero
tour-partner-hint = su nombre de usuario; acepta inscribiéndose también
tour-enter = Inscribirse en el torneo
tour-invited-only = Este torneo solo admite jugadores invitados.
tour-enter-late = Inscribirse tarde (emparejado desde la próxima ronda)
tour-sure = Estoy seguro
tour-withdraw-self = Retirarse (tus partidas sin terminar se pierden por incomparecencia)

## La página de un torneo: las herramientas del organizador
tour-organiser-tools = Herramientas del organizador
tour-invite-label = Invitar
tour-invite-button = Invitar
tour-username-placeholder = nombre de usuario
tour-start-now = Empezar ahora
tour-withdraw-player = Retirar a un jugador
tour-withdraw-button = Retirar
tour-pause-player = Pausar a un jugador (vacaciones: se detienen todos sus relojes)
tour-pause = Pausar
tour-resume = Reanudar
tour-hand-over-to = Ceder a
tour-hand-over = Ceder
tour-cancel = Cancelar el torneo

## La página de un torneo: clasificación, tabla cruzada, rondas, inscritos
tour-standings = Clasificación
tour-col-team = Equipo
tour-col-player = Jugador
tour-col-points = Puntos
tour-col-games = Partidas
tour-paused-title = de vacaciones: relojes detenidos
tour-paused = (en pausa)
tour-withdrew = (se retiró)
tour-crosstable = Tabla cruzada
tour-col-number = N.º
tour-rounds-heading = Rondas
tour-round = Ronda { $round }
tour-in-play = en juego
tour-aborted = anulada
tour-bye = Descansa: { $name }
tour-entries = Inscritos
tour-no-entries = Todavía no se ha inscrito nadie.
tour-team-of = equipo de { $name }
tour-invited = (invitado)

## El formulario
tour-name = Nombre
tour-description = Reglas y notas para los jugadores
tour-optional = opcional
tour-game = Juego
tour-chatrang-hint = Los torneos de Chatrang son para equipos de dos: cada equipo se inscribe junto.
tour-options = Opciones de { $game }
tour-options-only-for = solo para { $game }
tour-format = Sistema
tour-format-hint = en los torneos todos contra todos empiezan todas las partidas a la vez; el suizo empareja cada ronda cuando termina la anterior
tour-rounds-label = Rondas
tour-rounds-hint = solo suizo: de 1 a 20 (5 por defecto)
tour-entrants-from = Participantes de
tour-to = a
tour-entrants-hint = todos contra todos de 3 a 30 (por defecto de 3 a 12), suizo de 3 a 1000 (por defecto de 3 a 100)
tour-timeout = Cuando se acaba el tiempo
tour-timeout-claim = El jugador que espera puede reclamar la victoria
tour-timeout-auto = El servidor termina la partida al vencer el plazo
tour-rated-or-casual = Puntuable o amistoso
tour-rated = Puntuable
tour-casual = Amistoso
tour-who-may-enter = Quién puede inscribirse
tour-entry-anyone = Cualquiera (dentro de los límites de puntuación)
tour-entry-invited = Solo jugadores invitados
tour-ratings-from = Puntuación de
tour-ratings-hint = opcional; un jugador nuevo cuenta como 1500
tour-bye-worth = Un descanso en el suizo vale
tour-bye-win = Una victoria
tour-bye-draw = Unas tablas
tour-bye-nothing = Nada
tour-start-time = Hora de comienzo
tour-start-time-hint = opcional, { $zone }; el torneo empieza solo a esa hora si tiene su mínimo de participantes. Sin ella, lo empiezas tú desde su página.
tour-vacation = Vacaciones durante el torneo
tour-vacation-hint = un jugador de vacaciones detiene los relojes de sus partidas
tour-allowed = Permitidas
tour-not-allowed = No permitidas
tour-scoring-note = Los puntos siguen la puntuación de cada juego (Ajedrez Nowan: 2 por victoria, 1 por victoria por ahogado). Los empates se deshacen por encuentro directo, Sonneborn-Berger y victorias en los todos contra todos, y por Buchholz, Buchholz mediano, Sonneborn-Berger y victorias en el suizo (la API puede fijar otro orden).
tour-create-button = Crear el torneo

## Errores del formulario
tour-error-choose = Elige una opción de la lista.
tour-error-choose-format = Elige un sistema de la lista.
tour-error-rounds = El número de rondas debe ser un número entero.
tour-error-min-entrants = El mínimo de participantes debe ser un número entero.
tour-error-max-entrants = El máximo de participantes debe ser un número entero.
tour-error-rating-min = La puntuación mínima debe ser un número entero.
tour-error-rating-max = La puntuación máxima debe ser un número entero.
tour-error-bye = Los puntos de un descanso deben ser un número entero.
tour-error-starts-at = La hora de comienzo es una fecha y una hora, p. ej. 2026-12-24 18:00.
tour-error-confirm-withdraw = Marca «Estoy seguro» para retirarte.
tour-error-confirm-cancel = Marca «Estoy seguro» para cancelar el torneo.

## Los enlaces de invitación de un miembro (/invitations)
tour-invitations-title = Invitaciones
tour-invitations-heading = Tus invitaciones
tour-invitation-uses = Usos
tour-invitation-expires-in = Caduca en días
tour-invitation-note = Nota
tour-invitation-note-hint = para quién es
tour-invitation-create = Crear un enlace de invitación
tour-invitations-empty = Aún no hay invitaciones.
tour-invitation-used = Usos
tour-invitation-expires = Caduca
tour-invitation-revoked = revocada
tour-invitation-revoke = Revocar
tour-invitation-spent = agotada
tour-invitation-created = Invitación creada
tour-invitation-created-text = { $count ->
    [one] Envía este enlace a quien invitas ({ $count } uso). Solo se muestra ahora: Herald guarda únicamente un hash de él.
   *[other] Envía este enlace a quien invitas ({ $count } usos). Solo se muestra ahora: Herald guarda únicamente un hash de él.
}

## The event's news (its notices, live)
tour-news-heading = Novedades
tour-news-reload = recarga para ver los nuevos emparejamientos y la clasificación
tour-news-none = Aún no hay novedades: aquí aparecen avisos cuando el torneo empieza, cuando se empareja cada ronda y cuando termina.
