# Error and message pages.
errors-status = Error { $status }
errors-log-out = Cerrar sesión
errors-home = Ir a la página de inicio
errors-copy-secret = Cópielo ahora: no se volverá a mostrar.
errors-back = Volver
errors-title-did-not-work = Eso no funcionó
errors-title-log-in = Inicie sesión
errors-title-not-allowed = No permitido
errors-title-not-found = Página no encontrada
errors-title-not-possible = No es posible aquí
errors-title-changed = Algo ha cambiado
errors-title-busy = Herald está ocupado
errors-title-too-much = Demasiado a la vez
errors-title-slow-down = Más despacio
errors-title-went-wrong = Algo salió mal
errors-title-banned = Su cuenta está bloqueada
errors-title-suspended = Su cuenta está suspendida
