//! Nowan chess through the public API: the spec's hand-checked positions (section 12),
//! one test per rule and numbered Decision, position-string and illegal-move errors.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{
    EndReason, Game, IllegalMove, Move, MoveKind, MoveText, Nowan, Options, Outcome, Player, Position, Square, Team,
};

const START: &str = "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1";

/// A position from the spec's piece lists (`BGe5 BKa1 RKi9`).
fn fen_of(pieces: &str, side: char, rights: &str) -> String {
    let mut grid = [[None::<char>; 9]; 9];
    for token in pieces.split_whitespace() {
        let bytes = token.as_bytes();
        let letter = if bytes[0] == b'B' {
            bytes[1] as char
        } else {
            (bytes[1] as char).to_ascii_lowercase()
        };
        let square = Square::parse(&token[2..]).unwrap();
        grid[square.rank() as usize][square.file() as usize] = Some(letter);
    }
    let mut rows = Vec::new();
    for rank in (0..9).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("{} {side} {rights} 1", rows.join("/"))
}

fn pos(pieces: &str, side: char, rights: &str) -> Nowan {
    let fen = fen_of(pieces, side, rights);
    Nowan::from_fen(&fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fen(text: &str) -> Nowan {
    Nowan::from_fen(text, Options::NONE).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(ToString::to_string).collect();
    out.sort();
    out
}

/// Destinations of the ordinary moves of the piece on `from`, sorted.
fn dests(position: &Nowan, from: &str) -> Vec<String> {
    let from = Square::parse(from).unwrap();
    let mut out: Vec<String> = position
        .legal_moves(&[])
        .into_iter()
        .filter(|m| m.from() == from && m.kind() == MoveKind::Normal)
        .map(|m| m.to().to_string())
        .collect();
    out.sort();
    out
}

fn sorted(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(String::from).collect();
    out.sort();
    out
}

fn sacrifices(position: &Nowan) -> Vec<String> {
    let moves: Vec<Move> = position
        .legal_moves(&[])
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Sacrifice)
        .collect();
    texts(&moves)
}

fn play(position: &Nowan, text: &str) -> Nowan {
    let m = position
        .resolve(text.parse().unwrap(), &[])
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    position.play_unchecked(m)
}

fn illegal(position: &Nowan, text: &str) -> IllegalMove {
    let parsed: MoveText = text.parse().unwrap();
    position.resolve(parsed, &[]).expect_err(text)
}

fn win(team: u8, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win {
        team: Team::new(team),
        reason,
    })
}

// ---------------------------------------------------------------- section 12

#[test]
fn test_1_initial_position_has_48_moves() {
    let start = Nowan::start(Options::NONE);
    assert_eq!(start.fen(), START);
    let mut expected = sorted(
        "a2a3 c2c3 d2d3 e2e3 f2f3 g2g3 i2i3 \
         b3b4 b3a4 b3c4 h3h4 h3g4 h3i4 \
         b1a3 b1c3 h1g3 h1i3 \
         c1a3 c1e3 c1f4 c1g5 c1h6 c1i7 g1i3 g1e3 g1d4 g1c5 g1b6 g1a7",
    );
    let sacrifice_targets = "a1 b1 c1 d1 f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 g2 h2 i2 b3 h3";
    expected.extend(sacrifice_targets.split_whitespace().map(|t| format!("e1{t}")));
    expected.sort();
    assert_eq!(texts(&start.legal_moves(&[])), expected);
    assert_eq!(sacrifices(&start).len(), 19);
    assert_eq!(start.count_legal(&[], &mut Vec::new()), 48);
    let red = fen("ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE r Kk 1");
    assert_eq!(red.legal_moves(&[]).len(), 48);
    assert_eq!(sacrifices(&red).len(), 19);
}

#[test]
fn test_2_general_lame_two_step() {
    let p = pos("BGe5 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e5"), sorted("c3 c5 c7 e3 e7 g3 g5 g7"));
    let p = pos("BGe5 BKa1 RKi9 RWe6", 'b', "-");
    assert_eq!(dests(&p, "e5"), sorted("c3 c5 c7 e3 g3 g5 g7"));
    let p = pos("BGa1 BKe5 RKi9", 'b', "-");
    assert_eq!(dests(&p, "a1"), sorted("a3 c1 c3"));
}

#[test]
fn test_3_archer_jumps() {
    let p = pos("BAe5 BKa2 RKi8", 'b', "-");
    assert_eq!(
        dests(&p, "e5"),
        sorted("a1 b2 c3 d4 f6 g7 h8 i9 a9 b8 c7 d6 f4 g3 h2 i1")
    );
    let p = pos("BAe5 BKa2 RKi8 BWf6 RWg7", 'b', "-");
    let d = dests(&p, "e5");
    assert_eq!(d.len(), 15);
    assert!(!d.contains(&"f6".to_string()));
    for s in ["g7", "h8", "i9"] {
        assert!(d.contains(&s.to_string()), "{s}");
    }
}

#[test]
fn test_4_archer_gives_check_through_pieces() {
    let p = pos("BAa1 BKe1 BWb2 RWe5 RWh8 RKi9", 'b', "-");
    assert!(p.in_check(Player::new(1)));
    assert!(!p.in_check(Player::new(0)));
    let after = play(&p, "a1i9");
    assert_eq!(after.outcome(&[]), win(0, EndReason::KingCaptured));
    assert_eq!(Nowan::points(after.outcome(&[]).unwrap()), (2, 0));
    assert!(after.legal_moves(&[]).is_empty());
}

#[test]
fn test_5_horse_and_elephant() {
    let p = pos("BHe5 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e5"), sorted("c4 c6 d3 d7 f3 f7 g4 g6"));
    let p = pos("BEe5 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e5").len(), 16);
}

#[test]
fn test_6_warrior() {
    let p = pos("BWe4 RWd5 RWf5 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e4"), sorted("e5"));
    let p = pos("BWe7 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e7"), sorted("e8 d7 f7"));
    let p = pos("BWe9 BKa1 RKi7", 'b', "-");
    assert_eq!(dests(&p, "e9"), sorted("d9 f9"));
    let p = pos("RWe6 BKa1 RKi9", 'r', "-");
    assert_eq!(dests(&p, "e6"), sorted("e5"));
    let p = pos("RWe1 BKa1 RKi9", 'r', "-");
    assert_eq!(dests(&p, "e1"), sorted("d1 f1"));
}

#[test]
fn test_7_scout_and_zone_reversion() {
    let p = pos("BSe5 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e5"), sorted("e6 e4 d6 f6"));
    let p = pos("BSe7 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e7"), sorted("e8 e6 d8 f8 d7 f7"));
    let p = play(&play(&p, "e7e6"), "i9i8");
    assert_eq!(dests(&p, "e6"), sorted("e7 e5 d7 f7"));
    let p = pos("RSe3 BKa1 RKi9", 'r', "-");
    assert_eq!(dests(&p, "e3"), sorted("e2 e4 d2 f2 d3 f3"));
}

#[test]
fn test_8_sacrifice_targets() {
    let p = pos("BKe1 BGd1 BWe2 BSb3 BEa5 RKe9", 'b', "K");
    assert_eq!(sacrifices(&p), sorted("e1d1 e1e2 e1b3"));
    assert_eq!(dests(&p, "e1"), sorted("d2 f1 f2"));
    let used = pos("BKe1 BGd1 BWe2 BSb3 BEa5 RKe9", 'b', "-");
    assert!(sacrifices(&used).is_empty());
    assert_eq!(dests(&used, "e1"), sorted("d2 f1 f2"));
}

#[test]
fn test_9_sacrifice_forbidden_in_check_or_outside_home_zone() {
    let p = pos("BKe1 BGd1 BSb3 BEa5 REe9 RKa9", 'b', "K");
    assert!(p.in_check(Player::new(0)));
    assert!(sacrifices(&p).is_empty());
    let p = pos("BKe4 BGd3 BWe3 RKe9", 'b', "K");
    assert!(sacrifices(&p).is_empty());
}

#[test]
fn test_10_sacrifice_into_check_is_legal() {
    let p = pos("BKd1 BWe3 REe9 RKa9", 'b', "K");
    assert!(!p.in_check(Player::new(0)));
    assert_eq!(sacrifices(&p), sorted("d1e3"));
    let after = play(&p, "d1e3");
    assert!(after.in_check(Player::new(0)));
    assert!(!after.sacrifice_rights(Player::new(0)));
    assert_eq!(after.outcome(&[]), None);
    let end = play(&after, "e9e3");
    assert_eq!(end.outcome(&[]), win(1, EndReason::KingCaptured));
    assert_eq!(Nowan::points(end.outcome(&[]).unwrap()), (0, 2));
}

#[test]
fn test_11_check_need_not_be_answered() {
    let p = pos("BKe1 BWa2 REe9 RKa9", 'b', "-");
    assert!(p.in_check(Player::new(0)));
    assert_eq!(p.outcome(&[]), None);
    let after = play(&p, "a2a3");
    let end = play(&after, "e9e1");
    assert_eq!(end.outcome(&[]), win(1, EndReason::KingCaptured));
    assert_eq!(Nowan::points(end.outcome(&[]).unwrap()), (0, 2));
}

#[test]
fn test_12_checkmate_auto_ends() {
    for pieces in ["BKa1 REa9 REb8 RKi9", "BKa1 REa9 REb8 RKi9 BWh2"] {
        let p = pos(pieces, 'b', "-");
        assert!(p.in_check(Player::new(0)));
        assert_eq!(p.outcome(&[]), win(1, EndReason::Checkmate), "{pieces}");
        assert!(p.legal_moves(&[]).is_empty());
        assert_eq!(p.count_legal(&[], &mut Vec::new()), 0);
        assert_eq!(Nowan::points(p.outcome(&[]).unwrap()), (0, 2));
        assert_eq!(Nowan::result_code(p.outcome(&[]).unwrap()), "RED_WINS");
    }
}

#[test]
fn test_13_stalemate_scores_one_for_the_stalemating_side() {
    let p = fen("9/9/9/9/9/9/2h6/2k6/K8 b - 40");
    assert_eq!(p.fen(), "9/9/9/9/9/9/2h6/2k6/K8 b - 40");
    assert!(!p.in_check(Player::new(0)));
    let outcome = p.outcome(&[]);
    assert_eq!(outcome, win(1, EndReason::Stalemate));
    assert_eq!(Nowan::points(outcome.unwrap()), (0, 1));
    assert_eq!(Nowan::result_code(outcome.unwrap()), "RED_STALEMATES_BLACK");
    assert!(p.legal_moves(&[]).is_empty());
}

#[test]
fn test_14_only_kings_draw_beats_everything() {
    let p = pos("BKd4 RWd5 RKd6", 'b', "-");
    assert!(p.in_check(Player::new(0)));
    let after = play(&p, "d4d5");
    assert_eq!(
        after.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::OnlyKingsLeft
        })
    );
    assert_eq!(Nowan::points(after.outcome(&[]).unwrap()), (0, 0));
    assert_eq!(Nowan::result_code(after.outcome(&[]).unwrap()), "DRAW");
    assert!(after.legal_moves(&[]).is_empty());
}

#[test]
fn test_15_generals_are_boxed_in_at_the_start() {
    let start = Nowan::start(Options::NONE);
    assert!(dests(&start, "d1").is_empty());
    assert!(dests(&start, "f1").is_empty());
    let p = play(&play(&start, "e2e3"), "a8a7");
    assert_eq!(dests(&p, "d1"), sorted("f3"));
    assert_eq!(dests(&p, "f1"), sorted("d3"));
}

// ------------------------------------------------------- rules and Decisions

#[test]
fn section_4_turns_alternate_and_move_number_counts_red_moves() {
    let start = Nowan::start(Options::NONE);
    assert_eq!(start.turn(), Player::new(0));
    let one = play(&start, "a2a3");
    assert_eq!((one.turn().get(), one.move_number()), (1, 1));
    let two = play(&one, "a8a7");
    assert_eq!((two.turn().get(), two.move_number()), (0, 2));
    assert_eq!(
        two.fen(),
        "ehagkgahe/1wwwwwwww/ws5s1/9/9/9/WS5S1/1WWWWWWWW/EHAGKGAHE b Kk 2"
    );
}

#[test]
fn decision_2_black_is_uppercase_at_the_bottom_and_moves_first() {
    let start = Nowan::start(Options::NONE);
    assert_eq!(start.turn(), Player::new(0));
    assert_eq!(
        illegal(&start, "a8a7"),
        IllegalMove::NotYourPiece(Square::parse("a8").unwrap())
    );
    assert_eq!(start.king_square(Player::new(0)), Square::parse("e1"));
    assert_eq!(start.king_square(Player::new(1)), Square::parse("e9"));
}

#[test]
fn decision_3_scouts_start_on_b_and_h_files() {
    let start = Nowan::start(Options::NONE);
    let board = start.board();
    for (square, letter) in [("b3", 'S'), ("h3", 'S'), ("b7", 's'), ("h7", 's')] {
        let piece = board.piece_at(Square::parse(square).unwrap());
        assert_eq!(piece.map(|(kind, _)| kind), Some(7), "{square} {letter}");
    }
    // b2 and h2 are blocked by them.
    assert!(dests(&start, "b2").is_empty());
    assert!(dests(&start, "h2").is_empty());
}

#[test]
fn decision_4_general_cannot_jump_nor_stop_after_one_step() {
    // Middle squares own and enemy both block.
    let p = pos("BGe5 BWe6 RWf6 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e5"), sorted("c3 c5 c7 e3 g3 g5"));
    // A General next to the enemy King does not attack it; two squares away over an empty square it does.
    let p = pos("BGe5 BKa1 RKe6", 'r', "-");
    assert!(!p.in_check(Player::new(1)));
    let p = pos("BGe5 BKa1 RKe7", 'r', "-");
    assert!(p.in_check(Player::new(1)));
    let p = pos("BGe5 BKa1 RKe7 RWe6", 'r', "-");
    assert!(!p.in_check(Player::new(1)));
}

#[test]
fn decision_5_archer_jumps_any_number_of_either_colour_and_checks_through_them() {
    let p = pos("BAa1 BWb2 RWc3 BSd4 RHe5 BKi1 RKi9", 'b', "-");
    let d = dests(&p, "a1");
    assert_eq!(d, sorted("c3 e5 f6 g7 h8 i9"));
    assert!(p.in_check(Player::new(1)));
    // It cannot land on its own piece even at the far end.
    let p = pos("BAa1 BKi9 RKa9", 'b', "-");
    assert!(!dests(&p, "a1").contains(&"i9".to_string()));
}

#[test]
fn decision_6_horse_leaps_over_a_surrounding_ring() {
    let p = pos("BHe5 BWd4 BWd5 BWd6 BWe4 BWe6 BWf4 RWf5 RWf6 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e5"), sorted("c4 c6 d3 d7 f3 f7 g4 g6"));
}

#[test]
fn decision_7_warrior_captures_straight_ahead_never_diagonally() {
    let p = pos("BWe4 RWe5 RWd5 RWf5 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e4"), sorted("e5"));
    // Diagonal squares are not attacked by a Warrior.
    let p = pos("BWe4 BKa1 RKd5", 'r', "-");
    assert!(!p.in_check(Player::new(1)));
    let p = pos("BWe4 BKa1 RKe5", 'r', "-");
    assert!(p.in_check(Player::new(1)));
    // No double step from the start.
    let start = Nowan::start(Options::NONE);
    assert_eq!(dests(&start, "a2"), sorted("a3"));
}

#[test]
fn decision_8_zone_power_depends_on_the_square_moved_from() {
    // Entering the zone grants nothing on that move.
    let p = pos("BWe6 BSc6 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e6"), sorted("e7"));
    assert_eq!(dests(&p, "c6"), sorted("c7 c5 b7 d7"));
    // Sideways steps capture in the zone.
    let p = pos("BWe7 RWd7 RSf7 BKa1 RKi9", 'b', "-");
    assert_eq!(dests(&p, "e7"), sorted("d7 e8 f7"));
}

#[test]
fn decision_8_scout_loses_sideways_step_outside_zone() {
    let p = pos("BSe6 BKa1 RKi9", 'b', "-");
    assert!(!dests(&p, "e6").contains(&"d6".to_string()));
    let p = pos("RSe4 BKa1 RKi9", 'r', "-");
    assert_eq!(dests(&p, "e4"), sorted("e3 e5 d3 f3"));
}

#[test]
fn decision_8_zone_power_counts_for_check() {
    // A Warrior in its Enemy Zone attacks the squares beside it.
    let p = pos("BWe8 BKa1 RKf8", 'r', "-");
    assert!(p.in_check(Player::new(1)));
    // Outside the zone it does not.
    let p = pos("BWe5 BKa1 RKf5", 'r', "-");
    assert!(!p.in_check(Player::new(1)));
    // A Red Scout in Red's Enemy Zone (ranks 1-3) attacks sideways, and backward anywhere.
    let p = pos("RSc1 BKb1 RKi9", 'b', "-");
    assert!(p.in_check(Player::new(0)));
    let p = pos("RSc4 BKc5 RKi9", 'b', "-");
    assert!(p.in_check(Player::new(0)));
    let p = pos("RSc4 BKb4 RKi9", 'b', "-");
    assert!(!p.in_check(Player::new(0)));
}

#[test]
fn decision_9_sacrifice_once_per_player_any_piece_own_home_zone() {
    // Red's Home Zone is ranks 7-9; a Red Scout and Warrior are valid targets.
    let p = pos("RKe9 RSe7 RWa8 RHc6 BKe1 BWe2", 'r', "Kk");
    assert_eq!(sacrifices(&p), sorted("e9e7 e9a8"));
    // A Red King in Black's Home Zone cannot sacrifice there.
    let p = pos("RKe3 RSe2 BKa1", 'r', "k");
    assert!(sacrifices(&p).is_empty());
    // Using it removes only the mover's right, removes the piece, and is the whole turn.
    let p = pos("BKe1 BWe2 BWd2 RKe9 RWe8", 'b', "Kk");
    let after = play(&p, "e1e2");
    assert!(!after.sacrifice_rights(Player::new(0)));
    assert!(after.sacrifice_rights(Player::new(1)));
    assert_eq!(after.turn(), Player::new(1));
    assert_eq!(after.fen(), "4k4/4w4/9/9/9/9/9/3WK4/9 r k 1");
    let back = play(&after, "e9e8".replace("e9e8", "e8e7").as_str());
    assert!(sacrifices(&back).is_empty());
    assert_eq!(
        illegal(&back, "e2d2"),
        IllegalMove::SacrificeNotAllowed {
            why: "you have already made your sacrifice in this game"
        }
    );
}

#[test]
fn decision_9_sacrifice_may_leave_only_kings() {
    let p = pos("BKe1 BWe2 RKe9", 'b', "K");
    let after = play(&p, "e1e2");
    assert_eq!(
        after.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::OnlyKingsLeft
        })
    );
}

#[test]
fn decision_10_no_move_is_illegal_because_of_check() {
    // Stepping next to the enemy King, uncovering a line on the own King: all legal.
    let p = pos("BKe4 BWe2 REe1 RKe6", 'b', "-");
    let moves = texts(&p.legal_moves(&[]));
    for m in ["e4e5", "e4d5", "e4f5", "e2e3"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn decision_11_in_check_with_a_king_capture_available_plays_on() {
    let p = pos("BKa1 BAe5 REa9 REb8 RKi9", 'b', "-");
    assert!(p.in_check(Player::new(0)));
    assert_eq!(p.outcome(&[]), None);
    let after = play(&p, "e5i9");
    assert_eq!(after.outcome(&[]), win(0, EndReason::KingCaptured));
}

#[test]
fn section_9_safe_move_that_leaves_only_kings_prevents_checkmate() {
    // a1xa2 lands next to the Red King, but leaves only the two Kings: a safe move.
    let p = pos("BKa1 RSa2 RKb3", 'b', "-");
    assert!(p.in_check(Player::new(0)));
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(texts(&p.legal_moves(&[])), sorted("a1a2 a1b1 a1b2"));
    let after = play(&p, "a1a2");
    assert_eq!(
        after.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::OnlyKingsLeft
        })
    );
    // With one more Red piece the same capture is not safe: checkmate.
    let p = pos("BKa1 RSa2 RKb3 RWi5", 'b', "-");
    assert_eq!(p.outcome(&[]), win(1, EndReason::Checkmate));
}

#[test]
fn decision_12_stalemate_with_a_sacrifice_that_walks_into_check() {
    // The General is boxed in; every King step and the sacrifice land on attacked squares.
    let pieces = "BKa1 BGa3 RKc2 RHc3 RWa4 RWb4 RWb3 RWb2";
    let with_right = pos(pieces, 'b', "K");
    assert!(!with_right.in_check(Player::new(0)));
    let board_only = pos(pieces, 'b', "-");
    assert_eq!(board_only.outcome(&[]), win(1, EndReason::Stalemate));
    let p = with_right;
    assert_eq!(p.outcome(&[]), win(1, EndReason::Stalemate));
    assert_eq!(Nowan::result_code(p.outcome(&[]).unwrap()), "RED_STALEMATES_BLACK");
    // Red stalemating is worth 1 to Red; Black stalemating Red is 1-0.
    let outcome = Outcome::Win {
        team: Team::new(0),
        reason: EndReason::Stalemate,
    };
    assert_eq!(Nowan::points(outcome), (1, 0));
    assert_eq!(Nowan::result_code(outcome), "BLACK_STALEMATES_RED");
}

#[test]
fn decision_13_only_kings_in_a_string_waits_for_the_next_move() {
    let p = fen("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.legal_moves(&[]).len(), 5);
    let after = play(&p, "e1e2");
    assert_eq!(
        after.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::OnlyKingsLeft
        })
    );
}

#[test]
fn decision_13_only_kings_even_with_adjacent_kings_and_a_king_capture_wins() {
    // Kings adjacent after the capture: still a draw, not a win for the side to move.
    let p = pos("BKd4 RSd5 RKe6", 'b', "-");
    let after = play(&p, "d4d5");
    assert_eq!(
        after.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::OnlyKingsLeft
        })
    );
    // King takes King with only Kings on the board: the capture (step 1) comes first.
    let p = fen("9/9/9/9/4k4/4K4/9/9/9 b - 1");
    let after = play(&p, "e4e5");
    assert_eq!(after.outcome(&[]), win(0, EndReason::KingCaptured));
}

#[test]
fn decision_15_no_repetition_draw() {
    let mut game = Game::new(pos("BKa1 BWa2 RKi9 RWi8", 'b', "-"));
    for _ in 0..10 {
        for m in ["a1b1", "i9h9", "b1a1", "h9i9"] {
            game.play_text(m).unwrap();
        }
    }
    assert_eq!(game.outcome(), None);
    assert_eq!(game.history()[0], game.position().key());
    // The key covers side to move and sacrifice rights.
    let a = pos("BKa1 RKi9", 'b', "Kk");
    assert_ne!(a.key(), pos("BKa1 RKi9", 'r', "Kk").key());
    assert_ne!(a.key(), pos("BKa1 RKi9", 'b', "k").key());
}

#[test]
fn decision_16_and_17_points_for_wins() {
    for reason in [EndReason::KingCaptured, EndReason::Checkmate] {
        assert_eq!(
            Nowan::points(Outcome::Win {
                team: Team::new(0),
                reason
            }),
            (2, 0)
        );
        assert_eq!(
            Nowan::points(Outcome::Win {
                team: Team::new(1),
                reason
            }),
            (0, 2)
        );
    }
    assert_eq!(
        Nowan::result_code(Outcome::Win {
            team: Team::new(0),
            reason: EndReason::Checkmate
        }),
        "BLACK_WINS"
    );
}

#[test]
fn decision_18_sacrifice_is_written_as_king_square_and_piece_square() {
    let start = Nowan::start(Options::NONE);
    let m = start.resolve("e1e2".parse().unwrap(), &[]).unwrap();
    assert_eq!(m.kind(), MoveKind::Sacrifice);
    assert_eq!(m.to_string(), "e1e2");
    assert_eq!(illegal(&start, "e2e3q"), IllegalMove::NoPromotionHere);
}

#[test]
fn check_announcement_after_a_checking_move() {
    let p = pos("BEa1 BKe1 RKh9", 'b', "-");
    assert!(!p.in_check(Player::new(1)));
    let after = play(&p, "a1a9");
    assert!(after.in_check(Player::new(1)));
    assert!(!after.in_check(Player::new(0)));
    assert_eq!(after.outcome(&[]), None);
}

// ------------------------------------------------------------------- errors

#[test]
fn position_string_round_trips() {
    for text in [
        START,
        "9/9/9/9/9/9/2h6/2k6/K8 b - 40",
        "4k4/W1S4Ww/3W5/9/4E4/9/2s3w2/w7S/4K4 r K 20",
        "4k4/9/9/9/9/9/9/9/4K4 b k 123456",
    ] {
        assert_eq!(fen(text).fen(), text);
    }
}

#[test]
fn malformed_position_strings_name_the_place() {
    let cases: &[(&str, &str)] = &[
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk",
            "string",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1 x",
            "string",
        ),
        ("ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW b Kk 1", "board"),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHX b Kk 1",
            "board, rank 1",
        ),
        (
            "ehagkgahe/wwwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "board, rank 8",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/8/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "board, rank 5",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/09/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "board, rank 5",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE w Kk 1",
            "field 2 (side to move)",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b kK 1",
            "field 3 (sacrifice rights)",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b KQ 1",
            "field 3 (sacrifice rights)",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 0",
            "field 4 (move number)",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk x",
            "field 4 (move number)",
        ),
        (
            "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk -1",
            "field 4 (move number)",
        ),
    ];
    for (text, place) in cases {
        let error = Nowan::from_fen(text, Options::NONE).expect_err(text);
        assert_eq!(error.place(), *place, "{text}: {error}");
    }
}

#[test]
fn impossible_position_strings_are_rejected() {
    let cases: &[(&str, &str)] = &[
        ("9/9/9/9/9/9/9/9/4K4 b - 1", "Red has no King"),
        ("4k4/9/9/9/9/9/9/9/9 b - 1", "Black has no King"),
        ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "Black has 2 pieces of kind King"),
        ("4k4/9/9/9/9/9/9/9/GGG1K4 b - 1", "Black has 3 pieces of kind General"),
        (
            "4k4/wwwwwwwww/w8/9/9/9/9/9/4K4 b - 1",
            "Red has 10 pieces of kind Warrior",
        ),
    ];
    for (text, problem) in cases {
        let error = Nowan::from_fen(text, Options::NONE).expect_err(text);
        assert_eq!(error.place(), "board");
        assert!(error.problem().starts_with(problem), "{text}: {error}");
    }
}

#[test]
fn illegal_moves_give_precise_reasons() {
    let start = Nowan::start(Options::NONE);
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(illegal(&start, "e5e6"), IllegalMove::NoPieceThere(sq("e5")));
    assert_eq!(illegal(&start, "e8e7"), IllegalMove::NotYourPiece(sq("e8")));
    assert_eq!(illegal(&start, "j1j2"), IllegalMove::OffBoard(sq("j1")));
    assert_eq!(illegal(&start, "i2j2"), IllegalMove::OffBoard(sq("j2")));
    assert_eq!(illegal(&start, "d1d2"), IllegalMove::OwnPieceThere(sq("d2")));
    assert_eq!(
        illegal(&start, "e2e4"),
        IllegalMove::CannotMoveThere {
            piece: "Warrior",
            from: sq("e2"),
            to: sq("e4")
        }
    );
    assert_eq!(
        illegal(&start, "d1d3"),
        IllegalMove::CannotMoveThere {
            piece: "General",
            from: sq("d1"),
            to: sq("d3")
        }
    );
    assert_eq!(illegal(&start, "e2e3q"), IllegalMove::NoPromotionHere);
    let pass: MoveText = "pass".parse().unwrap();
    assert_eq!(start.resolve(pass, &[]), Err(IllegalMove::PassNotAllowed));
    assert_eq!(illegal(&start, "e1e1").code(), "cannot_move_there");
    // Sacrifice refusals.
    let p = pos("BKe1 BGd1 BSb3 BEa5 REe9 RKa9", 'b', "K");
    assert_eq!(
        illegal(&p, "e1d1"),
        IllegalMove::SacrificeNotAllowed {
            why: "your King is in check"
        }
    );
    let p = pos("BKe4 BGd3 BWe3 RKe9", 'b', "K");
    assert_eq!(
        illegal(&p, "e4d3"),
        IllegalMove::SacrificeNotAllowed {
            why: "your King is not in your Home Zone"
        }
    );
    let p = pos("BKe1 BGd1 BEa5 RKe9", 'b', "K");
    assert_eq!(
        illegal(&p, "e1a5"),
        IllegalMove::SacrificeNotAllowed {
            why: "the piece to sacrifice is not in your Home Zone"
        }
    );
    let p = pos("BKe1 BGd1 RKe9", 'b', "-");
    assert_eq!(illegal(&p, "e1d1").code(), "sacrifice_not_allowed");
    // Finished game.
    let mate = pos("BKa1 REa9 REb8 RKi9", 'b', "-");
    assert_eq!(illegal(&mate, "a1b1"), IllegalMove::GameOver);
}

#[test]
fn nothing_panics_on_mangled_strings_and_moves() {
    let mut seed = 0x5EED_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"KGAHEWSkgahews0123456789/ -brx\xc3\xa9";
    let base = START.as_bytes().to_vec();
    for _ in 0..3000 {
        let mut bytes = base.clone();
        for _ in 0..(next() % 4 + 1) {
            let at = (next() % bytes.len() as u64) as usize;
            match next() % 3 {
                0 => bytes[at] = alphabet[(next() % alphabet.len() as u64) as usize],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, alphabet[(next() % alphabet.len() as u64) as usize]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(p) = Nowan::from_fen(&text, Options::NONE) {
            assert_eq!(Nowan::from_fen(&p.fen(), Options::NONE).as_ref(), Ok(&p));
            let _ = p.outcome(&[]);
            for m in p.legal_moves(&[]) {
                let _ = p.play_unchecked(m).outcome(&[]);
            }
            for from in ["e1", "a1", "i9", "b3", "j1"] {
                for to in ["e2", "d1", "i1", "a9", "j9"] {
                    if let Ok(t) = format!("{from}{to}").parse::<MoveText>() {
                        let _ = p.resolve(t, &[]);
                    }
                }
            }
        }
    }
}

#[test]
fn section_9_sacrifice_counts_as_a_safe_move() {
    // Every King step is unsafe and the General is boxed in; only the sacrifice onto
    // a3 is safe, so play continues. Without the right it is stalemate.
    let pieces = "BKa1 BGa3 RKc2 RHc3 RGa4 RWb4 RGb3 RWb2";
    let p = pos(pieces, 'b', "K");
    assert!(!p.in_check(Player::new(0)));
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(texts(&p.legal_moves(&[])), sorted("a1a2 a1b1 a1b2 a1a3"));
    assert_eq!(pos(pieces, 'b', "-").outcome(&[]), win(1, EndReason::Stalemate));
}

#[test]
fn decision_15_house_rule_counter_resets_on_capture_warrior_move_or_sacrifice() {
    let p = pos("BKe1 BWe2 BHb1 RKe9 RWc3", 'b', "K");
    let m = |t: &str| p.resolve(t.parse().unwrap(), &[]).unwrap();
    assert!(p.resets_move_limit(m("e2e3")));
    assert!(p.resets_move_limit(m("b1c3")));
    assert!(p.resets_move_limit(m("e1e2")));
    assert!(!p.resets_move_limit(m("b1a3")));
    assert!(!p.resets_move_limit(m("e1f1")));
}

#[test]
fn any_game_plays_nowan_by_text() {
    use herald_rules::{AnyGame, PlayError, Variant};
    let mut game = AnyGame::new(Variant::Nowan, Options::NONE, None).unwrap();
    assert_eq!(game.legal_moves().len(), 48);
    game.play_text("c1h6").unwrap();
    assert!(game.in_check(Player::new(1)));
    assert_eq!(game.legal_moves().len(), 48 - 19);
    // Red's King onto its own Warrior is a sacrifice, refused because of the check.
    assert_eq!(
        game.play_text("e9e8"),
        Err(PlayError::Illegal(IllegalMove::SacrificeNotAllowed {
            why: "your King is in check"
        }))
    );
    assert_eq!(game.perft(1), 29);
}
