//! Takebacks in the browser: a misclick, "Ask to take back", the opponent sees the request
//! arrive live and accepts on their page, and both boards go back one move.

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::common::{
    browser, click, create_game, game_json, join_on_page, not_reloaded, open_game, piece_on, screenshot, sees_piece,
    sign_up, start_driver, start_server, wait_until,
};

async fn has(c: &Client, css: &str) -> bool {
    c.find(Locator::Css(css)).await.is_ok()
}

async fn press(c: &Client, css: &str) {
    c.wait()
        .for_element(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Scrolls the takeback panel into the middle of the window (for the screenshot).
async fn show_panel(c: &Client) {
    c.execute(
        "document.getElementById('takeback').scrollIntoView({block: 'center'}); return true;",
        vec![],
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn a_misclick_is_taken_back_and_both_boards_go_back_live() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1280, 900, true).await;
    let bob = browser(&driver, 1280, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    sign_up(&bob, &server, "bob").await;
    let id = create_game(&alice, json!({"variant": "not-chess", "seat": 0, "rated": false})).await;
    join_on_page(&bob, &server, &id).await;
    open_game(&alice, &server, &id).await;
    open_game(&bob, &server, &id).await;

    // Alice meant e3-e5 and clicked e4: Bob sees the move arrive.
    click(&alice, "e3").await;
    click(&alice, "e4").await;
    sees_piece(&bob, "e4", "Bob").await;
    assert!(!has(&bob, "#takeback-accept").await);

    // She asks to take it back (a plain form); Bob's page shows the request live.
    press(&alice, "#takeback-ask").await;
    wait_until(&alice, "Alice's page to show her request", |c| async move {
        has(&c, "#takeback-withdraw").await
    })
    .await;
    wait_until(&bob, "Bob's page to show Accept and Decline", |c| async move {
        has(&c, "#takeback-accept").await && has(&c, "#takeback-decline").await
    })
    .await;
    assert!(not_reloaded(&bob).await, "Bob's page reloaded instead of updating live");
    let words = bob.find(Locator::Css("#takeback")).await.unwrap().text().await.unwrap();
    assert!(words.contains("alice asks to take back the move e3e4"), "{words}");
    show_panel(&bob).await;
    screenshot(&bob, "takeback-request").await;

    // Bob accepts on his page; Alice's board goes back without a reload.
    alice
        .execute("window.heraldNoReload = true; return true;", vec![])
        .await
        .unwrap();
    press(&bob, "#takeback-accept").await;
    wait_until(&bob, "Bob's board to go back", |c| async move {
        piece_on(&c, "e3").await.is_some() && piece_on(&c, "e4").await.is_none()
    })
    .await;
    wait_until(&alice, "Alice's board to go back", |c| async move {
        piece_on(&c, "e3").await.is_some() && piece_on(&c, "e4").await.is_none()
    })
    .await;
    assert!(
        not_reloaded(&alice).await,
        "Alice's page reloaded instead of updating live"
    );
    let game = game_json(&alice, &id).await;
    assert_eq!(
        (game["ply"].clone(), game["turn"].clone()),
        (json!(0), json!(0)),
        "{game}"
    );
    assert!(!has(&alice, "#takeback-withdraw").await);
    let news = alice
        .find(Locator::Css("#takeback"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        news.contains("bob accepted the takeback: e3e4 was taken back."),
        "{news}"
    );
    show_panel(&alice).await;
    screenshot(&alice, "takeback-accepted").await;

    // She plays what she meant; Bob (on the page his answer loaded) sees it live.
    bob.execute("window.heraldNoReload = true; return true;", vec![])
        .await
        .unwrap();
    click(&alice, "e3").await;
    click(&alice, "e5").await;
    sees_piece(&bob, "e5", "Bob").await;
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}
