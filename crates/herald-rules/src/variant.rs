//! The games Herald knows, their stable ids, and their per-game options.

use core::fmt;
use core::str::FromStr;

/// One of the four games.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Variant {
    Nowan,
    NotChess,
    Chatrang,
    Ancient,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::Nowan, Variant::NotChess, Variant::Chatrang, Variant::Ancient];

    /// The id used by the CLI, the API and the database.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Nowan => "nowan",
            Variant::NotChess => "not-chess",
            Variant::Chatrang => "chatrang",
            Variant::Ancient => "ancient",
        }
    }

    /// The game's name for people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Nowan => "Nowan chess",
            Variant::NotChess => "Not Chess",
            Variant::Chatrang => "Chatrang",
            Variant::Ancient => "Ancient chess",
        }
    }

    /// Number of seats.
    #[must_use]
    pub const fn players(self) -> u8 {
        match self {
            Variant::Chatrang => 4,
            _ => 2,
        }
    }

    /// Names of the seats in turn order.
    #[must_use]
    pub const fn seat_names(self) -> &'static [&'static str] {
        match self {
            Variant::Nowan => &["Black", "Red"],
            Variant::NotChess | Variant::Ancient => &["White", "Black"],
            Variant::Chatrang => &["Player 1", "Player 2", "Player 3", "Player 4"],
        }
    }

    /// Names of the teams (team 0 moves first).
    #[must_use]
    pub const fn team_names(self) -> [&'static str; 2] {
        match self {
            Variant::Nowan => ["Black", "Red"],
            _ => ["White", "Black"],
        }
    }

    /// Board size as (files, ranks).
    #[must_use]
    pub const fn board_size(self) -> (u8, u8) {
        match self {
            Variant::Nowan => (9, 9),
            Variant::NotChess => (10, 10),
            Variant::Chatrang | Variant::Ancient => (8, 8),
        }
    }

    /// The options this game accepts.
    #[must_use]
    pub const fn options(self) -> &'static [GameOption] {
        match self {
            Variant::Ancient => &GameOption::ALL,
            _ => &[],
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A variant id that Herald does not know.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant `{}` (expected one of: nowan, not-chess, chatrang, ancient)",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == text)
            .ok_or_else(|| UnknownVariant(text.chars().take(40).collect()))
    }
}

/// An optional rule chosen when a game is created (only Ancient chess has any).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameOption {
    /// Ancient #1: the Ferz steps straight forward instead of back.
    FerzForward,
    /// Ancient #2: the Horse and Elephant jump.
    Jumping,
    /// Ancient #3: pawns promote on the last rank.
    Promotion,
}

impl GameOption {
    pub const ALL: [GameOption; 3] = [GameOption::FerzForward, GameOption::Jumping, GameOption::Promotion];

    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameOption::FerzForward => "ferz-forward",
            GameOption::Jumping => "jumping",
            GameOption::Promotion => "promotion",
        }
    }

    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            GameOption::FerzForward => "the Ferz steps straight forward instead of back",
            GameOption::Jumping => "the Horse and Elephant jump over pieces",
            GameOption::Promotion => "a pawn reaching the last rank promotes",
        }
    }

    const fn bit(self) -> u8 {
        match self {
            GameOption::FerzForward => 1,
            GameOption::Jumping => 2,
            GameOption::Promotion => 4,
        }
    }
}

/// A set of options; the empty set is every game's standard rules.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options(u8);

impl Options {
    pub const NONE: Options = Options(0);

    #[must_use]
    pub const fn contains(self, option: GameOption) -> bool {
        self.0 & option.bit() != 0
    }

    #[must_use]
    pub const fn with(self, option: GameOption) -> Options {
        Options(self.0 | option.bit())
    }

    /// Options in their canonical order.
    pub fn iter(self) -> impl Iterator<Item = GameOption> {
        GameOption::ALL.into_iter().filter(move |o| self.contains(*o))
    }

    /// Reads option ids for a game, rejecting ids the game does not have.
    pub fn parse<'a>(variant: Variant, ids: impl IntoIterator<Item = &'a str>) -> Result<Options, UnknownOption> {
        let mut options = Options::NONE;
        for id in ids {
            let option = variant
                .options()
                .iter()
                .find(|o| o.id() == id)
                .ok_or_else(|| UnknownOption {
                    variant,
                    id: id.chars().take(40).collect(),
                })?;
            options = options.with(*option);
        }
        Ok(options)
    }
}

/// An option id that the game does not have.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownOption {
    pub variant: Variant,
    pub id: String,
}

impl fmt::Display for UnknownOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = self.variant.options().iter().map(|o| o.id()).collect();
        if known.is_empty() {
            write!(
                f,
                "unknown option `{}`: {} has no options",
                self.id.escape_debug(),
                self.variant.name()
            )
        } else {
            write!(
                f,
                "unknown option `{}` for {} (expected one of: {})",
                self.id.escape_debug(),
                self.variant.name(),
                known.join(", ")
            )
        }
    }
}

impl std::error::Error for UnknownOption {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for variant in Variant::ALL {
            assert_eq!(variant.id().parse::<Variant>(), Ok(variant));
        }
        assert!("chess".parse::<Variant>().is_err());
    }

    #[test]
    fn options_belong_to_their_game() {
        let all = Options::parse(Variant::Ancient, ["ferz-forward", "jumping", "promotion"]);
        assert_eq!(all.map(|o| o.iter().count()), Ok(3));
        assert!(Options::parse(Variant::Nowan, ["jumping"]).is_err());
        assert!(Options::parse(Variant::Ancient, ["flying"]).is_err());
    }
}
