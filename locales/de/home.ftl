home-title = Fernschach in { $count ->
    [4] vier
   *[other] { $count }
} seltenen Schachvarianten
home-welcome = Willkommen zurück, { $name }
home-your-move = Du bist am Zug
home-none-to-move = In keiner Partie bist du am Zug.
home-waiting-for-others = { $count ->
    [one] 1 weitere Partie wartet auf andere:
   *[other] { $count } weitere Partien warten auf andere:
}
home-all-my-games = alle meine Partien
home-find-a-game = Partie suchen oder eröffnen
home-lead = Spiele { $count ->
    [4] vier
   *[other] { $count }
} seltene Schachvarianten als Fernschach: ein Zug am Tag (oder in der Woche) in deinem eigenen Tempo, am Handy oder am Computer. Herald ist freie Software, die du selbst betreiben kannst.
home-create-account = Konto anlegen
home-the-games = Die Spiele
home-players = { $count ->
    [one] 1 Spieler
   *[other] { $count } Spieler
}
home-rules-of = Regeln von { $game }
home-play = Spielen
home-how-it-works = So funktioniert es
home-how-the-clock-works = Jeder Spieler hat für jeden Zug eine feste Anzahl Tage (4, wenn die Partie nichts anderes festlegt). Überschreitet ein Spieler seine Bedenkzeit, kann der Gegner den Sieg beanspruchen.
home-more-about-the-clock = Mehr zur Bedenkzeit
