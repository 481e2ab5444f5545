//! Game records: replay from text, and withdrawals (a Chatrang player resigning or
//! losing on time leaves a game that goes on without him).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{
    AnyGame, Chatrang, Entry, Game, Options, PlayError, Player, Position, RecordError, Variant, WithdrawError,
};

#[test]
fn a_chatrang_withdrawal_removes_the_player_and_skips_his_turns() {
    let mut game = AnyGame::new(Variant::Chatrang, Options::NONE, None).unwrap();
    game.play_text("a2a3").unwrap();
    assert_eq!(game.turn(), Player::new(1));
    // Player 2 (index 1) resigns on his own turn: his men vanish and Player 3 moves next.
    game.withdraw(Player::new(1)).unwrap();
    assert_eq!(game.turn(), Player::new(2));
    let AnyGame::Chatrang(record) = &game else {
        panic!("not Chatrang")
    };
    assert_eq!(record.position().eliminated(), vec![Player::new(1)]);
    assert!(game.pieces().all(|p| p.owner != Player::new(1)));
    assert_eq!(game.record().len(), 2);
    assert_eq!(game.moves().len(), 1);
    assert_eq!(
        game.withdraw(Player::new(1)),
        Err(WithdrawError::AlreadyOut(Player::new(1)))
    );
    assert_eq!(
        game.withdraw(Player::new(7)),
        Err(WithdrawError::NoSuchPlayer(Player::new(7)))
    );
}

#[test]
fn records_with_withdrawals_replay_from_their_text() {
    let mut game = Game::new(Chatrang::start(Options::NONE));
    for entry in ["a2a3", "e7e6", "withdraw:3", "a7a6"] {
        game.apply_text(entry).unwrap_or_else(|e| panic!("{entry}: {e}"));
    }
    let texts: Vec<String> = game.record().iter().map(Entry::to_string).collect();
    assert_eq!(texts, ["a2a3", "e7e6", "withdraw:3", "a7a6"]);
    let replayed = Game::replay(Chatrang::start(Options::NONE), texts.iter().map(String::as_str)).unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.record(), game.record());
}

#[test]
fn two_player_games_end_instead_of_going_on_without_a_player() {
    for variant in [Variant::Nowan, Variant::NotChess, Variant::Ancient] {
        let mut game = AnyGame::new(variant, Options::NONE, None).unwrap();
        assert_eq!(
            game.withdraw(Player::new(0)),
            Err(WithdrawError::EndsTheGame),
            "{variant}"
        );
        assert_eq!(
            game.apply_text("withdraw:1").err(),
            Some(RecordError::Withdraw(WithdrawError::EndsTheGame))
        );
        assert!(game.record().is_empty());
    }
}

#[test]
fn malformed_record_entries_are_refused_with_their_index() {
    let error = Game::replay(Chatrang::start(Options::NONE), ["a2a3", "withdraw:9"]).unwrap_err();
    assert_eq!(error.ply, 1);
    let error = Game::replay(Chatrang::start(Options::NONE), ["a2a3", "e7e6", "nonsense"]).unwrap_err();
    assert_eq!(error.ply, 2);
    assert!(matches!(error.error, RecordError::Play(PlayError::Syntax(_))));
}
