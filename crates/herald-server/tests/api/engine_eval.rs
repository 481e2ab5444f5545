//! The analysis board's engine (issue 34), on both databases: any position gets a legal best
//! move and an evaluation; a player asking about their own running game (its position, or
//! one move after it) is refused unless the site allows engine help; spectators, finished
//! games and free positions are always answered; bad input is a 400 with a code.

use axum::http::StatusCode;
use herald_rules::{AnyGame, Options, Variant};
use herald_server::operator as cli;
use serde_json::{Value, json};

use crate::admin::set_site;
use crate::analysis::url_encoded;
use crate::common::{TestApp, TestDb, assert_error, each_backend, revoked_token};

fn path(variant: Variant, fen: &str) -> String {
    format!("/api/v1/analysis/{}/evaluation?fen={}", variant.id(), url_encoded(fen))
}

/// The game's current position as the API shows it.
async fn position_of(app: &TestApp, id: &str, token: &str) -> String {
    let (status, game) = app.get(&format!("/api/v1/games/{id}"), Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game["fen"].as_str().unwrap().to_owned()
}

fn assert_answer(variant: Variant, fen: &str, body: &Value) {
    let game = AnyGame::new(variant, Options::NONE, Some(fen)).unwrap();
    let best = body["best"].as_str().expect("a best move");
    assert!(
        game.legal_moves().iter().any(|m| m.to_string() == best),
        "{best} is not legal in {fen}"
    );
    assert_eq!(body["line"][0], best, "{body}");
    assert!(
        ["centipawns", "win", "loss"].contains(&body["kind"].as_str().unwrap()),
        "{body}"
    );
    assert!(body["value"].is_i64(), "{body}");
    assert!(body["depth"].as_u64().unwrap() >= 1, "{body}");
}

#[tokio::test]
async fn the_engine_answers_any_position_and_refuses_players_their_running_games() {
    each_backend(|db: TestDb| async move {
        let app = TestApp::real(&db).await;
        cli::create_user(&app.state.db, "root", "password-root".to_owned(), true, app.state.now())
            .await
            .unwrap();
        let root = app.token("root").await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let start = AnyGame::new(Variant::Nowan, Options::NONE, None).unwrap().fen();

        // A free position: anyone, signed in or not, gets a legal best move.
        let (status, body) = app.get(&path(Variant::Nowan, &start), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_answer(Variant::Nowan, &start, &body);
        let (status, body) = app.get(&path(Variant::Nowan, &start), Some(&alice)).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Alice and Bob start a game: its position (the start) is now one of theirs.
        let id = app.started_game("nowan", &alice, &bob, "bob").await;
        let fen = position_of(&app, &id, &alice).await;
        for player in [&alice, &bob] {
            let (status, body) = app.get(&path(Variant::Nowan, &fen), Some(player)).await;
            assert_error(status, &body, StatusCode::FORBIDDEN, "engine_help_disabled");
        }
        // One move later (a candidate move checked by asking where it leads): refused too.
        let game = AnyGame::new(Variant::Nowan, Options::NONE, Some(&fen)).unwrap();
        let candidate = game.legal_moves()[0];
        let mut after = game.clone();
        after.play_text(&candidate.to_string()).unwrap();
        let (status, body) = app.get(&path(Variant::Nowan, &after.fen()), Some(&alice)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "engine_help_disabled");
        // A spectator and an anonymous visitor are answered: fair play binds the players.
        let (status, body) = app.get(&path(Variant::Nowan, &fen), Some(&carol)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, _) = app.get(&path(Variant::Nowan, &fen), None).await;
        assert_eq!(status, StatusCode::OK);
        let stale = revoked_token(&app, "carol", &carol).await;
        let (status, _) = app.get(&path(Variant::Nowan, &fen), Some(&stale)).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "a revoked token is refused, as on every route"
        );

        // The site allows engine help: the players are answered.
        let site = set_site(&app, &root, json!({"engine_in_running_games": true})).await;
        assert_eq!(site["engine_in_running_games"], true);
        let (status, body) = app.get(&path(Variant::Nowan, &fen), Some(&alice)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_answer(Variant::Nowan, &fen, &body);
        set_site(&app, &root, json!({"engine_in_running_games": false})).await;

        // Once the game is over it is free to study.
        let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &bob, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = app.get(&path(Variant::Nowan, &fen), Some(&alice)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    })
    .await;
}

#[tokio::test]
async fn bad_requests_get_a_code() {
    let db = TestDb::sqlite();
    let app = TestApp::real(&db).await;
    let (status, body) = app.get("/api/v1/analysis/chess/evaluation", None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_variant");
    let (status, body) = app.get("/api/v1/analysis/nowan/evaluation?fen=nonsense", None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_position");
    let long = "x".repeat(400);
    let (status, body) = app
        .get(&format!("/api/v1/analysis/nowan/evaluation?fen={long}"), None)
        .await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_position");
    let (status, body) = app.get("/api/v1/analysis/nowan/evaluation?options=jumping", None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_option");
    // Every game: the start position gets a legal move.
    for variant in Variant::ALL {
        let fen = AnyGame::new(variant, Options::NONE, None).unwrap().fen();
        let (status, body) = app.get(&path(variant, &fen), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_answer(variant, &fen, &body);
    }
    db.cleanup().await;
}
