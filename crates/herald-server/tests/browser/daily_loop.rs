//! The correspondence player's daily loop on the page: the whole board and its deadline in
//! the window at laptop and phone sizes, the phone menu with the my-move count, the "next
//! game" button in deadline order, move confirmation (click, drag and typed, on a phone by
//! default), and a game already opened readable offline with moves refused plainly.

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::common::*;

/// The board's bottom edge, the window's height, and the bottom of the time left (none
/// when no time is shown), in CSS pixels.
async fn fit(c: &Client) -> (f64, f64, Option<f64>, Option<f64>) {
    let v = c
        .execute(
            "const b = document.querySelector('#game .board-grid').getBoundingClientRect(); \
             const t = document.querySelector('#game .board-bar .time-left'); \
             const y = document.querySelector('#game .board-bar .you-play'); \
             return [b.bottom, window.innerHeight, t ? t.getBoundingClientRect().bottom : null, \
                     y ? y.getBoundingClientRect().bottom : null];",
            vec![],
        )
        .await
        .unwrap();
    (
        v[0].as_f64().unwrap(),
        v[1].as_f64().unwrap(),
        v[2].as_f64(),
        v[3].as_f64(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_board_and_the_deadline_fit_laptop_and_phone_windows() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 1366, 768, true).await;
    let guest = browser(&driver, 1366, 768, true).await;
    sign_up(&host, &server, "laila").await;
    sign_up(&guest, &server, "lukas").await;
    for variant in ["nowan", "not-chess", "chatrang", "ancient"] {
        let id = started(&server, &host, &guest, variant).await;
        for (width, height, label) in [(1366, 768, "laptop"), (390, 844, "phone")] {
            host.set_window_size(width, height).await.unwrap();
            open_game(&host, &server, &id).await;
            let (bottom, window, left, army) = fit(&host).await;
            assert!(
                bottom <= window,
                "{variant} at {label}: the board ends at {bottom}px, below the window's {window}px"
            );
            let left = left.unwrap_or_else(|| panic!("{variant} at {label}: no time left shown above the board"));
            assert!(left <= window, "{variant} at {label}: the deadline is below the fold");
            if variant == "not-chess" {
                // The "10" beside the a10 piece is drawn over it, readable: what is at the
                // label's centre (were it not click-through) is the label, on its chip.
                let on_top = host
                    .execute(
                        "const l = [...document.querySelectorAll('#game .coord-rank')].find(e => e.textContent === '10'); \
                         const r = l.getBoundingClientRect(); \
                         l.style.pointerEvents = 'auto'; \
                         const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
                         l.style.pointerEvents = ''; \
                         return e === l && getComputedStyle(l).backgroundColor !== 'rgba(0, 0, 0, 0)';",
                        vec![],
                    )
                    .await
                    .unwrap();
                assert_eq!(
                    on_top,
                    json!(true),
                    "not-chess at {label}: the 10 is hidden under the a10 piece"
                );
            }
            let army = army.unwrap_or_else(|| panic!("{variant} at {label}: no \"You play\" line"));
            assert!(
                army <= window,
                "{variant} at {label}: which army is mine is below the fold"
            );
            let bar = host
                .find(Locator::Css("#game .board-bar"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            assert!(bar.contains("You play") && bar.contains("left"), "{variant}: {bar}");
            if variant == "chatrang" {
                docs_screenshot(&host, &format!("game-{label}")).await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_menu_folds_and_the_my_move_count_stays() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 390, 844, true).await;
    let guest = browser(&driver, 390, 844, true).await;
    sign_up(&host, &server, "mina").await;
    sign_up(&guest, &server, "mats").await;
    // Two games where it is Mina's move (she holds White, who starts).
    started(&server, &host, &guest, "nowan").await;
    started(&server, &host, &guest, "ancient").await;
    host.goto(&format!("{}/lobby", server.url)).await.unwrap();
    let count = host.find(Locator::Css("#my-move")).await.unwrap();
    assert!(count.is_displayed().await.unwrap(), "the count shows on a phone");
    assert_eq!(count.text().await.unwrap(), "2 to move");
    let title = host.title().await.unwrap();
    assert!(title.starts_with("(2) "), "{title}");
    let lobby = host
        .find(Locator::Css("#site-menu nav a[href='/lobby']"))
        .await
        .unwrap();
    assert!(!lobby.is_displayed().await.unwrap(), "the links are folded");
    let header = host
        .execute(
            "return document.querySelector('header.site').getBoundingClientRect().height;",
            vec![],
        )
        .await
        .unwrap();
    assert!(header.as_f64().unwrap() < 70.0, "one row of header: {header}");
    docs_screenshot(&host, "phone-menu-closed").await;
    host.find(Locator::Css("#menu-button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(lobby.is_displayed().await.unwrap(), "the menu opens");
    assert_eq!(
        host.find(Locator::Css("#menu-button"))
            .await
            .unwrap()
            .attr("aria-expanded")
            .await
            .unwrap()
            .as_deref(),
        Some("true")
    );
    // The opponent has no move to make: no count at all.
    guest.goto(&format!("{}/lobby", server.url)).await.unwrap();
    let theirs = guest.find(Locator::Css("#my-move")).await.unwrap();
    assert!(!theirs.is_displayed().await.unwrap());
    assert!(!guest.title().await.unwrap().starts_with('('));
    // Without JavaScript every link stays in view: nothing is hidden behind a button that
    // cannot open.
    let plain = browser(&driver, 390, 844, false).await;
    plain.goto(&format!("{}/lobby", server.url)).await.unwrap();
    let link = plain
        .find(Locator::Css("#site-menu nav a[href='/lobby']"))
        .await
        .unwrap();
    assert!(link.is_displayed().await.unwrap());
    for c in [host, guest, plain] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_move_next_game_opens_the_most_urgent_game_and_the_count_follows() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 1366, 900, true).await;
    let guest = browser(&driver, 1366, 900, true).await;
    sign_up(&host, &server, "nora").await;
    sign_up(&guest, &server, "nils").await;
    // Three games where it is Nora's move, with 7, 2 and 4 days per move: the next game
    // after the first is the one with 2 days, then the one with 4.
    let mut ids = Vec::new();
    for days in [7, 2, 4] {
        let id = create_game(&host, json!({"variant": "nowan", "seat": 0, "days_per_move": days})).await;
        api(&guest, "POST", &format!("/api/v1/games/{id}/join"), json!({})).await;
        ids.push(id);
    }
    open_game(&host, &server, &ids[0]).await;
    assert_eq!(
        host.find(Locator::Css("#my-move-count"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "3"
    );
    let next = host.find(Locator::Css("#next-game")).await.unwrap();
    assert!(next.text().await.unwrap().contains("2 waiting"));
    // Nora moves on the board: the count drops to two without a reload.
    let moves: Value = game_json(&host, &ids[0]).await["legal_moves"].clone();
    let first = moves[0].as_str().unwrap().to_owned();
    click(&host, &first[..2]).await;
    click(&host, &first[2..4]).await;
    wait_until(&host, "the count to drop", |c| async move {
        c.find(Locator::Css("#my-move-count"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
            == "2"
    })
    .await;
    assert!(not_reloaded(&host).await);
    assert!(host.title().await.unwrap().starts_with("(2) "));
    host.find(Locator::Css("#next-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&host, "the next game", |c| {
        let want = format!("/games/{}", ids[1]);
        async move { c.current_url().await.unwrap().path() == want }
    })
    .await;
    host.find(Locator::Css("#next-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&host, "the game after it", |c| {
        let want = format!("/games/{}", ids[2]);
        async move { c.current_url().await.unwrap().path() == want }
    })
    .await;
    // From the last, back to the one still waiting; and once Nora moves in both, no button.
    let next = host.find(Locator::Css("#next-game")).await.unwrap();
    assert!(next.text().await.unwrap().contains("1 waiting"));
    for game in &ids[1..] {
        let moves: Value = game_json(&host, game).await["legal_moves"].clone();
        api(
            &host,
            "POST",
            &format!("/api/v1/games/{game}/moves"),
            json!({"move": moves[0], "ply": 0}),
        )
        .await;
    }
    open_game(&host, &server, &ids[2]).await;
    assert!(
        host.find(Locator::Css("#next-game")).await.is_err(),
        "no next-game button when no other game waits"
    );
    assert!(
        !host
            .find(Locator::Css("#my-move"))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap()
    );
    for c in [host, guest] {
        c.close().await.unwrap();
    }
}

/// A phone: Chromium's device emulation (390x844, touch, a phone's user agent), where the
/// main pointer is a finger (`pointer: coarse`).
async fn phone(driver: &Driver) -> Client {
    let chrome = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
        "mobileEmulation": {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": true, "mobile": true},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"
        },
    });
    connect(driver, chrome).await
}

async fn ply(c: &Client, id: &str) -> i64 {
    game_json(c, id).await["ply"].as_i64().unwrap()
}

async fn confirm_bar_shown(c: &Client) -> bool {
    c.find(Locator::Css("#confirm-bar"))
        .await
        .unwrap()
        .is_displayed()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_a_move_waits_for_confirm_and_cancel_takes_it_back() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = phone(&driver).await;
    let guest = browser(&driver, 1280, 900, true).await;
    sign_up(&host, &server, "olga").await;
    sign_up(&guest, &server, "otto").await;
    let id = started(&server, &host, &guest, "nowan").await;
    open_game(&host, &server, &id).await;
    let coarse = host
        .execute("return matchMedia('(pointer: coarse)').matches;", vec![])
        .await
        .unwrap();
    assert_eq!(coarse, json!(true), "the emulated phone has a finger for a pointer");
    let moves: Value = game_json(&host, &id).await["legal_moves"].clone();
    let mv = moves[0].as_str().unwrap().to_owned();
    let (from, to) = (&mv[..2], &mv[2..4]);
    let piece = piece_on(&host, from).await.unwrap();
    // Tap, tap: the piece stands on its new square, nothing is sent yet.
    click(&host, from).await;
    click(&host, to).await;
    assert!(confirm_bar_shown(&host).await, "Confirm and Cancel are offered");
    assert_eq!(
        piece_on(&host, to).await.as_deref(),
        Some(piece.as_str()),
        "shown on the board"
    );
    assert_eq!(piece_on(&host, from).await, None);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(ply(&guest, &id).await, 0, "not sent before Confirm");
    docs_screenshot(&host, "confirm-move-phone").await;
    // Cancel puts the piece back.
    host.find(Locator::Css("#confirm-no"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(!confirm_bar_shown(&host).await);
    assert_eq!(piece_on(&host, from).await.as_deref(), Some(piece.as_str()));
    assert_eq!(ply(&guest, &id).await, 0);
    // Again, and Confirm sends it.
    click(&host, from).await;
    click(&host, to).await;
    host.find(Locator::Css("#confirm-yes"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&guest, "the confirmed move", |c| {
        let id = id.clone();
        async move { ply(&c, &id).await == 1 }
    })
    .await;
    for c in [host, guest] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_confirmation_always_drag_and_typed_moves_wait_for_confirm() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 1366, 900, true).await;
    let guest = browser(&driver, 1366, 900, true).await;
    sign_up(&host, &server, "pia").await;
    sign_up(&guest, &server, "paul").await;
    // On a desktop the default sends at once; Pia chooses "always".
    host.goto(&format!("{}/settings", server.url)).await.unwrap();
    host.find(Locator::Css("input[name=move_confirmation][value=always]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    host.find(Locator::Css("form[action='/settings/preferences'] button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&host, "the preferences saved", |c| async move {
        c.current_url().await.unwrap().query() == Some("saved=preferences")
    })
    .await;
    let id = started(&server, &host, &guest, "nowan").await;
    open_game(&host, &server, &id).await;
    let moves: Value = game_json(&host, &id).await["legal_moves"].clone();
    let mv = moves[0].as_str().unwrap().to_owned();
    let (from, to) = (mv[..2].to_owned(), mv[2..4].to_owned());
    // Drag the piece: it waits on its new square.
    let origin = host
        .find(Locator::Css(&format!("#game .board-grid [data-sq='{from}']")))
        .await
        .unwrap();
    let target = host
        .find(Locator::Css(&format!("#game .board-grid [data-sq='{to}']")))
        .await
        .unwrap();
    let drag = MouseActions::new("mouse".to_owned())
        .then(PointerAction::MoveToElement {
            element: origin,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: target,
            duration: Some(Duration::from_millis(300)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        });
    host.perform_actions(drag).await.unwrap();
    wait_until(&host, "the confirm bar after the drag", |c| async move {
        confirm_bar_shown(&c).await
    })
    .await;
    assert!(piece_on(&host, &to).await.is_some(), "the dragged piece waits on {to}");
    assert_eq!(ply(&guest, &id).await, 0);
    host.find(Locator::Css("#confirm-no"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(piece_on(&host, &from).await.is_some(), "Cancel puts it back on {from}");
    // Typed: the same confirmation, and the move shown on the board.
    let input = host.find(Locator::Css("#move-text")).await.unwrap();
    input.send_keys(&mv).await.unwrap();
    host.find(Locator::Css("#move-text + button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(confirm_bar_shown(&host).await);
    assert!(piece_on(&host, &to).await.is_some() && piece_on(&host, &from).await.is_none());
    assert_eq!(ply(&guest, &id).await, 0);
    host.find(Locator::Css("#confirm-yes"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&guest, "the typed move, confirmed", |c| {
        let id = id.clone();
        async move { ply(&c, &id).await == 1 }
    })
    .await;
    for c in [host, guest] {
        c.close().await.unwrap();
    }
}

/// Whether the page's service worker controls it (the first visit installs it).
async fn controlled(c: &Client) -> bool {
    c.execute(
        "return !!(navigator.serviceWorker && navigator.serviceWorker.controller);",
        vec![],
    )
    .await
    .unwrap()
        == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_opened_before_reads_offline_and_a_move_is_refused_plainly() {
    let Some(driver) = start_driver().await else { return };
    let mut server = start_server().await;
    let host = browser(&driver, 1366, 900, true).await;
    let guest = browser(&driver, 1366, 900, true).await;
    sign_up(&host, &server, "quinn").await;
    sign_up(&guest, &server, "quirin").await;
    let id = started(&server, &host, &guest, "ancient").await;
    open_game(&host, &server, &id).await;
    wait_until(&host, "the service worker to take the page", |c| async move {
        controlled(&c).await
    })
    .await;
    // Opened once under the worker: kept.
    open_game(&host, &server, &id).await;
    let moves: Value = game_json(&host, &id).await["legal_moves"].clone();
    let mv = moves[0].as_str().unwrap().to_owned();
    let url = server.url.clone();
    let page = host.clone();
    let game = id.clone();
    server
        .pause(|| async move {
            // The server is gone: the kept copy is shown, marked offline.
            page.goto(&format!("{url}/games/{game}")).await.unwrap();
            page.wait()
                .for_element(Locator::Css("#game .board-grid"))
                .await
                .unwrap();
            let notice = page.find(Locator::Css("#offline-notice")).await.unwrap();
            assert!(notice.is_displayed().await.unwrap(), "the offline notice shows");
            let text = notice.text().await.unwrap();
            assert!(
                text.contains("You are offline") && text.contains("cannot be sent"),
                "{text}"
            );
            docs_screenshot(&page, "offline-game").await;
            // A move on the board is refused, in words, and nothing waits to be sent.
            click(&page, &mv[..2]).await;
            click(&page, &mv[2..4]).await;
            wait_until(&page, "the refusal", |c| async move {
                c.find(Locator::Css("#game-message"))
                    .await
                    .unwrap()
                    .text()
                    .await
                    .unwrap()
                    .contains("your move was not sent")
            })
            .await;
            // The form without the board's script: a page saying nothing was sent.
            page.execute(
                "const f = document.querySelector('#move-text').form; \
                 document.querySelector('#move-text').value = arguments[0]; \
                 const c = document.createElement('input'); c.type = 'hidden'; c.name = 'confirmed'; c.value = '1'; \
                 f.appendChild(c); HTMLFormElement.prototype.submit.call(f); return true;",
                vec![json!(mv)],
            )
            .await
            .unwrap();
            wait_until(&page, "the not-sent page", |c| async move {
                c.source().await.unwrap().contains("Nothing was sent")
            })
            .await;
            let body = page.find(Locator::Css("body")).await.unwrap().text().await.unwrap();
            assert!(!body.contains("This page was not opened"), "{body}");
        })
        .await;
    // Back online: nothing was played, and nothing is sent later.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(ply(&guest, &id).await, 0);
    // Online again: the page comes from the server (a first request may still meet the
    // browser's dead connection to the stopped server and get the kept copy).
    let up = reqwest::get(format!("{}/games/{}", server.url, id)).await.unwrap();
    assert_eq!(up.status(), 200, "the server answers again");
    wait_until(&host, "the page from the server, without the notice", |c| {
        let url = format!("{}/games/{}", server.url, id);
        async move {
            c.goto(&url).await.unwrap();
            c.wait().for_element(Locator::Css("#game .board-grid")).await.unwrap();
            !c.find(Locator::Css("#offline-notice"))
                .await
                .unwrap()
                .is_displayed()
                .await
                .unwrap()
        }
    })
    .await;
    for c in [host, guest] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_installs_from_its_manifest() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 390, 844, true).await;
    sign_up(&host, &server, "rosa").await;
    let manifest = host
        .execute(
            "return fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json());",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(manifest["display"], "standalone");
    assert_eq!(manifest["start_url"], "/my-games");
    // Every icon the manifest names is a PNG of its stated size.
    for icon in manifest["icons"].as_array().unwrap() {
        let size = host
            .execute(
                "return new Promise(ok => { const i = new Image(); i.onload = () => ok(i.naturalWidth + 'x' + i.naturalHeight); \
                 i.onerror = () => ok('broken'); i.src = arguments[0]; });",
                vec![icon["src"].clone()],
            )
            .await
            .unwrap();
        assert_eq!(size, icon["sizes"], "{icon}");
    }
    host.goto(&format!("{}/my-games", server.url)).await.unwrap();
    wait_until(&host, "the service worker", |c| async move { controlled(&c).await }).await;
    docs_screenshot(&host, "installed-app").await;
    host.close().await.unwrap();
}
