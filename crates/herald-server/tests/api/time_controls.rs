//! Fischer days and ICCF clocks through the API on both databases, with worked examples:
//! banks and increments to the millisecond, ICCF's whole days and double time, the time
//! carried over at the time control, the cap, the flag and the claim, the 80 % warning of
//! the bank, vacation, conditional replies earning their increment, takebacks, the PGN tag,
//! rematches and tournaments keeping the clock, and refusals of bad controls.

use std::sync::Arc;

use axum::http::StatusCode;
use herald_server::Config;
use herald_server::domain::events::EventKind;
use herald_server::infra::clock::{Clock, DAY_MS};
use herald_server::workers::sweeper::sweep_once;
use serde_json::{Value, json};

use crate::common::{ScriptedRules, T0, TestApp, assert_error, each_backend};
use crate::pages::Browser;

const H: i64 = DAY_MS / 24;

async fn game(app: &TestApp, id: &str) -> Value {
    let (status, body) = app.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn mv(app: &TestApp, id: &str, token: &str) -> Value {
    let (status, body) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({"move": "a1a2"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Alice (seat 0, first to move) against Bob under `control`, started at the clock's now.
async fn duel(app: &TestApp, control: Value) -> (String, String, String) {
    let a = app.user("alice").await;
    let b = app.user("bob").await;
    let (status, created) = app
        .post(
            "/api/v1/games",
            &a,
            json!({"variant": "not-chess", "seat": 0, "invite": "bob", "rated": false, "time_control": control}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let (status, joined) = app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    (a, b, id)
}

fn remaining(g: &Value) -> Vec<i64> {
    serde_json::from_value(g["remaining_ms"].clone()).unwrap_or_else(|e| panic!("{e}: {g}"))
}

async fn kinds(app: &TestApp, id: &str, kind: EventKind) -> usize {
    let events = app.state.db.events_after(id, 0, 10_000).await.unwrap();
    events.iter().filter(|e| e.kind == kind).count()
}

#[tokio::test]
async fn fischer_days_take_the_time_used_and_add_the_increment_up_to_the_cap() {
    each_backend(|db| async move {
        // Scripted rules that never end the game by themselves.
        let app = TestApp::with_rules(
            &db,
            Arc::new(ScriptedRules { finish_after: 10_000 }),
            Config::for_tests(&db.url),
        )
        .await;
        let fischer = json!({"kind": "fischer", "initial_days": 3, "increment_hours": 24, "cap_days": 5});
        let (a, b, id) = duel(&app, fischer.clone()).await;
        let g = game(&app, &id).await;
        assert_eq!(g["time_control"], fischer);
        assert_eq!(g["days_per_move"], 2, "(3 d + 40 × 1 d) / 40 moves, rounded up");
        assert_eq!(g["move_by"], json!(T0 + 3 * DAY_MS), "the whole starting bank");
        assert_eq!(remaining(&g), vec![3 * DAY_MS, 3 * DAY_MS]);

        // Alice thinks 1 day 6 hours: 3 d - 30 h + 24 h = 2 d 18 h; Bob's turn has his bank.
        app.clock.set_ms(T0 + DAY_MS + 6 * H);
        let g = mv(&app, &id, &a).await;
        assert_eq!(remaining(&g), vec![2 * DAY_MS + 18 * H, 3 * DAY_MS]);
        assert_eq!(g["move_by"], json!(T0 + DAY_MS + 6 * H + 3 * DAY_MS));

        // Bob replies within the hour twice in a row: the cap (5 days) stops his bank.
        app.clock.advance_ms(H);
        mv(&app, &id, &b).await; // 3 d - 1 h + 1 d = 3 d 23 h
        mv(&app, &id, &a).await; // Alice at once: 2 d 18 h + 1 d = 3 d 18 h
        app.clock.advance_ms(H);
        let g = mv(&app, &id, &b).await; // 3 d 23 h - 1 h + 1 d = 4 d 22 h
        assert_eq!(remaining(&g), vec![3 * DAY_MS + 18 * H, 4 * DAY_MS + 22 * H]);
        mv(&app, &id, &a).await; // Alice at once: 3 d 18 h + 1 d = 4 d 18 h
        let g = mv(&app, &id, &b).await; // 4 d 22 h + 1 d, capped at 5 d
        assert_eq!(remaining(&g), vec![4 * DAY_MS + 18 * H, 5 * DAY_MS]);
        mv(&app, &id, &a).await; // 4 d 18 h + 1 d, capped at 5 d
        let g = mv(&app, &id, &b).await;
        assert_eq!(remaining(&g), vec![5 * DAY_MS, 5 * DAY_MS]);

        // The 80 % warning falls at 80 % of Alice's bank (5 days: at 4 days).
        let start = app.clock.now_ms();
        app.clock.set_ms(start + 4 * DAY_MS - 1);
        assert_eq!(sweep_once(&app.state).await.unwrap().warnings, 0);
        app.clock.set_ms(start + 4 * DAY_MS);
        assert_eq!(sweep_once(&app.state).await.unwrap().warnings, 1);
        // The flag falls with the bank: claimable, and Bob claims.
        app.clock.set_ms(start + 5 * DAY_MS);
        assert_eq!(sweep_once(&app.state).await.unwrap().claimable, 1);
        let (status, g) = app.post(&format!("/api/v1/games/{id}/claim"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["reason"], "timeout");
        assert_eq!(kinds(&app, &id, EventKind::Finished).await, 1);

        // The record says the clock: PGN's "initial+increment" in seconds and the cap in a
        // comment; the JSON record the control itself.
        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pgn = pgn.as_str().unwrap();
        assert!(pgn.contains("[TimeControl \"259200+86400\"]"), "{pgn}");
        assert!(pgn.contains("bank capped at 5 days"), "{pgn}");
    })
    .await;
}

#[tokio::test]
async fn iccf_charges_whole_days_double_beyond_twenty_and_carries_time_over() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        // 2 moves in 30 days, so a period ends within the test.
        let iccf = json!({"kind": "iccf", "moves": 2, "days": 30});
        let (a, b, id) = duel(&app, iccf.clone()).await;
        let g = game(&app, &id).await;
        assert_eq!(g["time_control"], iccf);
        assert_eq!(g["moves_to_control"], json!([2, 2]));
        // 30 days banked: 25 whole days cost 20 + 2 × 5 = 30, 26 cost 32: the flag is at 26.
        assert_eq!(g["move_by"], json!(T0 + 26 * DAY_MS));

        // A reply within 24 hours costs nothing (ICCF 2.4.2).
        app.clock.set_ms(T0 + DAY_MS - 60_000);
        let g = mv(&app, &id, &a).await;
        let bob_start = T0 + DAY_MS - 60_000;
        assert_eq!(remaining(&g)[0], 26 * DAY_MS, "still 30 days banked: flag after 26");
        assert_eq!(g["moves_to_control"], json!([1, 2]));
        // Bob takes 3 days 5 hours: charged 3 days.
        app.clock.set_ms(bob_start + 3 * DAY_MS + 5 * H);
        let g = mv(&app, &id, &b).await;
        let alice_start = bob_start + 3 * DAY_MS + 5 * H;
        // Bob: 27 days banked (flag after 24: 20 + 2 × 4 = 28 > 27).
        assert_eq!(remaining(&g)[1], 24 * DAY_MS);
        // Alice's second move takes 23 whole days: charged 26 (the Playing Rules' own
        // example). 30 - 26 = 4 days, and her period ends with it: + 30 = 34 days.
        app.clock.set_ms(alice_start + 23 * DAY_MS + 7 * H);
        let g = mv(&app, &id, &a).await;
        assert_eq!(g["moves_to_control"], json!([2, 1]));
        // 34 days banked: 27 whole days cost 34, 28 cost 36: the flag after 28 days.
        assert_eq!(remaining(&g)[0], 28 * DAY_MS);
        // Bob runs out: 27 days banked, his flag falls 24 days after his turn began.
        let bob_turn = alice_start + 23 * DAY_MS + 7 * H;
        assert_eq!(g["move_by"], json!(bob_turn + 24 * DAY_MS));
        app.clock.set_ms(bob_turn + 24 * DAY_MS - 1);
        assert_eq!(sweep_once(&app.state).await.unwrap().claimable, 0);
        app.clock.set_ms(bob_turn + 24 * DAY_MS);
        assert_eq!(sweep_once(&app.state).await.unwrap().claimable, 1);
        assert_eq!(game(&app, &id).await["claimable_by"], json!([0]));

        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pgn = pgn.as_str().unwrap();
        assert!(pgn.contains("[TimeControl \"2/2592000\"]"), "{pgn}");
        assert!(pgn.contains("ICCF clock: 2 moves in 30 days"), "{pgn}");
    })
    .await;
}

#[tokio::test]
async fn vacation_pauses_a_bank_and_a_conditional_reply_earns_its_increment() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let fischer = json!({"kind": "fischer", "initial_days": 4, "increment_hours": 12, "cap_days": 10});
        let (a, b, id) = duel(&app, fischer).await;
        // Alice moves after 1 day: 3 d + 12 h. Bob goes on vacation after 1 day of his turn.
        app.clock.set_ms(T0 + DAY_MS);
        mv(&app, &id, &a).await;
        app.clock.set_ms(T0 + 2 * DAY_MS);
        let (status, _) = app.post("/api/v1/me/vacation", &b, json!({"on": true})).await;
        assert_eq!(status, StatusCode::OK);
        app.clock.set_ms(T0 + 7 * DAY_MS);
        let g = game(&app, &id).await;
        assert_eq!(g["paused"], true);
        assert_eq!(
            remaining(&g)[1],
            3 * DAY_MS,
            "4 days less the day used before the vacation"
        );
        let (status, _) = app.post("/api/v1/me/vacation", &b, json!({"on": false})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game(&app, &id).await["move_by"], json!(T0 + 10 * DAY_MS));
        // Alice leaves a conditional reply; Bob moves 1 day after the vacation: used 2 days
        // of his turn (the vacation's 5 days do not count): 4 - 2 + 0.5 = 2 d 12 h.
        let (status, body) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/conditionals"),
                Some(&a),
                Some(json!({"lines": [["a1a2", "b1b2"]]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        app.clock.set_ms(T0 + 8 * DAY_MS);
        let g = mv(&app, &id, &b).await;
        assert_eq!(g["ply"], 3, "Alice's reply was played with Bob's move");
        // Alice's reply used nothing and earned 12 hours: 3 d 12 h + 12 h = 4 d.
        assert_eq!(remaining(&g), vec![4 * DAY_MS, 2 * DAY_MS + 12 * H]);
        assert_eq!(g["move_by"], json!(T0 + 8 * DAY_MS + 2 * DAY_MS + 12 * H));
    })
    .await;
}

#[tokio::test]
async fn bad_controls_are_refused_and_rematches_and_tournaments_keep_the_clock() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("carol").await;
        for bad in [
            json!({"kind": "fischer", "initial_days": 5, "increment_hours": 24, "cap_days": 3}),
            json!({"kind": "fischer", "initial_days": 0, "increment_hours": 24, "cap_days": 3}),
            json!({"kind": "iccf", "moves": 0, "days": 50}),
            json!({"kind": "iccf", "moves": 10, "days": 500}),
        ] {
            let (status, body) = app
                .post(
                    "/api/v1/games",
                    &a,
                    json!({"variant": "not-chess", "time_control": bad}),
                )
                .await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_time_control");
        }
        let (status, body) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "time_control": {"kind": "days", "days": 40}}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_days_per_move");
        let (status, _) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "time_control": {"kind": "hourglass"}}),
            )
            .await;
        assert!(status.is_client_error(), "{status}");

        // A tournament of ICCF games: every game of the round has the event's clock.
        let org = app.user("organiser").await;
        let iccf = json!({"kind": "iccf", "moves": 10, "days": 50});
        let (status, event) = app
            .post(
                "/api/v1/tournaments",
                &org,
                json!({"name": "ICCF league", "variant": "not-chess", "format": "round_robin",
                       "time_control": iccf, "rated": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{event}");
        assert_eq!(event["time_control"], iccf);
        let tid = event["id"].as_str().unwrap().to_owned();
        for name in ["pone", "ptwo", "pthree"] {
            let token = app.user(name).await;
            let (status, body) = app
                .post(&format!("/api/v1/tournaments/{tid}/register"), &token, json!(null))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{tid}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let games: Vec<String> = event["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["boards"].as_array().unwrap().clone())
            .filter_map(|b| b["game_id"].as_str().map(str::to_owned))
            .collect();
        assert_eq!(games.len(), 3);
        for id in &games {
            let g = game(&app, id).await;
            assert_eq!(g["time_control"], iccf, "{id}");
            // 50 days banked: 35 whole days cost 50, 36 cost 52.
            assert_eq!(g["move_by"], json!(T0 + 36 * DAY_MS), "{id}");
        }

        // A rematch keeps the clock.
        let fischer = json!({"kind": "fischer", "initial_days": 3, "increment_hours": 6, "cap_days": 7});
        let (a, b, id) = duel(&app, fischer.clone()).await;
        mv(&app, &id, &a).await;
        let (status, _) = app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, rematch) = app.post(&format!("/api/v1/games/{id}/rematch"), &a, json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{rematch}");
        assert_eq!(rematch["time_control"], fischer);
    })
    .await;
}

#[tokio::test]
async fn the_forms_offer_every_kind_and_the_game_page_shows_each_bank() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        app.user("bob").await;
        let mut alice = Browser::new(&app);
        alice.sign_up("alice").await;
        let form = alice.get("/lobby/new?variant=not-chess").await;
        assert_eq!(form.status, StatusCode::OK);
        for field in [
            "name=\"clock_kind\"",
            "value=\"fischer\"",
            "value=\"iccf\"",
            "fischer_increment_hours",
            "iccf_moves",
        ] {
            assert!(form.body.contains(field), "{field}");
        }
        // A Fischer challenge to Bob from the form.
        let page = alice
            .post(
                "/lobby/new",
                &[
                    ("variant", "not-chess"),
                    ("clock_kind", "fischer"),
                    ("fischer_initial_days", "5"),
                    ("fischer_increment_hours", "36"),
                    ("fischer_cap_days", "9"),
                    ("seat", "0"),
                    ("invite", "bob"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let id = page.location.unwrap().trim_start_matches("/games/").to_owned();
        let g = game(&app, &id).await;
        assert_eq!(
            g["time_control"],
            json!({"kind": "fischer", "initial_days": 5, "increment_hours": 36, "cap_days": 9})
        );
        let bob = app.token("bob").await;
        let (status, _) = app.post(&format!("/api/v1/games/{id}/join"), &bob, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let page = alice.get(&format!("/games/{id}")).await;
        assert!(
            page.body.contains("5 days + 36 h per move (at most 9 days)"),
            "{}",
            page.body
        );
        assert_eq!(page.body.matches("class=\"bank\"").count(), 2, "{}", page.body);
        assert!(page.body.contains("bank: 5 days"), "{}", page.body);

        // A bad field comes back with the message and what was typed.
        let bad = alice
            .post(
                "/lobby/new",
                &[
                    ("variant", "not-chess"),
                    ("clock_kind", "iccf"),
                    ("iccf_moves", "ten"),
                    ("iccf_days", "50"),
                ],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
        assert!(bad.body.contains("Each clock field is a whole number."), "{}", bad.body);
        assert!(bad.body.contains("value=\"ten\""), "{}", bad.body);
        assert!(bad.body.contains(r#"<option value="iccf" selected>"#), "{}", bad.body);

        // An ICCF tournament from its form; its page and list say the clock.
        let made = alice
            .post(
                "/tournaments/new",
                &[
                    ("name", "Correspondence league"),
                    ("variant", "not-chess"),
                    ("clock_kind", "iccf"),
                    ("iccf_moves", "10"),
                    ("iccf_days", "40"),
                ],
            )
            .await;
        assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
        let tid = made.location.unwrap().trim_start_matches("/tournaments/").to_owned();
        let (_, event) = app.get(&format!("/api/v1/tournaments/{tid}"), None).await;
        assert_eq!(event["time_control"], json!({"kind": "iccf", "moves": 10, "days": 40}));
        let page = alice.get(&format!("/tournaments/{tid}")).await;
        assert!(page.body.contains("10 moves in 40 days"), "{}", page.body);
        assert!(alice.get("/tournaments").await.body.contains("10 moves in 40 days"));
        // The help page says what Herald counts.
        let help = alice.get("/help/time").await;
        assert!(help.body.contains("23 days cost 26"), "{}", help.body);
    })
    .await;
}
