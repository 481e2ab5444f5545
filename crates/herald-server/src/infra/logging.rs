//! Log output: human-readable text by default, or one JSON object per line
//! (`HERALD_LOG_FORMAT=json`) for log collectors.

use crate::infra::config::LogFormat;

/// Sets up logging with `filter` (e.g. `info`, `herald_server=debug`) in `format`.
/// A second call (tests) keeps the first subscriber.
pub fn init(filter: &str, format: LogFormat) {
    let filter =
        tracing_subscriber::EnvFilter::try_new(filter).unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        // The request span (method, uri, client) goes with every line; the span list would
        // only repeat it.
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
    };
}

/// Query parameters whose values are secrets (unsubscribe and confirmation links, and
/// invitation links: `/signup?invite=`).
const SECRET_PARAMETERS: [&str; 6] = ["token", "secret", "key", "password", "code", "invite"];
/// Path prefixes followed by a secret (the feed URL).
const SECRET_PATHS: [&str; 1] = ["/feeds/"];

/// The URI as request logs write it: secrets in the path or query replaced by `[redacted]`,
/// so log files do not hand out feed URLs or unsubscribe tokens.
#[must_use]
pub fn redacted(uri: &axum::http::Uri) -> String {
    let path = uri.path();
    let mut out = match SECRET_PATHS.iter().find(|p| path.starts_with(*p)) {
        Some(prefix) => format!("{prefix}[redacted]"),
        None => path.to_owned(),
    };
    if let Some(query) = uri.query() {
        out.push('?');
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                let plain = name.to_ascii_lowercase();
                // A value may carry a link with its own secret (`next=/signup?invite=…`).
                let value = percent_decoded(value).to_ascii_lowercase();
                let carries = SECRET_PARAMETERS.iter().any(|s| value.contains(&format!("{s}=")));
                if carries || SECRET_PARAMETERS.iter().any(|s| plain.contains(s)) {
                    format!("{name}=[redacted]")
                } else {
                    pair.to_owned()
                }
            })
            .collect();
        out.push_str(&pairs.join("&"));
    }
    out
}

/// `text` with `%XX` escapes (repeatedly, for a link inside a link) and `+` decoded.
fn percent_decoded(text: &str) -> String {
    let mut text = text.replace('+', " ");
    for _ in 0..3 {
        let decoded = url::form_urlencoded::parse(format!("x={text}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default();
        if decoded == text {
            break;
        }
        text = decoded;
    }
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn secrets_are_redacted() {
        let r = |u: &str| super::redacted(&u.parse().unwrap());
        assert_eq!(r("/feeds/abcdef0123.atom"), "/feeds/[redacted]");
        assert_eq!(r("/unsubscribe?token=12.deadbeef"), "/unsubscribe?token=[redacted]");
        assert_eq!(
            r("/email/unsubscribe?x=1&Token=12.beef&next=/a"),
            "/email/unsubscribe?x=1&Token=[redacted]&next=/a"
        );
        assert_eq!(r("/api/v1/games?mine=true"), "/api/v1/games?mine=true");
        // An invitation link's code signs anyone up on an invitation-only server.
        assert_eq!(
            r("/signup?invite=ab12cd34&next=/x"),
            "/signup?invite=[redacted]&next=/x"
        );
        assert_eq!(r("/login?next=/signup%3Finvite%3Dab12cd34"), "/login?next=[redacted]");
        assert_eq!(r("/login"), "/login");
    }
}
