//! A bot's settings as administrators set them: its level, which games it takes (games,
//! days per move, rated or casual, open challenges after how long) and how many at once.
//! Plain data with its checks, below storage and the services.

use herald_rules::Variant;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::game_states::{MAX_DAYS_PER_MOVE, stored_state};

stored_state! {
    /// Which games a bot takes by their rating.
    BotRated, "bot rated rule", derive(Default) {
        /// Rated and casual games.
        #[default]
        Both,
        Casual,
        Rated,
    }
}

impl BotRated {
    /// The rule in words, for pages and refusals.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            BotRated::Both => "rated or casual",
            BotRated::Casual => "casual only",
            BotRated::Rated => "rated only",
        }
    }

    /// Whether a game rated (`true`) or casual fits the rule.
    #[must_use]
    pub fn takes(self, rated: bool) -> bool {
        match self {
            BotRated::Both => true,
            BotRated::Casual => !rated,
            BotRated::Rated => rated,
        }
    }
}

/// The most games one bot may have at once (waiting or in progress).
pub const MAX_GAMES_CAP: i64 = 500;

/// The longest a description may be, in characters.
pub const MAX_DESCRIPTION: usize = 300;

/// What a bot plays and takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotSettings {
    /// The engine's level, 1-8 (`herald_engine::Level`).
    pub level: u8,
    pub description: String,
    /// The games it takes; empty takes every game.
    pub variants: Vec<Variant>,
    /// The days per move it accepts, inclusive.
    pub min_days: i64,
    pub max_days: i64,
    pub rated: BotRated,
    /// A paused bot takes no new games; it finishes those it plays.
    pub paused: bool,
    /// Games waiting or in progress at once.
    pub max_games: i64,
    /// Takes an open challenge nobody took after this many minutes; `None`: never.
    pub open_after_minutes: Option<i64>,
}

impl Default for BotSettings {
    fn default() -> BotSettings {
        BotSettings {
            level: 3,
            description: String::new(),
            variants: Vec::new(),
            min_days: 1,
            max_days: 14,
            rated: BotRated::Both,
            paused: false,
            max_games: 20,
            open_after_minutes: Some(10),
        }
    }
}

impl BotSettings {
    /// Why the settings cannot be stored, as a sentence; `Ok` when they can.
    ///
    /// # Errors
    /// A level outside 1-8, days outside 1-14 or reversed, a game limit outside
    /// 1-[`MAX_GAMES_CAP`], a negative wait, or a description that is too long.
    pub fn check(&self) -> Result<(), String> {
        if herald_engine::Level::new(self.level).is_none() {
            return Err(format!("the level must be 1 to 8, not {}", self.level));
        }
        let days = 1..=MAX_DAYS_PER_MOVE;
        if !days.contains(&self.min_days) || !days.contains(&self.max_days) || self.min_days > self.max_days {
            return Err(format!(
                "days per move must be a range within 1-{} (the first no more than the second)",
                MAX_DAYS_PER_MOVE
            ));
        }
        if !(1..=MAX_GAMES_CAP).contains(&self.max_games) {
            return Err(format!("the game limit must be 1 to {MAX_GAMES_CAP}"));
        }
        if self.open_after_minutes.is_some_and(|m| !(0..=10_080).contains(&m)) {
            return Err("open challenges are taken after 0 to 10080 minutes (a week)".to_owned());
        }
        if self.description.chars().count() > MAX_DESCRIPTION {
            return Err(format!("the description is longer than {MAX_DESCRIPTION} characters"));
        }
        Ok(())
    }

    /// The games as stored: comma-separated ids, empty for every game.
    #[must_use]
    pub fn variants_text(&self) -> String {
        self.variants.iter().map(|v| v.id()).collect::<Vec<_>>().join(",")
    }

    /// The games in words: `Nowan chess, Chatrang` or `every game`.
    #[must_use]
    pub fn games_words(variants: &[Variant]) -> String {
        if variants.is_empty() {
            "every game".to_owned()
        } else {
            variants.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
        }
    }

    /// The stored games back; an unknown id (a game removed since) is left out.
    #[must_use]
    pub fn parse_variants(text: &str) -> Vec<Variant> {
        text.split(',').filter_map(|id| id.trim().parse().ok()).collect()
    }

    /// Whether the bot would take a game of `variant`, `days` per move, rated or casual,
    /// by its settings alone (its load and the site's rule are checked elsewhere).
    #[must_use]
    pub fn takes(&self, variant: Variant, days: i64, rated: bool) -> bool {
        (self.variants.is_empty() || self.variants.contains(&variant))
            && (self.min_days..=self.max_days).contains(&days)
            && self.rated.takes(rated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_pass_their_own_check() {
        assert_eq!(BotSettings::default().check(), Ok(()));
    }

    #[test]
    fn bad_settings_are_refused_with_a_reason() {
        let base = BotSettings::default();
        for (bad, needle) in [
            (
                BotSettings {
                    level: 0,
                    ..base.clone()
                },
                "level",
            ),
            (
                BotSettings {
                    level: 9,
                    ..base.clone()
                },
                "level",
            ),
            (
                BotSettings {
                    min_days: 5,
                    max_days: 3,
                    ..base.clone()
                },
                "days",
            ),
            (
                BotSettings {
                    max_days: 15,
                    ..base.clone()
                },
                "days",
            ),
            (
                BotSettings {
                    max_games: 0,
                    ..base.clone()
                },
                "game limit",
            ),
            (
                BotSettings {
                    open_after_minutes: Some(-1),
                    ..base.clone()
                },
                "open challenges",
            ),
            (
                BotSettings {
                    description: "x".repeat(301),
                    ..base.clone()
                },
                "description",
            ),
        ] {
            let error = bad.check().expect_err("refused");
            assert!(error.contains(needle), "{error}");
        }
    }

    #[test]
    fn takes_only_games_within_its_settings() {
        let bot = BotSettings {
            variants: vec![Variant::Ancient],
            min_days: 2,
            max_days: 5,
            rated: BotRated::Casual,
            ..BotSettings::default()
        };
        assert!(bot.takes(Variant::Ancient, 3, false));
        assert!(!bot.takes(Variant::Ancient, 3, true), "casual only");
        assert!(!bot.takes(Variant::Ancient, 1, false), "too fast");
        assert!(!bot.takes(Variant::Ancient, 6, false), "too slow");
        assert!(!bot.takes(Variant::Nowan, 3, false), "another game");
        assert!(BotSettings::default().takes(Variant::Chatrang, 14, true));
    }

    #[test]
    fn variants_round_trip_through_their_stored_text() {
        let bot = BotSettings {
            variants: vec![Variant::Nowan, Variant::Chatrang],
            ..BotSettings::default()
        };
        assert_eq!(BotSettings::parse_variants(&bot.variants_text()), bot.variants);
        assert!(BotSettings::parse_variants("").is_empty());
    }
}
