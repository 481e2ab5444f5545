//! A game's result in words, in a reader's language: "White won by checkmate", from the
//! catalogue's names of the sides and endings (names.ftl), for pages, feeds and messages.

use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{Team, Variant};

use crate::domain::game_states::{EndReason, GameResult};
use crate::infra::i18n::Lang;

/// A finish reason in words, after "White won": the catalogue's `ending-<id>` (the rules'
/// endings are worded there as each game's spec words them in English; a test keeps the two
/// alike).
#[must_use]
pub fn reason_text_in(lang: &Lang, reason: EndReason) -> String {
    lang.text(&format!("ending-{}", reason.as_str()))
}

/// The result of a finished game in words, e.g. `White won by checkmate`, in English.
#[must_use]
pub fn result_text(variant: Variant, result: Option<GameResult>, reason: Option<EndReason>) -> String {
    result_text_in(&Lang::english(), variant, result, reason)
}

/// The result of a finished game in words in `lang`: `Schwarz gewann durch Schachmatt`.
#[must_use]
pub fn result_text_in(lang: &Lang, variant: Variant, result: Option<GameResult>, reason: Option<EndReason>) -> String {
    let spec = variant.spec();
    let winner = match result {
        Some(GameResult::FirstTeamWon) => Some(lang.team_name(spec.team_name(Team::FIRST))),
        Some(GameResult::SecondTeamWon) => Some(lang.team_name(spec.team_name(Team::SECOND))),
        Some(GameResult::Draw) => None,
        None if reason == Some(EndReason::Declined) => return lang.text("result-declined"),
        None => return lang.text("result-aborted"),
    };
    let how = reason.map(|r| reason_text_in(lang, r));
    let arg = |v: String| FluentValue::from(v);
    match (winner, how) {
        (Some(team), Some(how)) => lang.plain_with("result-won-how", &[("team", arg(team)), ("how", arg(how))]),
        (Some(team), None) => lang.plain_with("result-won", &[("team", arg(team))]),
        (None, Some(how)) => lang.plain_with("result-drawn-how", &[("how", arg(how))]),
        (None, None) => lang.text("result-drawn"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::i18n;

    /// Every game, side and end reason has its words in every language, and the
    /// catalogue's English says what each game's spec says (the registry stays the authority).
    #[test]
    fn every_game_side_and_ending_has_its_words_and_english_agrees_with_the_spec() {
        let en = Lang::english();
        for lang in i18n::available() {
            for reason in EndReason::all() {
                assert!(
                    lang.try_text(&format!("ending-{}", reason.as_str())).is_some(),
                    "{}: {reason:?}",
                    lang.tag()
                );
            }
            for variant in Variant::ALL {
                assert!(lang.try_text(&format!("game-name-{}", variant.id())).is_some());
                for name in variant.spec().teams {
                    assert!(
                        lang.try_text(&format!("team-name-{}", name.to_lowercase())).is_some(),
                        "{name}"
                    );
                }
            }
        }
        for variant in Variant::ALL {
            assert_eq!(en.game_name(variant), variant.name());
            let spec = variant.spec();
            for lang in i18n::available() {
                let has = |key: String| {
                    assert!(lang.try_text(&key).is_some(), "{}: {key}", lang.tag());
                };
                spec.pieces.iter().for_each(|k| {
                    has(format!("piece-{}-{}", variant.id(), k.letter.to_ascii_lowercase()));
                });
                spec.seats.iter().for_each(|s| has(format!("colour-{}", s.colour)));
                spec.options.iter().for_each(|o| {
                    has(format!("option-{}", o.id()));
                    has(format!("option-describe-{}", o.id()));
                });
            }
            for kind in spec.pieces {
                assert_eq!(en.piece_name(variant, kind), kind.name);
            }
            for (n, diagram) in spec.diagrams.iter().enumerate() {
                for (part, english) in [("title", diagram.title), ("text", diagram.text)] {
                    let key = format!("diagram-{}-{n}-{part}", variant.id());
                    assert_eq!(en.try_text(&key).as_deref(), Some(english), "{key}");
                }
            }
            let extra = format!("diagram-{}-{}-title", variant.id(), spec.diagrams.len());
            assert!(en.try_text(&extra).is_none(), "{extra}: a diagram the registry lacks");
            for seat in spec.seats {
                assert_eq!(en.seat_name(seat.name), seat.name);
                assert_eq!(en.colour_name(seat.colour), seat.colour);
            }
            for &option in spec.options {
                assert_eq!(en.option_label(option), option.label());
                assert_eq!(en.option_describe(option), option.describe());
            }
            for ending in variant.spec().endings {
                assert_eq!(
                    reason_text_in(&en, EndReason::Rules(ending.reason)),
                    ending.phrase,
                    "{}",
                    variant.id()
                );
            }
        }
        assert_eq!(
            result_text_in(
                &Lang::english(),
                Variant::NotChess,
                Some(GameResult::SecondTeamWon),
                Some(EndReason::Resignation)
            ),
            "Black won by resignation"
        );
    }
}
