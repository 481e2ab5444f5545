//! Secrets stay out of the request log (feed URLs, unsubscribe and confirmation tokens), read
//! from the log a real subscriber writes. In a process of its own, with a global subscriber:
//! tracing caches per call site whether anyone listens, so a subscriber set for one test while
//! other tests run on other threads could miss the request events (it did, in the API suite).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use serde_json::json;

#[allow(dead_code, unused_imports)]
#[path = "api/common.rs"]
mod common;

use common::{TestApp, each_backend};

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Captured {
    type Writer = Captured;
    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

#[tokio::test]
async fn feed_secrets_and_unsubscribe_tokens_stay_out_of_the_log() {
    let log = Captured::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(log.clone())
        .with_max_level(tracing::Level::INFO)
        .with_ansi(false)
        .finish();
    tracing::subscriber::set_global_default(subscriber).unwrap();
    each_backend(|db| {
        let log = log.clone();
        async move {
            let app = TestApp::scripted(&db).await;
            let token = app.user("alice").await;
            let (status, feed) = app.post("/api/v1/me/feed", &token, json!({})).await;
            assert_eq!(status, StatusCode::CREATED, "{feed}");
            let url = feed["url"].as_str().unwrap();
            let path = &url[url.find("/feeds/").unwrap()..];
            let (status, _) = app.get(path, None).await;
            assert_eq!(status, StatusCode::OK);
            let secret = "1.deadbeefcafe0123456789";
            for uri in [
                format!("/email/unsubscribe?token={secret}"),
                format!("/email/confirm?token={secret}"),
            ] {
                app.get(&uri, None).await;
            }
            app.call("POST", &format!("/unsubscribe?token={secret}"), None, None)
                .await;
            // An invitation link's code, and the same link carried on through a log-in.
            let invite = "inv1te0c0de5ecret";
            app.get(&format!("/signup?invite={invite}"), None).await;
            app.get(&format!("/login?next=%2Fsignup%3Finvite%3D{invite}"), None)
                .await;
            let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
            assert!(
                text.contains("/feeds/[redacted]"),
                "the request log has the requests: {text}"
            );
            assert!(text.contains("/email/unsubscribe?token=[redacted]"), "{text}");
            let feed_secret = path.trim_start_matches("/feeds/").trim_end_matches(".atom");
            assert!(!text.contains(feed_secret), "feed secret in the log: {text}");
            assert!(!text.contains(secret), "unsubscribe token in the log: {text}");
            assert!(text.contains("/signup?invite=[redacted]"), "{text}");
            assert!(!text.contains(invite), "invitation code in the log: {text}");
        }
    })
    .await;
}
