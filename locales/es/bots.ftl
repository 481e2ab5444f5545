# Los bots: la lista pública (/bots) y la página de administración (/admin/bots).
bots-title = Bots
bots-intro-html = Los bots son jugadores de ordenador que maneja el motor de este servidor, cada uno con un nivel del 1 (el primer rival de un principiante) al 8 (<a href="/help/engine">los niveles</a>). Desafía a uno desde su línea de abajo: acepta la partida en segundos y responde cada jugada en segundos; la mayoría también acepta desafíos abiertos que nadie aceptó durante un rato. Un bot nunca reclama la victoria por tiempo: te espera.
bots-rated-on-html = Las partidas contra bots son puntuables cuando pides una partida puntuable y el bot juega partidas puntuables, y las clasificaciones no incluyen a los bots (<a href="/leaderboard?bots=1">verlos</a>).
bots-rated-off-html = Las partidas contra bots son amistosas en este sitio, y las clasificaciones no incluyen a los bots (<a href="/leaderboard?bots=1">verlos</a>).
bots-none = Este sitio todavía no tiene bots: los crea un administrador.
bots-level = nivel { $level }
bots-plays = Juega { $games }, { $min }-{ $max } días por jugada, { $rated }.
bots-plays-open = Juega { $games }, { $min }-{ $max } días por jugada, { $rated }; acepta los desafíos abiertos que nadie aceptó tras { $minutes ->
        [one] 1 minuto
       *[other] { $minutes } minutos
    }.
bots-games-now = { $max ->
    [one] { $current } de 1 partida ahora
   *[other] { $current } de { $max } partidas ahora
}
bots-no-rating = Todavía sin puntuación.
bots-paused-now = Este bot está en pausa: no acepta partidas nuevas.
bots-busy = Ocupado: ya juega todas las partidas que admite.
bots-challenge = Desafiar a { $name }
bots-every-game = todos los juegos
bots-rated-both = puntuables o amistosas
bots-rated-casual = solo amistosas
bots-rated-rated = solo puntuables

## La página de administración.
bots-admin-intro-html = Un bot es una cuenta con la que el servidor juega mediante su motor (nunca inicia sesión). Acepta los desafíos que se le envían dentro de sus ajustes, los desafíos abiertos que nadie aceptó tras la espera que fijes y los puestos que los creadores ocupan con bots. Calcula en los hilos de trabajo del motor (<code>--engine-threads</code>), sin ralentizar nunca las jugadas de las personas.
bots-admin-rated-on-html = Si las partidas con bots pueden ser puntuables es un <a href="/admin">ajuste del sitio</a> (activado).
bots-admin-rated-off-html = Si las partidas con bots pueden ser puntuables es un <a href="/admin">ajuste del sitio</a> (desactivado: son amistosas).
bots-admin-create = Crear un bot
bots-admin-name = Nombre
bots-admin-name-hint = 3-20 letras, cifras, - y _
bots-admin-create-submit = Crear el bot
bots-admin-none = Todavía no hay bots.
bots-admin-paused = (en pausa)
bots-admin-save = Guardar { $name }
bots-admin-level = Nivel
bots-admin-level-hint = 1-8, los niveles del motor
bots-admin-description = Descripción
bots-admin-description-hint = una línea, se muestra en /bots
bots-admin-games = Juegos que acepta
bots-admin-games-hint = ninguno marcado: todos los juegos
bots-admin-days-from = Días por jugada, de
bots-admin-days-to = a
bots-admin-rated = Puntuable o amistosa
bots-admin-max-games = Partidas a la vez
bots-admin-takes-open = Acepta desafíos abiertos que nadie aceptó
bots-admin-open-after = tras minutos
bots-admin-paused-label = En pausa
bots-admin-paused-hint = no acepta partidas nuevas; termina las que juega
