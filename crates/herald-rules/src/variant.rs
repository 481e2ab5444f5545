//! The games Herald knows and their per-game options, as bare ids: what each game is
//! (its registry entry, names, parsing) comes from the spec table in `any_game`, so this
//! module imports no game module and every game module may import it.

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
}

/// A variant id that Herald does not know.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownVariant(pub String);

impl std::error::Error for UnknownVariant {}

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
}

/// An option id that the game does not have.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownOption {
    pub variant: Variant,
    pub id: String,
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
