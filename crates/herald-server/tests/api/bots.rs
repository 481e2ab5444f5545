//! Bots: a bot accepts a challenge and plays a whole game through the API, its turn is taken
//! by one claim at a time, and a turn whose lease was taken by an instance that stopped is
//! played once the lease expires.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{TestApp, each_backend};

/// A level-1 bot named `name`.
async fn bot(app: &TestApp, name: &str) -> i64 {
    app.state
        .db
        .create_bot(name, &name.to_lowercase(), 1, "a test bot", app.state.now())
        .await
        .unwrap()
        .expect("the name is free")
}

/// Polls the game until `done` holds of it, for at most 60 s.
async fn wait_for(app: &TestApp, id: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..1200 {
        let (status, game) = app.get(&format!("/api/v1/games/{id}"), Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        if done(&game) {
            return game;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the game {id} never got there");
}

#[tokio::test]
async fn a_bot_accepts_a_challenge_and_plays_to_the_end() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        bot(&app, "robo").await;
        let (status, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 0, "invite": "robo"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let mut game = wait_for(&app, &id, &alice, |g| g["status"] != "waiting").await;
        assert_eq!(game["status"], "active", "the bot accepted: {game}");
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut bot_moves = 0;
        while game["status"] == "active" {
            let ply = game["ply"].as_i64().unwrap();
            if ply >= 400 {
                // A random mover against a weak bot can wander: the game still ends.
                let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &alice, json!({})).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            } else if game["turn"] == 0 {
                let legal = game["legal_moves"].as_array().unwrap();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = &legal[usize::try_from(seed % legal.len() as u64).unwrap()];
                let (status, body) = app
                    .post(
                        &format!("/api/v1/games/{id}/moves"),
                        &alice,
                        json!({"move": pick, "ply": ply}),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            } else {
                bot_moves += 1;
            }
            game = wait_for(&app, &id, &alice, |g| {
                g["status"] != "active" || g["turn"] == 0 || g["ply"].as_i64().unwrap() >= 400
            })
            .await;
        }
        assert_eq!(game["status"], "finished", "{game}");
        assert!(bot_moves > 0, "the bot moved: {game}");
    })
    .await;
}

#[tokio::test]
async fn a_turn_is_claimed_once_across_two_instances() {
    each_backend(|db| async move {
        let one = TestApp::without_workers(
            &db,
            std::sync::Arc::new(herald_server::domain::rules::HeraldRules),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let two = TestApp::without_workers(
            &db,
            std::sync::Arc::new(herald_server::domain::rules::HeraldRules),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let alice = one.user("alice").await;
        bot(&one, "robo").await;
        let (status, game) = one
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 1, "invite": "robo"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        // Instance one accepts; then the bot (seat 0) is to move.
        assert_eq!(
            herald_server::workers::bots::once(&one.state).await.unwrap(),
            2,
            "accepted and moved"
        );
        let (_, game) = one.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["ply"], 1, "{game}");
        // Both instances race for the same claim: exactly one gets it.
        let now = one.state.now();
        let claims = (0..8).map(|i| {
            let state = if i % 2 == 0 {
                one.state.clone()
            } else {
                two.state.clone()
            };
            let id = id.clone();
            tokio::spawn(async move { state.db.claim_bot_turn(&id, 7, now, 60_000).await.unwrap() })
        });
        let mut won = 0;
        for claim in claims {
            if claim.await.unwrap() {
                won += 1;
            }
        }
        assert_eq!(won, 1, "one claim of eight");
    })
    .await;
}

#[tokio::test]
async fn a_turn_taken_by_a_stopped_instance_is_played_after_its_lease() {
    each_backend(|db| async move {
        let one = TestApp::without_workers(
            &db,
            std::sync::Arc::new(herald_server::domain::rules::HeraldRules),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let alice = one.user("alice").await;
        bot(&one, "robo").await;
        let (status, game) = one
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 1, "invite": "robo"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let (_, game) = one.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        let waiting_ply = game["ply"].as_i64().unwrap();
        assert_eq!(waiting_ply, 0);
        // Instance one accepts, and takes the bot's first turn, then stops before moving.
        let joined = one.state.db.bot_invitations(10).await.unwrap();
        assert_eq!(joined.len(), 1);
        let robo = herald_server::web::auth::AuthUser {
            id: joined[0].user_id,
            username: "robo".into(),
        };
        herald_server::api::games::service::join(&one.state, &robo, &id, None)
            .await
            .unwrap();
        assert!(
            one.state
                .db
                .claim_bot_turn(&id, 0, one.state.now(), herald_server::workers::bots::LEASE_MS)
                .await
                .unwrap()
        );
        drop(one);
        let two = TestApp::without_workers(
            &db,
            std::sync::Arc::new(herald_server::domain::rules::HeraldRules),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        // While the lease runs, the other instance leaves the turn alone.
        assert_eq!(herald_server::workers::bots::once(&two.state).await.unwrap(), 0);
        let (_, game) = two.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["ply"], 0, "{game}");
        // After it, the turn is taken again and played.
        two.clock.advance_ms(herald_server::workers::bots::LEASE_MS + 1);
        assert_eq!(herald_server::workers::bots::once(&two.state).await.unwrap(), 1);
        let (_, game) = two.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["ply"], 1, "{game}");
    })
    .await;
}
