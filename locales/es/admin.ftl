# Las páginas de administración bajo /admin y la respuesta a una denuncia.
admin-title = Administración
admin-nav-site = Sitio
admin-nav-users = Usuarios
admin-nav-games = Partidas
admin-nav-reports = Denuncias
admin-nav-invitations = Invitaciones
admin-nav-bots = Bots
admin-nav-audit = Registro de auditoría
admin-yes = sí
admin-no = no

## Panel: los ajustes del sitio.
admin-no-open-reports = No hay denuncias abiertas.
admin-open-reports = { $count ->
    [one] 1 denuncia abierta
   *[other] { $count } denuncias abiertas
}
admin-site-settings = Ajustes del sitio
admin-site-name = Nombre del sitio
admin-site-name-hint = en los títulos de las páginas y en la cabecera
admin-notice = Aviso
admin-notice-hint = texto sin formato en todas las páginas; vacío si no hay ninguno
admin-signup = Registro
admin-signup-open = Abierto a todos
admin-signup-closed = Cerrado
admin-signup-invite-only = Solo con invitación
admin-suspended-games = Partidas de jugadores suspendidos o bloqueados
admin-suspended-games-hint = los relojes siguen corriendo: los rivales pueden reclamar la victoria por tiempo; aplazadas: sus relojes se detienen hasta que termine la sanción
admin-suspended-games-clock-runs = Los relojes siguen corriendo
admin-suspended-games-adjourned = Aplazadas
admin-deleted-chat = Mensajes de chat de cuentas eliminadas
admin-deleted-chat-hint = anonimizar: se quedan bajo «deleted user N»; eliminar: se borra su texto
admin-deleted-chat-anonymise = Anonimizar
admin-deleted-chat-remove = Eliminar
admin-member-invites = Los miembros pueden crear enlaces de invitación
admin-analysis-cap = Análisis por ordenador por usuario y día
admin-analysis-cap-hint = 0 desactiva las solicitudes
admin-engine-in-running-games = Los jugadores pueden consultar al motor sobre sus partidas en curso
admin-engine-in-running-games-hint = desactivado: el tablero de análisis no evalúa posiciones de una partida propia en curso (como lichess); activado: se permite la ayuda del motor (como en la ICCF)
admin-rated-bot-games = Las partidas contra bots pueden ser puntuables
admin-rated-bot-games-hint = desactivado: toda partida con un bot es amistosa; activado: puntuable cuando todas las personas que juegan pidieron una partida puntuable y el bot acepta partidas puntuables
admin-save-settings = Guardar los ajustes

## Usuarios.
admin-users-title = Usuarios
admin-users-prefix = El nombre empieza por
admin-users-search = Buscar
admin-users-nobody = Nadie.
admin-users-user = Usuario
admin-users-standing = Estado
admin-users-admin = Admin
admin-users-muted = silenciado
admin-users-next = Página siguiente
admin-standing-active = activo
admin-standing-suspended = suspendido hasta { $until }
admin-standing-banned = bloqueado desde { $since }

## Un usuario.
admin-user-chat = Chat
admin-user-muted-until = silenciado hasta { $until }
admin-user-not-muted = no silenciado
admin-user-administrator = Administrador
admin-user-member-since = Miembro desde
admin-user-games = Partidas
admin-user-sessions = Sesiones
admin-user-sessions-live = { $count ->
    [one] 1 activa
   *[other] { $count } activas
}
admin-user-api-tokens = { $count ->
    [one] 1 token de API
   *[other] { $count } tokens de API
}
admin-user-public-profile = Perfil público
admin-user-actions = Acciones
admin-user-unsuspend = Levantar la suspensión
admin-user-suspend-days = Días de suspensión
admin-user-why = Motivo
admin-user-suspend = Suspender
admin-user-unban = Levantar el bloqueo
admin-user-ban = Bloquear
admin-user-unmute = Quitar el silencio
admin-user-mute-days = Días de silencio en el chat
admin-user-mute = Silenciar
admin-user-new-password = Contraseña nueva
admin-user-new-password-hint = vacía: se genera una
admin-user-reset-password = Restablecer la contraseña
admin-user-revoke-admin = Retirar los derechos de administrador
admin-user-grant-admin = Hacer administrador
admin-user-delete-confirm-html = Escribe <strong>{ $name }</strong> para eliminar la cuenta
admin-user-delete = Eliminar la cuenta
admin-user-history = Historial
admin-user-nothing-recorded = Nada registrado.
admin-password-reset-title = Contraseña restablecida
admin-password-reset = La contraseña de { $name } se ha restablecido: { $sessions ->
        [one] 1 sesión cerrada
       *[other] { $sessions } sesiones cerradas
    } y { $tokens ->
        [one] 1 token de API revocado
       *[other] { $tokens } tokens de API revocados
    }.

## Partidas.
admin-games-title = Partidas
admin-games-intro = Las últimas partidas modificadas. Terminar una la anula sin resultado; el motivo se muestra en su página.
admin-games-line = { $status }, jugada { $ply }, { $players } · modificada { $at }
admin-games-open-seat = (libre)
admin-game-status-waiting = en espera
admin-game-status-active = en juego
admin-game-status-finished = terminada
admin-game-status-aborted = anulada
admin-games-reason = Motivo para terminarla
admin-games-end = Terminar la partida
admin-games-none = Todavía no hay partidas.

## Denuncias.
admin-reports-title = Denuncias
admin-reports-open = Abiertas
admin-reports-by-at = De { $reporter }, { $at }
admin-reports-action = Medida
admin-report-action-dismiss = Desestimar
admin-report-action-warn = Advertir al usuario
admin-report-action-suspend = Suspender al usuario
admin-report-action-ban = Bloquear al usuario
admin-reports-user = Usuario afectado
admin-reports-user-hint = para advertir, suspender y bloquear
admin-reports-days = Días de suspensión
admin-reports-note = Nota
admin-reports-resolve = Resolver
admin-reports-resolved = Resueltas
admin-reports-none-resolved = Ninguna todavía.
admin-reports-reported = { $target }, denunciado por { $reporter }: { $reason }
admin-reports-resolved-by = por { $name }
admin-reports-older = Anteriores
admin-report-target-user = usuario { $name }
admin-report-target-game = partida { $id }
admin-report-target-message = mensaje de chat { $seq } de la partida { $game }
admin-report-sent-title = Denuncia enviada
admin-report-sent = Gracias: los administradores la revisarán.

## Invitaciones.
admin-invitations-title = Invitaciones
admin-invitations-uses = Usos
admin-invitations-expires-in-days = Caduca en días
admin-invitations-note = Nota
admin-invitations-note-hint = para quién es
admin-invitations-create = Crear un enlace de invitación
admin-invitations-none = Todavía no hay invitaciones.
admin-invitations-by = De
admin-invitations-used = Usada
admin-invitations-expires = Caduca
admin-invitations-revoked = revocada
admin-invitations-revoke = Revocar
admin-invitations-spent = agotada
admin-invitation-created-title = Invitación creada
admin-invitation-created = { $count ->
    [one] Envía este enlace a quien invites (1 uso). Solo se muestra ahora: Herald guarda únicamente un hash.
   *[other] Envía este enlace a quienes invites ({ $count } usos). Solo se muestra ahora: Herald guarda únicamente un hash.
}

## El registro de auditoría.
admin-audit-title = Registro de auditoría
admin-audit-empty = Todavía no hay nada registrado.
admin-audit-older = Entradas anteriores
admin-audit-by = por { $actor }, { $at }
admin-audit-by-note = por { $actor }, { $at }: { $note }
admin-audit-target-user = usuario { $target }
admin-audit-target-game = partida { $target }
admin-audit-target-report = denuncia { $target }
admin-audit-target-invitation = invitación { $target }
admin-audit-target-site = ajustes del sitio
admin-audit-action-create-user = Cuenta creada
admin-audit-action-suspend = Suspendido
admin-audit-action-unsuspend = Suspensión levantada
admin-audit-action-ban = Bloqueado
admin-audit-action-unban = Bloqueo levantado
admin-audit-action-mute = Silenciado
admin-audit-action-unmute = Silencio quitado
admin-audit-action-reset-password = Contraseña restablecida
admin-audit-action-grant-admin = Hecho administrador
admin-audit-action-revoke-admin = Derechos de administrador retirados
admin-audit-action-delete-user = Cuenta eliminada
admin-audit-action-end-game = Partida terminada
admin-audit-action-hide-message = Mensaje de chat ocultado
admin-audit-action-resolve-report = Denuncia resuelta
admin-audit-action-update-site = Ajustes del sitio cambiados
admin-audit-action-create-invitation = Invitación creada
admin-audit-action-revoke-invitation = Invitación revocada
admin-audit-action-create-bot = Bot creado
admin-audit-action-update-bot = Bot modificado
