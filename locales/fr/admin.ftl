# Les pages d’administration sous /admin et la réponse à un signalement.
admin-title = Administration
admin-nav-site = Site
admin-nav-users = Utilisateurs
admin-nav-games = Parties
admin-nav-reports = Signalements
admin-nav-invitations = Invitations
admin-nav-bots = Bots
admin-nav-audit = Journal d’audit
admin-yes = oui
admin-no = non

## Tableau de bord : les réglages du site.
admin-no-open-reports = Aucun signalement ouvert.
admin-open-reports = { $count ->
    [one] { $count } signalement ouvert
   *[other] { $count } signalements ouverts
}
admin-site-settings = Réglages du site
admin-site-name = Nom du site
admin-site-name-hint = dans les titres des pages et l’en-tête
admin-notice = Annonce
admin-notice-hint = texte brut sur chaque page ; vide pour aucune
admin-signup = Inscription
admin-signup-open = Ouverte à tous
admin-signup-closed = Fermée
admin-signup-invite-only = Sur invitation uniquement
admin-suspended-games = Parties des joueurs suspendus ou bannis
admin-suspended-games-hint = les pendules continuent : les adversaires peuvent réclamer la victoire au temps ; ajournées : leurs pendules s’arrêtent jusqu’à la fin de la sanction
admin-suspended-games-clock-runs = Les pendules continuent
admin-suspended-games-adjourned = Ajournées
admin-deleted-chat = Messages de discussion des comptes supprimés
admin-deleted-chat-hint = anonymiser : ils restent sous « deleted user N » ; retirer : leur texte est effacé
admin-deleted-chat-anonymise = Anonymiser
admin-deleted-chat-remove = Retirer
admin-member-invites = Les membres peuvent créer des liens d’invitation
admin-analysis-cap = Analyses par ordinateur par utilisateur et par jour
admin-analysis-cap-hint = 0 désactive les demandes
admin-engine-in-running-games = Les joueurs peuvent interroger le moteur sur leurs parties en cours
admin-engine-in-running-games-hint = désactivé : l’échiquier d’analyse refuse d’évaluer une position d’une partie en cours du joueur (comme lichess) ; activé : l’aide du moteur est permise (comme à l’ICCF)
admin-rated-bot-games = Les parties contre des bots peuvent être classées
admin-rated-bot-games-hint = désactivé : toute partie avec un bot est amicale ; activé : classée quand chaque personne de la partie a demandé une partie classée et que le bot accepte les parties classées
admin-save-settings = Enregistrer les réglages

## Utilisateurs.
admin-users-title = Utilisateurs
admin-users-prefix = Le nom commence par
admin-users-search = Rechercher
admin-users-nobody = Personne.
admin-users-user = Utilisateur
admin-users-standing = Statut
admin-users-admin = Admin
admin-users-muted = réduit au silence
admin-users-next = Page suivante
admin-standing-active = actif
admin-standing-suspended = suspendu jusqu’au { $until }
admin-standing-banned = banni depuis le { $since }

## Un utilisateur.
admin-user-chat = Discussion
admin-user-muted-until = réduit au silence jusqu’au { $until }
admin-user-not-muted = pas réduit au silence
admin-user-administrator = Administrateur
admin-user-member-since = Membre depuis
admin-user-games = Parties
admin-user-sessions = Sessions
admin-user-sessions-live = { $count ->
    [one] { $count } active
   *[other] { $count } actives
}
admin-user-api-tokens = { $count ->
    [one] { $count } jeton d’API
   *[other] { $count } jetons d’API
}
admin-user-public-profile = Profil public
admin-user-actions = Actions
admin-user-unsuspend = Lever la suspension
admin-user-suspend-days = Durée de la suspension (jours)
admin-user-why = Motif
admin-user-suspend = Suspendre
admin-user-unban = Lever le bannissement
admin-user-ban = Bannir
admin-user-unmute = Rendre la parole
admin-user-mute-days = Durée du silence dans la discussion (jours)
admin-user-mute = Réduire au silence
admin-user-new-password = Nouveau mot de passe
admin-user-new-password-hint = vide : en générer un
admin-user-reset-password = Réinitialiser le mot de passe
admin-user-revoke-admin = Retirer les droits d’administrateur
admin-user-grant-admin = Nommer administrateur
admin-user-delete-confirm-html = Saisissez <strong>{ $name }</strong> pour supprimer le compte
admin-user-delete = Supprimer le compte
admin-user-history = Historique
admin-user-nothing-recorded = Rien d’enregistré.
admin-password-reset-title = Mot de passe réinitialisé
admin-password-reset = Le mot de passe de { $name } est réinitialisé : { $sessions ->
        [one] { $sessions } session fermée
       *[other] { $sessions } sessions fermées
    } et { $tokens ->
        [one] { $tokens } jeton d’API révoqué
       *[other] { $tokens } jetons d’API révoqués
    }.

## Parties.
admin-games-title = Parties
admin-games-intro = Les dernières parties modifiées. Terminer une partie l’annule sans résultat ; le motif s’affiche sur sa page.
admin-games-line = { $status }, coup { $ply }, { $players } · modifiée { $at }
admin-games-open-seat = (libre)
admin-game-status-waiting = en attente
admin-game-status-active = en cours
admin-game-status-finished = terminée
admin-game-status-aborted = annulée
admin-games-reason = Motif de l’arrêt
admin-games-end = Terminer la partie
admin-games-none = Aucune partie pour l’instant.

## Signalements.
admin-reports-title = Signalements
admin-reports-open = Ouverts
admin-reports-by-at = Par { $reporter }, { $at }
admin-reports-action = Mesure
admin-report-action-dismiss = Classer sans suite
admin-report-action-warn = Avertir l’utilisateur
admin-report-action-suspend = Suspendre l’utilisateur
admin-report-action-ban = Bannir l’utilisateur
admin-reports-user = Utilisateur concerné
admin-reports-user-hint = pour avertir, suspendre et bannir
admin-reports-days = Jours de suspension
admin-reports-note = Note
admin-reports-resolve = Traiter
admin-reports-resolved = Traités
admin-reports-none-resolved = Aucun pour l’instant.
admin-reports-reported = { $target }, signalé par { $reporter } : { $reason }
admin-reports-resolved-by = par { $name }
admin-reports-older = Plus anciens
admin-report-target-user = utilisateur { $name }
admin-report-target-game = partie { $id }
admin-report-target-message = message { $seq } de la discussion de la partie { $game }
admin-report-sent-title = Signalement envoyé
admin-report-sent = Merci : les administrateurs vont l’examiner.

## Invitations.
admin-invitations-title = Invitations
admin-invitations-uses = Utilisations
admin-invitations-expires-in-days = Expire dans (jours)
admin-invitations-note = Note
admin-invitations-note-hint = pour qui elle est
admin-invitations-create = Créer un lien d’invitation
admin-invitations-none = Aucune invitation pour l’instant.
admin-invitations-by = Par
admin-invitations-used = Utilisée
admin-invitations-expires = Expire
admin-invitations-revoked = révoquée
admin-invitations-revoke = Révoquer
admin-invitations-spent = épuisée
admin-invitation-created-title = Invitation créée
admin-invitation-created = { $count ->
    [one] Envoyez ce lien à la personne que vous invitez ({ $count } utilisation). Il n’est affiché que maintenant : Herald n’en garde qu’une empreinte.
   *[other] Envoyez ce lien aux personnes que vous invitez ({ $count } utilisations). Il n’est affiché que maintenant : Herald n’en garde qu’une empreinte.
}

## Le journal d’audit.
admin-audit-title = Journal d’audit
admin-audit-empty = Rien d’enregistré pour l’instant.
admin-audit-older = Entrées plus anciennes
admin-audit-by = par { $actor }, { $at }
admin-audit-by-note = par { $actor }, { $at } : { $note }
admin-audit-target-user = utilisateur { $target }
admin-audit-target-game = partie { $target }
admin-audit-target-report = signalement { $target }
admin-audit-target-invitation = invitation { $target }
admin-audit-target-site = réglages du site
admin-audit-action-create-user = Compte créé
admin-audit-action-suspend = Suspendu
admin-audit-action-unsuspend = Suspension levée
admin-audit-action-ban = Banni
admin-audit-action-unban = Bannissement levé
admin-audit-action-mute = Réduit au silence
admin-audit-action-unmute = Parole rendue
admin-audit-action-reset-password = Mot de passe réinitialisé
admin-audit-action-grant-admin = Nommé administrateur
admin-audit-action-revoke-admin = Droits d’administrateur retirés
admin-audit-action-delete-user = Compte supprimé
admin-audit-action-end-game = Partie terminée
admin-audit-action-hide-message = Message de discussion masqué
admin-audit-action-resolve-report = Signalement traité
admin-audit-action-update-site = Réglages du site modifiés
admin-audit-action-create-invitation = Invitation créée
admin-audit-action-revoke-invitation = Invitation révoquée
admin-audit-action-create-bot = Bot créé
admin-audit-action-update-bot = Bot modifié
