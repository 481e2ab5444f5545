//! Playing on the game page: clicking, dragging (mouse and finger), the keyboard, the
//! forms without JavaScript, and every player seeing the others' moves live.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::common::{
    browser, click, create_game, game_json, join_on_page, open_game, piece_on, play_api, press, screenshot, sees_piece,
    sign_up, start_driver, start_server, started, wait_until,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_by_clicking_and_see_each_others_moves_live() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1280, 900, true).await;
    let bob = browser(&driver, 1280, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    sign_up(&bob, &server, "bob").await;
    let id = create_game(&alice, json!({"variant": "not-chess", "seat": 0})).await;
    join_on_page(&bob, &server, &id).await;
    open_game(&alice, &server, &id).await;
    open_game(&bob, &server, &id).await;
    // Bob plays Black: his board is turned, so his own pieces are at the bottom.
    let first = bob.find(Locator::Css("#game .board-grid .sq")).await.unwrap();
    assert_eq!(first.attr("data-sq").await.unwrap().as_deref(), Some("j1"));

    // Alice clicks her pawn, sees its destinations, and plays e3-e5.
    click(&alice, "e3").await;
    let mut dests = Vec::new();
    for square in alice
        .find_all(Locator::Css("#game .board-grid .sq.dest"))
        .await
        .unwrap()
    {
        dests.push(square.attr("data-sq").await.unwrap().unwrap());
    }
    dests.sort();
    assert_eq!(dests, vec!["e4".to_owned(), "e5".to_owned()]);
    click(&alice, "e5").await;
    sees_piece(&bob, "e5", "Bob").await;
    // It came through the page's event stream, not only its 5-second fallback poll.
    wait_until(&bob, "Bob's page to count a streamed event", |c| async move {
        let game = c.find(Locator::Id("game")).await.unwrap();
        let count = game.attr("data-stream-events").await.unwrap().unwrap_or_default();
        count.parse::<u32>().unwrap_or(0) >= 1
    })
    .await;
    assert!(piece_on(&bob, "e3").await.is_none());
    assert_eq!(game_json(&bob, &id).await["ply"], 1);

    // An illegal click does nothing harmful: Bob picks his pawn and clicks a square it cannot reach,
    // then an enemy piece; nothing is sent and the board is unchanged.
    click(&bob, "e8").await;
    click(&bob, "e4").await;
    click(&bob, "e5").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(game_json(&bob, &id).await["ply"], 1);
    assert!(piece_on(&bob, "e8").await.is_some());
    assert!(bob.find_all(Locator::Css(".sq.dest")).await.unwrap().is_empty());

    // Bob answers by clicking; Alice sees it live.
    click(&bob, "e8").await;
    click(&bob, "e7").await;
    sees_piece(&alice, "e7", "Alice").await;
    assert!(piece_on(&alice, "e8").await.is_none());
    let last = alice
        .find(Locator::Css("#game .board-grid .sq.last[data-sq='e7']"))
        .await;
    assert!(last.is_ok(), "the last move is highlighted");

    // Keyboard: arrows move the focus, Enter selects.
    alice
        .execute(
            "document.querySelector('[data-sq=\"c3\"]').focus(); return true;",
            vec![],
        )
        .await
        .unwrap();
    let focused = alice.active_element().await.unwrap();
    focused.send_keys("\u{E014}").await.unwrap(); // ArrowRight
    let focused = alice.active_element().await.unwrap();
    assert_eq!(focused.attr("data-sq").await.unwrap().as_deref(), Some("d3"));
    focused.send_keys("\u{E007}").await.unwrap(); // Enter picks the pawn up
    assert!(alice.find(Locator::Css(".sq.selected[data-sq='d3']")).await.is_ok());
    screenshot(&alice, "not-chess-desktop").await;
    if std::env::var("HERALD_UPDATE_DOCS_SCREENSHOT").is_ok_and(|v| v == "1") {
        let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::write(docs.join("screenshot-game.png"), alice.screenshot().await.unwrap()).unwrap();
    }

    // A phone-size window: the board fits the width and squares stay usable.
    alice.set_window_size(360, 740).await.unwrap();
    alice.refresh().await.unwrap();
    alice
        .wait()
        .for_element(Locator::Css("#game .board-grid"))
        .await
        .unwrap();
    let width = alice
        .execute(
            "return [document.querySelector('#game .board-grid').getBoundingClientRect().width, \
             document.documentElement.clientWidth, document.documentElement.scrollWidth];",
            vec![],
        )
        .await
        .unwrap();
    let (board, client, scroll) = (
        width[0].as_f64().unwrap(),
        width[1].as_f64().unwrap(),
        width[2].as_f64().unwrap(),
    );
    assert!(
        board <= client && board > 300.0,
        "board {board}px in a {client}px window"
    );
    assert!(
        scroll <= client + 1.0,
        "the page scrolls sideways on a phone ({scroll} > {client})"
    );
    screenshot(&alice, "not-chess-phone").await;

    alice.close().await.unwrap();
    bob.close().await.unwrap();
    drop(driver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chatrang_four_sessions_take_turns_and_all_see_every_move() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let names = ["pia", "pax", "pim", "pod"];
    let mut players = Vec::new();
    for name in names {
        let c = browser(&driver, 1100, 900, true).await;
        sign_up(&c, &server, name).await;
        players.push(c);
    }
    let id = create_game(&players[0], json!({"variant": "chatrang", "seat": 0})).await;
    for p in &players[1..] {
        join_on_page(p, &server, &id).await;
    }
    for p in &players {
        open_game(p, &server, &id).await;
    }
    // The four armies are drawn in four different colours.
    let mut armies = Vec::new();
    for square in ["d1", "e8", "e1", "d8"] {
        armies.push(piece_on(&players[0], square).await.unwrap());
    }
    for (i, a) in armies.iter().enumerate() {
        assert!(
            armies
                .iter()
                .skip(i + 1)
                .all(|b| b.split(' ').nth(1) != a.split(' ').nth(1)),
            "{armies:?}"
        );
    }
    // Players 1 to 4 move in turn (seat order); each move appears on the other three pages.
    let moves = [("a2", "a3"), ("e7", "e6"), ("e2", "e3"), ("a7", "a6")];
    for (seat, (from, to)) in moves.iter().enumerate() {
        click(&players[seat], from).await;
        click(&players[seat], to).await;
        for (other, page) in players.iter().enumerate() {
            if other != seat {
                sees_piece(page, to, names[other]).await;
            }
        }
    }
    assert_eq!(game_json(&players[0], &id).await["ply"], 4);
    screenshot(&players[3], "chatrang-player4-desktop").await;
    players[1].set_window_size(360, 740).await.unwrap();
    players[1].refresh().await.unwrap();
    players[1]
        .wait()
        .for_element(Locator::Css("#game .board-grid"))
        .await
        .unwrap();
    screenshot(&players[1], "chatrang-player2-phone").await;
    for p in players {
        p.close().await.unwrap();
    }
}

/// Whether a square shows a piece, read without running any script in the page.
async fn has_piece(c: &Client, square: &str) -> bool {
    // While a form's answer loads, the query may fail: that is "not yet".
    c.find_all(Locator::Css(&format!("#game .board-grid [data-sq='{square}'] svg.pc")))
        .await
        .is_ok_and(|found| !found.is_empty())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_javascript_the_forms_play_moves_and_a_stale_page_is_refused() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let ann = browser(&driver, 1000, 900, false).await;
    let ben = browser(&driver, 1000, 900, true).await;
    sign_up(&ann, &server, "ann").await;
    sign_up(&ben, &server, "ben").await;
    let id = create_game(&ben, json!({"variant": "nowan", "seat": 1})).await;
    join_on_page(&ann, &server, &id).await;
    // Black (Ann) moves first: click the Warrior on e2, then e3. Without a script each click
    // is a form post: the first one comes back with the piece selected (`?from=e2`).
    click(&ann, "e2").await;
    ann.wait()
        .for_element(Locator::Css(".sq.selected[data-sq='e2']"))
        .await
        .unwrap();
    assert!(
        ann.current_url()
            .await
            .unwrap()
            .query()
            .unwrap_or("")
            .contains("from=e2")
    );
    assert!(
        !ann.find_all(Locator::Css(".sq.dest[data-sq='e3']"))
            .await
            .unwrap()
            .is_empty()
    );
    click(&ann, "e3").await;
    // The old page's board is there until the form's answer replaces it: wait for the move.
    wait_until(&ann, "Ann's form move to show", |c| async move {
        has_piece(&c, "e3").await && !has_piece(&c, "e2").await
    })
    .await;
    assert_eq!(game_json(&ben, &id).await["moves"], json!(["e2e3"]));

    // Ben (Red) types his move in the text box.
    ben.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    ben.find(Locator::Css("#move-text"))
        .await
        .unwrap()
        .send_keys("e8e7")
        .await
        .unwrap();
    ben.find(Locator::Css("#move-text + button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // Until the answer loads, the old page (or none) is there: ask until the move is in.
    wait_until(&ben, "Ben's typed move to be played", |c| {
        let id = id.clone();
        async move {
            c.execute(
                "return fetch('/api/v1/games/' + arguments[0], {credentials: 'same-origin'}).then(r => r.json());",
                vec![json!(id)],
            )
            .await
            .is_ok_and(|game| game["ply"] == 2)
        }
    })
    .await;

    // Ann's page still shows the position before Ben's move: her next form post is refused
    // with a message she understands, and nothing is played.
    click(&ann, "d2").await;
    // The old page has an (empty, hidden) message too: wait for the answer's.
    wait_until(&ann, "the refusal on Ann's page", |c| async move {
        match c.find(Locator::Css("#game-message")).await {
            Ok(element) => element.text().await.is_ok_and(|text| !text.trim().is_empty()),
            Err(_) => false,
        }
    })
    .await;
    let message = ann
        .find(Locator::Css("#game-message"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(message.contains("opponent has moved"), "{message}");
    assert_eq!(game_json(&ben, &id).await["ply"], 2);
    screenshot(&ann, "nowan-nojs-desktop").await;
    ann.close().await.unwrap();
    ben.close().await.unwrap();
}

/// Issue 15.2: a refused typed move used to leave the page at `/games/<id>/move`, whose
/// refresh failed (405), so later moves never showed. The refusal lands on the game's own
/// URL; the next click-move and the opponent's reply both show.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_typed_move_then_a_clicked_move_and_the_reply_all_show() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1100, 900, true).await;
    let bob = browser(&driver, 1100, 900, true).await;
    sign_up(&alice, &server, "amy").await;
    sign_up(&bob, &server, "bert").await;
    let id = started(&server, &alice, &bob, "not-chess").await;
    open_game(&alice, &server, &id).await;
    alice
        .find(Locator::Css("#move-text"))
        .await
        .unwrap()
        .send_keys("e3e9")
        .await
        .unwrap();
    alice
        .find(Locator::Css("#move-text + button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&alice, "the refusal on the game's own URL", |c| async move {
        match c.find(Locator::Css("#game-message")).await {
            Ok(element) => element.text().await.is_ok_and(|text| text.contains("not legal")),
            Err(_) => false,
        }
    })
    .await;
    assert_eq!(alice.current_url().await.unwrap().path(), format!("/games/{id}"));
    alice
        .execute("window.heraldNoReload = true; return true;", vec![])
        .await
        .unwrap();
    click(&alice, "e3").await;
    click(&alice, "e5").await;
    sees_piece(&alice, "e5", "Alice").await;
    assert!(piece_on(&alice, "e3").await.is_none(), "Alice's own move shows");
    play_api(&bob, &id, "e8e6").await;
    sees_piece(&alice, "e6", "Alice").await;
    assert!(piece_on(&alice, "e8").await.is_none(), "Bob's reply shows");
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// Drags a piece from one square to another with a mouse or a finger.
async fn drag(c: &Client, from: &str, to: &str, touch: bool) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, TouchActions};
    let a = c
        .find(Locator::Css(&format!("#game .board-grid [data-sq='{from}']")))
        .await
        .unwrap();
    let b = c
        .find(Locator::Css(&format!("#game .board-grid [data-sq='{to}']")))
        .await
        .unwrap();
    let steps = [
        PointerAction::MoveToElement {
            element: a.clone(),
            duration: None,
            x: 0.0,
            y: 0.0,
        },
        PointerAction::Down { button: 0 },
        PointerAction::MoveToElement {
            element: a,
            duration: Some(Duration::from_millis(100)),
            x: 8.0,
            y: 8.0,
        },
        PointerAction::MoveToElement {
            element: b,
            duration: Some(Duration::from_millis(300)),
            x: 0.0,
            y: 0.0,
        },
        PointerAction::Up { button: 0 },
    ];
    if touch {
        let mut actions = TouchActions::new("finger".to_owned());
        for s in steps {
            actions = actions.then(s);
        }
        c.perform_actions(actions).await.unwrap();
    } else {
        let mut actions = MouseActions::new("mouse".to_owned());
        for s in steps {
            actions = actions.then(s);
        }
        c.perform_actions(actions).await.unwrap();
    }
}

/// Drag and drop plays moves (a mouse in Not Chess, a finger in Nowan), the legal
/// destinations show while dragging, and a drop on an illegal square plays nothing.
/// Flip turns the board; the keyboard plays a move with the board as one Tab stop.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drag_and_drop_flip_and_a_keyboard_move_with_one_tab_stop() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1100, 900, true).await;
    let bob = browser(&driver, 1100, 900, true).await;
    sign_up(&alice, &server, "ada").await;
    sign_up(&bob, &server, "ben").await;

    // Not Chess with a mouse: while the pawn is held its destinations show.
    let id = started(&server, &alice, &bob, "not-chess").await;
    open_game(&alice, &server, &id).await;
    {
        use fantoccini::actions::{InputSource, MouseActions, PointerAction};
        let a = alice
            .find(Locator::Css("#game .board-grid [data-sq='e3']"))
            .await
            .unwrap();
        let hold = MouseActions::new("mouse".to_owned())
            .then(PointerAction::MoveToElement {
                element: a.clone(),
                duration: None,
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Down { button: 0 })
            .then(PointerAction::MoveToElement {
                element: a,
                duration: Some(Duration::from_millis(100)),
                x: 10.0,
                y: 10.0,
            });
        alice.perform_actions(hold).await.unwrap();
        let mut dests = Vec::new();
        for square in alice
            .find_all(Locator::Css("#game .board-grid .sq.dest"))
            .await
            .unwrap()
        {
            dests.push(square.attr("data-sq").await.unwrap().unwrap());
        }
        dests.sort();
        assert_eq!(dests, ["e4", "e5"], "destinations while dragging");
        assert!(
            alice.find(Locator::Css(".drag-ghost")).await.is_ok(),
            "the piece follows the pointer"
        );
        alice.release_actions().await.unwrap();
    }
    open_game(&alice, &server, &id).await;
    // A drop on a square the piece cannot reach plays nothing.
    drag(&alice, "e3", "e7", false).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(game_json(&alice, &id).await["ply"], 0);
    drag(&alice, "e3", "e5", false).await;
    sees_piece(&alice, "e5", "Alice").await;
    assert_eq!(game_json(&alice, &id).await["moves"], json!(["e3e5"]));

    // Nowan with a finger (Black, seat 0, moves first).
    let nowan = started(&server, &alice, &bob, "nowan").await;
    open_game(&alice, &server, &nowan).await;
    drag(&alice, "e2", "e3", true).await;
    sees_piece(&alice, "e3", "Alice").await;
    assert_eq!(game_json(&alice, &nowan).await["moves"], json!(["e2e3"]));

    // Flip: the board turns (its first square becomes the last), and back.
    let first = || async {
        alice
            .find(Locator::Css("#game .board-grid .sq"))
            .await
            .unwrap()
            .attr("data-sq")
            .await
            .unwrap()
            .unwrap()
    };
    assert_eq!(first().await, "a9");
    alice
        .find(Locator::Id("flip-board"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(first().await, "i1");
    assert!(alice.find(Locator::Css(".board.flipped")).await.is_ok());
    screenshot(&alice, "nowan-flipped-desktop").await;
    alice
        .find(Locator::Id("flip-board"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(first().await, "a9");

    // Keyboard only, in the Not Chess game where it is Bob's (Black's) move: one Tab from
    // the control before the board enters it, arrows reach the pawn, Enter picks it up,
    // arrows reach its destination, Enter plays; one Tab leaves the board.
    open_game(&bob, &server, &id).await;
    let tab_stops = bob
        .execute(
            "return document.querySelectorAll('#game .board-grid .sq[tabindex=\"0\"]').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(tab_stops, 1, "the board is one Tab stop");
    bob.execute(
        "const all = Array.from(document.querySelectorAll('a[href], button, input, select, textarea'))\
           .filter(e => !e.closest('.board-grid') && !e.closest('[hidden]') && e.getClientRects().length);\
         const grid = document.querySelector('#game .board-grid');\
         const before = all.filter(e => e.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING);\
         before[before.length - 1].focus(); return true;",
        vec![],
    )
    .await
    .unwrap();
    press(&bob, '\u{E004}').await; // Tab
    let focused = bob.active_element().await.unwrap();
    let start = focused
        .attr("data-sq")
        .await
        .unwrap()
        .expect("one Tab enters the board");
    // Walk to e8 (the pawn) from wherever the Tab stop was, with arrows only.
    let pos = |name: &str| {
        let b = name.as_bytes();
        (i32::from(b[0] - b'a'), name[1..].parse::<i32>().unwrap())
    };
    let walk = |from: String, to: &'static str| {
        let bob = bob.clone();
        async move {
            let (f0, r0) = pos(&from);
            let (f1, r1) = pos(to);
            // Bob sees the board from Black's side: files run right to left, ranks top to bottom.
            let (h, v) = (f0 - f1, r1 - r0);
            for _ in 0..h.abs() {
                press(&bob, if h > 0 { '\u{E014}' } else { '\u{E012}' }).await;
            }
            for _ in 0..v.abs() {
                press(&bob, if v > 0 { '\u{E015}' } else { '\u{E013}' }).await;
            }
        }
    };
    walk(start, "e8").await;
    let at = bob.active_element().await.unwrap().attr("data-sq").await.unwrap();
    assert_eq!(at.as_deref(), Some("e8"));
    press(&bob, '\u{E007}').await; // Enter
    assert!(bob.find(Locator::Css(".sq.selected[data-sq='e8']")).await.is_ok());
    walk("e8".to_owned(), "e6").await;
    press(&bob, '\u{E007}').await;
    sees_piece(&bob, "e6", "Bob").await;
    assert_eq!(game_json(&bob, &id).await["moves"], json!(["e3e5", "e8e6"]));
    // Focus stays on the board after the update; one Tab leaves it.
    wait_until(&bob, "focus back on the board", |c| async move {
        c.active_element()
            .await
            .unwrap()
            .attr("data-sq")
            .await
            .unwrap()
            .is_some()
    })
    .await;
    press(&bob, '\u{E004}').await;
    let after = bob.active_element().await.unwrap();
    assert!(
        after.attr("data-sq").await.unwrap().is_none(),
        "one Tab leaves the board"
    );

    // Replay with the keyboard: Home shows the start, Right the first move, End the game.
    bob.execute(
        "document.activeElement.blur(); document.body.focus(); return true;",
        vec![],
    )
    .await
    .unwrap();
    press(&bob, '\u{E011}').await; // Home
    wait_until(&bob, "the start position", |c| async move {
        piece_on(&c, "e3").await.is_some()
    })
    .await;
    press(&bob, '\u{E014}').await; // ArrowRight
    wait_until(&bob, "the position after move 1", |c| async move {
        piece_on(&c, "e5").await.is_some() && piece_on(&c, "e8").await.is_some()
    })
    .await;
    let status = bob
        .find(Locator::Css(".game-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("Position after move 1"), "{status}");
    press(&bob, '\u{E010}').await; // End
    wait_until(&bob, "the current position", |c| async move {
        piece_on(&c, "e6").await.is_some()
    })
    .await;
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}
