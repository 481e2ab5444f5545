//! The games Herald knows, their stable ids, and their per-game options.

use core::fmt;
use core::str::FromStr;

use crate::registry::GameSpec;

/// One of the four games. Everything else Herald knows about a game is in its registry
/// entry, [`Variant::spec`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, strum::VariantArray, strum::EnumCount)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Variant {
    Nowan,
    NotChess,
    Chatrang,
    Ancient,
}

impl Variant {
    /// Every game, in the order Herald lists them (derived from the enum: a new game
    /// cannot be missing here).
    pub const ALL: [Variant; <Variant as strum::EnumCount>::COUNT] = {
        let all = <Variant as strum::VariantArray>::VARIANTS;
        let mut out = [Variant::Nowan; <Variant as strum::EnumCount>::COUNT];
        let mut i = 0;
        while i < out.len() {
            out[i] = all[i];
            i += 1;
        }
        out
    };

    /// The game's registry entry.
    #[must_use]
    pub const fn spec(self) -> &'static GameSpec {
        match self {
            Variant::Nowan => &crate::nowan::SPEC,
            Variant::NotChess => &crate::not_chess::SPEC,
            Variant::Chatrang => &crate::chatrang::SPEC,
            Variant::Ancient => &crate::ancient::SPEC,
        }
    }

    /// The id used by the CLI, the API and the database.
    #[must_use]
    pub const fn id(self) -> &'static str {
        self.spec().id
    }

    /// The game's name for people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// Number of seats.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.spec().players()
    }

    /// Names of the seats in turn order.
    #[must_use]
    pub fn seat_names(self) -> Vec<&'static str> {
        self.spec().seats.iter().map(|s| s.name).collect()
    }

    /// Names of the teams (team 0 moves first).
    #[must_use]
    pub const fn team_names(self) -> &'static [&'static str] {
        self.spec().teams
    }

    /// Board size as (files, ranks).
    #[must_use]
    pub const fn board_size(self) -> (u8, u8) {
        (self.spec().files, self.spec().ranks)
    }

    /// The options this game accepts.
    #[must_use]
    pub const fn options(self) -> &'static [GameOption] {
        self.spec().options
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
        write!(f, "unknown variant `{}` (expected one of: ", self.0.escape_debug())?;
        for (i, variant) in Variant::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(variant.id())?;
        }
        f.write_str(")")
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

/// An optional rule chosen when a game is created (only Ancient chess has any); a game
/// lists its own in its registry entry.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, strum::VariantArray, strum::EnumCount)]
pub enum GameOption {
    /// Ancient #1: the Ferz steps straight forward instead of back.
    FerzForward,
    /// Ancient #2: the Horse and Elephant jump.
    Jumping,
    /// Ancient #3: pawns promote on the last rank.
    Promotion,
}

impl GameOption {
    /// Every option (derived from the enum).
    pub const ALL: [GameOption; <GameOption as strum::EnumCount>::COUNT] = {
        let all = <GameOption as strum::VariantArray>::VARIANTS;
        let mut out = [GameOption::FerzForward; <GameOption as strum::EnumCount>::COUNT];
        let mut i = 0;
        while i < out.len() {
            out[i] = all[i];
            i += 1;
        }
        out
    };

    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameOption::FerzForward => "ferz-forward",
            GameOption::Jumping => "jumping",
            GameOption::Promotion => "promotion",
        }
    }

    /// A short name for a form's checkbox.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            GameOption::FerzForward => "Ferz forward",
            GameOption::Jumping => "Jumping",
            GameOption::Promotion => "Promotion",
        }
    }

    /// What the option changes, as a phrase.
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
        assert_eq!(Variant::ALL.len(), 4);
        assert!(
            "chess"
                .parse::<Variant>()
                .unwrap_err()
                .to_string()
                .contains("nowan, not-chess, chatrang, ancient")
        );
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
