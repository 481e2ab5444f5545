//! `herald engine`, a scripted `herald uci` session and a tiny `herald match`, run as real
//! processes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use herald_rules::{AnyGame, Options, Variant};

const HERALD: &str = env!("CARGO_BIN_EXE_herald");

fn herald(args: &[&str]) -> Output {
    Command::new(HERALD).args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn legal(variant: Variant, moves: &[&str]) -> Vec<String> {
    let mut game = AnyGame::new(variant, Options::NONE, None).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    game.legal_moves().iter().map(ToString::to_string).collect()
}

#[test]
fn engine_prints_move_score_pv_and_statistics() {
    let output = herald(&["engine", "not-chess", "--depth", "3"]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let best = lines[0].strip_prefix("bestmove ").unwrap();
    assert!(legal(Variant::NotChess, &[]).contains(&best.to_string()), "{best}");
    let score = lines[1].strip_prefix("score ").unwrap();
    assert!(
        score.starts_with('+') || score.starts_with('-') || score.starts_with("win in") || score.starts_with("loss in"),
        "{score}"
    );
    let pv = lines[2].strip_prefix("pv ").unwrap();
    assert_eq!(pv.split(' ').next(), Some(best));
    assert!(lines[3].starts_with("depth 3 seldepth "), "{}", lines[3]);
    assert!(lines[3].contains(" nodes ") && lines[3].contains(" time "));
}

#[test]
fn engine_takes_a_level_a_time_or_a_position() {
    for args in [
        &["engine", "ancient", "--level", "1"][..],
        &["engine", "chatrang", "--movetime", "50"],
        &["engine", "nowan", "--nodes", "500"],
        &["engine", "ancient", "--option", "jumping", "--depth", "2"],
    ] {
        let output = herald(args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert!(stdout(&output).starts_with("bestmove "), "{args:?}");
    }
    // White to move can take the bare Black's last man: a win in one.
    let fen = "hg6/8/8/8/8/8/8/C3G3 w - 1";
    let output = herald(&["engine", "ancient", "--fen", fen, "--depth", "3"]);
    let text = stdout(&output);
    assert!(text.starts_with("bestmove a1a8\nscore win in 1\n"), "{text}");
}

#[test]
fn engine_usage_errors_are_one_line_with_status_2() {
    for args in [
        &["engine", "not-chess"][..],
        &["engine", "not-chess", "--depth", "2", "--level", "3"],
        &["engine", "not-chess", "--level", "9"],
        &["engine", "chess", "--depth", "2"],
        &["engine", "not-chess", "--fen", "garbage", "--depth", "2"],
        &["engine", "not-chess", "--depth", "0"],
    ] {
        let output = herald(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8(output.stderr).unwrap().lines().count(), 1, "{args:?}");
    }
}

#[test]
fn a_scripted_uci_session_answers_with_legal_moves() {
    let mut child = Command::new(HERALD)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut read_until = |prefix: &str| -> Vec<String> {
        let mut seen = Vec::new();
        for line in output.by_ref() {
            let line = line.unwrap();
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no `{prefix}` in {seen:?}");
    };
    writeln!(input, "uci").unwrap();
    let hello = read_until("uciok");
    assert!(hello[0].starts_with("id name Herald"));
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo"))
    );
    writeln!(input, "setoption name UCI_Variant value ancient\nucinewgame\nisready").unwrap();
    read_until("readyok");
    writeln!(input, "position startpos moves e3e4 e6e5\ngo depth 4").unwrap();
    let answer = read_until("bestmove");
    assert!(answer.iter().any(|l| l.starts_with("info depth 4 ")), "{answer:?}");
    let best = answer.last().unwrap().strip_prefix("bestmove ").unwrap().to_owned();
    assert!(legal(Variant::Ancient, &["e3e4", "e6e5"]).contains(&best), "{best}");

    // `go infinite` runs until `stop`, and still answers with a legal move.
    writeln!(input, "position startpos\ngo infinite").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    writeln!(input, "isready").unwrap();
    read_until("readyok");
    writeln!(input, "stop").unwrap();
    let best = read_until("bestmove")
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_owned();
    assert!(legal(Variant::Ancient, &[]).contains(&best), "{best}");

    writeln!(input, "go perft 1").unwrap();
    assert_eq!(read_until("Nodes searched").last().unwrap(), "Nodes searched: 17");
    writeln!(input, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// The numbers of the report's `games N: scored S (A wins W, draws D, A losses L), unscored U`.
fn tally(report: &str) -> [u32; 6] {
    let line = report.lines().find(|l| l.starts_with("games ")).unwrap();
    let numbers: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    numbers.try_into().unwrap()
}

#[test]
fn a_tiny_match_between_two_levels_adds_up() {
    let log = std::env::temp_dir().join(format!("herald-match-{}.log", std::process::id()));
    let output = herald(&[
        "match",
        "ancient",
        "herald:level=2:nodes=300",
        "herald:level=1:nodes=300",
        "--openings",
        "2",
        "--plies",
        "2",
        "--max-plies",
        "120",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let report = stdout(&output);
    let [games, scored, wins, draws, losses, unscored] = tally(&report);
    assert_eq!(games, 4, "{report}");
    assert_eq!(scored + unscored, games);
    assert_eq!(wins + draws + losses, scored);
    assert_eq!(unscored, 0, "{report}");
    assert!(report.contains("score A ") && report.contains("Elo A-B "), "{report}");
    let log = std::fs::read_to_string(&log).unwrap();
    assert_eq!(log.matches("[Game ").count(), 4);
}

#[test]
fn a_chatrang_match_fields_teams_and_herald_speaks_uci_to_itself() {
    // Engine B is Herald over UCI, its move lists compared with `go perft 1` every ply.
    let b = format!("uci:{HERALD}:arg=uci:arg=chatrang:nodes=200");
    let output = herald(&[
        "match",
        "chatrang",
        "herald:nodes=200",
        &b,
        "--openings",
        "1",
        "--plies",
        "4",
        "--max-plies",
        "80",
    ]);
    assert!(output.status.success(), "{output:?}");
    let report = stdout(&output);
    let [games, scored, wins, draws, losses, unscored] = tally(&report);
    assert_eq!((games, scored, unscored), (2, 2, 0), "{report}");
    assert_eq!(wins + draws + losses, 2);
    assert!(report.contains("(Strict mode): 0 differed"), "{report}");
}

#[test]
fn match_usage_errors_have_status_2() {
    for args in [
        &["match", "not-chess", "herald:level=1"][..],
        &["match", "not-chess", "herald:level=1", "stockfish"],
        &[
            "match",
            "not-chess",
            "herald:level=1",
            "herald:level=2",
            "--compare",
            "loose",
        ],
        &[
            "match",
            "not-chess",
            "herald:level=1",
            "herald:level=2",
            "--openings",
            "0",
        ],
    ] {
        let output = herald(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    }
}
