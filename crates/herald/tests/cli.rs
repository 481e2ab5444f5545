//! The `herald perft` / `herald moves` contract of `shared/rules/README.md`, run as a real process.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn herald(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herald")).args(args).output().unwrap()
}

fn stdout_lines(output: &Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn perft_prints_the_count_on_its_last_line() {
    let output = herald(&["perft", "not-chess", "2"]);
    assert!(output.status.success());
    assert_eq!(stdout_lines(&output).last().map(String::as_str), Some("1936"));
}

#[test]
fn perft_divide_lists_each_move_then_the_total() {
    let output = herald(&["perft", "not-chess", "2", "--divide"]);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    let (total, moves) = lines.split_last().unwrap();
    assert_eq!(moves.len(), 44);
    let sum: u64 = moves
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, &sum.to_string());
    assert_eq!(total, "1936");
}

#[test]
fn perft_accepts_a_position_and_depth_zero() {
    let fen = "6k3/10/10/10/10/4C5/10/10/10/3K6 w 0 0 0 1";
    let output = herald(&["perft", "not-chess", "0", "--fen", fen]);
    assert_eq!(stdout_lines(&output), ["1"]);
    let output = herald(&["perft", "not-chess", "1", "--fen", fen]);
    assert_eq!(stdout_lines(&output).last().map(String::as_str), Some("11"));
}

#[test]
fn moves_are_sorted_by_bytes_one_per_line() {
    let output = herald(&["moves", "not-chess"]);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 44);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"b2d4".to_string()));
}

#[test]
fn bad_input_is_one_line_on_stderr_with_status_2() {
    let cases: &[&[&str]] = &[
        &["perft", "chess", "1"],
        &["moves", "shogi"],
        &["perft", "not-chess", "x"],
        &["perft", "not-chess", "-1"],
        &["perft", "not-chess", "1", "--fen", "garbage"],
        &["moves", "not-chess", "--fen", "10/10 w 0 0 0 1"],
        &["perft", "not-chess", "1", "--option", "jumping"],
        &["moves", "ancient", "--option", "flying"],
        &["perft", "not-chess"],
        &["frobnicate"],
        &["perft", "not-chess", "1", "--bogus"],
    ];
    for args in cases {
        let output = herald(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
        assert!(stderr.len() > 10, "{args:?}: {stderr:?}");
    }
}
