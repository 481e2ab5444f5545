//! Layout and readability: every game page at phone widths and zoom, every board's
//! squares in frame at five widths in light and dark mode, and dark mode's contrast.

use fantoccini::Client;
use serde_json::json;

use crate::common::{
    LOW_CONTRAST, assert_no_sideways_scroll, browser, create_game, dark_browser, game_json, join_on_page, open_game,
    play_api, screenshot, sign_up, start_driver, start_server, started,
};

/// Layout facts of the page: [board width, viewport width, document width, smallest square side].
async fn layout(c: &Client) -> (f64, f64, f64, f64) {
    let v = c
        .execute(
            "const b = document.querySelector('#game .board-grid').getBoundingClientRect();\
             const sq = Array.from(document.querySelectorAll('#game .board-grid .sq')).map(s => s.getBoundingClientRect().width);\
             return [b.width, document.documentElement.clientWidth, document.documentElement.scrollWidth, Math.min(...sq)];",
            vec![],
        )
        .await
        .unwrap();
    let n = |i: usize| v[i].as_f64().unwrap();
    (n(0), n(1), n(2), n(3))
}

/// Every game's page, at a phone's width and at the width a 1280 px window has at 200 %
/// zoom: no sideways scrolling, the whole board visible with squares big enough to tap
/// (WCAG 2.5.8: 24 px), and all text at WCAG AA contrast. Screenshots at phone and desktop
/// sizes for each game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_page_fits_phones_and_zoom_with_readable_text() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 1280, 900, true).await;
    let guest = browser(&driver, 1280, 900, true).await;
    sign_up(&host, &server, "hana").await;
    sign_up(&guest, &server, "gus").await;
    for variant in ["nowan", "not-chess", "chatrang", "ancient"] {
        let id = create_game(&host, json!({"variant": variant, "seat": 0})).await;
        join_on_page(&guest, &server, &id).await;
        for (width, height, label) in [(1280, 900, "desktop"), (360, 740, "phone"), (640, 450, "zoom200")] {
            host.set_window_size(width, height).await.unwrap();
            open_game(&host, &server, &id).await;
            let (board, viewport, document, square) = layout(&host).await;
            assert!(
                document <= viewport + 1.0,
                "{variant} at {label}: the page scrolls sideways ({document} > {viewport})"
            );
            assert!(
                board <= viewport,
                "{variant} at {label}: board {board}px in {viewport}px"
            );
            assert!(
                square >= 24.0,
                "{variant} at {label}: squares of {square}px are too small to tap"
            );
            let low = host.execute(LOW_CONTRAST, vec![]).await.unwrap();
            assert_eq!(low, json!([]), "{variant} at {label}: text below WCAG AA contrast");
            if label != "zoom200" {
                screenshot(&host, &format!("{variant}-{label}")).await;
            }
        }
    }
    // The other pages people use most, at phone width.
    host.set_window_size(360, 740).await.unwrap();
    for path in [
        "/",
        "/lobby",
        "/lobby/new",
        "/my-games",
        "/archive",
        "/settings",
        "/rules/ancient",
        "/help/time",
    ] {
        host.goto(&format!("{}{path}", server.url)).await.unwrap();
        assert_no_sideways_scroll(&host, &format!("{path} on a phone")).await;
        let low = host.execute(LOW_CONTRAST, vec![]).await.unwrap();
        assert_eq!(low, json!([]), "{path}: text below WCAG AA contrast");
    }
    // The check itself finds faint text (grey #999 on white is 2.8:1).
    let low = host
        .execute(
            &format!(
                "const p = document.createElement('p'); p.textContent = 'faint words'; \
                 p.style.color = '#999'; p.style.background = '#fff'; document.body.append(p); {LOW_CONTRAST}"
            ),
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(low, json!(["faint words: 2.85"]));
    host.close().await.unwrap();
    guest.close().await.unwrap();
}

/// Geometry of every square, measured in the page: overlapping pairs, squares outside the
/// board's frame, the frame's right edge and the viewport's width.
const GEOMETRY: &str = r"
const grid = document.querySelector('#game .board-grid');
const frame = grid.getBoundingClientRect();
const cs = getComputedStyle(grid);
const inner = { left: frame.left + parseFloat(cs.borderLeftWidth) - 0.5, right: frame.right - parseFloat(cs.borderRightWidth) + 0.5,
  top: frame.top + parseFloat(cs.borderTopWidth) - 0.5, bottom: frame.bottom - parseFloat(cs.borderBottomWidth) + 0.5 };
const rects = Array.from(grid.querySelectorAll('.sq')).map(s => [s.dataset.sq, s.getBoundingClientRect()]);
let overlaps = 0, outside = [], notSquare = 0;
for (let i = 0; i < rects.length; i++) {
  const [n, a] = rects[i];
  if (a.left < inner.left || a.right > inner.right || a.top < inner.top || a.bottom > inner.bottom) outside.push(n);
  if (Math.abs(a.width - a.height) > 1) notSquare++;
  for (let j = i + 1; j < rects.length; j++) {
    const b = rects[j][1];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) overlaps++;
  }
}
const pieces = Array.from(grid.querySelectorAll('.pc')).filter(p => {
  const r = p.getBoundingClientRect(), s = p.parentElement.getBoundingClientRect();
  return r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.top < s.top - 0.5 || r.bottom > s.bottom + 0.5;
}).length;
return { overlaps, outside, notSquare, cutPieces: pieces, right: frame.right, viewport: document.documentElement.clientWidth,
  scroll: document.documentElement.scrollWidth, squares: rects.length };
";

/// Issue 15.3: at 320, 360, 390, 768 and 1366 px, in every game, no square overlaps
/// another, every square (so every file) is inside the board's frame, squares are square,
/// pieces are not cut and the page does not scroll sideways. Screenshots of each game at
/// phone and desktop widths in light and dark mode.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_keeps_its_squares_in_frame_at_five_widths_light_and_dark() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let host = browser(&driver, 1366, 900, true).await;
    let guest = browser(&driver, 1366, 900, true).await;
    let dark = dark_browser(&driver, 1366, 900).await;
    sign_up(&host, &server, "hilda").await;
    sign_up(&guest, &server, "gregor").await;
    sign_up(&dark, &server, "dora").await;
    for variant in ["nowan", "not-chess", "chatrang", "ancient"] {
        let id = started(&server, &host, &guest, variant).await;
        // A move played, so the last-move highlight shows in the screenshots.
        let game = game_json(&host, &id).await;
        let first = game["legal_moves"][0].as_str().unwrap().to_owned();
        play_api(&host, &id, &first).await;
        for width in [320_u32, 360, 390, 768, 1366] {
            host.set_window_size(width, 900).await.unwrap();
            open_game(&host, &server, &id).await;
            let g = host.execute(GEOMETRY, vec![]).await.unwrap();
            let at = format!("{variant} at {width}px: {g}");
            assert_eq!(g["overlaps"], 0, "{at}");
            assert_eq!(g["outside"], json!([]), "{at}");
            assert_eq!(g["notSquare"], 0, "{at}");
            assert_eq!(g["cutPieces"], 0, "{at}");
            assert!(
                g["right"].as_f64().unwrap() <= g["viewport"].as_f64().unwrap() + 0.5,
                "{at}"
            );
            assert!(
                g["scroll"].as_f64().unwrap() <= g["viewport"].as_f64().unwrap() + 1.0,
                "{at}"
            );
        }
        for (c, scheme) in [(&host, "light"), (&dark, "dark")] {
            for (width, height, label) in [(390, 844, "phone"), (1366, 900, "desktop")] {
                c.set_window_size(width, height).await.unwrap();
                open_game(c, &server, &id).await;
                screenshot(c, &format!("{variant}-{label}-{scheme}")).await;
            }
        }
    }
    host.close().await.unwrap();
    guest.close().await.unwrap();
    dark.close().await.unwrap();
}

/// Dark mode follows the system setting, and every text of the game page and the pages
/// people use most is still WCAG AA.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dark_mode_pages_keep_wcag_aa_contrast() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let dark = dark_browser(&driver, 1280, 900).await;
    let guest = browser(&driver, 1280, 900, true).await;
    sign_up(&dark, &server, "nyx").await;
    sign_up(&guest, &server, "sol").await;
    let is_dark = dark
        .execute("return matchMedia('(prefers-color-scheme: dark)').matches;", vec![])
        .await
        .unwrap();
    assert_eq!(is_dark, json!(true));
    let bg = dark
        // The page's colours are set on the root element (the canvas takes them from it).
        .execute(
            "return getComputedStyle(document.documentElement).backgroundColor;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(bg, json!("rgb(21, 23, 28)"), "the page is dark");
    for variant in ["nowan", "not-chess", "chatrang", "ancient"] {
        let id = started(&server, &dark, &guest, variant).await;
        for (width, label) in [(1280, "desktop"), (360, "phone")] {
            dark.set_window_size(width, 900).await.unwrap();
            open_game(&dark, &server, &id).await;
            let low = dark.execute(LOW_CONTRAST, vec![]).await.unwrap();
            assert_eq!(low, json!([]), "{variant} at {label} in dark mode");
        }
    }
    for path in [
        "/",
        "/lobby",
        "/lobby/new",
        "/my-games",
        "/archive",
        "/settings",
        "/rules/ancient",
        "/help/time",
    ] {
        dark.goto(&format!("{}{path}", server.url)).await.unwrap();
        let low = dark.execute(LOW_CONTRAST, vec![]).await.unwrap();
        assert_eq!(low, json!([]), "{path} in dark mode");
    }
    // The user page (results table, recent games) fits a 320 px phone: nothing sticks out.
    dark.set_window_size(320, 740).await.unwrap();
    dark.goto(&format!("{}/users/sol", server.url)).await.unwrap();
    let fit = dark
        .execute(
            "const t = document.querySelector('table').getBoundingClientRect();\
             const w = document.querySelector('.table-wrap');\
             return [t.right, document.documentElement.clientWidth, document.documentElement.scrollWidth,\
                     w.scrollWidth - w.clientWidth];",
            vec![],
        )
        .await
        .unwrap();
    let (right, client, scroll) = (
        fit[0].as_f64().unwrap(),
        fit[1].as_f64().unwrap(),
        fit[2].as_f64().unwrap(),
    );
    assert!(
        right <= client + 0.5 && scroll <= client + 0.5,
        "user page at 320 px: {fit}"
    );
    assert_eq!(
        fit[3].as_f64(),
        Some(0.0),
        "the results table scrolls sideways at 320 px: {fit}"
    );
    screenshot(&dark, "user-page-phone-dark").await;
    dark.close().await.unwrap();
    guest.close().await.unwrap();
}
