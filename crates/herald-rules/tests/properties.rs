//! Properties every game must have, checked on positions reached by random play
//! from each start (and each Ancient option set): position strings round-trip,
//! every position a game passes through (its last one too) parses back, every legal
//! move plays, `play` accepts exactly the legal moves, divide sums to perft; and no
//! input string makes a parser panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{AnyGame, EndReason, GameOption, MoveText, Options, PlayError, Player, Position, Variant};
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

/// Games end in positions the rules README calls invalid as strings ("a missing King, Not
/// Chess counters at or past their limits"; in Chatrang a team with no Shah): these endings,
/// and only these, leave a last position that does not parse.
fn ends_in_an_invalid_string(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::KingCaptured | EndReason::SevenChecks | EndReason::TwentyMoveRule | EndReason::BothShahsGone
    )
}

/// The legal moves of the game's position read with no history (a position string carries
/// none; only Ancient chess's repetition rule reads it), sorted.
fn moves_without_history(game: &AnyGame) -> Vec<String> {
    let moves = match game {
        AnyGame::Nowan(g) => g.position().legal_moves(&[]),
        AnyGame::NotChess(g) => g.position().legal_moves(&[]),
        AnyGame::Chatrang(g) => g.position().legal_moves(&[]),
        AnyGame::Ancient(g) => g.position().legal_moves(&[]),
    };
    sorted(moves.iter().map(ToString::to_string).collect())
}

fn sorted(mut list: Vec<String>) -> Vec<String> {
    list.sort();
    list
}

/// Writes the game's position, reads it back and checks that the reading is the same
/// position: the same string, player to move and legal moves. A finished game's last string
/// is the start of a turn (the end checks that follow a move are not applied to a string), so
/// it must read back too, with the same string; only a string the README calls invalid may
/// be refused, and then it must be.
fn check_parses_back(game: &AnyGame) -> Result<(), TestCaseError> {
    let (variant, options) = (game.variant(), game.options());
    let fen = game.fen();
    let reread = AnyGame::new(variant, options, Some(&fen));
    let outcome = game.outcome();
    if let Some(outcome) = outcome
        && ends_in_an_invalid_string(outcome.reason())
    {
        prop_assert!(
            reread.is_err(),
            "{variant} ended by {:?}: {fen} was accepted",
            outcome.reason()
        );
        return Ok(());
    }
    let reread = match reread {
        Ok(reread) => reread,
        Err(e) => return Err(TestCaseError::fail(format!("{variant} {outcome:?}: {fen}: {e}"))),
    };
    prop_assert_eq!(reread.fen(), fen.clone());
    prop_assert_eq!(reread.turn(), game.turn(), "{}", fen);
    let reread_moves = sorted(reread.legal_moves().iter().map(ToString::to_string).collect());
    match outcome {
        None => {
            prop_assert_eq!(reread.outcome(), None, "{}", fen);
            prop_assert_eq!(&reread_moves, &moves_without_history(game), "{}", fen);
            // The game's own moves are those, less any that the repetition rule forbids.
            let played = sorted(game.legal_moves().iter().map(ToString::to_string).collect());
            prop_assert!(played.iter().all(|m| reread_moves.contains(m)), "{}", fen);
            if variant != Variant::Ancient {
                prop_assert_eq!(&played, &reread_moves, "{}", fen);
            }
        }
        // An ending decided by the player to move alone is seen in the string as well.
        Some(outcome)
            if matches!(
                outcome.reason(),
                EndReason::Checkmate | EndReason::Stalemate | EndReason::NoLegalMove
            ) =>
        {
            prop_assert_eq!(reread.outcome(), Some(outcome), "{}", fen);
            prop_assert!(reread_moves.is_empty(), "{}", fen);
        }
        Some(_) => {}
    }
    Ok(())
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

proptest! {
    // Long games (to the end or 300 plies), many of them: endings are where strings went
    // wrong (a failing case found once is kept in `properties.proptest-regressions`).
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Random games of every game, played to their end or 300 plies (in Chatrang a player
    /// now and then resigns, which eliminates only him): every position on the way parses
    /// back as itself.
    #[test]
    fn every_position_of_a_game_parses_back(setup in 0usize..11, choices in prop::collection::vec(any::<u32>(), 300)) {
        let (variant, options) = all_setups()[setup];
        let mut game = AnyGame::new(variant, options, None).unwrap();
        check_parses_back(&game)?;
        for choice in choices {
            if game.outcome().is_some() {
                break;
            }
            let choice = choice as usize;
            if variant == Variant::Chatrang && choice.is_multiple_of(64) {
                let players = game.spec().players();
                let out = game.eliminated();
                let player = (0..players).map(Player::new).cycle().skip(choice / 64 % 4).find(|p| !out.contains(p)).unwrap();
                game.withdraw(player).unwrap_or_else(|e| panic!("{}: withdraw {player}: {e}", game.fen()));
            } else {
                let moves = game.legal_moves();
                let m = moves[choice % moves.len()];
                game.play_text(&m.to_string()).unwrap_or_else(|e| panic!("{variant} {}: {m}: {e}", game.fen()));
            }
            check_parses_back(&game)?;
        }
    }
}
