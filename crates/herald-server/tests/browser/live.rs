//! Live updates that must not stop: many game pages in one tab with the back/forward
//! cache (every stream a page opens counted), and a server restart under open pages.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::common::{
    Cdp, api_as, browser, create_game, named_player, open_game, piece_on, play_api, sees_piece, sign_up, start_driver,
    start_server, started, wait_until,
};

async fn stream_state(c: &Client) -> (String, String) {
    let v = c
        .execute(
            "const g = document.getElementById('game'); \
             return [g.dataset.streamState || '', g.dataset.streamPolling || ''];",
            vec![],
        )
        .await
        .unwrap();
    (
        v[0].as_str().unwrap_or_default().to_owned(),
        v[1].as_str().unwrap_or_default().to_owned(),
    )
}

/// From now on every page of this tab counts the event streams it opens (game, chat or
/// any other) in the tab's `localStorage` (`heraldOpenStreams`: opened minus closed, by
/// the page or for good by the browser after a refusal), and keeps its own in
/// `window.heraldStreams`. A page put in the back/forward cache is frozen, so what it left
/// open stays counted.
async fn count_streams(c: &Client) {
    const COUNTER: &str = r"(function () {
      var Native = window.EventSource;
      if (!Native) return;
      function count(d) {
        var n = Number(localStorage.getItem('heraldOpenStreams') || 0) + d;
        localStorage.setItem('heraldOpenStreams', String(n));
      }
      function Counted(url, init) {
        var es = new Native(url, init);
        var open = true;
        count(1);
        var close = es.close.bind(es);
        es.close = function () { if (open) { open = false; count(-1); } close(); };
        es.addEventListener('error', function () {
          if (open && es.readyState === Native.CLOSED) { open = false; count(-1); }
        });
        (window.heraldStreams = window.heraldStreams || []).push(es);
        return es;
      }
      Counted.prototype = Native.prototype;
      Counted.CONNECTING = Native.CONNECTING;
      Counted.OPEN = Native.OPEN;
      Counted.CLOSED = Native.CLOSED;
      window.EventSource = Counted;
    })();";
    c.issue_cmd(Cdp {
        cmd: "Page.addScriptToEvaluateOnNewDocument",
        params: json!({"source": COUNTER}),
    })
    .await
    .unwrap();
}

/// The streams this tab holds open (all its pages, cached ones included), and those of the
/// page shown: their paths, sorted.
async fn open_streams(c: &Client) -> (i64, Vec<String>) {
    let v = c
        .execute(
            "return [Number(localStorage.getItem('heraldOpenStreams') || 0),              (window.heraldStreams || []).filter(s => s.readyState !== EventSource.CLOSED)              .map(s => new URL(s.url).pathname)];",
            vec![],
        )
        .await
        .unwrap();
    let mut mine: Vec<String> = v[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap().to_owned())
        .collect();
    mine.sort();
    (v[0].as_i64().unwrap(), mine)
}

/// Issue 15.1: each game page used to keep its event stream open in the back/forward
/// cache, and Chrome's six connections per host ran out after six pages. Issue 32.7: the
/// chat panel's stream did the same, and this test, which counted no streams, missed it.
/// A player's page now holds one stream, its chat on the game's (three game tabs held all
/// six connections with two each). Ten game pages of a player in one tab, back and
/// forward: the tab never holds more than the shown page's one stream, every page loads,
/// and a move still arrives live on the page shown; its stream is open and the fallback
/// poll is off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_game_pages_in_one_tab_with_back_and_forward_still_update_live() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1100, 900, true).await;
    let bob = browser(&driver, 1100, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    sign_up(&bob, &server, "bob").await;
    let mut ids = Vec::new();
    for _ in 0..10 {
        ids.push(started(&server, &alice, &bob, "not-chess").await);
    }
    count_streams(&alice).await;
    // Each page's one stream: the game's, with the chat panel's messages on it.
    let expected = |id: &str| vec![format!("/games/{id}/events")];
    for id in &ids {
        open_game(&alice, &server, id).await;
        alice.wait().for_element(Locator::Css("#chat")).await.unwrap();
        let want = expected(id);
        wait_until(&alice, "the page's stream", move |c| {
            let want = want.clone();
            async move { open_streams(&c).await.1 == want }
        })
        .await;
        assert_eq!(
            open_streams(&alice).await,
            (1, expected(id)),
            "the tab holds only the shown page's stream"
        );
    }
    for _ in 0..4 {
        alice.back().await.unwrap();
    }
    alice.forward().await.unwrap();
    alice.back().await.unwrap();
    alice
        .wait()
        .for_element(Locator::Css("#game .board-grid"))
        .await
        .unwrap();
    // The tab shows the sixth game now (ten pages, four back, one forward, one back).
    let shown = alice.current_url().await.unwrap();
    let id = ids[5].clone();
    assert_eq!(shown.path(), format!("/games/{id}"));
    alice
        .execute("window.heraldNoReload = true; return true;", vec![])
        .await
        .unwrap();
    wait_until(&alice, "the shown page's stream to be open", |c| async move {
        stream_state(&c).await.0 == "open"
    })
    .await;
    let want = expected(&id);
    wait_until(&alice, "the shown page's streams to reopen", move |c| {
        let want = want.clone();
        async move { open_streams(&c).await.1 == want }
    })
    .await;
    assert_eq!(
        open_streams(&alice).await,
        (1, expected(&id)),
        "back and forward leave no stream open in the cached pages"
    );
    assert_eq!(
        stream_state(&alice).await.1,
        "false",
        "no polling while the stream is healthy"
    );
    // Bob is Black: Alice (White) moves first through the API, then Bob answers.
    play_api(&alice, &id, "e3e5").await;
    bob.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    play_api(&bob, &id, "e8e6").await;
    sees_piece(&alice, "e6", "Alice").await;
    // Every other page of the tab still loads at once.
    for other in &ids[6..] {
        open_game(&alice, &server, other).await;
    }
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// Issue 32.14: a page loaded before a server restart reconnected its stream with no last
/// event id (it had had no event) and never read the game again, so a move made right
/// after the restart never showed (stream "open", poll off). The opponent moves on the
/// new instance before the page can reconnect: the page shows the move, without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_right_after_a_server_restart_shows_on_a_page_loaded_before_it() {
    let Some(driver) = start_driver().await else { return };
    let mut server = start_server().await;
    let alice = browser(&driver, 1100, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    let bob = named_player(&server, "bob").await;
    // Alice is Black: Bob (White) moves first.
    let id = create_game(&alice, json!({"variant": "not-chess", "seat": 1})).await;
    let joined = api_as(&server, &bob, &format!("/api/v1/games/{id}/join"), json!({})).await;
    assert_eq!(joined["status"], "active", "{joined}");
    open_game(&alice, &server, &id).await;
    wait_until(&alice, "the page's stream to be open", |c| async move {
        stream_state(&c).await.0 == "open"
    })
    .await;
    assert!(piece_on(&alice, "e5").await.is_none());
    let (game, page) = (id.clone(), alice.clone());
    server
        .restart(|side| async move {
            // The old instance ended the page's stream; the page has not reconnected yet.
            wait_until(&page, "the stream to break", |c| async move {
                stream_state(&c).await.0 == "broken"
            })
            .await;
            let played: Value = reqwest::Client::new()
                .post(format!("{side}/api/v1/games/{game}/moves"))
                .bearer_auth(&bob)
                .json(&json!({"move": "e3e5"}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            assert_eq!(played["ply"], 1, "{played}");
        })
        .await;
    wait_until(&alice, "the stream to reconnect", |c| async move {
        stream_state(&c).await.0 == "open"
    })
    .await;
    sees_piece(&alice, "e5", "Alice").await;
    assert_eq!(
        stream_state(&alice).await.1,
        "false",
        "no polling once the stream is back"
    );
    alice.close().await.unwrap();
}
