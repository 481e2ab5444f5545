use axum::http::StatusCode;
use herald_server::infra::clock::DAY_MS;
use serde_json::{Value, json};

use crate::common::{T0, TestApp, assert_error, each_backend};

async fn mv(app: &TestApp, id: &str, token: &str, text: &str, ply: Option<i64>) -> (StatusCode, Value) {
    let body = match ply {
        Some(p) => json!({"move": text, "ply": p}),
        None => json!({"move": text}),
    };
    app.post(&format!("/api/v1/games/{id}/moves"), token, body).await
}

#[tokio::test]
async fn a_whole_scripted_game_to_a_result() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let (status, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "seat": "white", "invite": "bob", "days_per_move": 3}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["status"], "waiting");
        assert_eq!(game["seats"][0]["user"], "alice");
        assert_eq!(game["seats"][1]["invited"], "bob");
        assert_eq!(game["move_by"], Value::Null);
        let id = game["id"].as_str().unwrap().to_owned();

        // An invitation is not an open challenge.
        let (_, challenges) = app.get("/api/v1/challenges", None).await;
        assert!(challenges.as_array().unwrap().is_empty());

        app.clock.advance_ms(1000);
        let (status, game) = app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "active");
        assert_eq!(game["started_at"], T0 + 1000);
        assert_eq!(game["move_by"], T0 + 1000 + 3 * DAY_MS);
        assert_eq!(game["turn"], 0);
        assert_eq!(game["to_move"], "alice");
        assert_eq!(game["legal_moves"], json!(["a1a2", "b1b2"]));
        assert_eq!(game["days_per_move"], 3);

        let players = [&a, &b];
        for ply in 0..6_i64 {
            app.clock.advance_ms(60_000);
            let token = players[usize::try_from(ply % 2).unwrap()];
            let (status, game) = mv(&app, &id, token, "a1a2", Some(ply)).await;
            assert_eq!(status, StatusCode::OK, "{game}");
            assert_eq!(game["ply"], ply + 1);
            if ply < 5 {
                assert_eq!(game["move_by"], T0 + 1000 + 60_000 * (ply + 1) + 3 * DAY_MS);
                assert_eq!(game["your_move"], false);
            }
        }
        let (status, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["status"], "finished");
        assert_eq!(game["result"], "0-1");
        assert_eq!(game["winner_team"], 1);
        assert_eq!(game["reason"], "king_captured");
        assert_eq!(game["moves"].as_array().unwrap().len(), 6);
        assert_eq!(game["legal_moves"], json!([]));
        assert_eq!(game["move_by"], Value::Null);

        let (status, body) = mv(&app, &id, &a, "a1a2", None).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");

        // Exports.
        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pgn = pgn.as_str().unwrap();
        assert!(pgn.contains("[Variant \"not-chess\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("[White \"alice\"]"), "{pgn}");
        assert!(pgn.contains("1. a1a2 a1a2 2. a1a2"), "{pgn}");
        assert!(pgn.trim_end().ends_with("0-1"), "{pgn}");
        let (status, record) = app.get(&format!("/api/v1/games/{id}.json"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(record["moves"].as_array().unwrap().len(), 6);
        assert_eq!(record["moves"][0]["move"], "a1a2");
        assert_eq!(record["result"], "0-1");
    })
    .await;
}

/// An accepted move's answer says how long the server took over it (`Server-Timing`);
/// a refused one does not claim a move's time.
#[tokio::test]
async fn an_accepted_move_carries_the_servers_time_for_it() {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let send = |token: &str, ply: i64| {
            Request::post(format!("/api/v1/games/{id}/moves"))
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "application/json")
                .body(Body::from(json!({"move": "a1a2", "ply": ply}).to_string()))
                .unwrap()
        };
        let accepted = app.router.clone().oneshot(send(&a, 0)).await.unwrap();
        assert_eq!(accepted.status(), StatusCode::OK);
        let timing = accepted.headers()["server-timing"].to_str().unwrap().to_owned();
        // `move;dur=…` first (the whole), then the phases in the order they ended.
        let entries: Vec<(&str, f64)> = timing
            .split(", ")
            .map(|entry| {
                let (name, dur) = entry.split_once(";dur=").unwrap_or_else(|| panic!("{timing}"));
                (name, dur.parse().unwrap_or_else(|_| panic!("{timing}")))
            })
            .collect();
        let names: Vec<&str> = entries.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["move", "read", "rules", "pool", "commit"], "{timing}");
        let whole = entries[0].1;
        assert!(whole > 0.0 && whole < 60_000.0, "{timing}");
        let phases: f64 = entries[1..].iter().map(|(_, ms)| ms).sum();
        assert!(entries[1..].iter().all(|(_, ms)| *ms >= 0.0), "{timing}");
        // The phases are consecutive parts of the whole (each printed to the microsecond).
        assert!(phases <= whole + 0.005, "{timing}");

        let stale = app.router.clone().oneshot(send(&b, 0)).await.unwrap();
        assert_eq!(stale.status(), StatusCode::CONFLICT);
        assert!(stale.headers().get("server-timing").is_none());
    })
    .await;
}

#[tokio::test]
async fn create_validates_its_input() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        app.user("bob").await;
        let cases = [
            (json!({"variant": "chess"}), StatusCode::BAD_REQUEST, "invalid_variant"),
            (
                json!({"variant": "nowan", "options": ["jumping"]}),
                StatusCode::BAD_REQUEST,
                "invalid_option",
            ),
            (
                json!({"variant": "ancient", "options": ["flying"]}),
                StatusCode::BAD_REQUEST,
                "invalid_option",
            ),
            (
                json!({"variant": "nowan", "days_per_move": 0}),
                StatusCode::BAD_REQUEST,
                "invalid_days_per_move",
            ),
            (
                json!({"variant": "nowan", "days_per_move": 15}),
                StatusCode::BAD_REQUEST,
                "invalid_days_per_move",
            ),
            (
                json!({"variant": "nowan", "seat": 2}),
                StatusCode::BAD_REQUEST,
                "invalid_seat",
            ),
            (
                json!({"variant": "nowan", "seat": "white"}),
                StatusCode::BAD_REQUEST,
                "invalid_seat",
            ),
            (
                json!({"variant": "nowan", "invite": "nobody"}),
                StatusCode::NOT_FOUND,
                "user_not_found",
            ),
            (
                json!({"variant": "nowan", "invite": "alice"}),
                StatusCode::BAD_REQUEST,
                "invalid_invite",
            ),
            (
                json!({"variant": "nowan", "days_per_move": "x"}),
                StatusCode::BAD_REQUEST,
                "malformed_json",
            ),
            (json!({"options": []}), StatusCode::BAD_REQUEST, "malformed_json"),
        ];
        for (body, status, code) in cases {
            let (got, reply) = app.post("/api/v1/games", &a, body.clone()).await;
            assert_error(got, &reply, status, code);
        }
        // Defaults: 4 days, a random seat, Ancient options kept in canonical order.
        let (status, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "ancient", "options": ["promotion", "jumping"]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["days_per_move"], 4);
        assert_eq!(game["options"], json!(["jumping", "promotion"]));
        assert_eq!(
            game["seats"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["user"] == "alice")
                .count(),
            1
        );
        let (status, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "nowan", "seat": "red", "invite": "bob"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["seats"][1]["user"], "alice");
        assert_eq!(game["seats"][0]["invited"], "bob");
    })
    .await;
}

#[tokio::test]
async fn open_challenges_and_joining() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let c = app.user("carol").await;
        let (_, game) = app
            .post("/api/v1/games", &a, json!({"variant": "nowan", "seat": 1}))
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        let (status, list) = app.get("/api/v1/challenges", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert_eq!(list[0]["id"], id.as_str());

        let join = |token: String, body: Value| {
            let app = &app;
            let id = id.clone();
            async move { app.post(&format!("/api/v1/games/{id}/join"), &token, body).await }
        };
        let (status, body) = join(a.clone(), json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "already_seated");
        let (status, body) = join(b.clone(), json!({"seat": 1})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "seat_taken");
        let (status, game) = join(b.clone(), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["seats"][0]["user"], "bob");
        assert_eq!(game["status"], "active");
        let (status, body) = join(c.clone(), json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_waiting");
        let (_, list) = app.get("/api/v1/challenges", None).await;
        assert!(list.as_array().unwrap().is_empty());

        // Join without a body at all.
        let (_, game) = app.post("/api/v1/games", &a, json!({"variant": "nowan"})).await;
        let id2 = game["id"].as_str().unwrap();
        let (status, game) = app
            .call("POST", &format!("/api/v1/games/{id2}/join"), Some(&c), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        // A JSON `null` body (the document makes the body optional and nullable) is no body.
        let (_, game) = app.post("/api/v1/games", &a, json!({"variant": "nowan"})).await;
        let id4 = game["id"].as_str().unwrap();
        let (status, game) = app
            .call(
                "POST",
                &format!("/api/v1/games/{id4}/join"),
                Some(&c),
                Some(Value::Null),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");

        // A seat reserved for someone else.
        let (_, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "seat": 0, "invite": "bob"}),
            )
            .await;
        let id3 = game["id"].as_str().unwrap();
        let (status, body) = app
            .post(&format!("/api/v1/games/{id3}/join"), &c, json!({"seat": 1}))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "seat_reserved");
        let (status, body) = app.post(&format!("/api/v1/games/{id3}/join"), &c, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_open_seat");
        let (status, body) = app.post("/api/v1/games/nope/join", &c, json!({})).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
    })
    .await;
}

#[tokio::test]
async fn chatrang_starts_when_all_four_seats_are_filled() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let p: Vec<String> = {
            let mut v = Vec::new();
            for name in ["pl1", "pl2", "pl3", "pl4", "pl5"] {
                v.push(app.user(name).await);
            }
            v
        };
        let (status, game) = app
            .post(
                "/api/v1/games",
                &p[0],
                json!({"variant": "chatrang", "seat": 0, "invite": [{"seat": 2, "username": "pl3"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        assert_eq!(game["seats"].as_array().unwrap().len(), 4);
        assert_eq!(game["seats"][2]["invited"], "pl3");
        assert_eq!(game["seats"][2]["team"], 0);
        assert_eq!(game["seats"][1]["team"], 1);
        for (i, token) in [&p[1], &p[2]].iter().enumerate() {
            let (status, game) = app.post(&format!("/api/v1/games/{id}/join"), token, json!({})).await;
            assert_eq!(status, StatusCode::OK, "{game}");
            assert_eq!(game["status"], "waiting", "after join {i}");
        }
        // p2 took seat 1 (the first open one), p3 their invited seat 2.
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game["seats"][1]["user"], "pl2");
        assert_eq!(game["seats"][2]["user"], "pl3");
        let (status, game) = app.post(&format!("/api/v1/games/{id}/join"), &p[3], json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["status"], "active");
        let (status, body) = app.post(&format!("/api/v1/games/{id}/join"), &p[4], json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_waiting");

        // Turn order 0,1,2,3; a draw needs all four.
        for (ply, token) in p.iter().take(4).enumerate() {
            let (status, game) = app
                .post(
                    &format!("/api/v1/games/{id}/moves"),
                    token,
                    json!({"move": "b1b2", "ply": ply}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{game}");
        }
        let draw = |i: usize, action: &str| {
            let app = &app;
            let token = p[i].clone();
            let id = id.clone();
            let action = action.to_owned();
            async move {
                app.post(&format!("/api/v1/games/{id}/draw"), &token, json!({"action": action}))
                    .await
            }
        };
        let (status, game) = draw(0, "offer").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["draw_offers"], json!([0]));
        draw(1, "accept").await;
        let (_, game) = draw(2, "accept").await;
        assert_eq!(game["status"], "active");
        assert_eq!(game["draw_offers"], json!([0, 1, 2]));
        let (_, game) = draw(3, "accept").await;
        assert_eq!(game["status"], "finished");
        assert_eq!(game["result"], "1/2-1/2");
        assert_eq!(game["reason"], "draw_agreed");
    })
    .await;
}

#[tokio::test]
async fn resign_draw_and_abort() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let c = app.user("carol").await;

        // Abort before the first move, by either player; not after.
        let id = app.started_game("ancient", &a, &b, "bob").await;
        let (status, body) = app.post(&format!("/api/v1/games/{id}/abort"), &c, json!({})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, game) = app.post(&format!("/api/v1/games/{id}/abort"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "aborted");
        assert_eq!(game["result"], Value::Null);
        let (status, body) = app.post(&format!("/api/v1/games/{id}/abort"), &b, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");

        let id = app.started_game("ancient", &a, &b, "bob").await;
        mv(&app, &id, &a, "a1a2", Some(0)).await;
        let (status, body) = app.post(&format!("/api/v1/games/{id}/abort"), &a, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "too_late_to_abort");

        // Ancient chess is "completely drawless" (its Decision A20): no offers at all.
        for action in ["offer", "accept", "decline"] {
            let (status, body) = app
                .post(&format!("/api/v1/games/{id}/draw"), &b, json!({ "action": action }))
                .await;
            assert_error(status, &body, StatusCode::CONFLICT, "no_draws");
            assert!(
                body["error"]["message"].as_str().unwrap().contains("Ancient chess"),
                "{body}"
            );
        }

        // Draw: answering with no offer is a conflict; an offer declined by a move.
        let id = app.started_game("nowan", &a, &b, "bob").await;
        mv(&app, &id, &a, "a1a2", Some(0)).await;
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "accept"}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_draw_offer");
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "maybe"}))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, game) = app
            .post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["draw_offers"], json!([0]));
        let (_, game) = mv(&app, &id, &b, "b1b2", Some(1)).await;
        assert_eq!(game["draw_offers"], json!([]), "a move declines the opponent's offer");
        app.post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
            .await;
        let (_, game) = app
            .post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "decline"}))
            .await;
        assert_eq!(game["draw_offers"], json!([]));
        assert_eq!(game["status"], "active");
        app.post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "offer"}))
            .await;
        let (_, game) = app
            .post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "accept"}))
            .await;
        assert_eq!(game["status"], "finished");
        assert_eq!(game["result"], "1/2-1/2");

        // Resign: only a player, and the other side wins.
        let id = app.started_game("nowan", &a, &b, "bob").await;
        let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &c, json!({})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, game) = app.post(&format!("/api/v1/games/{id}/resign"), &a, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["result"], "0-1");
        assert_eq!(game["reason"], "resignation");
        let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");
    })
    .await;
}

#[tokio::test]
async fn my_games_list_your_move_first() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        // g1: alice to move; g2: bob to move (alice moved); g3: waiting; g4: invitation to alice.
        let g1 = app.started_game("nowan", &a, &b, "bob").await;
        let g2 = app.started_game("nowan", &a, &b, "bob").await;
        mv(&app, &g2, &a, "a1a2", Some(0)).await;
        let (_, g3) = app.post("/api/v1/games", &a, json!({"variant": "ancient"})).await;
        let (_, g4) = app
            .post("/api/v1/games", &b, json!({"variant": "not-chess", "invite": "alice"}))
            .await;
        let (status, list) = app.get("/api/v1/games?mine=true", Some(&a)).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let ids: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids.len(), 4, "{list}");
        assert_eq!(ids[0], g1, "your move first: {list}");
        assert_eq!(list[0]["your_move"], true);
        assert!(ids.contains(&g2.as_str()) && ids.contains(&g3["id"].as_str().unwrap()));
        assert!(ids.contains(&g4["id"].as_str().unwrap()), "invitations are listed");
        let (_, list) = app.get("/api/v1/games?mine=true", Some(&b)).await;
        assert_eq!(list[0]["id"], g2.as_str());

        // Without `mine` (as a generated client calls it): the caller's games too.
        let (status, plain) = app.get("/api/v1/games", Some(&a)).await;
        assert_eq!(status, StatusCode::OK, "{plain}");
        let (_, mine) = app.get("/api/v1/games?mine=true", Some(&a)).await;
        assert_eq!(plain, mine);
        let (status, body) = app.get("/api/v1/games?mine=false", Some(&a)).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        let (status, body) = app.get("/api/v1/games?mine=maybe", Some(&a)).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        let (status, body) = app.get("/api/v1/games?mine=true", None).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "unauthenticated");
    })
    .await;
}
