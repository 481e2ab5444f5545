home-title = Parties par correspondance de { $count ->
    [4] quatre
   *[other] { $count }
} variantes rares des échecs
home-welcome = Bon retour, { $name }
home-your-move = À vous de jouer
home-none-to-move = Aucune partie n’attend votre coup.
home-waiting-for-others = { $count ->
    [one] 1 autre partie attend les autres joueurs :
   *[other] { $count } autres parties attendent les autres joueurs :
}
home-all-my-games = toutes mes parties
home-find-a-game = Trouver ou lancer une partie
home-lead = Jouez à { $count ->
    [4] quatre
   *[other] { $count }
} variantes rares des échecs par correspondance : un coup par jour (ou par semaine), à votre rythme, sur téléphone ou sur ordinateur. Herald est un logiciel libre que vous pouvez héberger vous-même.
home-create-account = Créer un compte
home-the-games = Les jeux
home-players = { $count ->
    [one] 1 joueur
   *[other] { $count } joueurs
}
home-rules-of = Règles de { $game }
home-play = Jouer
home-how-it-works = Comment ça marche
home-how-the-clock-works = Chaque joueur dispose d’un nombre fixe de jours pour chaque coup (4, sauf indication contraire de la partie). Quand un joueur dépasse son temps, son adversaire peut réclamer la victoire.
home-more-about-the-clock = En savoir plus sur la pendule
