# Texts the browser's scripts show (pages/script_texts.rs hands them over).
js-title-your-move = (te toca mover)
js-title-new-message = (mensaje nuevo)
js-scroll-hint = Más ancha que la pantalla: desliza la tabla hacia los lados para ver todas las columnas →
js-offline-copy-at = Estás sin conexión: esta es la página tal como estaba el { $date }. No se pueden enviar jugadas ni mensajes hasta que vuelvas a estar en línea.
js-offline-copy = Estás sin conexión: esta es la página tal como estaba la última vez que la abriste. No se pueden enviar jugadas ni mensajes hasta que vuelvas a estar en línea.
js-offline = Estás sin conexión. No se pueden enviar jugadas ni mensajes hasta que vuelvas a estar en línea.
js-square-selected = { $square }, seleccionada
js-square-sacrifice = { $square }, sacrificar esta pieza
js-square-move-here = { $square }, mover aquí
js-square-piece = { $square }, { $piece }
js-square-empty = { $square }, vacía
js-square-in-check = { $square }, en jaque
js-square-last-move = { $square }, última jugada
js-promote-to = Coronar en { $piece }
js-that-piece = esa pieza
js-cannot-move-there = { $piece } no puede ir a { $square }.
js-move-not-accepted = La jugada no fue aceptada.
js-opponent-moved = Tu rival ha movido: el tablero muestra ahora la posición actual. Elige tu jugada de nuevo.
js-move-unreachable = No se pudo contactar con el servidor: tu jugada no se envió.
js-move-offline = Estás sin conexión: tu jugada no se envió. Hazla de nuevo cuando vuelvas a estar en línea.
js-chat-deleted-user = una cuenta eliminada
js-chat-with-move = en la jugada { $ply }
js-chat-new-messages = { $count ->
    [one] { $count } mensaje nuevo en el chat
   *[other] { $count } mensajes nuevos en el chat
}
js-chat-not-sent = El mensaje no se envió.
js-chat-unreachable = No se pudo contactar con el servidor; tu mensaje no se envió.
js-push-on = Este dispositivo recibe notificaciones.
js-push-blocked = Las notificaciones de este sitio están bloqueadas en la configuración de este navegador: permítelas allí primero.
js-push-off = Este dispositivo no recibe notificaciones.
js-push-failed = No funcionó: { $error }
js-push-not-allowed = no se permitieron las notificaciones
js-push-unavailable = Este navegador no puede recibir notificaciones de un sitio (en iPhone o iPad: añade Herald a la pantalla de inicio y ábrelo desde allí).
js-push-asking = Preguntando al navegador…
js-analysis-refused = La posición fue rechazada.
js-analysis-cannot-set-up = El servicio no puede preparar esta posición.
js-analysis-not-legal = { $move } no es una jugada legal en esa posición.
js-analysis-game-start = Inicio de la partida
js-analysis-game-after = Partida, tras la jugada { $ply }
js-analysis-start = Inicio
js-analysis-start-position = Posición inicial
js-analysis-moves-from-start = { $count ->
    [one] Análisis, { $count } jugada desde el inicio
   *[other] Análisis, { $count } jugadas desde el inicio
}
js-analysis-drawn = Tablas
js-analysis-wins = Gana { $team }
js-analysis-game-over = Partida terminada: { $who } ({ $reason }), { $result }.
js-analysis-to-move = Mueve { $seat }.
js-analysis-player = Jugador { $number }
js-analysis-save = Guardar mis variantes
js-analysis-save-unsaved = Guardar mis variantes (cambios sin guardar)
js-analysis-engine-failed = El motor no pudo responder.
js-analysis-engine-unreachable = No se pudo contactar con el motor.
js-analysis-rules-unreachable = No se pudo contactar con el servicio de reglas.
js-analysis-wins-in = gana en { $moves }
js-analysis-loses-in = pierde en { $moves }
js-analysis-game-over-short = partida terminada
js-analysis-thinking = pensando…
js-analysis-evaluation = { $score } para el bando que mueve{ $best } · profundidad { $depth }
js-analysis-best = ; mejor { $move }{ $line }
js-analysis-saved = { $count ->
    [0] Guardado: no se conserva ninguna variante.
    [one] Guardado: { $count } jugada.
   *[other] Guardado: { $count } jugadas.
}
js-analysis-not-saved = Tus variantes no se guardaron.
js-analysis-save-unreachable = No se pudo contactar con el servidor; tus variantes no se guardaron.
js-analysis-added-conditional = Añadido a tus jugadas condicionales: { $moves }. Envía ese formulario para conservarlo.
