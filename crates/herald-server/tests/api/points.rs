//! Each game's own points, recorded when it finishes (every way it can finish), shown by
//! the API and the exports, and given to games finished before points were recorded.

use axum::http::StatusCode;
use herald_rules::{Team, Variant};
use herald_server::domain::game_states::{EndReason, GameResult, GameStatus};
use herald_server::storage::Finish;
use serde_json::{Value, json};
use sqlx::Row;

use crate::common::{TestApp, each_backend};

async fn play(app: &TestApp, id: &str, token: &str, text: &str) -> Value {
    let (status, game) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game
}

#[tokio::test]
async fn every_ending_records_the_games_own_points() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;

        // Nowan won on the board (the scripted rules capture the king on the sixth move):
        // 2-0, in the API, the list, the JSON record and the PGN.
        let id = app.started_game("nowan", &a, &b, "bob").await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&a)).await;
        assert_eq!(game["status"], "finished");
        assert_eq!(game["points"], json!([0.0, 2.0]), "{game}");
        let (_, list) = app.get("/api/v1/games?status=ended", Some(&a)).await;
        assert_eq!(list[0]["points"], json!([0.0, 2.0]));
        let (_, record) = app.get(&format!("/api/v1/games/{id}.json"), None).await;
        assert_eq!(record["points"], json!([0.0, 2.0]));
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(pgn.as_str().unwrap().contains("[Points \"0-2\"]"), "{pgn}");

        // Resignation: a Nowan win is worth 2 whatever ended it.
        let id = app.started_game("nowan", &a, &b, "bob").await;
        play(&app, &id, &a, "a1a2").await;
        let (_, game) = app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        assert_eq!(game["points"], json!([2.0, 0.0]), "{game}");

        // A draw by agreement: nothing in Nowan, a half point each in Not Chess.
        for (variant, each) in [("nowan", 0.0), ("not-chess", 0.5)] {
            let id = app.started_game(variant, &a, &b, "bob").await;
            play(&app, &id, &a, "a1a2").await;
            app.post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
                .await;
            let (_, game) = app
                .post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "accept"}))
                .await;
            assert_eq!(game["result"], "1/2-1/2", "{game}");
            assert_eq!(game["points"], json!([each, each]), "{variant}: {game}");
            let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
            let tag = if each == 0.0 {
                "[Points \"0-0\"]"
            } else {
                "[Points \"1/2-1/2\"]"
            };
            assert!(pgn.as_str().unwrap().contains(tag), "{pgn}");
        }

        // An aborted game is worth nothing to anyone: no points at all.
        let id = app.started_game("ancient", &a, &b, "bob").await;
        let (_, game) = app.post(&format!("/api/v1/games/{id}/abort"), &a, json!({})).await;
        assert_eq!(game["status"], "aborted");
        assert_eq!(game["points"], Value::Null);
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(!pgn.as_str().unwrap().contains("[Points"), "{pgn}");

        // A game in play has none yet.
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&a)).await;
        assert_eq!(game["points"], Value::Null);
    })
    .await;
}

/// Every way a game can end, as `(winner team, reason)`.
fn endings() -> Vec<(Option<i64>, EndReason)> {
    let mut out = Vec::new();
    for reason in EndReason::all() {
        for winner in [None, Some(0), Some(1)] {
            out.push((winner, reason));
        }
    }
    out
}

#[tokio::test]
async fn games_finished_without_points_are_scored_from_the_registry() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let pool = app.state.db.pool().clone();
        // One finished game per game kind and ending, recorded as before migration 0011:
        // no points.
        let mut expected = Vec::new();
        for variant in [Variant::Nowan, Variant::NotChess, Variant::Ancient] {
            for (winner, reason) in endings() {
                let id = app.started_game(variant.id(), &a, &b, "bob").await;
                let result = GameResult::of(winner.map(|w| Team::new(u8::try_from(w).unwrap())));
                sqlx::query(
                    "UPDATE games SET status = 'finished', winner_team = $1, reason = $2, finished_at = 1, \
                     points_team0 = NULL, points_team1 = NULL, result = $4 WHERE id = $3",
                )
                .bind(winner)
                .bind(reason.as_str())
                .bind(&id)
                .bind(result.as_str())
                .execute(&pool)
                .await
                .unwrap();
                let finish = Finish {
                    status: GameStatus::Finished,
                    result: Some(result),
                    reason: Some(reason),
                };
                expected.push((id, finish.points(variant).unwrap()));
            }
        }
        let scored = app.state.db.score_unscored_games().await.unwrap();
        assert_eq!(scored, u64::try_from(expected.len()).unwrap());
        for (id, points) in &expected {
            let row = sqlx::query("SELECT points_team0, points_team1 FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap();
            let stored: [i64; 2] = [row.try_get(0).unwrap(), row.try_get(1).unwrap()];
            assert_eq!(&stored, points, "{id}");
        }
        // The stalemate case is in there, worth half a Nowan win.
        let stalemate = EndReason::all()
            .find(|r| r.as_str() == "stalemate")
            .expect("a stalemate reason");
        let nowan_stalemate = Finish {
            status: GameStatus::Finished,
            result: Some(GameResult::FirstTeamWon),
            reason: Some(stalemate),
        };
        assert_eq!(nowan_stalemate.points(Variant::Nowan), Some([2, 0]));
        assert_eq!(nowan_stalemate.points(Variant::NotChess), Some([2, 0]));
        assert_eq!(
            Finish {
                reason: Some(EndReason::Resignation),
                ..nowan_stalemate.clone()
            }
            .points(Variant::Nowan),
            Some([4, 0])
        );
        // Done once: a second start scores nothing.
        assert_eq!(app.state.db.score_unscored_games().await.unwrap(), 0);
    })
    .await;
}
