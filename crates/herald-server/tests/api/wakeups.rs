//! Every write that changes a game wakes the live streams from the storage layer's commit,
//! not only moves: a vacation, the sweeper and an operator's end-game reach an open stream
//! at once. The app runs without its wake-up sources (no PostgreSQL `LISTEN`, no SQLite
//! tailer), so only the storage layer's own wake-up can deliver these events: before it
//! did, they waited for the tailer's 1-second poll (SQLite) and here never arrived.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use crate::common::{RunningServer, ScriptedRules, TestApp, each_backend};
use crate::streams::Lines;

/// The kind of the stream's next event, which must come well before a keep-alive.
async fn next_kind(stream: &mut Lines, what: &str) -> String {
    let event = tokio::time::timeout(Duration::from_secs(5), stream.json())
        .await
        .unwrap_or_else(|_| panic!("{what}: no event reached the stream within 5 s"));
    event["kind"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn vacation_sweeper_and_admin_changes_reach_an_open_stream_at_once() {
    each_backend(|db| async move {
        let config = herald_server::Config::for_tests(&db.url);
        let app = TestApp::without_workers(&db, Arc::new(ScriptedRules { finish_after: 20 }), config).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let mut stream = Lines::open(&format!("{}/api/v1/games/{id}/stream", server.base), None, &[]).await;
        assert_eq!(stream.json().await["id"], id.as_str(), "the game comes first");

        // Vacation: alice (seat 0) is to move.
        let (status, body) = app.post("/api/v1/me/vacation", &a, json!({"on": true})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            next_kind(&mut stream, "vacation on").await,
            "vacation_on",
            "{}",
            db.backend
        );
        let (status, body) = app.post("/api/v1/me/vacation", &a, json!({"on": false})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            next_kind(&mut stream, "vacation off").await,
            "vacation_off",
            "{}",
            db.backend
        );

        // The sweeper: a 4-day turn gets its 80 % warning at 3.2 days.
        app.clock.advance_ms(3 * 86_400_000 + 6 * 3_600_000);
        let report = herald_server::workers::sweeper::sweep_once(&app.state).await.unwrap();
        assert_eq!(report.warnings, 1, "{}", db.backend);
        assert_eq!(
            next_kind(&mut stream, "sweeper").await,
            "time_warning",
            "{}",
            db.backend
        );

        // An operator ends the game.
        herald_server::operator::end_game(&app.state.db, &id, app.state.now())
            .await
            .unwrap();
        assert_eq!(next_kind(&mut stream, "admin").await, "aborted", "{}", db.backend);
        server.stop().await;
    })
    .await;
}
