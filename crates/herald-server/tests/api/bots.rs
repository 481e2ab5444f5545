//! Bots: a bot accepts a challenge and plays a whole game through the API, its turn is taken
//! by one claim at a time, a turn whose lease was taken by an instance that stopped is
//! played once the lease expires; administrators make and set up bots (API, pages, audit),
//! creators fill seats with bots (Chatrang's partners too), bots take open challenges after
//! their wait, the site's rule on rated bot games holds, and leaderboards leave bots out.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};

use herald_server::api::bots::{BotChanges, NewBot};

use crate::common::{TestApp, assert_error, each_backend, revoked_token};

/// A bot named `name` at `level`, made as `herald admin create-bot` makes it.
async fn bot_at(app: &TestApp, name: &str, level: u8, changes: Value) -> i64 {
    let mut settings: BotChanges = serde_json::from_value(changes).unwrap();
    settings.level = Some(level);
    let bot = NewBot {
        username: name.to_owned(),
        settings,
    };
    herald_server::api::bots::create(&app.state.db, None, app.state.now(), &bot)
        .await
        .unwrap()
        .user_id
}

/// A level-1 bot named `name`.
async fn bot(app: &TestApp, name: &str) -> i64 {
    bot_at(app, name, 1, json!({"description": "a test bot"})).await
}

/// An administrator `root` (made by the CLI's function) and their token.
async fn root(app: &TestApp) -> String {
    herald_server::operator::create_user(&app.state.db, "root", "password-root".to_owned(), true, app.state.now())
        .await
        .unwrap();
    app.token("root").await
}

/// Runs the bot worker's passes until one does nothing (at most 50).
async fn settle(app: &TestApp) -> usize {
    let mut total = 0;
    for _ in 0..50 {
        let done = herald_server::workers::bots::once(&app.state).await.unwrap();
        if done == 0 {
            return total;
        }
        total += done;
    }
    panic!("the bot worker never settled");
}

fn manual(db: &crate::common::TestDb) -> impl Future<Output = TestApp> + '_ {
    TestApp::without_workers(
        db,
        std::sync::Arc::new(herald_server::domain::rules::HeraldRules),
        herald_server::Config::for_tests(&db.url),
    )
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
                json!({"variant": "nowan", "seat": 0, "invite": "robo", "rated": false}),
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
        // The bot (seat 1) played every odd ply, however fast it answered.
        let played = game["moves"].as_array().unwrap().len();
        assert!(played >= 2, "the bot moved: {game}");
        assert!(bot_moves <= played / 2, "{bot_moves} of {played}");
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
                json!({"variant": "nowan", "seat": 1, "invite": "robo", "rated": false}),
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
                json!({"variant": "nowan", "seat": 1, "invite": "robo", "rated": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let (_, game) = one.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        let waiting_ply = game["ply"].as_i64().unwrap();
        assert_eq!(waiting_ply, 0);
        // Instance one accepts, and takes the bot's first turn, then stops before moving.
        let joined = one.state.db.bot_invitations(false, 10).await.unwrap();
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

#[tokio::test]
async fn administrators_make_and_set_up_bots_and_nobody_else_may() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let root = root(&app).await;
        let alice = app.user("alice").await;
        let revoked = revoked_token(&app, "alice", &alice).await;
        let new_bot =
            json!({"username": "Vizier", "level": 4, "description": "Patient", "games": ["chatrang"], "max_games": 2});
        let (status, body) = app
            .call("POST", "/api/v1/admin/bots", None, Some(new_bot.clone()))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = app
            .call("POST", "/api/v1/admin/bots", Some(&revoked), Some(new_bot.clone()))
            .await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = app.post("/api/v1/admin/bots", &alice, new_bot.clone()).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "forbidden");
        let (status, body) = app.post("/api/v1/admin/bots", &root, new_bot.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(
            (
                &body["level"],
                &body["games"],
                &body["max_games"],
                &body["paused"],
                &body["open_after_minutes"]
            ),
            (&json!(4), &json!(["chatrang"]), &json!(2), &json!(false), &json!(10))
        );
        let (status, body) = app.post("/api/v1/admin/bots", &root, new_bot.clone()).await;
        assert_error(status, &body, StatusCode::CONFLICT, "username_taken");
        for bad in [
            json!({"username": "Rook", "level": 9}),
            json!({"username": "Rook", "games": ["go"]}),
            json!({"username": "Rook", "min_days": 5, "max_days": 2}),
            json!({"username": "Rook", "max_games": 0}),
        ] {
            let (status, body) = app.post("/api/v1/admin/bots", &root, bad.clone()).await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_bot");
        }
        // Changes: the same matrix; what a change leaves out stays.
        let pause = json!({"paused": true, "takes_open_challenges": false});
        let (status, _) = app
            .call("PATCH", "/api/v1/admin/bots/Vizier", None, Some(pause.clone()))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, body) = app
            .call("PATCH", "/api/v1/admin/bots/Vizier", Some(&alice), Some(pause.clone()))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "forbidden");
        let (status, body) = app
            .call("PATCH", "/api/v1/admin/bots/vizier", Some(&root), Some(pause.clone()))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            (&body["paused"], &body["open_after_minutes"], &body["level"]),
            (&json!(true), &Value::Null, &json!(4))
        );
        for name in ["ghost", "alice"] {
            let (status, body) = app
                .call(
                    "PATCH",
                    &format!("/api/v1/admin/bots/{name}"),
                    Some(&root),
                    Some(pause.clone()),
                )
                .await;
            assert_error(status, &body, StatusCode::NOT_FOUND, "bot_not_found");
        }
        // Anyone reads the list; nobody logs in as a bot, whatever the password.
        let (status, list) = app.get("/api/v1/bots", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list[0]["username"], "Vizier");
        for password in ["!bot", "", "password-Vizier"] {
            let (status, _) = app
                .call(
                    "POST",
                    "/api/v1/tokens",
                    None,
                    Some(json!({"username": "Vizier", "password": password})),
                )
                .await;
            assert!(
                status == StatusCode::UNAUTHORIZED || status == StatusCode::BAD_REQUEST,
                "{status}"
            );
        }
        // Both changes are in the audit log with before and after.
        let (_, audit) = app.get("/api/v1/admin/audit", Some(&root)).await;
        let actions: Vec<&str> = audit["entries"]
            .as_array()
            .unwrap_or_else(|| audit.as_array().unwrap())
            .iter()
            .filter_map(|e| e["action"].as_str())
            .collect();
        assert!(
            actions.contains(&"create_bot") && actions.contains(&"update_bot"),
            "{audit}"
        );
    })
    .await;
}

#[tokio::test]
async fn the_admin_pages_make_and_pause_bots_behind_csrf() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        root(&app).await;
        app.user("alice").await;
        let mut alice = crate::pages::Browser::new(&app);
        alice.log_in("alice").await;
        assert_eq!(alice.get("/admin/bots").await.status, StatusCode::FORBIDDEN);
        let mut admin = crate::pages::Browser::new(&app);
        admin.log_in("root").await;
        let page = admin.get("/admin/bots").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let fields = [
            ("username", "Rook"),
            ("level", "2"),
            ("description", "<b>bold</b>"),
            ("min_days", "1"),
            ("max_days", "14"),
            ("rated", "casual"),
            ("max_games", "5"),
            ("takes_open", "on"),
            ("open_after", "30"),
            ("game_nowan", "on"),
        ];
        // Without the CSRF token nothing is made.
        let refused = admin.post_raw("/admin/bots", &fields).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        let made = admin.post("/admin/bots", &fields).await;
        assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
        let bot = app.state.db.bot_by_key("rook").await.unwrap().unwrap();
        assert_eq!(
            (
                bot.settings.level,
                bot.settings.open_after_minutes,
                bot.settings.max_games
            ),
            (2, Some(30), 5)
        );
        assert_eq!(bot.settings.variants, vec![herald_rules::Variant::Nowan]);
        // Its description is shown escaped.
        let list = alice.get("/bots").await;
        assert!(
            list.body.contains("&#60;b&#62;bold&#60;/b&#62;") && !list.body.contains("<b>bold"),
            "{}",
            list.body
        );
        // A bad value is a page that says why, not a 500.
        let bad = admin.post("/admin/bots/Rook", &[("level", "12")]).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
        let paused = admin
            .post("/admin/bots/Rook", &[("level", "3"), ("paused", "on")])
            .await;
        assert_eq!(paused.status, StatusCode::SEE_OTHER, "{}", paused.body);
        let bot = app.state.db.bot_by_key("rook").await.unwrap().unwrap();
        assert!(bot.settings.paused);
        assert_eq!(bot.settings.open_after_minutes, None, "the box was clear");
        // /bots lists the paused bot with its badge; the profile carries the badge too.
        let list = alice.get("/bots").await;
        assert_eq!(list.status, StatusCode::OK);
        assert!(list.body.contains("class=\"bot-badge\""), "{}", list.body);
        assert!(list.body.contains("paused"), "{}", list.body);
        let profile = alice.get("/users/Rook").await;
        assert!(profile.body.contains("class=\"bot-badge\""), "{}", profile.body);
        let person = alice.get("/users/alice").await;
        assert!(!person.body.contains("class=\"bot-badge\""), "a person has no badge");
    })
    .await;
}

#[tokio::test]
async fn chatrang_seats_filled_with_bots_play_for_their_team() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let alice = app.user("alice").await;
        for (name, level) in [("Ivory", 2), ("Gold", 2), ("Crimson", 3)] {
            bot_at(&app, name, level, json!({"max_days": 14})).await;
        }
        let (status, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "chatrang", "seat": 0, "bot_fill": {"level": 2}}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["rated"], false, "games with bots are casual by default");
        let id = game["id"].as_str().unwrap().to_owned();
        assert_eq!(settle(&app).await, 3, "three bots took the three open seats");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["status"], "active", "{game}");
        let bots: Vec<bool> = game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["is_bot"].as_bool().unwrap())
            .collect();
        assert_eq!(bots, [false, true, true, true]);
        // Alice moves; the three bots answer in turn and it is her move again.
        for round in 0..3 {
            let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
            assert_eq!(game["turn"], 0, "{game}");
            let ply = game["ply"].as_i64().unwrap();
            let pick = game["legal_moves"][0].as_str().unwrap().to_owned();
            let (status, body) = app
                .post(
                    &format!("/api/v1/games/{id}/moves"),
                    &alice,
                    json!({"move": pick, "ply": ply}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(settle(&app).await, 3, "round {round}: each bot moved once");
        }
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["ply"], 12, "{game}");
    })
    .await;
}

#[tokio::test]
async fn a_creator_fills_seats_with_bots_now_or_after_a_wait() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let revoked = revoked_token(&app, "alice", &alice).await;
        bot_at(&app, "Pawnly", 3, json!({"takes_open_challenges": false})).await;
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 0, "rated": false}),
            )
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        let path = format!("/api/v1/games/{id}/bots");
        let later = json!({"level": 3, "after_minutes": 60});
        let (status, _) = app.call("POST", &path, None, Some(later.clone())).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, body) = app.call("POST", &path, Some(&revoked), Some(later.clone())).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = app.post(&path, &bob, later.clone()).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_creator");
        let (status, body) = app.post(&path, &alice, json!({"level": 0})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_level");
        let (status, body) = app
            .post(&path, &alice, json!({"level": 3, "after_minutes": 60, "seat": 1}))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_fill");
        let (status, body) = app.post(&path, &alice, later.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["fill_at"], app.state.now() + 3_600_000);
        // Nothing before the hour; the bot sits once it has passed.
        assert_eq!(settle(&app).await, 0);
        app.clock.advance_ms(3_600_000);
        assert_eq!(settle(&app).await, 1, "seated (seat 0 moves first: no bot move yet)");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["status"], "active", "{game}");
        assert_eq!(game["seats"][1]["user"], "Pawnly");
        let (status, body) = app.post(&path, &alice, json!({"level": 3})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_waiting");

        // A cancelled fill never happens; a second cancel says there is none.
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 0, "rated": false}),
            )
            .await;
        let other = game["id"].as_str().unwrap().to_owned();
        let path = format!("/api/v1/games/{other}/bots");
        app.post(&path, &alice, json!({"level": 3, "after_minutes": 5})).await;
        let (status, body) = app.call("DELETE", &path, Some(&bob), None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_creator");
        let (status, _) = app.call("DELETE", &path, Some(&alice), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = app.call("DELETE", &path, Some(&alice), None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "no_fill");
        app.clock.advance_ms(600_000);
        assert_eq!(settle(&app).await, 0);
        // Now, at once: the one free bot is busy in the first game but has room.
        let (status, body) = app.post(&path, &alice, json!({"level": 8})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["seated"], json!(["Pawnly"]), "the nearest free level");
        // A third game finds no other bot.
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "chatrang", "seat": 0, "rated": false}),
            )
            .await;
        let third = game["id"].as_str().unwrap();
        let (status, body) = app
            .post(&format!("/api/v1/games/{third}/bots"), &alice, json!({"level": 3}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_bot_available");
    })
    .await;
}

#[tokio::test]
async fn games_with_bots_are_casual_unless_the_site_allows_rated_ones() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let root = root(&app).await;
        let alice = app.user("alice").await;
        bot_at(&app, "Both", 2, json!({})).await;
        bot_at(&app, "Casual", 2, json!({"rated": "casual"})).await;
        bot_at(&app, "Paused", 2, json!({"paused": true})).await;
        let (status, body) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "invite": "Both", "rated": true}),
            )
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "rated_bot_games_off");
        let (status, body) = app
            .post("/api/v1/games", &alice, json!({"variant": "nowan", "invite": "Paused"}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "bot_declines");
        assert!(body["error"]["message"].as_str().unwrap().contains("paused"), "{body}");
        let (status, game) = app
            .post("/api/v1/games", &alice, json!({"variant": "nowan", "invite": "Both"}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["rated"], false);
        // The site allows rated games with bots: a rated challenge to a bot that plays rated
        // games is taken; one that plays casual only is declined at once.
        crate::admin::set_site(&app, &root, json!({"rated_bot_games": true})).await;
        let (status, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "invite": "Both", "rated": true}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let rated = game["id"].as_str().unwrap().to_owned();
        let (status, body) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "invite": "Casual", "rated": true}),
            )
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "bot_declines");
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{rated}"), Some(&alice)).await;
        assert_eq!(
            (&game["status"], &game["rated"]),
            (&json!("active"), &json!(true)),
            "{game}"
        );
        // The rule changes back: a rated challenge already sent waits, untaken.
        crate::admin::set_site(&app, &root, json!({"rated_bot_games": false})).await;
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "ancient", "seat": 0, "rated": true}),
            )
            .await;
        let open = game["id"].as_str().unwrap().to_owned();
        app.clock.advance_ms(3_600_000);
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{open}"), Some(&alice)).await;
        assert_eq!(game["status"], "waiting", "no bot takes a rated open challenge: {game}");
    })
    .await;
}

#[tokio::test]
async fn a_bot_takes_an_open_challenge_only_after_its_wait() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let alice = app.user("alice").await;
        bot_at(
            &app,
            "Patient",
            2,
            json!({"open_after_minutes": 30, "games": ["not-chess"]}),
        )
        .await;
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "not-chess", "seat": 0, "rated": false}),
            )
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        let (_, other) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 0, "rated": false}),
            )
            .await;
        assert_eq!(settle(&app).await, 0);
        app.clock.advance_ms(29 * 60_000);
        assert_eq!(settle(&app).await, 0, "not before 30 minutes");
        app.clock.advance_ms(60_000);
        assert_eq!(settle(&app).await, 1);
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(
            (&game["status"], &game["seats"][1]["user"]),
            (&json!("active"), &json!("Patient"))
        );
        let (_, other) = app
            .get(
                &format!("/api/v1/games/{}", other["id"].as_str().unwrap()),
                Some(&alice),
            )
            .await;
        assert_eq!(other["status"], "waiting", "a game it does not play: {other}");
        // The lobby's list shows the badge's words for the bot's seat.
        let (_, mine) = app.get("/api/v1/games", Some(&alice)).await;
        assert!(
            mine.as_array().unwrap().iter().any(|g| g["seats"][1]["is_bot"] == true),
            "{mine}"
        );
    })
    .await;
}

#[tokio::test]
async fn leaderboards_leave_bots_out_unless_asked() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        app.user("alice").await;
        bot(&app, "Robo").await;
        let now = app.state.now();
        for (name, rating) in [("alice", 1600.0), ("Robo", 1700.0)] {
            sqlx::query(
                "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
                 SELECT id, 'nowan', $1, 60.0, 0.06, 12, $2 FROM users WHERE username = $3",
            )
            .bind(rating)
            .bind(now - 1000)
            .bind(name)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        }
        let names = |board: &Value| -> Vec<String> {
            board
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["username"].as_str().unwrap().to_owned())
                .collect()
        };
        let (_, board) = app.get("/api/v1/leaderboard/nowan", None).await;
        assert_eq!(names(&board), ["alice"]);
        assert_eq!(board[0]["is_bot"], false);
        let (_, board) = app.get("/api/v1/leaderboard/nowan?bots=1", None).await;
        assert_eq!(names(&board), ["Robo", "alice"]);
        assert_eq!(board[0]["is_bot"], true);
        let (status, body) = app.get("/api/v1/leaderboard/nowan?bots=2", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let mut browser = crate::pages::Browser::new(&app);
        let page = browser.get("/leaderboard/nowan").await;
        assert!(!page.body.contains(">Robo<"), "{}", page.body);
        let page = browser.get("/leaderboard/nowan?bots=1").await;
        assert!(
            page.body.contains(">Robo</a> <abbr class=\"bot-badge\""),
            "{}",
            page.body
        );
        // The bot's rating shows on /bots.
        let (_, bots) = app.get("/api/v1/bots", None).await;
        assert_eq!(bots[0]["ratings"][0]["rating"], 1700, "{bots}");
    })
    .await;
}

#[tokio::test]
async fn two_instances_racing_for_a_bots_turn_play_it_once() {
    each_backend(|db| async move {
        let one = manual(&db).await;
        let two = manual(&db).await;
        let alice = one.user("alice").await;
        bot(&one, "robo").await;
        for round in 0..3 {
            let (status, game) = one
                .post(
                    "/api/v1/games",
                    &alice,
                    json!({"variant": "not-chess", "seat": 1, "invite": "robo", "rated": false}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            let id = game["id"].as_str().unwrap().to_owned();
            // Both instances' workers run at once: one seats the bot, one plays its first move.
            let (a, b) = tokio::join!(
                herald_server::workers::bots::once(&one.state),
                herald_server::workers::bots::once(&two.state)
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            settle(&one).await;
            settle(&two).await;
            let (_, game) = one.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
            assert_eq!(
                game["ply"], 1,
                "round {round}: one move, whoever made it ({a} + {b}): {game}"
            );
            assert_eq!(game["turn"], 1, "{game}");
        }
    })
    .await;
}

#[tokio::test]
async fn a_bot_never_claims_a_win_on_time() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let alice = app.user("alice").await;
        bot(&app, "robo").await;
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 1, "invite": "robo", "rated": false, "days_per_move": 1}),
            )
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!((&game["ply"], &game["turn"]), (&json!(1), &json!(1)), "{game}");
        // Alice lets her day run out twice over: the bot could claim, and waits.
        app.clock.advance_ms(2 * 24 * 60 * 60 * 1000);
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["status"], "active", "{game}");
        assert_eq!(game["claimable_by"], json!([0]), "the bot's seat may claim: {game}");
        // She moves late, and the bot answers as ever.
        let pick = game["legal_moves"][0].as_str().unwrap().to_owned();
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": pick}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert!(game["status"] == "finished" || game["ply"] == 3, "{game}");
    })
    .await;
}

#[tokio::test]
async fn a_chatrang_game_of_one_person_and_three_bots_finishes() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let alice = app.user("alice").await;
        for name in ["Ivory", "Gold", "Crimson"] {
            bot_at(&app, name, 4, json!({})).await;
        }
        let (_, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "chatrang", "seat": 0, "bot_fill": {"level": 4}}),
            )
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        settle(&app).await;
        let mut seed: u64 = 0x0123_4567_89ab_cdef;
        // Once Alice is out, her partner plays on alone against two bots: many passes.
        let passes = |app: &TestApp| {
            let state = app.state.clone();
            async move {
                for _ in 0..200 {
                    if herald_server::workers::bots::once(&state).await.unwrap() == 0 {
                        return;
                    }
                }
            }
        };
        for _ in 0..400 {
            let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
            if game["status"] != "active" {
                break;
            }
            // Alice plays at random whenever it is her move; when she is out, the bots play on.
            if game["turn"] == 0 {
                let legal = game["legal_moves"].as_array().unwrap();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = &legal[usize::try_from(seed % legal.len() as u64).unwrap()];
                let ply = game["ply"].as_i64().unwrap();
                let (status, body) = app
                    .post(
                        &format!("/api/v1/games/{id}/moves"),
                        &alice,
                        json!({"move": pick, "ply": ply}),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            passes(&app).await;
        }
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        if game["status"] == "active" {
            // Four players can shuffle for long: the game still ends, by resignation.
            let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &alice, json!({})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["status"], "finished", "{game}");
        assert!(game["ply"].as_i64().unwrap() >= 8, "the bots played: {game}");
        assert!(game["result"].is_string(), "{game}");
    })
    .await;
}

/// A bot plays through the one move path: under a Fischer clock its instant reply uses none
/// of its bank and earns the increment, as a person's would.
#[tokio::test]
async fn a_bots_instant_reply_earns_its_fischer_increment() {
    each_backend(|db| async move {
        let app = manual(&db).await;
        let alice = app.user("alice").await;
        bot(&app, "robo").await;
        let fischer = json!({"kind": "fischer", "initial_days": 3, "increment_hours": 24, "cap_days": 10});
        let (status, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 0, "invite": "robo", "rated": false, "time_control": fischer}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["status"], "active", "the bot accepted: {game}");
        let day = herald_server::infra::clock::DAY_MS;
        // Alice thinks six hours: 3 d - 6 h + 1 d = 3 d 18 h.
        app.clock.advance_ms(day / 4);
        let first = game["legal_moves"][0].as_str().unwrap().to_owned();
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": first}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        settle(&app).await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["ply"], 2, "the bot replied: {game}");
        // The bot answered at the same instant: 3 d + 1 d.
        assert_eq!(
            game["remaining_ms"],
            json!([3 * day + 18 * day / 24, 4 * day]),
            "{game}"
        );
    })
    .await;
}
