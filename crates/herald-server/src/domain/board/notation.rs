//! The move list's readable notation: the moving piece's letter (from the game's piece
//! letters; pawns have none), origin, `-` or `x` for a capture, destination, `=Q` for a
//! promotion and `+` when a player is left in check (`H b1-c3`, `c9xc10=Q`). It is for
//! reading only: the canonical `e2e3` stays the API's and the forms' input.

use herald_rules::{MoveText, Options, Player, Variant};

use crate::domain::rules::{GameState, Rules};

/// One entry of a game's record, written for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub text: String,
    /// A pass or a player leaving: not a move on the board.
    pub pass: bool,
    /// The seat that made the entry (`None` once the rules refused an earlier one). Not
    /// the entry's index modulo the players: eliminated players are skipped.
    pub seat: Option<Player>,
    /// A player leaving the game (Chatrang), which takes nobody's turn.
    pub withdrawal: bool,
}

/// The letter written for a piece kind with registry letter `code`: none for a pawn (the
/// kind written `P`).
fn letter(code: char) -> Option<char> {
    Some(code).filter(|&l| l != 'P')
}

/// Every entry of a record in readable notation, replayed through the rules seam. An entry
/// the rules refuse (which a stored game never has) and everything after it keep their
/// canonical text.
#[must_use]
pub fn record(rules: &dyn Rules, variant: Variant, options: Options, entries: &[String]) -> Vec<Written> {
    let mut game = rules.load(variant, options, &[]).ok();
    entries
        .iter()
        .map(|text| {
            let turn = game.as_ref().map(|g| g.turn());
            if text == "pass" {
                if let Some(g) = game.as_mut()
                    && g.play(text).is_err()
                {
                    game = None;
                }
                return Written {
                    text: "pass".to_owned(),
                    pass: true,
                    seat: turn,
                    withdrawal: false,
                };
            }
            if let Some(n) = text.strip_prefix("withdraw:") {
                let seat = n.parse::<u8>().ok().and_then(|n| n.checked_sub(1)).map(Player::new);
                if let Some(g) = game.as_mut()
                    && !matches!(seat.and_then(|s| g.withdraw(s)), Some(Ok(_)))
                {
                    game = None;
                }
                return Written {
                    text: format!("Player {n} resigned"),
                    pass: true,
                    seat,
                    withdrawal: true,
                };
            }
            let written = game.as_mut().and_then(|g| write_move(variant, g.as_mut(), text));
            if written.is_none() {
                game = None;
            }
            Written {
                text: written.unwrap_or_else(|| text.clone()),
                pass: false,
                seat: turn,
                withdrawal: false,
            }
        })
        .collect()
}

/// A move before it is played: what writing it needs from the position it is played in.
struct Pending {
    seat: Player,
    letter: Option<char>,
    from: String,
    to: String,
    capture: bool,
    promotion: Option<char>,
}

fn pending(game: &dyn GameState, text: &str) -> Option<Pending> {
    let MoveText::Squares { from, to, promotion } = text.parse::<MoveText>().ok()? else {
        return None;
    };
    let on_board = game.pieces();
    let mover = on_board.iter().find(|p| p.square == from)?;
    Some(Pending {
        seat: mover.owner,
        letter: letter(mover.kind.letter),
        capture: on_board.iter().any(|p| p.square == to),
        from: from.to_string(),
        to: to.to_string(),
        promotion: promotion.map(|p| char::from(p).to_ascii_uppercase()),
    })
}

/// The move written, given the game after it (for the check mark).
fn finish(variant: Variant, move_: Pending, after: &dyn GameState) -> String {
    let mut out = String::new();
    if let Some(l) = move_.letter {
        out.push(l);
        out.push(' ');
    }
    out.push_str(&move_.from);
    out.push(if move_.capture { 'x' } else { '-' });
    out.push_str(&move_.to);
    if let Some(p) = move_.promotion {
        out.push('=');
        out.push(p);
    }
    if (0..variant.players())
        .map(Player::new)
        .any(|p| p != move_.seat && after.in_check(p))
    {
        out.push('+');
    }
    out
}

/// Writes `text` as played in `game`, and plays it.
fn write_move(variant: Variant, game: &mut dyn GameState, text: &str) -> Option<String> {
    let move_ = pending(game, text)?;
    game.play(text).ok()?;
    Some(finish(variant, move_, game))
}

/// `text`, played from `before` to `after`, written for people (`pass` and anything the
/// rules cannot read stay as they are).
#[must_use]
pub fn written(variant: Variant, before: &dyn GameState, after: &dyn GameState, text: &str) -> String {
    pending(before, text).map_or_else(|| text.to_owned(), |m| finish(variant, m, after))
}

/// A line of moves from `start` (an engine's), written for people; from the first move
/// the rules refuse on, the canonical text.
#[must_use]
pub fn line(variant: Variant, start: &dyn GameState, moves: &[String]) -> Vec<String> {
    let mut game = Some(start.boxed_clone());
    moves
        .iter()
        .map(|text| {
            let written = game.as_mut().and_then(|g| {
                if text == "pass" {
                    g.play(text).ok().map(|_| text.clone())
                } else {
                    write_move(variant, g.as_mut(), text)
                }
            });
            if written.is_none() {
                game = None;
            }
            written.unwrap_or_else(|| text.clone())
        })
        .collect()
}

/// A worked example for a game's notation: the first legal opening move of a piece that
/// has a letter, as typed (`b1c3`) and as written (`H b1-c3`), from the engine.
#[must_use]
pub fn example(rules: &dyn Rules, variant: Variant) -> Option<(String, String)> {
    let start = rules.load(variant, Options::NONE, &[]).ok()?;
    let lettered = |text: &str| {
        let Ok(MoveText::Squares { from, .. }) = text.parse::<MoveText>() else {
            return false;
        };
        start
            .pieces()
            .iter()
            .any(|p| p.square == from && letter(p.kind.letter).is_some())
    };
    let typed = start.legal_moves().into_iter().find(|m| lettered(m))?;
    let written = record(rules, variant, Options::NONE, std::slice::from_ref(&typed))
        .into_iter()
        .next()?
        .text;
    Some((typed, written))
}

/// The letters of a game's pieces as the notation writes them (for the rules page and
/// the game page's legend): `(letter or None for pawns, name)`, in the registry's order.
#[must_use]
pub fn letters(variant: Variant) -> Vec<(Option<char>, &'static str)> {
    variant
        .spec()
        .pieces
        .iter()
        .map(|k| (letter(k.letter), k.name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rules::HeraldRules;

    fn texts(variant: Variant, moves: &[&str]) -> Vec<String> {
        let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
        record(&HeraldRules, variant, Options::NONE, &moves)
            .into_iter()
            .map(|w| w.text)
            .collect()
    }

    #[test]
    fn pieces_have_letters_and_pawns_none() {
        assert_eq!(texts(Variant::NotChess, &["e3e5", "e8e6"]), ["e3-e5", "e8-e6"]);
        assert_eq!(texts(Variant::Nowan, &["e2e3"]), ["W e2-e3"]);
        // A refused entry keeps its text, and so does everything after it.
        assert_eq!(texts(Variant::Nowan, &["e2e9", "e2e3"]), ["e2e9", "e2e3"]);
    }

    /// The analysis board's moves and the engine's lines are written as the record is.
    #[test]
    fn lines_and_single_moves_read_as_the_record() {
        let start = HeraldRules.load(Variant::NotChess, Options::NONE, &[]).unwrap();
        let moves = vec![
            "e3e5".to_owned(),
            "e8e6".to_owned(),
            "zz99".to_owned(),
            "e5e4".to_owned(),
        ];
        assert_eq!(
            line(Variant::NotChess, start.as_ref(), &moves),
            ["e3-e5", "e8-e6", "zz99", "e5e4"],
            "from the first move refused on, canonical"
        );
        let nowan = HeraldRules.load(Variant::Nowan, Options::NONE, &[]).unwrap();
        let mut after = nowan.boxed_clone();
        after.play("e2e3").unwrap();
        assert_eq!(
            written(Variant::Nowan, nowan.as_ref(), after.as_ref(), "e2e3"),
            "W e2-e3"
        );
        assert_eq!(written(Variant::Nowan, nowan.as_ref(), after.as_ref(), "pass"), "pass");
        // The record and the line agree move for move.
        let record_moves = ["e3e5".to_owned(), "e8e6".to_owned()];
        let from_record: Vec<String> = record(&HeraldRules, Variant::NotChess, Options::NONE, &record_moves)
            .into_iter()
            .map(|w| w.text)
            .collect();
        assert_eq!(line(Variant::NotChess, start.as_ref(), &record_moves), from_record);
    }

    #[test]
    fn every_game_has_a_worked_example_with_a_letter() {
        for variant in Variant::ALL {
            let (typed, written) = example(&HeraldRules, variant).unwrap();
            let Ok(MoveText::Squares { from, to, .. }) = typed.parse::<MoveText>() else {
                panic!("{variant}: {typed}");
            };
            assert!(
                written.contains(&format!("{from}-{to}")) || written.contains(&format!("{from}x{to}")),
                "{variant}: {typed} {written}"
            );
            let letter = written.split(' ').next().unwrap();
            assert!(
                variant.spec().pieces.iter().any(|k| k.letter.to_string() == letter),
                "{variant}: {written}"
            );
        }
    }

    #[test]
    fn passes_and_withdrawals_are_words() {
        let moves = vec!["withdraw:2".to_owned()];
        let written = record(&HeraldRules, Variant::Chatrang, Options::NONE, &moves);
        assert_eq!(written[0].text, "Player 2 resigned");
        assert!(written[0].pass && written[0].withdrawal);
        assert_eq!(written[0].seat, Some(Player::new(1)));
    }

    /// Each entry names the seat that made it: after a player leaves, the others' turns
    /// follow without them.
    #[test]
    fn entries_name_their_seat_and_skip_a_player_who_left() {
        let start = HeraldRules.load(Variant::Chatrang, Options::NONE, &[]).unwrap();
        let first = start.legal_moves().first().unwrap().clone();
        let moves: Vec<String> = vec![first, "withdraw:2".to_owned()];
        let written = record(&HeraldRules, Variant::Chatrang, Options::NONE, &moves);
        assert_eq!(written[0].seat, Some(Player::new(0)));
        let mut game = HeraldRules.load(Variant::Chatrang, Options::NONE, &moves).unwrap();
        let next = game.turn();
        assert_ne!(next, Player::new(1), "the player who left does not move");
        let legal = game.legal_moves();
        let third = legal.first().unwrap().clone();
        game.play(&third).unwrap();
        let mut all = moves.clone();
        all.push(third);
        let written = record(&HeraldRules, Variant::Chatrang, Options::NONE, &all);
        assert_eq!(written[2].seat, Some(next));
        assert!(!written[2].withdrawal);
    }
}
