# Error and message pages.
# $status: the HTTP status number.
errors-status = Error { $status }
errors-log-out = Log out
errors-home = Go to the home page
errors-copy-secret = Copy it now: it is not shown again.
errors-back = Back
errors-title-did-not-work = That did not work
errors-title-log-in = Please log in
errors-title-not-allowed = Not allowed
errors-title-not-found = Page not found
errors-title-not-possible = Not possible here
errors-title-changed = Something changed
errors-title-busy = Herald is busy
errors-title-too-much = Too much at once
errors-title-slow-down = Slow down
errors-title-went-wrong = Something went wrong
errors-title-banned = Your account is banned
errors-title-suspended = Your account is suspended
errors-no-page = There is no page at this address. Check the link, or start again from the home page.
errors-unexpected = Herald ran into a problem it did not expect. Please try again; if it keeps happening, tell the server's admin.
errors-form-expired = This form was out of date or did not come from Herald, so nothing was changed. Go back, reload the page and try again (Herald needs cookies to be allowed).
errors-no-database = Herald cannot reach its database right now. Please try again in a minute.
