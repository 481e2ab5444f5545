//! `herald serve` refusing to start, as a real process: a read-only SQLite file, a second
//! server on the same file, and start-up errors that name what failed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh data directory, removed on drop.
struct DataDir(PathBuf);

impl DataDir {
    fn new(name: &str) -> DataDir {
        let mut bytes = [0_u8; 6];
        std::fs::File::open("/dev/urandom")
            .unwrap()
            .read_exact(&mut bytes)
            .unwrap();
        let suffix: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let dir = std::env::temp_dir().join(format!("herald-start-{name}-{suffix}"));
        std::fs::create_dir_all(&dir).unwrap();
        DataDir(dir)
    }

    fn db(&self) -> PathBuf {
        self.0.join("herald.db")
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `herald serve` on `dir`, optionally as another user (`setpriv` arguments first).
fn serve(dir: &Path, port: u16, url: Option<&str>, wrapper: &[&str]) -> Command {
    let herald = env!("CARGO_BIN_EXE_herald");
    let mut command = match wrapper.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(herald);
            c
        }
        None => Command::new(herald),
    };
    command
        .arg("serve")
        .env_remove("DATABASE_URL")
        .env("HERALD_DATA_DIR", dir)
        .env("HERALD_BIND", format!("127.0.0.1:{port}"))
        .env("HERALD_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(url) = url {
        command.env("DATABASE_URL", url);
    }
    command
}

/// Waits for `child` to exit within `limit`; a server still running then is killed and the
/// test fails (it started when it should have refused).
fn exits_within(mut child: Child, limit: Duration) -> Output {
    let started = Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    panic!(
        "herald serve started instead of refusing; stdout: {}",
        String::from_utf8_lossy(&output.stdout)
    );
}

/// Asserts exit status 1 and a line on stderr containing every one of `needles`.
fn refused(output: &Output, needles: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    let line = stderr
        .lines()
        .find(|l| l.starts_with("herald: "))
        .unwrap_or_else(|| panic!("no error line in {stderr}"));
    for needle in needles {
        assert!(line.contains(needle), "`{needle}` not in: {line}");
    }
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("Uid:"))
        .and_then(|l| l.split_whitespace().nth(1).map(|uid| uid == "0"))
        .unwrap_or(false)
}

/// Creates the database in `dir` (migrated) with `herald migrate`.
fn migrated(dir: &DataDir) {
    let output = Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("migrate")
        .env_remove("DATABASE_URL")
        .env("HERALD_DATA_DIR", &dir.0)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_read_only_database_file_is_refused_by_name() {
    let dir = DataDir::new("ro");
    migrated(&dir);
    std::fs::set_permissions(dir.db(), std::fs::Permissions::from_mode(0o444)).unwrap();
    // Root writes any file whatever its mode: run the server as nobody, with the
    // directory open to it, so only the file is read-only.
    let wrapper: &[&str] = if is_root() {
        std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(0o777)).unwrap();
        &["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    } else {
        &[]
    };
    let child = serve(&dir.0, free_port(), None, wrapper).spawn().unwrap();
    let output = exits_within(child, Duration::from_secs(20));
    refused(&output, &[&dir.db().display().to_string()]);
}

/// Reads `child`'s stdout until it says it listens (`None` if it ended first); the reader
/// returned keeps its stdout open while the caller still needs the server.
fn listens(child: &mut Child) -> Option<std::io::Lines<BufReader<std::process::ChildStdout>>> {
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    lines
        .by_ref()
        .map_while(Result::ok)
        .any(|line| line.contains("Herald is listening"))
        .then_some(lines)
}

#[test]
fn a_first_start_creates_the_data_directory() {
    // What the README's `cargo run --release` does on a fresh clone: no `data/` yet.
    let parent = DataDir::new("fresh");
    let missing = parent.0.join("data");
    let mut server = serve(&missing, free_port(), None, &[]).spawn().unwrap();
    let started = listens(&mut server).is_some();
    let _ = server.kill();
    let output = server.wait_with_output().unwrap();
    assert!(started, "did not start: {}", String::from_utf8_lossy(&output.stderr));
    assert!(missing.join("herald.db").exists());
}

#[test]
fn a_second_server_on_the_same_sqlite_file_is_refused() {
    let dir = DataDir::new("twice");
    let mut first = serve(&dir.0, free_port(), None, &[]).spawn().unwrap();
    let _stdout = listens(&mut first).expect("the first server did not start");
    let second = serve(&dir.0, free_port(), None, &[]).spawn().unwrap();
    let output = exits_within(second, Duration::from_secs(20));
    let _ = first.kill();
    let _ = first.wait();
    refused(&output, &["another Herald server", &dir.db().display().to_string()]);
}

#[test]
fn start_up_errors_name_what_failed() {
    let dir = DataDir::new("names");
    // A directory where the database file should be: SQLite cannot open it.
    let taken = dir.0.join("taken.db");
    std::fs::create_dir_all(&taken).unwrap();
    let url = format!("sqlite://{}?mode=rwc", taken.display());
    let child = serve(&dir.0, free_port(), Some(&url), &[]).spawn().unwrap();
    let output = exits_within(child, Duration::from_secs(20));
    refused(&output, &[&taken.display().to_string(), "unable to open database file"]);

    // Nothing listens on port 1: the refusal is named, not "pool timed out".
    let url = "postgres://herald:secret@127.0.0.1:1/herald";
    let child = serve(&dir.0, free_port(), Some(url), &[]).spawn().unwrap();
    let output = exits_within(child, Duration::from_secs(40));
    refused(&output, &["127.0.0.1:1", "onnection refused"]);
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("secret"),
        "the password leaked"
    );
}
