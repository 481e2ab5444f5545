//! Game events are written with the changes they describe: numbered 1, 2, 3… per game,
//! none for a refused action, exactly one per committed move even under contention.

use axum::http::StatusCode;
use herald_server::domain::events::EventKind;
use serde_json::json;

use crate::common::{TestApp, each_backend};

async fn kinds(app: &TestApp, id: &str) -> Vec<EventKind> {
    let events = app.state.db.events_after(id, 0, 1000).await.unwrap();
    let seqs: Vec<i64> = events.iter().map(|e| e.seq).collect();
    let expected: Vec<i64> = (1..=i64::try_from(events.len()).unwrap()).collect();
    assert_eq!(seqs, expected, "sequence numbers run 1, 2, 3… without gaps");
    assert!(events.iter().all(|e| e.game_id == id));
    events.iter().map(|e| e.kind).collect()
}

#[tokio::test]
async fn a_game_writes_one_event_per_change_in_order() {
    each_backend(|db| async move {
        use EventKind::{DrawDeclined, DrawOffered, Finished, Joined, Move, Started};
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        assert_eq!(kinds(&app, &id).await, [Joined, Started]);

        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        // Refused actions write nothing: out of turn, stale ply, no offer to accept.
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert!(status.is_client_error());
        let (status, _) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &b,
                json!({"move": "a1a2", "ply": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "accept"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(kinds(&app, &id).await, [Joined, Started, Move]);

        app.post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
            .await;
        app.post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "decline"}))
            .await;
        for ply in 1..6 {
            let token = if ply % 2 == 0 { &a } else { &b };
            let (status, body) = app
                .post(
                    &format!("/api/v1/games/{id}/moves"),
                    token,
                    json!({"move": "a1a2", "ply": ply}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        assert_eq!(
            kinds(&app, &id).await,
            [
                Joined,
                Started,
                Move,
                DrawOffered,
                DrawDeclined,
                Move,
                Move,
                Move,
                Move,
                Move,
                Finished
            ]
        );
        let events = app.state.db.events_after(&id, 2, 1).await.unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].data["move"], "a1a2");
        assert_eq!(events[0].data["ply"], 1);
        assert_eq!(events[0].data["seat"], 0);
        let last = app.state.db.events_after(&id, 10, 10).await.unwrap();
        assert_eq!(last[0].data["status"], "finished");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(last[0].data["result"], game["result"]);
        assert_eq!(last[0].data["reason"], game["reason"]);
        assert!(game["result"].is_string(), "{game}");
    })
    .await;
}

#[tokio::test]
async fn abort_and_resign_are_events_and_user_events_cover_all_games() {
    each_backend(|db| async move {
        use EventKind::{Aborted, Finished, Joined, Move, Started};
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let c = app.user("carol").await;
        let first = app.started_game("not-chess", &a, &b, "bob").await;
        let (status, _) = app.post(&format!("/api/v1/games/{first}/abort"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(kinds(&app, &first).await, [Joined, Started, Aborted]);

        let second = app.started_game("nowan", &a, &c, "carol").await;
        app.post(&format!("/api/v1/games/{second}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        let (status, _) = app.post(&format!("/api/v1/games/{second}/resign"), &c, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(kinds(&app, &second).await, [Joined, Started, Move, Finished]);

        let alice = app.state.db.user_id_by_key("alice").await.unwrap().unwrap();
        let bob = app.state.db.user_id_by_key("bob").await.unwrap().unwrap();
        assert_eq!(app.state.db.user_events_after(alice, 0, 100).await.unwrap().len(), 7);
        let of_bob = app.state.db.user_events_after(bob, 0, 100).await.unwrap();
        assert_eq!(of_bob.len(), 3);
        assert!(of_bob.iter().all(|e| e.game_id == first));
    })
    .await;
}
