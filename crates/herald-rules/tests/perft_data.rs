//! Perft numbers pinned in `tests/data/<variant-id>.perft`, checked through the public API.
//!
//! Format, one record per block: `fen <position>` (or `start`), optional
//! `options <id> …`, then one or more `perft <depth> <nodes>` lines. `#` starts
//! a comment. Records whose node count exceeds `MAX_NODES` are skipped in debug
//! builds only, so `cargo test --release` checks every line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use herald_rules::{AnyGame, Options, Variant};

const MAX_NODES_DEBUG: u64 = 3_000_000;

struct Record {
    line: usize,
    fen: Option<String>,
    options: Vec<String>,
    expected: Vec<(u32, u64)>,
}

fn records(text: &str) -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "start" | "fen" => out.push(Record {
                line: index + 1,
                fen: (word == "fen").then(|| rest.trim().to_string()),
                options: Vec::new(),
                expected: Vec::new(),
            }),
            "options" => {
                out.last_mut().expect("options before fen").options =
                    rest.split_whitespace().map(String::from).collect()
            }
            "perft" => {
                let (depth, nodes) = rest.trim().split_once(' ').expect("perft <depth> <nodes>");
                out.last_mut()
                    .expect("perft before fen")
                    .expected
                    .push((depth.parse().unwrap(), nodes.trim().parse().unwrap()));
            }
            other => panic!("line {}: unknown keyword {other}", index + 1),
        }
    }
    out
}

fn check_file(variant: Variant) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("{}.perft", variant.id()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let records = records(&text);
    assert!(!records.is_empty(), "{} has no records", path.display());
    let mut checked = 0;
    for record in records {
        let options = Options::parse(variant, record.options.iter().map(String::as_str)).unwrap();
        let game = AnyGame::new(variant, options, record.fen.as_deref())
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), record.line));
        for (depth, nodes) in record.expected {
            if cfg!(debug_assertions) && nodes > MAX_NODES_DEBUG {
                continue;
            }
            assert_eq!(
                game.perft(depth),
                nodes,
                "{}:{} depth {depth}",
                path.display(),
                record.line
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no perft line of {} was checked", path.display());
}

#[test]
fn nowan_perft_data() {
    check_file(Variant::Nowan);
}

#[test]
fn not_chess_perft_data() {
    check_file(Variant::NotChess);
}

#[test]
fn chatrang_perft_data() {
    check_file(Variant::Chatrang);
}

#[test]
fn ancient_perft_data() {
    check_file(Variant::Ancient);
}
