//! Languages: which one a page speaks (the account's setting, the footer's menu, the
//! browser's `Accept-Language`), the preferences API and the export.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{TestApp, assert_error, each_backend};
use crate::pages::{Browser, Page};

/// The `<html lang dir>` of a page.
fn html_lang(page: &Page) -> (String, String) {
    let open = page.body.split_once("<html").and_then(|(_, rest)| rest.split_once('>'));
    let attrs = open.map_or("", |(attrs, _)| attrs);
    let attr = |name: &str| {
        attrs
            .split_once(&format!("{name}=\""))
            .and_then(|(_, rest)| rest.split_once('"'))
            .map_or(String::new(), |(value, _)| value.to_owned())
    };
    (attr("lang"), attr("dir"))
}

async fn get_in(b: &mut Browser<'_>, path: &str, accept_language: &str) -> Page {
    b.send(
        Request::get(path).header(header::ACCEPT_LANGUAGE, accept_language),
        Body::empty(),
    )
    .await
}

#[tokio::test]
async fn a_page_speaks_the_account_s_language_then_the_menu_s_then_the_browser_s() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let mut visitor = Browser::new(&app);

        // The browser's order, a region taking its language; English when none is ours.
        let page = get_in(&mut visitor, "/", "ja, fa-IR;q=0.8, en;q=0.5").await;
        assert_eq!(html_lang(&page), ("fa".into(), "rtl".into()), "{}", db.backend);
        assert!(page.body.contains(">سالن<"), "the Persian menu");
        let page = get_in(&mut visitor, "/", "de-CH").await;
        assert_eq!(html_lang(&page), ("de".into(), "ltr".into()));
        assert!(page.body.contains("Anmelden"), "the German account link");
        let page = get_in(&mut visitor, "/", "ja, zh").await;
        assert_eq!(html_lang(&page), ("en".into(), "ltr".into()));
        // Every language is offered in its own name, the page's own selected.
        assert!(page.body.contains(">فارسی</option>"), "{}", page.body);
        assert!(page.body.contains("value=\"en\" lang=\"en\" dir=\"ltr\" selected"));

        // The footer's menu: kept in this browser, over the header, back to the page.
        let chosen = visitor
            .post("/language", &[("language", "fr"), ("back", "/lobby")])
            .await;
        assert_eq!(chosen.status, StatusCode::SEE_OTHER);
        assert_eq!(chosen.location.as_deref(), Some("/lobby"));
        assert!(
            chosen.set_cookies.iter().any(|c| c.starts_with("herald_lang=fr")),
            "{chosen:?}"
        );
        let page = get_in(&mut visitor, "/", "de").await;
        assert_eq!(html_lang(&page).0, "fr");
        // Never off the site; an unknown language is refused and changes nothing; no token,
        // no change.
        let away = visitor
            .post("/language", &[("language", "es"), ("back", "//evil.example/")])
            .await;
        assert_eq!(away.location.as_deref(), Some("/"));
        let refused = visitor.post("/language", &[("language", "xx"), ("back", "/")]).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        // The error page speaks the language the visitor chose (Spanish, just above), with
        // the code's sentence from the catalogue.
        assert!(
            refused.body.contains("Ese idioma no está en el catálogo de Herald.") && html_lang(&refused).0 == "es",
            "{}",
            refused.body
        );
        let forged = visitor
            .post_raw("/language", &[("language", "de"), ("back", "/")])
            .await;
        assert_eq!(forged.status, StatusCode::FORBIDDEN);
        assert_eq!(html_lang(&visitor.get("/").await).0, "es");
        // The browser's own again: the cookie goes.
        let auto = visitor.post("/language", &[("language", ""), ("back", "/")]).await;
        assert_eq!(auto.status, StatusCode::SEE_OTHER);
        assert_eq!(html_lang(&get_in(&mut visitor, "/", "de").await).0, "de");

        // A list of games speaks it too: the clock's words and plurals, the date.
        let bob = app.user("bob").await;
        app.started_game("nowan", &alice, &bob, "bob").await;
        let mut lister = Browser::new(&app);
        lister.log_in("alice").await;
        let mine = get_in(&mut lister, "/my-games", "es").await;
        assert!(mine.body.contains("4 días por jugada"), "{}", mine.body);
        assert!(
            mine.body.contains("quedan 3 días y 23 horas") || mine.body.contains("quedan 4 días"),
            "{}",
            mine.body
        );
        assert!(mine.body.contains("hasta el <time"), "{}", mine.body);
        let home = get_in(&mut lister, "/", "de").await;
        assert!(
            home.body.contains("Willkommen zurück, \u{2068}alice\u{2069}"),
            "{}",
            home.body
        );
        assert!(
            home.body.contains("Die Spiele") && home.body.contains("4 Spieler"),
            "{}",
            home.body
        );
        assert!(!home.body.contains("Find or start a game"));

        // Signed in, the menu sets the account's language, which follows her to any browser.
        let mut b = Browser::new(&app);
        b.log_in("alice").await;
        let chosen = b.post("/language", &[("language", "de"), ("back", "/settings")]).await;
        assert_eq!(chosen.status, StatusCode::SEE_OTHER);
        let (_, prefs) = app.get("/api/v1/me/preferences", Some(&alice)).await;
        assert_eq!(prefs["language"], "de", "{prefs}");
        let mut elsewhere = Browser::new(&app);
        elsewhere.log_in("alice").await;
        let page = get_in(&mut elsewhere, "/", "fr, fa").await;
        assert_eq!(html_lang(&page).0, "de", "{}: the account's choice wins", db.backend);

        // The settings page shows and saves it; the browser's language is a choice too.
        let settings = elsewhere.get("/settings").await;
        assert!(settings.body.contains("value=\"de\" lang=\"de\" dir=\"ltr\" selected"));
        let saved = elsewhere
            .post(
                "/settings/preferences",
                &[
                    ("time_zone", "Europe/Paris"),
                    ("move_confirmation", "never"),
                    ("language", ""),
                ],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let (_, prefs) = app.get("/api/v1/me/preferences", Some(&alice)).await;
        assert_eq!(
            prefs,
            json!({"time_zone": "Europe/Paris", "language": null, "move_confirmation": "never"})
        );
        let refused = elsewhere
            .post(
                "/settings/preferences",
                &[("time_zone", "UTC"), ("move_confirmation", "never"), ("language", "xx")],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(refused.body.contains("Choose a language from the list."));
        let (_, unchanged) = app.get("/api/v1/me/preferences", Some(&alice)).await;
        assert_eq!(unchanged["time_zone"], "Europe/Paris");
    })
    .await;
}

/// Signing up keeps the browser's time zone (the page's script sends it) and the language
/// the footer's menu was set to; an unknown zone is left at UTC.
#[tokio::test]
async fn a_newcomer_starts_in_the_browser_s_time_zone_and_the_menu_s_language() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        b.post("/language", &[("language", "fa"), ("back", "/signup")]).await;
        let fields = [
            ("username", "parvin"),
            ("password", "password-parvin"),
            ("password_again", "password-parvin"),
            ("time_zone", "Asia/Tehran"),
        ];
        let signed = b.post("/signup", &fields).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        let token = app.token("parvin").await;
        let (_, prefs) = app.get("/api/v1/me/preferences", Some(&token)).await;
        assert_eq!(
            prefs,
            json!({"time_zone": "Asia/Tehran", "language": "fa", "move_confirmation": "touch"}),
            "{}",
            db.backend
        );

        let mut other = Browser::new(&app);
        other.get("/signup").await;
        let fields = [
            ("username", "zoe"),
            ("password", "password-zoe"),
            ("password_again", "password-zoe"),
            ("time_zone", "Mars/Olympus"),
        ];
        assert_eq!(other.post("/signup", &fields).await.status, StatusCode::SEE_OTHER);
        let token = app.token("zoe").await;
        let (_, prefs) = app.get("/api/v1/me/preferences", Some(&token)).await;
        assert_eq!(
            prefs,
            json!({"time_zone": "UTC", "language": null, "move_confirmation": "touch"})
        );
    })
    .await;
}

#[tokio::test]
async fn the_pseudo_locale_is_chosen_only_where_the_site_offers_it() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.get("/").await;
        let chosen = b.post("/language", &[("language", "en-XA"), ("back", "/")]).await;
        assert_eq!(chosen.status, StatusCode::SEE_OTHER);
        let page = b.get("/").await;
        assert_eq!(html_lang(&page).0, "en-XA");
        assert!(
            page.body.contains("[Ĺóóĝ ííñ"),
            "the log-in link accented: {}",
            page.body
        );

        let mut config = herald_server::Config::for_tests(&db.url);
        config.pseudo_locale = false;
        let plain = TestApp::with_rules(
            &db,
            std::sync::Arc::new(crate::common::ScriptedRules { finish_after: 6 }),
            config,
        )
        .await;
        let mut b = Browser::new(&plain);
        b.get("/").await;
        let refused = b.post("/language", &[("language", "en-XA"), ("back", "/")]).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", db.backend);
    })
    .await;
}

#[tokio::test]
async fn preferences_are_read_and_changed_through_the_api_and_exported() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let (status, languages) = app.get("/api/v1/languages", None).await;
        assert_eq!(status, StatusCode::OK);
        let tags: Vec<&str> = languages
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["tag"].as_str().unwrap())
            .collect();
        assert_eq!(tags, ["de", "en", "es", "fa", "fr"]);
        assert_eq!(languages[3], json!({"tag": "fa", "name": "فارسی", "direction": "rtl"}));

        let (status, prefs) = app.get("/api/v1/me/preferences", Some(&alice)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            prefs,
            json!({"time_zone": "UTC", "language": null, "move_confirmation": "touch"})
        );
        let patch = |body: Value| app.call("PATCH", "/api/v1/me/preferences", Some(&alice), Some(body));
        let (status, prefs) = patch(json!({"language": "FA"})).await;
        assert_eq!(status, StatusCode::OK, "{prefs}");
        assert_eq!(prefs["language"], "fa", "the catalogue's spelling");
        let (status, prefs) = patch(json!({"time_zone": "Asia/Tehran", "move_confirmation": "always"})).await;
        assert_eq!(status, StatusCode::OK, "{prefs}");
        assert_eq!(
            prefs,
            json!({"time_zone": "Asia/Tehran", "language": "fa", "move_confirmation": "always"}),
            "a field left out stays"
        );
        for (body, code) in [
            (json!({"language": "xx"}), "unknown_language"),
            (json!({"time_zone": "Mars/Olympus"}), "invalid_time_zone"),
            (json!({"time_zone": ""}), "invalid_time_zone"),
            (json!({"move_confirmation": "sometimes"}), "malformed_json"),
            (json!({"colour": "blue"}), "malformed_json"),
        ] {
            let (status, error) = patch(body.clone()).await;
            assert_error(status, &error, StatusCode::BAD_REQUEST, code);
            assert!(
                !error["error"]["message"].as_str().unwrap_or_default().is_empty(),
                "{body}"
            );
        }
        let (_, kept) = app.get("/api/v1/me/preferences", Some(&alice)).await;
        assert_eq!(
            kept["language"], "fa",
            "{}: a refused change changes nothing",
            db.backend
        );
        let (status, prefs) = patch(json!({"language": null})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(prefs["language"], Value::Null);
        patch(json!({"language": "es"})).await;

        let (status, export) = app.get("/api/v1/me/export", Some(&alice)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(export["preferences"]["language"], "es", "{export}");
        assert_eq!(export["preferences"]["time_zone"], "Asia/Tehran");

        // Only the account's owner: anonymous and a revoked token are 401, a session
        // cookie without the CSRF header 403.
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        for method in ["GET", "PATCH"] {
            let body = (method == "PATCH").then(|| json!({"language": "de"}));
            let (status, error) = app.call(method, "/api/v1/me/preferences", None, body.clone()).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method}: {error}");
            let (status, error) = app.call(method, "/api/v1/me/preferences", Some(&revoked), body).await;
            assert_error(status, &error, StatusCode::UNAUTHORIZED, "invalid_token");
        }
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let request = Request::builder()
            .method("PATCH")
            .uri("/api/v1/me/preferences")
            .header("cookie", cookie.split(';').next().unwrap())
            .header("content-type", "application/json")
            .body(Body::from(json!({"language": "de"}).to_string()))
            .unwrap();
        let (status, error) = app.raw(request).await;
        assert_error(status, &error, StatusCode::FORBIDDEN, "csrf_failed");
        let (_, prefs) = app.get("/api/v1/me/preferences", Some(&alice)).await;
        assert_eq!(prefs["language"], "es");
    })
    .await;
}

/// The message `key` has in `locales/<lang>/api.ftl`.
fn catalogue_message(lang: &str, key: &str) -> String {
    let path = format!("{}/../../locales/{lang}/api.ftl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix(key)?.trim_start().strip_prefix('=').map(str::trim))
        .unwrap_or_else(|| panic!("{key} is not in {path}"))
        .to_owned()
}

/// Sends an API request with `Accept-Language` and returns the status, the
/// `Vary` and `Content-Language` headers and the JSON body.
async fn api_in(
    app: &TestApp,
    request: axum::http::request::Builder,
    body: Option<Value>,
    accept_language: &str,
) -> (StatusCode, String, String, Value) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let request = request.header(header::ACCEPT_LANGUAGE, accept_language);
    let request = match body {
        Some(body) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let header_text = |name| {
        response
            .headers()
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (vary, language) = (header_text(header::VARY), header_text(header::CONTENT_LANGUAGE));
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, vary, language, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn an_api_error_s_message_follows_accept_language_and_its_code_stays() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let moves = format!("/api/v1/games/{id}/moves");

        // English keeps the handler's own detailed message.
        let (status, vary, language, body) =
            api_in(&app, Request::get("/api/v1/games/doesnotexist"), None, "en-GB").await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        let english = body["error"]["message"].as_str().unwrap().to_owned();
        assert!(vary.contains("accept-language"), "{vary}");
        assert_eq!(language, "", "English is not rewritten");

        for lang in ["de", "es", "fr", "fa"] {
            let (status, _, language, body) =
                api_in(&app, Request::get("/api/v1/games/doesnotexist"), None, lang).await;
            assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
            assert_eq!(
                body["error"]["message"],
                catalogue_message(lang, "api-error-game_not_found"),
                "{lang}"
            );
            assert_ne!(body["error"]["message"], english.as_str());
            assert_eq!(language, lang);

            // An illegal move: the message by the rules' reason, the reason and code unchanged.
            let (status, _, _, body) = api_in(
                &app,
                Request::post(&moves).header(header::AUTHORIZATION, format!("Bearer {a}")),
                Some(json!({"move": "c1c2"})),
                &format!("{lang}-XX, en;q=0.5"),
            )
            .await;
            assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "illegal_move");
            assert_eq!(body["error"]["reason"], "cannot_move_there");
            assert_eq!(
                body["error"]["message"],
                catalogue_message(lang, "api-illegal-cannot_move_there"),
                "{lang}"
            );

            // Errors answered outside the handlers too: an unknown path and a wrong method.
            let (_, _, _, body) = api_in(&app, Request::get("/api/v1/nothing-here"), None, lang).await;
            assert_eq!(body["error"]["code"], "not_found");
            assert_eq!(body["error"]["message"], catalogue_message(lang, "api-error-not_found"));
            let (_, _, _, body) = api_in(&app, Request::put(&moves), None, lang).await;
            assert_eq!(body["error"]["code"], "method_not_allowed");
            assert_eq!(
                body["error"]["message"],
                catalogue_message(lang, "api-error-method_not_allowed")
            );
        }

        // A success is never touched, whatever the language.
        let (status, vary, language, _) = api_in(&app, Request::get(format!("/api/v1/games/{id}")), None, "fa").await;
        assert_eq!(status, StatusCode::OK);
        assert!(!vary.contains("accept-language") && language.is_empty());
    })
    .await;
}

#[tokio::test]
async fn the_feed_speaks_the_account_s_language() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let (status, _) = app
            .call(
                "PATCH",
                "/api/v1/me/preferences",
                Some(&a),
                Some(json!({"language": "de"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, feed) = app.post("/api/v1/me/feed", &a, json!({})).await;
        let path = feed["url"]
            .as_str()
            .unwrap()
            .strip_prefix("http://127.0.0.1")
            .unwrap()
            .to_owned();
        let read = |xml: Value| atom_syndication::Feed::read_from(xml.as_str().unwrap().as_bytes()).unwrap();
        let parsed = read(app.get(&path, None).await.1);
        assert_eq!(parsed.title().as_str(), "Herald: Partien von alice");
        assert_eq!(
            parsed.entries()[0].title().as_str(),
            format!("Du bist am Zug: Not Chess, Partie {id}")
        );
        assert!(
            parsed.entries()[0]
                .summary()
                .unwrap()
                .as_str()
                .starts_with("Du bist am Zug, nach 0 Zügen."),
            "{:?}",
            parsed.entries()[0].summary()
        );
        app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        let parsed = read(app.get(&path, None).await.1);
        assert_eq!(
            parsed.entries()[0].title().as_str(),
            format!("Partie {id} beendet: Weiß gewann durch Aufgabe"),
            "{}",
            db.backend
        );
    })
    .await;
}

/// Error pages and a page's refusals speak the reader's language: a visitor's by their
/// browser, a signed-in player's by their account, with the site's menu kept; English
/// keeps its detailed sentences.
#[tokio::test]
async fn error_pages_and_refusals_speak_the_reader_s_language() {
    each_backend(|db| async move {
        let app = TestApp::real(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let mut visitor = Browser::new(&app);
        let missing = get_in(&mut visitor, "/no-such-page", "de").await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_eq!(html_lang(&missing).0, "de");
        assert!(
            missing.body.contains("Unter dieser Adresse gibt es keine Seite.")
                && missing.body.contains("Seite nicht gefunden"),
            "{}",
            missing.body
        );
        let english = get_in(&mut visitor, "/no-such-page", "en").await;
        assert!(
            english.body.contains("There is no page at this address."),
            "{}",
            english.body
        );

        // Signed in: the account's language (Persian, right to left) and the signed-in menu.
        let id = app.started_game("nowan", &alice, &bob, "bob").await;
        let mut b = Browser::new(&app);
        b.log_in("alice").await;
        let chosen = b.post("/language", &[("language", "fa"), ("back", "/")]).await;
        assert_eq!(chosen.status, StatusCode::SEE_OTHER);
        let gone = get_in(&mut b, "/games/nosuchgame", "en").await;
        assert_eq!(gone.status, StatusCode::NOT_FOUND);
        assert_eq!(html_lang(&gone), ("fa".to_owned(), "rtl".to_owned()));
        assert!(
            gone.body.contains("href=\"/my-games\""),
            "the menu stays: {}",
            gone.body
        );

        // A move the rules refuse, sent by the form: the page says why, in Persian.
        let page = b.get(&format!("/games/{id}")).await;
        assert!(
            page.body.contains("data-piece="),
            "squares name their pieces for the script: {} {}",
            page.status,
            page.body
        );
        let refused = b
            .post(&format!("/games/{id}/move"), &[("ply", "0"), ("move", "e2e5")])
            .await;
        assert_eq!(refused.status, StatusCode::SEE_OTHER, "{}", refused.body);
        let landed = b.get(&format!("/games/{id}")).await;
        let persian =
            std::fs::read_to_string(format!("{}/../../locales/fa/api.ftl", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let reasons: Vec<&str> = persian
            .lines()
            .filter(|l| l.starts_with("api-illegal-"))
            .filter_map(|l| l.split_once(" = ").map(|(_, text)| text))
            .collect();
        assert!(reasons.len() > 10);
        assert!(
            reasons.iter().any(|r| landed.body.contains(r)),
            "a Persian reason: {}",
            landed.body
        );
        assert!(!landed.body.contains("That move is not legal"));
    })
    .await;
}
