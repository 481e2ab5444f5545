#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Real-browser tests: Debian's Chromium driven through chromedriver (WebDriver) against a
//! real Herald server on a random port with a temporary SQLite database. People sign up,
//! create and join games, play by clicking squares, and see each other's moves arrive
//! without reloading. Screenshots go to `target/tmp/browser-screenshots/` (and to
//! `docs/screenshot-game.png` when `HERALD_UPDATE_DOCS_SCREENSHOT=1`).
//!
//! Needs `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`).
//! Without chromedriver they do not run and say so on stderr (as the PostgreSQL tests do),
//! unless `HERALD_REQUIRE_BROWSER=1` (CI sets it): then its absence fails them.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use herald_server::Config;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(20);

/// A chromedriver process on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Set to `1` to make a missing chromedriver a failure instead of a skip.
const REQUIRE_ENV: &str = "HERALD_REQUIRE_BROWSER";

/// Starts chromedriver; `None` (after a note on stderr, once) when it is not installed and
/// [`REQUIRE_ENV`] is not set.
async fn start_driver() -> Option<Driver> {
    static SKIP_NOTE: std::sync::Once = std::sync::Once::new();
    let program = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".to_owned());
    let port = free_port();
    let spawned = Command::new(&program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let required = std::env::var(REQUIRE_ENV).is_ok_and(|v| v.trim() == "1");
    let child = match spawned {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => {
            SKIP_NOTE.call_once(|| {
                // Straight to stderr, past the test harness's capture, like the PostgreSQL note.
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "NOTE: browser tests DID NOT RUN: {program} not found; install chromium and \
                     chromium-driver (or set CHROMEDRIVER), or set {REQUIRE_ENV}=1 to fail instead"
                );
            });
            return None;
        }
        Err(e) => panic!(
            "browser tests need chromedriver, which could not be started ({program}: {e}). \
             Install Chromium and its driver: `apt-get install -y chromium chromium-driver` \
             (or set CHROMEDRIVER to its path)."
        ),
    };
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let start = Instant::now();
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(
            start.elapsed() < WAIT,
            "chromedriver did not start listening on port {port}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Some(driver)
}

/// A Herald server on a random port with its own SQLite file.
struct Server {
    url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn start_server() -> Server {
    let dir = std::env::temp_dir().join(format!("herald-browser-{}-{}", std::process::id(), free_port()));
    std::fs::create_dir_all(&dir).unwrap();
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let mut config = Config::for_tests(&format!("sqlite://{}?mode=rwc", dir.join("herald.db").display()));
    config.base_url.clone_from(&url);
    let state = herald_server::app::production_state(config).await.unwrap();
    // As `herald serve` does: live wake-ups (the SQLite tailer) and the notification workers.
    state.start_live();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(herald_server::serve_on(listener, state, async move {
        let _ = stopped.await;
    }));
    Server {
        url,
        stop: Some(stop),
        dir,
    }
}

/// A fresh browser session (its own cookies) at a window size, with or without JavaScript.
async fn browser(driver: &Driver, width: u32, height: u32, javascript: bool) -> Client {
    let mut chrome = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 format!("--window-size={width},{height}")],
    });
    if std::path::Path::new("/usr/bin/chromium").exists() {
        chrome["binary"] = json!("/usr/bin/chromium");
    }
    if !javascript {
        chrome["prefs"] = json!({"profile.managed_default_content_settings.javascript": 2});
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_owned(), chrome);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .unwrap_or_else(|e| panic!("cannot open a Chromium session through chromedriver: {e}"))
}

async fn sign_up(c: &Client, server: &Server, name: &str) {
    c.goto(&format!("{}/signup", server.url)).await.unwrap();
    c.find(Locator::Css("#username"))
        .await
        .unwrap()
        .send_keys(name)
        .await
        .unwrap();
    c.find(Locator::Css("#password"))
        .await
        .unwrap()
        .send_keys("correct horse")
        .await
        .unwrap();
    c.find(Locator::Css("#password_again"))
        .await
        .unwrap()
        .send_keys("correct horse")
        .await
        .unwrap();
    c.find(Locator::Css("form[action='/signup'] button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(c, "the sign-up to finish", |c| async move {
        !c.current_url().await.unwrap().path().starts_with("/signup")
    })
    .await;
}

/// Creates a game through the API from inside the signed-in browser (its session cookie,
/// with the page's CSRF token as the API asks of cookie-authenticated writes).
async fn create_game(c: &Client, body: Value) -> String {
    let game = c
        .execute(
            "return fetch('/api/v1/games', {method: 'POST', credentials: 'same-origin', \
             headers: {'Content-Type': 'application/json', \
             'X-CSRF-Token': document.querySelector('meta[name=csrf-token]').content}, \
             body: JSON.stringify(arguments[0])}) \
             .then(r => r.json());",
            vec![body],
        )
        .await
        .unwrap();
    game["id"]
        .as_str()
        .unwrap_or_else(|| panic!("game not created: {game}"))
        .to_owned()
}

async fn game_json(c: &Client, id: &str) -> Value {
    c.execute(
        "return fetch('/api/v1/games/' + arguments[0], {credentials: 'same-origin'}).then(r => r.json());",
        vec![json!(id)],
    )
    .await
    .unwrap()
}

async fn wait_until<F, Fut>(c: &Client, what: &str, check: F)
where
    F: Fn(Client) -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while !check(c.clone()).await {
        assert!(start.elapsed() < WAIT, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// The piece drawn on a square: its symbol and army class, or `None` when empty.
async fn piece_on(c: &Client, square: &str) -> Option<String> {
    let value = c
        .execute(
            "const s = document.querySelector('.board-grid [data-sq=\"' + arguments[0] + '\"] svg.pc');\
             return s ? s.getAttribute('class') + ' ' + s.querySelector('use').getAttribute('href') : null;",
            vec![json!(square)],
        )
        .await
        .unwrap();
    value.as_str().map(str::to_owned)
}

async fn click(c: &Client, square: &str) {
    let start = Instant::now();
    loop {
        // The page may still be loading (a form's answer): wait for the square to appear.
        let button = match c
            .find(Locator::Css(&format!(".board-grid button[data-sq='{square}']")))
            .await
        {
            Ok(button) => button,
            Err(e)
                if start.elapsed() < WAIT
                    && matches!(&e, fantoccini::error::CmdError::Standard(w) if w.error == fantoccini::error::ErrorStatus::NoSuchElement) =>
            {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            Err(e) => panic!("no square {square}: {e}"),
        };
        match button.click().await {
            Ok(()) => return,
            // The page was replaced between finding the square and clicking it (a form's
            // answer arriving, or a live update re-rendering the board): find it again.
            Err(fantoccini::error::CmdError::Standard(e))
                if e.error == fantoccini::error::ErrorStatus::StaleElementReference && start.elapsed() < WAIT =>
            {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("cannot click {square}: {e}"),
        }
    }
}

async fn open_game(c: &Client, server: &Server, id: &str) {
    c.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    c.wait().for_element(Locator::Css(".board-grid")).await.unwrap();
    // Marks this page load: a reload would lose it.
    c.execute("window.heraldNoReload = true; return true;", vec![])
        .await
        .unwrap();
}

async fn not_reloaded(c: &Client) -> bool {
    c.execute("return window.heraldNoReload === true;", vec![])
        .await
        .unwrap()
        .as_bool()
        .unwrap_or(false)
}

/// Waits until `square` shows a piece on this page, which must not have reloaded.
async fn sees_piece(c: &Client, square: &str, who: &str) {
    let sq = square.to_owned();
    wait_until(c, &format!("{who} to see a piece arrive on {square}"), move |c| {
        let sq = sq.clone();
        async move { piece_on(&c, &sq).await.is_some() }
    })
    .await;
    assert!(not_reloaded(c).await, "{who}'s page reloaded instead of updating live");
}

fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn screenshot(c: &Client, name: &str) -> PathBuf {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "not a PNG screenshot");
    let path = screenshot_dir().join(format!("{name}.png"));
    std::fs::write(&path, &png).unwrap();
    path
}

async fn join_on_page(c: &Client, server: &Server, id: &str) {
    c.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    c.find(Locator::Css(&format!("form[action='/games/{id}/join'] button")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.wait().for_element(Locator::Css(".board-grid")).await.unwrap();
}

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
    let first = bob.find(Locator::Css(".board-grid .sq")).await.unwrap();
    assert_eq!(first.attr("data-sq").await.unwrap().as_deref(), Some("j1"));

    // Alice clicks her pawn, sees its destinations, and plays e3-e5.
    click(&alice, "e3").await;
    let mut dests = Vec::new();
    for square in alice.find_all(Locator::Css(".board-grid .sq.dest")).await.unwrap() {
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
    let last = alice.find(Locator::Css(".board-grid .sq.last[data-sq='e7']")).await;
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
    alice.wait().for_element(Locator::Css(".board-grid")).await.unwrap();
    let width = alice
        .execute(
            "return [document.querySelector('.board-grid').getBoundingClientRect().width, \
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
        .for_element(Locator::Css(".board-grid"))
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
    c.find_all(Locator::Css(&format!(".board-grid [data-sq='{square}'] svg.pc")))
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

/// Text whose contrast with its background is below WCAG AA (4.5:1, or 3:1 for large
/// text), as `"<text>: <ratio>"` lines. The background is the nearest opaque
/// `background-color` up the tree (white at the top); text over an image is skipped.
const LOW_CONTRAST: &str = r"
function rgb(c) { const m = c.match(/[\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; }
function lum(c) { const v = c.slice(0, 3).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
function background(el) {
  for (let e = el; e; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.backgroundImage && s.backgroundImage !== 'none') return null;
    const c = rgb(s.backgroundColor);
    if (c.length < 4 || c[3] > 0.99) return c;
  }
  return [255, 255, 255, 1];
}
const bad = [];
for (const el of document.querySelectorAll('body *')) {
  const text = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join(' ').trim();
  if (!text || el.getClientRects().length === 0) continue;
  const s = getComputedStyle(el);
  if (s.visibility === 'hidden' || s.display === 'none' || parseFloat(s.opacity) === 0) continue;
  if (el.closest('[hidden], [aria-hidden=true], .visually-hidden, .sr-only')) continue;
  const bg = background(el);
  if (!bg) continue;
  const fg = rgb(s.color);
  const a = fg.length > 3 ? fg[3] : 1;
  const mixed = fg.slice(0, 3).map((x, i) => x * a + bg[i] * (1 - a));
  const l1 = lum(mixed), l2 = lum(bg);
  const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight, 10) >= 700;
  const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
  if (ratio < need) bad.push(text.slice(0, 40) + ': ' + ratio.toFixed(2));
}
return bad;
";

/// Layout facts of the page: [board width, viewport width, document width, smallest square side].
async fn layout(c: &Client) -> (f64, f64, f64, f64) {
    let v = c
        .execute(
            "const b = document.querySelector('.board-grid').getBoundingClientRect();\
             const sq = Array.from(document.querySelectorAll('.board-grid .sq')).map(s => s.getBoundingClientRect().width);\
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
        let v = host
            .execute(
                "return [document.documentElement.clientWidth, document.documentElement.scrollWidth];",
                vec![],
            )
            .await
            .unwrap();
        let (viewport, document) = (v[0].as_f64().unwrap(), v[1].as_f64().unwrap());
        assert!(
            document <= viewport + 1.0,
            "{path} scrolls sideways on a phone ({document} > {viewport})"
        );
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
