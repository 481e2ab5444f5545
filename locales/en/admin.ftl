# The administrators' pages under /admin (templates/admin*.html) and the report form's answer.
admin-title = Administration
# The administration menu.
admin-nav-site = Site
admin-nav-users = Users
admin-nav-games = Games
admin-nav-reports = Reports
admin-nav-invitations = Invitations
admin-nav-bots = Bots
admin-nav-audit = Audit log
admin-yes = yes
admin-no = no

## The dashboard: the site settings.
admin-no-open-reports = No open reports.
admin-open-reports = { $count ->
    [one] 1 open report
   *[other] { $count } open reports
}
admin-site-settings = Site settings
admin-site-name = Site name
admin-site-name-hint = in page titles and the header
# A text shown at the top of every page.
admin-notice = Notice
admin-notice-hint = plain text on every page; empty for none
# Who may create an account.
admin-signup = Sign-up
admin-signup-open = Open to anyone
admin-signup-closed = Closed
admin-signup-invite-only = By invitation only
admin-suspended-games = Games of suspended or banned players
admin-suspended-games-hint = clocks keep running: opponents may claim on time; adjourned: their clocks stop until it ends
admin-suspended-games-clock-runs = Clocks keep running
admin-suspended-games-adjourned = Adjourned
admin-deleted-chat = Chat messages of deleted accounts
admin-deleted-chat-hint = anonymise: they stay under "deleted user N"; remove: their text is erased
admin-deleted-chat-anonymise = Anonymise
admin-deleted-chat-remove = Remove
admin-member-invites = Members may create invitation links
admin-analysis-cap = Computer analyses per user per day
admin-analysis-cap-hint = 0 turns requests off
admin-engine-in-running-games = Players may ask the engine about their running games
# lichess and ICCF are the names of a chess server and of the correspondence chess federation.
admin-engine-in-running-games-hint = off: the analysis board's evaluation is refused for a position of one's own running game (as lichess); on: engine help is allowed (as ICCF)
admin-rated-bot-games = Games against bots may be rated
admin-rated-bot-games-hint = off: every game with a bot is casual; on: rated when every person in it asked for a rated game and the bot takes rated games
admin-save-settings = Save the settings

## Users.
admin-users-title = Users
admin-users-prefix = Name starts with
admin-users-search = Search
admin-users-nobody = Nobody.
admin-users-user = User
# An account's standing: active, suspended or banned.
admin-users-standing = Standing
admin-users-admin = Admin
admin-users-muted = muted
admin-users-next = Next page
admin-standing-active = active
# $until, $since: a date and time.
admin-standing-suspended = suspended until { $until }
admin-standing-banned = banned since { $since }

## One user.
admin-user-chat = Chat
admin-user-muted-until = muted until { $until }
admin-user-not-muted = not muted
admin-user-administrator = Administrator
admin-user-member-since = Member since
admin-user-games = Games
admin-user-sessions = Sessions
# Log-in sessions that are still valid; followed by admin-user-api-tokens.
admin-user-sessions-live = { $count ->
    [one] 1 live
   *[other] { $count } live
}
admin-user-api-tokens = { $count ->
    [one] 1 API token
   *[other] { $count } API tokens
}
admin-user-public-profile = Public profile
admin-user-actions = Actions
admin-user-unsuspend = Lift the suspension
admin-user-suspend-days = Suspend for days
admin-user-why = Why
admin-user-suspend = Suspend
admin-user-unban = Lift the ban
admin-user-ban = Ban
admin-user-unmute = Unmute
admin-user-mute-days = Mute in chat for days
admin-user-mute = Mute
admin-user-new-password = New password
admin-user-new-password-hint = empty: generate one
admin-user-reset-password = Reset the password
admin-user-revoke-admin = Revoke administrator rights
admin-user-grant-admin = Make administrator
# $name: the username, which must be typed to confirm.
admin-user-delete-confirm-html = Type <strong>{ $name }</strong> to delete the account
admin-user-delete = Delete the account
admin-user-history = History
admin-user-nothing-recorded = Nothing recorded.
admin-password-reset-title = Password reset
admin-password-reset = { $name }'s password is reset: { $sessions ->
        [one] 1 session ended
       *[other] { $sessions } sessions ended
    } and { $tokens ->
        [one] 1 API token revoked
       *[other] { $tokens } API tokens revoked
    }.

## Games.
admin-games-title = Games
admin-games-intro = The latest changed games. Ending one aborts it with no result; the reason is shown on its page.
# $status: admin-game-status-…; $ply: a number; $players: the names; $at: a date and time.
admin-games-line = { $status }, move { $ply }, { $players } · changed { $at }
# A seat nobody has taken yet.
admin-games-open-seat = (open)
admin-game-status-waiting = waiting
admin-game-status-active = in play
admin-game-status-finished = finished
admin-game-status-aborted = aborted
admin-games-reason = Reason for ending it
admin-games-end = End the game
admin-games-none = No games yet.

## Reports.
admin-reports-title = Reports
admin-reports-open = Open
admin-reports-by-at = By { $reporter }, { $at }
admin-reports-action = Action
admin-report-action-dismiss = Dismiss
admin-report-action-warn = Warn the user
admin-report-action-suspend = Suspend the user
admin-report-action-ban = Ban the user
admin-reports-user = User it applies to
admin-reports-user-hint = for warn, suspend and ban
admin-reports-days = Days of suspension
admin-reports-note = Note
admin-reports-resolve = Resolve
admin-reports-resolved = Resolved
admin-reports-none-resolved = None yet.
# $target: admin-report-target-…; $reason: the reporter's words.
admin-reports-reported = { $target } by { $reporter }: { $reason }
# The administrator who resolved the report.
admin-reports-resolved-by = by { $name }
admin-reports-older = Older
admin-report-target-user = user { $name }
admin-report-target-game = game { $id }
admin-report-target-message = chat message { $seq } of game { $game }
# The answer to a member's report (from a profile or a game page).
admin-report-sent-title = Report sent
admin-report-sent = Thank you: the administrators will look at it.

## Invitations.
admin-invitations-title = Invitations
# How many people can sign up with the link.
admin-invitations-uses = Uses
admin-invitations-expires-in-days = Expires in days
admin-invitations-note = Note
admin-invitations-note-hint = who it is for
admin-invitations-create = Create an invitation link
admin-invitations-none = No invitations yet.
admin-invitations-by = By
admin-invitations-used = Used
admin-invitations-expires = Expires
admin-invitations-revoked = revoked
admin-invitations-revoke = Revoke
# An invitation whose uses are all taken, or that has expired.
admin-invitations-spent = spent
admin-invitation-created-title = Invitation created
admin-invitation-created = { $count ->
    [one] Send this link to whom you invite (1 use). It is shown only now: Herald keeps only a hash of it.
   *[other] Send this link to whom you invite ({ $count } uses). It is shown only now: Herald keeps only a hash of it.
}

## The audit log: what administrators did.
admin-audit-title = Audit log
admin-audit-empty = Nothing recorded yet.
admin-audit-older = Older entries
# $actor: an administrator's name (or cli, for the command line); $at: a date and time.
admin-audit-by = by { $actor }, { $at }
admin-audit-by-note = by { $actor }, { $at }: { $note }
# What an action was done to: $target is a name or a number.
admin-audit-target-user = user { $target }
admin-audit-target-game = game { $target }
admin-audit-target-report = report { $target }
admin-audit-target-invitation = invitation { $target }
admin-audit-target-site = site settings
admin-audit-action-create-user = Account created
admin-audit-action-suspend = Suspended
admin-audit-action-unsuspend = Suspension lifted
admin-audit-action-ban = Banned
admin-audit-action-unban = Ban lifted
admin-audit-action-mute = Muted
admin-audit-action-unmute = Unmuted
admin-audit-action-reset-password = Password reset
admin-audit-action-grant-admin = Made administrator
admin-audit-action-revoke-admin = Administrator rights revoked
admin-audit-action-delete-user = Account deleted
admin-audit-action-end-game = Game ended
admin-audit-action-hide-message = Chat message hidden
admin-audit-action-resolve-report = Report resolved
admin-audit-action-update-site = Site settings changed
admin-audit-action-create-invitation = Invitation created
admin-audit-action-revoke-invitation = Invitation revoked
admin-audit-action-create-bot = Bot created
admin-audit-action-update-bot = Bot changed
