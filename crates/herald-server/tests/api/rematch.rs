//! Rematches and rating ranges: a finished game's player offers the same game with colours
//! swapped (Chatrang: seats rotated); the others accept or decline, in the API and on the
//! game page; a game has one rematch, also when both players ask at once. A challenge's
//! rating range hides it from players outside the range and keeps them out of its seats.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{TestApp, assert_error, each_backend};
use crate::pages::Browser;

/// Plays the scripted game (it ends after six plies) with `tokens` in seat order.
async fn play_to_end(app: &TestApp, id: &str, tokens: &[&str]) -> Value {
    let mut last = Value::Null;
    for ply in 0..6 {
        let (status, game) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                tokens[ply % tokens.len()],
                json!({"move": if ply % 2 == 0 { "a1a2" } else { "b1b2" }}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        last = game;
    }
    assert_eq!(last["status"], "finished", "{last}");
    last
}

fn seat_players(game: &Value) -> Vec<(Value, Value)> {
    game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["user"].clone(), s["invited"].clone()))
        .collect()
}

#[tokio::test]
async fn a_rematch_swaps_colours_and_is_accepted_or_declined_on_the_page_and_in_the_api() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut bob_page = Browser::new(&app);
        bob_page.sign_up("bob").await;
        let a = app.user("alice").await;
        let b = app.token("bob").await;
        let c = app.user("carol").await;

        let (status, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "seat": 0, "invite": "bob", "rated": false, "days_per_move": 3, "timeout_policy": "auto"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;

        // Not before the game is over, nor by someone who did not play, nor anonymously.
        let (status, body) = app.post(&format!("/api/v1/games/{id}/rematch"), &a, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_finished");
        play_to_end(&app, &id, &[&a, &b]).await;
        let (status, body) = app.post(&format!("/api/v1/games/{id}/rematch"), &c, json!({})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, _) = app
            .call("POST", &format!("/api/v1/games/{id}/rematch"), None, Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // Bob's page of the finished game offers a rematch and listens for one.
        let page = bob_page.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("Offer a rematch"), "{}", page.body);
        assert!(page.body.contains("data-live=\"true\""), "{}", page.body);

        // Alice offers: the same game, colours swapped, Bob invited.
        let (status, rematch) = app.post(&format!("/api/v1/games/{id}/rematch"), &a, json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{rematch}");
        let new_id = rematch["id"].as_str().unwrap().to_owned();
        assert_eq!(rematch["status"], "waiting");
        assert_eq!(rematch["variant"], "not-chess");
        assert_eq!(rematch["rated"], false);
        assert_eq!(rematch["days_per_move"], 3);
        assert_eq!(rematch["timeout_policy"], "auto");
        assert_eq!(rematch["rematch_of"], id.as_str());
        assert_eq!(
            seat_players(&rematch),
            vec![(Value::Null, json!("bob")), (json!("alice"), Value::Null)]
        );
        let (_, old) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(old["rematch"], new_id.as_str());
        // The finished game's event log tells its players (streams, webhooks, e-mail).
        let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
        let offer = events.last().unwrap();
        assert_eq!(offer.kind, herald_server::domain::events::EventKind::RematchOffered);
        assert_eq!(offer.data, json!({"seat": 0, "game_id": new_id}));

        // One rematch per game: Bob's own offer is refused and names nothing new.
        let (status, body) = app.post(&format!("/api/v1/games/{id}/rematch"), &b, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "rematch_exists");

        // Bob's page shows the offer with accept and decline; he accepts there.
        let page = bob_page.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("alice offered a"), "{}", page.body);
        assert!(page.body.contains("Accept the rematch"), "{}", page.body);
        assert!(!page.body.contains("Offer a rematch"), "{}", page.body);
        let answer = bob_page.post(&format!("/games/{new_id}/join"), &[]).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
        assert_eq!(answer.location.as_deref(), Some(format!("/games/{new_id}").as_str()));
        let (_, started) = app.get(&format!("/api/v1/games/{new_id}"), None).await;
        assert_eq!(started["status"], "active");
        assert_eq!(started["seats"][0]["user"], "bob", "Bob has the first move now");
        let page = bob_page.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("accepted: in play"), "{}", page.body);
        assert!(page.body.contains("data-live=\"false\""), "{}", page.body);
        let page = bob_page.get(&format!("/games/{new_id}")).await;
        assert!(page.body.contains(&format!("A rematch of <a href=\"/games/{id}\">")), "{}", page.body);

        // The rematch ends; Bob offers the next one from his page and Alice declines it.
        play_to_end(&app, &new_id, &[&b, &a]).await;
        let page = bob_page.get(&format!("/games/{new_id}")).await;
        assert!(page.body.contains("Offer a rematch"), "{}", page.body);
        let offered = bob_page.post(&format!("/games/{new_id}/rematch"), &[]).await;
        assert_eq!(offered.status, StatusCode::SEE_OTHER, "{}", offered.body);
        let third = offered.location.unwrap().trim_start_matches("/games/").to_owned();
        assert_ne!(third, new_id);
        let (status, declined) = app.post(&format!("/api/v1/games/{third}/abort"), &a, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{declined}");
        assert_eq!(declined["status"], "aborted");
        assert_eq!(declined["reason"], "declined");
        let page = bob_page.get(&format!("/games/{new_id}")).await;
        assert!(page.body.contains("You offered a"), "{}", page.body);
        assert!(page.body.contains("(declined)"), "{}", page.body);
        // A page form without the CSRF token is refused and offers nothing.
        let (_, after) = app.get(&format!("/api/v1/games/{third}"), None).await;
        assert_eq!(after["rematch"], Value::Null);
        let forged = bob_page
            .post_raw(&format!("/games/{third}/rematch"), &[])
            .await;
        assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    })
    .await;
}

#[tokio::test]
async fn a_chatrang_rematch_rotates_the_seats_and_keeps_partners_together() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let names = ["pla", "plb", "plc", "pld"];
        let mut tokens = Vec::new();
        for name in names {
            tokens.push(app.user(name).await);
        }
        let (status, game) = app
            .post(
                "/api/v1/games",
                &tokens[0],
                json!({"variant": "chatrang", "seat": 0, "rated": true, "invite": [
                    {"seat": 1, "username": "plb"}, {"seat": 2, "username": "plc"}, {"seat": 3, "username": "pld"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        for token in &tokens[1..] {
            let (status, body) = app.post(&format!("/api/v1/games/{id}/join"), token, json!({})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let token_refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
        play_to_end(&app, &id, &token_refs).await;
        // Player 3 (seat 2) offers: everyone moves one seat on.
        let (status, rematch) = app
            .post(&format!("/api/v1/games/{id}/rematch"), &tokens[2], json!({}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{rematch}");
        assert_eq!(rematch["rated"], true);
        assert_eq!(
            seat_players(&rematch),
            vec![
                (Value::Null, json!("pld")),
                (Value::Null, json!("pla")),
                (Value::Null, json!("plb")),
                (json!("plc"), Value::Null),
            ]
        );
        let new_id = rematch["id"].as_str().unwrap().to_owned();
        for token in [&tokens[0], &tokens[1], &tokens[3]] {
            let (status, body) = app
                .post(&format!("/api/v1/games/{new_id}/join"), token, json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (_, started) = app.get(&format!("/api/v1/games/{new_id}"), None).await;
        assert_eq!(started["status"], "active");
        // Partners stay partners: pla & plc, plb & pld share a team.
        let team = |name: &str| {
            started["seats"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["user"] == name)
                .unwrap()["team"]
                .clone()
        };
        assert_eq!(team("pla"), team("plc"));
        assert_eq!(team("plb"), team("pld"));
        assert_ne!(team("pla"), team("plb"));
    })
    .await;
}

/// Both players ask for a rematch at the same moment, on two instances of PostgreSQL (one
/// SQLite database serves one instance: there, two listeners of it): one game is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_rematch_offers_make_one_game() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let other = TestApp::scripted(&db).await;
        let servers = crate::common::two_servers(&db, &app, &other).await;
        let client = reqwest::Client::new();
        for round in 0..5 {
            let id = app.started_game("nowan", &a, &b, "bob").await;
            play_to_end(&app, &id, &[&a, &b]).await;
            let offer = |base: &str, token: &str| {
                client
                    .post(format!("{base}/api/v1/games/{id}/rematch"))
                    .bearer_auth(token)
                    .json(&json!({}))
                    .send()
            };
            let (first, second) = tokio::join!(offer(&servers[0].base, &a), offer(&servers[1].base, &b));
            let mut answers = Vec::new();
            for response in [first.unwrap(), second.unwrap()] {
                let status = response.status().as_u16();
                answers.push((status, response.text().await.unwrap()));
            }
            answers.sort();
            assert_eq!(answers[0].0, 201, "round {round}: {answers:?}");
            assert_eq!(answers[1].0, 409, "round {round}: {answers:?}");
            assert!(answers[1].1.contains("rematch_exists"), "round {round}: {answers:?}");
            let made: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE rematch_of = $1")
                .bind(&id)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
            assert_eq!(made, 1, "round {round}");
            let offers = app
                .state
                .db
                .events_after(&id, 0, 100)
                .await
                .unwrap()
                .into_iter()
                .filter(|e| e.kind == herald_server::domain::events::EventKind::RematchOffered)
                .count();
            assert_eq!(offers, 1, "round {round}: one offer in the finished game's log");
        }
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

/// Two players inviting each other at the same moment both get their game: the lock that
/// caps a creator's invitations must not block the other's foreign-key check (it did, and
/// PostgreSQL answered one of them with a deadlock).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_players_inviting_each_other_at_once_both_succeed() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let other = TestApp::scripted(&db).await;
        let servers = crate::common::two_servers(&db, &app, &other).await;
        let client = reqwest::Client::new();
        for round in 0..8 {
            let invite = |base: &str, token: &str, whom: &str| {
                client
                    .post(format!("{base}/api/v1/games"))
                    .bearer_auth(token)
                    .json(&json!({"variant": "nowan", "invite": whom}))
                    .send()
            };
            let (first, second) = tokio::join!(
                invite(&servers[0].base, &a, "bob"),
                invite(&servers[1].base, &b, "alice")
            );
            for response in [first.unwrap(), second.unwrap()] {
                let status = response.status().as_u16();
                assert_eq!(status, 201, "round {round}: {}", response.text().await.unwrap());
            }
        }
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

#[tokio::test]
async fn a_rating_range_hides_the_challenge_from_players_outside_it() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let mut carol_page = Browser::new(&app);
        carol_page.sign_up("carol").await;
        let c = app.token("carol").await;
        let d = app.user("dave").await;

        // Bounds are checked.
        for (body, what) in [
            (
                json!({"variant": "nowan", "rating_min": 1700, "rating_max": 1600}),
                "min above max",
            ),
            (json!({"variant": "nowan", "rating_min": -1}), "below 0"),
            (json!({"variant": "nowan", "rating_max": 4001}), "above 4000"),
        ] {
            let (status, body) = app.post("/api/v1/games", &a, body).await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_rating_range");
            assert!(!body["error"]["message"].as_str().unwrap().is_empty(), "{what}");
        }
        // Only for 1600 and up: Carol (a new player, 1500) neither sees nor takes it.
        let (status, high) = app
            .post("/api/v1/games", &a, json!({"variant": "nowan", "rating_min": 1600}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{high}");
        assert_eq!(high["rating_min"], 1600);
        assert_eq!(high["rating_max"], Value::Null);
        let high_id = high["id"].as_str().unwrap().to_owned();
        app.clock.advance_ms(1000);
        // Up to 1600: she does.
        let (_, low) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "nowan", "rating_min": 1000, "rating_max": 1600}),
            )
            .await;
        let low_id = low["id"].as_str().unwrap().to_owned();
        let listed = |list: &Value| -> Vec<String> {
            list.as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_owned())
                .collect()
        };
        let (_, for_carol) = app.get("/api/v1/challenges", Some(&c)).await;
        assert_eq!(listed(&for_carol), vec![low_id.clone()], "{for_carol}");
        let (_, for_alice) = app.get("/api/v1/challenges", Some(&a)).await;
        assert_eq!(
            listed(&for_alice),
            vec![low_id.clone(), high_id.clone()],
            "the creator sees her own"
        );
        let (_, anonymous) = app.get("/api/v1/challenges", None).await;
        assert_eq!(listed(&anonymous), vec![low_id.clone()], "anonymous: as a new player");
        let lobby = carol_page.get("/lobby").await;
        assert!(lobby.body.contains(&format!("/games/{low_id}\"")), "{}", lobby.body);
        assert!(lobby.body.contains("rated 1000-1600 only"), "{}", lobby.body);
        assert!(!lobby.body.contains(&format!("/games/{high_id}")), "{}", lobby.body);
        let (status, body) = app.post(&format!("/api/v1/games/{high_id}/join"), &c, json!({})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "rating_out_of_range");
        assert!(
            body["error"]["message"].as_str().unwrap().contains("at least 1600"),
            "{body}"
        );
        let (_, still) = app.get(&format!("/api/v1/games/{high_id}"), None).await;
        assert_eq!(still["status"], "waiting");
        let page = carol_page.get(&format!("/games/{high_id}")).await;
        assert!(
            page.body.contains("Open to players rated at least 1600."),
            "{}",
            page.body
        );
        let (status, body) = app.post(&format!("/api/v1/games/{low_id}/join"), &c, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // An invited player joins whatever the range.
        let (_, invited) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "nowan", "rating_min": 2500, "invite": "dave"}),
            )
            .await;
        let invited_id = invited["id"].as_str().unwrap().to_owned();
        let (status, body) = app
            .post(&format!("/api/v1/games/{invited_id}/join"), &d, json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Once Carol's rating is 1600 or more, she sees the first one.
        sqlx::query(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
             SELECT id, 'nowan', 1650, 80, 0.06, 10, 0 FROM users WHERE username = 'carol'",
        )
        .execute(app.state.db.pool())
        .await
        .unwrap();
        let (_, for_carol) = app.get("/api/v1/challenges", Some(&c)).await;
        assert_eq!(listed(&for_carol), vec![high_id.clone()], "{for_carol}");
        let (status, body) = app.post(&format!("/api/v1/games/{high_id}/join"), &c, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_new_accounts_games_are_casual_unless_it_asks_for_rated() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut page = Browser::new(&app);
        page.sign_up("newbie").await;
        let t = app.token("newbie").await;
        let (_, game) = app.post("/api/v1/games", &t, json!({"variant": "nowan"})).await;
        assert_eq!(game["rated"], false, "{game}");
        let (_, game) = app
            .post("/api/v1/games", &t, json!({"variant": "nowan", "rated": true}))
            .await;
        assert_eq!(game["rated"], true, "{game}");
        let form = page.get("/lobby/new?variant=nowan").await;
        assert!(
            form.body.contains("<option value=\"casual\" selected>"),
            "{}",
            form.body
        );

        // A day later the account is established: rated by default, in the API and the form.
        app.clock.advance_ms(24 * 60 * 60 * 1000);
        let (_, game) = app.post("/api/v1/games", &t, json!({"variant": "nowan"})).await;
        assert_eq!(game["rated"], true, "{game}");
        let form = page.get("/lobby/new?variant=nowan").await;
        assert!(form.body.contains("<option value=\"rated\" selected>"), "{}", form.body);
    })
    .await;
}
