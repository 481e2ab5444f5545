//! The daily loop through the router: the installable app's manifest and service worker,
//! the my-move count in every page's header and title, `/next-game` in deadline order, and
//! move confirmation for forms (on phones by default, always, never).

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use super::common::{TestApp, each_backend};
use super::game_page::{Page, csrf, get, ply, post_form, post_form_with, send, session};

const PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) \
     Chrome/156.0 Mobile Safari/537.36";
const LAPTOP: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/// A GET with no session: status, a header's value and the body.
async fn fetch(app: &TestApp, path: &str, name: header::HeaderName) -> (StatusCode, String, Vec<u8>) {
    let response = app
        .router
        .clone()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let value = response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, value, body)
}

#[tokio::test]
async fn the_manifest_and_the_service_worker_are_served_with_their_types_and_scope() {
    let db = super::common::TestDb::sqlite();
    let app = TestApp::scripted(&db).await;
    let (status, kind, body) = fetch(&app, "/manifest.webmanifest", header::CONTENT_TYPE).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/manifest+json");
    let manifest: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(manifest["display"], "standalone");
    assert_eq!(manifest["scope"], "/");
    assert_eq!(manifest["start_url"], "/my-games");
    assert_eq!(manifest["name"], "Herald", "the club's name");
    assert_eq!(
        (&manifest["lang"], &manifest["description"]),
        (&json!("en"), &json!("Correspondence play of rare chess variants."))
    );
    // In the visitor's language, right to left in Persian.
    let persian = app
        .router
        .clone()
        .oneshot(
            Request::get("/manifest.webmanifest")
                .header(header::ACCEPT_LANGUAGE, "fa")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let persian: Value = serde_json::from_slice(&persian.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert_eq!((&persian["lang"], &persian["dir"]), (&json!("fa"), &json!("rtl")));
    assert_eq!(persian["description"], "بازی مکاتبه‌ای گونه‌های کمیاب شطرنج.");
    assert!(manifest["theme_color"].as_str().unwrap().starts_with('#'));
    let icons = manifest["icons"].as_array().unwrap();
    assert!(
        icons
            .iter()
            .any(|i| i["sizes"] == "512x512" && i["purpose"] == "maskable")
    );
    assert!(icons.iter().any(|i| i["sizes"] == "192x192" && i["purpose"] == "any"));
    for icon in icons {
        let (status, kind, png) = fetch(&app, icon["src"].as_str().unwrap(), header::CONTENT_TYPE).await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "image/png"), "{icon}");
        assert!(png.starts_with(b"\x89PNG"), "{icon}");
        // The PNG header's width and height match the stated size.
        let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!(format!("{width}x{height}"), icon["sizes"].as_str().unwrap());
    }
    let (status, kind, script) = fetch(&app, "/sw.js", header::CONTENT_TYPE).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"), "{kind}");
    let script = String::from_utf8(script).unwrap();
    assert!(script.contains("addEventListener(\"push\"") && script.contains("notificationclick"));
    let (_, allowed, _) = fetch(
        &app,
        "/sw.js",
        header::HeaderName::from_static("service-worker-allowed"),
    )
    .await;
    assert_eq!(allowed, "/", "the worker's scope is the whole site");
    let (_, cache, _) = fetch(&app, "/sw.js", header::CACHE_CONTROL).await;
    assert_eq!(cache, "no-cache", "a new worker reaches browsers at once");
    let (status, kind, _) = fetch(&app, "/static/offline.html", header::CONTENT_TYPE).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "text/html; charset=utf-8"));
    // Every page links the manifest and loads the script that registers the worker.
    let (_, _, home) = fetch(&app, "/", header::CONTENT_TYPE).await;
    let home = String::from_utf8(home).unwrap();
    assert!(home.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"));
    assert!(home.contains("/static/app.js?v="));
    assert!(home.contains("<meta name=\"theme-color\""));
}

/// Creates a Nowan game of `days` per move that `a` (seat 0, to move) and `b` play.
async fn game_of(app: &TestApp, a: &str, b: &str, b_name: &str, days: i64) -> String {
    let (status, game) = app
        .post(
            "/api/v1/games",
            a,
            json!({"variant": "nowan", "seat": 0, "invite": b_name, "days_per_move": days}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let (status, game) = app.post(&format!("/api/v1/games/{id}/join"), b, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    id
}

#[tokio::test]
async fn every_page_counts_my_moves_and_next_game_goes_by_deadline() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let mut ids = Vec::new();
        for days in [7, 2, 4] {
            ids.push(game_of(&app, &alice, &bob, "bob", days).await);
        }
        let a = session(&app, "alice").await;
        let b = session(&app, "bob").await;
        let lobby = get(&app, "/lobby", &a).await;
        assert!(
            lobby.body.contains("<span id=\"my-move-count\">3</span>"),
            "{}",
            lobby.body
        );
        assert!(lobby.body.contains("<title>(3) "), "the tab title counts too");
        let theirs = get(&app, "/lobby", &b).await;
        assert!(
            theirs
                .body
                .contains("id=\"my-move\" class=\"my-move\" href=\"/next-game\" hidden")
        );
        assert!(!theirs.body.contains("<title>("));
        // Most urgent first: 2 days, then 4, then 7; never the game one leaves.
        let next = |cookie: String, from: Option<String>| {
            let app = &app;
            async move {
                let path = from.map_or("/next-game".to_owned(), |f| format!("/next-game?from={f}"));
                let page = get(app, &path, &cookie).await;
                assert_eq!(page.status, StatusCode::SEE_OTHER);
                page.location.unwrap()
            }
        };
        assert_eq!(next(a.clone(), None).await, format!("/games/{}", ids[1]));
        assert_eq!(
            next(a.clone(), Some(ids[1].clone())).await,
            format!("/games/{}", ids[2])
        );
        assert_eq!(
            next(a.clone(), Some(ids[2].clone())).await,
            format!("/games/{}", ids[1])
        );
        // The game page offers the others; nobody waits on Bob: My games.
        let page = get(&app, &format!("/games/{}", ids[0]), &a).await;
        assert!(page.body.contains(&format!("href=\"/next-game?from={}\"", ids[0])));
        assert!(page.body.contains("(2 waiting)"));
        assert_eq!(next(b.clone(), None).await, "/my-games");
        // Alice moves in the most urgent game: it leaves the count.
        let moves = app.get(&format!("/api/v1/games/{}", ids[1]), Some(&alice)).await.1["legal_moves"].clone();
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{}/moves", ids[1]),
                &alice,
                json!({"move": moves[0], "ply": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(next(a.clone(), None).await, format!("/games/{}", ids[2]));
        assert!(
            get(&app, "/lobby", &b)
                .await
                .body
                .contains("<span id=\"my-move-count\">1</span>")
        );
        // Anonymous: to the log-in page.
        let anonymous = send(&app, Request::get("/next-game").body(Body::empty()).unwrap()).await;
        assert_eq!(anonymous.status, StatusCode::SEE_OTHER);
        assert!(anonymous.location.unwrap().starts_with("/login"));
    })
    .await;
}

/// Posts a form as a browser with `agent` (and optionally the mobile client hint).
async fn post_as(
    app: &TestApp,
    path: &str,
    cookie: &str,
    token: &str,
    agent: &str,
    hint: Option<&str>,
    fields: &[(&str, &str)],
) -> Page {
    let mut headers = vec![("user-agent", agent)];
    if let Some(hint) = hint {
        headers.push(("sec-ch-ua-mobile", hint));
    }
    post_form_with(app, path, cookie, token, &headers, fields).await
}

async fn set_confirmation(app: &TestApp, cookie: &str, token: &str, choice: &str) {
    let saved = post_form(
        app,
        "/settings/preferences",
        cookie,
        token,
        &[("time_zone", "UTC"), ("move_confirmation", choice)],
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
}

#[tokio::test]
async fn a_move_sent_by_form_from_a_phone_waits_for_confirm() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("not-chess", &alice, &bob, "bob").await;
        let a = session(&app, "alice").await;
        let b = session(&app, "bob").await;
        let page = get(&app, &format!("/games/{id}"), &a).await;
        assert!(page.body.contains("data-confirm=\"touch\""), "the default");
        let token = csrf(&page);
        let path = format!("/games/{id}/move");
        // From a phone: the page asks first, with the move shown on the board and the
        // message kept; nothing is played.
        let asked = post_as(
            &app,
            &path,
            &a,
            &token,
            PHONE,
            None,
            &[("move", "e3e4"), ("ply", "0"), ("message", "good+luck")],
        )
        .await;
        assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
        assert!(asked.body.contains("Confirm your move:"), "{}", asked.body);
        assert!(asked.body.contains("name=\"confirmed\" value=\"1\""));
        assert!(
            asked
                .body
                .contains("<button type=\"submit\" name=\"move\" value=\"e3e4\">Play e3e4</button>")
        );
        assert!(asked.body.contains("name=\"message\" value=\"good luck\""));
        assert!(
            asked.body.contains("\"e4, white Pawn, last move\""),
            "the board shows the position after the move"
        );
        assert_eq!(ply(&app, &id, &alice).await, 0);
        // The client hint alone says "phone" too.
        let hinted = post_as(
            &app,
            &path,
            &a,
            &token,
            LAPTOP,
            Some("?1"),
            &[("move", "e3e4"), ("ply", "0")],
        )
        .await;
        assert_eq!(hinted.status, StatusCode::OK);
        assert_eq!(ply(&app, &id, &alice).await, 0);
        // Confirmed: played once.
        let played = post_as(
            &app,
            &path,
            &a,
            &token,
            PHONE,
            None,
            &[("move", "e3e4"), ("ply", "0"), ("confirmed", "1")],
        )
        .await;
        assert_eq!(played.status, StatusCode::SEE_OTHER, "{}", played.body);
        assert_eq!(ply(&app, &id, &alice).await, 1);
        // A laptop with the default: sent at once.
        let btoken = csrf(&get(&app, &format!("/games/{id}"), &b).await);
        let at_once = post_as(
            &app,
            &path,
            &b,
            &btoken,
            LAPTOP,
            Some("?0"),
            &[("move", "e8e7"), ("ply", "1")],
        )
        .await;
        assert_eq!(at_once.status, StatusCode::SEE_OTHER);
        assert_eq!(ply(&app, &id, &alice).await, 2);
        // "Never": a phone's move is sent at once too.
        set_confirmation(&app, &a, &token, "never").await;
        let never = post_as(&app, &path, &a, &token, PHONE, None, &[("move", "e4e5"), ("ply", "2")]).await;
        assert_eq!(never.status, StatusCode::SEE_OTHER, "{}", never.body);
        assert_eq!(ply(&app, &id, &alice).await, 3);
        // "Always": a laptop's board click is confirmed first (the choice page).
        set_confirmation(&app, &b, &btoken, "always").await;
        let page = get(&app, &format!("/games/{id}"), &b).await;
        assert!(page.body.contains("data-confirm=\"always\""));
        let clicked = post_as(
            &app,
            &format!("/games/{id}/board"),
            &b,
            &btoken,
            LAPTOP,
            None,
            &[("from", "e7"), ("sq", "e6"), ("ply", "3")],
        )
        .await;
        assert_eq!(clicked.status, StatusCode::SEE_OTHER);
        assert_eq!(
            clicked.location.as_deref(),
            Some(format!("/games/{id}?from=e7&to=e6").as_str())
        );
        let choice = get(&app, &format!("/games/{id}?from=e7&to=e6"), &b).await;
        assert!(choice.body.contains("Confirm your move:") && choice.body.contains("name=\"confirmed\" value=\"1\""));
        assert!(
            choice.body.contains("\"e6, black Pawn, last move\""),
            "shown on the board"
        );
        assert_eq!(ply(&app, &id, &alice).await, 3);
        // An illegal move, confirmed, is refused (in words, on the game page): nothing played.
        let illegal = post_as(
            &app,
            &path,
            &b,
            &btoken,
            LAPTOP,
            None,
            &[("move", "e7e2"), ("ply", "3"), ("confirmed", "1")],
        )
        .await;
        assert_eq!(illegal.status, StatusCode::SEE_OTHER);
        assert_eq!(ply(&app, &id, &alice).await, 3);
    })
    .await;
}
