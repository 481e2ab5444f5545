# The help pages (templates/help_time.html, help_takebacks.html, help_engine.html,
# help_analysis.html, help_ratings.html) and the scoring sentences built in pages/help.rs.
# Keys ending in -html are printed unescaped: keep their markup as it is.

## How the clock works (/help/time)
help-time-title = Cómo funciona el reloj
help-time-lead = En Herald se juega por correspondencia: no hay un reloj en marcha, solo un plazo para cada jugada.
help-time-days-heading = Días por jugada
# $max and $default are numbers of days.
help-time-days = Cada partida tiene un número fijo de días por jugada, elegido al crearla: de 1 a { $max }, { $default } si quien la crea no elige otra cosa. Cada jugador dispone de ese tiempo para cada jugada.
help-time-turn-heading = Cuándo empieza y termina tu turno
help-time-start-term = Inicio
help-time-start = Tu turno empieza en el momento en que se guarda la jugada anterior. El primer turno de una partida empieza cuando se ocupa el último puesto.
help-time-deadline-term = Plazo
help-time-deadline-html = El plazo es el inicio más los días por jugada, al minuto (24 horas por día). Herald lo muestra en tu zona horaria (configúrala en <a href="/settings#preferences">Ajustes</a>) y como tiempo restante, por ejemplo «quedan 2 días 4 horas».
help-time-no-saving-term = Sin acumular
help-time-no-saving = Con días por jugada, el tiempo que no usas no se acumula: jugar rápido no te da más tiempo después. Los otros dos relojes llevan una reserva.
help-time-kinds-heading = Días Fischer y relojes ICCF
help-time-kinds = Quien crea una partida, o quien organiza un torneo, puede elegir, en lugar de días por jugada, uno de dos relojes que llevan una reserva de tiempo. La página de la partida muestra la reserva de cada jugador, y la API da el tiempo de cada puesto como remaining_ms.
help-time-fischer-term = Días Fischer
help-time-fischer = Cada jugador empieza con una reserva de días (de 1 a { $max_bank }). El tiempo que tardas en una jugada se descuenta de tu reserva, al milisegundo; tras cada jugada se suma el incremento (de 0 a { $max_increment } horas), pero la reserva nunca supera su máximo. Tu plazo es el inicio de tu turno más toda tu reserva. Una respuesta condicional, que se juega en el instante en que empieza su turno, no gasta tiempo y aun así recibe el incremento.
help-time-iccf-term = ICCF: jugadas en días
help-time-iccf = Como en las competiciones por correspondencia de la ICCF (su reglamento de juego, artículo 2.4.2): tienes D días por cada M jugadas, por ejemplo 10 jugadas en 50 días, y el tiempo que no usas se acumula. Tras tu M-ésima jugada (y tu 2M-ésima, y así sucesivamente) se suman otros D días a lo que te queda.
help-time-iccf-whole-days-term = Días completos
help-time-iccf-whole-days = Herald cuenta a cada jugada los periodos completos de 24 horas que pasaron mientras tenías el turno: una respuesta en menos de 24 horas no cuesta nada, una respuesta tras 3 días y 5 horas cuesta 3 días. Las horas posteriores al último día completo no se cuentan, y el tiempo de vacaciones no cuenta.
help-time-iccf-double-term = Tiempo doble
help-time-iccf-double = A una sola jugada que tarda más de 20 días completos se le cuenta doble cada día por encima del vigésimo: 23 días cuestan 26.
help-time-iccf-flag-term = Quedarse sin tiempo
help-time-iccf-flag = Te quedas sin tiempo cuando los días contados por tu jugada en curso superarían los días que quedan en tu reserva; la página de la partida muestra ese momento como tu plazo. Una jugada hecha después, antes de que alguien reclame, te deja con la reserva vacía.
help-time-iccf-not-term = Lo que Herald no copia
help-time-iccf-not = La regla de los 40 días de silencio de la ICCF y sus propias normas de permisos: el cupo de vacaciones de Herald y la reclamación que se explica abajo se aplican a todos los tipos de reloj.
help-time-timeout-heading = Cuando a un jugador se le acaba el tiempo
help-time-claim-html = Cuando vence un plazo, el rival que espera al jugador retrasado puede <strong>reclamar la victoria</strong> (en Chatrang, cualquiera de los dos jugadores del otro equipo). Mientras nadie la reclame, el jugador retrasado todavía puede mover, y esa jugada anula la reclamación.
help-time-claim-ends = La reclamación termina la partida: el jugador retrasado pierde por tiempo. En Chatrang el jugador retrasado queda fuera como si hubiera abandonado, y la partida sigue mientras su compañero siga jugando. Si el jugador retrasado no había hecho ninguna jugada en la partida, esta se anula y no tiene resultado.
help-time-automatic = Algunas partidas se crean para terminar automáticamente al vencer el plazo, sin esperar una reclamación. Y ninguna partida espera para siempre: Herald termina una partida en la que se pudo reclamar la victoria durante mucho tiempo (30 días, salvo que el servidor diga otra cosa).
help-time-warning = Herald avisa a un jugador una vez cuando ha consumido el 80 % de su turno: el 80 % del tiempo que tenía al empezar el turno (los días por jugada, la reserva Fischer o los días ICCF antes de quedarse sin tiempo).
help-time-takeback-html = En una partida amistosa, <a href="/help/takebacks">retirar una jugada</a>, si se acepta, da al jugador cuya jugada se retiró un plazo nuevo desde el momento en que se aceptó: los días por jugada completos o, con los relojes Fischer e ICCF, la reserva tal como esté (el tiempo ya gastado no se devuelve).
help-time-vacation-heading = Vacaciones
help-time-vacation = Cada cuenta tiene un cupo anual de días de vacaciones (30, salvo que el servidor diga otra cosa). Mientras estás de vacaciones, los plazos de tus turnos se aplazan el tiempo transcurrido, y tus rivales ven que estás de vacaciones. Terminan cuando las desactivas o haces una jugada.

## Takebacks (/help/takebacks)
help-takebacks-title = Retirar jugadas
help-takebacks-lead = ¿Te equivocaste de clic? En una partida amistosa puedes pedir retirar tu jugada, y tu rival decide.
help-takebacks-when-heading = Cuándo puedes pedirlo
help-takebacks-when-casual-html = Solo en partidas <strong>amistosas</strong> que no forman parte de un torneo. Las partidas puntuables y las de torneo nunca permiten retirar jugadas.
help-takebacks-when-in-progress = La partida está en curso, juegas en ella y sigues en ella (en Chatrang, no has quedado fuera).
help-takebacks-when-own-move-html = La jugada es <strong>tu propia última jugada</strong> y sigue siendo la última de la partida: nadie ha movido desde entonces. En Chatrang responde a tu petición el siguiente jugador en mover.
help-takebacks-when-one-request = Una petición cada vez: mientras una petición espera respuesta, nadie puede hacer otra.
help-takebacks-answering-heading = La respuesta
help-takebacks-answering = El jugador al que le toca mover (tu rival o, en Chatrang, el siguiente jugador) ve la petición en la página de la partida y la acepta o la rechaza. Un bot acepta enseguida. Puedes retirar tu petición hasta que se responda.
help-takebacks-lapses = Una petición caduca cuando se hace cualquier jugada (si tu rival mueve en lugar de responder, es un no) y cuando termina la partida.
help-takebacks-accepted-heading = Qué hace una retirada aceptada
help-takebacks-accepted-removed = Tu jugada se elimina: el tablero, la lista de jugadas, el resaltado de la última jugada y el registro de la partida (y su PGN) retroceden una jugada, exactamente como si nunca se hubiera hecho. Todo lo que cuentan las reglas (jaques seguidos, zonas, un sacrificio ya usado, jugadores fuera) se vuelve a calcular a partir de las jugadas restantes.
help-takebacks-accepted-clock-html = <strong>El reloj:</strong> vuelve a ser tu turno, con un plazo nuevo: los días por jugada completos de la partida, contados desde el momento en que se aceptó la retirada (como si tu rival acabara de mover). Un aviso ya enviado por tu turno anterior no cuenta: se te vuelve a avisar al 80 %.
help-takebacks-accepted-draws = Las ofertas de tablas pendientes caducan: se hicieron sobre una posición que ya no existe. Vuelve a ofrecerlas si todavía quieres tablas.
help-takebacks-accepted-conditional = Las jugadas condicionales guardadas después de tu jugada (por cualquier jugador) se descartan, con un aviso: seguían a una posición que ya no existe. También se eliminan las notas sobre la posición posterior a tu jugada y las variantes de análisis guardadas que parten de ella.
help-takebacks-accepted-log = El registro de eventos de la partida conserva toda la historia: la jugada, la petición y la respuesta.
help-takebacks-declined = Una petición rechazada no cambia nada: tu jugada se mantiene y el reloj sigue corriendo como antes.

## The engine and fair play (/help/engine)
help-engine-title = El motor y el juego limpio
help-engine-lead = Herald tiene su propio motor para sus cuatro juegos: evalúa posiciones en el tablero de análisis, y el mismo motor juega en ocho niveles.
help-engine-eval-heading = La evaluación en el tablero de análisis
# $budget is a number of milliseconds.
help-engine-eval-html = Activa <b>Motor</b> bajo el tablero de análisis y cada posición a la que vayas se evalúa: un número de peones (una centésima de peón es un centipeón; +1,00 es más o menos un peón de ventaja) desde el punto de vista del bando al que le toca mover, o «gana en N» cuando ve una victoria forzada a N jugadas de ese bando, con su mejor jugada y la línea que espera. El motor piensa como mucho { $budget } milisegundos por posición en el servidor, así que su juicio es rápido, no profundo: úsalo para comprobar la táctica, no como la última palabra.
help-engine-fair-play-heading = Juego limpio en partidas en curso
help-engine-allowed-html = En este sitio <b>la ayuda del motor está permitida</b> en partidas en curso, como en el ajedrez por correspondencia de la ICCF: cualquier jugador puede consultar al motor sobre las posiciones de sus propias partidas.
help-engine-not-allowed-html = En este sitio <b>la ayuda del motor no está permitida</b> en partidas en curso, como en lichess: el servidor se niega a evaluar una posición de una de tus partidas en curso, o una posición una jugada después. Los espectadores pueden evaluar cualquier posición, y cuando una partida ha terminado sus jugadores pueden estudiarla con el motor como cualquier otra persona. El tablero de análisis libre siempre evalúa las posiciones que no están en tus partidas en curso.
help-engine-rule = Los administradores del sitio eligen esta regla (la ICCF permite motores en el juego por correspondencia; lichess no).
help-engine-bots-heading = Bots
help-engine-bots-html = El mismo motor juega con los <a href="/bots">bots</a> del club: cuentas marcadas con una insignia BOT, cada una en uno de los ocho niveles del motor, desde el nivel 1 (el primer rival de un principiante, apenas mejor que jugadas al azar) hasta el nivel 8. Cada nivel logra entre un 60 % y un 85 % contra el inferior en todos los juegos. Un bot responde segundos después de que le llegue el turno, nunca reclama una victoria por tiempo (te espera) y puede ocupar los puestos libres de una mesa de Chatrang, donde juega para el equipo de su compañero. Las clasificaciones dejan fuera a los bots salvo que lo pidas (<a href="/leaderboard?bots=1">con bots</a>).

## Computer analysis (/help/analysis)
help-analysis-title = Análisis por ordenador
help-analysis-lead-html = Cualquier miembro con sesión iniciada puede pedir el análisis por ordenador de una partida terminada (todas las partidas de este sitio son públicas): el botón está bajo la partida, o <code>POST /api/v1/games/{"{"}id{"}"}/analysis</code>. Una partida se analiza una sola vez; pedirlo de nuevo muestra el mismo análisis.
help-analysis-queue-heading = La cola y el límite diario
# $cap is a number of analyses.
help-analysis-queue-html = Las peticiones esperan en una cola: cada servidor trabaja en una partida a la vez, en los propios hilos del motor, así que las jugadas se responden igual de rápido mientras piensa. Cada miembro puede pedir como mucho <strong>{ $cap }</strong> análisis al día (UTC); los administradores fijan el límite en <a href="/admin">la página de administración</a> (0 desactiva las peticiones). Mientras la partida espera o se está analizando, la página lo indica y la API responde 202; cuando termina, 200.
help-analysis-computed-heading = Qué se calcula
# $nodes is a number of positions searched.
help-analysis-computed-html = El motor examina cada posición de la partida durante un número fijo de nodos ({ $nodes } en este servidor). Cada jugada recibe la evaluación posterior, en peones (o un final forzado, <code>#n</code>, en jugadas), siempre desde el punto de vista del bando que mueve primero (en Chatrang: el equipo del primer puesto); la mejor jugada y la línea del motor en la posición anterior; y una marca.
help-analysis-marks-heading = Imprecisiones, errores y errores graves
help-analysis-chances-html = Una evaluación se convierte en <em>probabilidades de ganar</em> de −1 (perdida) a +1 (ganada) con la curva que lichess ajustó a los resultados de sus jugadores: probabilidades = 2 / (1 + e<sup>−0.00368·cp</sup>) − 1, con los centipeones limitados a ±10 peones y una victoria o derrota forzada contando como ±1. Una jugada se juzga por las probabilidades que cedió el bando que la hizo (en Chatrang, el equipo del jugador):
help-analysis-inaccuracy = una caída de 0,1 o más: imprecisión (?!, NAG $6);
help-analysis-mistake = 0,2 o más: error (?, $2);
help-analysis-blunder = 0,3 o más: error grave (??, $4).
help-analysis-example = Por ejemplo, pasar de una posición igualada (0,00) a −0,50 es una caída de 0,09: sin marca; a −0,60, una caída de 0,11: una imprecisión; de +1,00 a −1,00, una caída de 0,36: un error grave. Probabilidades en lugar de simples centipeones, porque perder un peón importa en una partida igualada y casi nada cuando ya se tienen nueve peones de ventaja o de desventaja.
help-analysis-accuracy-heading = Precisión
help-analysis-accuracy-html = La precisión de cada jugada es 103.1668 · e<sup>−0.04354·d</sup> − 3.1669, entre 0 y 100, donde <em>d</em> es la caída del porcentaje de victoria del jugador (50 + 50 × probabilidades) causada por la jugada (0 si la jugada no perdió nada). Una jugada que mantiene las probabilidades obtiene 100; perder 10 puntos de porcentaje de victoria, unos 64. La precisión de un jugador es la media simple de sus jugadas.
help-analysis-pgn-heading = PGN
help-analysis-pgn-html = Una vez analizada, el PGN de la partida lleva la evaluación tras cada jugada como <code>{"{"}[%eval 0.35]{"}"}</code> y las marcas como NAG.
help-analysis-fair-play-heading = Ayuda del motor durante una partida
help-analysis-fair-play-allowed-html = El tablero de análisis de una posición libre (<a href="/analysis">/analysis</a>) siempre puede consultar al motor. En una partida en curso, la evaluación del motor está desactivada para sus jugadores salvo que los administradores permitan la ayuda del motor en partidas en curso (el ajedrez por correspondencia de la ICCF permite motores; lichess no). En este sitio: <strong>permitida</strong>.
help-analysis-fair-play-not-allowed-html = El tablero de análisis de una posición libre (<a href="/analysis">/analysis</a>) siempre puede consultar al motor. En una partida en curso, la evaluación del motor está desactivada para sus jugadores salvo que los administradores permitan la ayuda del motor en partidas en curso (el ajedrez por correspondencia de la ICCF permite motores; lichess no). En este sitio: <strong>no permitida</strong>.

## How ratings work (/help/ratings)
help-ratings-title = Cómo funciona la puntuación
help-ratings-lead = Cada jugador tiene una puntuación por juego (el Ajedrez antiguo con o sin sus opciones cuenta como un solo juego), calculada con Glicko-2, el sistema que usan lichess y pychess.
help-ratings-rated-heading = Partidas puntuables y amistosas
help-ratings-rated = Quien crea una partida elige: puntuable o amistosa. Una partida es puntuable salvo que su creador diga lo contrario, excepto en una cuenta con menos de un día, cuyas partidas son amistosas salvo que pida puntuable (así una cuenta nueva no puede acumular puntuación ni por accidente ni a propósito). Solo una partida puntuable que terminó después de que cada jugador moviera al menos una vez cambia las puntuaciones: en Chatrang eso significa los cuatro jugadores, no uno de cada equipo, así que una partida que termina (por abandonos, por ejemplo) antes de que cada uno de los cuatro haya hecho una jugada no puntúa, gane el equipo que gane. Pasar cuenta como jugada; abandonar o quedarse sin tiempo, no. Las partidas anuladas, las invitaciones rechazadas y las partidas terminadas por un administrador tampoco cambian nunca las puntuaciones.
help-ratings-deviation-heading = Una puntuación y su desviación
# $deviation is the deviation above which a rating is provisional, $days a number of days.
help-ratings-deviation-html = Una puntuación va acompañada de una desviación: lo segura que está Herald de ella. Todo el mundo empieza con 1500 ± 350, y una primera partida puntuable se calcula exactamente desde ahí, por mucho que durara la partida. La desviación se reduce con cada partida puntuable y vuelve a crecer, semana a semana, mientras un jugador está ausente, para que la puntuación de quien vuelve se mueva rápido hasta donde está ahora. Una puntuación con una desviación superior a { $deviation } es provisional: se muestra con un signo de interrogación (1523?) y queda fuera de la <a href="/leaderboard">clasificación</a>, que incluye a los jugadores que han jugado una partida puntuable en los últimos { $days } días. La clasificación juzga la desviación tal como está hoy, tal como la muestra: un jugador consolidado cuya desviación ha superado { $deviation } durante su ausencia vuelve a ser provisional y sale de la lista hasta su siguiente partida puntuable.
help-ratings-result-heading = Lo que vale un resultado
help-ratings-result-html = Decide la puntuación propia de cada juego: un resultado vale ½ + (tus puntos − los puntos de tu rival) ÷ (2 × los puntos de una victoria).
help-ratings-chatrang-heading = Chatrang: dos equipos de dos
# Printed unescaped (no markup inside).
help-ratings-chatrang-html = La puntuación de un equipo es la media de las puntuaciones de sus dos compañeros. Cada jugador se puntúa como en una partida de dos contra un rival compuesto: la puntuación media del otro equipo, desplazada según lo lejos que esté el jugador de la media de su propio equipo, con una desviación que es la media cuadrática de las desviaciones de los dos rivales (la raíz cuadrada de la media de sus cuadrados: 60 y 300 dan 216, más que su media, 180, de modo que un rival incierto pesa más). Así, lo que se espera de una partida depende de las puntuaciones de los dos equipos, no de quién se sentó dónde, y la puntuación de cada jugador se mueve según su propia desviación: la de un compañero nuevo, mucho; la de uno consolidado, poco.
help-ratings-tiebreaks-heading = Tablas de torneo y desempates
help-ratings-tiebreaks = La tabla de un torneo cuenta los puntos propios de cada juego (Ajedrez Nowan: 2 por victoria, 1 por victoria por ahogado). Los empates se deshacen en el orden que fija el torneo:
help-ratings-tiebreak-direct = Encuentro directo: los puntos logrados en las partidas entre los jugadores empatados, cuando cada uno de ellos se ha enfrentado a todos los demás.
help-ratings-tiebreak-sonneborn = Sonneborn-Berger: por cada partida, los puntos finales del rival multiplicados por la parte de los puntos de esa partida que ganaste (todos por una victoria, la mitad por unas tablas; en el Ajedrez Nowan, la mitad por una victoria por ahogado).
help-ratings-tiebreak-buchholz = Buchholz: la suma de los puntos finales de los rivales; el Buchholz mediano deja fuera al mejor y al peor rival.
help-ratings-tiebreak-wins = Victorias: partidas ganadas.
help-ratings-tiebreak-unplayed = Una ronda sin partida (un bye, una incomparecencia, una ronda tras una retirada o antes de una inscripción tardía) cuenta como dicen las normas de desempate de la FIDE: como una partida contra un rival con la puntuación del propio jugador (limitada como la limitan las normas de 2026), y en Buchholz Cut-1 y Buchholz mediano esas rondas son las primeras que se descartan. Buchholz Cut-1 descarta solo el término más bajo; las victorias cuentan incomparecencias y byes que valen una victoria, las victorias sobre el tablero solo partidas jugadas.
# Printed unescaped (no markup inside).
help-ratings-units-html = La página del torneo muestra los puntos y los desempates en puntos. La API da todos los desempates salvo las victorias en medios puntos, la unidad de sus puntos: el doble de las cifras de la página. Comparado con las definiciones habituales, que multiplican por los puntos logrados en cada partida, el Buchholz de la API siempre está duplicado y su Sonneborn-Berger está duplicado en los juegos que puntúan 1, ½, 0, pero no en el Ajedrez Nowan, donde una victoria ya vale 2.

## A game's scoring in words (the ratings help and each rules page), joined in this order and
## ended with help-scoring-end. $win, $loss, $draw and $stalemate are points ("2", "½");
## $winner, $loser, $share, $giver and $other what they count for in a rating ("1", "¾").
help-scoring-win = una victoria puntúa { $win }-{ $loss } y cuenta { $winner } para el ganador, { $loser } para el perdedor
help-scoring-draw = ; unas tablas puntúan { $draw }-{ $draw }, { $share } para cada uno
help-scoring-no-draws = ; no hay tablas
help-scoring-stalemate = ; un ahogado puntúa { $stalemate }-{ $loss } y cuenta { $giver } para el bando que lo dio, { $other } para el otro, menos que una victoria
help-scoring-end = .
