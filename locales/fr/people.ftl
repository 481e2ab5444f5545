# Le profil d’un joueur (templates/user.html), la liste des joueurs (players.html) et le
# classement (leaderboard.html).
people-member-since = Membre depuis le { $date }
people-last-seen = vu pour la dernière fois { $when }
people-challenge = Défier { $name }
people-you-block = Vous bloquez les invitations de { $name }.
people-unblock = Débloquer
people-block = Bloquer les invitations de { $name }
people-report = Signaler { $name }
people-report-reason = Quel est le problème ?
people-report-reason-hint = les administrateurs le lisent
people-report-send = Envoyer le signalement
people-ratings = Classements
people-no-rated-games = { $name } n’a encore terminé aucune partie classée.
people-ratings-caption-html = Glicko-2, un par jeu (<a href="/help/ratings">comment fonctionne le classement</a>)
people-game = Jeu
people-rating = Classement
people-rated-games = Parties classées
people-chart-caption = Classement en { $game } après chaque partie classée
people-chart-last = { $count ->
   *[other] les { $count } dernières
}
people-chart-all = toutes
people-chart-table = La même chose en tableau
people-date = Date
people-chart-month-year = { $month } { $year }
people-chart-day-month = { $day } { $month }
people-chart-day-month-time = { $day } { $month } { $time }
people-results = Résultats
people-results-caption = Parties terminées de { $name }, par jeu
people-played = Jouées
people-won = Gagnées
people-lost = Perdues
people-drawn = Nulles
people-team-result = Au { $game }, chaque joueur partage le résultat de son équipe.
people-seat-caption = Les mêmes résultats selon la place occupée
people-seat = Place
people-current-games = Parties en cours
people-no-current-games = Aucune partie en cours.
people-tournaments = Tournois
people-tour-invited = invité
people-tour-withdrew = retiré
people-tour-entered = inscrit ; pas encore commencé
people-tour-playing = en jeu
people-tour-finished = terminé
people-tour-cancelled = annulé
people-recent-games = Parties récentes
people-no-recent-games = Aucune partie terminée pour l’instant.
people-all-finished = Toutes les parties terminées de { $name }
people-no-such-player = Aucun joueur ne s’appelle { $name }
people-players = Joueurs
people-find-player = Chercher un joueur
people-name-starts = Le nom commence par
people-find = Chercher
people-no-match = Aucun nom de joueur ne commence par « { $q } ».
people-player = Joueur
people-member-since-column = Membre depuis
people-pages = Pages
people-more-players = Plus de joueurs →
people-leaderboard-title = Classement — { $game }
people-leaderboard = Classement
people-games = Jeux
people-bots-listed = Les bots sont inclus.
people-players-only-link = Joueurs uniquement
people-players-only = Joueurs uniquement.
people-list-bots = Inclure aussi les bots
people-see-bots-html = (voir <a href="/bots">les bots</a>)
people-no-ratings = Pas encore de classement établi en { $game }. Un classement entre dans le tableau dès qu’il n’est plus provisoire (après quelques parties classées) et que son joueur a joué une partie classée { $days ->
    [one] le dernier jour
   *[other] au cours des { $days } derniers jours
}.
people-leaderboard-caption = { $count ->
    [one] Classements établis des joueurs actifs le dernier jour, du meilleur au moins bon
   *[other] Classements établis des joueurs actifs au cours des { $count } derniers jours, du meilleur au moins bon
}
people-ratings-note-html = Les classements sont en Glicko-2, un par jeu : voir <a href="/help/ratings">comment fonctionne le classement</a>.
people-no-such-game = Aucun jeu ne s’appelle { $name }
