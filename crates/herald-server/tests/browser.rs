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
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    /// Instances started by [`Server::restart`] on the side, stopped with this one.
    side_stops: Vec<tokio::sync::oneshot::Sender<()>>,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        for stop in self.side_stops.drain(..) {
            let _ = stop.send(());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A new instance on the server's database (as `herald serve` starts: live wake-ups, the
/// SQLite tailer, and the notification workers), serving `listener` until the returned
/// sender fires.
async fn instance(
    dir: &std::path::Path,
    url: &str,
    listener: tokio::net::TcpListener,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let mut config = Config::for_tests(&format!("sqlite://{}?mode=rwc", dir.join("herald.db").display()));
    config.base_url = url.to_owned();
    let state = herald_server::app::production_state(config).await.unwrap();
    herald_server::app::start_live(&state).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(herald_server::serve_on(listener, state, async move {
        let _ = stopped.await;
    }));
    (stop, task)
}

async fn start_server() -> Server {
    let dir = std::env::temp_dir().join(format!("herald-browser-{}-{}", std::process::id(), free_port()));
    std::fs::create_dir_all(&dir).unwrap();
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let url = format!("http://{addr}");
    let (stop, task) = instance(&dir, &url, listener).await;
    Server {
        url,
        addr,
        stop: Some(stop),
        task: Some(task),
        side_stops: Vec::new(),
        dir,
    }
}

impl Server {
    /// Restarts the server as an operator would: stops it (its streams end, as on
    /// SIGTERM) and starts a new instance on the same database and port. Before that port
    /// answers again, `between` runs against the new instance served on a side address
    /// (its URL given), so what it does happens before any page can reconnect: browsers'
    /// connections wait in the port's backlog meanwhile.
    async fn restart<F, Fut>(&mut self, between: F)
    where
        F: FnOnce(String) -> Fut,
        Fut: std::future::Future<Output = ()>,
    {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap().unwrap();
        }
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_reuseaddr(true).unwrap();
        socket.bind(self.addr).unwrap();
        let listener = socket.listen(1024).unwrap();
        let side = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .unwrap();
        let side_url = format!("http://{}", side.local_addr().unwrap());
        let (side_stop, _) = instance(&self.dir, &self.url, side).await;
        self.side_stops.push(side_stop);
        between(side_url).await;
        let (stop, task) = instance(&self.dir, &self.url, listener).await;
        self.stop = Some(stop);
        self.task = Some(task);
    }
}

/// A fresh browser session (its own cookies) at a window size, with or without JavaScript.
async fn browser(driver: &Driver, width: u32, height: u32, javascript: bool) -> Client {
    browser_in(driver, width, height, javascript, false).await
}

/// A fresh browser session whose system colour scheme is dark (`prefers-color-scheme`).
async fn dark_browser(driver: &Driver, width: u32, height: u32) -> Client {
    browser_in(driver, width, height, true, true).await
}

async fn browser_in(driver: &Driver, width: u32, height: u32, javascript: bool, dark: bool) -> Client {
    let mut chrome = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 format!("--window-size={width},{height}")],
    });
    if dark {
        chrome["args"].as_array_mut().unwrap().push(json!("--force-dark-mode"));
    }
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
            "const s = document.querySelector('#game .board-grid [data-sq=\"' + arguments[0] + '\"] svg.pc');\
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
            .find(Locator::Css(&format!("#game .board-grid button[data-sq='{square}']")))
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
    c.wait().for_element(Locator::Css("#game .board-grid")).await.unwrap();
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
    c.wait().for_element(Locator::Css("#game .board-grid")).await.unwrap();
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
  if (el.closest('[hidden], .visually-hidden, .sr-only')) continue;
  // Hidden from screen readers but read by eye: board coordinates are checked too.
  if (el.closest('[aria-hidden=true]') && !el.classList.contains('coord')) continue;
  const bg = background(el);
  if (!bg) continue;
  const fg = rgb(s.color);
  let a = fg.length > 3 ? fg[3] : 1;
  for (let e = el; e; e = e.parentElement) a *= parseFloat(getComputedStyle(e).opacity);
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

/// Calls the API from inside the signed-in browser (its cookie and the page's CSRF token).
async fn api(c: &Client, method: &str, path: &str, body: Value) -> Value {
    c.execute(
        "return fetch(arguments[1], {method: arguments[0], credentials: 'same-origin', \
         headers: {'Content-Type': 'application/json', \
         'X-CSRF-Token': document.querySelector('meta[name=csrf-token]').content}, \
         body: arguments[0] === 'GET' ? undefined : JSON.stringify(arguments[2])}) \
         .then(r => r.json());",
        vec![json!(method), json!(path), body],
    )
    .await
    .unwrap()
}

/// A player who uses only the API (Chatrang's third and fourth players): signs up and
/// returns an API token.
async fn bot(server: &Server) -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
    let name = format!("bot{}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    named_player(server, &name).await
}

/// A started game of `variant`: `host` (in a browser) in seat 0, `guest` (in a browser)
/// in the next seat, API-only players in any others.
async fn started(server: &Server, host: &Client, guest: &Client, variant: &str) -> String {
    let id = create_game(host, json!({"variant": variant, "seat": 0})).await;
    let mut joined = api(guest, "POST", &format!("/api/v1/games/{id}/join"), json!({})).await;
    while joined["status"] == "waiting" {
        let token = bot(server).await;
        joined = reqwest::Client::new()
            .post(format!("{}/api/v1/games/{id}/join", server.url))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
    }
    assert_eq!(joined["status"], "active", "{joined}");
    id
}

async fn play_api(c: &Client, id: &str, text: &str) {
    let played = api(c, "POST", &format!("/api/v1/games/{id}/moves"), json!({"move": text})).await;
    assert!(played.get("error").is_none(), "{text}: {played}");
}

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

/// A Chrome DevTools command sent through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (axum::http::Method::POST, Some(body.to_string()))
    }
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
/// chat panel's stream did the same (a player's page has two streams), and this test,
/// which counted no streams, missed it. Ten game pages of a player in one tab, back and
/// forward: the tab never holds more streams than the page shown (its game and its chat),
/// every page loads, and a move still arrives live on the page shown; its stream is open
/// and the fallback poll is off.
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
    // Each page's streams: the game's and, as Alice plays in it, the chat panel's.
    let expected = |id: &str| vec![format!("/games/{id}/chat/events"), format!("/games/{id}/events")];
    for id in &ids {
        open_game(&alice, &server, id).await;
        alice.wait().for_element(Locator::Css("#chat")).await.unwrap();
        let want = expected(id);
        wait_until(&alice, "the page's two streams", move |c| {
            let want = want.clone();
            async move { open_streams(&c).await.1 == want }
        })
        .await;
        assert_eq!(
            open_streams(&alice).await,
            (2, expected(id)),
            "the tab holds only the shown page's streams"
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
        (2, expected(&id)),
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

/// Presses and releases one key where the focus is (WebDriver key codes: Tab `\u{E004}`).
async fn press(c: &Client, key: char) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let actions = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(actions).await.unwrap();
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

/// A profile with its rating chart and a leaderboard, at desktop width in light mode and on a
/// 320 px phone in dark mode: readable (WCAG AA), nothing sticking out, and screenshots. The
/// ratings are written straight into the database (the rendering is under test here; the
/// rating maths and the paths that write them are tested in `tests/api/ratings.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn profiles_and_leaderboards_draw_ratings_readably() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let light = browser(&driver, 1280, 1000, true).await;
    sign_up(&light, &server, "nyx").await;
    // Games for the history to point at: open challenges of nyx's.
    let mut games = Vec::new();
    for _ in 0..12 {
        let game = api(
            &light,
            "POST",
            "/api/v1/games",
            json!({"variant": "nowan", "rated": true}),
        )
        .await;
        games.push(game["id"].as_str().unwrap().to_owned());
    }
    let db = herald_server::storage::Db::open(
        &format!("sqlite://{}?mode=rwc", server.dir.join("herald.db").display()),
        2,
    )
    .await
    .unwrap();
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap();
    let day = 86_400_000_i64;
    for (name, rating, deviation) in [
        ("altair", 1873.0, 61.0),
        ("vega", 1764.0, 70.0),
        ("deneb", 1690.0, 88.0),
        ("rigel", 1588.0, 95.0),
        ("mira", 1495.0, 140.0),
    ] {
        let http = reqwest::Client::new();
        http.post(format!("{}/api/v1/accounts", server.url))
            .json(&json!({"username": name, "password": "a long test passphrase"}))
            .send()
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
             SELECT id, 'nowan', $1, $2, 0.06, 14, $3 FROM users WHERE username = $4",
        )
        .bind(rating)
        .bind(deviation)
        .bind(now - day)
        .bind(name)
        .execute(db.pool())
        .await
        .unwrap();
    }
    let mut rating = 1500.0_f64;
    let mut deviation = 350.0_f64;
    for (k, game) in games.iter().enumerate() {
        let step = [
            62.0, 41.0, -28.0, 35.0, 22.0, -18.0, 27.0, -12.0, 19.0, 14.0, -9.0, 11.0,
        ][k];
        let before = rating;
        rating += step;
        deviation = (deviation * 0.82).max(58.0);
        let at = now - (12 - i64::try_from(k).unwrap()) * 9 * day;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, rating_after, deviation_after, created_at) \
             SELECT $1, 0, id, 'nowan', $2, $3, $4, $5 FROM users WHERE username = 'nyx'",
        )
        .bind(game)
        .bind(before)
        .bind(rating)
        .bind(deviation)
        .bind(at)
        .execute(db.pool())
        .await
        .unwrap();
    }
    sqlx::query(
        "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
         SELECT id, 'nowan', $1, $2, 0.06, 12, $3 FROM users WHERE username = 'nyx'",
    )
    .bind(rating)
    .bind(deviation)
    .bind(now - 9 * day)
    .execute(db.pool())
    .await
    .unwrap();

    light.goto(&format!("{}/users/nyx", server.url)).await.unwrap();
    light
        .find(Locator::Css("figure.rating-history svg.rating-chart"))
        .await
        .unwrap();
    let profile = light.source().await.unwrap();
    assert!(
        profile.contains(&format!("<td class=\"num\">{}</td>", rating.round())),
        "the chart's table has the last rating"
    );
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "profile: text below WCAG AA contrast");
    screenshot(&light, "profile-chart-desktop-light").await;
    light.goto(&format!("{}/leaderboard/nowan", server.url)).await.unwrap();
    let names: Vec<String> = {
        let mut out = Vec::new();
        for row in light.find_all(Locator::Css("table tbody tr")).await.unwrap() {
            out.push(row.text().await.unwrap());
        }
        out
    };
    assert!(
        names.first().is_some_and(|r| r.contains("altair")),
        "best first: {names:?}"
    );
    assert!(
        names.iter().all(|r| !r.contains("mira")),
        "a provisional rating is left off: {names:?}"
    );
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "leaderboard: text below WCAG AA contrast");
    screenshot(&light, "leaderboard-desktop-light").await;

    let dark = dark_browser(&driver, 1280, 900).await;
    dark.set_window_size(320, 740).await.unwrap();
    for (path, name) in [
        ("/users/nyx", "profile-chart-phone-dark"),
        ("/leaderboard/nowan", "leaderboard-phone-dark"),
    ] {
        dark.goto(&format!("{}{path}", server.url)).await.unwrap();
        assert_no_sideways_scroll(&dark, &format!("{path} at 320 px")).await;
        let low = dark.execute(LOW_CONTRAST, vec![]).await.unwrap();
        assert_eq!(low, json!([]), "{path} in dark mode");
        screenshot(&dark, name).await;
    }
    light.close().await.unwrap();
    dark.close().await.unwrap();
}

/// A named API-only player: signs up and returns an API token.
async fn named_player(server: &Server, name: &str) -> String {
    let http = reqwest::Client::new();
    let credentials = json!({"username": name, "password": "a player's long test passphrase"});
    let made = http
        .post(format!("{}/api/v1/accounts", server.url))
        .json(&credentials)
        .send()
        .await
        .unwrap();
    assert!(made.status().is_success(), "{name}: {}", made.status());
    let mut body = credentials.clone();
    body["name"] = json!("browser tests");
    let token: Value = http
        .post(format!("{}/api/v1/tokens", server.url))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    token["token"].as_str().unwrap().to_owned()
}

async fn api_as(server: &Server, token: &str, path: &str, body: Value) -> Value {
    reqwest::Client::new()
        .post(format!("{}{path}", server.url))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Tournament pages: an organiser creates a round robin with the page's form, five players
/// enter through the API, the organiser starts it on its page, and after some results the
/// event page shows the standings, the crosstable and the rounds; readable (WCAG AA) at
/// desktop width in light mode and on a 320 px phone in dark mode, nothing sticking out,
/// with screenshots; a Swiss event's page and the list too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_pages_show_standings_crosstable_and_rounds_readably() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let light = browser(&driver, 1280, 1000, true).await;
    sign_up(&light, &server, "arbiter").await;
    light.goto(&format!("{}/tournaments/new", server.url)).await.unwrap();
    light
        .find(Locator::Css("#name"))
        .await
        .unwrap()
        .send_keys("Winter league")
        .await
        .unwrap();
    light
        .find(Locator::Css("#description"))
        .await
        .unwrap()
        .send_keys("Five players, every game at once. Be kind to your opponents.")
        .await
        .unwrap();
    light
        .find(Locator::Css("#variant option[value='not-chess']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    light
        .find(Locator::Css("form[action='/tournaments/new'] button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&light, "the event page", |c| async move {
        let path = c.current_url().await.unwrap().path().to_owned();
        path.starts_with("/tournaments/") && path != "/tournaments/new"
    })
    .await;
    let id = light
        .current_url()
        .await
        .unwrap()
        .path()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let mut tokens = std::collections::HashMap::new();
    for name in ["ludmila", "boris", "carmen", "dorothea", "emeka"] {
        let token = named_player(&server, name).await;
        let entered = api_as(
            &server,
            &token,
            &format!("/api/v1/tournaments/{id}/register"),
            json!(null),
        )
        .await;
        assert!(entered.get("error").is_none(), "{entered}");
        tokens.insert(name.to_owned(), token);
    }
    // The organiser starts it from the page's tools.
    light.refresh().await.unwrap();
    light
        .find(Locator::Css("details.organiser summary"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    light
        .find(Locator::Css(&format!("form[action='/tournaments/{id}/start'] button")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&light, "the crosstable", |c| async move {
        c.find(Locator::Css("table.crosstable")).await.is_ok()
    })
    .await;
    // Results for the first two rounds: the lower number wins, or a draw.
    let event: Value = reqwest::get(format!("{}/api/v1/tournaments/{id}", server.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let by_number: std::collections::HashMap<i64, String> = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["number"].as_i64().unwrap(),
                tokens[p["username"].as_str().unwrap()].clone(),
            )
        })
        .collect();
    for round in event["rounds"].as_array().unwrap().iter().take(2) {
        for board in round["boards"].as_array().unwrap() {
            let (first, second) = (board["first"].as_i64().unwrap(), board["second"].as_i64().unwrap());
            let game = board["game_id"].as_str().unwrap();
            let loser = if first < second {
                &by_number[&second]
            } else {
                &by_number[&first]
            };
            let done = api_as(&server, loser, &format!("/api/v1/games/{game}/resign"), json!({})).await;
            assert_eq!(done["status"], "finished", "{done}");
        }
    }
    light.refresh().await.unwrap();
    let rows = light.find_all(Locator::Css("table.standings tbody tr")).await.unwrap();
    assert_eq!(rows.len(), 5);
    let top = rows[0].text().await.unwrap();
    // Berger for five: round one 2-5 3-4 (1 has the bye), round two 5-3 1-2 (4 has it);
    // the lower number wins, so Carmen (3) leads with two wins.
    assert!(top.starts_with("1 carmen 2"), "Carmen leads: {top}");
    let page = light.source().await.unwrap();
    assert!(page.contains("Be kind to your opponents."), "the description is shown");
    assert!(page.contains("Round 5"), "every round is listed");
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "event page: text below WCAG AA contrast");
    screenshot(&light, "tournament-round-robin-desktop-light").await;

    // A Swiss, started through the API: only its first round is paired.
    let swiss = api(
        &light,
        "POST",
        "/api/v1/tournaments",
        json!({"name": "Open Swiss", "variant": "nowan", "format": "swiss", "rounds": 4}),
    )
    .await;
    let swiss_id = swiss["id"].as_str().unwrap().to_owned();
    for token in tokens.values() {
        api_as(
            &server,
            token,
            &format!("/api/v1/tournaments/{swiss_id}/register"),
            json!(null),
        )
        .await;
    }
    let started = api(
        &light,
        "POST",
        &format!("/api/v1/tournaments/{swiss_id}/start"),
        json!(null),
    )
    .await;
    assert_eq!(started["status"], "running", "{started}");
    light
        .goto(&format!("{}/tournaments/{swiss_id}", server.url))
        .await
        .unwrap();
    let page = light.source().await.unwrap();
    assert!(
        page.contains("Round 1") && !page.contains("Round 2"),
        "one round paired"
    );
    assert!(page.contains("Bye:"), "five players: a bye");
    screenshot(&light, "tournament-swiss-desktop-light").await;

    // A Chatrang team round robin: partners register together, teams meet on four seats.
    let cup = api(
        &light,
        "POST",
        "/api/v1/tournaments",
        json!({"name": "Chatrang team cup", "variant": "chatrang", "format": "round_robin"}),
    )
    .await;
    let cup_id = cup["id"].as_str().unwrap().to_owned();
    tokens.insert("farid".to_owned(), named_player(&server, "farid").await);
    for (captain, partner) in [("ludmila", "boris"), ("carmen", "dorothea"), ("emeka", "farid")] {
        let register = format!("/api/v1/tournaments/{cup_id}/register");
        let asked = api_as(&server, &tokens[captain], &register, json!({"partner": partner})).await;
        assert!(asked.get("error").is_none(), "{asked}");
        let accepted = api_as(&server, &tokens[partner], &register, json!(null)).await;
        assert!(accepted.get("error").is_none(), "{accepted}");
    }
    let started = api(
        &light,
        "POST",
        &format!("/api/v1/tournaments/{cup_id}/start"),
        json!(null),
    )
    .await;
    assert_eq!(started["status"], "running", "{started}");
    light
        .goto(&format!("{}/tournaments/{cup_id}", server.url))
        .await
        .unwrap();
    let page = light.source().await.unwrap();
    assert!(page.contains("ludmila</a> &amp; <a"), "teams are listed together");
    assert!(page.contains("Round 3"), "three teams: three rounds, all started");
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "team event page: text below WCAG AA contrast");
    screenshot(&light, "tournament-chatrang-teams-desktop-light").await;

    let dark = dark_browser(&driver, 1280, 900).await;
    dark.set_window_size(320, 740).await.unwrap();
    for (path, name) in [
        (format!("/tournaments/{id}"), "tournament-round-robin-phone-dark"),
        (format!("/tournaments/{swiss_id}"), "tournament-swiss-phone-dark"),
        (format!("/tournaments/{cup_id}"), "tournament-chatrang-teams-phone-dark"),
        ("/tournaments?status=running".to_owned(), "tournaments-phone-dark"),
    ] {
        dark.goto(&format!("{}{path}", server.url)).await.unwrap();
        assert_no_sideways_scroll(&dark, &format!("{path} at 320 px")).await;
        let low = dark.execute(LOW_CONTRAST, vec![]).await.unwrap();
        assert_eq!(low, json!([]), "{path} in dark mode");
        screenshot(&dark, name).await;
    }
    light.close().await.unwrap();
    dark.close().await.unwrap();
}

/// The first legal moves of Ancient chess after `moves`, sorted (the test's choices).
fn ancient_moves_after(moves: &[&str]) -> Vec<String> {
    let mut game =
        herald_rules::AnyGame::new(herald_rules::Variant::Ancient, herald_rules::Options::NONE, None).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    let mut legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    legal.sort();
    legal.retain(|m| m != "pass");
    legal
}

/// The origin and destination squares of a canonical move (`e2e4`).
fn move_squares(mv: &str) -> (String, String) {
    let split = mv[1..].find(|c: char| c.is_ascii_lowercase()).unwrap() + 1;
    let to_end = mv[split..]
        .char_indices()
        .skip(1)
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(mv.len(), |(i, _)| split + i);
    (mv[..split].to_owned(), mv[split..to_end].to_owned())
}

/// Plays `mv` on the analysis board by clicking its two squares.
async fn analysis_play(c: &Client, mv: &str) {
    let (from, to) = move_squares(mv);
    let before = analysis_node(c).await;
    wait_until(c, &format!("{from} to be movable on the analysis board"), |c| {
        let from = from.clone();
        async move {
            c.execute(
                "const s = document.querySelector('#analysis .board-grid [data-sq=\"' + arguments[0] + '\"]');\
                 return !!s && s.classList.contains('movable');",
                vec![json!(from)],
            )
            .await
            .unwrap()
            .as_bool()
            .unwrap_or(false)
        }
    })
    .await;
    for square in [&from, &to] {
        c.find(Locator::Css(&format!("#analysis .board-grid [data-sq='{square}']")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }
    let mv = mv.to_owned();
    wait_until(c, &format!("{mv} on the analysis board"), move |c| {
        let (before, mv) = (before.clone(), mv.clone());
        async move {
            let now = analysis_node(&c).await;
            now != before && now.ends_with(&mv)
        }
    })
    .await;
}

/// Where the analysis board is: `game:N` (the game's position after N moves) or
/// `analysis:<moves from the start>`, once its position is drawn.
async fn analysis_node(c: &Client) -> String {
    c.execute(
        "const a = document.getElementById('analysis'); return a && a.dataset.turn !== undefined ? a.dataset.node || '' : '';",
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap_or_default()
    .to_owned()
}

async fn analysis_go(c: &Client, button: &str) {
    c.find(Locator::Css(&format!("#analysis [data-go='{button}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn wait_node(c: &Client, expected: &str) {
    let expected = expected.to_owned();
    wait_until(c, &format!("the analysis board at {expected}"), move |c| {
        let expected = expected.clone();
        async move { analysis_node(&c).await == expected }
    })
    .await;
}

/// Writes a screenshot into `docs/screenshots/` too when `HERALD_UPDATE_DOCS_SCREENSHOT=1`.
async fn docs_screenshot(c: &Client, name: &str) {
    let path = screenshot(c, name).await;
    if std::env::var("HERALD_UPDATE_DOCS_SCREENSHOT").is_ok_and(|v| v == "1") {
        let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(path, docs.join(format!("{name}.png"))).unwrap();
    }
}

/// Issue 18: the analysis board on a game page. A player plans moves from the game's
/// position: plays a line, goes back, branches, steps with the buttons and the arrow keys,
/// saves, and after a reload finds the tree kept; the game itself is untouched; the line
/// from the game's position goes into the conditional-moves form when the page has one; the
/// board fits a 360 px phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_plans_branches_and_keeps_saved_variations() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1280, 900, true).await;
    let bob = browser(&driver, 1280, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    sign_up(&bob, &server, "bob").await;
    let id = started(&server, &alice, &bob, "ancient").await;
    let m1 = ancient_moves_after(&[])[0].clone();
    let m2 = ancient_moves_after(&[&m1])[0].clone();
    play_api(&alice, &id, &m1).await;
    play_api(&bob, &id, &m2).await;
    let a1 = ancient_moves_after(&[&m1, &m2])[1].clone();
    let a2 = ancient_moves_after(&[&m1, &m2, &a1])[0].clone();
    let b1 = ancient_moves_after(&[&m1, &m2])[2].clone();

    open_game(&alice, &server, &id).await;
    wait_node(&alice, "game:2").await;
    let status = alice
        .find(Locator::Css("#analysis-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("White to move"), "{status}");
    analysis_play(&alice, &a1).await;
    let status = alice
        .find(Locator::Css("#analysis-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("Black to move"), "{status}");
    analysis_play(&alice, &a2).await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    // Back two moves, and a branch from the game's position.
    analysis_go(&alice, "back").await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1}")).await;
    analysis_go(&alice, "back").await;
    wait_node(&alice, "game:2").await;
    analysis_play(&alice, &b1).await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {b1}")).await;
    let tree = alice
        .find(Locator::Css("#analysis-tree"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(tree.contains(&a1) && tree.contains(&a2) && tree.contains(&b1), "{tree}");
    assert_eq!(
        alice
            .find_all(Locator::Css("#analysis-tree .analysis-variation"))
            .await
            .unwrap()
            .len(),
        1,
        "one branch: {tree}"
    );
    // The keyboard inside the panel: left goes back, right forward (the main line: a1).
    alice
        .find(Locator::Css("#analysis [data-go='first']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_node(&alice, "game:0").await;
    press(&alice, '\u{E014}').await; // ArrowRight
    wait_node(&alice, "game:1").await;
    press(&alice, '\u{E010}').await; // End: the end of the main line
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    press(&alice, '\u{E012}').await; // ArrowLeft
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1}")).await;
    analysis_go(&alice, "forward").await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    // A move of the list jumps there.
    alice
        .execute(
            "const b = Array.from(document.querySelectorAll('#analysis-tree .analysis-move')).find(b => b.textContent.endsWith(arguments[0])); b.click(); return true;",
            vec![json!(b1)],
        )
        .await
        .unwrap();
    wait_node(&alice, &format!("analysis:{m1} {m2} {b1}")).await;
    assert!(not_reloaded(&alice).await);
    assert_eq!(
        game_json(&alice, &id).await["moves"],
        json!([m1, m2]),
        "the game is untouched"
    );

    // The conditional-moves editor (a seated player's, in an active game): the board's
    // line from the game's current position goes in as a new row.
    analysis_go(&alice, "back").await;
    wait_node(&alice, "game:2").await;
    analysis_play(&alice, &b1).await;
    let add = alice
        .find(Locator::Css("#analysis [data-act='conditional']"))
        .await
        .unwrap();
    assert!(add.is_displayed().await.unwrap(), "shown after the game's position");
    add.click().await.unwrap();
    let lines = alice
        .execute("return document.getElementById('conditional-lines').value;", vec![])
        .await
        .unwrap();
    assert_eq!(lines, json!(b1));

    // Saved, and kept across a reload (and nobody else sees them).
    alice
        .find(Locator::Css("#analysis [data-act='save']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&alice, "the variations saved", |c| async move {
        c.find(Locator::Css("#analysis-message"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
            .starts_with("Saved: 3 moves")
    })
    .await;
    let kept = api(&alice, "GET", &format!("/api/v1/games/{id}/variations"), json!(null)).await;
    assert_eq!(kept["nodes"].as_array().map(Vec::len), Some(3), "{kept}");
    alice.refresh().await.unwrap();
    wait_node(&alice, "game:2").await;
    analysis_go(&alice, "last").await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    let tree = alice
        .find(Locator::Css("#analysis-tree"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(tree.contains(&b1), "the branch is kept: {tree}");
    let theirs = api(&bob, "GET", &format!("/api/v1/games/{id}/variations"), json!(null)).await;
    assert_eq!(theirs["nodes"], json!([]));
    alice
        .execute(
            "document.getElementById('analysis-status').scrollIntoView(); return true;",
            vec![],
        )
        .await
        .unwrap();
    docs_screenshot(&alice, "analysis-board-game").await;

    // A 360 px phone: the board fits, nothing scrolls sideways.
    alice.set_window_size(360, 800).await.unwrap();
    let v = alice
        .execute(
            "document.getElementById('analysis-status').scrollIntoView();\
             const b = document.querySelector('#analysis .board-grid').getBoundingClientRect();\
             return [b.left, b.right, document.documentElement.clientWidth, document.documentElement.scrollWidth];",
            vec![],
        )
        .await
        .unwrap();
    let n = |i: usize| v[i].as_f64().unwrap();
    assert!(n(0) >= 0.0 && n(1) <= n(2) + 0.5, "the analysis board fits: {v}");
    assert!(n(3) <= n(2) + 0.5, "no sideways scrolling at 360 px: {v}");
    docs_screenshot(&alice, "analysis-board-phone").await;
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// The standalone analysis board: any game from its start or a position string, moves
/// clicked along the engine's legal moves, whose move it is, Home and End, another game
/// from the form; a bad position string is a 400 page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standalone_analysis_board() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let c = browser(&driver, 1280, 1300, true).await;
    c.goto(&format!("{}/analysis?variant=ancient", server.url))
        .await
        .unwrap();
    wait_node(&c, "game:0").await;
    let m1 = ancient_moves_after(&[])[0].clone();
    let m2 = ancient_moves_after(&[&m1])[0].clone();
    analysis_play(&c, &m1).await;
    analysis_play(&c, &m2).await;
    wait_node(&c, &format!("analysis:{m1} {m2}")).await;
    let status = c
        .find(Locator::Css("#analysis-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("White to move"), "{status}");
    press(&c, '\u{E011}').await; // Home
    wait_node(&c, "game:0").await;
    press(&c, '\u{E010}').await; // End
    wait_node(&c, &format!("analysis:{m1} {m2}")).await;
    c.execute(
        "window.scrollTo(0, 0); document.activeElement.blur(); return true;",
        vec![],
    )
    .await
    .unwrap();
    docs_screenshot(&c, "analysis-standalone").await;
    // Another game from the form.
    c.find(Locator::Css("#analysis-variant option[value='not-chess']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.find(Locator::Css(".analysis-setup button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&c, "the Not Chess board", |c| async move {
        c.find_all(Locator::Css("#analysis .board-grid .sq"))
            .await
            .unwrap()
            .len()
            == 100
    })
    .await;
    wait_node(&c, "game:0").await;
    c.goto(&format!("{}/analysis?variant=nowan&fen=rubbish", server.url))
        .await
        .unwrap();
    let body = c.source().await.unwrap();
    assert!(body.contains("not a Nowan chess position"), "{body}");
    c.close().await.unwrap();
}

/// Issue 18, done when a player plans three moves ahead in the browser: on the game page's
/// analysis board Alice plays her move, Bob's answer, her reply, his next and her next reply,
/// adds the line to her conditional moves and saves the form; then she plays the move and
/// Bob's two answers are each met at once by her planned replies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plans_three_moves_ahead_with_conditional_moves() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1280, 1500, true).await;
    let bob = browser(&driver, 1280, 900, true).await;
    sign_up(&alice, &server, "carla").await;
    sign_up(&bob, &server, "dimitri").await;
    let id = started(&server, &alice, &bob, "ancient").await;
    let mut line: Vec<String> = Vec::new();
    for pick in [3, 1, 4, 1, 5] {
        let played: Vec<&str> = line.iter().map(String::as_str).collect();
        let legal = ancient_moves_after(&played);
        line.push(legal[pick % legal.len()].clone());
    }
    open_game(&alice, &server, &id).await;
    wait_node(&alice, "game:0").await;
    for mv in &line {
        analysis_play(&alice, mv).await;
    }
    alice
        .find(Locator::Css("#analysis [data-act='conditional']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let typed = alice
        .execute("return document.getElementById('conditional-lines').value;", vec![])
        .await
        .unwrap();
    assert_eq!(typed, json!(line.join(" ")));
    alice
        .execute(
            "document.getElementById('conditionals').open = true; \
             document.getElementById('conditionals').scrollIntoView(); return true;",
            vec![],
        )
        .await
        .unwrap();
    docs_screenshot(&alice, "conditional-editor").await;
    alice
        .find(Locator::Css("#conditionals-form button[type='submit']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let expected = line.join(" ");
    wait_until(&alice, "the saved line on the page", move |c| {
        let expected = expected.clone();
        async move {
            c.execute(
                "const t = document.getElementById('conditional-lines'); return t ? t.value : '';",
                vec![],
            )
            .await
            .unwrap()
                == json!(expected)
        }
    })
    .await;
    let saved = api(&alice, "GET", &format!("/api/v1/games/{id}/conditionals"), json!(null)).await;
    assert_eq!(saved["lines"], json!([line]), "{saved}");
    let theirs = api(&bob, "GET", &format!("/api/v1/games/{id}/conditionals"), json!(null)).await;
    assert_eq!(theirs["lines"], json!([]), "Bob never sees them: {theirs}");

    play_api(&alice, &id, &line[0]).await;
    play_api(&bob, &id, &line[1]).await;
    assert_eq!(
        game_json(&alice, &id).await["moves"],
        json!(line[..3]),
        "the first reply"
    );
    play_api(&bob, &id, &line[3]).await;
    assert_eq!(game_json(&alice, &id).await["moves"], json!(line), "the second reply");
    alice.close().await.unwrap();
    bob.close().await.unwrap();
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
    wait_until(&ann, "the partner's team message, live", |c| async move {
        c.execute("return document.getElementById('chat-log').textContent;", vec![])
            .await
            .unwrap()
            .as_str()
            .is_some_and(|t| t.contains("push the Rukh <now>"))
    })
    .await;
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
    wait_until(&ben, "Ann's message on Ben's page", |c| async move {
        c.execute("return document.getElementById('chat-log').textContent;", vec![])
            .await
            .unwrap()
            .as_str()
            .is_some_and(|t| t.contains("Good luck to all"))
    })
    .await;
    say(bots[1].clone(), "Ben, trade the Pil on c5", "team").await;
    say(bots[0].clone(), "Nice plan, partner.", "team").await;
    wait_until(&ann, "the second team message", |c| async move {
        c.execute("return document.getElementById('chat-log').textContent;", vec![])
            .await
            .unwrap()
            .as_str()
            .is_some_and(|t| t.contains("Nice plan"))
    })
    .await;
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
    let body = root.source().await.unwrap();
    assert!(
        body.contains("Spring tournament: sign up by 1 April."),
        "the notice on every page"
    );
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
    let link = root.find(Locator::Css("p.secret")).await.unwrap().text().await.unwrap();
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

/// Fails when the page open in `c` scrolls sideways (its document is wider than the
/// window); `what` names the page in the message.
async fn assert_no_sideways_scroll(c: &Client, what: &str) {
    let widths = c
        .execute(
            "return [document.documentElement.clientWidth, document.documentElement.scrollWidth];",
            vec![],
        )
        .await
        .unwrap();
    let (viewport, document) = (widths[0].as_f64().unwrap(), widths[1].as_f64().unwrap());
    assert!(
        document <= viewport + 1.0,
        "{what} scrolls sideways ({document} > {viewport})"
    );
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
