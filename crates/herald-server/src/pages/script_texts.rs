//! The texts the browser's scripts show (board, chat, analysis, push, offline notices),
//! taken from the catalogue in the page's language and handed to them as JSON in every
//! page, so a script never carries words of its own.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};

use fluent_templates::fluent_bundle::FluentValue;
use serde_json::{Map, Value, json};

use crate::infra::i18n::Lang;

/// Each text a script asks for with `Herald.t(key, {…})`, and the names of its arguments:
/// they reach the script as `{name}`, which it fills in.
pub const SCRIPT_TEXTS: &[(&str, &[&str])] = &[
    ("js-title-your-move", &[]),
    ("js-title-new-message", &[]),
    ("js-scroll-hint", &[]),
    ("js-offline-copy-at", &["date"]),
    ("js-offline-copy", &[]),
    ("js-offline", &[]),
    ("js-square-selected", &["square"]),
    ("js-square-sacrifice", &["square"]),
    ("js-square-move-here", &["square"]),
    ("js-square-piece", &["square", "piece"]),
    ("js-square-empty", &["square"]),
    ("js-square-in-check", &["square"]),
    ("js-square-last-move", &["square"]),
    ("js-promote-to", &["piece"]),
    ("js-that-piece", &[]),
    ("js-cannot-move-there", &["piece", "square"]),
    ("js-move-not-accepted", &[]),
    ("js-opponent-moved", &[]),
    ("js-move-unreachable", &[]),
    ("js-move-offline", &[]),
    ("js-chat-deleted-user", &[]),
    ("js-chat-with-move", &["ply"]),
    ("js-chat-not-sent", &[]),
    ("js-chat-unreachable", &[]),
    ("js-push-on", &[]),
    ("js-push-blocked", &[]),
    ("js-push-off", &[]),
    ("js-push-failed", &["error"]),
    ("js-push-not-allowed", &[]),
    ("js-push-unavailable", &[]),
    ("js-push-asking", &[]),
    ("js-analysis-refused", &[]),
    ("js-analysis-cannot-set-up", &[]),
    ("js-analysis-not-legal", &["move"]),
    ("js-analysis-game-start", &[]),
    ("js-analysis-game-after", &["ply"]),
    ("js-analysis-start", &[]),
    ("js-analysis-start-position", &[]),
    ("js-analysis-drawn", &[]),
    ("js-analysis-wins", &["team"]),
    ("js-analysis-game-over", &["who", "reason", "result"]),
    ("js-analysis-to-move", &["seat"]),
    ("js-analysis-player", &["number"]),
    ("js-analysis-save", &[]),
    ("js-analysis-save-unsaved", &[]),
    ("js-analysis-engine-failed", &[]),
    ("js-analysis-engine-unreachable", &[]),
    ("js-analysis-rules-unreachable", &[]),
    ("js-analysis-wins-in", &["moves"]),
    ("js-analysis-loses-in", &["moves"]),
    ("js-analysis-game-over-short", &[]),
    ("js-analysis-thinking", &[]),
    ("js-analysis-evaluation", &["score", "best", "depth"]),
    ("js-analysis-best", &["move", "line"]),
    ("js-analysis-not-saved", &[]),
    ("js-analysis-save-unreachable", &[]),
    ("js-analysis-added-conditional", &["moves"]),
];

/// Texts chosen by a count (`Herald.count(key, n)`): written out for 0 to
/// [`COUNTED_UP_TO`], beyond that the form for `{count}`.
pub const SCRIPT_COUNTS: &[&str] = &[
    "js-chat-new-messages",
    "js-analysis-moves-from-start",
    "js-analysis-saved",
];

const COUNTED_UP_TO: i64 = 20;

/// The JSON for `lang` (made once per language), safe inside `<script>`.
#[must_use]
pub fn json_for(lang: &Lang) -> Arc<str> {
    static MADE: LazyLock<RwLock<HashMap<String, Arc<str>>>> = LazyLock::new(RwLock::default);
    let tag = lang.tag();
    if let Some(made) = MADE.read().ok().and_then(|m| m.get(&tag).cloned()) {
        return made;
    }
    let made: Arc<str> = Arc::from(escape_for_script(&texts(lang).to_string()));
    if let Ok(mut all) = MADE.write() {
        all.insert(tag, Arc::clone(&made));
    }
    made
}

fn texts(lang: &Lang) -> Value {
    let mut texts = Map::new();
    for (key, args) in SCRIPT_TEXTS {
        let placeholders: Vec<(&'static str, FluentValue<'_>)> = args
            .iter()
            .map(|name| (*name, FluentValue::from(format!("{{{name}}}"))))
            .collect();
        texts.insert((*key).to_owned(), Value::String(lang.plain_with(key, &placeholders)));
    }
    let mut counts = Map::new();
    for key in SCRIPT_COUNTS {
        let written: Vec<Value> = (0..=COUNTED_UP_TO).map(|n| Value::String(lang.count(key, n))).collect();
        let beyond = lang.plain_with(key, &[("count", FluentValue::from("{count}"))]);
        counts.insert((*key).to_owned(), json!({ "written": written, "beyond": beyond }));
    }
    let weekdays: Vec<String> = (1..=7)
        .map(|n| lang.plain_with("weekday", &[("n", FluentValue::from(n))]))
        .collect();
    let months: Vec<String> = (1..=12)
        .map(|n| lang.plain_with("month", &[("n", FluentValue::from(n))]))
        .collect();
    let date_time = lang.plain_with(
        "date-time",
        &["weekday", "day", "month", "year", "time", "zone"]
            .map(|name| (name, FluentValue::from(format!("{{{name}}}")))),
    );
    json!({
        "texts": texts,
        "counts": counts,
        "weekdays": weekdays,
        "months": months,
        "dateTime": date_time,
    })
}

/// JSON placed in a `<script>` element: no `<` may end it early (`</script>`, `<!--`).
fn escape_for_script(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::i18n;

    #[test]
    fn every_language_gets_every_text_with_its_placeholders_and_nothing_can_close_the_script() {
        for lang in i18n::available().into_iter().chain([Lang::pseudo()]) {
            let made = json_for(&lang);
            assert!(!made.contains('<') && !made.contains('>'), "{made}");
            let value: Value = serde_json::from_str(&made).unwrap();
            for (key, args) in SCRIPT_TEXTS {
                let text = value["texts"][key].as_str().unwrap();
                assert!(!text.is_empty() && text != *key, "{} lacks {key}", lang.tag());
                for arg in *args {
                    assert!(
                        text.contains(&format!("{{{arg}}}")),
                        "{}: {key} drops {{{arg}}}: {text}",
                        lang.tag()
                    );
                }
            }
            for key in SCRIPT_COUNTS {
                let counted = &value["counts"][key];
                assert_eq!(counted["written"].as_array().unwrap().len(), 21);
                assert!(
                    counted["beyond"].as_str().unwrap().contains("{count}"),
                    "{}: {key}",
                    lang.tag()
                );
            }
            assert_eq!(value["weekdays"].as_array().unwrap().len(), 7);
            assert_eq!(value["months"].as_array().unwrap().len(), 12);
        }
        let english: Value = serde_json::from_str(&json_for(&Lang::english())).unwrap();
        assert_eq!(
            english["counts"]["js-chat-new-messages"]["written"][1],
            "1 new chat message"
        );
        assert_eq!(
            english["counts"]["js-chat-new-messages"]["written"][3],
            "3 new chat messages"
        );
        assert_eq!(english["texts"]["js-promote-to"], "Promote to {piece}");
        assert_eq!(english["dateTime"], "{weekday} {day} {month} {year}, {time} {zone}");
        assert_eq!(escape_for_script("</script>&"), "\\u003c/script\\u003e\\u0026");
    }
}
