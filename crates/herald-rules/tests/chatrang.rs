//! Chatrang through the public API: the spec's hand-checked positions (section 16),
//! every rule and numbered Decision, position strings and illegal-move reasons.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::chatrang::{EliminateError, Elimination, EliminationCause};
use herald_rules::{
    Chatrang, EndReason, IllegalMove, Move, MoveText, Options, Outcome, Player, Position, Square, Team,
};

const START: &str = "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0";

/// Builds a position string from the spec's notation (`K1h1 B3d2 ...`), with the
/// player to move (1-4) and the other fields given as written.
fn setup_with(pieces: &str, to_move: u8, eliminated: &str) -> String {
    let mut grid = [[None::<(char, char)>; 8]; 8];
    for token in pieces.split_whitespace() {
        let b = token.as_bytes();
        let owner = b[1] as char;
        let letter = if (b[1] - b'1').is_multiple_of(2) {
            b[0].to_ascii_uppercase()
        } else {
            b[0].to_ascii_lowercase()
        } as char;
        let file = (b[2] - b'a') as usize;
        let rank = token[3..].parse::<usize>().unwrap() - 1;
        assert!(grid[rank][file].is_none(), "{token} twice");
        grid[rank][file] = Some((letter, owner));
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut gap = 0;
            for cell in grid[rank] {
                match cell {
                    None => gap += 1,
                    Some((letter, owner)) => {
                        if gap > 0 {
                            row += &gap.to_string();
                            gap = 0;
                        }
                        row.push(letter);
                        row.push(owner);
                    }
                }
            }
            if gap > 0 {
                row += &gap.to_string();
            }
            row
        })
        .collect();
    format!("{} {to_move} {eliminated} - 0", rows.join("/"))
}

fn setup(pieces: &str, to_move: u8) -> Chatrang {
    position(&setup_with(pieces, to_move, "-"))
}

fn position(fen: &str) -> Chatrang {
    Chatrang::from_fen(fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Chatrang) -> Vec<String> {
    let mut texts: Vec<String> = p.legal_moves(&[]).iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

/// Destinations of the legal moves of the piece on `from`.
fn moves_from(p: &Chatrang, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter_map(|m| m.strip_prefix(from).map(String::from))
        .collect()
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn play(p: &Chatrang, text: &str) -> Chatrang {
    let m = resolve(p, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
    p.play_unchecked(m)
}

fn resolve(p: &Chatrang, text: &str) -> Result<Move, IllegalMove> {
    p.resolve(text.parse::<MoveText>().unwrap(), &[])
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

fn win(team: u8, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win {
        team: Team::new(team),
        reason,
    })
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

// ---------------------------------------------------------------- section 16

#[test]
fn test_1_start_six_moves_each() {
    let mut p = Chatrang::start(Options::NONE);
    assert_eq!(p.fen(), START);
    assert_eq!(moves(&p), sorted("a2a3 b2b3 c2c3 d2d3 b1a3 b1c3"));
    p = play(&p, "a2a3");
    assert_eq!(p.turn(), Player::new(1));
    assert_eq!(moves(&p), sorted("e7e6 f7f6 g7g6 h7h6 g8f6 g8h6"));
    p = play(&p, "h7h6");
    assert_eq!(moves(&p), sorted("e2e3 f2f3 g2g3 h2h3 g1f3 g1h3"));
    p = play(&p, "h2h3");
    assert_eq!(moves(&p), sorted("a7a6 b7b6 c7c6 d7d6 b8a6 b8c6"));
}

#[test]
fn test_2_pil_moves_any_distance_diagonally() {
    let p = setup("K1h1 K3a2 K2h3 K4a5 B1d4", 1);
    assert_eq!(moves_from(&p, "d4"), sorted("a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1"));
}

#[test]
fn test_3_rukh_asb_shah() {
    let p = setup("K1h1 K3h2 K2a7 K4b8 R1d4", 1);
    assert_eq!(moves_from(&p, "d4").len(), 14);
    let p = setup("K1h1 K3a2 K2h3 K4a5 N1d4", 1);
    assert_eq!(moves_from(&p, "d4"), sorted("b3 b5 c2 c6 e2 e6 f3 f5"));
    let p = setup("K1h1 K3h2 K2h8 K4g8 N1a1", 1);
    assert_eq!(moves_from(&p, "a1"), sorted("b3 c2"));
    let p = setup("K1d4 K3h1 K2a8 K4h8", 1);
    assert_eq!(moves_from(&p, "d4").len(), 8);
}

#[test]
fn test_4_sarbaz() {
    let base = "K1a1 K3h1 K2a8 K4h8 P1e2";
    assert_eq!(moves_from(&setup(base, 1), "e2"), sorted("e3"));
    assert_eq!(
        moves_from(&setup(&format!("{base} N2d3 N4f3"), 1), "e2"),
        sorted("e3 d3 f3")
    );
    assert_eq!(
        moves_from(&setup(&format!("{base} N2d3 N3f3"), 1), "e2"),
        sorted("e3 d3")
    );
    assert!(moves_from(&setup(&format!("{base} N2e3"), 1), "e2").is_empty());
    let p = setup("K1a1 K3h1 K2a8 K4h8 P2e7 N1d6", 2);
    assert_eq!(moves_from(&p, "e7"), sorted("e6 d6"));
}

#[test]
fn test_5_no_promotion() {
    let p = setup("K1a1 K3h1 K2h8 K4h6 P1c8", 1);
    assert!(moves_from(&p, "c8").is_empty());
    assert!(p.fen().starts_with("2P1"));
}

#[test]
fn test_6_who_gives_check() {
    assert!(setup("K1d1 K3h1 K2a8 K4h8 R2d7", 1).in_check(Player::new(0)));
    assert!(!setup("K1d1 K3h1 K2a8 K4h8 R3d7", 1).in_check(Player::new(0)));
    assert!(setup("K1d1 K3h1 K2a8 K4h8 B4h5", 1).in_check(Player::new(0)));
}

#[test]
fn test_7_pin() {
    let p = setup("K1d1 B1d2 K3h1 K2a8 K4h7 R4d8", 1);
    assert!(moves_from(&p, "d2").is_empty());
    assert_eq!(
        resolve(&p, "d2e3"),
        Err(IllegalMove::LeavesRoyalAttacked { royal: "Shah" })
    );
}

#[test]
fn test_8_partner_exposure_shah_capture_elimination() {
    let p = setup("K1d1 B3d2 K3h1 K2a8 K4h7 R4d8", 3);
    assert_eq!(moves_from(&p, "d2"), sorted("a5 b4 c1 c3 e1 e3 f4 g5 h6"));
    let p = play(&p, "d2e3");
    assert_eq!(p.turn(), Player::new(3));
    assert!(p.in_check(Player::new(0)));
    let m = resolve(&p, "d8d1").unwrap();
    let (p, log) = p.play_reporting(m);
    assert_eq!(
        log,
        vec![Elimination {
            player: Player::new(0),
            cause: EliminationCause::ShahCaptured { by: Player::new(3) }
        }]
    );
    assert_eq!(p.eliminated(), vec![Player::new(0)]);
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.turn(), Player::new(1), "Player 1 is skipped");
    assert_eq!(p.fen(), "k27/7k4/8/8/8/4B33/8/3r43K3 2 1 - 0");
}

#[test]
fn test_9_mate_judged_at_victims_turn_partner_rescue() {
    let pieces = "K4a8 P4a7 P4b7 K2h8 N2e6 K1a1 R1d1 K3h1 P3g2";
    let p = play(&setup(pieces, 1), "d1d8");
    assert!(p.in_check(Player::new(3)) && p.in_check(Player::new(1)));
    assert!(p.eliminated().is_empty(), "Player 4 is not out before his turn");
    assert_eq!(p.turn(), Player::new(1));
    let p = play(&p, "e6d8");
    assert!(!p.in_check(Player::new(3)));
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.turn(), Player::new(2));

    // Without the Sarbaz on g2, the rescue bares White: Black has three men and wins.
    let p = play(&setup("K4a8 P4a7 P4b7 K2h8 N2e6 K1a1 R1d1 K3h1", 1), "d1d8");
    let p = play(&p, "e6d8");
    assert_eq!(p.outcome(&[]), win(1, EndReason::Bared));

    // With the Asb on e5 nobody can help: Player 4 is mated at his turn.
    let p = play(&setup("K4a8 P4a7 P4b7 K2h8 N2e5 K1a1 R1d1 K3h1 P3g2", 1), "d1d8");
    assert!(p.eliminated().is_empty());
    assert_eq!(
        moves_from(&p, "e5"),
        Vec::<String>::new(),
        "the Asb cannot block rank 8"
    );
    let p = play(&p, "h8h7");
    let (p, log) = p.play_reporting(resolve(&p, "g2g3").unwrap());
    assert_eq!(
        log,
        vec![Elimination {
            player: Player::new(3),
            cause: EliminationCause::Checkmated
        }]
    );
    assert_eq!(p.eliminated(), vec![Player::new(3)]);
    assert_eq!(p.turn(), Player::new(0));
    assert_eq!(p.board().piece_at(sq("a7")), None);
    assert_eq!(p.board().piece_at(sq("b7")), None);
    assert_eq!(p.outcome(&[]), None);
}

#[test]
fn test_10_taking_a_shah_answers_a_check() {
    let p = setup("K1a1 R1d1 R2a8 K2h1 K3c3 K4e8 P4g6", 1);
    assert!(p.in_check(Player::new(0)));
    assert_eq!(moves(&p), sorted("a1b1 a1b2 d1h1"));
    let p = play(&p, "d1h1");
    assert_eq!(p.eliminated(), vec![Player::new(1)]);
    assert_eq!(p.board().piece_at(sq("a8")), None, "the Rukh vanished with its owner");
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.turn(), Player::new(2));

    let p = setup("K1a1 R1d1 R2a8 K4h1 K3c3 K2e8 P4g6", 1);
    assert_eq!(moves(&p), sorted("a1b1 a1b2"));
    assert_eq!(
        resolve(&p, "d1h1"),
        Err(IllegalMove::LeavesRoyalAttacked { royal: "Shah" })
    );
}

#[test]
fn test_11_pass() {
    let p = setup("K2h8 P1h7 K3g6 K1a1 K4a8 P4a7", 2);
    assert!(!p.in_check(Player::new(1)));
    assert_eq!(moves(&p), vec!["pass"]);
    assert!(p.must_pass());
    let p = play(&p, "pass");
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.turn(), Player::new(2));
    assert_eq!(p.pass_counter(), 1);
}

#[test]
fn test_12_baring_with_two_men_wins_at_once() {
    let p = play(&setup("K2e8 K4d8 P4d7 K1a1 B1a4 K3h1 P3h2", 1), "a4d7");
    assert_eq!(p.outcome(&[]), win(0, EndReason::Bared));
    assert!(p.legal_moves(&[]).is_empty());
}

#[test]
fn test_13_baring_with_one_man_and_bare_shahs_draw() {
    let p = play(&setup("K2e8 K4a8 P2e7 K1a1 R1e2 K3h1", 1), "e2e7");
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.owed_reply(), Some(Player::new(1)));
    assert!(p.in_check(Player::new(1)));
    assert_eq!(moves(&p), sorted("e8d8 e8e7 e8f8"));
    assert_eq!(play(&p, "e8e7").outcome(&[]), draw(EndReason::BareShahs));
    assert_eq!(play(&p, "e8d8").outcome(&[]), win(0, EndReason::BaringReplyUsed));
    assert_eq!(play(&p, "e8f8").outcome(&[]), win(0, EndReason::BaringReplyUsed));

    let p = play(&setup("K2e8 K4a8 P2e7 K1a1 R1e2 K3f6", 1), "e2e7");
    assert_eq!(moves(&p), sorted("e8d8 e8f8"));
    assert_eq!(play(&p, "e8f8").outcome(&[]), win(0, EndReason::BaringReplyUsed));
}

/// The game's last position, written after the owed reply ended it, is a position string the
/// parser reads back (it once kept the debtor, "player 2 owes the reply but player 3 is to
/// move"). Read as the start of a turn (the end checks apply after a move, not to a string),
/// it is the next player's turn with no reply owed.
#[test]
fn a_game_ended_by_the_baring_reply_leaves_a_string_that_parses_back() {
    let p = play(&setup("K2e8 K4a8 P2e7 K1a1 R1e2 K3h1", 1), "e2e7");
    for (reply, outcome) in [
        ("e8d8", win(0, EndReason::BaringReplyUsed)),
        ("e8f8", win(0, EndReason::BaringReplyUsed)),
        ("e8e7", draw(EndReason::BareShahs)),
    ] {
        let end = play(&p, reply);
        assert_eq!(end.outcome(&[]), outcome, "{reply}");
        assert_eq!(end.owed_reply(), None, "{reply}");
        let fen = end.fen();
        let reread = Chatrang::from_fen(&fen, Options::NONE).unwrap_or_else(|e| panic!("{reply}: {fen}: {e}"));
        assert_eq!(reread.fen(), fen);
        assert_eq!(reread.turn(), Player::new(2), "{reply}: Player 3 is next");
        assert_eq!(reread.owed_reply(), None);
    }
    assert_eq!(play(&p, "e8d8").fen(), "k42k24/4R13/8/8/8/8/8/K16K3 3 - - 0");
}

#[test]
fn test_14_both_shahs_of_a_team_gone() {
    // Player 2 out; Player 4 to move is checkmated at the start of his turn.
    let fen = setup_with("K4a8 P4a7 R1c8 R3b1 K1h1 K3h3", 4, "2");
    let p = position(&fen);
    assert_eq!(p.outcome(&[]), win(0, EndReason::BothShahsGone));
    // The same by capturing the last Shah.
    let p = position(&setup_with("K4c7 R1c1 P1a6 K1h1 K3h3", 1, "2"));
    let p = play(&p, "c1c7");
    assert_eq!(p.outcome(&[]), win(0, EndReason::BothShahsGone));
}

#[test]
fn test_15_turn_order_with_eliminations() {
    let mut p = Chatrang::start(Options::NONE);
    let mut movers = Vec::new();
    for text in ["a2a3", "h7h6", "h2h3", "a7a6", "b2b3"] {
        movers.push(p.turn());
        p = play(&p, text);
    }
    assert_eq!(movers, [0, 1, 2, 3, 0].map(Player::new));
    let mut p = p.eliminate(Player::new(0)).unwrap();
    let mut movers = Vec::new();
    for text in ["g7g6", "g2g3", "b7b6", "f7f6", "f2f3", "c7c6", "e7e6"] {
        movers.push(p.turn());
        p = play(&p, text);
    }
    assert_eq!(movers, [1, 2, 3, 1, 2, 3, 1].map(Player::new));
}

#[test]
fn test_15_reply_owed_only_if_next_player_is_bared() {
    // Player 1 out; Player 4 bares White leaving one man: next is Player 2 (his partner),
    // so Black wins at once.
    let p = position(&setup_with("K2h8 K4a8 B4c6 K3h1 P3e4", 4, "1"));
    let p = play(&p, "c6e4");
    assert_eq!(p.outcome(&[]), win(1, EndReason::Bared));
}

// ---------------------------------------------------------------- rules

#[test]
fn rule_s1_both_shahs_gone_beats_any_men() {
    let p = position(&setup_with("K4e8 R4a8 R3e1 P3h3 K1h1 K3a1", 3, "2"));
    let p = play(&p, "e1e8");
    assert_eq!(p.outcome(&[]), win(0, EndReason::BothShahsGone));
}

#[test]
fn rule_s2_no_men_draws_even_with_three_shahs() {
    let p = position(&setup_with("K2e8 K4a8 P4b2 K3a1", 3, "1"));
    let p = play(&p, "a1b2");
    assert_eq!(p.outcome(&[]), draw(EndReason::BareShahs));
}

#[test]
fn rule_s2_is_not_applied_to_the_string_itself() {
    let p = setup("K2e8 K4a8 K1h1 K3a1", 1);
    assert_eq!(p.outcome(&[]), None);
    assert!(!moves(&p).is_empty());
    let p = play(&p, "h1g1");
    assert_eq!(p.outcome(&[]), draw(EndReason::BareShahs));
}

#[test]
fn rule_s3_owing_player_mated_or_resigning_loses() {
    let p = play(&setup("K2e8 K4a8 P2e7 K1a1 R1e2 K3h1", 1), "e2e7");
    assert_eq!(p.owed_reply(), Some(Player::new(1)));
    let (q, log) = p.eliminate_reporting(Player::new(1)).unwrap();
    assert_eq!(log[0].cause, EliminationCause::Resigned);
    assert_eq!(q.outcome(&[]), win(0, EndReason::BaringReplyUsed));
}

#[test]
fn rule_s4_one_man_next_player_on_baring_team_wins() {
    // Player 3 takes Black's last man; next is Player 4 (bared): a reply is owed.
    let p = play(&setup("K2h8 K4a8 P4c3 K1h1 K3a1 R3c1", 3), "c1c3");
    assert_eq!(p.owed_reply(), Some(Player::new(3)));
    assert_eq!(p.turn(), Player::new(3));
    // With Player 4 out, the next player after Player 3 is Player 1: White wins at once.
    let p = position(&setup_with("K2h8 P2c3 K1h1 K3a1 R3c1", 3, "4"));
    let p = play(&p, "c1c3");
    assert_eq!(p.outcome(&[]), win(0, EndReason::Bared));
}

#[test]
fn rule_s5_everybody_passes_draws_and_a_move_resets() {
    let mut p = position("8/8/8/8/8/p26p4/P11p2p2p4p41P3/K11k2p2p4k41K3 1 - - 0");
    for count in 1..=3 {
        p = play(&p, "pass");
        assert_eq!(p.pass_counter(), count);
        assert_eq!(p.outcome(&[]), None);
    }
    p = play(&p, "pass");
    assert_eq!(p.outcome(&[]), draw(EndReason::NobodyCanMove));

    let p = play(&setup("K2h8 P1h7 K3g6 K1a1 K4a8 P4a7", 2), "pass");
    assert_eq!(p.pass_counter(), 1);
    let p = play(&p, "g6f6");
    assert_eq!(p.pass_counter(), 0);
}

#[test]
fn rule_s5_elimination_leaves_the_counter_unchanged() {
    // Counter 2 (Players 4 and 1 passed), Player 2 stuck. Player 4 resigns: still 2,
    // now out of 3 players (Player 2's Sarbaz, stuck on b1, keeps Black from being bared).
    // Player 2's pass makes 3: the counting rule draws.
    let p = position("k46k2/p46P1/6K31/8/8/8/8/K1p26 2 - - 2");
    let p = p.eliminate(Player::new(3)).unwrap();
    assert_eq!(p.pass_counter(), 2);
    assert_eq!(p.outcome(&[]), None);
    let p = play(&p, "pass");
    assert_eq!(p.outcome(&[]), draw(EndReason::NobodyCanMove));
}

#[test]
fn rule_s5_counts_only_remaining_players() {
    let p = position("8/8/8/8/8/p27/P11p2p24/K11k2p24 1 34 - 0");
    let p = play(&p, "pass");
    assert_eq!(p.outcome(&[]), None);
    let p = play(&p, "pass");
    assert_eq!(p.outcome(&[]), draw(EndReason::NobodyCanMove));
}

#[test]
fn rule_legality_counts_the_removal_of_a_captured_shahs_men() {
    // Capturing Player 2's Shah removes his Asb on d4, which opens the d-file for
    // Player 4's Rukh onto Player 1's Shah: the capture is illegal.
    let p = setup("K1d1 R1h2 K2h8 N2d4 R4d8 K3a1 K4a8", 1);
    assert!(!p.in_check(Player::new(0)));
    assert_eq!(
        resolve(&p, "h2h8"),
        Err(IllegalMove::LeavesRoyalAttacked { royal: "Shah" })
    );
}

#[test]
fn rule_checkmate_in_the_string_eliminates_first() {
    // Player 4 to move is mated: he is removed and Player 1 moves.
    let fen = setup_with("K4a8 P4a7 P4b7 R1d8 K2h1 N2e5 K1a1 K3h3 P3g2", 4, "-");
    let p = position(&fen);
    assert_eq!(p.eliminated(), vec![Player::new(3)]);
    assert_eq!(p.turn(), Player::new(0));
    assert_ne!(p.fen(), fen);
}

#[test]
fn rule_in_check_accessor_lists_attacked_shahs() {
    let p = play(&setup("K4a8 P4a7 P4b7 K2h8 N2e6 K1a1 R1d1 K3h1 P3g2", 1), "d1d8");
    assert_eq!(p.players_in_check(), vec![Player::new(1), Player::new(3)]);
    assert_eq!(p.shah_square(Player::new(3)), Some(sq("a8")));
}

// ---------------------------------------------------------------- decisions

#[test]
fn decision_1_no_dice_a_turn_is_one_move() {
    let p = play(&Chatrang::start(Options::NONE), "b1c3");
    assert_eq!(p.turn(), Player::new(1));
    assert!(moves(&p).iter().all(|m| m.starts_with(['e', 'f', 'g', 'h'])));
}

#[test]
fn decision_2_board_is_eight_by_eight() {
    let p = Chatrang::start(Options::NONE);
    assert_eq!((p.board().files(), p.board().ranks()), (8, 8));
    assert!(Chatrang::from_fen("8/8/8/8/8/8/8/K1K2K3K45 1 - - 0", Options::NONE).is_err());
}

#[test]
fn decision_3_team_is_colour_and_partners_share_wings() {
    let p = Chatrang::start(Options::NONE);
    assert_eq!(p.shah_square(Player::new(0)), Some(sq("d1")));
    assert_eq!(p.shah_square(Player::new(2)), Some(sq("e1")));
    assert_eq!(p.shah_square(Player::new(1)), Some(sq("e8")));
    assert_eq!(p.shah_square(Player::new(3)), Some(sq("d8")));
    assert_eq!(Chatrang::team_of(Player::new(0)), Chatrang::team_of(Player::new(2)));
    assert_eq!(Chatrang::team_of(Player::new(1)), Chatrang::team_of(Player::new(3)));
    assert_ne!(Chatrang::team_of(Player::new(0)), Chatrang::team_of(Player::new(1)));
}

#[test]
fn decision_4_turn_order_one_two_three_four() {
    let mut p = Chatrang::start(Options::NONE);
    for expected in [0, 1, 2, 3, 0] {
        assert_eq!(p.turn(), Player::new(expected));
        let m = p.legal_moves(&[])[0];
        p = p.play_unchecked(m);
    }
}

#[test]
fn decision_5_no_double_step_no_castling_pil_is_long() {
    let p = Chatrang::start(Options::NONE);
    assert!(matches!(
        resolve(&p, "a2a4"),
        Err(IllegalMove::CannotMoveThere { piece: "Sarbaz", .. })
    ));
    let p = setup("K1e1 R1h1 K3a2 K2h8 K4a8", 1);
    assert!(!moves(&p).contains(&"e1g1".to_string()));
    let p = setup("K1e1 K3a2 K2h8 K4a8", 1);
    assert!(matches!(
        resolve(&p, "e1f3"),
        Err(IllegalMove::CannotMoveThere { piece: "Shah", .. })
    ));
    let p = setup("K1h1 K3a2 K2h3 K4a5 B1a1", 1);
    assert!(moves_from(&p, "a1").contains(&"h8".to_string()));
}

#[test]
fn decision_6_partners_are_friends() {
    let p = setup("K1a1 R1d1 R3d5 K3h1 K2h8 K4a8", 1);
    assert_eq!(resolve(&p, "d1d5"), Err(IllegalMove::OwnPieceThere(sq("d5"))));
    assert_eq!(resolve(&p, "d5d1"), Err(IllegalMove::NotYourPiece(sq("d5"))));
    assert!(!setup("K1d1 K3h1 K2a8 K4h8 R3d7", 1).in_check(Player::new(0)));
    // A partner's piece blocks like one's own.
    assert_eq!(moves_from(&p, "d1"), sorted("b1 c1 e1 f1 g1 d2 d3 d4"));
}

#[test]
fn decision_7_exposing_the_partner_is_legal() {
    let p = setup("K1d1 B3d2 K3h1 K2a8 K4h7 R4d8", 3);
    assert!(resolve(&p, "d2e3").is_ok());
}

#[test]
fn decision_8_mate_only_at_own_turn() {
    let p = play(&setup("K4a8 P4a7 P4b7 K2h8 N2e6 K1a1 R1d1 K3h1 P3g2", 1), "d1d8");
    assert!(!p.is_eliminated(Player::new(3)));
    assert!(p.in_check(Player::new(3)));
}

#[test]
fn decision_9_eliminated_players_men_are_removed() {
    let p = Chatrang::start(Options::NONE).eliminate(Player::new(2)).unwrap();
    for square in ["e1", "f1", "g1", "h1", "e2", "f2", "g2", "h2"] {
        assert_eq!(p.board().piece_at(sq(square)), None, "{square}");
    }
    assert_eq!(p.turn(), Player::new(0));
}

#[test]
fn decision_10_shah_capture_is_a_normal_capture() {
    let p = setup("K1a1 R1d1 K2d8 K3h1 K4a8 P4a7 P2h7", 1);
    let p = play(&p, "d1d8");
    assert_eq!(p.eliminated(), vec![Player::new(1)]);
    assert_eq!(p.board().piece_at(sq("h7")), None);
    assert_eq!(p.outcome(&[]), None);
}

#[test]
fn decision_11_pass_only_without_legal_moves() {
    let p = Chatrang::start(Options::NONE);
    assert_eq!(resolve(&p, "pass"), Err(IllegalMove::PassNotAllowed));
    let p = setup("K2h8 P1h7 K3g6 K1a1 K4a8 P4a7", 2);
    assert_eq!(resolve(&p, "h8g8"), Err(IllegalMove::MustPass));
    assert!(resolve(&p, "pass").is_ok());
}

#[test]
fn decision_12_no_promotion_sarbaz_on_last_rank_is_a_man() {
    let p = setup("K1a1 K3h1 K2h8 K4h6 P1c7", 1);
    assert_eq!(resolve(&p, "c7c8q"), Err(IllegalMove::NoPromotionHere));
    let p = play(&p, "c7c8");
    assert!(p.fen().starts_with("2P14k2/"));
    // White's immobile Sarbaz still counts: Black bare, White one man, next is Player 2: reply owed.
    assert_eq!(p.owed_reply(), Some(Player::new(1)));
}

#[test]
fn decision_13_bared_team_gets_one_reply() {
    let p = play(&setup("K2e8 K4a8 P2e7 K1a1 R1e2 K3h1", 1), "e2e7");
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(play(&p, "e8e7").outcome(&[]), draw(EndReason::BareShahs));
}

#[test]
fn decision_14_resignation_eliminates_only_that_player() {
    let p = Chatrang::start(Options::NONE);
    let (q, log) = p.eliminate_reporting(Player::new(1)).unwrap();
    assert_eq!(
        log,
        vec![Elimination {
            player: Player::new(1),
            cause: EliminationCause::Resigned
        }]
    );
    assert_eq!(q.outcome(&[]), None);
    assert_eq!(q.turn(), Player::new(0), "not his turn: the turn stays");
    let r = q.eliminate(Player::new(0)).unwrap();
    assert_eq!(r.turn(), Player::new(2), "his turn: it passes on");
    assert_eq!(r.outcome(&[]), None);
    // A whole team out is a loss.
    let s = r.eliminate(Player::new(3)).unwrap();
    assert_eq!(s.outcome(&[]), win(0, EndReason::BothShahsGone));
    assert_eq!(s.eliminate(Player::new(2)), Err(EliminateError::GameOver));
    assert_eq!(
        q.eliminate(Player::new(1)),
        Err(EliminateError::AlreadyEliminated(Player::new(1)))
    );
    assert_eq!(
        q.eliminate(Player::new(7)),
        Err(EliminateError::NoSuchPlayer(Player::new(7)))
    );
}

#[test]
fn decision_15_lettering_case_must_match_team() {
    for (fen, place) in [
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1k1K3B3N3R3 1 - - 0",
            "board, rank 1",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2P2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
            "board, rank 7",
        ),
    ] {
        let e = Chatrang::from_fen(fen, Options::NONE).unwrap_err();
        assert_eq!(e.place(), place, "{e}");
        assert!(e.problem().contains("case"), "{e}");
    }
}

#[test]
fn decision_16_no_repetition_rule() {
    let mut p = Chatrang::start(Options::NONE);
    let cycle = ["b1c3", "g8f6", "g1f3", "b8c6", "c3b1", "f6g8", "f3g1", "c6b8"];
    for _ in 0..4 {
        for text in cycle {
            p = play(&p, text);
        }
    }
    assert_eq!(p.fen(), START);
    assert_eq!(p.outcome(&[]), None);
    assert_eq!(p.key(), Chatrang::start(Options::NONE).key());
}

// ---------------------------------------------------------------- strings and errors

#[test]
fn position_strings_round_trip() {
    for fen in [
        START,
        "1r4b4k4k2b21r2/1p42p21p2p2/p41p4p41p22/8/1P13N32/P1P12P3P3n21/3P1B3K1P3P3/R1N1B11K31R31 1 - - 0",
        "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/4P3P3P3P3/4K3B3N3R3 2 1 - 0",
        "k43k23/8/8/8/8/8/8/K1R15K3 2 - 2 0",
        "8/8/8/8/8/p26p4/P11p2p2p4p41P3/K11k2p2p4k41K3 3 - - 2",
        "8/8/8/8/8/p27/P11p2p24/K11k2p24 2 34 - 1",
    ] {
        assert_eq!(position(fen).fen(), fen);
    }
}

#[test]
fn malformed_and_impossible_strings_name_the_place() {
    let cases = [
        ("", "string"),
        ("8/8/8/8/8/8/8/8 1 - -", "string"),
        ("8/8/8/8/8/8/8 1 - - 0", "board"),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/9/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
            "board, rank 3",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/7/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
            "board, rank 3",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/Q17/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
            "board, rank 3",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/K57/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
            "board, rank 3",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R 1 - - 0",
            "board, rank 1",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 5 - - 0",
            "field 2 (player to move)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 x - 0",
            "field 3 (eliminated players)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 21 - 0",
            "field 3 (eliminated players)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - 7 0",
            "field 4 (owed reply)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - 1 0",
            "field 4 (owed reply)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - x",
            "field 5 (pass counter)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 4",
            "field 5 (pass counter)",
        ),
        // Impossible: a Shah missing, an eliminated player with pieces, both of a team out,
        // the player to move out, too many pieces, a Sarbaz on its own back rank.
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B11K3B3N3R3 1 - - 0",
            "board",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 2 - 0",
            "board",
        ),
        ("8/8/8/8/8/8/8/K13K33 1 24 - 0", "field 3 (eliminated players)"),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/4P3P3P3P3/4K3B3N3R3 1 1 - 0",
            "field 2 (player to move)",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/P17/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
            "board",
        ),
        (
            "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/P1N1B1K1K3B3N3R3 1 - - 0",
            "board, a1",
        ),
        // Enemy Shahs side by side: no legal move produces that.
        ("k47/8/8/8/8/8/8/K1k2K35 1 - - 0", "board"),
    ];
    for (fen, place) in cases {
        match Chatrang::from_fen(fen, Options::NONE) {
            Ok(p) => panic!("accepted {fen:?} as {}", p.fen()),
            Err(e) => assert_eq!(e.place(), place, "{fen:?}: {e}"),
        }
    }
}

#[test]
fn illegal_moves_give_precise_reasons() {
    let p = Chatrang::start(Options::NONE);
    assert_eq!(resolve(&p, "e4e5"), Err(IllegalMove::NoPieceThere(sq("e4"))));
    assert_eq!(resolve(&p, "e2e3"), Err(IllegalMove::NotYourPiece(sq("e2"))));
    assert_eq!(resolve(&p, "e7e6"), Err(IllegalMove::NotYourPiece(sq("e7"))));
    assert_eq!(resolve(&p, "d1e1"), Err(IllegalMove::OwnPieceThere(sq("e1"))));
    assert_eq!(resolve(&p, "a1i1"), Err(IllegalMove::OffBoard(sq("i1"))));
    assert!(matches!(
        resolve(&p, "a1a3"),
        Err(IllegalMove::CannotMoveThere { piece: "Rukh", .. })
    ));
    assert!(matches!(
        resolve(&p, "b1b3"),
        Err(IllegalMove::CannotMoveThere { piece: "Asb", .. })
    ));
    assert!(matches!(
        resolve(&p, "c1e3"),
        Err(IllegalMove::CannotMoveThere { piece: "Pil", .. })
    ));
    assert_eq!(resolve(&p, "a2a3q"), Err(IllegalMove::NoPromotionHere));
    let done = play(&setup("K2e8 K4d8 P4d7 K1a1 B1a4 K3h1 P3h2", 1), "a4d7");
    assert_eq!(resolve(&done, "e8f8"), Err(IllegalMove::GameOver));
    // Moving into check.
    let p = setup("K1d1 K3h1 K2a8 K4h8 R2e7", 1);
    assert_eq!(
        resolve(&p, "d1e1"),
        Err(IllegalMove::LeavesRoyalAttacked { royal: "Shah" })
    );
}

#[test]
fn options_are_refused() {
    let options = Options::NONE.with(herald_rules::GameOption::Jumping);
    assert!(Chatrang::from_fen(START, options).is_err());
}
