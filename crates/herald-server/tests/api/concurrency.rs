//! Two (or more) submissions for the same turn: exactly one move is accepted.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{RunningServer, TestApp, each_backend};

async fn submit(client: reqwest::Client, url: String, token: String, body: Value) -> (u16, Value) {
    let response = client.post(url).bearer_auth(token).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn conflicting_moves_for_one_ply_commit_exactly_once() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let client = reqwest::Client::new();

        for round in 0..3 {
            let id = app.started_game("not-chess", &a, &b, "bob").await;
            let url = format!("{}/api/v1/games/{id}/moves", server.base);
            for ply in 0..5_i64 {
                let token = if ply % 2 == 0 { &a } else { &b };
                // Eight clients: two different moves, with and without the ply guard.
                let mut tasks = Vec::new();
                for k in 0..8 {
                    let text = if k % 2 == 0 { "a1a2" } else { "b1b2" };
                    let body = if k < 6 {
                        json!({"move": text, "ply": ply})
                    } else {
                        json!({"move": text})
                    };
                    tasks.push(tokio::spawn(submit(client.clone(), url.clone(), token.clone(), body)));
                }
                let mut ok = 0;
                for task in tasks {
                    let (status, body) = task.await.unwrap();
                    match status {
                        200 => ok += 1,
                        409 => {
                            let code = body["error"]["code"].as_str().unwrap();
                            assert!(
                                ["conflict", "stale_ply", "duplicate_move"].contains(&code),
                                "{}: {body}",
                                db.backend
                            );
                        }
                        // A late, unguarded submission of the other move: the turn has passed.
                        403 => assert_eq!(body["error"]["code"], "not_your_turn", "{body}"),
                        other => panic!("{}: round {round} ply {ply}: unexpected {other}: {body}", db.backend),
                    }
                }
                assert_eq!(
                    ok, 1,
                    "{}: round {round} ply {ply}: exactly one move commits",
                    db.backend
                );
            }
            let game: Value = client
                .get(format!("{}/api/v1/games/{id}", server.base))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            assert_eq!(game["ply"], 5);
            assert_eq!(game["moves"].as_array().unwrap().len(), 5);
            // One event per committed move, none for the refused submissions.
            let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
            let moves: Vec<i64> = events
                .iter()
                .filter(|e| e.kind == herald_server::domain::events::EventKind::Move)
                .map(|e| e.data["ply"].as_i64().unwrap())
                .collect();
            assert_eq!(moves, [1, 2, 3, 4, 5], "{}", db.backend);
        }
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_tabs_same_ply_one_wins_one_conflicts() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let client = reqwest::Client::new();
        let mut conflicts = 0;
        for _ in 0..10 {
            let id = app.started_game("nowan", &a, &b, "bob").await;
            let url = format!("{}/api/v1/games/{id}/moves", server.base);
            let one = tokio::spawn(submit(
                client.clone(),
                url.clone(),
                a.clone(),
                json!({"move": "a1a2", "ply": 0}),
            ));
            let two = tokio::spawn(submit(
                client.clone(),
                url.clone(),
                a.clone(),
                json!({"move": "b1b2", "ply": 0}),
            ));
            let (s1, _) = one.await.unwrap();
            let (s2, _) = two.await.unwrap();
            let mut statuses = [s1, s2];
            statuses.sort_unstable();
            assert_eq!(statuses, [200, 409], "{}", db.backend);
            conflicts += 1;
        }
        assert_eq!(conflicts, 10);
        assert_eq!(StatusCode::OK.as_u16(), 200);
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_joins_fill_each_seat_once() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut tokens = Vec::new();
        for i in 0..6 {
            tokens.push(app.user(&format!("player{i}")).await);
        }
        let server = RunningServer::start(app.state.clone()).await;
        let client = reqwest::Client::new();
        let (_, game) = app
            .post("/api/v1/games", &tokens[0], json!({"variant": "chatrang", "seat": 0}))
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        let url = format!("{}/api/v1/games/{id}/join", server.base);
        let tasks: Vec<_> = tokens[1..]
            .iter()
            .map(|t| tokio::spawn(submit(client.clone(), url.clone(), t.clone(), json!({}))))
            .collect();
        let mut ok = 0;
        for task in tasks {
            let (status, body) = task.await.unwrap();
            if status == 200 {
                ok += 1;
            } else {
                assert_eq!(status, 409, "{body}");
            }
        }
        assert_eq!(ok, 3, "{}: three open seats", db.backend);
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(
            game["status"], "active",
            "{}: the last join starts the game",
            db.backend
        );
        let mut users: Vec<&str> = game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["user"].as_str().unwrap())
            .collect();
        users.sort_unstable();
        users.dedup();
        assert_eq!(users.len(), 4);
        server.stop().await;
    })
    .await;
}

#[tokio::test]
async fn two_instances_on_one_database_see_each_others_moves() {
    each_backend(|db| async move {
        // Each instance has its own position cache; a cached position is only used at the
        // ply the database says the game is at.
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let a = one.user("alice").await;
        let b = one.user("bob").await;
        let id = one.started_game("not-chess", &a, &b, "bob").await;
        let apps = [&one, &two];
        for ply in 0..6_i64 {
            let app = apps[usize::try_from(ply % 2).unwrap()];
            let other = apps[usize::try_from((ply + 1) % 2).unwrap()];
            // Warm the other instance's cache before this move.
            other.get(&format!("/api/v1/games/{id}"), None).await;
            let token = if ply % 2 == 0 { &a } else { &b };
            let (status, game) = app
                .post(
                    &format!("/api/v1/games/{id}/moves"),
                    token,
                    json!({"move": "a1a2", "ply": ply}),
                )
                .await;
            assert_eq!(status, 200, "{}: {game}", db.backend);
            let (_, seen) = other.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(seen["ply"], ply + 1, "{}", db.backend);
            assert_eq!(
                seen["moves"].as_array().unwrap().len(),
                usize::try_from(ply + 1).unwrap()
            );
        }
    })
    .await;
}

/// Switching a vacation on or off locks the player's row and then writes to their games;
/// a rated ending locks the game and then needs the players' rows (the rating rows' foreign
/// keys). On PostgreSQL both at once must not deadlock (issue 32: every round answered
/// 500): every request succeeds, and every game is rated once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn vacation_switches_and_rated_endings_at_once_do_not_deadlock() {
    const GAMES: usize = 4;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let client = reqwest::Client::new();
        for round in 0..8 {
            let mut games = Vec::new();
            for _ in 0..GAMES {
                let (status, game) = app
                    .post(
                        "/api/v1/games",
                        &a,
                        json!({"variant": "nowan", "seat": 0, "invite": "bob", "rated": true}),
                    )
                    .await;
                assert_eq!(status, StatusCode::CREATED, "{game}");
                let id = game["id"].as_str().unwrap().to_owned();
                let (status, body) = app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                // Five plies: Bob's next move (the sixth) ends the game.
                for ply in 0..5 {
                    let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
                    let (status, body) = app
                        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
                        .await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                }
                games.push(id);
            }
            // Alice's vacation goes on (round even) or off (odd: it was switched on before)
            // while Bob's moves end every game (and, odd rounds, his own vacation).
            let on = round % 2 == 0;
            if !on {
                for token in [&a, &b] {
                    let (status, body) = app.post("/api/v1/me/vacation", token, json!({"on": true})).await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                }
            }
            let mut tasks = Vec::new();
            for id in &games {
                tasks.push(tokio::spawn(submit(
                    client.clone(),
                    format!("{}/api/v1/games/{id}/moves", server.base),
                    b.clone(),
                    json!({"move": "b1b2"}),
                )));
            }
            for _ in 0..2 {
                tasks.push(tokio::spawn(submit(
                    client.clone(),
                    format!("{}/api/v1/me/vacation", server.base),
                    a.clone(),
                    json!({ "on": on }),
                )));
            }
            for task in tasks {
                let (status, body) = task.await.unwrap();
                assert_eq!(status, 200, "{}: round {round}: {body}", db.backend);
            }
            for id in &games {
                let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
                assert_eq!(game["status"], "finished", "{}: {game}", db.backend);
                assert!(game["ratings"][1]["change"].as_i64().unwrap() > 0, "{game}");
            }
            if on {
                let (status, body) = app.post("/api/v1/me/vacation", &a, json!({"on": false})).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }
        server.stop().await;
    })
    .await;
}
