//! Not Chess: every hand-checked position of `not-chess.md` section 13, and one
//! test per rule and Decision.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{EndReason, Game, IllegalMove, NotChess, Options, Outcome, PlayError, Player, Position, Team};

fn position(fen: &str) -> NotChess {
    NotChess::from_fen(fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Legal moves from one square, as canonical texts, sorted.
fn moves_from(fen: &str, square: &str) -> Vec<String> {
    let mut moves: Vec<String> = position(fen)
        .legal_moves(&[])
        .into_iter()
        .map(|m| m.to_string())
        .filter(|m| m.starts_with(square) && !m[square.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    moves.sort();
    moves
}

fn destinations(fen: &str, square: &str) -> Vec<String> {
    moves_from(fen, square)
        .into_iter()
        .map(|m| m[square.len()..].to_string())
        .collect()
}

fn sorted(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(String::from).collect();
    out.sort();
    out
}

fn play(fen: &str, moves: &[&str]) -> Game<NotChess> {
    Game::replay(position(fen), moves.iter().copied()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn test_1_initial_position_has_44_moves_by_piece() {
    let start = NotChess::start(Options::NONE);
    let mut all: Vec<String> = start.legal_moves(&[]).into_iter().map(|m| m.to_string()).collect();
    all.sort();
    let expected = sorted(
        "a3a4 a3a5 b3b4 b3b5 c3c4 c3c5 d3d4 d3d5 e3e4 e3e5 f3f4 f3f5 g3g4 g3g5 h3h4 h3h5 i3i4 i3i5 j3j4 j3j5 \
         b2a2 b2c2 b2b4 b2d4 i2h2 i2j2 i2i4 i2g4 b1a4 b1c4 i1h4 i1j4 c1c2 c1d2 h1h2 h1g2 e2d2 f2g2 a1a2 j1j2 \
         d1c2 g1h2 e1d2 f1g2",
    );
    assert_eq!(all, expected);
    let black = play(herald_rules::not_chess::START, &["a3a4"]);
    assert_eq!(black.legal_moves().len(), 44);
}

#[test]
fn test_2_cannon_without_screen_only_steps() {
    let fen = "6k3/10/10/10/10/4C5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "e5"), sorted("d4 d5 d6 e4 e6 f4 f5 f6"));
}

#[test]
fn test_3_cannon_hop_lands_immediately_beyond() {
    let fen = "6k3/10/4r5/4P5/10/4C5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "e5"), sorted("d4 d5 d6 e4 e6 f4 f5 f6 e8"));
    let rook_on_e9 = "6k3/4r5/10/4P5/10/4C5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(rook_on_e9, "e5"), sorted("d4 d5 d6 e4 e6 f4 f5 f6 e8"));
}

#[test]
fn test_4_adjacent_screen_and_friendly_landing() {
    let fen = "6k3/10/10/4P5/4p5/4C5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "e5"), sorted("d4 d5 d6 e4 f4 f5 f6"));
    let without_e7 = "6k3/10/10/10/4p5/4C5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(without_e7, "e5"), sorted("d4 d5 d6 e4 f4 f5 f6 e7"));
}

#[test]
fn test_5_cannon_captures_the_king_by_hopping() {
    let game = play("10/10/4k5/4p5/10/4C5/10/10/10/3K6 w 0 0 0 1", &["e5e8"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::KingCaptured
        })
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn test_6_horse_leaps_and_steps_without_capture() {
    let fen = "6k3/10/10/10/10/4H5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "e5"), sorted("b4 b6 d2 d8 f2 f8 h4 h6 d5 f5 e4 e6"));
    let blocked = "6k3/10/5r4/10/4p5/4H5/10/10/10/3K6 w 0 0 0 1";
    let moves = destinations(blocked, "e5");
    assert_eq!(moves.len(), 11);
    assert!(moves.contains(&"f8".to_string()) && !moves.contains(&"e6".to_string()));
}

#[test]
fn test_7_white_elephant() {
    let fen = "6k3/10/10/10/10/4E5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "e5"), sorted("e6 d6 f6 d4 f4 d7 c6 f7 g6"));
    let own_pawn = "6k3/10/10/10/3P6/4E5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(own_pawn, "e5"), sorted("e6 f6 d4 f4 f7 g6"));
    let enemy_pawn = "6k3/10/10/10/3p6/4E5/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(enemy_pawn, "e5"), sorted("e6 d6 f6 d4 f4 f7 g6"));
}

#[test]
fn test_8_black_elephant_moves_down() {
    let fen = "6k3/10/10/10/4e5/10/10/10/10/3K6 b 0 0 0 1";
    assert_eq!(destinations(fen, "e6"), sorted("e5 d5 f5 d7 f7 d4 c5 f4 g5"));
}

#[test]
fn test_9_palace_and_facing_for_the_king() {
    let fen = "3k6/10/10/10/10/10/10/10/4K5/10 w 0 0 0 1";
    assert_eq!(destinations(fen, "e2"), sorted("e1 e3 f1 f2 f3"));
    let king_on_g10 = "6k3/10/10/10/10/10/10/10/4K5/10 w 0 0 0 1";
    assert_eq!(destinations(king_on_g10, "e2").len(), 8);
    let corner = "3k6/10/10/10/10/10/10/6K3/10/10 w 0 0 0 1";
    assert_eq!(destinations(corner, "g3"), sorted("f2 f3 g2"));
}

#[test]
fn test_10_facing_by_discovery() {
    let fen = "4k5/10/10/10/10/4R5/10/10/10/4K5 w 0 0 0 1";
    assert_eq!(destinations(fen, "e5"), sorted("e2 e3 e4 e6 e7 e8 e9 e10"));
    let game = play(fen, &["e5e10"]);
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Team::FIRST));
}

#[test]
fn test_11_pawn_double_step_from_the_third_rank() {
    assert_eq!(
        destinations("6k3/10/10/10/10/10/10/2P7/10/3K6 w 0 0 0 1", "c3"),
        sorted("c4 c5")
    );
    assert_eq!(
        destinations("6k3/10/10/10/10/2p7/10/2P7/10/3K6 w 0 0 0 1", "c3"),
        sorted("c4")
    );
    assert!(destinations("6k3/10/10/10/10/10/2p7/2P7/10/3K6 w 0 0 0 1", "c3").is_empty());
    assert_eq!(
        destinations("6k3/10/10/10/10/10/2P7/10/10/3K6 w 0 0 0 1", "c4"),
        sorted("c5")
    );
}

#[test]
fn test_12_no_en_passant() {
    let fen = "6k3/10/10/10/3pP5/10/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "e6"), sorted("e7"));
}

#[test]
fn test_13_promotion_choices_are_queen_elephant_horse_cannon() {
    let fen = "6k3/2P7/10/10/10/10/10/10/10/3K6 w 0 0 0 1";
    assert_eq!(moves_from(fen, "c9"), sorted("c9c10q c9c10e c9c10h c9c10c"));
    let mut game = play(fen, &[]);
    assert_eq!(
        game.play_text("c9c10"),
        Err(PlayError::Illegal(IllegalMove::PromotionRequired {
            choices: "q (Queen), e (Elephant), h (Horse), c (Cannon)".into()
        }))
    );
    assert!(matches!(
        game.play_text("c9c10r"),
        Err(PlayError::Illegal(IllegalMove::PromotionNotAllowed { .. }))
    ));
    game.play_text("c9c10e").unwrap();
    assert!(game.position().fen().starts_with("2E3k3/"));
}

#[test]
fn test_14_capture_the_king_and_self_exposure_is_legal() {
    let game = play("10/10/4k5/10/10/10/Q9/10/10/3K6 w 0 0 0 1", &["a4e8"]);
    assert_eq!(
        game.outcome().map(|o| (o.winner(), o.reason())),
        Some((Some(Team::FIRST), EndReason::KingCaptured))
    );
    let walk_in = "10/4k5/10/10/10/10/Q9/10/10/3K6 b 0 0 0 1";
    assert!(destinations(walk_in, "e9").contains(&"e8".to_string()));
}

#[test]
fn test_15_seventh_consecutive_check_loses() {
    let fen = "10/4k5/10/10/10/10/Q9/10/10/3K6 w 12 6 0 30";
    let game = play(fen, &["a4a9"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::new(1),
            reason: EndReason::SevenChecks
        })
    );
    let quiet = play(fen, &["a4b4"]);
    assert_eq!(quiet.outcome(), None);
    assert_eq!(quiet.position().consecutive_checks(Player::new(0)), 0);
}

#[test]
fn test_16_a_capture_breaks_the_run() {
    let game = play("10/p3k5/10/10/10/10/Q9/10/10/3K6 w 12 6 0 30", &["a4a9"]);
    assert_eq!(game.outcome(), None);
    let after = game.position();
    assert_eq!(
        (
            after.consecutive_checks(Player::new(0)),
            after.consecutive_checks(Player::new(1)),
            after.halfmove_clock()
        ),
        (0, 0, 0)
    );
}

#[test]
fn test_17_twenty_move_draw_and_seven_checks_take_precedence() {
    let game = play("10/4k5/10/10/10/10/Q9/10/10/3K6 w 39 0 0 60", &["a4b4"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::TwentyMoveRule
        })
    );
    let both = play("10/4k5/10/10/10/10/Q9/10/10/3K6 w 39 6 0 60", &["a4a9"]);
    assert_eq!(
        both.outcome(),
        Some(Outcome::Win {
            team: Team::new(1),
            reason: EndReason::SevenChecks
        })
    );
}

#[test]
fn rule_9_2_opponent_moves_do_not_break_a_run_unless_captures() {
    // White checks along the 9th rank, Black steps aside without capturing, White checks again.
    let game = play("10/4k5/10/10/10/10/Q9/10/10/3K6 w 0 0 0 1", &["a4a9", "e9e8", "a9a8"]);
    assert_eq!(game.position().consecutive_checks(Player::new(0)), 2);
    assert_eq!(game.position().consecutive_checks(Player::new(1)), 0);
}

#[test]
fn rule_9_2_a_capturing_check_does_not_count() {
    let game = play("10/p3k5/10/10/10/10/Q9/10/10/3K6 w 0 3 0 1", &["a4a9"]);
    assert_eq!(game.position().consecutive_checks(Player::new(0)), 0);
}

#[test]
fn rule_9_3_pawn_moves_reset_the_clock() {
    let game = play("6k3/10/10/10/10/10/10/2P7/10/3K6 w 30 0 0 1", &["c3c5"]);
    assert_eq!(game.position().halfmove_clock(), 0);
    let quiet = play("6k3/10/10/10/10/10/10/2P7/10/3K6 w 30 0 0 1", &["d1d2"]);
    assert_eq!(quiet.position().halfmove_clock(), 31);
}

#[test]
fn rule_9_4_no_legal_move_loses() {
    // Black's King cannot step onto the open e-file (it would face White's King), d9 is its own
    // pawn, and both pawns are blocked: Black has no legal move and loses.
    let boxed = position("3k6/3p6/3p6/3R6/10/10/10/10/10/4K5 b 0 0 0 1");
    assert!(boxed.legal_moves(&[]).is_empty());
    assert_eq!(
        boxed.outcome(&[]),
        Some(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::NoLegalMove
        })
    );
    // Unblock the pawn and Black can move again.
    let free = position("3k6/3p6/3p6/10/10/10/10/10/10/4K5 b 0 0 0 1");
    assert_eq!(free.outcome(&[]), None);
}

#[test]
fn decision_n8_facing_applies_to_non_king_moves_and_king_capture_is_exempt() {
    let mut game = play("4k5/10/10/10/10/4R5/10/10/10/4K5 w 0 0 0 1", &[]);
    assert_eq!(
        game.play_text("e5a5"),
        Err(PlayError::Illegal(IllegalMove::RoyalsFacing { royal: "King" }))
    );
    assert!(game.play_text("e5e10").is_ok());
}

#[test]
fn decision_n9_moving_into_attack_is_legal() {
    // The White King may step onto a square the Black Queen attacks.
    let fen = "6k3/10/10/10/10/10/7q2/10/10/4K5 w 0 0 0 1";
    assert!(destinations(fen, "e1").contains(&"f2".to_string()));
}

#[test]
fn decision_n11_advisor_leaves_the_palace() {
    let fen = "6k3/10/10/10/10/10/10/10/7A2/3K6 w 0 0 0 1";
    assert_eq!(destinations(fen, "h2").len(), 8);
}

#[test]
fn decision_n12_the_king_never_castles_or_leaves_the_palace() {
    let mut game = play("5k4/10/10/10/10/10/10/10/10/6K3 w 0 0 0 1", &[]);
    assert_eq!(
        game.play_text("g1h1"),
        Err(PlayError::Illegal(IllegalMove::RoyalConfined {
            royal: "King",
            area: "its palace"
        }))
    );
    assert!(matches!(
        game.play_text("g1i1"),
        Err(PlayError::Illegal(IllegalMove::CannotMoveThere { .. }))
    ));
}

#[test]
fn decision_n13_promotion_ignores_captured_material() {
    // White still has its Queen, and may promote to a second one.
    let fen = "6k3/2P7/10/10/10/10/10/10/10/3KQ5 w 0 0 0 1";
    assert!(moves_from(fen, "c9").contains(&"c9c10q".to_string()));
}

#[test]
fn black_pawn_promotes_on_rank_one_and_captures_diagonally_even_the_king() {
    let fen = "6k3/10/10/10/10/10/10/10/2p7/1R1K6 b 0 0 0 1";
    assert_eq!(
        moves_from(fen, "c2"),
        sorted("c2b1q c2b1e c2b1h c2b1c c2c1q c2c1e c2c1h c2c1c c2d1q c2d1e c2d1h c2d1c")
    );
}

#[test]
fn illegal_moves_say_why() {
    let mut game = Game::new(NotChess::start(Options::NONE));
    let reason = |game: &mut Game<NotChess>, text: &str| match game.play_text(text) {
        Err(PlayError::Illegal(reason)) => reason.code(),
        Err(PlayError::Syntax(_)) => "syntax",
        Ok(_) => "legal",
    };
    assert_eq!(reason(&mut game, "e5e6"), "no_piece_there");
    assert_eq!(reason(&mut game, "e8e7"), "not_your_piece");
    assert_eq!(reason(&mut game, "a1a3"), "own_piece_there");
    assert_eq!(reason(&mut game, "a1a9"), "cannot_move_there");
    assert_eq!(reason(&mut game, "pass"), "pass_not_allowed");
    assert_eq!(reason(&mut game, "e3e4q"), "no_promotion_here");
    assert_eq!(reason(&mut game, "hello"), "syntax");
    assert_eq!(game.moves().len(), 0, "failed moves change nothing");
    assert_eq!(game.position(), &NotChess::start(Options::NONE));
}

#[test]
fn start_string_round_trips() {
    let start = NotChess::start(Options::NONE);
    assert_eq!(start.fen(), herald_rules::not_chess::START);
}

#[test]
fn malformed_and_impossible_strings_are_rejected_with_their_place() {
    let cases = [
        ("", "string"),
        ("10/10/10/10/10/10/10/10/10/3K6 w 0 0 0 1", "Black has no King"),
        ("6k3/10/10/10/10/10/10/10/10/3K5 w 0 0 0 1", "rank 1"),
        ("6k3/10/10/10/10/10/10/10/10/3K7 w 0 0 0 1", "rank 1"),
        ("6k3/10/10/10/10/10/10/10/10/3X6 w 0 0 0 1", "not a Not Chess piece"),
        ("6k3/10/10/10/10/10/10/10/3K6 w 0 0 0 1", "ranks"),
        ("6k3/10/10/10/10/10/10/10/10/3K6 x 0 0 0 1", "side to move"),
        ("6k3/10/10/10/10/10/10/10/10/3K6 w 40 0 0 1", "half-move clock"),
        ("6k3/10/10/10/10/10/10/10/10/3K6 w 0 7 0 1", "White's checks"),
        ("6k3/10/10/10/10/10/10/10/10/3K6 w 0 0 -1 1", "Black's checks"),
        ("6k3/10/10/10/10/10/10/10/10/3K6 w 0 0 0 0", "full-move"),
        ("6k3/10/10/10/10/10/10/10/10/K9 w 0 0 0 1", "outside its palace"),
        ("3k6/10/10/10/10/10/10/10/10/3K6 w 0 0 0 1", "face each other"),
        ("2P3k3/10/10/10/10/10/10/10/10/3K6 w 0 0 0 1", "must have promoted"),
        ("6k3/10/10/10/10/10/10/10/10/3K2p3 w 0 0 0 1", "must have promoted"),
        ("6k3/10/10/10/10/10/10/10/10/3K2K3 w 0 0 0 1", "second King"),
        ("6k3/10/10/10/10/10/10/10/10/3K06 w 0 0 0 1", "run of empty"),
    ];
    for (fen, expected) in cases {
        let error = NotChess::from_fen(fen, Options::NONE).expect_err(fen).to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
}
