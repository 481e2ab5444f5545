//! The real rules crate behind the API: a whole game of every variant, played with the
//! legal moves the server lists (a fixed pseudo-random choice) until it has a result. Each
//! move's answer, built from the game as changed in memory (`GameUpdate::apply_to`), must be
//! what the database then holds (the same change made by SQL), through the rated ending.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{TestApp, each_backend};

const PLY_CAP: i64 = 1500;

#[tokio::test]
async fn each_variant_plays_through_the_api() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let c = app.user("carol").await;
        let d = app.user("dave").await;
        for variant in ["nowan", "not-chess", "ancient", "chatrang"] {
            let tokens = [&a, &b, &c, &d];
            let (status, game) = app
                .post(
                    "/api/v1/games",
                    &a,
                    json!({"variant": variant, "seat": 0, "rated": true}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            let id = game["id"].as_str().unwrap().to_owned();
            let seats = game["seats"].as_array().unwrap().len();
            for (i, token) in tokens.iter().enumerate().take(seats).skip(1) {
                let (status, game) = app
                    .post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": i}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{game}");
            }
            let (_, mut game) = app.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(game["status"], "active");
            if game["legal_moves"].as_array().unwrap().is_empty() {
                eprintln!("{variant}: the rules engine lists no legal moves yet; play-through skipped");
                continue;
            }
            let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
            while game["status"] == "active" && game["ply"].as_i64().unwrap() < PLY_CAP {
                let legal = game["legal_moves"].as_array().unwrap();
                assert!(!legal.is_empty(), "{variant}: an active game has moves: {game}");
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = legal[usize::try_from(seed % legal.len() as u64).unwrap()]
                    .as_str()
                    .unwrap();
                let turn = usize::try_from(game["turn"].as_u64().unwrap()).unwrap();
                let ply = game["ply"].as_i64().unwrap();
                let (status, next) = app
                    .post(
                        &format!("/api/v1/games/{id}/moves"),
                        tokens[turn],
                        json!({"move": pick, "ply": ply}),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{variant} ply {ply} {pick}: {next}");
                let (_, stored) = app.get(&format!("/api/v1/games/{id}"), Some(tokens[turn])).await;
                let differ: Vec<String> = next
                    .as_object()
                    .unwrap()
                    .iter()
                    .filter(|(key, value)| stored.get(key.as_str()) != Some(*value))
                    .map(|(key, value)| format!("{key}: answered {value}, stored {}", stored[key.as_str()]))
                    .collect();
                assert!(
                    differ.is_empty() && next.as_object().unwrap().len() == stored.as_object().unwrap().len(),
                    "{variant} ply {ply} {pick}: the move's answer is not the stored game: {differ:#?}"
                );
                game = next;
            }
            let (_, stored) = app.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(stored["ply"], game["ply"]);
            assert_eq!(stored["fen"], game["fen"]);
            eprintln!(
                "{variant}: {} after {} plies ({} {})",
                stored["status"], stored["ply"], stored["result"], stored["reason"]
            );
            assert_eq!(
                stored["status"], "finished",
                "{variant}: no result within {PLY_CAP} plies"
            );
            assert!(stored["result"].is_string() && stored["reason"].is_string());
            assert!(stored["eliminated"].is_array());
            if variant == "chatrang" {
                let (status, body) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            } else {
                let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
                assert_eq!(status, StatusCode::OK);
                assert!(pgn.as_str().unwrap().contains(stored["result"].as_str().unwrap()));
            }
            let (status, record) = app.get(&format!("/api/v1/games/{id}.json"), None).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(
                record["moves"].as_array().unwrap().len(),
                usize::try_from(stored["ply"].as_i64().unwrap()).unwrap()
            );
        }
    })
    .await;
}

#[tokio::test]
async fn a_chatrang_player_who_resigns_leaves_and_the_partner_plays_on() {
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
        app.clock.advance_ms(5_000);
        // Player 1 (seat 0) is to move and resigns: out, the turn passes on, the game goes on.
        let (status, game) = app
            .post(&format!("/api/v1/games/{id}/resign"), &tokens[0], json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "active", "{game}");
        assert_eq!(game["eliminated"], json!([0]));
        assert_eq!(game["moves"], json!(["withdraw:1"]));
        assert_ne!(game["turn"], 0);
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/resign"), &tokens[0], json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/draw"),
                &tokens[0],
                json!({"action": "offer"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        // A draw now needs the three players still in.
        for (i, action) in [(1, "offer"), (2, "accept")] {
            let (status, game) = app
                .post(
                    &format!("/api/v1/games/{id}/draw"),
                    &tokens[i],
                    json!({"action": action}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{game}");
            assert_eq!(game["status"], "active");
        }
        // Player 3 (seat 2), partner of the first, resigns too: the team is out.
        let (status, game) = app
            .post(&format!("/api/v1/games/{id}/resign"), &tokens[2], json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "finished", "{game}");
        assert_eq!(game["result"], "0-1");
        assert_eq!(game["reason"], "resignation");
        let (_, record) = app.get(&format!("/api/v1/games/{id}.json"), None).await;
        assert_eq!(record["moves"].as_array().unwrap().len(), 2);
    })
    .await;
}

/// PGN opens with the Seven Tag Roster, `[White]` being the side that moves first (Nowan's
/// first seat plays Black, the second Red: a reader credits a `1-0` to White, so White must
/// be the first seat), and keeps the game's own colours in tags of their own
/// (`[BlackPlayer]`, `[RedPlayer]`); it gives the variant id, the start position with
/// `[SetUp "1"]`, a standard `Termination` value and the reason as a comment.
#[tokio::test]
async fn pgn_follows_each_games_colours_and_the_standard_tags() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        let (status, game) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &a,
                json!({"move": "e2e3", "ply": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (status, game) = app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pgn = pgn.as_str().unwrap();
        let roster = format!(
            "[Event \"Herald correspondence game\"]\n[Site \"{}/games/{id}\"]\n[Date \"2025.11.30\"]\n\
             [Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n",
            app.state.config.base_url.trim_end_matches('/')
        );
        assert!(pgn.starts_with(&roster), "the seven tags first, in order: {pgn}");
        for tag in [
            "[BlackPlayer \"alice\"]",
            "[RedPlayer \"bob\"]",
            "[Result \"1-0\"]",
            "[Variant \"nowan\"]",
            "[SetUp \"1\"]",
            "[FEN \"ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1\"]",
            "[Termination \"normal\"]",
        ] {
            assert!(pgn.contains(tag), "{tag} in {pgn}");
        }
        assert!(!pgn.contains("[Red "), "the roster has no Red: {pgn}");
        let black = pgn.find("[BlackPlayer ").unwrap();
        let red = pgn.find("[RedPlayer ").unwrap();
        let result = pgn.find("[Result ").unwrap();
        assert!(
            result < black && black < red,
            "the roster, then the seats in order: {pgn}"
        );
        assert!(
            pgn.trim_end().ends_with("1. e2e3 {Black won by resignation} 1-0"),
            "{pgn}"
        );

        // Not Chess keeps White and Black; a game lost on time says so in the standard words.
        let id = app.started_game("ancient", &a, &b, "bob").await;
        let (status, game) = app.post(&format!("/api/v1/games/{id}/resign"), &a, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        let pgn = pgn.as_str().unwrap();
        assert!(
            pgn.contains("[White \"alice\"]\n[Black \"bob\"]\n[Result \"0-1\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[Variant \"ancient\"]"), "{pgn}");
        assert!(
            !pgn.contains("Player \""),
            "White and Black need no tags of their own: {pgn}"
        );
        assert!(pgn.trim_end().ends_with("{Black won by resignation} 0-1"), "{pgn}");
    })
    .await;
}
