//! The correspondence clock: deadlines, claims, the `auto` policy, the claimable cap,
//! never-moved aborts, Chatrang eliminations on time, vacation, the 80 % warning, expired
//! sessions, and two sweepers at once on PostgreSQL. Time moves with the manual clock;
//! the sweeper is driven with `sweep_once`, never by sleeping.

use std::sync::Arc;

use axum::http::StatusCode;
use herald_server::domain::events::EventKind;
use herald_server::infra::clock::DAY_MS;
use herald_server::infra::engine_pool::EnginePool;
use herald_server::workers::sweeper::{SweepReport, sweep_once};
use herald_server::{AppState, Config};
use serde_json::{Value, json};

use crate::common::{ScriptedRules, T0, TestApp, TestDb, assert_error, each_backend};

/// Scripted rules that never end a game by themselves.
async fn app(db: &TestDb) -> TestApp {
    TestApp::with_rules(
        db,
        Arc::new(ScriptedRules { finish_after: 10_000 }),
        Config::for_tests(&db.url),
    )
    .await
}

async fn kinds(app: &TestApp, id: &str, kind: EventKind) -> usize {
    let events = app.state.db.events_after(id, 0, 10_000).await.unwrap();
    events.iter().filter(|e| e.kind == kind).count()
}

async fn mv(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    app.post(&format!("/api/v1/games/{id}/moves"), token, json!({"move": "a1a2"}))
        .await
}

async fn claim(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    app.post(&format!("/api/v1/games/{id}/claim"), token, json!({})).await
}

async fn game(app: &TestApp, id: &str) -> Value {
    let (status, body) = app.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn sweep(app: &TestApp) -> SweepReport {
    sweep_once(&app.state).await.unwrap()
}

/// Alice (seat 0, white) against Bob; with `policy` when given. Returns tokens and id.
async fn duel(app: &TestApp, policy: Option<&str>) -> (String, String, String) {
    let a = app.user("alice").await;
    let b = app.user("bob").await;
    let mut body = json!({"variant": "not-chess", "seat": 0, "invite": "bob"});
    if let Some(policy) = policy {
        body["timeout_policy"] = json!(policy);
    }
    let (status, created) = app.post("/api/v1/games", &a, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let (status, joined) = app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    (a, b, id)
}

/// A duel where both have moved once and it is Bob's turn, started at `app.clock` now.
async fn bob_to_move(app: &TestApp, policy: Option<&str>) -> (String, String, String) {
    let (a, b, id) = duel(app, policy).await;
    assert_eq!(mv(app, &id, &a).await.0, StatusCode::OK);
    assert_eq!(mv(app, &id, &b).await.0, StatusCode::OK);
    let (status, body) = mv(app, &id, &a).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (a, b, id)
}

#[tokio::test]
async fn a_turn_expires_and_the_waiting_player_claims_the_win() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (a, b, id) = bob_to_move(&app, None).await;
        let g = game(&app, &id).await;
        assert_eq!(g["timeout_policy"], "claim");
        assert_eq!(g["move_by"], json!(T0 + 4 * DAY_MS));
        assert_eq!(g["seats"][1]["move_by"], json!(T0 + 4 * DAY_MS));
        assert_eq!(g["seats"][0]["move_by"], Value::Null);
        assert_eq!(g["claimable"], false);
        assert_eq!(g["timeout_at"], json!(T0 + 34 * DAY_MS));

        // Before the deadline: refused, with the reason.
        app.clock.set_ms(T0 + 4 * DAY_MS - 1);
        let (status, body) = claim(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_claimable");
        assert_eq!(sweep(&app).await.claimable, 0);

        app.clock.set_ms(T0 + 4 * DAY_MS);
        let g = game(&app, &id).await;
        assert_eq!(g["claimable"], true);
        assert_eq!(g["claimable_by"], json!([0]));
        assert_eq!(g["time_left_ms"], 0);
        let report = sweep(&app).await;
        assert_eq!(report.claimable, 1, "{report:?}");
        assert_eq!(sweep(&app).await.claimable, 0, "marked once");
        assert_eq!(kinds(&app, &id, EventKind::Claimable).await, 1);
        assert_eq!(game(&app, &id).await["claimable_since"], json!(T0 + 4 * DAY_MS));

        // The late player and a stranger cannot claim.
        let (status, body) = claim(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_claim");
        let c = app.user("carol").await;
        let (status, body) = claim(&app, &id, &c).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");

        let (status, g) = claim(&app, &id, &a).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["status"], "finished");
        assert_eq!(g["result"], "1-0");
        assert_eq!(g["winner_team"], 0);
        assert_eq!(g["reason"], "timeout");
        assert_eq!(kinds(&app, &id, EventKind::Claimed).await, 1);
        assert_eq!(kinds(&app, &id, EventKind::Finished).await, 1);
        let (status, body) = claim(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");
        let (status, body) = mv(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");
    })
    .await;
}

#[tokio::test]
async fn a_late_move_before_any_claim_is_accepted_and_clears_the_claimable_state() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (a, b, id) = bob_to_move(&app, None).await;
        app.clock.set_ms(T0 + 5 * DAY_MS);
        assert_eq!(sweep(&app).await.claimable, 1);
        let (status, g) = mv(&app, &id, &b).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["claimable"], false);
        assert_eq!(g["claimable_since"], Value::Null);
        assert_eq!(g["move_by"], json!(T0 + 9 * DAY_MS), "a fresh turn from the late move");
        // Now Alice is the one to move; Bob cannot claim her fresh turn.
        let (status, body) = claim(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_claimable");
        let (status, body) = claim(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_claim");
        let report = sweep(&app).await;
        assert_eq!((report.claimable, report.finished), (0, 0), "{report:?}");
        assert_eq!(game(&app, &id).await["status"], "active");
    })
    .await;
}

#[tokio::test]
async fn the_auto_policy_ends_the_game_at_the_deadline() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (_a, b, id) = bob_to_move(&app, Some("auto")).await;
        let g = game(&app, &id).await;
        assert_eq!(g["timeout_policy"], "auto");
        assert_eq!(g["timeout_at"], json!(T0 + 4 * DAY_MS));
        app.clock.set_ms(T0 + 4 * DAY_MS - 1);
        assert_eq!(sweep(&app).await.finished, 0);
        app.clock.set_ms(T0 + 4 * DAY_MS + 1);
        let report = sweep(&app).await;
        assert_eq!((report.finished, report.claimable), (1, 0), "{report:?}");
        let g = game(&app, &id).await;
        assert_eq!(g["status"], "finished");
        assert_eq!(g["result"], "1-0");
        assert_eq!(g["reason"], "timeout");
        assert_eq!(kinds(&app, &id, EventKind::Finished).await, 1);
        let (status, body) = mv(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");

        // A move after the deadline but before the sweep: refused, and the game ends now.
        let app2 = &app;
        let c = app2.user("carol").await;
        let d = app2.user("dave").await;
        let (status, created) = app2
            .post(
                "/api/v1/games",
                &c,
                json!({"variant": "not-chess", "seat": 0, "invite": "dave", "timeout_policy": "auto"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let id2 = created["id"].as_str().unwrap().to_owned();
        app2.post(&format!("/api/v1/games/{id2}/join"), &d, json!({})).await;
        assert_eq!(mv(app2, &id2, &c).await.0, StatusCode::OK);
        app2.clock.advance_ms(4 * DAY_MS + 1);
        let (status, body) = mv(app2, &id2, &d).await;
        assert_error(status, &body, StatusCode::CONFLICT, "out_of_time");
        let g = game(app2, &id2).await;
        assert_eq!(g["status"], "aborted", "dave never moved: {g}");
        assert_eq!(g["reason"], "timeout_before_first_move");
        assert_eq!(
            sweep(app2).await,
            SweepReport::default(),
            "nothing left for the sweeper"
        );
    })
    .await;
}

#[tokio::test]
async fn a_game_claimable_longer_than_the_cap_is_ended_by_the_server() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (_a, _b, id) = bob_to_move(&app, None).await;
        app.clock.set_ms(T0 + 4 * DAY_MS);
        assert_eq!(sweep(&app).await.claimable, 1);
        app.clock.set_ms(T0 + 34 * DAY_MS - 1);
        let report = sweep(&app).await;
        assert_eq!(report.finished, 0, "{report:?}");
        assert_eq!(game(&app, &id).await["status"], "active");
        app.clock.set_ms(T0 + 34 * DAY_MS);
        let report = sweep(&app).await;
        assert_eq!(report.finished, 1, "{report:?}");
        let g = game(&app, &id).await;
        assert_eq!(g["status"], "finished");
        assert_eq!(g["result"], "1-0");
        assert_eq!(g["reason"], "timeout");
        assert_eq!(kinds(&app, &id, EventKind::Claimed).await, 1);
    })
    .await;
}

#[tokio::test]
async fn a_late_player_who_never_moved_gets_the_game_aborted() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (a, b, id) = duel(&app, None).await;
        // Alice (white) never moves.
        app.clock.set_ms(T0 + 4 * DAY_MS);
        let (status, body) = claim(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_claim");
        let (status, g) = claim(&app, &id, &b).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["status"], "aborted");
        assert_eq!(g["result"], Value::Null);
        assert_eq!(g["winner_team"], Value::Null);
        assert_eq!(g["reason"], "timeout_before_first_move");
        assert_eq!(kinds(&app, &id, EventKind::Aborted).await, 1);

        // Black never moves either: after White's first move, Black's timeout aborts too.
        let (a2, _b2, id2) = {
            let c = app.user("carol").await;
            let (status, created) = app
                .post(
                    "/api/v1/games",
                    &a,
                    json!({"variant": "not-chess", "seat": 0, "invite": "carol"}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED);
            let id = created["id"].as_str().unwrap().to_owned();
            app.post(&format!("/api/v1/games/{id}/join"), &c, json!({})).await;
            (a.clone(), c, id)
        };
        assert_eq!(mv(&app, &id2, &a2).await.0, StatusCode::OK);
        app.clock.advance_ms(40 * DAY_MS);
        let report = sweep(&app).await;
        assert_eq!(report.aborted, 1, "{report:?}");
        assert_eq!(game(&app, &id2).await["reason"], "timeout_before_first_move");
    })
    .await;
}

/// Plays the first legal move for whoever is to move in a real Chatrang game.
async fn chatrang_move(app: &TestApp, id: &str, tokens: &[String]) -> Value {
    let g = game(app, id).await;
    let turn = usize::try_from(g["turn"].as_u64().unwrap()).unwrap();
    let text = g["legal_moves"][0].as_str().unwrap().to_owned();
    let (status, body) = app
        .post(
            &format!("/api/v1/games/{id}/moves"),
            &tokens[turn],
            json!({"move": text}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn chatrang_timeouts_eliminate_a_seat_and_the_game_goes_on() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let mut tokens = Vec::new();
        for name in ["cp0", "cp1", "cp2", "cp3"] {
            tokens.push(app.user(name).await);
        }
        let (status, created) = app
            .post("/api/v1/games", &tokens[0], json!({"variant": "chatrang", "seat": 0}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_owned();
        for (seat, token) in tokens.iter().enumerate().skip(1) {
            let (status, body) = app
                .post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": seat}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        for _ in 0..4 {
            chatrang_move(&app, &id, &tokens).await;
        }
        let g = game(&app, &id).await;
        assert_eq!(g["turn"], 0);
        app.clock.advance_ms(4 * DAY_MS + 1);
        let g = game(&app, &id).await;
        assert_eq!(g["claimable_by"], json!([1, 3]), "the other team");
        // The late player's partner cannot claim.
        let (status, body) = claim(&app, &id, &tokens[2]).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_claim");
        let (status, g) = claim(&app, &id, &tokens[3]).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["status"], "active", "the partner still plays: {g}");
        assert_eq!(g["eliminated"], json!([0]));
        assert_ne!(g["turn"], 0);
        let fresh = g["move_by"].as_i64().unwrap();
        assert_eq!(fresh, app.clock_now() + 4 * DAY_MS, "the next player gets a whole turn");
        assert_eq!(kinds(&app, &id, EventKind::Claimed).await, 1);
        assert_eq!(kinds(&app, &id, EventKind::Finished).await, 0);

        // Play on until it is seat 2's turn (the eliminated seat 0 is skipped), then let
        // seat 2 time out: with both players of team 0 out, team 1 wins on time.
        for _ in 0..8 {
            if game(&app, &id).await["turn"] == 2 {
                break;
            }
            chatrang_move(&app, &id, &tokens).await;
        }
        assert_eq!(game(&app, &id).await["turn"], 2);
        app.clock.advance_ms(4 * DAY_MS);
        let g = game(&app, &id).await;
        assert_eq!(g["claimable_by"], json!([1, 3]));
        let (status, g) = claim(&app, &id, &tokens[1]).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["status"], "finished", "{g}");
        assert_eq!(g["winner_team"], 1);
        assert_eq!(g["result"], "0-1");
        assert_eq!(g["reason"], "timeout");
        assert_eq!(kinds(&app, &id, EventKind::Claimed).await, 2);
    })
    .await;
}

#[tokio::test]
async fn the_sweeper_eliminates_a_late_chatrang_seat_under_the_auto_policy() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let mut tokens = Vec::new();
        for name in ["cp0", "cp1", "cp2", "cp3"] {
            tokens.push(app.user(name).await);
        }
        let (_, created) = app
            .post(
                "/api/v1/games",
                &tokens[0],
                json!({"variant": "chatrang", "seat": 0, "timeout_policy": "auto", "days_per_move": 1}),
            )
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        for (seat, token) in tokens.iter().enumerate().skip(1) {
            app.post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": seat}))
                .await;
        }
        for _ in 0..5 {
            chatrang_move(&app, &id, &tokens).await;
        }
        assert_eq!(game(&app, &id).await["turn"], 1);
        app.clock.advance_ms(DAY_MS);
        let report = sweep(&app).await;
        assert_eq!(report.eliminated, 1, "{report:?}");
        let g = game(&app, &id).await;
        assert_eq!(g["status"], "active");
        assert_eq!(g["eliminated"], json!([1]));
        assert_eq!(g["turn"], 2);
    })
    .await;
}

#[tokio::test]
async fn vacation_stops_the_clock_and_extends_the_deadline_by_its_length() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (a, b, id) = bob_to_move(&app, None).await;
        let (status, v) = app.get("/api/v1/me/vacation", Some(&b)).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["on"], false);
        assert_eq!(v["allowance_days"], 30);
        assert_eq!(v["left_ms"], json!(30 * DAY_MS));

        app.clock.set_ms(T0 + DAY_MS);
        let (status, v) = app.post("/api/v1/me/vacation", &b, json!({"on": true})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["on"], true);
        assert_eq!(v["ends_at"], json!(T0 + 31 * DAY_MS));
        assert_eq!(kinds(&app, &id, EventKind::VacationOn).await, 1);

        app.clock.set_ms(T0 + 10 * DAY_MS);
        let g = game(&app, &id).await;
        assert_eq!(g["paused"], true);
        assert_eq!(g["move_by"], Value::Null);
        assert_eq!(g["time_left_ms"], json!(3 * DAY_MS));
        assert_eq!(g["seats"][1]["on_vacation"], true);
        assert_eq!(g["claimable"], false);
        let (status, body) = claim(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_claimable");
        let report = sweep(&app).await;
        assert_eq!(
            (report.paused, report.claimable, report.warnings),
            (1, 0, 0),
            "{report:?}"
        );

        let (status, v) = app.post("/api/v1/me/vacation", &b, json!({"on": false})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["on"], false);
        assert_eq!(v["used_ms"], json!(9 * DAY_MS));
        assert_eq!(v["left_ms"], json!(21 * DAY_MS));
        let g = game(&app, &id).await;
        assert_eq!(g["paused"], false);
        assert_eq!(
            g["move_by"],
            json!(T0 + 13 * DAY_MS),
            "4-day deadline + 9 days of vacation"
        );
        assert_eq!(kinds(&app, &id, EventKind::VacationOff).await, 1);
        app.clock.set_ms(T0 + 13 * DAY_MS - 1);
        assert_eq!(sweep(&app).await.claimable, 0);
        app.clock.set_ms(T0 + 13 * DAY_MS);
        assert_eq!(sweep(&app).await.claimable, 1);

        // A vacation begun after the deadline does not rescue the turn.
        let (status, _) = app.post("/api/v1/me/vacation", &b, json!({"on": true})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game(&app, &id).await["claimable"], true);
        // Moving ends the vacation.
        let (status, _) = mv(&app, &id, &b).await;
        assert_eq!(status, StatusCode::OK);
        let (_, v) = app.get("/api/v1/me/vacation", Some(&b)).await;
        assert_eq!(v["on"], false);
    })
    .await;
}

#[tokio::test]
async fn a_vacation_ends_when_the_allowance_is_used_up() {
    each_backend(|db| async move {
        let mut config = Config::for_tests(&db.url);
        config.vacation_days = 10;
        let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 10_000 }), config).await;
        let (a, b, id) = bob_to_move(&app, None).await;
        app.clock.set_ms(T0 + DAY_MS);
        app.post("/api/v1/me/vacation", &b, json!({"on": true})).await;
        // A turn that starts during the vacation is paused whole.
        let (_, _, id2) = {
            let (status, created) = app
                .post(
                    "/api/v1/games",
                    &a,
                    json!({"variant": "not-chess", "seat": 1, "invite": "bob"}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED);
            let id = created["id"].as_str().unwrap().to_owned();
            app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
            (a.clone(), b.clone(), id)
        };
        assert_eq!(game(&app, &id2).await["time_left_ms"], json!(4 * DAY_MS));
        app.clock.set_ms(T0 + 20 * DAY_MS);
        let report = sweep(&app).await;
        assert_eq!(report.vacations_ended, 1, "{report:?}");
        let (_, v) = app.get("/api/v1/me/vacation", Some(&b)).await;
        assert_eq!(v["on"], false);
        assert_eq!(v["left_ms"], 0);
        let (status, body) = app.post("/api/v1/me/vacation", &b, json!({"on": true})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_vacation_left");
        // Ended at T0+11d: 3 days were left in the first game, 4 in the second.
        assert_eq!(game(&app, &id).await["move_by"], json!(T0 + 14 * DAY_MS));
        assert_eq!(game(&app, &id2).await["move_by"], json!(T0 + 15 * DAY_MS));
        assert_eq!(game(&app, &id).await["claimable"], true);
        // A new year brings a new allowance.
        let next_year = 1_767_225_600_000 + DAY_MS; // 2027-01-02
        app.clock.set_ms(next_year);
        let (status, v) = app.post("/api/v1/me/vacation", &b, json!({"on": true})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["left_ms"], json!(10 * DAY_MS));
    })
    .await;
}

#[tokio::test]
async fn the_80_percent_warning_is_sent_exactly_once() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let (_a, b, id) = bob_to_move(&app, None).await;
        // 4-day turn: the warning is due at 3.2 days.
        let warn = T0 + 4 * DAY_MS * 4 / 5;
        app.clock.set_ms(warn - 1);
        assert_eq!(sweep(&app).await.warnings, 0);
        app.clock.set_ms(warn);
        assert_eq!(sweep(&app).await.warnings, 1);
        assert_eq!(sweep(&app).await.warnings, 0);
        app.clock.set_ms(warn + DAY_MS / 2);
        assert_eq!(sweep(&app).await.warnings, 0);
        app.clock.set_ms(T0 + 5 * DAY_MS);
        let report = sweep(&app).await;
        assert_eq!((report.warnings, report.claimable), (0, 1), "{report:?}");
        assert_eq!(kinds(&app, &id, EventKind::TimeWarning).await, 1);
        let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
        let warning = events.iter().find(|e| e.kind == EventKind::TimeWarning).unwrap();
        assert_eq!(warning.data["seat"], 1);
        assert_eq!(warning.data["move_by"], json!(T0 + 4 * DAY_MS));

        // Each turn gets its own warning.
        let (status, _) = mv(&app, &id, &b).await;
        assert_eq!(status, StatusCode::OK);
        app.clock.advance_ms(4 * DAY_MS * 4 / 5);
        assert_eq!(sweep(&app).await.warnings, 1);
        assert_eq!(kinds(&app, &id, EventKind::TimeWarning).await, 2);
    })
    .await;
}

#[tokio::test]
async fn the_sweeper_deletes_expired_sessions() {
    each_backend(|db| async move {
        let app = app(&db).await;
        app.user("sally").await;
        let (status, _) = app
            .call(
                "POST",
                "/api/v1/session",
                None,
                Some(json!({"username": "sally", "password": "password-sally"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(sweep(&app).await.sessions_deleted, 0);
        app.clock.advance_ms(31 * DAY_MS);
        assert_eq!(sweep(&app).await.sessions_deleted, 1);
    })
    .await;
}

impl TestApp {
    fn clock_now(&self) -> i64 {
        use herald_server::infra::clock::Clock;
        self.clock.now_ms()
    }
}

/// Two Herald instances (two pools, one clock) sweeping one PostgreSQL database at once:
/// every expiry is handled, and announced, exactly once, under every kind of clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_sweepers_on_postgres_handle_each_expiry_once() {
    let Ok(url) = std::env::var(crate::common::PG_ENV) else {
        eprintln!(
            "NOTE: two_sweepers_on_postgres DID NOT RUN: set {}",
            crate::common::PG_ENV
        );
        return;
    };
    let db = TestDb::postgres(&url).await;
    let mut config = Config::for_tests(&db.url);
    config.sweep_batch = 7;
    let one = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 10_000 }), config.clone()).await;
    let a = one.user("alice").await;
    let b = one.user("bob").await;
    const GAMES: usize = 120;
    let mut ids = Vec::new();
    for i in 0..GAMES {
        let policy = if i % 2 == 0 { "claim" } else { "auto" };
        // Every kind of clock, each running out within the 5 days the clock moves: 4 days
        // per move, a 3-day Fischer bank, 3 ICCF days (the flag after 4).
        let control = match i % 3 {
            0 => json!({"kind": "days", "days": 4}),
            1 => json!({"kind": "fischer", "initial_days": 3, "increment_hours": 0, "cap_days": 3}),
            _ => json!({"kind": "iccf", "moves": 10, "days": 3}),
        };
        let (status, created) = one
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "seat": 0, "invite": "bob", "timeout_policy": policy,
                       "time_control": control}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let id = created["id"].as_str().unwrap().to_owned();
        one.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
        assert_eq!(mv(&one, &id, &a).await.0, StatusCode::OK);
        assert_eq!(mv(&one, &id, &b).await.0, StatusCode::OK);
        ids.push(id);
    }
    // Instance two: its own pool on the same database, the same time.
    let two_db = herald_server::storage::Db::open(&db.url, 8).await.unwrap();
    let two = AppState {
        db: two_db,
        clock: Arc::new(one.clock.clone()),
        rules: one.state.rules.clone(),
        engine: EnginePool::configured(&config),
        config: Arc::new(config),
        positions: Arc::default(),
    };
    one.clock.advance_ms(5 * DAY_MS);
    let drain = |state: AppState| async move {
        let mut total = SweepReport::default();
        loop {
            let r = sweep_once(&state).await.unwrap();
            total.games += r.games;
            total.claimable += r.claimable;
            total.finished += r.finished;
            total.warnings += r.warnings;
            total.failed += r.failed;
            if r.games == 0 {
                return total;
            }
        }
    };
    let (r1, r2) = tokio::join!(tokio::spawn(drain(one.state.clone())), tokio::spawn(drain(two.clone())));
    let (r1, r2) = (r1.unwrap(), r2.unwrap());
    eprintln!("sweeper one: {r1:?}\nsweeper two: {r2:?}");
    assert_eq!(r1.failed + r2.failed, 0);
    assert_eq!(r1.claimable + r2.claimable, GAMES as u64 / 2);
    assert_eq!(r1.finished + r2.finished, GAMES as u64 / 2);
    assert_eq!(
        r1.warnings + r2.warnings,
        0,
        "the deadline had passed: no late warnings"
    );
    for (i, id) in ids.iter().enumerate() {
        let claimable = kinds(&one, id, EventKind::Claimable).await;
        let finished = kinds(&one, id, EventKind::Finished).await;
        let claimed = kinds(&one, id, EventKind::Claimed).await;
        if i % 2 == 0 {
            assert_eq!((claimable, finished, claimed), (1, 0, 0), "claim game {id}");
        } else {
            assert_eq!((claimable, finished, claimed), (0, 1, 1), "auto game {id}");
        }
    }
    // Nothing is left, for either.
    assert_eq!(sweep_once(&two).await.unwrap().games, 0);
    assert_eq!(sweep(&one).await.games, 0);
    two.db.close().await;
    one.state.db.close().await;
    db.cleanup().await;
}
