//! Keyset paging of the long lists: open challenges, a player's ended games and the player
//! directory through the API (`limit`, `before` or `after`, `Link: rel="next"`), and the
//! pages that show them.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common::{TestApp, assert_error, each_backend};

/// GET with a token: the status, the `Link` header and the JSON body.
async fn get_page(app: &TestApp, path: &str, token: Option<&str>) -> (StatusCode, Option<String>, Value) {
    let mut request = Request::get(path);
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let response = app
        .router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let link = response.headers().get("link").map(|v| v.to_str().unwrap().to_owned());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, link, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// The target of a `<…>; rel="next"` link.
fn next_target(link: &str) -> String {
    let (target, rel) = link.split_once(">; ").expect("a link");
    assert_eq!(rel, "rel=\"next\"");
    target.trim_start_matches('<').to_owned()
}

/// Follows the `next` links from `first`: every page's ids, in order.
async fn walk(app: &TestApp, first: &str, token: Option<&str>) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut path = Some(first.to_owned());
    while let Some(p) = path.take() {
        let (status, link, body) = get_page(app, &p, token).await;
        assert_eq!(status, StatusCode::OK, "{p}: {body}");
        pages.push(
            body.as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_owned())
                .collect(),
        );
        path = link.as_deref().map(next_target);
        assert!(pages.len() < 50, "the links never end");
    }
    pages
}

#[tokio::test]
async fn challenges_page_newest_first_without_repeats_or_gaps() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let players = [app.user("alice").await, app.user("bob").await];
        // Eleven challenges: some created in the same millisecond (the id breaks the tie).
        let mut created = Vec::new();
        for i in 0..11 {
            if i % 3 == 0 {
                app.clock.advance_ms(1_000);
            }
            let (status, game) = app
                .post("/api/v1/games", &players[i % 2], json!({"variant": "nowan"}))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            created.push(game["id"].as_str().unwrap().to_owned());
        }
        let (_, everything) = app.get("/api/v1/challenges?limit=100", None).await;
        let newest_first: Vec<String> = everything
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(newest_first.len(), 11);
        let pages = walk(&app, "/api/v1/challenges?limit=4", None).await;
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [4, 4, 3]);
        assert_eq!(
            pages.concat(),
            newest_first,
            "the pages are the whole list, in its order"
        );
        // The default page holds all eleven and has no next link.
        let (_, link, body) = get_page(&app, "/api/v1/challenges", None).await;
        assert_eq!(body.as_array().unwrap().len(), 11);
        assert_eq!(link, None);

        // A challenge accepted between two pages neither repeats nor shifts the next page.
        let (_, link, first) = get_page(&app, "/api/v1/challenges?limit=4", None).await;
        let taken = first[0]["id"].as_str().unwrap();
        let carol = app.user("carol").await;
        let (status, _) = app
            .post(&format!("/api/v1/games/{taken}/join"), &carol, json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, _, second) = get_page(&app, &next_target(&link.unwrap()), None).await;
        let second: Vec<&str> = second
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            second,
            newest_first[4..8].iter().map(String::as_str).collect::<Vec<_>>()
        );

        for bad in [
            "limit=0",
            "limit=101",
            "limit=x",
            "before=yesterday",
            "before=12-a%20b",
            "before=-1-abc",
        ] {
            let (status, body) = app.get(&format!("/api/v1/challenges?{bad}"), None).await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        }
        assert!(created.iter().all(|id| newest_first.contains(id)));
    })
    .await;
}

#[tokio::test]
async fn ended_games_page_through_status_ended_and_all() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let mut ended = Vec::new();
        for i in 0..7 {
            app.clock.advance_ms(60_000);
            let (_, game) = app.post("/api/v1/games", &alice, json!({"variant": "nowan"})).await;
            let id = game["id"].as_str().unwrap().to_owned();
            if i < 5 {
                let (status, body) = app.post(&format!("/api/v1/games/{id}/abort"), &alice, json!({})).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                ended.push(id);
            }
        }
        ended.reverse(); // newest first

        let pages = walk(&app, "/api/v1/games?status=ended&limit=2", Some(&alice)).await;
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 1]);
        assert_eq!(pages.concat(), ended);

        // `all`: the two current games, then the first page of ended ones; the next link
        // goes on with the ended ones only.
        let (status, link, all) = get_page(&app, "/api/v1/games?status=all&limit=2", Some(&alice)).await;
        assert_eq!(status, StatusCode::OK);
        let statuses: Vec<&str> = all
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["status"].as_str().unwrap())
            .collect();
        assert_eq!(statuses, ["waiting", "waiting", "aborted", "aborted"]);
        let rest = walk(&app, &next_target(&link.unwrap()), Some(&alice)).await;
        assert_eq!(rest.concat(), ended[2..]);

        // The current list is whole: paging it is refused, as are bad cursors.
        for bad in [
            "limit=2",
            "before=1-abc",
            "status=ended&before=abc",
            "status=all&limit=500",
        ] {
            let (status, body) = app.get(&format!("/api/v1/games?{bad}"), Some(&alice)).await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        }
        let (status, _, current) = get_page(&app, "/api/v1/games", Some(&alice)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(current.as_array().unwrap().len(), 2);
    })
    .await;
}

#[tokio::test]
async fn the_lobby_links_older_challenges() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let players = [app.user("alice").await, app.user("bob").await];
        for i in 0..45 {
            app.clock.advance_ms(1_000);
            let (status, _) = app
                .post("/api/v1/games", &players[i % 2], json!({"variant": "nowan"}))
                .await;
            assert_eq!(status, StatusCode::CREATED);
        }
        let (status, page) = app.get("/lobby", None).await;
        assert_eq!(status, StatusCode::OK);
        let page = page.as_str().unwrap().to_owned();
        assert_eq!(
            page.matches("/accept\"").count() + page.matches("Log in to accept").count(),
            40
        );
        let start = page.find("/lobby?before=").expect("an older-challenges link");
        let href: String = page[start..].chars().take_while(|c| *c != '"').collect();
        let (status, older) = app.get(&href, None).await;
        assert_eq!(status, StatusCode::OK);
        let older = older.as_str().unwrap().to_owned();
        assert!(older.contains("Older open challenges"), "{older}");
        assert_eq!(older.matches("Log in to accept").count(), 5);
        assert!(!older.contains("/lobby?before="), "the last page links no further");
        // A made-up cursor is a plain 400 page, not a 500.
        let (status, body) = app.get("/lobby?before=nonsense", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    })
    .await;
}

#[tokio::test]
async fn the_player_directory_finds_names_by_their_start_in_any_case() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        for name in ["Alice", "alfred", "Albert_2", "bob", "alan-k", "Zed"] {
            app.user(name).await;
        }
        let names = |body: &Value| -> Vec<String> {
            body.as_array()
                .unwrap()
                .iter()
                .map(|p| p["username"].as_str().unwrap().to_owned())
                .collect()
        };
        // "AL" finds the four al… names, alphabetically by their lower-case form.
        let (status, link, body) = get_page(&app, "/api/v1/users?prefix=AL&limit=3", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(names(&body), ["alan-k", "Albert_2", "alfred"]);
        assert!(body[0]["member_since"].as_i64().is_some());
        let (_, link2, rest) = get_page(&app, &next_target(&link.unwrap()), None).await;
        assert_eq!(names(&rest), ["Alice"]);
        assert_eq!(link2, None);
        // Everyone, in one page; a prefix nobody has is an empty list.
        let (_, _, all) = get_page(&app, "/api/v1/users", None).await;
        assert_eq!(names(&all).len(), 6);
        let (_, _, none) = get_page(&app, "/api/v1/users?prefix=q", None).await;
        assert_eq!(none, json!([]));
        for bad in ["prefix=a%20b", "prefix=%25", "limit=0", "after=%3Cx%3E"] {
            let (status, body) = app.get(&format!("/api/v1/users?{bad}"), None).await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        }
        // The page: a search box, the matches linking their profiles.
        let (status, page) = app.get("/players?q=ali", None).await;
        assert_eq!(status, StatusCode::OK);
        let page = page.as_str().unwrap().to_owned();
        assert!(page.contains("href=\"/users/Alice\""), "{page}");
        assert!(!page.contains("href=\"/users/bob\""), "{page}");
        let (status, page) = app.get("/players?q=%3Cscript%3E", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    })
    .await;
}
