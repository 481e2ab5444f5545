//! The HTML pages: status codes, the login flow with cookies, CSRF refusal, escaping of
//! user-supplied text, and the HTML 404 page.

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

use herald_server::domain::club_states::MoveConfirmation;

use crate::common::{TestApp, each_backend};

/// A browser in miniature: keeps cookies and the last page's CSRF token.
pub struct Browser<'a> {
    pub app: &'a TestApp,
    pub cookies: BTreeMap<String, String>,
    pub token: Option<String>,
}

/// A response: status, `Location` header, `Set-Cookie` headers and the body text.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    pub location: Option<String>,
    pub set_cookies: Vec<String>,
    pub body: String,
    pub content_type: String,
}

fn token_in(body: &str) -> Option<String> {
    let at = body.find("name=\"csrf_token\" value=\"")? + "name=\"csrf_token\" value=\"".len();
    body.get(at..)?.split('"').next().map(str::to_owned)
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Browser<'a> {
        Browser {
            app,
            cookies: BTreeMap::new(),
            token: None,
        }
    }

    pub async fn send(&mut self, req: axum::http::request::Builder, body: Body) -> Page {
        let cookie: Vec<String> = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let req = if cookie.is_empty() {
            req
        } else {
            req.header(header::COOKIE, cookie.join("; "))
        };
        let response = self.app.router.clone().oneshot(req.body(body).unwrap()).await.unwrap();
        let status = response.status();
        let location = response
            .headers()
            .get(header::LOCATION)
            .map(|v| v.to_str().unwrap().to_owned());
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let set_cookies: Vec<String> = response
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect();
        for c in &set_cookies {
            let pair = c.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if value.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = String::from_utf8_lossy(&bytes).into_owned();
        if let Some(token) = token_in(&body) {
            self.token = Some(token);
        }
        Page {
            status,
            location,
            set_cookies,
            body,
            content_type,
        }
    }

    pub async fn get(&mut self, path: &str) -> Page {
        self.send(Request::get(path), Body::empty()).await
    }

    /// Posts a form with the current CSRF token added.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let token = self.token.clone().unwrap_or_default();
        let mut all: Vec<(&str, &str)> = fields.to_vec();
        all.push(("csrf_token", &token));
        self.post_raw(path, &all).await
    }

    /// Posts exactly these fields (no token added).
    pub async fn post_raw(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.send(
            Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded"),
            Body::from(body),
        )
        .await
    }

    /// Signs up `name` (password `password-<name>`) through the form; stays logged in.
    pub async fn sign_up(&mut self, name: &str) {
        self.get("/signup").await;
        let password = format!("password-{name}");
        let page = self
            .post(
                "/signup",
                &[
                    ("username", name),
                    ("password", &password),
                    ("password_again", &password),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert!(self.cookies.contains_key("herald_session"));
        self.get("/").await;
    }
}

#[tokio::test]
async fn public_pages_render_and_unknown_paths_get_the_html_404() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        for path in ["/", "/login", "/signup"] {
            let page = b.get(path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}");
            assert!(page.content_type.starts_with("text/html"), "{path}");
            assert!(page.body.contains("<nav aria-label=\"Main\">"), "{path}");
        }
        let page = b.get("/no/such/page").await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        assert!(page.content_type.starts_with("text/html"));
        assert!(page.body.contains("Page not found"));
        // The API keeps its JSON 404.
        let (status, body) = app.get("/api/v1/nothing", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["error"]["code"], "not_found");
        // Pages that need a user send visitors to the log-in page and back.
        let page = b.get("/my-games").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(page.location.as_deref(), Some("/login?next=%2Fmy-games"));
    })
    .await;
}

#[tokio::test]
async fn sign_up_log_out_and_log_in_with_cookies() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.sign_up("alice").await;
        let home = b.get("/").await;
        assert!(
            home.body.contains("Welcome back, \u{2068}alice\u{2069}"),
            "{}",
            home.body
        );
        let session = b.cookies.get("herald_session").cloned().unwrap();
        let cookie = b
            .set_cookies_of("/logout")
            .await
            .into_iter()
            .find(|c| c.starts_with("herald_session="))
            .unwrap();
        assert!(cookie.contains("Max-Age=0"), "{cookie}");
        assert!(!b.get("/").await.body.contains("Welcome back"));
        // The old session no longer works.
        b.cookies.insert("herald_session".into(), session);
        assert!(!b.get("/").await.body.contains("Welcome back"));
        b.cookies.remove("herald_session");
        b.get("/login").await;
        let wrong = b
            .post("/login", &[("username", "alice"), ("password", "not-it-at-all")])
            .await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        assert!(wrong.body.contains("Wrong username or password"));
        assert!(wrong.body.contains("value=\"alice\""));
        let ok = b
            .post(
                "/login",
                &[
                    ("username", "alice"),
                    ("password", "password-alice"),
                    ("next", "/my-games"),
                ],
            )
            .await;
        assert_eq!(ok.status, StatusCode::SEE_OTHER);
        assert_eq!(ok.location.as_deref(), Some("/my-games"));
        let cookie = ok
            .set_cookies
            .iter()
            .find(|c| c.starts_with("herald_session="))
            .unwrap();
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
            "{cookie}"
        );
        assert!(
            !cookie.contains("Secure"),
            "plain-http tests run with cookie_secure off: {cookie}"
        );
        assert_eq!(b.get("/my-games").await.status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn session_cookie_is_secure_when_configured() {
    each_backend(|db| async move {
        let mut config = herald_server::Config::for_tests(&db.url);
        config.cookie_secure = herald_server::infra::config::AutoBool(Some(true));
        let app = TestApp::with_rules(
            &db,
            std::sync::Arc::new(crate::common::ScriptedRules { finish_after: 6 }),
            config,
        )
        .await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let page = b
            .post(
                "/signup",
                &[
                    ("username", "carol"),
                    ("password", "password-carol"),
                    ("password_again", "password-carol"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let cookie = page
            .set_cookies
            .iter()
            .find(|c| c.starts_with("herald_session="))
            .unwrap();
        assert!(cookie.contains("; Secure"), "{cookie}");
    })
    .await;
}

#[tokio::test]
async fn a_post_without_or_with_a_wrong_csrf_token_is_refused_and_changes_nothing() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let fields = [
            ("username", "mallory"),
            ("password", "password-mallory"),
            ("password_again", "password-mallory"),
        ];
        let missing = b.post_raw("/signup", &fields).await;
        assert_eq!(missing.status, StatusCode::FORBIDDEN);
        assert!(missing.content_type.starts_with("text/html"));
        assert!(missing.body.contains("nothing was changed"));
        let mut wrong = fields.to_vec();
        wrong.push(("csrf_token", "0123456789abcdef0123456789abcdef0123456789abcdef"));
        assert_eq!(b.post_raw("/signup", &wrong).await.status, StatusCode::FORBIDDEN);
        // Another browser's valid token is wrong here.
        let mut other = Browser::new(&app);
        other.get("/signup").await;
        let mut theirs = fields.to_vec();
        let their_token = other.token.clone().unwrap();
        theirs.push(("csrf_token", &their_token));
        assert_eq!(b.post_raw("/signup", &theirs).await.status, StatusCode::FORBIDDEN);
        // Nothing was created: the name is still free.
        assert!(app.state.db.user_id_by_key("mallory").await.unwrap().is_none());
        // A signed-in user's log-out without the token does not log out.
        b.sign_up("bob").await;
        assert_eq!(b.post_raw("/logout", &[]).await.status, StatusCode::FORBIDDEN);
        assert!(b.get("/").await.body.contains("Welcome back, \u{2068}bob\u{2069}"));
        // The header works for scripts.
        let token = b.token.clone().unwrap();
        let page = b
            .send(Request::post("/logout").header("x-csrf-token", token), Body::empty())
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert!(!b.get("/").await.body.contains("Welcome back"));
    })
    .await;
}

#[tokio::test]
async fn user_supplied_text_is_escaped() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let evil = "<script>alert(1)</script>";
        let page = b
            .post(
                "/signup",
                &[
                    ("username", evil),
                    ("password", "password-xss-test"),
                    ("password_again", "password-xss-test"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(!page.body.contains("<script>"), "{}", page.body);
        assert!(page.body.contains("&#60;script&#62;") || page.body.contains("&lt;script&gt;"));
        let next = b.get("/login?next=%22%3E%3Cscript%3E").await;
        assert!(!next.body.contains("\"><script>"));
    })
    .await;
}

#[tokio::test]
async fn static_files_are_served_with_cache_headers() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        let home = b.get("/").await;
        let at = home.body.find("/static/herald.css?v=").unwrap();
        let url: String = home.body[at..].chars().take_while(|c| *c != '"').collect();
        let response = app
            .router
            .clone()
            .oneshot(Request::get(&url).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/css; charset=utf-8");
        assert!(
            response.headers()[header::CACHE_CONTROL]
                .to_str()
                .unwrap()
                .contains("immutable")
        );
        let etag = response.headers()[header::ETAG].clone();
        let again = app
            .router
            .clone()
            .oneshot(
                Request::get("/static/herald.css")
                    .header(header::IF_NONE_MATCH, etag)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(b.get("/static/nope.css").await.status, StatusCode::NOT_FOUND);
    })
    .await;
}

impl Browser<'_> {
    /// Posts to `path` with the token and returns the `Set-Cookie` headers.
    async fn set_cookies_of(&mut self, path: &str) -> Vec<String> {
        self.post(path, &[]).await.set_cookies
    }
}

impl Browser<'_> {
    /// Logs in a user made by `TestApp::user` (password `password-<name>`).
    pub async fn log_in(&mut self, name: &str) {
        self.get("/login").await;
        let password = format!("password-{name}");
        let page = self
            .post("/login", &[("username", name), ("password", &password)])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        self.get("/").await;
    }
}

/// The game id a create-form redirect points at.
fn game_id(page: &Page) -> String {
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    page.location
        .as_deref()
        .unwrap()
        .strip_prefix("/games/")
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn lobby_creates_games_with_every_setting_and_accepts_challenges() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        for name in ["alice", "bob", "carol", "dave"] {
            app.user(name).await;
        }
        let mut alice = Browser::new(&app);
        alice.log_in("alice").await;
        let form = alice.get("/lobby/new?variant=ancient").await;
        assert_eq!(form.status, StatusCode::OK);
        for field in [
            "ferz_forward",
            "jumping",
            "promotion",
            "days_per_move",
            "name=\"seat\"",
            "name=\"invite\"",
        ] {
            assert!(form.body.contains(field), "{field}");
        }
        // Ancient with two options, 7 days, Black, an open challenge.
        let page = alice
            .post(
                "/lobby/new",
                &[
                    ("variant", "ancient"),
                    ("days_per_move", "7"),
                    ("seat", "1"),
                    ("invite", ""),
                    ("jumping", "on"),
                    ("promotion", "on"),
                ],
            )
            .await;
        let id = game_id(&page);
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(game.variant, herald_rules::Variant::Ancient);
        assert_eq!(game.days_per_move, 7);
        assert_eq!(game.options.ids().collect::<Vec<_>>(), ["jumping", "promotion"]);
        assert_eq!(game.seats[1].user.as_deref(), Some("alice"));
        // Bob sees it in the lobby and accepts it.
        let mut bob = Browser::new(&app);
        bob.log_in("bob").await;
        let lobby = bob.get("/lobby").await;
        assert!(lobby.body.contains(&format!("/lobby/{id}/accept")), "{}", lobby.body);
        let accepted = bob.post(&format!("/lobby/{id}/accept"), &[]).await;
        assert_eq!(accepted.location, Some(format!("/games/{id}")));
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(game.status, herald_server::domain::game_states::GameStatus::Active);
        // Chatrang with seat-by-seat invitations.
        let page = alice
            .post(
                "/lobby/new",
                &[
                    ("variant", "chatrang"),
                    ("days_per_move", "3"),
                    ("seat", "0"),
                    ("invite_1", "bob"),
                    ("invite_2", "carol"),
                    ("invite_3", ""),
                ],
            )
            .await;
        let id = game_id(&page);
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(game.seats[1].invited.as_deref(), Some("bob"));
        assert_eq!(game.seats[2].invited.as_deref(), Some("carol"));
        assert_eq!(game.seats[3].invited, None);
        // Carol declines her invitation: the game is aborted.
        let mut carol = Browser::new(&app);
        carol.log_in("carol").await;
        assert!(carol.get("/lobby").await.body.contains(&format!("/lobby/{id}/decline")));
        assert_eq!(
            carol.post(&format!("/lobby/{id}/decline"), &[]).await.status,
            StatusCode::SEE_OTHER
        );
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(game.status, herald_server::domain::game_states::GameStatus::Aborted);
        // Bad input re-renders the form with a message and the typed values, escaped.
        let bad = alice
            .post(
                "/lobby/new",
                &[("variant", "nowan"), ("days_per_move", "15"), ("invite", "<b>x</b>")],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(bad.body.contains("1 to 14"), "{}", bad.body);
        assert!(!bad.body.contains("<b>x</b>"));
        let unknown = alice
            .post("/lobby/new", &[("variant", "nowan"), ("invite", "nobody")])
            .await;
        assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(unknown.body.contains("No user"), "{}", unknown.body);
        // A join of a game that does not exist is a page, not JSON.
        let missing = bob.post("/lobby/nope123/accept", &[]).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert!(missing.content_type.starts_with("text/html"));
    })
    .await;
}

/// Plays the scripted game to its end (6 plies) through the API; the last mover, seat 1, wins.
async fn finish(app: &TestApp, id: &str, tokens: [&str; 2]) {
    for ply in 0..6 {
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                tokens[ply % 2],
                serde_json::json!({"move": "a1a2"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[tokio::test]
async fn my_games_puts_your_move_first_and_archive_and_user_pages_show_results() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        // Game 1: alice to move (she is seat 0). Game 2: bob to move. Game 3: finished.
        let g1 = app.started_game("nowan", &a, &b, "bob").await;
        let g2 = app.started_game("not-chess", &a, &b, "bob").await;
        app.post(
            &format!("/api/v1/games/{g2}/moves"),
            &a,
            serde_json::json!({"move": "a1a2"}),
        )
        .await;
        let g3 = app.started_game("ancient", &a, &b, "bob").await;
        finish(&app, &g3, [&a, &b]).await;
        let mut alice = Browser::new(&app);
        alice.log_in("alice").await;
        let page = alice.get("/my-games").await;
        let (p1, p2, p3) = (
            page.body.find(&g1).unwrap(),
            page.body.find(&g2).unwrap(),
            page.body.find(&g3).unwrap(),
        );
        assert!(p1 < p2 && p2 < p3, "your move, then waiting, then finished");
        assert!(page.body.contains("4 days left"), "{}", page.body);
        let home = alice.get("/").await;
        assert!(home.body.contains(&g1) && !home.body.contains(&g2));
        // Archive: the finished game, filtered.
        let all = alice.get("/archive").await;
        assert!(all.body.contains(&g3) && !all.body.contains(&g1));
        assert!(
            alice
                .get("/archive?variant=ancient&player=bob")
                .await
                .body
                .contains(&g3)
        );
        assert!(!alice.get("/archive?variant=nowan").await.body.contains(&g3));
        assert!(alice.get("/archive?result=0-1").await.body.contains(&g3));
        assert!(!alice.get("/archive?result=1-0").await.body.contains(&g3));
        let nobody = alice.get("/archive?player=%3Cscript%3E").await;
        assert_eq!(nobody.status, StatusCode::OK);
        assert!(!nobody.body.contains(&g3) && !nobody.body.contains("<script>"));
        // The user page counts bob's win and alice's loss.
        let page = alice.get("/users/alice").await;
        assert!(page.body.contains("Ancient chess"));
        // (The ratings table above it names the game too: read the results table.)
        let results = page.body.split("<h2>Results</h2>").nth(1).unwrap();
        let row = results.split("Ancient chess</a></th>").nth(1).unwrap();
        let cells: Vec<&str> = row
            .split("<td class=\"num\">")
            .skip(1)
            .take(4)
            .map(|c| c.split('<').next().unwrap())
            .collect();
        assert_eq!(cells, ["1", "0", "1", "0"], "played, won, lost, drawn");
        let bob_page = Browser::new(&app).get("/users/BOB").await;
        let results = bob_page.body.split("<h2>Results</h2>").nth(1).unwrap();
        let row = results.split("Ancient chess</a></th>").nth(1).unwrap();
        assert!(
            row.starts_with("\n    <td class=\"num\">1</td><td class=\"num\">1</td><td class=\"num\">0</td>"),
            "{row}"
        );
        assert_eq!(alice.get("/users/nobody").await.status, StatusCode::NOT_FOUND);
        // Another player's page has a button that opens the new-game form inviting them.
        let bob_seen_by_alice = alice.get("/users/bob").await;
        assert!(
            bob_seen_by_alice.body.contains("href=\"/lobby/new?invite=bob\""),
            "{}",
            bob_seen_by_alice.body
        );
        let form = alice.get("/lobby/new?variant=nowan&invite=bob").await;
        assert!(
            form.body.contains("name=\"invite\" dir=\"ltr\" value=\"bob\""),
            "{}",
            form.body
        );
        assert!(
            form.body.contains("/lobby/new?variant=ancient&amp;invite=bob"),
            "the game tabs keep the invitee"
        );
    })
    .await;
}

#[tokio::test]
async fn archive_pages_through_many_games() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let mut ids = Vec::new();
        for _ in 0..21 {
            let id = app.started_game("nowan", &a, &b, "bob").await;
            finish(&app, &id, [&a, &b]).await;
            app.clock.advance_ms(1000);
            ids.push(id);
        }
        let mut v = Browser::new(&app);
        let first = v.get("/archive").await;
        assert!(first.body.contains("21 games, page 1 of 2"), "{}", first.body);
        assert!(first.body.contains(&ids[20]) && !first.body.contains(&ids[0]));
        assert!(first.body.contains("href=\"/archive?page=2\""));
        let second = v.get("/archive?page=2").await;
        assert!(second.body.contains(&ids[0]) && !second.body.contains(&ids[20]));
    })
    .await;
}

#[tokio::test]
async fn settings_change_preferences_password_and_tokens() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.sign_up("alice").await;
        assert_eq!(b.get("/settings").await.status, StatusCode::OK);
        // Preferences.
        let saved = b
            .post(
                "/settings/preferences",
                &[("time_zone", "Europe/Berlin"), ("move_confirmation", "always")],
            )
            .await;
        assert_eq!(saved.location.as_deref(), Some("/settings?saved=preferences"));
        let page = b.get("/settings?saved=preferences").await;
        assert!(page.body.contains("<option selected>Europe/Berlin</option>"));
        assert!(
            page.body
                .contains("name=\"move_confirmation\" value=\"always\" checked")
        );
        let bad = b
            .post(
                "/settings/preferences",
                &[("time_zone", "Mars/Base"), ("move_confirmation", "always")],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        let unknown = b
            .post(
                "/settings/preferences",
                &[("time_zone", "UTC"), ("move_confirmation", "sometimes")],
            )
            .await;
        assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
        assert!(
            unknown.body.contains("on touch screens, always or never"),
            "{}",
            unknown.body
        );
        let id = app.state.db.user_id_by_key("alice").await.unwrap().unwrap();
        let settings = app.state.db.settings(id).await.unwrap();
        assert_eq!(settings.time_zone, "Europe/Berlin");
        assert_eq!(settings.move_confirmation, MoveConfirmation::Always);
        // A token with a hostile name: shown once, escaped, usable, then revoked.
        let created = b.post("/settings/tokens", &[("name", "<script>x</script>")]).await;
        assert_eq!(created.status, StatusCode::OK);
        assert!(!created.body.contains("<script>x"));
        let at = created.body.find("hrd_").unwrap();
        let token: String = created.body[at..]
            .chars()
            .take_while(char::is_ascii_alphanumeric_or_underscore)
            .collect();
        let (status, me) = app.get("/api/v1/me", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert!(!b.get("/settings").await.body.contains(&token), "shown only once");
        let tokens = app.state.db.list_tokens(id).await.unwrap();
        let revoked = b.post(&format!("/settings/tokens/{}/revoke", tokens[0].id), &[]).await;
        assert_eq!(revoked.status, StatusCode::SEE_OTHER);
        assert_eq!(app.get("/api/v1/me", Some(&token)).await.0, StatusCode::UNAUTHORIZED);
        // Password: wrong current password refused; a change logs out other sessions.
        let mut other = Browser::new(&app);
        other.log_in("alice").await;
        let wrong = b
            .post(
                "/settings/password",
                &[
                    ("current", "nope-nope"),
                    ("password", "new-password"),
                    ("password_again", "new-password"),
                ],
            )
            .await;
        assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
        let ok = b
            .post(
                "/settings/password",
                &[
                    ("current", "password-alice"),
                    ("password", "new-password"),
                    ("password_again", "new-password"),
                ],
            )
            .await;
        assert_eq!(ok.status, StatusCode::SEE_OTHER);
        assert_eq!(b.get("/settings").await.status, StatusCode::OK, "this session stays");
        assert_eq!(
            other.get("/settings").await.status,
            StatusCode::SEE_OTHER,
            "others are logged out"
        );
        other.get("/login").await;
        let old = other
            .post("/login", &[("username", "alice"), ("password", "password-alice")])
            .await;
        assert_eq!(old.status, StatusCode::UNAUTHORIZED);
        let new = other
            .post("/login", &[("username", "alice"), ("password", "new-password")])
            .await;
        assert_eq!(new.status, StatusCode::SEE_OTHER);
    })
    .await;
}

#[tokio::test]
async fn help_page_explains_the_clock() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let page = Browser::new(&app).get("/help/time").await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains("claim the win"));
        assert!(page.body.contains("from 1 to 14, 4 unless"));
    })
    .await;
}

/// Every help page renders, with a title of words only (a section once slipped into the
/// engine page's title block, where the browser showed its markup as the tab's name).
#[tokio::test]
async fn every_help_page_has_a_plain_title_and_its_sections_in_the_page() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        for (path, section) in [
            ("/help/time", "claim the win"),
            ("/help/ratings", "Glicko"),
            ("/help/engine", "id=\"bots\""),
            ("/help/analysis", "accuracy"),
            ("/help/takebacks", "takeback"),
        ] {
            let page = Browser::new(&app).get(path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}");
            let title = page
                .body
                .split_once("<title>")
                .and_then(|(_, rest)| rest.split_once("</title>"))
                .map(|(title, _)| title)
                .unwrap_or_else(|| panic!("{path}: no title"));
            assert!(!title.contains('<') && !title.contains("&lt;"), "{path}: {title}");
            let main = page.body.split_once("<main").map_or("", |(_, rest)| rest);
            assert!(main.contains(section), "{path}: {section} in the page's content");
        }
    })
    .await;
}

trait TokenChar {
    fn is_ascii_alphanumeric_or_underscore(&self) -> bool;
}

impl TokenChar for char {
    fn is_ascii_alphanumeric_or_underscore(&self) -> bool {
        self.is_ascii_alphanumeric() || *self == '_'
    }
}

/// An open Chatrang challenge offers its open seats with their teams; the seat chosen is the
/// one taken, and a seat that is not open is refused with a sentence.
#[tokio::test]
async fn the_lobby_lets_you_pick_a_seat_and_a_declined_invitation_says_so() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        for name in ["alice", "bob", "carol"] {
            app.user(name).await;
        }
        let mut alice = Browser::new(&app);
        alice.log_in("alice").await;
        alice.get("/lobby/new?variant=chatrang").await;
        let page = alice
            .post(
                "/lobby/new",
                &[
                    ("variant", "chatrang"),
                    ("days_per_move", "3"),
                    ("seat", "0"),
                    ("invite_1", ""),
                    ("invite_2", ""),
                    ("invite_3", ""),
                ],
            )
            .await;
        let id = game_id(&page);
        let mut bob = Browser::new(&app);
        bob.log_in("bob").await;
        let lobby = bob.get("/lobby").await;
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        // Seats 1-3 are open; seat 2 plays with alice's seat 0.
        let partner = &game.seats[2];
        assert_eq!(partner.team, game.seats[0].team);
        let team = herald_rules::Variant::Chatrang.team_names()[partner.team.index()];
        assert!(
            lobby
                .body
                .contains(&format!("<option value=\"2\">{} ({team})</option>", partner.name)),
            "{}",
            lobby.body
        );
        let refused = bob.post(&format!("/lobby/{id}/accept"), &[("seat", "0")]).await;
        assert!(refused.status.is_client_error(), "{}", refused.status);
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(game.seats[0].user.as_deref(), Some("alice"), "a taken seat stays taken");
        let accepted = bob.post(&format!("/lobby/{id}/accept"), &[("seat", "2")]).await;
        assert_eq!(accepted.location, Some(format!("/games/{id}")));
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(game.seats[2].user.as_deref(), Some("bob"));
        let bad = bob.post(&format!("/lobby/{id}/accept"), &[("seat", "two")]).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);

        // Carol declines an invitation: alice is told it was declined, not just "aborted".
        let page = alice
            .post(
                "/lobby/new",
                &[
                    ("variant", "nowan"),
                    ("days_per_move", "3"),
                    ("seat", "0"),
                    ("invite", "carol"),
                ],
            )
            .await;
        let id = game_id(&page);
        let mut carol = Browser::new(&app);
        carol.log_in("carol").await;
        carol.get("/lobby").await;
        carol.post(&format!("/lobby/{id}/decline"), &[]).await;
        let game = herald_server::api::games::service::get(&app.state, &id, None)
            .await
            .unwrap();
        assert_eq!(
            game.reason,
            Some(herald_server::domain::game_states::EndReason::Declined)
        );
        assert!(
            alice
                .get(&format!("/games/{id}"))
                .await
                .body
                .contains("Invitation declined")
        );
        let (_, json) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(json["reason"], "declined");
        // Alice cancelling her own challenge is still "aborted".
        let page = alice
            .post(
                "/lobby/new",
                &[("variant", "nowan"), ("days_per_move", "3"), ("seat", "0")],
            )
            .await;
        let id = game_id(&page);
        alice.get("/lobby").await;
        alice.post(&format!("/lobby/{id}/decline"), &[]).await;
        let (_, json) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(json["reason"], "aborted");
    })
    .await;
}

/// A long-time player's page stays small: the 30 most recently ended games, then a link to
/// all of them in the archive; current games are all there.
#[tokio::test]
async fn my_games_shows_the_recent_ended_games_and_links_the_rest() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let mut ended = Vec::new();
        for _ in 0..31 {
            let (_, game) = app
                .post("/api/v1/games", &a, serde_json::json!({"variant": "nowan"}))
                .await;
            let id = game["id"].as_str().unwrap().to_owned();
            app.post(&format!("/api/v1/games/{id}/abort"), &a, serde_json::json!({}))
                .await;
            ended.push(id);
            app.clock.advance_ms(1000);
        }
        let current = app.started_game("nowan", &a, &b, "bob").await;
        let mut alice = Browser::new(&app);
        alice.log_in("alice").await;
        let page = alice.get("/my-games").await;
        assert!(page.body.contains(&current));
        assert!(
            !page.body.contains(&ended[0]),
            "the oldest ended game is left to the archive"
        );
        assert!(ended[1..].iter().all(|id| page.body.contains(id.as_str())));
        assert!(page.body.contains("href=\"/archive?player=alice\""), "{}", page.body);
    })
    .await;
}
