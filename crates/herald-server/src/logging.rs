//! Log output: human-readable text by default, or one JSON object per line
//! (`HERALD_LOG_FORMAT=json`) for log collectors.

use crate::config::LogFormat;

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
