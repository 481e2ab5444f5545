//! Takebacks in casual games, on both databases: the rules one by one (rated and tournament
//! games refuse, only the last mover asks, one request at a time, a move or the end lapses
//! it, decline, withdraw), an accepted takeback restores the exact game (position, ply,
//! turn, fresh deadline, PGN; draw offers, conditional lines, notes and variations on the
//! removed position go), derived state comes from the replay (Not Chess's checks in a row,
//! Nowan's sacrifice), Chatrang's next player answers, a bot accepts at once, the
//! authorization matrix of every route, exactly once under racing requests on two
//! instances, events on the live feed, and the page's plain forms.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_rules::{AnyGame, Options, Variant};
use herald_server::domain::events::EventKind;
use serde_json::{Value, json};

use crate::common::{RunningServer, TestApp, assert_error, each_backend, revoked_token, two_servers};
use crate::game_page;

const DAY_MS: i64 = 86_400_000;

fn url(id: &str, rest: &str) -> String {
    format!("/api/v1/games/{id}/takeback{rest}")
}

async fn game(app: &TestApp, id: &str, token: &str) -> Value {
    let (status, game) = app.get(&format!("/api/v1/games/{id}"), Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game
}

/// Plays `text` as `token`, which must succeed.
async fn play(app: &TestApp, id: &str, token: &str, text: &str) -> Value {
    let (status, game) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
        .await;
    assert_eq!(status, StatusCode::OK, "{text}: {game}");
    game
}

/// Plays the mover's legal move number `pick` (modulo their count); returns it.
async fn play_pick(app: &TestApp, id: &str, token: &str, pick: usize) -> String {
    let before = game(app, id, token).await;
    let legal = before["legal_moves"].as_array().unwrap();
    let text = legal[pick % legal.len()].as_str().unwrap().to_owned();
    play(app, id, token, &text).await;
    text
}

async fn ask(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    app.call("POST", &url(id, ""), Some(token), None).await
}

async fn answer(app: &TestApp, id: &str, token: &str, how: &str) -> (StatusCode, Value) {
    app.call("POST", &url(id, &format!("/{how}")), Some(token), None).await
}

async fn withdraw(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    app.call("DELETE", &url(id, ""), Some(token), None).await
}

fn actions(game: &Value) -> Vec<String> {
    game["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_owned())
        .collect()
}

async fn kinds(app: &TestApp, id: &str) -> Vec<EventKind> {
    let events = app.state.db.events_after(id, 0, 1000).await.unwrap();
    events.iter().map(|e| e.kind).collect()
}

/// The parts of a game object a takeback must restore exactly.
fn position(game: &Value) -> Value {
    json!({
        "fen": game["fen"], "ply": game["ply"], "turn": game["turn"], "moves": game["moves"],
        "legal_moves": game["legal_moves"], "status": game["status"],
    })
}

async fn pgn(app: &TestApp, id: &str) -> String {
    let (status, body) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_rules_of_asking_answering_and_withdrawing() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        // Nothing to take back before the first move.
        let (status, body) = ask(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "nothing_to_take_back");
        let first = play_pick(&app, &id, &a, 0).await;
        // Only the player whose move is the last one asks.
        let (status, body) = ask(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::CONFLICT, "nothing_to_take_back");
        assert!(actions(&game(&app, &id, &a).await).contains(&"ask_takeback".to_owned()));
        assert!(!actions(&game(&app, &id, &b).await).contains(&"ask_takeback".to_owned()));
        let (status, asked) = ask(&app, &id, &a).await;
        assert_eq!(status, StatusCode::OK, "{asked}");
        assert_eq!(
            asked["takeback"],
            json!({"seat": 0, "ply": 1, "move": first, "answer": 1})
        );
        assert!(actions(&asked).contains(&"withdraw_takeback".to_owned()));
        assert!(!actions(&asked).contains(&"ask_takeback".to_owned()));
        let theirs = actions(&game(&app, &id, &b).await);
        assert!(theirs.contains(&"accept_takeback".to_owned()) && theirs.contains(&"decline_takeback".to_owned()));
        // Spectators see the request too.
        let (_, public) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(public["takeback"]["seat"], 0);
        // One request at a time, whoever asks.
        let (status, body) = ask(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "takeback_pending");
        let (status, body) = ask(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::CONFLICT, "takeback_pending");
        // The asker does not answer; the answerer does not withdraw.
        let (status, body) = answer(&app, &id, &a, "accept").await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_answer");
        let (status, body) = answer(&app, &id, &a, "decline").await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_answer");
        let (status, body) = withdraw(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_request");
        // Withdrawn: nothing pending any more.
        let (status, body) = withdraw(&app, &id, &a).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["takeback"], Value::Null);
        let (status, body) = withdraw(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_takeback_request");
        let (status, body) = answer(&app, &id, &b, "accept").await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_takeback_request");
        // Declined: the move stands.
        assert_eq!(ask(&app, &id, &a).await.0, StatusCode::OK);
        let (status, body) = answer(&app, &id, &b, "decline").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!((body["takeback"].clone(), body["ply"].clone()), (Value::Null, json!(1)));
        assert_eq!(body["moves"], json!([first]));
        // A move lapses the request: moving instead of answering is a no.
        assert_eq!(ask(&app, &id, &a).await.0, StatusCode::OK);
        let second = play_pick(&app, &id, &b, 0).await;
        let after = game(&app, &id, &a).await;
        assert_eq!(
            (after["takeback"].clone(), after["ply"].clone()),
            (Value::Null, json!(2))
        );
        let (status, body) = answer(&app, &id, &b, "accept").await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_takeback_request");
        // Now the last move is bob's.
        let (status, body) = ask(&app, &id, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "nothing_to_take_back");
        // The end lapses it as well.
        assert_eq!(ask(&app, &id, &b).await.0, StatusCode::OK);
        let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &a, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["takeback"], Value::Null);
        let stored = app.state.db.game(&id).await.unwrap().unwrap();
        assert_eq!(stored.takeback, None);
        let (status, body) = withdraw(&app, &id, &b).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");
        assert_eq!(game(&app, &id, &a).await["moves"], json!([first, second]));
        let expected = [
            EventKind::Move,
            EventKind::TakebackOffered,
            EventKind::TakebackWithdrawn,
            EventKind::TakebackOffered,
            EventKind::TakebackDeclined,
            EventKind::TakebackOffered,
            EventKind::Move,
            EventKind::TakebackOffered,
            EventKind::Finished,
        ];
        let all = kinds(&app, &id).await;
        assert_eq!(all[all.len() - expected.len()..], expected, "{}: {all:?}", db.backend);
        // The offer names who asks and who answers (what a notification needs).
        let events = app.state.db.events_after(&id, 0, 1000).await.unwrap();
        let offered = events.iter().find(|e| e.kind == EventKind::TakebackOffered).unwrap();
        assert_eq!(
            (offered.data["seat"].clone(), offered.data["answer"].clone()),
            (json!(0), json!(1))
        );
    })
    .await;
}

#[tokio::test]
async fn rated_and_tournament_games_refuse_takebacks() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let (status, created) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "not-chess", "seat": 0, "invite": "bob", "rated": true}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let rated = created["id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/games/{rated}/join"), &b, json!({})).await;
        play_pick(&app, &rated, &a, 0).await;
        let (status, body) = ask(&app, &rated, &a).await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_takebacks");
        assert!(!actions(&game(&app, &rated, &a).await).contains(&"ask_takeback".to_owned()));

        // A casual round robin: its games are tournament games all the same.
        let org = app.user("organiser").await;
        let mut tokens = std::collections::HashMap::new();
        for name in ["anna", "boris", "clara", "dmitri"] {
            tokens.insert(name.to_owned(), app.user(name).await);
        }
        let (status, event) = app
            .post(
                "/api/v1/tournaments",
                &org,
                json!({"name": "Casual league", "variant": "not-chess", "format": "round_robin",
                       "days_per_move": 3, "max_entrants": 4, "rated": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{event}");
        let event_id = event["id"].as_str().unwrap().to_owned();
        for name in ["anna", "boris", "clara", "dmitri"] {
            let (status, body) = app
                .post(
                    &format!("/api/v1/tournaments/{event_id}/register"),
                    &tokens[name],
                    json!(null),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{event_id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let board = &event["rounds"][0]["boards"][0];
        let game_id = board["game_id"].as_str().unwrap().to_owned();
        let first = board["first"].as_i64().unwrap();
        let first_name = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == first)
            .unwrap()["username"]
            .as_str()
            .unwrap()
            .to_owned();
        let token = &tokens[&first_name];
        let view = game(&app, &game_id, token).await;
        assert_eq!(view["rated"], false, "{view}");
        play_pick(&app, &game_id, token, 0).await;
        let (status, body) = ask(&app, &game_id, token).await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_takebacks");
    })
    .await;
}

#[tokio::test]
async fn an_accepted_takeback_restores_the_game_exactly() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        play_pick(&app, &id, &a, 3).await;
        play_pick(&app, &id, &b, 5).await;
        let before = game(&app, &id, &a).await;
        let pgn_before = pgn(&app, &id).await;
        // Bob's note on the position alice is about to leave stays.
        let (status, _) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/notes/2"),
                Some(&b),
                Some(json!({"text": "quiet"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        app.clock.advance_ms(5 * 3_600_000);
        let legal: Vec<String> = before["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        let misclick = legal[0].clone();
        play(&app, &id, &a, &misclick).await;
        // On the position after the misclick: bob's draw offer, conditional line, note and
        // a variation; another variation of his branches from before it.
        let after = game(&app, &id, &b).await;
        let reply = after["legal_moves"][0].as_str().unwrap().to_owned();
        let mut line = replica("not-chess", after["moves"].as_array().unwrap());
        line.play_text(&reply).unwrap();
        let then = line.legal_moves()[0].to_string();
        line.play_text(&then).unwrap();
        let again = line.legal_moves()[0].to_string();
        let (status, body) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/conditionals"),
                Some(&b),
                Some(json!({"lines": [[reply, then, again]]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        app.post(&format!("/api/v1/games/{id}/draw"), &b, json!({"action": "offer"}))
            .await;
        app.call(
            "PUT",
            &format!("/api/v1/games/{id}/notes/3"),
            Some(&b),
            Some(json!({"text": "oops"})),
        )
        .await;
        let (status, body) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/variations"),
                Some(&b),
                Some(json!({"nodes": [{"at": 3, "move": reply}, {"parent": 0, "move": then},
                                      {"at": 2, "move": legal[1]}]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(ask(&app, &id, &a).await.0, StatusCode::OK);
        app.clock.advance_ms(3_600_000);
        let (status, accepted) = answer(&app, &id, &b, "accept").await;
        assert_eq!(status, StatusCode::OK, "{accepted}");
        let now = app.state.now();
        let restored = game(&app, &id, &a).await;
        assert_eq!(position(&restored), position(&before), "{}", db.backend);
        assert_eq!(restored["your_move"], true);
        let days = restored["days_per_move"].as_i64().unwrap();
        assert_eq!(
            restored["move_by"],
            json!(now + days * DAY_MS),
            "a fresh deadline from the acceptance"
        );
        assert_eq!(restored["draw_offers"], json!([]), "the draw offer lapsed");
        assert_eq!(restored["takeback"], Value::Null);
        assert_eq!(pgn(&app, &id).await, pgn_before, "the PGN has the remaining moves only");
        let (_, lines) = app.get(&format!("/api/v1/games/{id}/conditionals"), Some(&b)).await;
        assert_eq!(lines["lines"], json!([]), "{lines}");
        assert_eq!(
            lines["notice"],
            herald_server::api::games::takeback::LINES_DROPPED,
            "{lines}"
        );
        let (_, notes) = app.get(&format!("/api/v1/games/{id}/notes"), Some(&b)).await;
        let plies: Vec<i64> = notes
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["ply"].as_i64().unwrap())
            .collect();
        assert_eq!(plies, [2], "{notes}");
        let (_, saved) = app.get(&format!("/api/v1/games/{id}/variations"), Some(&b)).await;
        assert_eq!(saved["nodes"], json!([{"at": 2, "move": legal[1]}]), "{saved}");
        // The record keeps the history; the accepted event says what was taken back.
        let events = app.state.db.events_after(&id, 0, 1000).await.unwrap();
        let last = events.last().unwrap();
        assert_eq!(last.kind, EventKind::TakebackAccepted);
        assert_eq!(
            (last.data["move"].clone(), last.data["by"].clone()),
            (json!(misclick), json!(1))
        );
        // Alice plays on with another move: the game goes on from the restored position
        // (and an instance's cached position of the removed one is not used).
        play(&app, &id, &a, &legal[1]).await;
        let moved = game(&app, &id, &b).await;
        assert_eq!(moved["ply"], 3);
        assert_eq!(moved["moves"][2], json!(legal[1]));
        let mut check = replica("not-chess", &[]);
        for m in moved["moves"].as_array().unwrap() {
            check.play_text(m.as_str().unwrap()).unwrap();
        }
        assert_eq!(moved["fen"], check.fen());
    })
    .await;
}

fn variant(id: &str) -> Variant {
    Variant::ALL.into_iter().find(|v| v.id() == id).unwrap()
}

/// The rules crate's own game after `moves`.
fn replica(id: &str, moves: &[Value]) -> AnyGame {
    let mut game = AnyGame::new(variant(id), Options::NONE, None).unwrap();
    for m in moves {
        game.apply_text(m.as_str().unwrap()).unwrap();
    }
    game
}

/// Walks a game of `id` (moves picked in a fixed way) until the mover has a move `wanted`
/// says is the case to test; takes it back and checks the game is exactly as before, then
/// plays it again and checks the derived state is counted once.
async fn takes_back_derived_state(id_of_variant: &str, wanted: impl Fn(&AnyGame, &str) -> bool) {
    each_backend(|db| {
        let wanted = &wanted;
        async move {
            let app = TestApp::real(&db).await;
            let a = app.user("alice").await;
            let b = app.user("bob").await;
            let id = app.started_game(id_of_variant, &a, &b, "bob").await;
            let tokens = [&a, &b];
            for ply in 0..160_usize {
                let view = game(&app, &id, &a).await;
                assert_eq!(
                    view["status"], "active",
                    "{id_of_variant}: the game ended first: {view}"
                );
                let here = replica(id_of_variant, view["moves"].as_array().unwrap());
                let token = tokens[usize::try_from(view["turn"].as_u64().unwrap()).unwrap()];
                let legal: Vec<String> = here.legal_moves().iter().map(ToString::to_string).collect();
                let Some(target) = legal.iter().find(|m| wanted(&here, m)) else {
                    play(&app, &id, token, &legal[(ply * 7 + 3) % legal.len()]).await;
                    continue;
                };
                let before = game(&app, &id, token).await;
                let played = play(&app, &id, token, target).await;
                assert_ne!(played["fen"], before["fen"]);
                assert_eq!(ask(&app, &id, token).await.0, StatusCode::OK);
                let other = tokens[usize::try_from(played["turn"].as_u64().unwrap()).unwrap()];
                let (status, body) = answer(&app, &id, other, "accept").await;
                assert_eq!(status, StatusCode::OK, "{body}");
                let restored = game(&app, &id, token).await;
                assert_eq!(position(&restored), position(&before), "{id_of_variant} {}", db.backend);
                let again = play(&app, &id, token, target).await;
                assert_eq!(
                    again["fen"], played["fen"],
                    "{id_of_variant}: counted once after the replay"
                );
                return;
            }
            panic!("{id_of_variant}: no position of the wanted kind came up");
        }
    })
    .await;
}

#[tokio::test]
async fn not_chess_checks_in_a_row_come_from_the_replay() {
    // A checking move raises the mover's count of checks in a row (in the position string).
    takes_back_derived_state("not-chess", |game, text| {
        let mut next = game.clone();
        next.play_text(text).is_ok() && next.in_check(next.turn())
    })
    .await;
}

#[tokio::test]
async fn nowans_sacrifice_is_given_back_with_the_move() {
    // The King's sacrifice spends the once-a-game right (a field of the position string).
    takes_back_derived_state("nowan", |game, text| {
        let mut next = game.clone();
        let rights = |fen: &str| fen.split_whitespace().nth(2).map(str::to_owned);
        next.play_text(text).is_ok() && rights(&next.fen()) != rights(&game.fen())
    })
    .await;
}

#[tokio::test]
async fn in_chatrang_the_next_player_answers() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let names = ["alice", "bob", "carol", "dave"];
        let mut tokens = Vec::new();
        for name in names {
            tokens.push(app.user(name).await);
        }
        let (status, created) = app
            .post(
                "/api/v1/games",
                &tokens[0],
                json!({"variant": "chatrang", "seat": 0, "rated": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_owned();
        for (seat, token) in tokens.iter().enumerate().skip(1) {
            let (status, body) = app
                .post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": seat}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let before = game(&app, &id, &tokens[0]).await;
        play_pick(&app, &id, &tokens[0], 2).await;
        let (status, asked) = ask(&app, &id, &tokens[0]).await;
        assert_eq!(status, StatusCode::OK, "{asked}");
        assert_eq!(asked["takeback"]["answer"], 1);
        // The partner and the other opponent do not answer: the next player does.
        for other in [&tokens[2], &tokens[3]] {
            let (status, body) = answer(&app, &id, other, "accept").await;
            assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_answer");
        }
        let (status, body) = answer(&app, &id, &tokens[1], "accept").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(position(&game(&app, &id, &tokens[0]).await), position(&before));
    })
    .await;
}

#[tokio::test]
async fn a_bot_accepts_at_once() {
    each_backend(|db| async move {
        // No background workers: the bot moves only when its worker is run here.
        let app = TestApp::without_workers(
            &db,
            std::sync::Arc::new(herald_server::domain::rules::HeraldRules),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let alice = app.user("alice").await;
        let settings: herald_server::api::bots::BotChanges =
            serde_json::from_value(json!({"description": "a test bot", "level": 1})).unwrap();
        let bot = herald_server::api::bots::NewBot {
            username: "robo".to_owned(),
            settings,
        };
        herald_server::api::bots::create(&app.state.db, None, app.state.now(), &bot)
            .await
            .unwrap();
        let (status, created) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "nowan", "seat": 0, "invite": "robo", "rated": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_owned();
        for _ in 0..5 {
            herald_server::workers::bots::once(&app.state).await.unwrap();
        }
        let before = game(&app, &id, &alice).await;
        assert_eq!(before["status"], "active", "the bot took its seat: {before}");
        play_pick(&app, &id, &alice, 4).await;
        let (status, answered) = ask(&app, &id, &alice).await;
        assert_eq!(status, StatusCode::OK, "{answered}");
        assert_eq!(answered["takeback"], Value::Null, "{answered}");
        assert_eq!(position(&answered), position(&before), "{}", db.backend);
        let all = kinds(&app, &id).await;
        assert_eq!(
            all[all.len() - 2..],
            [EventKind::TakebackOffered, EventKind::TakebackAccepted],
            "{all:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn every_takeback_route_answers_the_authorization_matrix() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let spectator = app.user("carol").await;
        let revoked = revoked_token(&app, "alice", &a).await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        play_pick(&app, &id, &a, 0).await;
        assert_eq!(ask(&app, &id, &a).await.0, StatusCode::OK);
        let routes = [
            ("POST", url(&id, "")),
            ("DELETE", url(&id, "")),
            ("POST", url(&id, "/accept")),
            ("POST", url(&id, "/decline")),
        ];
        let cookie = game_page::session(&app, "bob").await;
        for (method, path) in &routes {
            let (status, body) = app.call(method, path, None, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous: {body}");
            assert!(body["error"]["code"].is_string(), "{body}");
            let (status, body) = app.call(method, path, Some(&revoked), None).await;
            assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
            let (status, body) = app.call(method, path, Some(&spectator), None).await;
            assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
            let request = Request::builder()
                .method(method.to_owned())
                .uri(path.as_str())
                .header("cookie", &cookie)
                .body(Body::empty())
                .unwrap();
            let (status, body) = app.raw(request).await;
            assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
            // An unknown game.
            let unknown = path.replace(&id, "nosuchgame");
            let (status, body) = app.call(method, &unknown, Some(&a), None).await;
            assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        }
        // Nothing of that changed the request; with the page's CSRF token the cookie answers.
        assert_eq!(game(&app, &id, &a).await["takeback"]["seat"], 0);
        let csrf = herald_server::web::auth::csrf_token_for(cookie.split_once('=').unwrap().1);
        let request = Request::post(url(&id, "/decline"))
            .header("cookie", &cookie)
            .header("x-csrf-token", csrf)
            .body(Body::empty())
            .unwrap();
        let (status, body) = app.raw(request).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["takeback"], Value::Null);
    })
    .await;
}

async fn send(client: &reqwest::Client, method: reqwest::Method, url: String, token: &str, body: Option<Value>) -> u16 {
    let mut request = client.request(method, url).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap().status().as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_accept_racing_a_move_or_a_second_accept_applies_once() {
    each_backend(|db| async move {
        let one = TestApp::real(&db).await;
        let two = TestApp::real(&db).await;
        let a = one.user("alice").await;
        let b = one.user("bob").await;
        let servers: [RunningServer; 2] = two_servers(&db, &one, &two).await;
        let client = reqwest::Client::new();
        for round in 0..4_usize {
            let id = one.started_game("not-chess", &a, &b, "bob").await;
            play_pick(&one, &id, &a, round).await;
            // Both instances have the game (and its position) cached.
            game(&two, &id, &b).await;
            assert_eq!(ask(&one, &id, &a).await.0, StatusCode::OK);
            let reply = game(&one, &id, &b).await["legal_moves"][0].as_str().unwrap().to_owned();
            let accept = |base: &str| format!("{base}/api/v1/games/{id}/takeback/accept");
            let (first, second) = if round % 2 == 0 {
                tokio::join!(
                    send(&client, reqwest::Method::POST, accept(&servers[0].base), &b, None),
                    send(
                        &client,
                        reqwest::Method::POST,
                        format!("{}/api/v1/games/{id}/moves", servers[1].base),
                        &b,
                        Some(json!({"move": reply})),
                    ),
                )
            } else {
                tokio::join!(
                    send(&client, reqwest::Method::POST, accept(&servers[0].base), &b, None),
                    send(&client, reqwest::Method::POST, accept(&servers[1].base), &b, None),
                )
            };
            let mut statuses = [first, second];
            statuses.sort_unstable();
            assert_eq!(statuses[0], 200, "{}: round {round}: {statuses:?}", db.backend);
            assert!(
                statuses[1] == 409 || statuses[1] == 403,
                "{}: round {round}: {statuses:?}",
                db.backend
            );
            // Each instance reads one consistent game: the record and the ply agree.
            for app in [&one, &two] {
                let seen = game(app, &id, &a).await;
                let ply = seen["ply"].as_i64().unwrap();
                assert_eq!(seen["moves"].as_array().unwrap().len(), usize::try_from(ply).unwrap());
                assert!(ply == 0 || ply == 2, "{}: round {round}: {seen}", db.backend);
                assert_eq!(seen["takeback"], Value::Null);
            }
            let accepted = kinds(&one, &id)
                .await
                .iter()
                .filter(|k| **k == EventKind::TakebackAccepted)
                .count();
            let ply = game(&one, &id, &a).await["ply"].as_i64().unwrap();
            assert_eq!(accepted, usize::from(ply == 0), "{}: round {round}", db.backend);
        }
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

#[tokio::test]
async fn the_live_feed_carries_the_takeback_and_the_page_answers_with_plain_forms() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let mut feed = crate::streams::Lines::open(&format!("{}/games/{id}/events", server.base), None, &[]).await;
        let first = play_pick(&app, &id, &a, 1).await;
        // Alice asks from her page, without JavaScript.
        let alice = game_page::session(&app, "alice").await;
        let page = game_page::get(&app, &format!("/games/{id}"), &alice).await;
        assert!(page.body.contains("Ask to take back"), "{}", page.body);
        let token = game_page::csrf(&page);
        let answer_page = game_page::post_form(&app, &format!("/games/{id}/takeback"), &alice, &token, &[]).await;
        assert_eq!(answer_page.status, StatusCode::SEE_OTHER);
        assert_eq!(answer_page.location.as_deref(), Some(format!("/games/{id}").as_str()));
        let page = game_page::get(&app, &format!("/games/{id}"), &alice).await;
        assert!(
            page.body.contains(&format!("You asked to take back your move {first}")),
            "{}",
            page.body
        );
        assert!(page.body.contains("Withdraw the request"));
        // Bob's page shows the request with Accept and Decline; he accepts there.
        let bob = game_page::session(&app, "bob").await;
        let page = game_page::get(&app, &format!("/games/{id}"), &bob).await;
        assert!(
            page.body.contains(&format!("alice asks to take back the move {first}")),
            "{}",
            page.body
        );
        assert!(page.body.contains("Accept the takeback") && page.body.contains("Decline the takeback"));
        let token = game_page::csrf(&page);
        let done = game_page::post_form(&app, &format!("/games/{id}/takeback/accept"), &bob, &token, &[]).await;
        assert_eq!(done.status, StatusCode::SEE_OTHER);
        let page = game_page::get(&app, &format!("/games/{id}"), &alice).await;
        assert!(
            page.body
                .contains(&format!("You accepted the takeback: {first} was taken back."))
                || page
                    .body
                    .contains(&format!("bob accepted the takeback: {first} was taken back.")),
            "{}",
            page.body
        );
        assert!(page.body.contains("data-ply=\"0\""));
        // The feed: the move, the request, the acceptance.
        let mut seen = Vec::new();
        while seen.len() < 3 {
            let (_, kind, data) = feed.sse().await;
            seen.push((kind, data));
        }
        let names: Vec<&str> = seen.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            ["move", "takeback_offered", "takeback_accepted"],
            "{}",
            db.backend
        );
        assert_eq!(seen[2].1["data"]["ply"], 0);
        // The rules in words.
        let help = game_page::get(&app, "/help/takebacks", &alice).await;
        assert_eq!(help.status, StatusCode::OK);
        assert!(help.body.contains("fresh deadline"), "{}", help.body);
        drop(feed);
        server.stop().await;
    })
    .await;
}
