//! The settings page's notification and vacation sections and the e-mail unsubscribe page:
//! each form changes exactly what the API would, refusals explain themselves, secrets are
//! shown once, and a GET of an unsubscribe link unsubscribes nobody.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{TestApp, each_backend};
use crate::notify::eventually;
use crate::pages::Browser;
use herald_server::infra::clock::DAY_MS;

#[tokio::test]
async fn email_choices_feed_and_webhooks_through_the_settings_page() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let mut b = Browser::new(&app);
        b.log_in("alice").await;
        let page = b.get("/settings").await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains("not set up to send e-mail"), "no SMTP in tests");
        assert!(!page.body.contains("Coming soon"));

        // E-mail: a bad address is refused and nothing changes; a good one is saved.
        let bad = b
            .post(
                "/settings/notifications",
                &[("email", "not an address"), ("email_your_move", "on")],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(bad.body.contains("Not an email address."), "{}", bad.body);
        let (_, before) = app.get("/api/v1/me/notifications", Some(&alice)).await;
        assert_eq!(before["email"], serde_json::Value::Null);
        let saved = b
            .post(
                "/settings/notifications",
                &[
                    ("email", "alice@example.org"),
                    ("email_your_move", "on"),
                    ("email_game_over", "on"),
                    ("feed_chat", "on"),
                ],
            )
            .await;
        assert_eq!(
            saved.location.as_deref(),
            Some("/settings?saved=notifications#notifications")
        );
        let (_, after) = app.get("/api/v1/me/notifications", Some(&alice)).await;
        assert_eq!(after["email"], "alice@example.org");
        assert_eq!(after["email_your_move"], true);
        assert_eq!(after["email_time_warning"], false);
        assert_eq!(after["email_claimable"], false);
        assert_eq!(after["email_game_over"], true);
        // Chat: the feed kept, e-mail digest and webhooks switched off by the boxes left empty.
        assert_eq!(after["feed_chat"], true);
        assert_eq!(after["email_chat"], false);
        assert_eq!(after["webhook_chat"], false);
        let page = b.get("/settings").await;
        assert!(page.body.contains("value=\"alice@example.org\""));
        assert!(page.body.contains("name=\"feed_chat\" value=\"on\" checked"));
        assert!(page.body.contains("name=\"email_chat\" value=\"on\">"));
        // The fieldsets as before the registry drove them: e-mail's kinds, then chat by channel.
        let email = page.body.find("<legend>Send me an e-mail</legend>").unwrap();
        let chat = page.body.find("<legend>Chat messages in my games").unwrap();
        assert!(email < chat);
        assert!(page.body[email..chat].contains("name=\"email_tournament\""));
        assert!(!page.body[email..chat].contains("name=\"email_chat\""));
        assert!(page.body[chat..].contains("to my webhooks"));

        // Feed: the URL is shown once, works, and stops working when removed.
        let made = b.post("/settings/feed", &[]).await;
        assert_eq!(made.status, StatusCode::OK);
        let at = made.body.find("/feeds/").unwrap();
        let path: String = made.body[at..].chars().take_while(|c| *c != '<').collect();
        assert!(path.ends_with(".atom"), "{path}");
        let (status, _) = app.call("GET", &path, None, None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!b.get("/settings").await.body.contains(&path), "shown only once");
        let removed = b.post("/settings/feed/remove", &[]).await;
        assert_eq!(removed.status, StatusCode::SEE_OTHER);
        let (status, _) = app.call("GET", &path, None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // Webhooks: a bad URL is refused; a good one shows its secret once, then can be
        // paused, turned on and deleted; its delivery log shows a failed delivery.
        let bad = b.post("/settings/webhooks", &[("url", "ftp://example.org/x")]).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        let added = b
            .post("/settings/webhooks", &[("url", "http://127.0.0.1:9/hook")])
            .await;
        assert_eq!(added.status, StatusCode::OK);
        assert!(added.body.contains("id=\"webhook-secret\""));
        let (_, hooks) = app.get("/api/v1/me/webhooks", Some(&alice)).await;
        let hook = hooks[0]["id"].as_i64().unwrap();
        assert!(!b.get("/settings").await.body.contains("id=\"webhook-secret\""));
        let paused = b
            .post(&format!("/settings/webhooks/{hook}/enable"), &[("enabled", "false")])
            .await;
        assert_eq!(paused.status, StatusCode::SEE_OTHER);
        let (_, hooks) = app.get("/api/v1/me/webhooks", Some(&alice)).await;
        assert_eq!(hooks[0]["enabled"], false);
        b.post(&format!("/settings/webhooks/{hook}/enable"), &[("enabled", "true")])
            .await;
        let (_, hooks) = app.get("/api/v1/me/webhooks", Some(&alice)).await;
        assert_eq!(hooks[0]["enabled"], true);

        let id = app.started_game("nowan", &alice, &bob, "bob").await;
        let log = eventually("a failed delivery in the log", async || {
            let page = b.get(&format!("/settings/webhooks/{hook}")).await;
            (page.body.contains(&id) && page.body.contains("pending")).then_some(page)
        })
        .await;
        assert_eq!(log.status, StatusCode::OK);
        // Another user cannot see it.
        let mut other = Browser::new(&app);
        other.log_in("bob").await;
        assert_eq!(
            other.get(&format!("/settings/webhooks/{hook}")).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            other
                .post(&format!("/settings/webhooks/{hook}/delete"), &[])
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        let deleted = b.post(&format!("/settings/webhooks/{hook}/delete"), &[]).await;
        assert_eq!(deleted.status, StatusCode::SEE_OTHER);
        let (_, hooks) = app.get("/api/v1/me/webhooks", Some(&alice)).await;
        assert_eq!(hooks, json!([]));
    })
    .await;
}

#[tokio::test]
async fn vacation_on_and_off_through_the_settings_page() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        // Early in a year, so that the allowance is used up within it.
        app.clock.set_ms(crate::common::T0 - 300 * DAY_MS);
        let alice = app.user("alice").await;
        let mut b = Browser::new(&app);
        b.log_in("alice").await;
        let page = b.get("/settings").await;
        assert!(page.body.contains("Switch vacation on"));
        assert!(
            page.body.contains("Used this year: less than a minute. Left: 30 days."),
            "{}",
            page.body
        );

        let on = b.post("/settings/vacation", &[("on", "true")]).await;
        assert_eq!(on.location.as_deref(), Some("/settings?saved=vacation-on#vacation"));
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&alice)).await;
        assert_eq!(vacation["on"], true);
        app.clock.advance_ms(2 * DAY_MS);
        let page = b.get("/settings?saved=vacation-on").await;
        assert!(page.body.contains("Vacation is on"));
        assert!(
            page.body.contains("Used this year: 2 days. Left: 28 days."),
            "{}",
            page.body
        );

        let off = b.post("/settings/vacation", &[("on", "false")]).await;
        assert_eq!(off.location.as_deref(), Some("/settings?saved=vacation-off#vacation"));
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&alice)).await;
        assert_eq!(vacation["on"], false);
        assert_eq!(vacation["used_ms"], 2 * DAY_MS);

        // A vacation longer than what is left ends when the allowance is used up; then
        // switching on is refused with the reason.
        app.clock.advance_ms(DAY_MS);
        b.post("/settings/vacation", &[("on", "true")]).await;
        app.clock.advance_ms(40 * DAY_MS);
        // Sessions last 30 days.
        b.log_in("alice").await;
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&alice)).await;
        assert_eq!(vacation["used_ms"], 30 * DAY_MS, "counted up to the allowance only");
        let off = b.post("/settings/vacation", &[("on", "false")]).await;
        assert_eq!(off.status, StatusCode::SEE_OTHER);
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&alice)).await;
        assert_eq!(vacation["used_ms"], 30 * DAY_MS);
        let refused = b.post("/settings/vacation", &[("on", "true")]).await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
        assert!(refused.body.contains("vacation allowance is used up"));
        assert!(refused.body.contains("No vacation left this year"));
    })
    .await;
}

#[tokio::test]
async fn an_unsubscribe_link_asks_before_it_unsubscribes() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        app.call(
            "PUT",
            "/api/v1/me/notifications",
            Some(&alice),
            Some(json!({"email": "alice@example.org", "email_your_move": true})),
        )
        .await;
        let id = app.state.db.user_id_by_key("alice").await.unwrap().unwrap();
        let token = herald_server::api::notify::email::unsubscribe_token(&app.state, id)
            .await
            .unwrap();

        // The one-click URL, opened in a browser, leads to the page; neither GET unsubscribes.
        let mut b = Browser::new(&app);
        let link = b.get(&format!("/unsubscribe?token={token}")).await;
        assert_eq!(link.status, StatusCode::SEE_OTHER);
        assert_eq!(link.location, Some(format!("/email/unsubscribe?token={token}")));
        let page = b.get(&format!("/email/unsubscribe?token={token}")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains("Stop all e-mail"));
        let (_, settings) = app.get("/api/v1/me/notifications", Some(&alice)).await;
        assert_eq!(settings["email_your_move"], true, "a GET changes nothing");

        // A damaged link says so.
        let broken = b.get(&format!("/email/unsubscribe?token={token}0")).await;
        assert_eq!(broken.status, StatusCode::BAD_REQUEST);
        assert!(broken.body.contains("not valid"));
        let forged = b.post("/email/unsubscribe", &[("token", "1.00")]).await;
        assert_eq!(forged.status, StatusCode::BAD_REQUEST);

        // The button does it (no session needed: the token is the proof).
        let done = b.post("/email/unsubscribe", &[("token", &token)]).await;
        assert_eq!(done.status, StatusCode::OK);
        assert!(done.body.contains("Herald will send you no more e-mail"));
        let (_, settings) = app.get("/api/v1/me/notifications", Some(&alice)).await;
        assert_eq!(settings["email_your_move"], false);
    })
    .await;
}

/// Issue 32.14: a one-time secret (webhook signing secret, feed URL, API token) used to be
/// shown beside its section, 2,605 px below where the answer lands: it comes first now,
/// before the page's first section, with what it is.
#[tokio::test]
async fn one_time_secrets_show_at_the_top_of_the_page_they_answer_with() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        app.user("alice").await;
        let mut b = Browser::new(&app);
        b.log_in("alice").await;
        let first_section = |body: &str| body.find("<h2 id=\"preferences\"").unwrap();
        for (path, fields, secret) in [
            (
                "/settings/webhooks",
                &[("url", "http://127.0.0.1:9/hook")][..],
                "id=\"webhook-secret\"",
            ),
            ("/settings/feed", &[][..], "id=\"feed-url\""),
            ("/settings/tokens", &[("name", "bot")][..], "id=\"new-token\""),
        ] {
            let page = b.post(path, fields).await;
            assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.body);
            let at = page.body.find(secret).unwrap_or_else(|| panic!("{path}: no {secret}"));
            assert!(
                at < first_section(&page.body),
                "{path}: {secret} is below the first section"
            );
            assert!(
                page.body.find("<h1>Settings</h1>").unwrap() < at,
                "{path}: under the page's title"
            );
        }
    })
    .await;
}
