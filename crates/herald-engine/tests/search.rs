//! The search through the public API: limits, determinism, legal moves from every perft
//! position, Chatrang's teams, eliminations and passes, Ancient chess's repetition ban.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::time::{Duration, Instant};

use herald_engine::{Engine, Found, Level, Limits, Score, Settings, Stop};
use herald_rules::{AnyGame, Options, Variant};

fn think(game: &AnyGame, settings: &Settings) -> Option<Found> {
    Engine::new(8).think(game, settings, &mut |_| {})
}

fn start(variant: Variant) -> AnyGame {
    AnyGame::new(variant, Options::NONE, None).unwrap()
}

/// Every position of the rules crate's perft files, with its options.
fn perft_positions() -> Vec<AnyGame> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../herald-rules/tests/data");
    let mut games = Vec::new();
    for variant in Variant::ALL.iter().copied() {
        let text = std::fs::read_to_string(dir.join(format!("{}.perft", variant.id()))).unwrap();
        let mut pending: Option<(Option<String>, Vec<String>)> = None;
        let mut flush = |pending: &mut Option<(Option<String>, Vec<String>)>| {
            if let Some((fen, options)) = pending.take() {
                let options = Options::parse(variant, options.iter().map(String::as_str)).unwrap();
                games.push(AnyGame::new(variant, options, fen.as_deref()).unwrap());
            }
        };
        for raw in text.lines() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            match word {
                "start" | "fen" => {
                    flush(&mut pending);
                    pending = Some(((word == "fen").then(|| rest.trim().to_owned()), Vec::new()));
                }
                "options" => {
                    if let Some((_, options)) = pending.as_mut() {
                        *options = rest.split_whitespace().map(str::to_owned).collect();
                    }
                }
                _ => {}
            }
        }
        flush(&mut pending);
    }
    games
}

#[test]
fn every_perft_position_gets_a_legal_move_at_every_level() {
    let positions = perft_positions();
    assert!(positions.len() >= 60, "only {} perft positions", positions.len());
    for game in &positions {
        let legal = game.legal_moves();
        for settings in [
            Settings::limits(Limits::depth(2)),
            Settings::level(Level::MIN, 7),
            Settings {
                limits: Limits::nodes(3_000),
                ..Settings::level(Level::MAX, 7)
            },
        ] {
            match think(game, &settings) {
                None => assert!(legal.is_empty(), "no move from {}", game.fen()),
                Some(found) => {
                    assert!(
                        legal.contains(&found.best),
                        "{} is illegal in {}",
                        found.best.text(),
                        game.fen()
                    );
                    assert_eq!(found.pv.first(), Some(&found.best));
                    // The whole variation is playable.
                    let mut line = game.clone();
                    for m in &found.pv {
                        line.play_text(&m.text().to_string())
                            .unwrap_or_else(|e| panic!("pv move {} in {}: {e}", m.text(), game.fen()));
                    }
                }
            }
        }
    }
}

#[test]
fn a_depth_limit_is_the_deepest_iteration() {
    for variant in Variant::ALL.iter().copied() {
        let mut depths = Vec::new();
        let found = Engine::new(8)
            .think(&start(variant), &Settings::limits(Limits::depth(3)), &mut |f| {
                depths.push(f.depth)
            })
            .unwrap();
        assert_eq!(depths, [1, 2, 3], "{variant:?}");
        assert_eq!(found.depth, 3);
    }
}

#[test]
fn a_node_limit_stops_the_search_once_depth_one_is_done() {
    for variant in Variant::ALL.iter().copied() {
        let game = start(variant);
        let unlimited = think(&game, &Settings::limits(Limits::depth(5))).unwrap();
        let limit = unlimited.nodes / 3;
        let mut reported = Vec::new();
        let found = Engine::new(8)
            .think(&game, &Settings::limits(Limits::nodes(limit)), &mut |f| {
                reported.push(f.nodes)
            })
            .unwrap();
        assert!(
            found.nodes <= limit,
            "{variant:?}: {} nodes with a limit of {limit}",
            found.nodes
        );
        assert!(found.depth < 5, "{variant:?} reached depth {}", found.depth);
        assert!(reported.windows(2).all(|w| w[0] < w[1]));
    }
    // A limit smaller than depth 1 still gives a legal move.
    let game = start(Variant::NotChess);
    let found = think(&game, &Settings::limits(Limits::nodes(1))).unwrap();
    assert_eq!(found.depth, 0);
    assert!(game.legal_moves().contains(&found.best));
}

#[test]
fn a_deadline_and_a_stop_flag_end_the_search() {
    let game = start(Variant::Nowan);
    let began = Instant::now();
    let found = think(&game, &Settings::limits(Limits::movetime(50))).unwrap();
    // Generous: the point is that a search with no depth limit returns at all.
    assert!(began.elapsed() < Duration::from_secs(5), "took {:?}", began.elapsed());
    assert!(found.depth >= 1);

    let stop = Stop::new();
    stop.raise();
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let found = think(&game, &Settings::limits(limits)).unwrap();
    assert_eq!(found.depth, 0, "a raised flag stops the search after one root move");
    assert!(game.legal_moves().contains(&found.best));
}

#[test]
fn a_crowded_position_stops_on_time_even_inside_its_first_iteration() {
    // The tactics suite's Nowan line 26 and Not Chess line 20 once ran for minutes inside
    // depth 1 (check extensions and quiescence evasions feeding each other).
    for (variant, fen) in [
        (
            Variant::Nowan,
            "eh1gkgahe/wwwwwwwww/1s5sA/9/9/S6a1/7S1/WWWWWWWWW/EH1GKGAHE r Kk 2",
        ),
        (
            Variant::NotChess,
            "1h1bqeb2r/4ak4/r1c1p2pcp/p4Q4/2pp6/6P1PC/P8P/1CPPP1PP2/6EB2/3E1Kh1HR w 1 0 0 29",
        ),
    ] {
        let game = AnyGame::new(variant, Options::NONE, Some(fen)).unwrap();
        let found = think(&game, &Settings::limits(Limits::nodes(200_000))).unwrap();
        assert!(found.nodes <= 200_000, "{variant:?}");
        assert!(game.legal_moves().contains(&found.best));
        // Each has a win in one, which a search that returns at all finds.
        let found = think(&game, &Settings::limits(Limits::depth(3))).unwrap();
        assert_eq!(found.score, Score::Win { plies: 1 }, "{variant:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_move_and_seeds_differ() {
    for variant in Variant::ALL.iter().copied() {
        let game = start(variant);
        for level in Level::all() {
            let settings = Settings {
                limits: Limits::nodes(4_000),
                ..Settings::level(level, 42)
            };
            let a = think(&game, &settings).unwrap();
            let b = think(&game, &settings).unwrap();
            assert_eq!(
                (a.best, &a.pv, a.score, a.nodes),
                (b.best, &b.pv, b.score, b.nodes),
                "{variant:?} {level:?}"
            );
        }
        let moves: std::collections::BTreeSet<String> = (0..16)
            .map(|seed| {
                think(&game, &Settings::level(Level::MIN, seed))
                    .unwrap()
                    .best
                    .text()
                    .to_string()
            })
            .collect();
        assert!(
            moves.len() > 1,
            "{variant:?}: level 1 plays {moves:?} whatever the seed"
        );
    }
}

#[test]
fn chatrang_partners_search_together_across_an_elimination() {
    // Player 1 is out, so the order is 2, 3, 4, 2: Black's Players 4 and 2 move in a row.
    // Player 4's Asb unmasks Player 2's Rukh, which then takes White's last Shah.
    let game = AnyGame::new(
        Variant::Chatrang,
        Options::NONE,
        Some("r23k42k2/3p44/8/8/n47/8/7P3/K37 4 1 - 0"),
    )
    .unwrap();
    let found = think(&game, &Settings::limits(Limits::depth(3))).unwrap();
    assert_eq!(found.score, Score::Win { plies: 2 }, "pv {:?}", found.pv);
    assert_eq!(found.best.from().to_string(), "a4");
    let mut line = game.clone();
    for m in &found.pv {
        line.play_text(&m.text().to_string()).unwrap();
    }
    assert_eq!(line.outcome().and_then(|o| o.winner()).map(|t| t.get()), Some(1));
}

#[test]
fn chatrang_passes_when_it_must() {
    let game = AnyGame::new(
        Variant::Chatrang,
        Options::NONE,
        Some("k46k2/p46P1/6K31/8/8/8/8/K17 2 - - 0"),
    );
    let game = game.unwrap();
    assert_eq!(game.legal_moves().len(), 1);
    let found = think(&game, &Settings::limits(Limits::depth(4))).unwrap();
    assert!(found.best.is_pass());
}

#[test]
fn ancient_chess_never_plays_a_move_its_repetition_rule_forbids() {
    // Two pieces that step out and back: the start position stands for the second time
    // after one round trip, and after the third outing the move home would make it a third.
    let mut game = start(Variant::Ancient);
    let (out_white, out_black) = round_trip(&game).expect("a reversible pair of moves");
    let back = |text: &str| format!("{}{}", &text[2..4], &text[0..2]);
    for text in [
        out_white.clone(),
        out_black.clone(),
        back(&out_white),
        back(&out_black),
        out_white.clone(),
        out_black.clone(),
        back(&out_white),
    ] {
        game.play_text(&text).unwrap();
    }
    let with_history = game.legal_moves();
    let fresh = AnyGame::new(Variant::Ancient, Options::NONE, Some(&game.fen())).unwrap();
    let banned: Vec<_> = fresh
        .legal_moves()
        .into_iter()
        .filter(|m| !with_history.contains(m))
        .collect();
    assert!(!banned.is_empty(), "the test needs a banned move");
    for seed in 0..8 {
        for settings in [Settings::limits(Limits::depth(4)), Settings::level(Level::MIN, seed)] {
            let found = think(&game, &settings).unwrap();
            assert!(with_history.contains(&found.best), "{} is banned", found.best.text());
            assert!(!banned.contains(&found.best));
        }
    }
}

/// A White move and a Black move (both two-square texts) that both can take back.
fn round_trip(game: &AnyGame) -> Option<(String, String)> {
    let texts = |g: &AnyGame| -> Vec<String> { g.legal_moves().iter().map(|m| m.text().to_string()).collect() };
    for white in texts(game).into_iter().filter(|t| t.len() == 4) {
        let mut after_white = game.clone();
        if after_white.play_text(&white).is_err() {
            continue;
        }
        for black in texts(&after_white).into_iter().filter(|t| t.len() == 4) {
            let mut line = after_white.clone();
            if line.play_text(&black).is_err() {
                continue;
            }
            let home_white = format!("{}{}", &white[2..4], &white[0..2]);
            let home_black = format!("{}{}", &black[2..4], &black[0..2]);
            if line.play_text(&home_white).is_ok()
                && line.play_text(&home_black).is_ok()
                && board_and_turn(&line) == board_and_turn(game)
            {
                return Some((white, black));
            }
        }
    }
    None
}

fn board_and_turn(game: &AnyGame) -> String {
    game.fen().split(' ').take(2).collect::<Vec<_>>().join(" ")
}
