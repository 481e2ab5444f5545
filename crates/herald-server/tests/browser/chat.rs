//! The game chat: Chatrang partners talk privately, messages arrive live.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::common::{
    api, browser, create_game, docs_screenshot, named_player, open_game, sign_up, start_driver, start_server, started,
    wait_until,
};

/// Waits until the page's chat log shows `text` (`what` names it if it never does).
async fn chat_shows(c: &Client, what: &str, text: &'static str) {
    wait_until(c, what, move |c| async move {
        c.execute("return document.getElementById('chat-log').textContent;", vec![])
            .await
            .unwrap()
            .as_str()
            .is_some_and(|t| t.contains(text))
    })
    .await;
}

/// Issue 19: a Chatrang game's chat on the page. Partners talk on their team channel, live,
/// and the other team's page never shows it; a message to everyone reaches the opponent's
/// open page without a reload; messages are text (markup shows as typed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chatrang_partners_talk_privately_and_messages_arrive_live() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let ann = browser(&driver, 1280, 1400, true).await;
    let ben = browser(&driver, 1280, 1400, true).await;
    sign_up(&ann, &server, "ann").await;
    sign_up(&ben, &server, "ben").await;
    let id = create_game(&ann, json!({"variant": "chatrang", "seat": 0})).await;
    let joined = api(&ben, "POST", &format!("/api/v1/games/{id}/join"), json!({"seat": 1})).await;
    assert!(joined.get("error").is_none(), "{joined}");
    let http = reqwest::Client::new();
    let mut bots = Vec::new();
    for (seat, name) in [(2, "cat"), (3, "dan")] {
        let token = named_player(&server, name).await;
        let joined: Value = http
            .post(format!("{}/api/v1/games/{id}/join", server.url))
            .bearer_auth(&token)
            .json(&json!({"seat": seat}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(joined.get("error").is_none(), "{joined}");
        bots.push(token);
    }
    open_game(&ann, &server, &id).await;
    open_game(&ben, &server, &id).await;
    for c in [&ann, &ben] {
        c.wait().for_element(Locator::Css("#chat-form")).await.unwrap();
    }
    let say = |token: String, text: &'static str, channel: &'static str| {
        let http = http.clone();
        let url = format!("{}/api/v1/games/{id}/chat", server.url);
        async move {
            let sent = http
                .post(url)
                .bearer_auth(token)
                .json(&json!({"text": text, "channel": channel}))
                .send()
                .await
                .unwrap();
            assert_eq!(sent.status(), 201);
        }
    };
    // Cat, Ann's partner, writes on their team channel: it appears on Ann's open page.
    say(
        bots[0].clone(),
        "Their Shah is short of squares: push the Rukh <now>",
        "team",
    )
    .await;
    chat_shows(&ann, "the partner's team message, live", "push the Rukh <now>").await;
    // Ann answers everyone from the page: Ben's open page shows it.
    ann.find(Locator::Css("#chat-text"))
        .await
        .unwrap()
        .send_keys("Good luck to all, see https://example.org/rules")
        .await
        .unwrap();
    ann.find(Locator::Css("#chat-form button[type='submit']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    chat_shows(&ben, "Ann's message on Ben's page", "Good luck to all").await;
    // A message that arrived live is dated as the page dates the others ("Sat 5 Dec
    // 2026, 09:35 UTC"), never in the browser's own format ("12/5/2026, 9:35:12 AM").
    let dates = ben
        .execute(
            "return [...document.querySelectorAll('#chat-log time')].map(t => t.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let dates: Vec<String> = serde_json::from_value(dates).unwrap();
    assert!(!dates.is_empty());
    for date in &dates {
        let parts: Vec<&str> = date.split(' ').collect();
        assert!(
            parts.len() == 6
                && parts[0].len() == 3
                && parts[3].ends_with(',')
                && parts[4].len() == 5
                && parts[4].as_bytes()[2] == b':'
                && parts[5] == "UTC",
            "a chat date in another format: {date} (all: {dates:?})"
        );
    }
    say(bots[1].clone(), "Ben, trade the Pil on c5", "team").await;
    say(bots[0].clone(), "Nice plan, partner.", "team").await;
    chat_shows(&ann, "the second team message", "Nice plan").await;
    // Ben's page never shows the other team's channel; links are links, markup is text.
    let bens = ben
        .execute("return document.getElementById('chat-log').textContent;", vec![])
        .await
        .unwrap();
    assert!(!bens.as_str().unwrap().contains("push the Rukh"), "{bens}");
    let anns = ann
        .execute(
            "const log = document.getElementById('chat-log'); \
             return [log.textContent.includes('Ben, trade'), log.querySelectorAll('script').length, \
             log.querySelector('a[href=\"https://example.org/rules\"]') !== null];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(anns, json!([false, 0, true]));
    // Issue 32.14: Ann's choice of recipients survives a reload (it used to fall back to
    // everyone, so a team plan went to the opponents); what she then sends reaches her
    // partner only.
    ann.find(Locator::Css("#chat-channel"))
        .await
        .unwrap()
        .select_by_value("team")
        .await
        .unwrap();
    open_game(&ann, &server, &id).await;
    wait_until(&ann, "the kept choice of recipients", |c| async move {
        c.execute("return document.getElementById('chat-channel').value;", vec![])
            .await
            .unwrap()
            == "team"
    })
    .await;
    ann.find(Locator::Css("#chat-text"))
        .await
        .unwrap()
        .send_keys("Keep the Rukh on the f-file")
        .await
        .unwrap();
    ann.find(Locator::Css("#chat-form button[type='submit']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&ann, "Ann's team message on her page", |c| async move {
        c.execute(
            "const li = document.querySelector('#chat-log li:last-child'); \
             return li !== null && li.textContent.includes('Keep the Rukh') && li.classList.contains('team');",
            vec![],
        )
        .await
        .unwrap()
            == true
    })
    .await;
    let bens = api(&ben, "GET", &format!("/api/v1/games/{id}/chat"), json!({})).await;
    assert!(bens.get("error").is_none(), "{bens}");
    assert!(!bens.to_string().contains("Keep the Rukh"), "{bens}");
    ann.execute("document.getElementById('chat').scrollIntoView(); return true;", vec![])
        .await
        .unwrap();
    docs_screenshot(&ann, "chat-team-channel").await;
}

/// The chat comes on the game page's one stream, which opens for it on a finished game's
/// page (the board no longer needs one): a message after the game reaches the opponent's
/// page live.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_game_ends_the_chat_still_arrives_live() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1100, 900, true).await;
    let bob = browser(&driver, 1100, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    sign_up(&bob, &server, "bob").await;
    let id = started(&server, &alice, &bob, "not-chess").await;
    let resigned = api(&bob, "POST", &format!("/api/v1/games/{id}/resign"), json!({})).await;
    assert_eq!(resigned["status"], "finished", "{resigned}");
    open_game(&alice, &server, &id).await;
    alice.wait().for_element(Locator::Css("#chat-form")).await.unwrap();
    wait_until(&alice, "the finished game's page stream to open", |c| async move {
        c.execute(
            "return document.getElementById('game').dataset.streamState || '';",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
            == Some("open")
    })
    .await;
    let sent = api(
        &bob,
        "POST",
        &format!("/api/v1/games/{id}/chat"),
        json!({"text": "good game"}),
    )
    .await;
    assert!(sent.get("error").is_none(), "{sent}");
    chat_shows(&alice, "bob's message after the game, live", "good game").await;
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}
