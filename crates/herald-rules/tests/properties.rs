//! Properties every game must have, checked on positions reached by random play
//! from each start (and each Ancient option set): position strings round-trip,
//! every legal move plays, `play` accepts exactly the legal moves, divide sums
//! to perft; and no input string makes a parser panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{AnyGame, GameOption, MoveText, Options, PlayError, Variant};
use proptest::prelude::*;

fn all_setups() -> Vec<(Variant, Options)> {
    let mut setups = vec![
        (Variant::Nowan, Options::NONE),
        (Variant::NotChess, Options::NONE),
        (Variant::Chatrang, Options::NONE),
    ];
    for bits in 0..8u8 {
        let mut options = Options::NONE;
        for (i, option) in GameOption::ALL.into_iter().enumerate() {
            if bits & (1 << i) != 0 {
                options = options.with(option);
            }
        }
        setups.push((Variant::Ancient, options));
    }
    setups
}

/// Plays up to `plies` moves chosen by `choices` and returns every game state seen.
fn random_line(variant: Variant, options: Options, choices: &[usize]) -> Vec<AnyGame> {
    let mut game = AnyGame::new(variant, options, None).unwrap();
    let mut seen = vec![game.clone()];
    for &choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[choice % moves.len()];
        game.play_text(&m.to_string())
            .unwrap_or_else(|e| panic!("{variant} {}: {m}: {e}", game.fen()));
        seen.push(game.clone());
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn position_strings_round_trip(setup in 0usize..11, choices in prop::collection::vec(any::<usize>(), 0..80)) {
        let (variant, options) = all_setups()[setup];
        for game in random_line(variant, options, &choices) {
            if game.outcome().is_some() {
                continue;
            }
            let fen = game.fen();
            let reread = AnyGame::new(variant, options, Some(&fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
            prop_assert_eq!(reread.fen(), fen);
        }
    }

    #[test]
    fn play_accepts_exactly_the_legal_moves(setup in 0usize..11, choices in prop::collection::vec(any::<usize>(), 0..60)) {
        let (variant, options) = all_setups()[setup];
        let line = random_line(variant, options, &choices);
        let Some(game) = line.last() else { return Ok(()) };
        let legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
        for text in &legal {
            let mut copy = game.clone();
            prop_assert!(copy.play_text(text).is_ok(), "{} refused legal {}", game.fen(), text);
            prop_assert_eq!(copy.moves().len(), game.moves().len() + 1);
        }
        // Every other from-to pair on the board is refused, with the game untouched.
        let (files, ranks) = variant.board_size();
        let squares: Vec<String> = (0..ranks)
            .flat_map(|r| (0..files).map(move |f| format!("{}{}", char::from(b'a' + f), r + 1)))
            .collect();
        for from in &squares {
            for to in squares.iter().step_by(3) {
                let text = format!("{from}{to}");
                if legal.iter().any(|m| m.starts_with(&text) && m.len() <= text.len() + 1 && m[text.len()..].chars().all(|c| c.is_ascii_lowercase())) {
                    continue;
                }
                let mut copy = game.clone();
                match copy.play_text(&text) {
                    Err(PlayError::Illegal(_)) => prop_assert_eq!(&copy, game),
                    other => prop_assert!(false, "{} {}: {:?}", game.fen(), text, other),
                }
            }
        }
    }

    #[test]
    fn divide_sums_to_perft(setup in 0usize..11, choices in prop::collection::vec(any::<usize>(), 0..40)) {
        let (variant, options) = all_setups()[setup];
        let line = random_line(variant, options, &choices);
        let Some(game) = line.last() else { return Ok(()) };
        let divided: u64 = game.divide(2).iter().map(|(_, n)| n).sum();
        prop_assert_eq!(divided, game.perft(2));
        prop_assert_eq!(game.divide(1).len() as u64, game.perft(1));
    }

    #[test]
    fn position_parsers_never_panic(setup in 0usize..11, text in ".{0,120}") {
        let (variant, options) = all_setups()[setup];
        let _ = AnyGame::new(variant, options, Some(&text));
    }

    #[test]
    fn position_parsers_never_panic_on_near_misses(setup in 0usize..11, edits in prop::collection::vec((any::<usize>(), "[ -~]"), 1..4)) {
        let (variant, options) = all_setups()[setup];
        let mut text: Vec<char> = AnyGame::new(variant, options, None).unwrap().fen().chars().collect();
        for (at, replacement) in edits {
            let at = at % (text.len() + 1);
            if at < text.len() { text[at] = replacement.chars().next().unwrap_or(' '); } else { text.push('1'); }
        }
        let text: String = text.into_iter().collect();
        if let Ok(game) = AnyGame::new(variant, options, Some(&text)) {
            let _ = game.legal_moves();
            let _ = game.outcome();
        }
    }

    #[test]
    fn move_parser_never_panics(text in ".{0,12}") {
        let _ = text.parse::<MoveText>();
        for variant in Variant::ALL {
            let mut game = AnyGame::new(variant, Options::NONE, None).unwrap();
            let _ = game.play_text(&text);
        }
    }
}
