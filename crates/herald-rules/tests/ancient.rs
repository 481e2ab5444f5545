//! Ancient chess through the public API: every hand-checked position of section 13
//! of `shared/rules/ancient-chess.md`, one or more tests per rule and Decision,
//! position-string errors and illegal-move reasons.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{
    Ancient, EndReason, Game, GameOption, IllegalMove, Move, MoveText, Options, Outcome, PlayError, Player, Position,
    Square, Team, perft,
};

const START: &str = "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1";

fn opts(list: &[GameOption]) -> Options {
    list.iter().fold(Options::NONE, |o, &x| o.with(x))
}

fn pos(fen: &str, options: Options) -> Ancient {
    Ancient::from_fen(fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// All legal moves of a position (no history), sorted texts.
fn moves(fen: &str, options: Options) -> Vec<String> {
    let mut out: Vec<String> = pos(fen, options).legal_moves(&[]).iter().map(Move::to_string).collect();
    out.sort();
    out
}

/// Destinations (with promotion letters) of the man on `from`, sorted.
fn from(fen: &str, options: Options, square: &str) -> Vec<String> {
    moves(fen, options)
        .into_iter()
        .filter(|m| m.starts_with(square) && m.as_bytes()[square.len()].is_ascii_lowercase())
        .map(|m| m[square.len()..].to_string())
        .collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| (*s).to_string()).collect();
    out.sort();
    out
}

fn explain(fen: &str, options: Options, text: &str) -> IllegalMove {
    let position = pos(fen, options);
    let parsed: MoveText = text.parse().unwrap();
    position.resolve(parsed, &[]).unwrap_err()
}

fn fen_error(fen: &str, options: Options) -> (String, String) {
    let error = Ancient::from_fen(fen, options).unwrap_err();
    (error.place().to_string(), error.problem().to_string())
}

// ---------------------------------------------------------------- section 13

#[test]
fn test_01_initial_position_has_17_moves() {
    let expected = sorted(&[
        "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "a1a2", "h1h2", "b1d2", "g1e2", "d1c2", "d1e2",
        "e1e2", "e1c2", "e1g2",
    ]);
    assert_eq!(moves(START, Options::NONE), expected);
    let start = Ancient::start(Options::NONE);
    assert_eq!(start.fen(), START);
    let mut ferz_forward = expected.clone();
    ferz_forward.push("d1d2".to_string());
    ferz_forward.sort();
    assert_eq!(moves(START, opts(&[GameOption::FerzForward])), ferz_forward);
    assert_eq!(moves(START, opts(&[GameOption::Jumping])), expected);
}

#[test]
fn test_02_elephant_open_board_has_8_moves() {
    let fen = "6g1/8/8/8/3E4/8/8/1G6 w - 1";
    assert_eq!(
        from(fen, Options::NONE, "d4"),
        sorted(&["b2", "f2", "b6", "f6", "d2", "d6", "b4", "f4"])
    );
}

#[test]
fn test_03_elephant_orthogonal_two_step_has_three_paths() {
    let blocked = "6g1/8/8/2PPP3/3E4/8/8/1G6 w - 1";
    assert_eq!(
        from(blocked, Options::NONE, "d4"),
        sorted(&["b2", "f2", "d2", "b4", "f4"])
    );
    let one_open = "6g1/8/8/2PP4/3E4/8/8/1G6 w - 1";
    let got = from(one_open, Options::NONE, "d4");
    assert_eq!(got.len(), 7);
    assert!(got.contains(&"d6".to_string()) && !got.contains(&"b6".to_string()));
}

#[test]
fn test_04_elephant_surrounded_and_jumping() {
    let fen = "6g1/8/8/2PPP3/2PEP3/2PPP3/8/1G6 w - 1";
    assert!(from(fen, Options::NONE, "d4").is_empty());
    assert_eq!(
        from(fen, opts(&[GameOption::Jumping]), "d4"),
        sorted(&["b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"])
    );
}

#[test]
fn test_05_horse_blocked_only_when_both_paths_are() {
    assert_eq!(from("6g1/8/8/8/3H4/8/8/1G6 w - 1", Options::NONE, "d4").len(), 8);
    let two = from("6g1/8/8/2PP4/3H4/8/8/1G6 w - 1", Options::NONE, "d4");
    assert_eq!(two.len(), 7);
    assert!(!two.contains(&"c6".to_string()));
    assert!(two.contains(&"b5".to_string()) && two.contains(&"e6".to_string()));
    let surrounded = "6g1/8/8/2PPP3/2PHP3/2PPP3/8/1G6 w - 1";
    assert!(from(surrounded, Options::NONE, "d4").is_empty());
    assert_eq!(from(surrounded, opts(&[GameOption::Jumping]), "d4").len(), 8);
}

#[test]
fn test_06_ferz_diagonals_and_straight_back() {
    let fen = "6g1/8/8/8/3F4/8/8/1G6 w - 1";
    assert_eq!(from(fen, Options::NONE, "d4"), sorted(&["c3", "c5", "e3", "e5", "d3"]));
    assert_eq!(
        from(fen, opts(&[GameOption::FerzForward]), "d4"),
        sorted(&["c3", "c5", "e3", "e5", "d5"])
    );
    let black = "6g1/8/8/3f4/8/8/8/1G6 b - 1";
    assert_eq!(
        from(black, Options::NONE, "d5"),
        sorted(&["c4", "c6", "e4", "e6", "d6"])
    );
    assert_eq!(
        from(black, opts(&[GameOption::FerzForward]), "d5"),
        sorted(&["c4", "c6", "e4", "e6", "d4"])
    );
}

#[test]
fn test_07_general_one_time_horse_move() {
    let fen = "7g/8/8/8/8/8/8/4G3 w G 1";
    assert_eq!(
        from(fen, Options::NONE, "e1"),
        sorted(&["d1", "f1", "e2", "c2", "d3", "f3", "g2"])
    );
    assert_eq!(
        from("7g/8/8/8/8/8/8/4G3 w - 1", Options::NONE, "e1"),
        sorted(&["d1", "f1", "e2"])
    );
    assert_eq!(
        moves("7g/4c3/8/8/8/8/8/4G3 w G 1", Options::NONE),
        sorted(&["e1d1", "e1f1"])
    );
}

#[test]
fn test_08_general_cannot_cross_the_center_line() {
    assert_eq!(
        moves("6g1/8/8/8/4G3/8/8/8 w - 1", Options::NONE),
        sorted(&["e4d4", "e4f4", "e4e3"])
    );
}

#[test]
fn test_09_diagonal_facing() {
    assert_eq!(
        moves("8/8/5g2/8/8/3G4/8/8 w - 1", Options::NONE),
        sorted(&["d3d2", "d3e3"])
    );
}

#[test]
fn test_10_facing_freezes_a_blocker_and_stalemate_wins() {
    let fen = "2g5/C7/3Ep3/8/6G1/8/8/8 b - 40";
    let position = pos(fen, Options::NONE);
    assert!(!position.in_check(Player::new(1)));
    assert!(position.legal_moves(&[]).is_empty());
    assert_eq!(
        position.outcome(&[]),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::Stalemate
        })
    );
    assert_eq!(explain(fen, Options::NONE, "e6e5"), IllegalMove::GameOver);
}

#[test]
fn test_11_pawns() {
    let n = Options::NONE;
    assert_eq!(from("6g1/8/8/8/8/4P3/8/1G6 w - 1", n, "e3"), sorted(&["e4"]));
    assert_eq!(from("6g1/8/8/8/4P3/8/8/1G6 w - 1", n, "e4"), sorted(&["e5"]));
    assert_eq!(
        from("6g1/8/8/4P3/8/8/8/1G6 w - 1", n, "e5"),
        sorted(&["e6", "d5", "f5"])
    );
    assert_eq!(from("4P1g1/8/8/8/8/8/8/1G6 w - 1", n, "e8"), sorted(&["d8", "f8"]));
    assert_eq!(
        from("6g1/8/4hp2/3cP3/8/8/8/1G6 w - 1", n, "e5"),
        sorted(&["e6", "d5", "f5"])
    );
    assert_eq!(
        from("6g1/8/8/8/3p4/8/8/1G6 b - 1", n, "d4"),
        sorted(&["d3", "c4", "e4"])
    );
}

#[test]
fn test_12_bare_general_wins_at_once() {
    let mut game = Game::new(pos("hg6/8/8/8/8/8/8/C3G3 w - 1", Options::NONE));
    game.play_text("a1a8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::BareGeneral
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play_text("b8a8"), Err(PlayError::Illegal(IllegalMove::GameOver)));
    assert!(game.position().is_bared());
}

#[test]
fn test_13_repetition_is_illegal_through_game() {
    let mut game = Game::new(Ancient::start(Options::NONE));
    for m in ["h1h2", "h8h7", "h2h1", "h7h8", "h1h2", "h8h7", "h2h1"] {
        game.play_text(m).unwrap();
    }
    let legal: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    assert!(!legal.contains(&"h7h8".to_string()));
    assert_eq!(legal.len(), 24, "{legal:?}");
    assert_eq!(
        game.play_text("h7h8"),
        Err(PlayError::Illegal(IllegalMove::RepeatsPosition))
    );
    assert_eq!(game.outcome(), None);
    game.play_text("a6a5").unwrap();
}

#[test]
fn test_14_variant_3_promotion() {
    let fen = "6g1/2P5/8/p7/8/8/8/CHEFGE2 w - 1";
    assert_eq!(
        from(fen, opts(&[GameOption::Promotion]), "c7"),
        sorted(&["c8f", "c8c", "c8h", "b7", "d7"])
    );
    assert_eq!(from(fen, Options::NONE, "c7"), sorted(&["c8", "b7", "d7"]));
}

// ---------------------------------------------------------------- perft

#[test]
fn reference_perft_numbers() {
    let cases: [(&[GameOption], [u64; 3]); 4] = [
        (&[], [17, 289, 5_304]),
        (&[GameOption::FerzForward], [18, 324, 6_156]),
        (&[GameOption::Jumping], [17, 289, 5_440]),
        (
            &[GameOption::FerzForward, GameOption::Jumping, GameOption::Promotion],
            [18, 324, 6_300],
        ),
    ];
    for (options, expected) in cases {
        let start = Ancient::start(opts(options));
        for (depth, nodes) in (1..=3).zip(expected) {
            assert_eq!(
                perft::perft(&start, depth, &mut Vec::new()),
                nodes,
                "{options:?} {depth}"
            );
        }
    }
}

// ---------------------------------------------------------------- decisions

#[test]
fn decision_a1_a2_a3_board_array_and_first_mover() {
    let start = Ancient::start(Options::NONE);
    assert_eq!((start.board().files(), start.board().ranks()), (8, 8));
    assert_eq!(start.turn(), Player::new(0));
    assert_eq!(start.men(Player::new(0)), 15);
    assert_eq!(start.men(Player::new(1)), 15);
    assert!(start.general_unmoved(Player::new(0)) && start.general_unmoved(Player::new(1)));
    assert_eq!(start.general(Player::new(0)), Square::parse("e1").unwrap());
    assert_eq!(moves(START, Options::NONE).len(), 17);
}

#[test]
fn decision_a4_elephant_captures_only_at_the_end_and_is_not_confined() {
    // Enemy pieces on the paths block as much as own ones; an enemy on the
    // destination is captured.
    let fen = "6g1/8/8/2ppp3/2pEp3/2ppp3/8/1G6 w - 1";
    let got = from(fen, Options::NONE, "d4");
    assert!(got.is_empty(), "{got:?}");
    // The Elephant crosses the center line freely and captures on the destination.
    let cross = "6g1/8/3p4/8/3E4/8/8/1G6 w - 1";
    assert!(from(cross, Options::NONE, "d4").contains(&"d6".to_string()));
    assert!(from(cross, Options::NONE, "d4").contains(&"b6".to_string()));
}

#[test]
fn decision_a4_no_null_move_and_path_must_be_on_board() {
    // On the edge, the turned paths that would leave the board do not count.
    let fen = "7g/8/8/8/8/8/1H6/E5G1 w - 1";
    // a3 through a2, c1 through b1; c3's only path b2 is blocked.
    let got = from(fen, Options::NONE, "a1");
    assert_eq!(got, sorted(&["a3", "c1"]));
    // With a2 and b1 blocked too, the turned paths that would leave the board do not help.
    let boxed = "7g/8/8/8/8/8/HH6/EF4G1 w - 1";
    assert!(from(boxed, Options::NONE, "a1").is_empty());
}

#[test]
fn decision_a5_horse_uses_either_path() {
    // Only c5 is blocked: c6 stays reachable through d5.
    let fen = "6g1/8/8/2P5/3H4/8/8/1G6 w - 1";
    assert!(from(fen, Options::NONE, "d4").contains(&"c6".to_string()));
    // Only d5 blocked: c6 still reachable through c5.
    let fen = "6g1/8/8/3P4/3H4/8/8/1G6 w - 1";
    assert!(from(fen, Options::NONE, "d4").contains(&"c6".to_string()));
}

#[test]
fn decision_a6_pawns_capture_the_way_they_move() {
    // Uncrossed pawn: captures forward, never diagonally.
    let fen = "6g1/8/8/8/3ppp2/4P3/8/1G6 w - 1";
    assert_eq!(from(fen, Options::NONE, "e3"), sorted(&["e4"]));
    // A pawn gives check forward and, once crossed, sideways.
    assert!(pos("4g3/4P3/8/8/8/8/8/1G6 b - 1", Options::NONE).in_check(Player::new(1)));
    assert!(pos("4gP2/8/8/8/8/8/8/1G6 b - 1", Options::NONE).in_check(Player::new(1)));
    assert!(!pos("4g3/5P2/8/8/8/8/8/1G6 b - 1", Options::NONE).in_check(Player::new(1)));
}

#[test]
fn decision_a7_crossed_means_standing_in_the_enemy_half() {
    assert_eq!(
        from("6g1/8/8/8/4P3/8/8/1G6 w - 1", Options::NONE, "e4"),
        sorted(&["e5"])
    );
    assert_eq!(from("6g1/8/8/4P3/8/8/8/1G6 w - 1", Options::NONE, "e5").len(), 3);
    assert_eq!(
        from("6g1/8/8/3p4/8/8/8/1G6 b - 1", Options::NONE, "d5"),
        sorted(&["d4"])
    );
}

#[test]
fn decision_a8_pawn_on_last_rank_stays_a_pawn() {
    let mut game = Game::new(pos("6gh/2P5/8/8/8/8/8/1G6 w - 1", Options::NONE));
    game.play_text("c7c8").unwrap();
    assert!(game.position().fen().starts_with("2P3gh/"));
    game.play_text("h8f7").unwrap();
    let legal: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    assert!(legal.contains(&"c8b8".to_string()) && legal.contains(&"c8d8".to_string()));
    assert_eq!(
        explain("6g1/2P5/8/8/8/8/8/1G6 w - 1", Options::NONE, "c7c8f"),
        IllegalMove::NoPromotionHere
    );
}

#[test]
fn decision_a9_general_confined_for_captures_too() {
    let fen = "6g1/8/8/4p3/4G3/8/8/8 w - 1";
    let got = from(fen, Options::NONE, "e4");
    assert!(!got.contains(&"e5".to_string()));
    assert!(matches!(
        explain(fen, Options::NONE, "e4e5"),
        IllegalMove::RoyalConfined { royal: "General", .. }
    ));
    // An unmoved General's Horse move may not end in the other half either.
    let high = "3g4/8/8/8/8/8/8/4G3 w G 1";
    assert!(
        from(high, Options::NONE, "e1")
            .iter()
            .all(|d| d.ends_with('1') || d.ends_with('2') || d.ends_with('3'))
    );
}

#[test]
fn decision_a10_general_horse_move_is_lame_non_capturing_and_once() {
    // Non-capturing: an enemy on c2 is not a target.
    let fen = "7g/8/8/8/8/8/2p5/4G3 w G 1";
    assert!(!from(fen, Options::NONE, "e1").contains(&"c2".to_string()));
    // Lame: d2 and d1 both blocked closes c2 (path d1/d2 for the (-2,+1) leap).
    let lame = "7g/8/8/8/8/8/3H4/3FG3 w G 1";
    let got = from(lame, Options::NONE, "e1");
    assert!(!got.contains(&"c2".to_string()), "{got:?}");
    // Under variant #2 it jumps (Decision A17).
    assert!(from(lame, opts(&[GameOption::Jumping]), "e1").contains(&"c2".to_string()));
    // Once: after any General move the right is gone for good.
    let mut game = Game::new(pos("h6g/8/8/8/8/8/8/C3G3 w G 1", Options::NONE));
    for m in ["e1e2", "h8g8", "e2e1", "g8h8"] {
        game.play_text(m).unwrap();
    }
    assert!(!game.position().general_unmoved(Player::new(0)));
    assert_eq!(
        from(&game.position().fen(), Options::NONE, "e1"),
        sorted(&["d1", "e2", "f1"])
    );
    assert!(matches!(
        game.play_text("e1c2"),
        Err(PlayError::Illegal(IllegalMove::CannotMoveThere {
            piece: "General",
            ..
        }))
    ));
}

#[test]
fn decision_a11_horse_move_needs_no_check_at_turn_start_and_must_not_end_in_check() {
    // In check from the Chariot on e7: no Horse move, although c2 is safe.
    assert!(!from("7g/4c3/8/8/8/8/8/4G3 w G 1", Options::NONE, "e1").contains(&"c2".to_string()));
    // Not in check, but c2 is attacked by the Chariot on c7: that Horse move is illegal.
    let fen = "7g/2c5/8/8/8/8/8/4G3 w G 1";
    let got = from(fen, Options::NONE, "e1");
    assert!(!got.contains(&"c2".to_string()) && got.contains(&"g2".to_string()));
    assert_eq!(
        explain(fen, Options::NONE, "e1c2"),
        IllegalMove::LeavesRoyalAttacked { royal: "General" }
    );
}

#[test]
fn decision_a12_facing_on_files_diagonals_and_adjacency() {
    // File: the General may not step onto the open e-file.
    let file = "4g3/8/8/8/8/8/8/3G4 w - 1";
    assert!(!from(file, Options::NONE, "d1").contains(&"e1".to_string()));
    assert_eq!(
        explain(file, Options::NONE, "d1e1"),
        IllegalMove::RoyalsFacing { royal: "General" }
    );
    // Adjacent across the center line counts as facing.
    let adjacent = "8/8/8/4g3/8/3G4/8/8 w - 1";
    assert!(!from(adjacent, Options::NONE, "d3").contains(&"d4".to_string()));
    assert!(!from(adjacent, Options::NONE, "d3").contains(&"e3".to_string()));
    // A non-General move that opens the line is illegal (test 10 shows the pawn).
    let blocker = "4g3/8/8/8/8/4H3/8/4G3 w - 1";
    assert!(from(blocker, Options::NONE, "e3").is_empty());
    assert_eq!(
        explain(blocker, Options::NONE, "e3c4"),
        IllegalMove::RoyalsFacing { royal: "General" }
    );
    // Facing positions cannot be set up.
    assert!(Ancient::from_fen("4g3/8/8/8/8/8/8/4G3 w - 1", Options::NONE).is_err());
}

#[test]
fn decision_a13_repetition_key_includes_the_general_flags() {
    // The Generals step out and back: the placement is the start's again, but the
    // flags differ, so the start does not count against it.
    let mut game = Game::new(Ancient::start(Options::NONE));
    for m in ["e1e2", "e8e7", "e2e1", "e7e8", "h1h2", "h8h7", "h2h1"] {
        game.play_text(m).unwrap();
    }
    // With placement-only keys this would be the third occurrence.
    game.play_text("h7h8").unwrap();
    for m in ["h1h2", "h8h7", "h2h1"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(
        game.play_text("h7h8"),
        Err(PlayError::Illegal(IllegalMove::RepeatsPosition))
    );
}

#[test]
fn decision_a13_sideways_pawn_moves_can_repeat_positions() {
    // A crossed pawn stepping back and forth recreates positions: the rule bites.
    let mut game = Game::new(pos("c6g/8/8/4P3/8/8/8/4G3 w - 1", Options::NONE));
    for m in ["e5d5", "h8g8", "d5e5", "g8h8", "e5d5", "h8g8", "d5e5"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(
        game.play_text("g8h8"),
        Err(PlayError::Illegal(IllegalMove::RepeatsPosition))
    );
}

#[test]
fn decision_a14_every_no_legal_move_loses() {
    // Checkmate: the General on h8 is attacked by the Chariot on h1 with g8 and
    // h7 covered.
    let mate = pos("7g/8/6C1/8/8/8/8/4G2C b - 1", Options::NONE);
    assert!(mate.in_check(Player::new(1)));
    assert_eq!(
        mate.outcome(&[]),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::Checkmate
        })
    );
    // Repetition-blocked: every move of the side to move would make a third occurrence.
    let fen = "7g/8/6C1/8/8/8/8/4G3 b - 1";
    let position = pos(fen, Options::NONE);
    let children: Vec<u64> = position
        .legal_moves(&[])
        .iter()
        .map(|&m| position.play_unchecked(m).key())
        .collect();
    assert_eq!(children.len(), 1, "{fen}");
    let history = [1, children[0], 2, children[0], 3, 4, 5, 6];
    assert!(position.legal_moves(&history).is_empty());
    assert_eq!(
        position.outcome(&history),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::RepetitionBlocked
        })
    );
}

/// Black's General shuttles in the g7-h8 box (f-file and rank 6 are covered,
/// the Elephant on a8 is walled in); White's Chariot shuttles on f1-f2. After
/// this line both General moves would make a third occurrence: Black loses.
pub const BLOCKED_FEN: &str = "eP5g/PP6/C7/8/8/8/8/4GC2 w - 1";
pub const BLOCKED_LINE: [&str; 15] = [
    "f1f2", "h8g8", "f2f1", "g8h8", "f1f2", "h8g8", "f2f1", "g8g7", "f1f2", "g7h7", "f2f1", "h7g7", "f1f2", "g7h7",
    "f2f1",
];

#[test]
fn decision_a14_repetition_blocked_loss_in_a_real_game() {
    let mut game = Game::new(pos(BLOCKED_FEN, Options::NONE));
    for (ply, m) in BLOCKED_LINE.iter().enumerate() {
        assert_eq!(game.outcome(), None, "ply {ply}");
        game.play_text(m).unwrap();
    }
    assert!(game.legal_moves().is_empty());
    assert!(!game.position().in_check(Player::new(1)));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::RepetitionBlocked
        })
    );
    // The same position from its string (no history) has both moves.
    let fresh = pos(&game.position().fen(), Options::NONE);
    assert_eq!(fresh.legal_moves(&[]).len(), 2);
    assert_eq!(game.play_text("h7h8"), Err(PlayError::Illegal(IllegalMove::GameOver)));
}

#[test]
fn decision_a15_bare_side_loses_even_without_capture() {
    // Black starts bare: White wins with any move (9.1), here a quiet one.
    let fen = "3g4/8/8/8/8/8/8/C3G3 w - 1";
    let position = pos(fen, Options::NONE);
    assert_eq!(position.outcome(&[]), None);
    let mut game = Game::new(position);
    game.play_text("a1a2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::BareGeneral
        })
    );
    // The bare side to move in a string still moves; then the opponent's next move wins.
    let mut game = Game::new(pos("3g4/8/8/8/8/8/8/C3G3 b - 1", Options::NONE));
    assert_eq!(game.outcome(), None);
    game.play_text("d8c8").unwrap();
    assert_eq!(game.outcome(), None);
    game.play_text("e1e2").unwrap();
    assert_eq!(game.outcome().map(|o| o.reason()), Some(EndReason::BareGeneral));
    assert_eq!(
        perft::perft(&pos("3g4/8/8/8/8/8/8/C3G3 b - 1", Options::NONE), 3, &mut Vec::new()),
        0
    );
}

#[test]
fn decision_a16_ferz_forward_replaces_back_step() {
    let fen = "6g1/8/8/8/3F4/8/8/1G6 w - 1";
    let got = from(fen, opts(&[GameOption::FerzForward]), "d4");
    assert!(got.contains(&"d5".to_string()) && !got.contains(&"d3".to_string()));
    // The promoted Ferz moves the same way.
    let promoted = "6g1/2F5/8/8/8/8/8/1G6 w - 1";
    assert!(from(promoted, opts(&[GameOption::FerzForward, GameOption::Promotion]), "c7").contains(&"c8".to_string()));
}

#[test]
fn decision_a17_jumping_general_horse_move() {
    let fen = "7g/8/8/8/8/8/3HEH2/3CGF2 w G 1";
    assert!(from(fen, Options::NONE, "e1").is_empty());
    assert_eq!(
        from(fen, opts(&[GameOption::Jumping]), "e1"),
        sorted(&["c2", "d3", "f3", "g2"])
    );
}

#[test]
fn decision_a18_promotion_compulsory_and_limited() {
    let fen = "6g1/2P5/8/p7/8/8/8/CHEFGE2 w - 1";
    let with = opts(&[GameOption::Promotion]);
    assert!(matches!(
        explain(fen, with, "c7c8"),
        IllegalMove::PromotionRequired { .. }
    ));
    assert!(matches!(
        explain(fen, with, "c7c8e"),
        IllegalMove::PromotionNotAllowed { letter: 'e', .. }
    ));
    // After promoting to a Chariot, White has 2 again: no third.
    let mut game = Game::new(pos("6g1/2P1P3/8/p7/8/8/8/CHEFGE2 w - 1", with));
    game.play_text("c7c8c").unwrap();
    game.play_text("g8g7").unwrap();
    let legal: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    assert!(!legal.contains(&"e7e8c".to_string()) && legal.contains(&"e7e8h".to_string()));
    assert!(legal.contains(&"e7e8f".to_string()));
    // A Ferz is always available even with the original one on the board.
    assert!(from(fen, with, "c7").contains(&"c8f".to_string()));
    // Black promotes on rank 1.
    let black = "6g1/8/8/8/8/8/5p2/1G6 b - 1";
    assert_eq!(
        from(black, with, "f2"),
        sorted(&["f1c", "f1e", "f1f", "f1h", "e2", "g2"])
    );
}

#[test]
fn decision_a19_all_eight_option_combinations_play() {
    for bits in 0..8u8 {
        let mut options = Options::NONE;
        for (i, o) in GameOption::ALL.into_iter().enumerate() {
            if bits & (1 << i) != 0 {
                options = options.with(o);
            }
        }
        let start = Ancient::start(options);
        let d1 = perft::perft(&start, 1, &mut Vec::new());
        assert_eq!(
            d1,
            if options.contains(GameOption::FerzForward) {
                18
            } else {
                17
            }
        );
    }
}

#[test]
fn decision_a20_no_draw_outcome_exists() {
    // Random games played to their end finish only with a win.
    let mut seed = 0x1234_5678_u64;
    let mut finished = 0;
    for _game in 0..20 {
        let mut game = Game::new(Ancient::start(Options::NONE));
        for _ in 0..4000 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = legal[(seed % legal.len() as u64) as usize];
            game.play_text(&m.to_string()).unwrap();
        }
        if let Some(outcome) = game.outcome() {
            assert!(outcome.winner().is_some(), "{outcome:?}");
            finished += 1;
        }
    }
    assert!(finished >= 10, "only {finished} of 20 random games reached an end");
}

// ---------------------------------------------------------------- errors

#[test]
fn malformed_position_strings_name_the_place() {
    let n = Options::NONE;
    let cases: [(&str, &str); 10] = [
        ("chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg", "string"),
        ("chefgehc/8/pppppppp/8/8/PPPPPPPP/8 w Gg 1", "board"),
        ("chefgehx/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1", "board, rank 8"),
        ("chefgehc/9/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1", "board, rank 7"),
        ("chefgehc/8/ppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1", "board, rank 6"),
        (
            "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC x Gg 1",
            "field 2 (side to move)",
        ),
        (
            "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w gG 1",
            "field 3 (General-unmoved flags)",
        ),
        (
            "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 0",
            "field 4 (full-move number)",
        ),
        (
            "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg x",
            "field 4 (full-move number)",
        ),
        (
            "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 99999999999",
            "field 4 (full-move number)",
        ),
    ];
    for (fen, place) in cases {
        assert_eq!(fen_error(fen, n).0, place, "{fen}");
    }
}

#[test]
fn impossible_position_strings_are_rejected() {
    let n = Options::NONE;
    let promo = opts(&[GameOption::Promotion]);
    let cases: [(&str, Options, &str, &str); 10] = [
        ("8/8/8/8/8/8/8/4G3 w G 1", n, "board", "no General"),
        ("4g3/8/8/8/8/8/8/G3G3 w - 1", n, "board, e1", "second General"),
        ("4g3/8/8/8/4G3/8/8/8 w - 1", n, "board", "face"),
        ("7g/8/8/4G3/8/8/8/8 w - 1", n, "board, e5", "own half"),
        (
            "7g/8/8/8/8/8/8/3G4 w G 1",
            n,
            "field 3 (General-unmoved flags)",
            "never moved",
        ),
        ("7g/8/8/8/8/8/P7/4G3 w - 1", n, "board, a2", "behind"),
        ("P6g/8/8/8/8/8/8/4G3 w - 1", promo, "board, a8", "promoted"),
        ("7g/8/8/8/8/8/8/CCC1G3 w - 1", n, "board", "Chariots"),
        ("7g/8/8/8/8/8/8/FF2G3 w - 1", n, "board", "no promotion"),
        (
            "7g/8/8/8/8/8/8/4G2C w - 1",
            n,
            "board",
            "attacked although White is to move",
        ),
    ];
    for (fen, options, place, words) in cases {
        let (got_place, problem) = fen_error(fen, options);
        assert_eq!(got_place, place, "{fen}: {problem}");
        assert!(problem.contains(words), "{fen}: {problem}");
    }
    // Promoted Ferzes are fine with the option, up to the pawns lost.
    assert!(Ancient::from_fen("7g/8/8/8/8/8/8/FF2G3 w - 1", promo).is_ok());
    assert!(Ancient::from_fen("7g/8/PPPPPPPP/8/8/8/8/FF2G3 w - 1", promo).is_err());
}

#[test]
fn position_strings_round_trip_along_a_game() {
    let mut game = Game::new(Ancient::start(Options::NONE));
    for m in ["e1c2", "e8g7", "c2d2", "g7f7", "d3d4", "d6d5", "d4d5"] {
        game.play_text(m).unwrap();
        let fen = game.position().fen();
        assert_eq!(&pos(&fen, Options::NONE), game.position(), "{fen}");
        assert_eq!(pos(&fen, Options::NONE).fen(), fen);
    }
    assert_eq!(
        game.position().fen(),
        "chef1ehc/5g2/ppp1pppp/3P4/8/PPP1PPPP/3G4/CHEF1EHC b - 4"
    );
}

#[test]
fn illegal_moves_get_precise_reasons() {
    let n = Options::NONE;
    assert_eq!(
        explain(START, n, "e4e5"),
        IllegalMove::NoPieceThere(Square::parse("e4").unwrap())
    );
    assert_eq!(
        explain(START, n, "e6e5"),
        IllegalMove::NotYourPiece(Square::parse("e6").unwrap())
    );
    assert_eq!(
        explain(START, n, "e1f1"),
        IllegalMove::OwnPieceThere(Square::parse("f1").unwrap())
    );
    assert_eq!(
        explain(START, n, "a1i1"),
        IllegalMove::OffBoard(Square::parse("i1").unwrap())
    );
    assert!(matches!(
        explain(START, n, "c1c2"),
        IllegalMove::CannotMoveThere { piece: "Elephant", .. }
    ));
    assert!(matches!(
        explain(START, n, "e3e5"),
        IllegalMove::CannotMoveThere { piece: "Pawn", .. }
    ));
    assert_eq!(explain(START, n, "pass"), IllegalMove::PassNotAllowed);
    // Pinned against a Chariot.
    let pinned = "4g3/4c3/8/8/8/8/4H3/4G3 w - 1";
    assert_eq!(
        explain(pinned, n, "e2c3"),
        IllegalMove::LeavesRoyalAttacked { royal: "General" }
    );
    // Opening a lame Horse path is a discovered attack too.
    // The Horse on f3 reaches e1 through f2 or e2: moving the Ferz off f2 opens a path.
    let lame = "4g3/8/8/8/8/5h2/4EF2/4G3 w - 1";
    assert!(!pos(lame, n).in_check(Player::new(0)));
    assert_eq!(
        explain(lame, n, "f2g3"),
        IllegalMove::LeavesRoyalAttacked { royal: "General" }
    );
    assert!(from(lame, n, "f2").is_empty());
}

#[test]
fn nothing_panics_on_garbage() {
    for text in [
        "",
        " ",
        "////////",
        "8/8/8/8/8/8/8/8 w - 1",
        "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1 extra",
        "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC\tw\tGg\t1",
        "999/8/8/8/8/8/8/8 w - 1",
        "10/8/8/8/8/8/8/8 w - 1",
        "é/8/8/8/8/8/8/8 w - 1",
        "4g3/8/8/8/8/8/8/4G3 b Gg 4294967295",
    ] {
        let _ = Ancient::from_fen(text, Options::NONE);
    }
    let mut game = Game::new(Ancient::start(Options::NONE));
    for text in ["", "e2", "z9z9", "a1a1", "e1e1", "pass", "a3a4x", "e1c2q"] {
        assert!(game.play_text(text).is_err(), "{text}");
    }
}
