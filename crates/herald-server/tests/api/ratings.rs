//! Rated and casual games: a rated game's end changes its players' Glicko-2 ratings once,
//! in the transaction that ends it, whichever path ends it and on however many instances.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

use crate::common::{RunningServer, TestApp, each_backend};

async fn play(app: &TestApp, id: &str, token: &str, text: &str) {
    let (status, game) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
}

/// A started two-player game, rated or not: `a` at seat 0 invites `b`.
async fn game(app: &TestApp, variant: &str, a: &str, b: &str, rated: bool) -> String {
    let (status, game) = app
        .post(
            "/api/v1/games",
            a,
            json!({"variant": variant, "seat": 0, "invite": "bob", "rated": rated}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(game["rated"], rated);
    let id = game["id"].as_str().unwrap().to_owned();
    let (status, _) = app.post(&format!("/api/v1/games/{id}/join"), b, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    id
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query(sql)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

#[tokio::test]
async fn a_rated_game_changes_its_players_ratings_once_and_a_casual_one_does_not() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;

        // Before anyone played, both show the provisional starting rating.
        let id = game(&app, "nowan", &a, &b, true).await;
        let (_, view) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(
            view["ratings"],
            json!([
                {"seat": 0, "rating": 1500, "provisional": true, "change": null},
                {"seat": 1, "rating": 1500, "provisional": true, "change": null}
            ])
        );
        // Bob (seat 1) captures the king on the sixth move.
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        let (_, view) = app.get(&format!("/api/v1/games/{id}"), None).await;
        let change = |seat: usize| view["ratings"][seat]["change"].as_i64().unwrap();
        assert!(change(1) > 100 && change(0) < -100, "{view}");
        assert_eq!(change(1), -change(0), "equal players, equal and opposite: {view}");
        assert_eq!(
            view["ratings"][1]["rating"].as_i64().unwrap(),
            1500 + change(1),
            "{view}"
        );
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rating_changes").await, 2);
        // The game-over event (streams, webhooks, e-mail) carries the points and the changes.
        let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
        let end = events.last().unwrap();
        assert_eq!(end.kind, herald_server::domain::events::EventKind::Finished);
        assert_eq!(end.data["points"], json!([0.0, 2.0]), "{:?}", end.data);
        assert_eq!(
            end.data["ratings"][1]["change"].as_i64(),
            Some(change(1)),
            "{:?}",
            end.data
        );
        assert_eq!(end.data["ratings"][0]["seat"], 0);
        assert_eq!(
            count(
                &app,
                "SELECT CAST(SUM(games) AS BIGINT) FROM ratings WHERE variant = 'nowan'"
            )
            .await,
            2
        );
        // The game page shows them too.
        let (_, page) = app.get(&format!("/games/{id}"), None).await;
        let page = page.as_str().unwrap().to_owned();
        assert!(page.contains("Rated"), "{page}");
        assert!(page.contains(&format!("+{}", change(1))), "{page}");

        // A casual game changes nothing; nor does a rated one that ends before each side
        // moved, nor an aborted one.
        let casual = game(&app, "nowan", &a, &b, false).await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &casual, token, text).await;
        }
        let early = game(&app, "nowan", &a, &b, true).await;
        play(&app, &early, &a, "a1a2").await;
        let (status, _) = app.post(&format!("/api/v1/games/{early}/resign"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let aborted = game(&app, "nowan", &a, &b, true).await;
        app.post(&format!("/api/v1/games/{aborted}/abort"), &a, json!({})).await;
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rating_changes").await, 2);
        let (_, view) = app.get(&format!("/api/v1/games/{casual}"), None).await;
        assert_eq!(view["rated"], false);
        assert!(
            view["ratings"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["change"].is_null()),
            "{view}"
        );

        // A rated draw by agreement after both moved: rated, and between the two players'
        // current ratings (Alice lower now) the lower-rated one gains.
        let drawn = game(&app, "not-chess", &a, &b, true).await;
        play(&app, &drawn, &a, "a1a2").await;
        play(&app, &drawn, &b, "b1b2").await;
        app.post(&format!("/api/v1/games/{drawn}/draw"), &a, json!({"action": "offer"}))
            .await;
        let (_, view) = app
            .post(&format!("/api/v1/games/{drawn}/draw"), &b, json!({"action": "accept"}))
            .await;
        assert_eq!(view["status"], "finished");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rating_changes").await, 4);
        // Not Chess has ratings of its own: both started there at 1500, so a draw moves neither.
        assert_eq!(view["ratings"][0]["change"], 0, "{view}");

        // `rated` is a boolean.
        let (status, created) = app
            .post("/api/v1/games", &a, json!({"variant": "ancient", "rated": "yes"}))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{created}");
    })
    .await;
}

/// A rated game that starts gives its new players their first rating of its kind then (so
/// the move that ends it finds both read with the game: on PostgreSQL it rates in its one
/// statement); no list shows a rating without games, and the game rates from it as it
/// would from none.
#[tokio::test]
async fn a_rated_game_opens_its_new_players_ratings_when_it_starts_and_lists_show_them_once_rated() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let opened = "SELECT COUNT(*) FROM ratings WHERE variant = 'nowan' AND games = 0";

        // A casual game opens none, a rated one both players'.
        game(&app, "nowan", &a, &b, false).await;
        assert_eq!(count(&app, opened).await, 0);
        let id = game(&app, "nowan", &a, &b, true).await;
        assert_eq!(count(&app, opened).await, 2);
        let (_, ratings) = app.get("/api/v1/users/bob/ratings", None).await;
        assert_eq!(ratings, json!([]), "no games, no rating shown");
        let (_, export) = app.get("/api/v1/me/export", Some(&b)).await;
        assert_eq!(export["ratings"], json!([]), "{export}");

        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        let (_, view) = app.get(&format!("/api/v1/games/{id}"), None).await;
        let change = |seat: usize| view["ratings"][seat]["change"].as_i64().unwrap();
        // As from no rating at all: 1500 ± 350 each, equal and opposite.
        assert!(change(1) > 100 && change(0) == -change(1), "{view}");
        assert_eq!(count(&app, opened).await, 0);
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM ratings WHERE variant = 'nowan' AND games = 1"
            )
            .await,
            2
        );
        let (_, ratings) = app.get("/api/v1/users/bob/ratings", None).await;
        assert_eq!(ratings.as_array().unwrap().len(), 1, "{ratings}");
        assert_eq!(ratings[0]["rating"].as_i64(), Some(1500 + change(1)), "{ratings}");
    })
    .await;
}

/// A first rating is a placeholder until a game uses it: the game that opened it rates from
/// the system's initial values (1500 ± 350) as of its end, however long it took, exactly as
/// a game played in a day does (the deviation used to grow from the moment the game started,
/// past 350).
#[tokio::test]
async fn a_long_first_game_rates_from_the_initial_values() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let ratings = |variant: &'static str| {
            let pool = app.state.db.pool().clone();
            async move {
                sqlx::query("SELECT rating, deviation, volatility FROM ratings WHERE variant = $1 ORDER BY user_id")
                    .bind(variant)
                    .fetch_all(&pool)
                    .await
                    .unwrap()
                    .iter()
                    .map(|r| [r.get::<f64, _>(0), r.get::<f64, _>(1), r.get::<f64, _>(2)])
                    .collect::<Vec<_>>()
            }
        };
        // The same result twice, from first ratings: one game played at once, one whose
        // six moves took 13 days each (78 days, eleven rating periods).
        let mut results = Vec::new();
        for (variant, days_per_ply) in [("ancient", 0), ("not-chess", 13)] {
            let (status, created) = app
                .post(
                    "/api/v1/games",
                    &a,
                    json!({"variant": variant, "seat": 0, "invite": "bob", "rated": true, "days_per_move": 14}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{created}");
            let id = created["id"].as_str().unwrap().to_owned();
            let (status, _) = app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
            assert_eq!(status, StatusCode::OK);
            for ply in 0..6 {
                app.clock.advance_ms(days_per_ply * 24 * 60 * 60 * 1000);
                let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
                play(&app, &id, token, text).await;
            }
            let after = ratings(variant).await;
            assert_eq!(after.len(), 2, "{variant}: {after:?}");
            results.push(after);
        }
        for (quick, long) in results[0].iter().zip(&results[1]) {
            for (x, y) in quick.iter().zip(long) {
                assert!((x - y).abs() < 1e-9, "quick {quick:?}, long {long:?}");
            }
        }
    })
    .await;
}

/// A Chatrang game is rated only once every one of its four players has moved: a team that
/// resigns before its opponents (or its own partner) ever played says nothing about them.
#[tokio::test]
async fn a_chatrang_game_is_rated_only_once_all_four_players_moved() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let mut tokens = Vec::new();
        for name in ["ann", "ben", "cat", "dan"] {
            tokens.push(app.user(name).await);
        }
        let changes = "SELECT COUNT(*) FROM rating_changes";
        // (moves by players 1, 2, ... in turn, then the White team resigns).
        for (moves, rated) in [
            (vec!["a2a3", "e7e6"], false),
            (vec!["a2a3", "e7e6", "e2e3"], false),
            (vec!["a2a3", "e7e6", "e2e3", "a7a6"], true),
        ] {
            let before = count(&app, changes).await;
            let (status, game) = app
                .post(
                    "/api/v1/games",
                    &tokens[0],
                    json!({"variant": "chatrang", "seat": 0, "rated": true}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            let id = game["id"].as_str().unwrap().to_owned();
            for (i, token) in tokens.iter().enumerate().skip(1) {
                let (status, body) = app
                    .post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": i}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            for (ply, text) in moves.iter().enumerate() {
                play(&app, &id, &tokens[ply % 4], text).await;
            }
            for seat in [2, 0] {
                let (status, body) = app
                    .post(&format!("/api/v1/games/{id}/resign"), &tokens[seat], json!({}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(game["status"], "finished", "{game}");
            assert_eq!(game["result"], "0-1", "{game}");
            assert_eq!(game["rated"], true);
            let written = count(&app, changes).await - before;
            assert_eq!(written, if rated { 4 } else { 0 }, "{moves:?}: {game}");
            assert_eq!(
                game["ratings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|r| r["change"].is_null()),
                !rated,
                "{game}"
            );
        }
    })
    .await;
}

/// A conditional reply that ends a rated game rates it in the transaction of the move it
/// answers (on PostgreSQL the reply's own statement writes the ratings).
#[tokio::test]
async fn a_conditional_reply_that_ends_a_rated_game_rates_it_once() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = game(&app, "nowan", &a, &b, true).await;
        for ply in 0..4 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        // Alice to move; Bob answers a1a2 with the sixth and last move, b1b2.
        let (status, lines) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/conditionals"),
                Some(&b),
                Some(json!({"lines": [["a1a2", "b1b2"]]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{lines}");
        let (status, view) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["status"], "finished", "{view}");
        assert_eq!(view["ply"], 6);
        let change = |seat: usize| view["ratings"][seat]["change"].as_i64().unwrap();
        assert!(change(1) > 100 && change(0) < -100, "{view}");
        assert_eq!(change(1), -change(0), "{view}");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rating_changes").await, 2);
        // What the ratings table holds is what the game recorded, once per player.
        let rows = sqlx::query(
            "SELECT c.seat, c.rating_after, r.rating, r.games FROM rating_changes c \
             JOIN ratings r ON r.user_id = c.user_id AND r.variant = c.variant ORDER BY c.seat",
        )
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
        assert_eq!(rows.len(), 2);
        for row in &rows {
            let after: f64 = row.try_get("rating_after").unwrap();
            let rating: f64 = row.try_get("rating").unwrap();
            assert!((after - rating).abs() < 1e-9, "{after} vs {rating}");
            assert_eq!(row.try_get::<i64, _>("games").unwrap(), 1);
        }
        let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
        let end = events.last().unwrap();
        assert_eq!(end.kind, herald_server::domain::events::EventKind::Finished);
        assert_eq!(
            end.data["ratings"][1]["change"].as_i64(),
            Some(change(1)),
            "{:?}",
            end.data
        );
    })
    .await;
}

/// A finishing move whose players' ratings change after it read the game (here a rating
/// held by a transaction of the test, committed while the move waits for it) rates from
/// the ratings as they are when it commits, not as it read them: on PostgreSQL the
/// move's one statement finds the rating moved, writes nothing, and the locked way rates.
#[tokio::test]
async fn a_finishing_move_rates_from_the_ratings_current_when_it_commits() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        // A first rated game gives both a rating, which the next game's seats are read with.
        let first = game(&app, "nowan", &a, &b, true).await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &first, token, text).await;
        }
        let id = game(&app, "nowan", &a, &b, true).await;
        for ply in 0..5 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        let bob = count(&app, "SELECT id FROM users WHERE username = 'bob'").await;
        let mut held = app.state.db.pool().begin().await.unwrap();
        sqlx::query("UPDATE ratings SET rating = 1700, games = games + 1 WHERE user_id = $1 AND variant = 'nowan'")
            .bind(bob)
            .execute(&mut *held)
            .await
            .unwrap();
        let url = format!("/api/v1/games/{id}/moves");
        let ((status, view), ()) = tokio::join!(app.post(&url, &b, json!({"move": "b1b2"})), async {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            held.commit().await.unwrap();
        });
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["status"], "finished", "{view}");
        let row = sqlx::query(
            "SELECT c.rating_before, c.rating_after, r.rating, r.games FROM rating_changes c \
             JOIN ratings r ON r.user_id = c.user_id AND r.variant = c.variant WHERE c.game_id = $1 AND c.user_id = $2",
        )
        .bind(&id)
        .bind(bob)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        let before: f64 = row.try_get("rating_before").unwrap();
        let after: f64 = row.try_get("rating_after").unwrap();
        let rating: f64 = row.try_get("rating").unwrap();
        assert!((before - 1700.0).abs() < 1e-9, "rated from {before}, not from 1700");
        assert!(after > before, "Bob won: {before} -> {after}");
        assert!((rating - after).abs() < 1e-9, "{rating} vs {after}");
        assert_eq!(row.try_get::<i64, _>("games").unwrap(), 3, "two games and the test's change");
        assert_eq!(
            count(&app, "SELECT games FROM ratings WHERE variant = 'nowan' AND user_id <> (SELECT id FROM users WHERE username = 'bob')").await,
            2
        );
        assert_eq!(count(&app, "SELECT COUNT(*) FROM rating_changes").await, 4);
    })
    .await;
}

async fn submit(client: reqwest::Client, url: String, token: String, body: Value) -> u16 {
    client
        .post(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// The winning move, a resignation by each player and a draw acceptance race through two
/// instances: exactly one ends the game, and the ratings change exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_endings_on_two_instances_rate_exactly_once() {
    each_backend(|db| async move {
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let a = one.user("alice").await;
        let b = one.user("bob").await;
        let servers = [
            RunningServer::start(one.state.clone()).await,
            RunningServer::start(two.state.clone()).await,
        ];
        let client = reqwest::Client::new();
        let rounds: i64 = 6;
        for round in 0..rounds {
            let id = game(&one, "not-chess", &a, &b, true).await;
            for ply in 0..5 {
                let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
                play(&one, &id, token, text).await;
            }
            // Alice offers a draw; then Bob's winning move, Bob's acceptance and both
            // resignations go at once, through both instances.
            one.post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
                .await;
            let attempts = [
                ("moves", &b, json!({"move": "b1b2", "ply": 5})),
                ("draw", &b, json!({"action": "accept"})),
                ("resign", &a, json!({})),
                ("resign", &b, json!({})),
            ];
            let mut tasks = Vec::new();
            for (k, (path, token, body)) in attempts.iter().enumerate() {
                let base = &servers[(k + usize::try_from(round).unwrap()) % 2].base;
                tasks.push(tokio::spawn(submit(
                    client.clone(),
                    format!("{base}/api/v1/games/{id}/{path}"),
                    (*token).clone(),
                    body.clone(),
                )));
            }
            let mut statuses = Vec::new();
            for task in tasks {
                statuses.push(task.await.unwrap());
            }
            assert!(statuses.iter().all(|s| [200, 403, 409].contains(s)), "{statuses:?}");
            let (_, view) = one.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(view["status"], "finished", "{}: {view}", db.backend);
            let changes = count(
                &one,
                &format!("SELECT COUNT(*) FROM rating_changes WHERE game_id = '{id}'"),
            )
            .await;
            assert_eq!(changes, 2, "{}: round {round}: {statuses:?}", db.backend);
        }
        // Each player's Not Chess rating counts each game once.
        assert_eq!(
            count(&one, "SELECT MIN(games) FROM ratings WHERE variant = 'not-chess'").await,
            rounds
        );
        assert_eq!(
            count(&one, "SELECT MAX(games) FROM ratings WHERE variant = 'not-chess'").await,
            rounds
        );
        // And in each player's results, once.
        assert_eq!(
            count(
                &one,
                "SELECT CAST(SUM(games) AS BIGINT) FROM player_results WHERE variant = 'not-chess'"
            )
            .await,
            2 * rounds
        );
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

#[tokio::test]
async fn leaderboards_list_established_active_players_and_profiles_show_ratings() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let now = app.state.now();
        let day = 24 * 60 * 60 * 1000_i64;
        // (player, rating, deviation, last rated game): established and active, established
        // and active, provisional, established but away for 200 days, and established when
        // last rated but away long enough (150 days) for the deviation to grow past 110.
        let table = [
            ("carol", 1700.0, 60.0, now - day),
            ("dave", 1600.0, 80.0, now - 30 * day),
            ("erin", 1800.0, 200.0, now - day),
            ("frank", 1900.0, 50.0, now - 200 * day),
            ("grace", 1750.0, 105.0, now - 150 * day),
        ];
        for (name, rating, deviation, at) in table {
            app.user(name).await;
            sqlx::query(
                "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
                 SELECT id, 'nowan', $1, $2, 0.06, 12, $3 FROM users WHERE username = $4",
            )
            .bind(rating)
            .bind(deviation)
            .bind(at)
            .bind(name)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        }
        let (status, board) = app.get("/api/v1/leaderboard/nowan", None).await;
        assert_eq!(status, StatusCode::OK);
        let names: Vec<&str> = board
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["username"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["carol", "dave"], "{board}");
        assert_eq!(board[0]["rating"], 1700);
        // The list shows established ratings only, as of now: what it filters on is what it
        // shows.
        for row in board.as_array().unwrap() {
            assert_eq!(row["provisional"], false, "{board}");
            assert!(row["deviation"].as_i64().unwrap() <= 110, "{board}");
        }
        // Grace's rating, shown on her profile, is provisional now (her deviation grew).
        let (_, grace) = app.get("/api/v1/users/grace/ratings", None).await;
        assert_eq!(grace[0]["provisional"], true, "{grace}");
        assert!(grace[0]["deviation"].as_i64().unwrap() > 110, "{grace}");
        let (status, page) = app.get("/leaderboard/nowan", None).await;
        assert_eq!(status, StatusCode::OK);
        let page = page.as_str().unwrap().to_owned();
        assert!(page.find("carol").unwrap() < page.find("dave").unwrap(), "{page}");
        assert!(
            !page.contains("erin") && !page.contains("frank") && !page.contains("grace"),
            "{page}"
        );
        let (status, _) = app.get("/leaderboard/checkers", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, body) = app.get("/api/v1/leaderboard/checkers", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

        // A rated game gives both players a provisional rating and a history point.
        let id = game(&app, "nowan", &a, &b, true).await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        let (_, ratings) = app.get("/api/v1/users/bob/ratings", None).await;
        assert_eq!(ratings.as_array().unwrap().len(), 1, "{ratings}");
        assert_eq!(ratings[0]["variant"], "nowan");
        assert_eq!(ratings[0]["provisional"], true);
        assert!(ratings[0]["rating"].as_i64().unwrap() > 1500);
        let (_, history) = app.get("/api/v1/users/bob/ratings/nowan/history", None).await;
        assert_eq!(history.as_array().unwrap().len(), 1, "{history}");
        assert_eq!(history[0]["game_id"], id.as_str());
        assert_eq!(history[0]["rating"], ratings[0]["rating"]);
        let (_, empty) = app.get("/api/v1/users/bob/ratings/ancient/history", None).await;
        assert_eq!(empty, json!([]));
        let (status, _) = app.get("/api/v1/users/nobody/ratings", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // The profile shows it, provisional.
        let rating = ratings[0]["rating"].as_i64().unwrap();
        let (_, profile) = app.get("/users/bob", None).await;
        assert!(profile.as_str().unwrap().contains(&format!("{rating}?")), "{profile}");
        assert!(
            !profile.as_str().unwrap().contains("rating-chart"),
            "one game draws no line"
        );
        // A second rated game: the profile draws the history, with the same points as a table.
        let id = game(&app, "nowan", &a, &b, true).await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &id, token, text).await;
        }
        let (_, history) = app.get("/api/v1/users/bob/ratings/nowan/history", None).await;
        assert_eq!(history.as_array().unwrap().len(), 2, "{history}");
        let (_, profile) = app.get("/users/bob", None).await;
        let profile = profile.as_str().unwrap().to_owned();
        assert!(profile.contains("<svg class=\"rating-chart\""), "{profile}");
        assert!(
            profile.contains("Nowan chess rating after each rated game"),
            "{profile}"
        );
        let second = history[1]["rating"].as_i64().unwrap();
        assert!(
            profile.contains(&format!("<td class=\"num\">{second}</td>")),
            "{profile}"
        );
        let (status, help) = app.get("/help/ratings", None).await;
        assert_eq!(status, StatusCode::OK);
        let help = help.as_str().unwrap();
        assert!(
            help.contains("a stalemate scores 1-0 and counts ¾ to the side that gave it"),
            "{help}"
        );
        assert!(
            help.contains(
                "Ancient chess: a win scores 1-0 and counts 1 to the winner, 0 to the loser; there are no draws."
            ),
            "{help}"
        );
        // The choices the page states: who must have moved, the leaderboard's deviation, the
        // composite opponent's deviation, and the tie-breaks' units.
        for said in [
            "in Chatrang that means all four players, not one of each team",
            "The leaderboard judges the deviation as it stands today",
            "a first rated game rates from exactly that, however long the game took",
            "a deviation that is the root mean square of the two opponents' deviations",
            "the API's Buchholz is always doubled and its Sonneborn-Berger is doubled in games scored 1, ½, 0, but not in Nowan chess",
        ] {
            assert!(help.contains(said), "{said:?} in {help}");
        }
    })
    .await;
}

/// A profile says when the player joined and was last seen, splits results by seat and
/// lists the games in play.
#[tokio::test]
async fn a_profile_shows_dates_results_by_seat_and_current_games() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        // Bob wins as Black (seat 1) in Nowan; another game is still on.
        let won = game(&app, "nowan", &a, &b, true).await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            play(&app, &won, token, text).await;
        }
        let on = game(&app, "not-chess", &a, &b, false).await;
        // Presence is written in the background: wait for it.
        let last_seen = async || -> Option<i64> {
            sqlx::query_scalar("SELECT last_seen_at FROM users WHERE username = 'bob'")
                .fetch_one(app.state.db.pool())
                .await
                .unwrap()
        };
        let seen = crate::notify::eventually("bob's presence written", async || last_seen().await).await;
        assert_eq!(seen, app.state.now(), "bob's requests mark him as seen");
        app.clock.advance_ms(5 * 60 * 60 * 1000);
        let (status, page) = app.get("/users/bob", None).await;
        assert_eq!(status, StatusCode::OK);
        let page = page.as_str().unwrap().to_owned();
        assert!(page.contains("Member since 30 Nov 2025"), "{page}");
        assert!(page.contains("last seen 5 hours ago"), "{page}");
        assert!(page.contains("The same results by the seat played"), "{page}");
        let seat_row = page.split("<th scope=\"row\">Nowan chess</th><td>").nth(1).unwrap();
        let seat = seat_row.split("</td>").next().unwrap();
        let nowan_seat_1 = herald_rules::Variant::Nowan.seat_names()[1];
        assert_eq!(seat, nowan_seat_1, "{page}");
        assert!(
            seat_row.starts_with(&format!(
                "{nowan_seat_1}</td>\n    <td class=\"num\">1</td><td class=\"num\">1</td><td class=\"num\">0</td>"
            )),
            "{page}"
        );
        assert!(
            page.contains(&format!("/games/{on}")),
            "the game in play is listed: {page}"
        );
        // Five hours on (past the hour the memory holds), Bob's next request is recorded.
        let before = last_seen().await;
        app.get("/api/v1/me", Some(&b)).await;
        // Five hours later, the request moves it on (written in the background too: the
        // wait fails the test if it never does).
        crate::notify::eventually("bob's next request recorded", async || {
            last_seen().await.filter(|&at| Some(at) > before)
        })
        .await;
    })
    .await;
}

/// The late player's move, the opponent's claim and the sweeper's own timeout (past the
/// claimable cap) race on two instances: whichever ends the game, the ratings change once,
/// and a game the late move saved changes none.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn claim_late_move_and_sweeper_racing_rate_exactly_once() {
    each_backend(|db| async move {
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let a = one.user("alice").await;
        let b = one.user("bob").await;
        let servers = crate::common::two_servers(&db, &one, &two).await;
        let client = reqwest::Client::new();
        let day = 24 * 60 * 60 * 1000_i64;
        let (mut finished, mut saved) = (0, 0);
        for round in 0..8_i64 {
            let start = crate::common::T0 + round * 100 * day;
            one.clock.set_ms(start);
            two.clock.set_ms(start);
            let id = game(&one, "not-chess", &a, &b, true).await;
            for ply in 0..3 {
                let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
                play(&one, &id, token, text).await;
            }
            // Bob let his deadline and the claimable cap pass.
            let late = start + 40 * day;
            one.clock.set_ms(late);
            two.clock.set_ms(late);
            // Odd rounds sweep from the second instance (on SQLite there is one).
            let sweeper_state = if round % 2 == 0 || db.backend != "postgres" {
                one.state.clone()
            } else {
                two.state.clone()
            };
            let sweeper = tokio::spawn(async move {
                herald_server::workers::sweeper::sweep_once(&sweeper_state)
                    .await
                    .is_ok()
            });
            let claim = tokio::spawn(submit(
                client.clone(),
                format!(
                    "{}/api/v1/games/{id}/claim",
                    servers[usize::try_from(round % 2).unwrap()].base
                ),
                a.clone(),
                json!({}),
            ));
            let mv = tokio::spawn(submit(
                client.clone(),
                format!(
                    "{}/api/v1/games/{id}/moves",
                    servers[usize::try_from(1 - round % 2).unwrap()].base
                ),
                b.clone(),
                json!({"move": "b1b2", "ply": 3}),
            ));
            let (swept, claimed, moved) = (sweeper.await.unwrap(), claim.await.unwrap(), mv.await.unwrap());
            assert!(swept, "round {round}: the sweeper failed");
            assert!([200, 409].contains(&claimed), "round {round}: claim {claimed}");
            assert!([200, 409].contains(&moved), "round {round}: move {moved}");
            let (_, view) = one.get(&format!("/api/v1/games/{id}"), None).await;
            let changes = count(
                &one,
                &format!("SELECT COUNT(*) FROM rating_changes WHERE game_id = '{id}'"),
            )
            .await;
            if view["status"] == "finished" {
                finished += 1;
                assert_eq!(changes, 2, "{}: round {round}: {view}", db.backend);
                assert_eq!(view["reason"], "timeout", "{view}");
            } else {
                saved += 1;
                assert_eq!(view["status"], "active", "{view}");
                assert_eq!(changes, 0, "{}: round {round}", db.backend);
            }
        }
        // Every rated ending counted once in each player's games.
        assert_eq!(
            count(&one, "SELECT MIN(games) FROM ratings WHERE variant = 'not-chess'").await,
            finished
        );
        assert_eq!(
            count(&one, "SELECT MAX(games) FROM ratings WHERE variant = 'not-chess'").await,
            finished
        );
        assert_eq!(
            count(
                &one,
                "SELECT CAST(COALESCE(SUM(games), 0) AS BIGINT) FROM player_results WHERE variant = 'not-chess'"
            )
            .await,
            2 * finished
        );
        assert!(finished > 0, "no round ended the game (saved {saved})");
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}
