# Logging in and signing up.
login-title = Log in
login-username = Username
login-password = Password
login-new-here = New to Herald?
login-create-account = Create an account
signup-title = Create an account
signup-page-title = Sign up
signup-closed = { $site } is not taking new members at the moment. Ask its administrators for an account.
signup-invite-only = { $site } takes new members by invitation: sign up with the code from your invitation link.
signup-username-hint = 3 to 20 letters, digits, _ or -
signup-password-hint = at least 8 characters
signup-password-again = Password again
signup-invitation-code = Invitation code
signup-have-account = Already have an account?
