# Les bots : la liste publique (/bots) et la page d’administration (/admin/bots).
bots-title = Bots
bots-intro-html = Les bots sont des joueurs informatiques animés par le moteur de ce serveur, chacun d’un niveau de 1 (le premier adversaire d’un débutant) à 8 (<a href="/help/engine">les niveaux</a>). Défiez-en un depuis sa ligne ci-dessous : il accepte la partie en quelques secondes et répond à chaque coup en quelques secondes ; la plupart acceptent aussi les défis ouverts que personne n’a pris depuis un moment. Un bot ne réclame jamais la victoire au temps : il vous attend.
bots-rated-on-html = Les parties contre des bots sont classées quand vous demandez une partie classée et que le bot joue des parties classées, et les classements laissent les bots de côté (<a href="/leaderboard?bots=1">les afficher</a>).
bots-rated-off-html = Les parties contre des bots sont amicales sur ce site, et les classements laissent les bots de côté (<a href="/leaderboard?bots=1">les afficher</a>).
bots-none = Ce site n’a pas encore de bots : un administrateur les crée.
bots-level = niveau { $level }
bots-plays = Joue { $games }, { $min }-{ $max } jours par coup, { $rated }.
bots-plays-open = Joue { $games }, { $min }-{ $max } jours par coup, { $rated } ; accepte les défis ouverts que personne n’a pris après { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
bots-games-now = { $max ->
    [one] { $current } sur { $max } partie en ce moment
   *[other] { $current } sur { $max } parties en ce moment
}
bots-no-rating = Pas encore de classement.
bots-paused-now = Ce bot est en pause : il n’accepte pas de nouvelles parties.
bots-busy = Occupé : il joue déjà toutes les parties qu’il accepte.
bots-challenge = Défier { $name }
bots-every-game = tous les jeux
bots-rated-both = classées ou amicales
bots-rated-casual = amicales uniquement
bots-rated-rated = classées uniquement

## La page d’administration.
bots-admin-intro-html = Un bot est un compte avec lequel le serveur joue grâce à son moteur (il ne se connecte jamais). Il accepte les défis qu’on lui envoie dans le cadre de ses réglages, les défis ouverts que personne n’a pris après le délai que vous fixez, et les places que les créateurs de parties complètent avec des bots. Il calcule dans les fils de travail du moteur (<code>--engine-threads</code>), sans jamais ralentir les coups des joueurs humains.
bots-admin-rated-on-html = Que les parties avec des bots puissent être classées est un <a href="/admin">réglage du site</a> (activé).
bots-admin-rated-off-html = Que les parties avec des bots puissent être classées est un <a href="/admin">réglage du site</a> (désactivé : elles sont amicales).
bots-admin-create = Créer un bot
bots-admin-name = Nom
bots-admin-name-hint = 3-20 lettres, chiffres, - et _
bots-admin-create-submit = Créer le bot
bots-admin-none = Aucun bot pour l’instant.
bots-admin-paused = (en pause)
bots-admin-save = Enregistrer { $name }
bots-admin-level = Niveau
bots-admin-level-hint = 1-8, les niveaux du moteur
bots-admin-description = Description
bots-admin-description-hint = une ligne, affichée sur /bots
bots-admin-games = Jeux qu’il accepte
bots-admin-games-hint = aucun coché : tous les jeux
bots-admin-days-from = Jours par coup, de
bots-admin-days-to = à
bots-admin-rated = Classée ou amicale
bots-admin-max-games = Parties simultanées
bots-admin-takes-open = Accepte les défis ouverts que personne n’a pris
bots-admin-open-after = après (minutes)
bots-admin-paused-label = En pause
bots-admin-paused-hint = n’accepte pas de nouvelles parties ; termine celles qu’il joue
