//! Saved analysis variations through the API on both databases: a tree per user and game,
//! seen by nobody else, every move checked by the rules engine from the game's position
//! where it branches off; published with the player's notes after the game, and then in
//! the PGN as variations at the right move with the right numbers; bad trees are 4xx with
//! a code; every route refuses the wrong credential. Also the analysis board's pages.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_rules::{AnyGame, Options, Variant};
use serde_json::{Value, json};

use crate::common::{TestApp, TestDb, assert_error, each_backend};

/// The legal moves after `moves` in Ancient chess, sorted.
fn legal_after(moves: &[&str]) -> Vec<String> {
    let mut game = AnyGame::new(Variant::Ancient, Options::NONE, None).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    let mut legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    legal.sort();
    legal
}

#[tokio::test]
async fn variations_are_private_checked_and_published_into_the_pgn_as_variations() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let url = format!("/api/v1/games/{id}/variations");
        // The game: two moves.
        let m1 = legal_after(&[])[0].clone();
        let m2 = legal_after(&[&m1])[0].clone();
        for (token, mv) in [(&alice, &m1), (&bob, &m2)] {
            let (status, body) = app
                .post(&format!("/api/v1/games/{id}/moves"), token, json!({"move": mv}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // Alice's tree: two alternatives to Bob's move (the first going on a move), and a
        // line going on from the game's position now.
        let after_m1 = legal_after(&[&m1]);
        let (v1, v1b) = (after_m1[1].clone(), after_m1[2].clone());
        let v2 = legal_after(&[&m1, &v1])[0].clone();
        let c1 = legal_after(&[&m1, &m2])[0].clone();
        let tree = json!({"nodes": [
            {"at": 1, "move": v1},
            {"parent": 0, "move": v2},
            {"at": 1, "move": v1b},
            {"at": 2, "move": c1},
        ]});
        let (status, mine) = app.call("PUT", &url, Some(&alice), Some(tree.clone())).await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_eq!(mine["nodes"], tree["nodes"]);
        assert_eq!(mine["published_at"], Value::Null);
        assert!(mine["updated_at"].is_i64(), "{mine}");
        let (status, again) = app.get(&url, Some(&alice)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(again["nodes"], tree["nodes"], "kept");

        // Nobody else sees them: not Bob, not a spectator, not the game.
        for token in [&bob, &carol] {
            let (status, theirs) = app.get(&url, Some(token)).await;
            assert_eq!(status, StatusCode::OK, "{theirs}");
            assert_eq!(theirs["nodes"], json!([]), "{theirs}");
        }
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&bob)).await;
        assert!(!game.to_string().contains(&format!("\"{v1b}\"")), "{game}");
        // Bob keeps his own.
        let bobs = json!({"nodes": [{"at": 0, "move": legal_after(&[])[3]}]});
        let (status, body) = app.call("PUT", &url, Some(&bob), Some(bobs)).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Bad trees: a code each, and nothing kept.
        let illegal = legal_after(&[])
            .iter()
            .find(|m| !after_m1.contains(m))
            .cloned()
            .unwrap();
        for (nodes, status, code) in [
            (
                json!([{"at": 1, "move": illegal}]),
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
            ),
            (
                json!([{"at": 1, "move": "zz"}]),
                StatusCode::BAD_REQUEST,
                "invalid_move",
            ),
            (json!([{"at": 3, "move": c1}]), StatusCode::BAD_REQUEST, "invalid_ply"),
            (json!([{"at": -1, "move": m1}]), StatusCode::BAD_REQUEST, "invalid_ply"),
            (
                json!([{"parent": 0, "move": m1}]),
                StatusCode::BAD_REQUEST,
                "invalid_variation",
            ),
            (json!([{"move": m1}]), StatusCode::BAD_REQUEST, "invalid_variation"),
            (
                json!([{"at": 0, "parent": 0, "move": m1}]),
                StatusCode::BAD_REQUEST,
                "invalid_variation",
            ),
            (
                json!([{"at": 0, "move": m1}, {"at": 0, "move": m1}]),
                StatusCode::BAD_REQUEST,
                "invalid_variation",
            ),
            (
                json!([{"at": 0, "move": m1, "eval": 1}]),
                StatusCode::BAD_REQUEST,
                "malformed_json",
            ),
        ] {
            let (got, body) = app.call("PUT", &url, Some(&alice), Some(json!({"nodes": nodes}))).await;
            assert_error(got, &body, status, code);
        }
        // Too large: more than 32 KB of tree (under the server's 64 KB body limit).
        let big: Vec<Value> = (0..1_900).map(|_| json!({"at": 0, "move": m1})).collect();
        let (got, body) = app.call("PUT", &url, Some(&alice), Some(json!({"nodes": big}))).await;
        assert_error(got, &body, StatusCode::BAD_REQUEST, "variations_too_large");
        let (got, body) = app
            .call(
                "PUT",
                "/api/v1/games/nosuchgame/variations",
                Some(&alice),
                Some(json!({"nodes": []})),
            )
            .await;
        assert_error(got, &body, StatusCode::NOT_FOUND, "game_not_found");
        let (_, kept) = app.get(&url, Some(&alice)).await;
        assert_eq!(kept["nodes"], tree["nodes"], "a refused tree changes nothing");

        // Published with the notes once the game is over, by a player.
        let publish = format!("/api/v1/games/{id}/notes/publish");
        let (status, body) = app.post(&publish, &alice, json!({"published": true})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_over");
        let (status, _) = app.post(&format!("/api/v1/games/{id}/resign"), &bob, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(
            !pgn.as_str().unwrap().contains("{alice"),
            "not before publishing: {pgn}"
        );
        let (status, body) = app.post(&publish, &alice, json!({"published": true})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, mine) = app.get(&url, Some(&alice)).await;
        assert!(mine["published_at"].is_i64(), "{mine}");
        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pgn = pgn.as_str().unwrap().replace('\n', " ");
        let expected =
            format!("1. {m1} {m2} ({{alice}} 1... {v1} 2. {v2}) ({{alice}} 1... {v1b}) {{alice, going on: 2. {c1}}}");
        assert!(pgn.contains(&expected), "expected {expected} in {pgn}");
        assert!(!pgn.contains("bob}"), "Bob did not publish: {pgn}");
        // Saved again, private again until published anew.
        let (status, _) = app
            .call(
                "PUT",
                &url,
                Some(&alice),
                Some(json!({"nodes": [{"at": 1, "move": v1}]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(!pgn.as_str().unwrap().contains("{alice}"), "{pgn}");
        // No nodes: nothing kept.
        let (_, mine) = app.call("PUT", &url, Some(&alice), Some(json!({"nodes": []}))).await;
        assert_eq!(mine["nodes"], json!([]));
        assert_eq!(mine["updated_at"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn variation_routes_answer_the_authorization_matrix() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let url = format!("/api/v1/games/{id}/variations");
        for method in ["GET", "PUT"] {
            let body = (method == "PUT").then(|| json!({"nodes": []}));
            let (status, answer) = app.call(method, &url, None, body.clone()).await;
            assert_error(status, &answer, StatusCode::UNAUTHORIZED, "unauthenticated");
            let (status, answer) = app.call(method, &url, Some(&revoked), body).await;
            assert_error(status, &answer, StatusCode::UNAUTHORIZED, "invalid_token");
        }
        // The page's cookie reads, but writes only with the page's CSRF token.
        let request = Request::builder()
            .method("PUT")
            .uri(url.as_str())
            .header("cookie", pair.clone())
            .header("content-type", "application/json")
            .body(Body::from(r#"{"nodes": []}"#))
            .unwrap();
        let (status, answer) = app.raw(request).await;
        assert_error(status, &answer, StatusCode::FORBIDDEN, "csrf_failed");
        let request = Request::builder()
            .method("GET")
            .uri(url.as_str())
            .header("cookie", pair)
            .body(Body::empty())
            .unwrap();
        let (status, answer) = app.raw(request).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["nodes"], json!([]), "nothing was written");
    })
    .await;
}

/// The game page carries the analysis board from the position shown, with the viewer's own
/// saved tree only; the standalone board sets up any game's position, and a bad game,
/// option or position string is a 400 page.
#[tokio::test]
async fn the_analysis_board_pages() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let m1 = legal_after(&[])[0].clone();
        app.post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": m1}))
            .await;
        let secret = legal_after(&[&m1])[5].clone();
        let (status, body) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/variations"),
                Some(&alice),
                Some(json!({"nodes": [{"at": 1, "move": secret}]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let mut page_alice = Browser::new(&app);
        page_alice.log_in("alice").await;
        let page = page_alice.get(&format!("/games/{id}?at=0")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains(r#"id="analysis""#), "{}", page.body);
        assert!(page.body.contains(r#"data-start="0""#));
        assert!(
            page.body.contains(&format!("&#34;moves&#34;:[&#34;{m1}&#34;]")),
            "{}",
            page.body
        );
        assert!(
            page.body.contains(&format!("&#34;move&#34;:&#34;{secret}&#34;")),
            "alice's tree"
        );
        assert!(page.body.contains(r#"data-can-save="true""#));
        // The game's board form keeps its 64 submit squares; the analysis board's are
        // plain buttons outside it.
        assert_eq!(page.body.matches(r#"<button type="submit" name="sq""#).count(), 64);
        assert_eq!(page.body.matches(r#"<button type="button" class="sq "#).count(), 64);
        assert!(page.body.contains("analysis.js"));
        let mut page_bob = Browser::new(&app);
        page_bob.log_in("bob").await;
        let page = page_bob.get(&format!("/games/{id}")).await;
        assert!(page.body.contains(r#"id="analysis""#));
        assert!(page.body.contains(r#"data-start="1""#));
        assert!(
            !page.body.contains(&format!("&#34;move&#34;:&#34;{secret}&#34;")),
            "not alice's tree"
        );
        let anonymous = Browser::new(&app).get(&format!("/games/{id}")).await;
        assert!(anonymous.body.contains(r#"data-can-save="false""#));
        // After the game, variations alone (no notes) are published from the page's notes
        // panel; a line going on from the last position is a comment in the PGN.
        assert!(
            !page_bob
                .get(&format!("/games/{id}"))
                .await
                .body
                .contains("Publish my notes")
        );
        app.post(&format!("/api/v1/games/{id}/resign"), &bob, json!({})).await;
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("Publish my notes with the game"), "{}", page.body);
        let done = page_alice
            .post(&format!("/games/{id}/notes/publish"), &[("published", "yes")])
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        let pgn = pgn.as_str().unwrap().replace('\n', " ");
        assert!(
            pgn.contains(&format!("1. {m1} {{alice, going on: 1... {secret}}}")),
            "{pgn}"
        );
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("Take my notes back"), "{}", page.body);

        let mut visitor = Browser::new(&app);
        let page = visitor.get("/analysis").await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains(r#"data-variant="nowan""#), "the default game");
        let page = visitor.get("/analysis?variant=ancient&option=jumping&fen=").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(page.body.contains(r#"data-options="jumping""#), "{}", page.body);
        let fen = AnyGame::new(Variant::NotChess, Options::NONE, None).unwrap().fen();
        let encoded: String = fen
            .bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect();
        let page = visitor.get(&format!("/analysis?variant=not-chess&fen={encoded}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        for bad in [
            "/analysis?variant=checkers",
            "/analysis?variant=nowan&fen=rubbish",
            "/analysis?variant=nowan&options=jumping",
            "/analysis?variant=ancient&fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8%20w",
        ] {
            let page = visitor.get(bad).await;
            assert_eq!(page.status, StatusCode::BAD_REQUEST, "{bad}: {}", page.body);
            assert!(page.body.contains("<html"), "an HTML page: {}", page.body);
        }
        let long = format!("/analysis?variant=nowan&fen={}", "x".repeat(301));
        assert_eq!(visitor.get(&long).await.status, StatusCode::BAD_REQUEST);
    })
    .await;
}

#[tokio::test]
async fn the_rules_service_draws_the_pieces() {
    let db = TestDb::sqlite();
    let app = TestApp::real(&db).await;
    let (status, body) = app.get("/api/v1/analysis/nowan", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["pieces"]["e1"]["label"], "black king");
    assert_eq!(body["pieces"]["e1"]["army"], "army-black");
    assert!(body["pieces"]["e1"]["glyph"].is_string());
    assert_eq!(body["check"], json!([]));
    db.cleanup().await;
}
