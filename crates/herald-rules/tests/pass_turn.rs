//! `Position::pass_turn`, the search's null move: the same board, the other side to move,
//! in the two games that define it; none in the others.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{Ancient, Chatrang, NotChess, Nowan, Options, Player, Position};

fn passes_like_a_mirror<P: Position>() {
    let start = P::start(Options::NONE);
    let passed = start.pass_turn().expect("the start can pass");
    assert_eq!(passed.board(), start.board());
    assert_eq!(passed.turn(), Player::new(1));
    assert_ne!(passed.key(), start.key());
    // The starts are symmetric: the second side has as many moves as the first.
    assert_eq!(passed.legal_moves(&[]).len(), start.legal_moves(&[]).len());
    assert!(
        passed
            .legal_moves(&[])
            .iter()
            .all(|m| passed.board().piece_at(m.from()).unwrap().1 == Player::new(1))
    );
    let back = passed.pass_turn().expect("and back");
    assert_eq!(back.key(), start.key());
}

#[test]
fn not_chess_and_ancient_chess_pass_the_turn() {
    passes_like_a_mirror::<NotChess>();
    passes_like_a_mirror::<Ancient>();
}

#[test]
fn nowan_and_chatrang_do_not() {
    assert!(Nowan::start(Options::NONE).pass_turn().is_none());
    assert!(Chatrang::start(Options::NONE).pass_turn().is_none());
}
