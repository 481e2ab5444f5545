//! Pieces and armies in words and styles, read from the rules crate's registry: the
//! drawing of a kind is its glyph in `static/pieces.svg`, a seat's army is styled by the
//! `army-<colour>` class of `static/board.css`.

use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{GameSpec, PieceKind, Player, Variant};

use crate::infra::i18n::Lang;

/// An army's look: the CSS class that colours its pieces and the colour's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Army {
    pub class: String,
    pub colour: &'static str,
}

/// The army a seat commands.
#[must_use]
pub fn army(spec: &GameSpec, seat: Player) -> Army {
    let colour = spec.seats.get(seat.index()).map_or("", |s| s.colour);
    Army {
        class: format!("army-{colour}"),
        colour,
    }
}

/// Words for a piece, for screen readers and tooltips: "black warrior", or in team games
/// "Player 3's pil (gold, White team)".
#[must_use]
pub fn describe(spec: &GameSpec, seat: Player, kind: &PieceKind) -> String {
    let army = army(spec, seat);
    let name = kind.name.to_lowercase();
    if spec.has_partners() {
        let team = spec.team_name(spec.team_of(seat));
        format!("{}'s {name} ({}, {team} team)", spec.seat_name(seat), army.colour)
    } else {
        format!("{} {name}", army.colour)
    }
}

/// [`describe`] in `lang`: the colour and the piece's name in this game, and in team games
/// the seat and team too.
#[must_use]
pub fn describe_in(lang: &Lang, variant: Variant, seat: Player, kind: &PieceKind) -> String {
    let spec = variant.spec();
    let army = army(spec, seat);
    let colour = lang.colour_name(army.colour);
    let piece = lang.piece_name(variant, kind);
    if spec.has_partners() {
        lang.plain_with(
            "board-piece-in-team",
            &[
                ("seat", FluentValue::from(lang.seat_name(spec.seat_name(seat)))),
                ("piece", FluentValue::from(piece)),
                ("colour", FluentValue::from(colour)),
                (
                    "team",
                    FluentValue::from(lang.team_name(spec.team_name(spec.team_of(seat)))),
                ),
            ],
        )
    } else {
        lang.plain_with(
            "board-piece",
            &[
                ("piece", FluentValue::from(piece)),
                ("colour", FluentValue::from(colour)),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPRITE: &str = include_str!("../../../../../static/pieces.svg");
    const STYLES: &str = include_str!("../../../../../static/board.css");

    #[test]
    fn every_glyph_is_drawn_and_every_army_styled() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            for kind in spec.pieces {
                for seat in (0..spec.players()).map(Player::new) {
                    let symbol = format!(r#"<symbol id="{}""#, kind.glyph(seat));
                    assert!(SPRITE.contains(&symbol), "{variant} {}: {symbol}", kind.name);
                }
            }
            for seat in (0..spec.players()).map(Player::new) {
                let class = format!(".{} ", army(spec, seat).class);
                assert!(STYLES.contains(&class), "{variant}: {class}");
            }
        }
    }

    #[test]
    fn chatrang_armies_differ_and_pair_by_team() {
        let chatrang = Variant::Chatrang.spec();
        let classes: std::collections::HashSet<_> = (0..4).map(|s| army(chatrang, Player::new(s)).class).collect();
        assert_eq!(classes.len(), 4);
        assert_eq!(
            describe(chatrang, Player::new(2), &chatrang.pieces[2]),
            "Player 3's pil (gold, White team)"
        );
        let nowan = Variant::Nowan.spec();
        assert_eq!(describe(nowan, Player::new(1), &nowan.pieces[5]), "red warrior");
        let en = Lang::english();
        assert_eq!(
            describe_in(&en, Variant::Nowan, Player::new(1), &nowan.pieces[5]),
            "red Warrior"
        );
        assert_eq!(
            describe_in(&en, Variant::Chatrang, Player::new(2), &chatrang.pieces[2]),
            "Player 3's Pil (gold, White team)"
        );
    }
}
