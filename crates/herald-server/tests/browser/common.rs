//! What every browser test uses: chromedriver, a Herald server on a random port, browser
//! sessions, signing up and starting games, finding and clicking squares, waiting for a
//! condition with a deadline (never a fixed sleep), screenshots, and the API from a page.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use herald_server::Config;
use serde_json::{Value, json};

pub const WAIT: Duration = Duration::from_secs(20);

/// A chromedriver process on a free port, stopped when dropped.
pub struct Driver {
    pub child: Child,
    pub url: String,
    port: u16,
}

impl Drop for Driver {
    /// Asks chromedriver to shut down, which quits the browser of every session still open
    /// (a test that failed, or one that did not close a session), then kills it if it has
    /// not exited. Killed outright, it left those browsers running with no parent: a full
    /// run of the suite left about fifteen Chromiums (150 processes) on the machine.
    fn drop(&mut self) {
        use std::io::{Read, Write};
        if let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", self.port)) {
            let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
            let _ = stream.write_all(b"GET /shutdown HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            let _ = stream.read_to_end(&mut Vec::new());
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Set to `1` to make a missing chromedriver a failure instead of a skip.
pub const REQUIRE_ENV: &str = "HERALD_REQUIRE_BROWSER";

/// Starts chromedriver; `None` (after a note on stderr, once) when it is not installed and
/// [`REQUIRE_ENV`] is not set.
pub async fn start_driver() -> Option<Driver> {
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
        port,
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
pub struct Server {
    pub url: String,
    pub addr: SocketAddr,
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    /// Instances started by [`Server::restart`] on the side, stopped with this one.
    pub side_stops: Vec<tokio::sync::oneshot::Sender<()>>,
    pub dir: PathBuf,
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
pub async fn instance(
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

pub async fn start_server() -> Server {
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
    pub async fn restart<F, Fut>(&mut self, between: F)
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

impl Server {
    /// Stops the server and runs `between` while nothing listens on its port (connections
    /// are refused, as with the network off), then starts it again on the same database
    /// and port.
    pub async fn pause<F, Fut>(&mut self, between: F)
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = ()>,
    {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap().unwrap();
        }
        between().await;
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_reuseaddr(true).unwrap();
        socket.bind(self.addr).unwrap();
        let listener = socket.listen(1024).unwrap();
        let (stop, task) = instance(&self.dir, &self.url, listener).await;
        self.stop = Some(stop);
        self.task = Some(task);
    }
}

/// A fresh browser session (its own cookies) at a window size, with or without JavaScript.
pub async fn browser(driver: &Driver, width: u32, height: u32, javascript: bool) -> Client {
    browser_in(driver, width, height, javascript, false).await
}

/// A fresh browser session whose system colour scheme is dark (`prefers-color-scheme`).
pub async fn dark_browser(driver: &Driver, width: u32, height: u32) -> Client {
    browser_in(driver, width, height, true, true).await
}

pub async fn browser_in(driver: &Driver, width: u32, height: u32, javascript: bool, dark: bool) -> Client {
    let mut chrome = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 format!("--window-size={width},{height}")],
    });
    if dark {
        chrome["args"].as_array_mut().unwrap().push(json!("--force-dark-mode"));
    }
    if !javascript {
        chrome["prefs"] = json!({"profile.managed_default_content_settings.javascript": 2});
    }
    connect(driver, chrome).await
}

/// A session with these `goog:chromeOptions` (Debian's Chromium when installed).
pub async fn connect(driver: &Driver, mut chrome: Value) -> Client {
    if std::path::Path::new("/usr/bin/chromium").exists() {
        chrome["binary"] = json!("/usr/bin/chromium");
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_owned(), chrome);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .unwrap_or_else(|e| panic!("cannot open a Chromium session through chromedriver: {e}"))
}

pub async fn sign_up(c: &Client, server: &Server, name: &str) {
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
pub async fn create_game(c: &Client, body: Value) -> String {
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

pub async fn game_json(c: &Client, id: &str) -> Value {
    c.execute(
        "return fetch('/api/v1/games/' + arguments[0], {credentials: 'same-origin'}).then(r => r.json());",
        vec![json!(id)],
    )
    .await
    .unwrap()
}

pub async fn wait_until<F, Fut>(c: &Client, what: &str, check: F)
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
pub async fn piece_on(c: &Client, square: &str) -> Option<String> {
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

pub async fn click(c: &Client, square: &str) {
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

pub async fn open_game(c: &Client, server: &Server, id: &str) {
    c.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    c.wait().for_element(Locator::Css("#game .board-grid")).await.unwrap();
    // Marks this page load: a reload would lose it.
    c.execute("window.heraldNoReload = true; return true;", vec![])
        .await
        .unwrap();
}

pub async fn not_reloaded(c: &Client) -> bool {
    c.execute("return window.heraldNoReload === true;", vec![])
        .await
        .unwrap()
        .as_bool()
        .unwrap_or(false)
}

/// Waits until `square` shows a piece on this page, which must not have reloaded.
pub async fn sees_piece(c: &Client, square: &str, who: &str) {
    let sq = square.to_owned();
    wait_until(c, &format!("{who} to see a piece arrive on {square}"), move |c| {
        let sq = sq.clone();
        async move { piece_on(&c, &sq).await.is_some() }
    })
    .await;
    assert!(not_reloaded(c).await, "{who}'s page reloaded instead of updating live");
}

pub fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub async fn screenshot(c: &Client, name: &str) -> PathBuf {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "not a PNG screenshot");
    let path = screenshot_dir().join(format!("{name}.png"));
    std::fs::write(&path, &png).unwrap();
    path
}

pub async fn join_on_page(c: &Client, server: &Server, id: &str) {
    c.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    c.find(Locator::Css(&format!("form[action='/games/{id}/join'] button")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.wait().for_element(Locator::Css("#game .board-grid")).await.unwrap();
}

/// Text whose contrast with its background is below WCAG AA (4.5:1, or 3:1 for large
/// text), as `"<text>: <ratio>"` lines. The background is the nearest opaque
/// `background-color` up the tree (white at the top); text over an image is skipped.
pub const LOW_CONTRAST: &str = r"
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

/// Calls the API from inside the signed-in browser (its cookie and the page's CSRF token).
pub async fn api(c: &Client, method: &str, path: &str, body: Value) -> Value {
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
pub async fn bot(server: &Server) -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
    let name = format!("bot{}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    named_player(server, &name).await
}

/// A started game of `variant`: `host` (in a browser) in seat 0, `guest` (in a browser)
/// in the next seat, API-only players in any others.
pub async fn started(server: &Server, host: &Client, guest: &Client, variant: &str) -> String {
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

pub async fn play_api(c: &Client, id: &str, text: &str) {
    let played = api(c, "POST", &format!("/api/v1/games/{id}/moves"), json!({"move": text})).await;
    assert!(played.get("error").is_none(), "{text}: {played}");
}

/// A Chrome DevTools command sent through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
pub struct Cdp {
    pub cmd: &'static str,
    pub params: Value,
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

/// Presses and releases one key where the focus is (WebDriver key codes: Tab `\u{E004}`).
pub async fn press(c: &Client, key: char) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let actions = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(actions).await.unwrap();
}

/// A named API-only player: signs up and returns an API token.
pub async fn named_player(server: &Server, name: &str) -> String {
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

pub async fn api_as(server: &Server, token: &str, path: &str, body: Value) -> Value {
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

/// The origin and destination squares of a canonical move (`e2e4`).
pub fn move_squares(mv: &str) -> (String, String) {
    let split = mv[1..].find(|c: char| c.is_ascii_lowercase()).unwrap() + 1;
    let to_end = mv[split..]
        .char_indices()
        .skip(1)
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(mv.len(), |(i, _)| split + i);
    (mv[..split].to_owned(), mv[split..to_end].to_owned())
}

/// Where the analysis board is: `game:N` (the game's position after N moves) or
/// `analysis:<moves from the start>`, once its position is drawn.
pub async fn analysis_node(c: &Client) -> String {
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

/// Writes a screenshot into `docs/screenshots/` too when `HERALD_UPDATE_DOCS_SCREENSHOT=1`.
pub async fn docs_screenshot(c: &Client, name: &str) {
    let path = screenshot(c, name).await;
    if std::env::var("HERALD_UPDATE_DOCS_SCREENSHOT").is_ok_and(|v| v == "1") {
        let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(path, docs.join(format!("{name}.png"))).unwrap();
    }
}

/// Fails when the page open in `c` scrolls sideways (its document is wider than the
/// window); `what` names the page in the message.
pub async fn assert_no_sideways_scroll(c: &Client, what: &str) {
    let widths = c
        .execute(
            "return [document.documentElement.clientWidth, document.documentElement.scrollWidth];",
            vec![],
        )
        .await
        .unwrap();
    let (viewport, document) = (widths[0].as_f64().unwrap(), widths[1].as_f64().unwrap());
    if document <= viewport + 1.0 {
        return;
    }
    // Name the elements that reach past the window, innermost first, to say what to fix.
    let culprits = c
        .execute(
            "const w = document.documentElement.clientWidth;\
             return [...document.querySelectorAll('body *')].filter(e => {\
               const r = e.getBoundingClientRect(); const rtl = document.dir === 'rtl';\
               return r.width > 0 && !e.matches('.skip') && ((rtl ? r.left < -1 : r.right > w + 1) || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible'));\
             }).reverse().slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className + ' [' + Math.round(e.getBoundingClientRect().left) + ', ' + Math.round(e.getBoundingClientRect().right) + '] ' + (e.textContent || '').trim().slice(0, 40));",
            vec![],
        )
        .await
        .unwrap();
    panic!("{what} scrolls sideways ({document} > {viewport}): {culprits}");
}
