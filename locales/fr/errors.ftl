# Error and message pages.
errors-status = Erreur { $status }
errors-log-out = Se déconnecter
errors-home = Aller à la page d’accueil
errors-copy-secret = Copiez-le maintenant : il ne sera plus affiché.
errors-back = Retour
errors-title-did-not-work = Cela n’a pas fonctionné
errors-title-log-in = Veuillez vous connecter
errors-title-not-allowed = Non autorisé
errors-title-not-found = Page introuvable
errors-title-not-possible = Impossible ici
errors-title-changed = Quelque chose a changé
errors-title-busy = Herald est occupé
errors-title-too-much = Trop à la fois
errors-title-slow-down = Ralentissez
errors-title-went-wrong = Une erreur est survenue
errors-title-banned = Votre compte est banni
errors-title-suspended = Votre compte est suspendu
