//! Conditional moves on both databases: lines checked when saved, the reply played in the
//! transaction of the move it answers (both or neither, also when the connection dies
//! between them), lines that stop matching dropped, a reply no longer legal dropped with a
//! notice, Chatrang lines across three players with a pass and an elimination, lines left
//! unplayed by a claim, two instances racing an edit against the triggering move, the live
//! stream, and nobody but their owner reading them.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::{RunningServer, TestApp, assert_error, each_backend};

fn lines_of(body: &Value) -> Vec<Vec<String>> {
    serde_json::from_value(body["lines"].clone()).unwrap_or_else(|e| panic!("{e}: {body}"))
}

fn moves_of(game: &Value) -> Vec<String> {
    serde_json::from_value(game["moves"].clone()).unwrap_or_else(|e| panic!("{e}: {game}"))
}

async fn put_lines(app: &TestApp, id: &str, token: &str, lines: Value) -> (StatusCode, Value) {
    app.call(
        "PUT",
        &format!("/api/v1/games/{id}/conditionals"),
        Some(token),
        Some(json!({ "lines": lines })),
    )
    .await
}

async fn play(app: &TestApp, id: &str, token: &str, text: &str) -> Value {
    let (status, game) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
        .await;
    assert_eq!(status, StatusCode::OK, "{text}: {game}");
    game
}

#[tokio::test]
async fn a_matching_move_is_answered_at_once_and_the_rest_of_the_line_stays() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let url = format!("/api/v1/games/{id}/conditionals");
        play(&app, &id, &alice, "a1a2").await;
        // Bob to move: if a1a2 I reply b1b2; if b1b2, a1a2, then if a1a2 again, b1b2.
        let (status, mine) = put_lines(
            &app,
            &id,
            &alice,
            json!([["a1a2", "b1b2"], ["b1b2", "a1a2", "a1a2", "b1b2"]]),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_eq!(mine["ply"], 1);
        assert_eq!(mine["seat"], 0);
        assert_eq!(lines_of(&mine).len(), 2);
        // Bob sees his own (none), never Alice's; nothing is revealed during the game.
        let (_, his) = app.get(&url, Some(&bob)).await;
        assert_eq!(his["lines"], json!([]), "{his}");
        assert_eq!(his["seat"], 1);
        let (_, revealed) = app.get(&format!("{url}/revealed"), None).await;
        assert_eq!(revealed, json!([]));

        app.clock.advance_ms(3_600_000);
        let game = play(&app, &id, &bob, "b1b2").await;
        assert_eq!(
            moves_of(&game),
            ["a1a2", "b1b2", "a1a2"],
            "Alice answered at once: {game}"
        );
        assert_eq!(game["ply"], 3);
        assert_eq!(game["turn"], 1, "Bob to move again");
        let days = game["days_per_move"].as_i64().unwrap();
        assert_eq!(
            game["move_by"],
            app.state.now() + days * 86_400_000,
            "the reply starts Bob's clock now"
        );
        let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
        let moves: Vec<(i64, String)> = events
            .iter()
            .filter(|e| e.kind == herald_server::domain::events::EventKind::Move)
            .map(|e| {
                (
                    e.data["seat"].as_i64().unwrap(),
                    e.data["move"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(moves, [(0, "a1a2".into()), (1, "b1b2".into()), (0, "a1a2".into())]);
        let (_, mine) = app.get(&url, Some(&alice)).await;
        assert_eq!(lines_of(&mine), [["a1a2", "b1b2"]], "the rest of the line: {mine}");
        assert_eq!(mine["ply"], 3);

        // Bob leaves the line: nothing is played for Alice, and her lines are gone.
        let game = play(&app, &id, &bob, "b1b2").await;
        assert_eq!(game["ply"], 4);
        assert_eq!(game["turn"], 0);
        let (_, mine) = app.get(&url, Some(&alice)).await;
        assert_eq!(mine["lines"], json!([]), "{mine}");
        assert_eq!(mine["notice"], json!(null), "a line that does not match is no error");
        assert_eq!(
            mine["saved_lines"].as_array().unwrap().len(),
            2,
            "what she saved is kept for the record: {mine}"
        );
    })
    .await;
}

#[tokio::test]
async fn lines_on_my_turn_start_with_my_move_and_a_chain_of_replies_plays_through() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("nowan", &alice, &bob, "bob").await;
        // Alice to move: she will play a1a2; then if b1b2, a1a2.
        let (status, mine) = put_lines(&app, &id, &alice, json!([["a1a2", "b1b2", "a1a2"]])).await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        // Bob, too, plans ahead: after a1a2 he replies b1b2, and after a1a2 again, a1a2.
        play(&app, &id, &alice, "a1a2").await;
        let (status, his) = put_lines(&app, &id, &bob, json!([["b1b2", "a1a2", "a1a2"]])).await;
        assert_eq!(status, StatusCode::OK, "{his}");
        // Bob's own planned move (his line starts with it, on his turn) is his to play.
        let game = play(&app, &id, &bob, "b1b2").await;
        // Alice's a1a2 answered b1b2, and Bob's line answered that with a1a2.
        assert_eq!(moves_of(&game), ["a1a2", "b1b2", "a1a2", "a1a2"], "{game}");
        assert_eq!(game["turn"], 0);
        for token in [&alice, &bob] {
            let (_, lines) = app.get(&format!("/api/v1/games/{id}/conditionals"), Some(token)).await;
            assert_eq!(lines["lines"], json!([]), "both lines used up: {lines}");
        }

        // My planned move not played: the lines go.
        put_lines(&app, &id, &alice, json!([["a1a2", "b1b2", "a1a2"]])).await;
        let game = play(&app, &id, &alice, "b1b2").await;
        assert_eq!(game["ply"], 5);
        let (_, mine) = app.get(&format!("/api/v1/games/{id}/conditionals"), Some(&alice)).await;
        assert_eq!(mine["lines"], json!([]), "{mine}");
    })
    .await;
}

#[tokio::test]
async fn the_last_reply_can_end_the_game_and_it_is_scored_once() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        for (token, text) in [(&alice, "a1a2"), (&bob, "a1a2"), (&alice, "a1a2"), (&bob, "a1a2")] {
            play(&app, &id, token, text).await;
        }
        // Alice plays ply 5 and Bob's reply is the sixth, last ply: Bob wins.
        let (status, his) = put_lines(&app, &id, &bob, json!([["b1b2", "a1a2"]])).await;
        assert_eq!(status, StatusCode::OK, "{his}");
        let game = play(&app, &id, &alice, "b1b2").await;
        assert_eq!(game["status"], "finished", "{game}");
        assert_eq!(game["winner_team"], 1);
        assert_eq!(game["ply"], 6);
        let events = app.state.db.events_after(&id, 0, 100).await.unwrap();
        let ended = events
            .iter()
            .filter(|e| e.kind == herald_server::domain::events::EventKind::Finished)
            .count();
        assert_eq!(ended, 1, "one end");
        // After the game: lines cannot be saved, but may be revealed.
        let (status, body) = put_lines(&app, &id, &bob, json!([["a1a2", "b1b2"]])).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");
        let reveal = format!("/api/v1/games/{id}/conditionals/reveal");
        let (status, body) = app.post(&reveal, &alice, json!({"reveal": true})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "no_lines");
        let (status, body) = app.post(&reveal, &bob, json!({"reveal": true})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, revealed) = app
            .get(&format!("/api/v1/games/{id}/conditionals/revealed"), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            revealed,
            json!([{"seat": 1, "username": "bob", "ply": 4, "lines": [["b1b2", "a1a2"]]}])
        );
    })
    .await;
}

#[tokio::test]
async fn lines_are_checked_move_by_move_when_saved() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("nowan", &alice, &bob, "bob").await;
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        let legal: Vec<String> = serde_json::from_value(game["legal_moves"].clone()).unwrap_or_default();
        assert!(!legal.is_empty(), "{game}");
        let first = legal[0].clone();
        let url = format!("/api/v1/games/{id}/conditionals");
        let cases = [
            (
                json!([[first, "z9z9"]]),
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_line",
            ),
            (json!([["a1a1"]]), StatusCode::UNPROCESSABLE_ENTITY, "illegal_line"),
            (json!([[]]), StatusCode::BAD_REQUEST, "empty_line"),
            (
                json!(vec![vec![first.clone()]; 65]),
                StatusCode::BAD_REQUEST,
                "too_many_lines",
            ),
        ];
        for (lines, status_expected, code) in cases {
            let (status, body) = put_lines(&app, &id, &alice, lines).await;
            assert_error(status, &body, status_expected, code);
        }
        // Bob is not to move: a line of his must wait for Alice's move first, and end with his.
        let (status, body) = put_lines(&app, &id, &bob, json!([[first]])).await;
        assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "line_without_reply");
        let (status, body) = app
            .call("PUT", &url, Some(&alice), Some(json!({"lines": [[first]], "ply": 7})))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "stale_ply");
        let (status, body) = app.call("PUT", &url, Some(&alice), Some(json!({"line": []}))).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        // Bob's two replies to the same move conflict.
        let (_, after) = app
            .get(
                &format!(
                    "/api/v1/analysis/nowan?fen={}",
                    crate::analysis::url_encoded(game["fen"].as_str().unwrap())
                ),
                None,
            )
            .await;
        let reply_fen = after["after"][&first]["fen"]
            .as_str()
            .unwrap_or_else(|| panic!("{after}"));
        let (_, replies) = app
            .get(
                &format!("/api/v1/analysis/nowan?fen={}", crate::analysis::url_encoded(reply_fen)),
                None,
            )
            .await;
        let mut options: Vec<&str> = replies["after"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        options.sort_unstable();
        let (status, body) = put_lines(&app, &id, &bob, json!([[first, options[0]], [first, options[1]]])).await;
        assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "conflicting_replies");
        let (status, his) = put_lines(&app, &id, &bob, json!([[first, options[0]]])).await;
        assert_eq!(status, StatusCode::OK, "{his}");
        // Nothing of the refused saves was kept.
        let (_, mine) = app.get(&url, Some(&alice)).await;
        assert_eq!(mine["lines"], json!([]), "{mine}");
        // Deleting cancels.
        let (status, his) = app.call("DELETE", &url, Some(&bob), None).await;
        assert_eq!(status, StatusCode::OK, "{his}");
        assert_eq!(his["lines"], json!([]));
        let game = play(&app, &id, &alice, &first).await;
        assert_eq!(game["ply"], 1, "no reply after a cancel: {game}");
    })
    .await;
}

/// A reply the engine no longer accepts (lines kept from before a rules change, written
/// here straight into the table) is not played: the lines go, with a notice, and the
/// triggering move stands alone.
#[tokio::test]
async fn a_reply_no_longer_legal_is_dropped_with_a_notice_never_played() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        play(&app, &id, &alice, "a1a2").await;
        let (status, _) = put_lines(&app, &id, &alice, json!([["a1a2", "b1b2"]])).await;
        assert_eq!(status, StatusCode::OK);
        sqlx::query("UPDATE conditional_lines SET tree = $1 WHERE game_id = $2")
            .bind(r#"[{"m":"a1a2","n":[{"m":"c3c4"}]}]"#)
            .bind(&id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        let game = play(&app, &id, &bob, "a1a2").await;
        assert_eq!(moves_of(&game), ["a1a2", "a1a2"], "{game}");
        assert_eq!(game["turn"], 0, "Alice must move herself");
        let (_, mine) = app.get(&format!("/api/v1/games/{id}/conditionals"), Some(&alice)).await;
        assert_eq!(mine["lines"], json!([]), "{mine}");
        let notice = mine["notice"].as_str().unwrap_or_else(|| panic!("{mine}"));
        assert!(
            notice.contains("c3c4") && notice.contains("no longer legal"),
            "{notice}"
        );
    })
    .await;
}

/// Chatrang (real rules): seat 2's line covers the three others' moves twice: seat 0's pass,
/// and seat 0's elimination by checkmate (his turn skipped) before the second reply.
#[tokio::test]
async fn chatrang_lines_cover_three_players_a_pass_and_an_elimination() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let mut tokens = Vec::new();
        for name in ["ann", "ben", "cat", "dan"] {
            tokens.push(app.user(name).await);
        }
        let (_, game) = app
            .post("/api/v1/games", &tokens[0], json!({"variant": "chatrang", "seat": 0}))
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        for (i, token) in tokens.iter().enumerate().skip(1) {
            app.post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": i}))
                .await;
        }
        let record = include_str!("../data/chatrang_passes_then_mate.txt");
        let moves: Vec<&str> = record
            .lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(str::split_whitespace)
            .collect();
        for (ply, text) in moves.iter().take(175).enumerate() {
            play(&app, &id, &tokens[ply % 4], text).await;
        }
        // Ply 175: seat 3 to move. Cat (seat 2): if c7c6, pass, h6g5 then a4a5; then if
        // e4c5 (Ann is mated and skipped) and h3h6, a5c5.
        let line = ["c7c6", "pass", "h6g5", "a4a5", "e4c5", "h3h6", "a5c5"];
        // Ann (seat 0) must pass there: a line giving her a move is refused.
        let (status, body) = put_lines(&app, &id, &tokens[2], json!([["c7c6", "h6g5", "a4a5"]])).await;
        assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "illegal_line");
        let (status, mine) = put_lines(&app, &id, &tokens[2], json!([line])).await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_eq!(lines_of(&mine), [line]);
        play(&app, &id, &tokens[3], "c7c6").await;
        play(&app, &id, &tokens[0], "pass").await;
        let game = play(&app, &id, &tokens[1], "h6g5").await;
        assert_eq!(&moves_of(&game)[175..], ["c7c6", "pass", "h6g5", "a4a5"], "{game}");
        assert_eq!(game["turn"], 3);
        let game = play(&app, &id, &tokens[3], "e4c5").await;
        assert_eq!(game["eliminated"], json!([0]), "{game}");
        assert_eq!(game["turn"], 1, "Ann's turn skipped");
        let game = play(&app, &id, &tokens[1], "h3h6").await;
        assert_eq!(&moves_of(&game)[179..], ["e4c5", "h3h6", "a5c5"], "{game}");
        assert_eq!(game["turn"], 3);
        let (_, mine) = app
            .get(&format!("/api/v1/games/{id}/conditionals"), Some(&tokens[2]))
            .await;
        assert_eq!(mine["lines"], json!([]), "{mine}");
    })
    .await;
}

/// The sweeper or a claim ends the game while lines wait: nothing is played afterwards.
#[tokio::test]
async fn a_claim_ending_the_game_leaves_pending_lines_unplayed() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        for (token, text) in [(&alice, "a1a2"), (&bob, "a1a2"), (&alice, "a1a2")] {
            play(&app, &id, token, text).await;
        }
        put_lines(&app, &id, &alice, json!([["a1a2", "b1b2"]])).await;
        // Bob lets his time run out; Alice claims.
        app.clock.advance_ms(4 * 86_400_000);
        let (status, game) = app.post(&format!("/api/v1/games/{id}/claim"), &alice, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "finished", "{game}");
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/moves"), &bob, json!({"move": "a1a2"}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_over");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(moves_of(&game), ["a1a2", "a1a2", "a1a2"], "{game}");
        let (_, mine) = app.get(&format!("/api/v1/games/{id}/conditionals"), Some(&alice)).await;
        assert_eq!(mine["lines"], json!([]), "nothing pending in a finished game: {mine}");
    })
    .await;
}

/// The database dies between the opponent's move and the reply (a trigger on the reply's
/// row kills the connection on PostgreSQL, aborts on SQLite): neither is committed, the
/// mover is told it failed, and once the fault is gone the same move plays both.
#[tokio::test]
async fn the_move_and_its_reply_commit_together_or_not_at_all() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        play(&app, &id, &alice, "a1a2").await;
        put_lines(&app, &id, &alice, json!([["a1a2", "b1b2"]])).await;
        let pool = app.state.db.pool();
        if db.backend == "postgres" {
            for sql in [
                "CREATE FUNCTION die_before_reply() RETURNS trigger AS $$ BEGIN \
                 IF NEW.ply = 2 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF; \
                 RETURN NEW; END $$ LANGUAGE plpgsql",
                "CREATE TRIGGER die_before_reply BEFORE INSERT ON moves FOR EACH ROW \
                 EXECUTE FUNCTION die_before_reply()",
            ] {
                sqlx::query(sql).execute(pool).await.unwrap();
            }
        } else {
            sqlx::query(
                "CREATE TRIGGER die_before_reply BEFORE INSERT ON moves WHEN NEW.ply = 2 \
                 BEGIN SELECT RAISE(ABORT, 'the disk failed'); END",
            )
            .execute(pool)
            .await
            .unwrap();
        }
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/moves"), &bob, json!({"move": "a1a2"}))
            .await;
        assert!(status.is_server_error(), "{}: {status} {body}", db.backend);
        let stored = app.state.db.moves(&id).await.unwrap();
        assert_eq!(stored, ["a1a2"], "{}: neither move was committed", db.backend);
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game["ply"], 1, "{game}");
        let drop = if db.backend == "postgres" {
            "DROP TRIGGER die_before_reply ON moves"
        } else {
            "DROP TRIGGER die_before_reply"
        };
        sqlx::query(drop).execute(pool).await.unwrap();
        let game = play(&app, &id, &bob, "a1a2").await;
        assert_eq!(moves_of(&game), ["a1a2", "a1a2", "b1b2"], "{game}");
        let (_, mine) = app.get(&format!("/api/v1/games/{id}/conditionals"), Some(&alice)).await;
        assert_eq!(mine["lines"], json!([]), "{mine}");
    })
    .await;
}

/// Two instances on PostgreSQL (two listeners of one on SQLite): Alice rewrites her reply on
/// one while Bob's triggering move arrives on the other. Either her new lines were saved
/// first and answer, or the move came first, her old lines answered and the rewrite is
/// refused; never both, never none, never a lost move.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_edit_racing_the_triggering_move_on_two_instances_resolves_one_way() {
    each_backend(|db| async move {
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let alice = one.user("alice").await;
        let bob = one.user("bob").await;
        let servers = crate::common::two_servers(&db, &one, &two).await;
        let client = reqwest::Client::new();
        let (mut edits_first, mut moves_first) = (0, 0);
        for _ in 0..12 {
            let id = one.started_game("ancient", &alice, &bob, "bob").await;
            play(&one, &id, &alice, "a1a2").await;
            let (status, _) = put_lines(&one, &id, &alice, json!([["a1a2", "a1a2"]])).await;
            assert_eq!(status, StatusCode::OK);
            let edit = client
                .put(format!("{}/api/v1/games/{id}/conditionals", servers[0].base))
                .bearer_auth(&alice)
                .json(&json!({"lines": [["a1a2", "b1b2"]], "ply": 1}))
                .send();
            let mv = client
                .post(format!("{}/api/v1/games/{id}/moves", servers[1].base))
                .bearer_auth(&bob)
                .json(&json!({"move": "a1a2"}))
                .send();
            let (edit, mv) = tokio::join!(edit, mv);
            let (edit, mv) = (edit.unwrap(), mv.unwrap());
            assert_eq!(mv.status().as_u16(), 200, "the move is never refused for lines");
            let edit_status = edit.status().as_u16();
            let stored = one.state.db.moves(&id).await.unwrap();
            match edit_status {
                200 => {
                    edits_first += 1;
                    assert_eq!(stored, ["a1a2", "a1a2", "b1b2"], "the new lines answered");
                }
                409 => {
                    moves_first += 1;
                    assert_eq!(stored, ["a1a2", "a1a2", "a1a2"], "the old lines answered");
                }
                other => panic!("edit answered {other}"),
            }
        }
        eprintln!("{}: edit first {edits_first}, move first {moves_first}", db.backend);
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

/// The game's live stream shows the move and the reply, in order.
#[tokio::test]
async fn the_live_stream_shows_the_move_and_the_reply() {
    each_backend(|db| async move {
        let app = crate::streams::app_with(&db, |_| {}).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("not-chess", &alice, &bob, "bob").await;
        play(&app, &id, &alice, "a1a2").await;
        put_lines(&app, &id, &alice, json!([["b1b2", "a1a2"]])).await;
        let server = RunningServer::start(app.state.clone()).await;
        let url = format!("{}/api/v1/games/{id}/stream", server.base);
        let mut stream = crate::streams::Lines::open(&url, None, &[]).await;
        stream.json().await;
        play(&app, &id, &bob, "b1b2").await;
        let first = stream.json().await;
        let second = stream.json().await;
        assert_eq!(
            (first["kind"].as_str(), first["data"]["move"].as_str()),
            (Some("move"), Some("b1b2")),
            "{first}"
        );
        assert_eq!(
            (
                second["kind"].as_str(),
                second["data"]["move"].as_str(),
                second["data"]["seat"].as_i64()
            ),
            (Some("move"), Some("a1a2"), Some(0)),
            "{second}"
        );
        assert_eq!(second["seq"].as_i64(), first["seq"].as_i64().map(|s| s + 1));
        server.stop().await;
    })
    .await;
}

#[tokio::test]
async fn conditional_routes_answer_the_authorization_matrix() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        play(&app, &id, &alice, "a1a2").await;
        put_lines(&app, &id, &alice, json!([["a1a2", "b1b2"]])).await;
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let url = format!("/api/v1/games/{id}/conditionals");
        let reveal = format!("{url}/reveal");
        for (method, path) in [
            ("GET", url.clone()),
            ("PUT", url.clone()),
            ("DELETE", url.clone()),
            ("POST", reveal.clone()),
        ] {
            let body = match method {
                "PUT" => Some(json!({"lines": []})),
                "POST" => Some(json!({"reveal": true})),
                _ => None,
            };
            let (status, answer) = app.call(method, &path, None, body.clone()).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous: {answer}");
            let (status, answer) = app.call(method, &path, Some(&revoked), body.clone()).await;
            assert_error(status, &answer, StatusCode::UNAUTHORIZED, "invalid_token");
            let (status, answer) = app.call(method, &path, Some(&carol), body.clone()).await;
            assert_error(status, &answer, StatusCode::FORBIDDEN, "not_a_player");
            if method != "GET" {
                let request = Request::builder()
                    .method(method)
                    .uri(path.as_str())
                    .header("cookie", pair.clone())
                    .header("content-type", "application/json")
                    .body(Body::from(body.map(|b| b.to_string()).unwrap_or_default()))
                    .unwrap();
                let (status, answer) = app.raw(request).await;
                assert_error(status, &answer, StatusCode::FORBIDDEN, "csrf_failed");
            }
        }
        let (_, mine) = app.get(&url, Some(&alice)).await;
        assert_eq!(lines_of(&mine), [["a1a2", "b1b2"]], "nothing was changed: {mine}");
        assert_eq!(mine["reveal"], false);
        let (status, body) = app.get("/api/v1/games/nosuchgame/conditionals", Some(&alice)).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
    })
    .await;
}

/// The game page: the editor saves lines by a plain form (same checks as the API), shows
/// them to their owner only, tells why lines were dropped, and refuses a form without its
/// CSRF token.
#[tokio::test]
async fn the_game_page_edits_conditional_moves_by_form() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        play(&app, &id, &alice, "a1a2").await;
        let mut page_alice = Browser::new(&app);
        page_alice.log_in("alice").await;
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(
            page.body.contains("id=\"conditional-lines\""),
            "the editor: {}",
            page.body
        );
        let saved = page_alice
            .post(
                &format!("/games/{id}/conditionals"),
                &[
                    ("lines", "a1a2 b1b2\r\n\r\nb1b2,  a1a2"),
                    ("ply", "1"),
                    ("reveal", "yes"),
                ],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("a1a2 b1b2\nb1b2 a1a2</textarea>"), "{}", page.body);
        assert!(page.body.contains("2 lines pending"), "{}", page.body);
        let bad = page_alice
            .post(
                &format!("/games/{id}/conditionals"),
                &[("lines", "a1a2 c3c4"), ("ply", "1")],
            )
            .await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
        assert!(
            bad.body.contains("Line 1, move 2 (c3c4): c3c4 is not legal"),
            "{}",
            bad.body
        );
        let stale = page_alice
            .post(&format!("/games/{id}/conditionals"), &[("lines", ""), ("ply", "0")])
            .await;
        assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
        let refused = page_alice
            .post_raw(&format!("/games/{id}/conditionals"), &[("lines", ""), ("ply", "1")])
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        let mut page_bob = Browser::new(&app);
        page_bob.log_in("bob").await;
        let his = page_bob.get(&format!("/games/{id}")).await;
        assert!(his.body.contains("id=\"conditional-lines\""), "{}", his.body);
        assert!(!his.body.contains("b1b2 a1a2"), "Alice's lines are hers: {}", his.body);
        // The saved lines answer Bob, and a stale reply's notice shows on the page.
        let game = play(&app, &id, &bob, "b1b2").await;
        assert_eq!(moves_of(&game), ["a1a2", "b1b2", "a1a2"], "{game}");
        put_lines(&app, &id, &alice, json!([["a1a2", "b1b2"]])).await;
        sqlx::query("UPDATE conditional_lines SET tree = $1 WHERE game_id = $2")
            .bind(r#"[{"m":"a1a2","n":[{"m":"c3c4"}]}]"#)
            .bind(&id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        play(&app, &id, &bob, "a1a2").await;
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(
            page.body.contains("Your conditional reply c3c4 was no longer legal"),
            "{}",
            page.body
        );
    })
    .await;
}

/// The narrowest race: an edit of the lines commits while the triggering move waits for the
/// game's row (held here by an open transaction standing for the edit). The move must not
/// follow the lines it read before: it notices they changed, and plays the edited reply.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_edit_committed_while_the_move_waits_for_the_game_is_the_one_followed() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        play(&app, &id, &alice, "a1a2").await;
        put_lines(&app, &id, &alice, json!([["a1a2", "a1a2"]])).await;
        let server = RunningServer::start(app.state.clone()).await;
        let mut edit = app.state.db.pool().begin().await.unwrap();
        sqlx::query("UPDATE games SET conditional_seats = conditional_seats WHERE id = $1")
            .bind(&id)
            .execute(&mut *edit)
            .await
            .unwrap();
        sqlx::query("UPDATE conditional_lines SET tree = $1, version = version + 1 WHERE game_id = $2")
            .bind(r#"[{"m":"a1a2","n":[{"m":"b1b2"}]}]"#)
            .bind(&id)
            .execute(&mut *edit)
            .await
            .unwrap();
        let url = format!("{}/api/v1/games/{id}/moves", server.base);
        let token = bob.clone();
        let mover = tokio::spawn(async move {
            let response = reqwest::Client::new()
                .post(url)
                .bearer_auth(token)
                .json(&json!({"move": "a1a2"}))
                .send()
                .await
                .unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        });
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        assert!(
            !mover.is_finished(),
            "{}: the move waits for the game's row",
            db.backend
        );
        edit.commit().await.unwrap();
        let (status, game) = mover.await.unwrap();
        assert_eq!(status, 200, "{game}");
        assert_eq!(
            moves_of(&game),
            ["a1a2", "a1a2", "b1b2"],
            "{}: the edited reply",
            db.backend
        );
        assert_eq!(app.state.db.moves(&id).await.unwrap(), ["a1a2", "a1a2", "b1b2"]);
        server.stop().await;
    })
    .await;
}

#[tokio::test]
async fn stored_lines_that_do_not_parse_are_an_error_never_no_lines_and_never_followed() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let url = format!("/api/v1/games/{id}/conditionals");
        play(&app, &id, &alice, "a1a2").await;
        let (status, mine) = put_lines(&app, &id, &alice, json!([["b1b2", "a1a2"]])).await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        // Damage (or a later version's format): the tree no longer parses.
        sqlx::query("UPDATE conditional_lines SET tree = '{\"unknown\": 1}' WHERE game_id = $1")
            .bind(&id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        let (status, body) = app.get(&url, Some(&alice)).await;
        assert_error(status, &body, StatusCode::INTERNAL_SERVER_ERROR, "internal");
        // Bob's move is played; Alice's unreadable line is not followed.
        let game = play(&app, &id, &bob, "b1b2").await;
        assert_eq!(
            moves_of(&game),
            ["a1a2", "b1b2"],
            "no reply from unreadable lines: {game}"
        );
        assert_eq!(game["turn"], 0);
    })
    .await;
}
