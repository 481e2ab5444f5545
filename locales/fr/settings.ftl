# La page des réglages (templates/settings.html), le journal des envois d’un webhook
# (webhook.html) et la page de désabonnement des e-mails (unsubscribe.html).
settings-title = Réglages
settings-new-token-html = <strong>Votre nouveau jeton « { $name } ».</strong> Copiez-le maintenant : Herald ne l’affiche que cette fois.
settings-token = Jeton
settings-new-feed-html = <strong>L’URL de votre flux.</strong> Copiez-la maintenant : Herald ne l’affiche que cette fois. Toute personne qui la connaît peut lire votre flux.
settings-feed-url = URL du flux
settings-new-webhook-html = <strong>Webhook ajouté pour { $url }.</strong> Copiez maintenant son secret de signature : Herald ne l’affiche que cette fois.
settings-signing-secret = Secret de signature
settings-preferences = Préférences
settings-time-zone = Fuseau horaire
settings-time-zone-hint = les échéances sont affichées dans ce fuseau
settings-language = Langue
settings-language-hint = des pages, des e-mails et des notifications
settings-language-browser = La langue de votre navigateur
settings-confirm-moves = Confirmer chaque coup
settings-confirm-moves-hint = le coup est montré sur l’échiquier et n’est envoyé qu’après « Confirmer », contre les fausses manœuvres
settings-confirm-touch = sur les écrans tactiles (et sans JavaScript)
settings-confirm-always = toujours
settings-confirm-never = jamais
settings-save-preferences = Enregistrer les préférences
settings-password = Mot de passe
settings-password-about = Le changer déconnecte vos autres appareils et révoque tous les jetons d’API ci-dessous.
settings-current-password = Mot de passe actuel
settings-new-password = Nouveau mot de passe
settings-new-password-hint = au moins 8 caractères
settings-new-password-again = Nouveau mot de passe (confirmation)
settings-change-password = Changer le mot de passe
settings-tokens = Jetons d’API
settings-tokens-about-html = Un jeton permet à un programme (un bot, un script, une application mobile) de jouer pour vous via l’<a href="/api/v1/openapi.json">API</a> ; il est envoyé sous la forme <code>Authorization: Bearer &lt;jeton&gt;</code>.
settings-no-tokens = Vous n’avez aucun jeton.
settings-your-tokens = Vos jetons
settings-name = Nom
settings-created = Créé
settings-action = Action
settings-actions = Actions
settings-revoke = Révoquer
settings-revoke-label = Révoquer le jeton { $name }
settings-token-name = Nom du nouveau jeton
settings-token-name-hint = pour le reconnaître plus tard, p. ex. « mon bot »
settings-create-token = Créer un jeton
settings-notifications = Notifications
settings-notifications-about = Herald peut vous prévenir quand c’est à vous de jouer, quand votre temps s’épuise, quand vous pouvez réclamer la victoire et quand une partie se termine.
settings-devices = Sur votre téléphone et dans votre navigateur
settings-devices-about = Herald peut envoyer des notifications à cet appareil même quand le site est fermé : votre coup, le temps qui s’épuise, les propositions, le chat et les rondes de tournoi (choisissez lesquelles plus bas, sous « Prévenir mes appareils »). Chaque navigateur où vous les activez est listé ici.
settings-push-unavailable = Les notifications sur cet appareil nécessitent JavaScript et un navigateur qui les prend en charge (sur iPhone ou iPad : ajoutez d’abord Herald à l’écran d’accueil).
settings-push-enable = Prévenir cet appareil
settings-push-disable = Ne plus prévenir cet appareil
settings-no-devices = Aucun appareil ne reçoit encore de notifications.
settings-devices-caption = Appareils qui reçoivent des notifications
settings-device = Appareil
settings-added = Ajouté
settings-last-notification = Dernière notification
settings-device-via = via { $service }
settings-this-device = (cet appareil)
settings-last-attempt-failed = Dernière tentative échouée : { $error }
settings-none-yet = aucune pour l’instant
settings-device-remove-label = Ne plus prévenir { $device } (ajouté le { $added })
settings-remove = Retirer
settings-send-test = Envoyer une notification de test
settings-email-heading = E-mail, et ce que chaque moyen vous signale
settings-no-smtp = Ce serveur n’est pas configuré pour envoyer des e-mails (son administrateur n’a pas configuré SMTP). Vos choix sont conservés pour le jour où il le sera.
settings-email = Adresse e-mail
settings-email-hint = laissez vide pour ne recevoir aucun e-mail
settings-email-unconfirmed = Pas encore confirmée : suivez le lien que nous avons envoyé à cette adresse. D’ici là, aucune notification ne lui est envoyée.
settings-group-email = M’envoyer un e-mail
settings-group-push = Prévenir mes appareils (téléphones et navigateurs où j’ai activé les notifications)
settings-group-feed = Mettre dans mon flux
settings-group-webhook = Envoyer à mes webhooks
settings-group-chat = Messages de chat dans mes parties
settings-group-chat-hint = jamais ceux des joueurs que je bloque
settings-switch-your-move = quand c’est à moi de jouer
settings-switch-email-your-move-hint = une fois par tour, pas pendant que la partie est ouverte chez moi
settings-switch-push-your-move-hint = une notification par partie, pas pendant que la partie est ouverte chez moi
settings-switch-time-warning = quand 80 % de mon temps pour un coup est écoulé
settings-switch-email-claimable = quand le temps de mon adversaire est écoulé et que je peux réclamer la victoire
settings-switch-push-claimable = quand je peux réclamer la victoire au temps
settings-switch-email-game-over = quand une partie se termine
settings-switch-push-game-over = quand une partie se termine ou qu’une revanche est proposée
settings-switch-push-offer = quand un adversaire propose la nulle ou demande à reprendre un coup
settings-switch-email-tournament = quand une ronde d’un tournoi auquel je participe commence, et quand le tournoi se termine
settings-switch-push-tournament = quand une ronde d’un tournoi auquel je participe commence, et quand il se termine
settings-switch-email-chat = par e-mail
settings-switch-email-chat-hint = un résumé des messages que je n’ai pas vus dans les 30 minutes
settings-switch-push-chat = sur mes appareils
settings-switch-push-chat-hint = chaque message, pas pendant que la partie est ouverte chez moi
settings-switch-feed-chat = dans mon flux
settings-switch-webhook-chat = à mes webhooks
settings-save-notifications = Enregistrer les notifications
settings-feed = Flux
settings-feed-about = Un flux Atom privé des parties où c’est à vous de jouer, des parties terminées et des messages de chat, pour un lecteur de flux.
settings-feed-new = Créer une nouvelle URL de flux
settings-feed-make = Créer une URL de flux
settings-feed-remove = Supprimer l’URL du flux
settings-feed-exists = Une URL de flux existe. En créer une nouvelle désactive l’ancienne.
settings-webhooks = Webhooks
settings-webhooks-about-html = Un webhook reçoit un POST JSON signé pour chaque événement de vos parties et chaque message de chat qui vous est adressé (pour les bots et la domotique). Le format est décrit dans l’<a href="/api/v1/openapi.json">API</a> ; l’en-tête <code>X-Herald-Signature: sha256=&lt;HMAC-SHA256 du corps&gt;</code> est calculé avec le secret du webhook.
settings-no-webhooks = Vous n’avez aucun webhook.
settings-your-webhooks = Vos webhooks
settings-url = URL
settings-state = État
settings-webhook-on = actif
settings-webhook-on-failing = { $count ->
    [one] actif, { $count } échec d’affilée
   *[other] actif, { $count } échecs d’affilée
}
settings-webhook-off = désactivé
settings-webhook-off-after = { $count ->
    [one] après { $count } échec
   *[other] après { $count } échecs
}
settings-webhook-pause = Suspendre
settings-webhook-pause-label = Suspendre le webhook { $url }
settings-webhook-turn-on = Activer
settings-webhook-turn-on-label = Activer le webhook { $url }
settings-webhook-delete = Supprimer
settings-webhook-delete-label = Supprimer le webhook { $url }
settings-webhook-url = URL du nouveau webhook
settings-webhook-url-hint = http:// ou https://
settings-webhook-url-example = https://example.org/herald
settings-add-webhook = Ajouter un webhook
settings-vacation = Vacances
settings-vacation-about-html = { $count ->
    [one] Pendant vos vacances, les pendules de vos tours s’arrêtent, personne ne peut réclamer la victoire contre vous et vos adversaires voient que vous êtes absent. Elles prennent fin quand vous les désactivez, quand vous jouez un coup ou quand le seul jour de vacances de l’année est épuisé (<a href="/help/time#vacation">comment fonctionnent les vacances</a>).
   *[other] Pendant vos vacances, les pendules de vos tours s’arrêtent, personne ne peut réclamer la victoire contre vous et vos adversaires voient que vous êtes absent. Elles prennent fin quand vous les désactivez, quand vous jouez un coup ou quand les { $count } jours de l’année sont épuisés (<a href="/help/time#vacation">comment fonctionnent les vacances</a>).
}
settings-vacation-on-html = <strong>Vous êtes en vacances</strong> depuis le { $since } ; elles prennent fin d’elles-mêmes le { $ends }.
settings-vacation-used = Utilisé cette année : { $used }. Reste : { $left }.
settings-vacation-switch-off = Mettre fin aux vacances
settings-vacation-switch-on = Partir en vacances
settings-vacation-none-left = Plus de vacances disponibles cette année
settings-your-data = Vos données
settings-export-html = <a href="/api/v1/me/export" download>Télécharger tout ce que Herald conserve sur vous</a> (JSON : compte, parties, classements, notes, variantes, coups conditionnels, messages de chat, jetons, sessions, webhooks, réglages des notifications, blocages, signalements et avertissements).
settings-delete-about = La suppression de votre compte est définitive. Vos parties restent dans les archives (avec vos messages de chat) sous le nom « utilisateur supprimé » suivi d’un numéro ; votre mot de passe, vos sessions, jetons, webhooks, adresse e-mail, réglages et blocages sont supprimés.
settings-delete-password = Votre mot de passe, pour confirmer
settings-delete-account = Supprimer mon compte
settings-saved-preferences = Vos préférences sont enregistrées.
settings-saved-password = Votre mot de passe est changé. Vos autres appareils ont été déconnectés et vos jetons d’API révoqués : créez de nouveaux jetons pour vos programmes.
settings-saved-revoked = Le jeton est révoqué : les programmes qui l’utilisent ne peuvent plus agir pour vous.
settings-saved-notifications = Vos choix de notifications sont enregistrés.
settings-saved-email-confirmed = Votre adresse e-mail est confirmée : les notifications y seront envoyées.
settings-saved-feed-removed = L’URL du flux est supprimée : les lecteurs qui l’utilisent ne reçoivent plus rien.
settings-saved-webhook-changed = Le webhook est modifié.
settings-saved-webhook-removed = Le webhook et son journal des envois sont supprimés.
settings-saved-device-removed = Cet appareil ne reçoit plus de notifications.
settings-saved-push-test = Une notification de test est en route vers chacun de vos appareils.
settings-saved-vacation-on = Vous êtes en vacances : vos pendules sont arrêtées jusqu’à ce que vous jouiez ou les désactiviez.
settings-saved-vacation-off = Vos vacances sont terminées : vos pendules tournent à nouveau.
settings-error-time-zone = Choisissez un fuseau horaire dans la liste.
settings-error-confirmation = Choisissez quand les coups attendent une confirmation : sur les écrans tactiles, toujours ou jamais.
settings-error-language = Choisissez une langue dans la liste.
settings-error-current-password = Votre mot de passe actuel n’est pas le bon.
settings-error-passwords-differ = Les deux nouveaux mots de passe ne sont pas identiques.
settings-login-wrong = Nom d’utilisateur ou mot de passe incorrect.
settings-signup-passwords-differ = Les deux mots de passe ne sont pas identiques.
settings-webhook-log-title = Envois du webhook
settings-back = ← Retour aux réglages
settings-webhook-log-to-html = Vers <code>{ $url }</code> :
settings-webhook-log-failures = { $count ->
    [one] , { $count } tentative échouée d’affilée
   *[other] , { $count } tentatives échouées d’affilée
}
settings-webhook-log-empty = Rien n’a encore été envoyé : les envois apparaissent ici quand il se passe quelque chose dans l’une de vos parties.
settings-webhook-log-caption = { $count ->
    [one] Le dernier envoi
   *[other] Les { $count } derniers envois, du plus récent au plus ancien
}
settings-when = Quand
settings-game = Partie
settings-event = Événement
settings-attempts = Tentatives
settings-last-answer = Dernière réponse
settings-delivery-tournament = tournoi { $id }
settings-delivery-pending = en attente
settings-delivery-pending-next = en attente, prochain essai { $at }
settings-delivery-delivered = remis
settings-delivery-failed = échoué
settings-http-status = HTTP { $code }
settings-unsubscribe-title = Arrêter les e-mails
settings-unsubscribe-heading = Ne plus recevoir d’e-mails de Herald
settings-unsubscribe-done-html = C’est fait : Herald ne vous enverra plus d’e-mails. Vous pouvez les réactiver dans vos <a href="/settings#notifications">réglages de notifications</a>.
settings-unsubscribe-about = Appuyez sur le bouton pour désactiver tous les e-mails que Herald vous envoie (votre coup, alertes de temps, parties à réclamer, résultats).
settings-unsubscribe-button = Arrêter tous les e-mails
settings-unsubscribe-invalid-html = Ce lien de désabonnement n’est pas valide : il a peut-être été tronqué lors de la copie. Ouvrez à nouveau le lien de l’e-mail, ou modifiez vos choix dans vos <a href="/settings#notifications">réglages de notifications</a>.
