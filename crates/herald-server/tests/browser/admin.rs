//! Administration from the browser: an invite-only club.

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::common::{
    assert_no_sideways_scroll, browser, docs_screenshot, named_player, sign_up, start_driver, start_server, wait_until,
};

/// Issue 19: an administrator runs the club from the browser: makes sign-up invite-only,
/// sets the club's notice, creates an invitation and suspends a member.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_administrator_runs_an_invite_only_club_from_the_browser() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let root = browser(&driver, 1280, 1100, true).await;
    sign_up(&root, &server, "root").await;
    named_player(&server, "mallory").await;
    // The first administrator is made from the command line (`herald admin make-admin`);
    // here, on the same database file.
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&format!("sqlite://{}", server.dir.join("herald.db").display()))
        .await
        .unwrap();
    sqlx::query("UPDATE users SET is_admin = 1 WHERE username = 'root'")
        .execute(&db)
        .await
        .unwrap();
    db.close().await;
    root.goto(&format!("{}/admin", server.url)).await.unwrap();
    let form = root.form(Locator::Css("form[action='/admin/site']")).await.unwrap();
    form.set_by_name("notice", "Spring tournament: sign up by 1 April.")
        .await
        .unwrap();
    form.set_by_name("signup", "invite_only").await.unwrap();
    form.submit().await.unwrap();
    wait_until(&root, "the notice on every page", |c| async move {
        c.source()
            .await
            .unwrap()
            .contains("Spring tournament: sign up by 1 April.")
    })
    .await;
    docs_screenshot(&root, "admin-site").await;
    root.goto(&format!("{}/admin/users/mallory", server.url)).await.unwrap();
    let body = root.source().await.unwrap();
    assert!(body.contains("mallory"), "{body}");
    docs_screenshot(&root, "admin-user").await;
    // Sign-up now needs an invitation.
    let refused = reqwest::Client::new()
        .post(format!("{}/api/v1/accounts", server.url))
        .json(&json!({"username": "newcomer", "password": "a player's long test passphrase"}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 403);
    // The administrator makes a one-use link; the newcomer signs up with it in the browser.
    root.goto(&format!("{}/admin/invitations", server.url)).await.unwrap();
    let form = root
        .form(Locator::Css("form[action='/admin/invitations']"))
        .await
        .unwrap();
    form.set_by_name("note", "for the newcomer").await.unwrap();
    form.submit().await.unwrap();
    // The submit returns before the next page has loaded: wait for the link to be shown.
    let link = root
        .wait()
        .for_element(Locator::Css("p.secret"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(link.contains("/signup?invite="), "{link}");
    let newcomer = browser(&driver, 1280, 1100, false).await;
    newcomer.goto(&link).await.unwrap();
    sign_up_on_this_page(&newcomer, "newcomer").await;
    wait_until(&newcomer, "the sign-up to finish", |c| async move {
        !c.current_url().await.unwrap().path().starts_with("/signup")
    })
    .await;
    let body = newcomer.source().await.unwrap();
    assert!(
        body.contains("newcomer") && body.contains("Log out"),
        "signed up: {body}"
    );
    // The link is spent: a second sign-up with it is refused, with a reason.
    let again = browser(&driver, 1280, 1100, false).await;
    again.goto(&link).await.unwrap();
    sign_up_on_this_page(&again, "latecomer").await;
    wait_until(&again, "the refusal", |c| async move {
        c.source().await.unwrap().contains("notice error")
    })
    .await;
    let body = again.source().await.unwrap();
    assert!(body.contains("invitation"), "a clear refusal: {body}");
    // Every administration page fits a 360 px phone: nothing scrolls sideways.
    root.set_window_size(360, 740).await.unwrap();
    for path in [
        "/admin",
        "/admin/users",
        "/admin/users/mallory",
        "/admin/games",
        "/admin/reports",
        "/admin/invitations",
        "/admin/audit",
    ] {
        root.goto(&format!("{}{path}", server.url)).await.unwrap();
        assert_no_sideways_scroll(&root, &format!("{path} at 360 px")).await;
    }
    docs_screenshot(&root, "admin-audit-phone").await;
    for c in [newcomer, again] {
        c.close().await.unwrap();
    }
}

/// Fills the sign-up form already open (an invitation link fills the code in) and sends it.
async fn sign_up_on_this_page(c: &Client, name: &str) {
    for (field, value) in [
        ("#username", name),
        ("#password", "correct horse"),
        ("#password_again", "correct horse"),
    ] {
        c.find(Locator::Css(field))
            .await
            .unwrap()
            .send_keys(value)
            .await
            .unwrap();
    }
    c.find(Locator::Css("form[action='/signup'] button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}
