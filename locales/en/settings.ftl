# The settings page (templates/settings.html), a webhook's delivery log (webhook.html) and the
# e-mail unsubscribe page (unsubscribe.html).
settings-title = Settings
# Shown once, right after a token is made. $name is the name the player gave it.
settings-new-token-html = <strong>Your new token “{ $name }”.</strong> Copy it now: Herald shows it only this once.
settings-token = Token
settings-new-feed-html = <strong>Your feed URL.</strong> Copy it now: Herald shows it only this once. Anyone with it can read your feed.
settings-feed-url = Feed URL
# $url is the address the player typed.
settings-new-webhook-html = <strong>Webhook added for { $url }.</strong> Copy its signing secret now: Herald shows it only this once.
settings-signing-secret = Signing secret
settings-preferences = Preferences
settings-time-zone = Time zone
settings-time-zone-hint = deadlines are shown in this zone
settings-language = Language
settings-language-hint = of pages, e-mails and notifications
settings-language-browser = Your browser's language
settings-confirm-moves = Confirm each move
# "Confirm" is the button under the board that sends a move.
settings-confirm-moves-hint = the move is shown on the board and sent only after "Confirm", against slips of the finger
settings-confirm-touch = on touch screens (and without JavaScript)
settings-confirm-always = always
settings-confirm-never = never
settings-save-preferences = Save preferences
settings-password = Password
settings-password-about = Changing it logs out your other devices and revokes every API token below.
settings-current-password = Current password
settings-new-password = New password
settings-new-password-hint = at least 8 characters
settings-new-password-again = New password again
settings-change-password = Change password
settings-tokens = API tokens
# The code part (the HTTP header) stays as it is; only "token" inside it may be translated.
settings-tokens-about-html = A token lets a program (a bot, a script, a phone app) play for you through the <a href="/api/v1/openapi.json">API</a>, sent as <code>Authorization: Bearer &lt;token&gt;</code>.
settings-no-tokens = You have no tokens.
settings-your-tokens = Your tokens
settings-name = Name
settings-created = Created
# The heading of a column of buttons (read by screen readers only).
settings-action = Action
settings-actions = Actions
settings-revoke = Revoke
settings-revoke-label = Revoke token { $name }
settings-token-name = New token name
settings-token-name-hint = to recognise it later, e.g. “my bot”
settings-create-token = Create a token
settings-notifications = Notifications
settings-notifications-about = Herald can tell you when it is your move, when time is running out, when you can claim a win and when a game ends.
settings-devices = On your phone and in your browser
settings-devices-about = Herald can send notifications to this device even while the site is closed: your move, time running out, offers, chat and tournament rounds (choose which below, under "Notify my devices"). Each browser where you turn them on is listed here.
settings-push-unavailable = Notifications on this device need JavaScript and a browser that supports them (on an iPhone or iPad: add Herald to the home screen first).
settings-push-enable = Notify this device
settings-push-disable = Stop notifying this device
settings-no-devices = No device gets notifications yet.
settings-devices-caption = Devices that get notifications
settings-device = Device
settings-added = Added
settings-last-notification = Last notification
# $service is the push service's host name.
settings-device-via = via { $service }
settings-this-device = (this device)
# $error is the push service's answer.
settings-last-attempt-failed = Last attempt failed: { $error }
settings-none-yet = none yet
# $device is the browser ("Chrome on Linux"), $added a date.
settings-device-remove-label = Stop notifying { $device } (added { $added })
settings-remove = Remove
settings-send-test = Send a test notification
settings-email-heading = E-mail, and what each way tells you
settings-no-smtp = This server is not set up to send e-mail (its administrator has not configured SMTP). Your choices are kept for when it is.
settings-email = E-mail address
settings-email-hint = leave empty for no e-mail
settings-email-unconfirmed = Not confirmed yet: follow the link we mailed to this address. Until then no notification is sent to it.
# The groups of notification checkboxes.
settings-group-email = Send me an e-mail
settings-group-push = Notify my devices (phones and browsers where I turned notifications on)
settings-group-feed = Put in my feed
settings-group-webhook = Post to my webhooks
settings-group-chat = Chat messages in my games
settings-group-chat-hint = never those of players I block
# The checkboxes, each completing its group's legend ("Send me an e-mail" … "when it is my move").
settings-switch-your-move = when it is my move
settings-switch-email-your-move-hint = once per turn, not while I have the game open
settings-switch-push-your-move-hint = one notification per game, not while I have the game open
settings-switch-time-warning = when 80 % of my time for a move is used
settings-switch-email-claimable = when my opponent's time has run out and I can claim the win
settings-switch-push-claimable = when I can claim a win on time
settings-switch-email-game-over = when a game ends
settings-switch-push-game-over = when a game ends or a rematch is offered
settings-switch-push-offer = when an opponent offers a draw or asks to take back a move
settings-switch-email-tournament = when a round of a tournament I play in starts, and when the tournament ends
settings-switch-push-tournament = when a round of a tournament I play in starts, and when it ends
# Under "Chat messages in my games".
settings-switch-email-chat = by e-mail
settings-switch-email-chat-hint = one digest of the messages I have not seen within 30 minutes
settings-switch-push-chat = on my devices
settings-switch-push-chat-hint = each message, not while I have the game open
settings-switch-feed-chat = in my feed
settings-switch-webhook-chat = to my webhooks
settings-save-notifications = Save notification choices
settings-feed = Feed
settings-feed-about = A private Atom feed of games where it is your move, of finished games and of chat messages, for a feed reader.
settings-feed-new = Make a new feed URL
settings-feed-make = Make a feed URL
settings-feed-remove = Remove the feed URL
settings-feed-exists = A feed URL exists. Making a new one stops the old one.
settings-webhooks = Webhooks
# The header name and "sha256=" stay as they are; the words inside &lt; &gt; may be translated.
settings-webhooks-about-html = A webhook receives a signed JSON POST for every event of your games and every chat message to you (for bots and home automation). See the <a href="/api/v1/openapi.json">API</a> for the format; the header <code>X-Herald-Signature: sha256=&lt;HMAC-SHA256 of the body&gt;</code> is keyed with the webhook's secret.
settings-no-webhooks = You have no webhooks.
settings-your-webhooks = Your webhooks
settings-url = URL
settings-state = State
# A webhook's state.
settings-webhook-on = on
settings-webhook-on-failing = { $count ->
    [one] on, { $count } failure in a row
   *[other] on, { $count } failures in a row
}
settings-webhook-off = off
# After "off": the webhook was switched off after this many failures.
settings-webhook-off-after = { $count ->
    [one] after { $count } failure
   *[other] after { $count } failures
}
settings-webhook-pause = Pause
settings-webhook-pause-label = Pause webhook { $url }
settings-webhook-turn-on = Turn on
settings-webhook-turn-on-label = Turn on webhook { $url }
settings-webhook-delete = Delete
settings-webhook-delete-label = Delete webhook { $url }
settings-webhook-url = New webhook URL
settings-webhook-url-hint = http:// or https://
# An example address in the empty field.
settings-webhook-url-example = https://example.org/herald
settings-add-webhook = Add a webhook
settings-vacation = Vacation
# $count is the days of vacation a year.
settings-vacation-about-html = { $count ->
    [one] While vacation is on, the clocks of your turns stop, nobody can claim a win against you, and your opponents see that you are away. It ends when you switch it off, when you make a move, or when this year's { $count } day is used up (<a href="/help/time#vacation">how vacation works</a>).
   *[other] While vacation is on, the clocks of your turns stop, nobody can claim a win against you, and your opponents see that you are away. It ends when you switch it off, when you make a move, or when this year's { $count } days are used up (<a href="/help/time#vacation">how vacation works</a>).
}
# $since and $ends are dates.
settings-vacation-on-html = <strong>Vacation is on</strong> since { $since }; it ends by itself on { $ends }.
# $used and $left are durations ("2 days").
settings-vacation-used = Used this year: { $used }. Left: { $left }.
settings-vacation-switch-off = Switch vacation off
settings-vacation-switch-on = Switch vacation on
settings-vacation-none-left = No vacation left this year
settings-your-data = Your data
settings-export-html = <a href="/api/v1/me/export" download>Download everything Herald holds about you</a> (JSON: account, games, ratings, notes, variations, conditional moves, chat messages, tokens, sessions, webhooks, notification settings, blocks, reports and warnings).
settings-delete-about = Deleting your account cannot be undone. Your games stay in the archive (and your chat messages in them) under the name "deleted user" and a number; your password, sessions, tokens, webhooks, e-mail address, settings and blocks are removed.
settings-delete-password = Your password, to confirm
settings-delete-account = Delete my account
# Notices after a form was saved.
settings-saved-preferences = Your preferences are saved.
settings-saved-password = Your password is changed. Other devices were logged out and your API tokens revoked: make new tokens for your programs.
settings-saved-revoked = The token is revoked: programs using it can no longer act for you.
settings-saved-notifications = Your notification choices are saved.
settings-saved-email-confirmed = Your e-mail address is confirmed: notifications will go to it.
settings-saved-feed-removed = The feed URL is removed: readers using it get nothing more.
settings-saved-webhook-changed = The webhook is changed.
settings-saved-webhook-removed = The webhook and its delivery log are removed.
settings-saved-device-removed = That device gets no more notifications.
settings-saved-push-test = A test notification is on its way to each of your devices.
settings-saved-vacation-on = Vacation is on: your clocks are stopped until you move or switch it off.
settings-saved-vacation-off = Vacation is off: your clocks run again.
# Forms refused.
settings-error-time-zone = Choose a time zone from the list.
settings-error-confirmation = Choose when moves wait for confirmation: on touch screens, always or never.
settings-error-language = Choose a language from the list.
settings-error-current-password = Your current password is not right.
settings-error-passwords-differ = The two new passwords are not the same.
# The log-in and sign-up forms refused.
settings-login-wrong = Wrong username or password.
settings-signup-passwords-differ = The two passwords are not the same.
# A webhook's delivery log (webhook.html).
settings-webhook-log-title = Webhook deliveries
settings-back = ← Back to settings
# Followed by the webhook's state ("on", "off").
settings-webhook-log-to-html = To <code>{ $url }</code>:
settings-webhook-log-failures = { $count ->
    [one] , { $count } failed attempt in a row
   *[other] , { $count } failed attempts in a row
}
settings-webhook-log-empty = Nothing was sent yet: deliveries appear here when something happens in one of your games.
settings-webhook-log-caption = { $count ->
    [one] The last delivery
   *[other] The last { $count } deliveries, newest first
}
settings-when = When
settings-game = Game
settings-event = Event
settings-attempts = Attempts
settings-last-answer = Last answer
# A tournament's delivery: $id is the tournament's id.
settings-delivery-tournament = tournament { $id }
settings-delivery-pending = pending
# $at is a date and time.
settings-delivery-pending-next = pending, next try { $at }
settings-delivery-delivered = delivered
settings-delivery-failed = failed
# The HTTP status code a webhook answered.
settings-http-status = HTTP { $code }
# The unsubscribe page (unsubscribe.html).
settings-unsubscribe-title = Stop e-mail
settings-unsubscribe-heading = Stop e-mail from Herald
settings-unsubscribe-done-html = Done: Herald will send you no more e-mail. You can turn e-mail back on in your <a href="/settings#notifications">notification settings</a>.
settings-unsubscribe-about = Press the button to turn off every e-mail Herald sends you (your move, time warnings, claimable games, game results).
settings-unsubscribe-button = Stop all e-mail
settings-unsubscribe-invalid-html = This unsubscribe link is not valid: it may have been cut short when it was copied. Open the link from the e-mail again, or change your choices in your <a href="/settings#notifications">notification settings</a>.
