# Tournois : la liste (/tournaments), le formulaire de nouveau tournoi (/tournaments/new), la
# page d'un tournoi (/tournaments/<id>) et les liens d'invitation d'un membre (/invitations).

## La liste
tour-list-title = Tournois
tour-create = Créer un tournoi
tour-list-tabs = Tournois par état
tour-tab-registering = Inscriptions ouvertes
tour-tab-running = En cours
tour-tab-finished = Terminés
tour-list-empty = Pas encore de tournoi ici.
tour-col-tournament = Tournoi
tour-col-game = Jeu
tour-col-format = Système
tour-col-players = Joueurs
tour-col-round = Ronde
tour-col-organiser = Organisateur
tour-list-casual = amical

## Systèmes et départages
tour-format-round-robin = Toutes rondes
tour-format-double-round-robin = Toutes rondes aller-retour
tour-format-swiss = Système suisse
tour-tie-direct-encounter = Confrontation directe
tour-tie-sonneborn-berger = Sonneborn-Berger
tour-tie-buchholz = Buchholz
tour-tie-median-buchholz = Buchholz médian
tour-tie-wins = Victoires
tour-tie-buchholz-cut1 = Buchholz Cut-1
tour-tie-wins-over-the-board = Victoires sur l’échiquier

## La page d'un tournoi : les informations
tour-fact-game = Jeu
tour-fact-format = Système
tour-rounds = { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}
tour-fact-state = État
tour-status-registering = Inscriptions ouvertes
tour-status-running = En cours
tour-status-finished = Terminé
tour-status-cancelled = Annulé
tour-status-running-round = En cours : ronde { $round } sur { $rounds }
tour-fact-clock = Cadence
tour-clock-auto = le serveur termine une partie à son échéance
tour-clock-claim = le joueur qui attend peut réclamer la victoire au temps
tour-fact-games = Parties
tour-games-rated = classées
tour-games-casual = amicales
tour-vacation-allowed = congés autorisés
tour-vacation-not-allowed = congés non autorisés
tour-fact-entry = Inscription
tour-entry-invitation = joueurs invités uniquement
tour-entry-open = ouverte
tour-entrants-players = de { $min } à { $max } joueurs
tour-entrants-teams = de { $min } à { $max } équipes de deux
tour-rating-at-least = classement de { $rating } ou plus
tour-rating-at-most = classement de { $rating } ou moins
tour-fact-bye = Exemption
tour-bye-points = { $halves ->
    [0] { $points } point
    [1] { $points } point
    [2] { $points } point
    [3] { $points } point
   *[other] { $points } points
}
tour-fact-tie-breaks = Départages
tour-fact-organiser = Organisateur
tour-fact-starts = Début
tour-starts-by-itself = { $count ->
    [one] (automatiquement, avec au moins { $count } participant)
   *[other] (automatiquement, avec au moins { $count } participants)
}
tour-fact-started = Commencé
tour-fact-ended = Terminé

## La page d'un tournoi : les actions d'un joueur
tour-your-actions = Vos actions
tour-you-are-invited = Vous êtes invité.
tour-accept-invitation = Accepter l'invitation
tour-decline = Refuser
tour-you-are-entered = Vous êtes inscrit.
tour-leave = Quitter le tournoi
tour-partner = Votre partenaire
tour-partner-hint = son nom d'utilisateur ; il accepte en s'inscrivant à son tour
tour-enter = S'inscrire au tournoi
tour-invited-only = Ce tournoi n'accepte que des joueurs invités.
tour-enter-late = S'inscrire en retard (apparié dès la ronde suivante)
tour-sure = J'en suis sûr
tour-withdraw-self = Se retirer (vos parties inachevées sont perdues par forfait)

## La page d'un tournoi : les outils de l'organisateur
tour-organiser-tools = Outils de l'organisateur
tour-invite-label = Inviter
tour-invite-button = Inviter
tour-username-placeholder = nom d'utilisateur
tour-start-now = Commencer maintenant
tour-withdraw-player = Retirer un joueur
tour-withdraw-button = Retirer
tour-pause-player = Mettre un joueur en pause (congé : toutes ses pendules s'arrêtent)
tour-pause = Mettre en pause
tour-resume = Reprendre
tour-hand-over-to = Transmettre à
tour-hand-over = Transmettre
tour-cancel = Annuler le tournoi

## La page d'un tournoi : classement, grille américaine, rondes, inscrits
tour-standings = Classement
tour-col-team = Équipe
tour-col-player = Joueur
tour-col-points = Points
tour-col-games = Parties
tour-paused-title = en congé : pendules arrêtées
tour-paused = (en pause)
tour-withdrew = (s'est retiré)
tour-crosstable = Grille américaine
tour-col-number = N°
tour-rounds-heading = Rondes
tour-round = Ronde { $round }
tour-in-play = en cours
tour-aborted = annulée
tour-bye = Exempt : { $name }
tour-entries = Inscrits
tour-no-entries = Personne ne s'est encore inscrit.
tour-team-of = équipe de { $name }
tour-invited = (invité)

## Le formulaire
tour-name = Nom
tour-description = Règlement et notes pour les joueurs
tour-optional = facultatif
tour-game = Jeu
tour-chatrang-hint = Les tournois de Chatrang se jouent en équipes de deux : chaque équipe s'inscrit ensemble.
tour-options = Options de { $game }
tour-options-only-for = uniquement pour { $game }
tour-format = Système
tour-format-hint = un toutes rondes lance toutes les parties d'un coup ; un suisse apparie chaque ronde quand la précédente est terminée
tour-rounds-label = Rondes
tour-rounds-hint = suisse uniquement : de 1 à 20 (5 par défaut)
tour-entrants-from = Participants de
tour-to = à
tour-entrants-hint = toutes rondes de 3 à 30 (par défaut de 3 à 12), suisse de 3 à 1000 (par défaut de 3 à 100)
tour-timeout = Quand le temps est écoulé
tour-timeout-claim = Le joueur qui attend peut réclamer la victoire
tour-timeout-auto = Le serveur termine la partie à l'échéance
tour-rated-or-casual = Classé ou amical
tour-rated = Classé
tour-casual = Amical
tour-who-may-enter = Qui peut s'inscrire
tour-entry-anyone = Tout le monde (dans les limites de classement)
tour-entry-invited = Joueurs invités uniquement
tour-ratings-from = Classement de
tour-ratings-hint = facultatif ; un nouveau joueur compte pour 1500
tour-bye-worth = Une exemption en suisse vaut
tour-bye-win = Une victoire
tour-bye-draw = Une nulle
tour-bye-nothing = Rien
tour-start-time = Heure de début
tour-start-time-hint = facultatif, { $zone } ; le tournoi commence alors automatiquement s'il a son minimum de participants. Sans heure, vous le lancez depuis sa page.
tour-vacation = Congés pendant le tournoi
tour-vacation-hint = un joueur en congé arrête les pendules de ses parties
tour-allowed = Autorisés
tour-not-allowed = Non autorisés
tour-scoring-note = Les points suivent le barème de chaque jeu (Échecs Nowan : 2 pour une victoire, 1 pour une victoire par pat). Les égalités sont départagées par la confrontation directe, le Sonneborn-Berger et les victoires en toutes rondes, par le Buchholz, le Buchholz médian, le Sonneborn-Berger et les victoires en suisse (l'API permet un autre ordre).
tour-create-button = Créer le tournoi

## Les erreurs du formulaire
tour-error-choose = Choisissez dans la liste.
tour-error-choose-format = Choisissez un système dans la liste.
tour-error-rounds = Le nombre de rondes doit être un nombre entier.
tour-error-min-entrants = Le minimum de participants doit être un nombre entier.
tour-error-max-entrants = Le maximum de participants doit être un nombre entier.
tour-error-rating-min = Le classement minimum doit être un nombre entier.
tour-error-rating-max = Le classement maximum doit être un nombre entier.
tour-error-bye = Les points d'une exemption doivent être un nombre entier.
tour-error-starts-at = L'heure de début est une date et une heure, par ex. 2026-12-24 18:00.
tour-error-confirm-withdraw = Cochez « J'en suis sûr » pour vous retirer.
tour-error-confirm-cancel = Cochez « J'en suis sûr » pour annuler le tournoi.

## Les liens d'invitation d'un membre (/invitations)
tour-invitations-title = Invitations
tour-invitations-heading = Vos invitations
tour-invitation-uses = Utilisations
tour-invitation-expires-in = Expire dans (jours)
tour-invitation-note = Note
tour-invitation-note-hint = pour qui elle est
tour-invitation-create = Créer un lien d'invitation
tour-invitations-empty = Pas encore d'invitation.
tour-invitation-used = Utilisations
tour-invitation-expires = Expire
tour-invitation-revoked = révoquée
tour-invitation-revoke = Révoquer
tour-invitation-spent = épuisée
tour-invitation-created = Invitation créée
tour-invitation-created-text = { $count ->
    [one] Envoyez ce lien à la personne que vous invitez ({ $count } utilisation). Il n'est affiché que maintenant : Herald n'en garde qu'une empreinte (hash).
   *[other] Envoyez ce lien à la personne que vous invitez ({ $count } utilisations). Il n'est affiché que maintenant : Herald n'en garde qu'une empreinte (hash).
}

## The event's news (its notices, live)
tour-news-heading = Nouvelles
tour-news-reload = rechargez pour voir les nouveaux appariements et le classement
tour-news-none = Pas encore de nouvelles : les annonces apparaissent ici quand le tournoi commence, quand chaque ronde est appariée et quand il se termine.
