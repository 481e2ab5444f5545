# The rules pages: the list of games (templates/rules_index.html), a game's page
# (templates/rules_variant.html, pages/rules.rs) and each game's own text
# (templates/rules/*.html). Keys ending in -html are printed unescaped: keep their markup.
# Piece names in the prose: use the names players of your language use for these pieces
# (the pieces' table on each page takes its names from the games' registry).

## The list of games (/rules)
rules-index-title = Reglas
# $count is the number of games.
rules-index-heading = { $count ->
    [4] Los cuatro juegos
   *[other] Los { $count } juegos
}
# A game's board and players: "9 by 9, 2 players".
rules-index-game = { $files } por { $ranks }, { $players } jugadores

## A game's page (/rules/<game>)
# The page's title; $game is the game's name.
rules-page-title = { $game }: reglas
# Shown under every game's name: the English text is the reference. The link goes to the
# language menu at the foot of the page.
rules-translation-note-html = Las reglas en inglés son la referencia; esta traducción se ofrece solo por comodidad (el original en inglés está en el <a href="#footer-language">menú de idioma</a>).
rules-start-heading = Posición inicial
rules-try-analysis = Prueba las jugadas en el tablero de análisis
rules-pieces-heading = Las piezas
rules-pieces-intro = Cada diagrama muestra una pieza, rodeada en azul, y marca cada casilla a la que el motor de reglas le permite ir desde allí: un punto para una casilla vacía, un anillo para una captura, un anillo discontinuo para un sacrificio.
# Before the list of a piece's moves in its diagram.
rules-moves = Jugadas:
rules-notation-heading = Notación
rules-notation-html = La lista de jugadas de la página de la partida escribe cada jugada con la letra de la pieza que mueve, su casilla de origen, <code>-</code> (o <code>x</code> cuando captura una pieza), su casilla de destino, <code>=</code> y la letra de la nueva pieza en una promoción, y <code>+</code> cuando la jugada deja a un jugador en jaque. Los peones no tienen letra. Para jugar, escribe solo el origen y el destino (<code>e2e3</code>, y la letra de la nueva pieza en una promoción: <code>c9c10q</code>).
# $typed is a move as typed (b1c3), $written the same move as the move list writes it (H b1-c3).
rules-notation-example-html = Por ejemplo, la jugada inicial tecleada <code>{ $typed }</code> se escribe <code>{ $written }</code>.
# The notation table's columns, and the letter cell of the pawns (which have none).
rules-letter = Letra
rules-piece = Pieza
rules-no-letter = (ninguna)
rules-scoring-heading = Puntos y puntuación
# $game is the game's name; $scoring its scoring in words from help.ftl (help-scoring-*),
# starting with a small letter ("a win scores 1-0 and counts ... .").
rules-scoring-html = En { $game }, { $scoring } Una partida puntuable cambia las puntuaciones Glicko-2 de ambos bandos en { $game } según lo que vale (<a href="/help/ratings">cómo funciona la puntuación</a>).

## Headings every game's text uses
rules-in-brief-heading = El juego en pocas palabras
rules-special-heading = Reglas especiales
rules-end-heading = Final de la partida
rules-reconstructed-heading = Qué se ha reconstruido

## Nowan chess (templates/rules/nowan.html, nowan_special.html)
rules-nowan-brief-html = El Ajedrez Nowan es un juego para dos en un tablero de 9 por 9, descrito como el ajedrez de la isla de Pan. Sus piezas son rojas y negras, y <strong>las negras mueven primero</strong>. Es un pariente del ajedrez chino con toques japoneses: el tablero se divide en tres franjas de tres filas, y dos de las piezas ganan poder mientras están en lo hondo del terreno enemigo.
rules-nowan-goal-html = Ganas <strong>capturando al rey enemigo</strong>. El jaque no obliga: puedes dejar tu rey atacado, o incluso meterlo en un ataque, y tu rival puede entonces simplemente capturarlo. Para ahorrar jugadas inútiles, Herald termina la partida en el acto cuando el rey de un jugador está atacado y ninguna jugada lo pone a salvo (jaque mate).
rules-nowan-zones-heading = El tablero y sus zonas
rules-nowan-zones-html = Las columnas a a i van de izquierda a derecha y las filas 1 a 9 hacia arriba, ambas desde el lado de las negras. Las filas 1 a 3 son la <em>zona propia</em> de las negras y la <em>zona enemiga</em> de las rojas; las filas 7 a 9, al revés; las filas 4 a 6 son la <em>zona de batalla</em>. El tablero de abajo marca los límites de las zonas con líneas gruesas.
rules-nowan-sacrifice-heading = El sacrificio
rules-nowan-sacrifice-html = Una vez por partida, en lugar de una jugada normal, un jugador puede mover su rey en línea recta sobre una de sus propias piezas, a cualquier distancia y haya lo que haya en medio. Esa pieza sale de la partida. El rey y la pieza deben estar ambos en la zona propia del jugador, y el rey no debe estar en jaque en ese momento. El rey puede caer en una casilla atacada. La jugada se escribe desde la casilla del rey hasta la de la pieza, por ejemplo <code>e1d1</code>. En el tablero de Herald, los objetivos de sacrificio del rey aparecen rodeados con una línea discontinua cuando tomas el rey (mira el diagrama del rey más arriba).
rules-nowan-zone-powers-heading = Poderes de zona
rules-nowan-zone-powers = Un guerrero o un explorador que está en su zona enemiga puede además moverse una casilla de lado, y capturar así. El poder pertenece a la casilla: un explorador que vuelve a salir lo pierde, y lo recupera al regresar. Ninguna pieza se promociona ni se sustituye nunca.
rules-nowan-end-king-html = <strong>Rey capturado</strong>: gana quien lo captura (2 puntos a 0).
rules-nowan-end-kings-html = <strong>Solo quedan los dos reyes</strong>: tablas en el acto, que no valen nada para ningún bando.
rules-nowan-end-checkmate-html = <strong>Jaque mate</strong>: el jugador al que le toca mover está en jaque y no tiene ninguna jugada segura; el otro bando gana 2 a 0.
rules-nowan-end-stalemate-html = <strong>Ahogado</strong>: el jugador al que le toca mover no está en jaque, pero toda jugada expondría a su rey; la partida termina y el jugador que ha ahogado obtiene 1 punto, el otro 0.
rules-nowan-end-agreement = Las tablas por acuerdo valen 0 a 0. No hay regla de repetición ni de número de jugadas.
rules-nowan-example = Ejemplo: rey negro en a1, elefantes rojos en a9 y b8, rey rojo en i9, juegan las negras. El rey negro está atacado por la columna a y a2, b1 y b2 están todas controladas: jaque mate, ganan las rojas.
rules-nowan-reconstructed = Las reglas de Herald se basan en una copia incompleta de la descripción original; no se ha encontrado el artículo del que procede. Tres puntos son nuestra interpretación y no un hecho documentado: las casillas iniciales de los exploradores (b3 y h3, b7 y h7, donde el ajedrez chino coloca sus cañones), el movimiento del general (exactamente dos casillas, sin poder saltar) y los poderes de zona (el texto se interrumpe tras decir que «varias piezas» cambian en la zona enemiga; damos al guerrero y al explorador un paso lateral allí). Si aparece el original, estas son las reglas que pueden cambiar.

## Not Chess (templates/rules/not-chess.html, not-chess_special.html)
rules-not-chess-brief-html = Not Chess mezcla el ejército del ajedrez con piezas del ajedrez chino en un tablero de 10 por 10. <strong>Las blancas mueven primero</strong>. El objetivo es <strong>capturar al rey enemigo</strong>: se permiten jugadas que dejan atacado tu propio rey, así que cuida tu espalda. Cada rey vive en un <em>palacio</em> de 4 por 3 casillas (sombreado en el tablero) del que nunca puede salir, y los dos reyes nunca pueden quedar frente a frente en una columna abierta.
rules-not-chess-facing-heading = Reyes frente a frente
rules-not-chess-facing = Tras cualquier jugada, los dos reyes no pueden estar en la misma columna sin nada entre ellos. Esto prohíbe no solo jugadas del rey, sino también apartar la última pieza que hay entre ellos. Capturar al rey siempre está permitido.
rules-not-chess-pawns-heading = Peones y promoción
rules-not-chess-pawns = Todos los peones empiezan en su tercera fila y desde allí pueden avanzar dos casillas. No hay captura al paso. Un peón que llega a la última fila debe convertirse en dama, elefante, caballo o cañón; Herald te pregunta cuál al hacer la jugada.
rules-not-chess-checks-heading = Siete jaques pierden
rules-not-chess-checks-html = Un jugador que da jaque con siete jugadas seguidas sin captura, sin que ningún bando capture entre medias, <strong>pierde</strong> en la séptima. Una captura de cualquiera pone a cero ambas cuentas.
rules-not-chess-twenty-heading = Veinte jugadas
rules-not-chess-twenty = Veinte jugadas de cada bando (40 medias jugadas) sin captura ni jugada de peón terminan la partida en tablas, salvo que esa última jugada fuera también un séptimo jaque, que pierde.
rules-not-chess-end-king = Capturar al rey gana.
rules-not-chess-end-no-move = Un jugador sin ninguna jugada legal pierde (casi nunca ocurre).
rules-not-chess-end-other = Siete jaques pierden; veinte jugadas tranquilas son tablas; el abandono y las tablas por acuerdo, como de costumbre.
rules-not-chess-reconstructed = Los movimientos de todas las piezas y las reglas especiales proceden de la página de reglas original de Not Chess. Sus imágenes no se conservaron: la posición inicial, el ancho del tablero y la forma del palacio son una reconstrucción de Herald. Elegimos 10 columnas (el único ancho en el que se puede centrar un palacio de 4 columnas), palacios en las columnas d a g y una disposición inicial al estilo del ajedrez de Capablanca y del Grand Chess, con los cañones detrás de los peones. Si algún día se recupera la disposición original, Herald la adoptará.

## Chatrang (templates/rules/chatrang.html, chatrang_special.html)
rules-chatrang-brief-html = El Chatrang es ajedrez para <strong>cuatro jugadores en dos equipos</strong>, tal como se vio jugar cerca de Peshawar hacia 1900. Los jugadores 1 y 3 forman el equipo blanco, y los jugadores 2 y 4 el negro. Cada equipo juega con un color de un juego corriente, y cada compañero manda un flanco: el jugador 1 las columnas a a d, el jugador 3 las columnas e a h (y en las negras, el jugador 2 de e a h y el jugador 4 de a a d). Los compañeros se sientan uno frente al otro, así que los turnos van <strong>jugador 1, jugador 2, jugador 3, jugador 4</strong>, alternando entre los equipos.
rules-chatrang-colours = En el tablero de Herald los cuatro ejércitos tienen cuatro colores: marfil (jugador 1) y oro (jugador 3) para el equipo blanco, ébano (jugador 2) y carmesí (jugador 4) para el equipo negro.
rules-chatrang-partners-heading = Compañeros
rules-chatrang-partners = Solo mueves tus propias piezas. Las piezas de tu compañero te bloquean como las tuyas, no puedes capturarlas y nunca te dan jaque. Debes mantener a salvo tu propio shah; puedes dejar expuesto el de tu compañero, y un enemigo puede entonces capturarlo.
rules-chatrang-check-heading = Jaque, jaque mate y eliminación
rules-chatrang-check = Un jugador cuyo shah está atacado debe sacarlo del ataque. El jaque mate solo se comprueba al comienzo del turno del propio jugador en jaque, así que los jugadores que mueven entre medias, sobre todo el compañero, aún pueden acudir al rescate. Un jugador al que le dan jaque mate, cuyo shah es capturado, o que abandona o se queda sin tiempo, queda fuera: su shah y todas sus piezas salen del tablero y se saltan sus turnos. Su compañero sigue jugando solo.
rules-chatrang-passing-heading = Pasar
rules-chatrang-passing-html = Un jugador que no tiene ninguna jugada legal pero no está en jaque pasa; Herald lo muestra como <em>pass</em> en la lista de jugadas. Si todos los jugadores que quedan pasan seguidos, la partida termina en tablas.
rules-chatrang-promotion-heading = Sin promoción
rules-chatrang-promotion = Un sarbaz que llega a la última fila se queda allí como sarbaz.
rules-chatrang-end-shahs = Pierde el equipo que se ha quedado sin sus dos shahs.
rules-chatrang-end-bared = Gana el equipo que despoja al otro de todas sus piezas (dejándole solo los shahs), pero si a él solo le queda una pieza y el equipo despojado mueve a continuación, ese jugador tiene una respuesta: capturar la última pieza deja solo shahs desnudos, y son tablas.
rules-chatrang-end-bare-shahs = Solo quedan shahs en el tablero: tablas.
rules-chatrang-end-agreement = Las tablas por acuerdo necesitan a todos los jugadores que siguen en la partida.
rules-chatrang-reconstructed = El único testimonio de este juego es un breve relato de un testigo transmitido por H. J. R. Murray en 1913. Nombra las piezas y las tres maneras en que terminaba una partida, pero no todos los detalles, así que Herald rellena los huecos: la disposición exacta de las piezas (como en la implementación de Ludii), el orden de los turnos, que el jaque mate se compruebe en el propio turno de la víctima, pasar cuando un jugador no puede mover y la respuesta que recibe un equipo despojado. Son interpretaciones nuestras, elegidas para que todos los finales del relato sean alcanzables.

## Ancient chess (templates/rules/ancient.html, ancient_special.html)
rules-ancient-brief-html = El Ajedrez antiguo es el último juego de una serie de Andy Maxson que recorre hacia atrás la historia del ajedrez, con piezas tomadas del ajedrez chino. Se juega entre dos en un tablero de 8 por 8 dividido por una <em>línea central</em> entre las filas 4 y 5 (trazada en grueso en el tablero). <strong>Las blancas mueven primero</strong>. No existen las tablas: se gana por jaque mate, ahogando al rival o capturando todas sus piezas salvo el general.
rules-ancient-general-heading = El general
rules-ancient-general = El general se mueve una casilla en línea recta y nunca puede cruzar la línea central. Una vez por partida, si nunca ha movido y no está en jaque, puede en su lugar hacer un salto de caballo a una casilla vacía de su propio lado. Los dos generales nunca pueden quedar frente a frente en una columna o diagonal sin nada entre ellos, y dos generales adyacentes cuentan como frente a frente.
rules-ancient-repetition-heading = La repetición está prohibida
rules-ancient-repetition = Ninguna jugada puede crear una posición que ya se haya dado dos veces. Un jugador al que así se le prohíben todas las jugadas no tiene ninguna jugada legal, y pierde.
rules-ancient-end-no-move = Un jugador sin ninguna jugada legal pierde, esté en jaque (jaque mate) o no (ahogado).
rules-ancient-end-bare = Un jugador al que solo le queda su general pierde en el acto: gana la captura que lo deja solo.
rules-ancient-end-no-draws = No hay tablas.
rules-ancient-options-heading = Reglas opcionales
rules-ancient-options = Una partida puede crearse con cualquier combinación de tres opciones:
rules-ancient-option-ferz-html = <strong>Alferza hacia delante</strong>: la alferza da su paso recto hacia delante en lugar de hacia atrás.
rules-ancient-option-jumping-html = <strong>Saltos</strong>: el caballo y el elefante (y el salto de caballo del general) saltan por encima de las piezas.
rules-ancient-option-promotion-html = <strong>Promoción</strong>: un peón que llega a la última fila debe promocionar, a alferza, o a carro, caballo o elefante si quedan menos de esa clase que al principio.
rules-ancient-reconstructed = La página original da todos los movimientos de las piezas y todas las reglas, pero su diagrama de la posición inicial se perdió. El tablero de Herald (8 por 8) y su posición inicial (la primera fila del shatranj con la alferza en d1 y el general en e1, una segunda fila vacía y los peones en la tercera) son nuestra reconstrucción. También son nuestras dos interpretaciones: los tres caminos del elefante en una jugada recta de dos casillas, y que los peones capturen de la misma forma en que mueven.
