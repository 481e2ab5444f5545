# La página de ajustes (templates/settings.html), el registro de entregas de un webhook
# (webhook.html) y la página para darse de baja del correo (unsubscribe.html).
settings-title = Ajustes
settings-new-token-html = <strong>Tu nuevo token «{ $name }».</strong> Cópialo ahora: Herald solo lo muestra esta vez.
settings-token = Token
settings-new-feed-html = <strong>La URL de tu feed.</strong> Cópiala ahora: Herald solo la muestra esta vez. Quien la tenga puede leer tu feed.
settings-feed-url = URL del feed
settings-new-webhook-html = <strong>Webhook añadido para { $url }.</strong> Copia ahora su secreto de firma: Herald solo lo muestra esta vez.
settings-signing-secret = Secreto de firma
settings-preferences = Preferencias
settings-time-zone = Zona horaria
settings-time-zone-hint = los plazos se muestran en esta zona
settings-language = Idioma
settings-language-hint = de las páginas, los correos y las notificaciones
settings-language-browser = El idioma de tu navegador
settings-confirm-moves = Confirmar cada jugada
settings-confirm-moves-hint = la jugada se muestra en el tablero y solo se envía tras pulsar «Confirmar», para evitar toques por error
settings-confirm-touch = en pantallas táctiles (y sin JavaScript)
settings-confirm-always = siempre
settings-confirm-never = nunca
settings-save-preferences = Guardar preferencias
settings-password = Contraseña
settings-password-about = Al cambiarla se cierra la sesión en tus otros dispositivos y se revocan todos los tokens de la API de abajo.
settings-current-password = Contraseña actual
settings-new-password = Contraseña nueva
settings-new-password-hint = al menos 8 caracteres
settings-new-password-again = Repite la contraseña nueva
settings-change-password = Cambiar la contraseña
settings-tokens = Tokens de la API
settings-tokens-about-html = Un token permite que un programa (un bot, un script, una app del móvil) juegue por ti a través de la <a href="/api/v1/openapi.json">API</a>; se envía como <code>Authorization: Bearer &lt;token&gt;</code>.
settings-no-tokens = No tienes tokens.
settings-your-tokens = Tus tokens
settings-name = Nombre
settings-created = Creado
settings-action = Acción
settings-actions = Acciones
settings-revoke = Revocar
settings-revoke-label = Revocar el token { $name }
settings-token-name = Nombre del nuevo token
settings-token-name-hint = para reconocerlo más tarde, p. ej. «mi bot»
settings-create-token = Crear un token
settings-notifications = Notificaciones
settings-notifications-about = Herald puede avisarte cuando te toca mover, cuando se te acaba el tiempo, cuando puedes reclamar la victoria y cuando termina una partida.
settings-devices = En tu móvil y en tu navegador
settings-devices-about = Herald puede enviar notificaciones a este dispositivo aunque el sitio esté cerrado: tu turno, el tiempo que se acaba, ofertas, chat y rondas de torneo (elige cuáles abajo, en «Avisar a mis dispositivos»). Aquí aparece cada navegador en el que las actives.
settings-push-unavailable = Las notificaciones en este dispositivo necesitan JavaScript y un navegador que las admita (en un iPhone o iPad: añade antes Herald a la pantalla de inicio).
settings-push-enable = Avisar a este dispositivo
settings-push-disable = Dejar de avisar a este dispositivo
settings-no-devices = Todavía ningún dispositivo recibe notificaciones.
settings-devices-caption = Dispositivos que reciben notificaciones
settings-device = Dispositivo
settings-added = Añadido
settings-last-notification = Última notificación
settings-device-via = vía { $service }
settings-this-device = (este dispositivo)
settings-last-attempt-failed = El último intento falló: { $error }
settings-none-yet = ninguna todavía
settings-device-remove-label = Dejar de avisar a { $device } (añadido el { $added })
settings-remove = Quitar
settings-send-test = Enviar una notificación de prueba
settings-email-heading = Correo electrónico, y de qué te avisa cada vía
settings-no-smtp = Este servidor no está preparado para enviar correo (su administrador no ha configurado SMTP). Tus preferencias se guardan para cuando lo esté.
settings-email = Dirección de correo
settings-email-hint = déjala vacía para no recibir correos
settings-email-unconfirmed = Aún sin confirmar: sigue el enlace que hemos enviado a esta dirección. Hasta entonces no se le envía ninguna notificación.
settings-group-email = Envíame un correo
settings-group-push = Avisar a mis dispositivos (móviles y navegadores en los que activé las notificaciones)
settings-group-feed = Ponerlo en mi feed
settings-group-webhook = Enviarlo a mis webhooks
settings-group-chat = Mensajes de chat en mis partidas
settings-group-chat-hint = nunca los de jugadores que bloqueo
settings-switch-your-move = cuando me toca mover
settings-switch-email-your-move-hint = una vez por turno, no mientras tenga la partida abierta
settings-switch-push-your-move-hint = una notificación por partida, no mientras tenga la partida abierta
settings-switch-time-warning = cuando he gastado el 80 % de mi tiempo para una jugada
settings-switch-email-claimable = cuando a mi rival se le ha acabado el tiempo y puedo reclamar la victoria
settings-switch-push-claimable = cuando puedo reclamar la victoria por tiempo
settings-switch-email-game-over = cuando termina una partida
settings-switch-push-game-over = cuando termina una partida o me ofrecen la revancha
settings-switch-push-offer = cuando un rival ofrece tablas o pide retirar una jugada
settings-switch-email-tournament = cuando empieza una ronda de un torneo en el que juego, y cuando termina el torneo
settings-switch-push-tournament = cuando empieza una ronda de un torneo en el que juego, y cuando termina
settings-switch-email-chat = por correo
settings-switch-email-chat-hint = un resumen de los mensajes que no haya visto en 30 minutos
settings-switch-push-chat = en mis dispositivos
settings-switch-push-chat-hint = cada mensaje, no mientras tenga la partida abierta
settings-switch-feed-chat = en mi feed
settings-switch-webhook-chat = a mis webhooks
settings-save-notifications = Guardar las notificaciones
settings-feed = Feed
settings-feed-about = Un feed Atom privado con las partidas en las que te toca mover, las partidas terminadas y los mensajes de chat, para un lector de feeds.
settings-feed-new = Crear una URL de feed nueva
settings-feed-make = Crear una URL de feed
settings-feed-remove = Eliminar la URL del feed
settings-feed-exists = Ya existe una URL de feed. Si creas una nueva, la anterior deja de funcionar.
settings-webhooks = Webhooks
settings-webhooks-about-html = Un webhook recibe un POST JSON firmado por cada evento de tus partidas y cada mensaje de chat que te envíen (para bots y domótica). Consulta el formato en la <a href="/api/v1/openapi.json">API</a>; la cabecera <code>X-Herald-Signature: sha256=&lt;HMAC-SHA256 del cuerpo&gt;</code> se firma con el secreto del webhook.
settings-no-webhooks = No tienes webhooks.
settings-your-webhooks = Tus webhooks
settings-url = URL
settings-state = Estado
settings-webhook-on = activo
settings-webhook-on-failing = { $count ->
    [one] activo, { $count } fallo seguido
   *[other] activo, { $count } fallos seguidos
}
settings-webhook-off = desactivado
settings-webhook-off-after = { $count ->
    [one] tras { $count } fallo
   *[other] tras { $count } fallos
}
settings-webhook-pause = Pausar
settings-webhook-pause-label = Pausar el webhook { $url }
settings-webhook-turn-on = Activar
settings-webhook-turn-on-label = Activar el webhook { $url }
settings-webhook-delete = Eliminar
settings-webhook-delete-label = Eliminar el webhook { $url }
settings-webhook-url = URL del nuevo webhook
settings-webhook-url-hint = http:// o https://
settings-webhook-url-example = https://example.org/herald
settings-add-webhook = Añadir un webhook
settings-vacation = Vacaciones
settings-vacation-about-html = { $count ->
    [one] Mientras estás de vacaciones, los relojes de tus turnos se detienen, nadie puede reclamar la victoria contra ti y tus rivales ven que estás ausente. Terminan cuando las desactivas, cuando haces una jugada o cuando se agota el único día de este año (<a href="/help/time#vacation">cómo funcionan las vacaciones</a>).
   *[other] Mientras estás de vacaciones, los relojes de tus turnos se detienen, nadie puede reclamar la victoria contra ti y tus rivales ven que estás ausente. Terminan cuando las desactivas, cuando haces una jugada o cuando se agotan los { $count } días de este año (<a href="/help/time#vacation">cómo funcionan las vacaciones</a>).
}
settings-vacation-on-html = <strong>Estás de vacaciones</strong> desde el { $since }; terminan solas el { $ends }.
settings-vacation-used = Usado este año: { $used }. Restante: { $left }.
settings-vacation-switch-off = Terminar las vacaciones
settings-vacation-switch-on = Empezar las vacaciones
settings-vacation-none-left = No te quedan vacaciones este año
settings-your-data = Tus datos
settings-export-html = <a href="/api/v1/me/export" download>Descarga todo lo que Herald guarda sobre ti</a> (JSON: cuenta, partidas, puntuaciones, notas, variantes, jugadas condicionales, mensajes de chat, tokens, sesiones, webhooks, ajustes de notificaciones, bloqueos, denuncias y advertencias).
settings-delete-about = Eliminar tu cuenta no se puede deshacer. Tus partidas se quedan en el archivo (con tus mensajes de chat) bajo el nombre «usuario eliminado» y un número; se borran tu contraseña, sesiones, tokens, webhooks, dirección de correo, ajustes y bloqueos.
settings-delete-password = Tu contraseña, para confirmar
settings-delete-account = Eliminar mi cuenta
settings-saved-preferences = Tus preferencias se han guardado.
settings-saved-password = Tu contraseña ha cambiado. Se cerró la sesión en los demás dispositivos y se revocaron tus tokens de la API: crea tokens nuevos para tus programas.
settings-saved-revoked = El token está revocado: los programas que lo usen ya no pueden actuar por ti.
settings-saved-notifications = Tus preferencias de notificación se han guardado.
settings-saved-email-confirmed = Tu dirección de correo está confirmada: las notificaciones irán a ella.
settings-saved-feed-removed = La URL del feed se ha eliminado: los lectores que la usen ya no recibirán nada.
settings-saved-webhook-changed = El webhook se ha cambiado.
settings-saved-webhook-removed = El webhook y su registro de entregas se han eliminado.
settings-saved-device-removed = Ese dispositivo ya no recibirá notificaciones.
settings-saved-push-test = Una notificación de prueba va de camino a cada uno de tus dispositivos.
settings-saved-vacation-on = Estás de vacaciones: tus relojes están parados hasta que muevas o las desactives.
settings-saved-vacation-off = Se acabaron las vacaciones: tus relojes vuelven a correr.
settings-error-time-zone = Elige una zona horaria de la lista.
settings-error-confirmation = Elige cuándo esperan confirmación las jugadas: en pantallas táctiles, siempre o nunca.
settings-error-language = Elige un idioma de la lista.
settings-error-current-password = Tu contraseña actual no es correcta.
settings-error-passwords-differ = Las dos contraseñas nuevas no coinciden.
settings-login-wrong = Nombre de usuario o contraseña incorrectos.
settings-signup-passwords-differ = Las dos contraseñas no coinciden.
settings-webhook-log-title = Entregas del webhook
settings-back = ← Volver a los ajustes
settings-webhook-log-to-html = A <code>{ $url }</code>:
settings-webhook-log-failures = { $count ->
    [one] , { $count } intento fallido seguido
   *[other] , { $count } intentos fallidos seguidos
}
settings-webhook-log-empty = Aún no se ha enviado nada: las entregas aparecen aquí cuando pasa algo en una de tus partidas.
settings-webhook-log-caption = { $count ->
    [one] La última entrega
   *[other] Las últimas { $count } entregas, de la más reciente a la más antigua
}
settings-when = Cuándo
settings-game = Partida
settings-event = Evento
settings-attempts = Intentos
settings-last-answer = Última respuesta
settings-delivery-tournament = torneo { $id }
settings-delivery-pending = pendiente
settings-delivery-pending-next = pendiente, próximo intento { $at }
settings-delivery-delivered = entregada
settings-delivery-failed = fallida
settings-http-status = HTTP { $code }
settings-unsubscribe-title = Dejar de recibir correos
settings-unsubscribe-heading = Dejar de recibir correos de Herald
settings-unsubscribe-done-html = Hecho: Herald no te enviará más correos. Puedes volver a activarlos en tus <a href="/settings#notifications">ajustes de notificaciones</a>.
settings-unsubscribe-about = Pulsa el botón para desactivar todos los correos que te envía Herald (tu turno, avisos de tiempo, partidas que puedes reclamar, resultados).
settings-unsubscribe-button = Dejar de recibir correos
settings-unsubscribe-invalid-html = Este enlace para darse de baja no es válido: puede que se cortara al copiarlo. Vuelve a abrir el enlace del correo o cambia tus preferencias en tus <a href="/settings#notifications">ajustes de notificaciones</a>.
