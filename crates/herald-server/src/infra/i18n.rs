//! The site's languages: the Fluent catalogues in `locales/<language>/<area>.ftl`, compiled
//! into the binary (a language is a folder: adding one changes no code), the choice of a
//! language for a request (a person's setting, else the browser's `Accept-Language`, else
//! English) and the texts. Plural and gender rules are the catalogue's; a catalogue also
//! says its own name and which way its text runs (`language-name`, `language-direction`).

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_langneg::{NegotiationStrategy, negotiate_languages};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, static_loader};

static_loader! {
    static LOCALES = {
        locales: "../../locales",
        fallback_language: "en",
    };
}

/// One of the site's languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lang(LanguageIdentifier);

impl Default for Lang {
    fn default() -> Lang {
        Lang::english()
    }
}

impl Lang {
    /// The fallback: every key is in English first.
    #[must_use]
    pub fn english() -> Lang {
        Lang(fluent_templates::langid!("en"))
    }

    /// The BCP 47 tag, for `<html lang>` (`en`, `fa`).
    #[must_use]
    pub fn tag(&self) -> String {
        self.0.to_string()
    }

    /// `rtl` or `ltr`, as the catalogue says, for `<html dir>`.
    #[must_use]
    pub fn dir(&self) -> &'static str {
        if self.text("language-direction") == "rtl" {
            "rtl"
        } else {
            "ltr"
        }
    }

    /// The language's own name for itself (`Deutsch`), for the language menu.
    #[must_use]
    pub fn name(&self) -> String {
        self.text("language-name")
    }

    /// The text of `key`; English where this language lacks it (the completeness test
    /// keeps that from happening), the key itself where English does too.
    #[must_use]
    pub fn text(&self, key: &str) -> String {
        LOCALES.lookup(&self.0, key)
    }

    /// The text of `key` with its arguments (`{ $games }`). Placeables are wrapped in
    /// Unicode isolation marks, so a name or a move in another script never reorders the
    /// sentence around it.
    #[must_use]
    pub fn text_with(&self, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(name, value)| (Cow::Borrowed(*name), value.clone()))
            .collect();
        LOCALES.lookup_with_args(&self.0, key, &args)
    }
}

/// The site's languages, by tag.
#[must_use]
pub fn available() -> Vec<Lang> {
    let mut all: Vec<Lang> = LOCALES.locales().cloned().map(Lang).collect();
    all.sort_by_key(Lang::tag);
    all
}

/// The language for a request: the person's own `setting` when it is one of the site's,
/// else the first of the browser's `Accept-Language` the site has (a regional tag takes
/// its language: `de-CH` is `de`), else English.
#[must_use]
pub fn choose(setting: Option<&str>, accept_language: Option<&str>) -> Lang {
    let available: Vec<LanguageIdentifier> = LOCALES.locales().cloned().collect();
    if let Some(chosen) = setting
        .and_then(|s| s.parse::<LanguageIdentifier>().ok())
        .filter(|s| available.contains(s))
    {
        return Lang(chosen);
    }
    // In the header's order: browsers list languages by preference.
    let requested = fluent_langneg::accepted_languages::parse(accept_language.unwrap_or_default());
    let english = fluent_templates::langid!("en");
    negotiate_languages(&requested, &available, Some(&english), NegotiationStrategy::Lookup)
        .first()
        .map_or_else(Lang::english, |l| Lang((*l).clone()))
}

#[cfg(test)]
#[path = "i18n_checks.rs"]
mod checks;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_languages_are_there_and_persian_runs_right_to_left() {
        let tags: Vec<String> = available().iter().map(Lang::tag).collect();
        assert_eq!(tags, ["de", "en", "es", "fa", "fr"]);
        for lang in available() {
            let expected = if lang.tag() == "fa" { "rtl" } else { "ltr" };
            assert_eq!(lang.dir(), expected, "{}", lang.tag());
            assert_ne!(lang.name(), "language-name");
        }
    }

    #[test]
    fn a_setting_wins_then_the_browser_then_english() {
        assert_eq!(choose(Some("fr"), Some("de-DE,de;q=0.9")).tag(), "fr");
        assert_eq!(choose(Some("xx"), Some("de-CH, en;q=0.5")).tag(), "de");
        assert_eq!(choose(None, Some("ja, fa-IR;q=0.8, en;q=0.5")).tag(), "fa");
        assert_eq!(choose(None, Some("ja, zh")).tag(), "en");
        assert_eq!(choose(None, Some("")).tag(), "en");
        assert_eq!(choose(None, None).tag(), "en");
        assert_eq!(choose(None, Some(";;,q=,de")).tag(), "de");
    }

    #[test]
    fn arguments_are_isolated_in_the_sentence() {
        let persian = choose(Some("fa"), None);
        let text = persian.text_with("footer-about", &[("games", FluentValue::from("Nowan chess"))]);
        // U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE around the name.
        assert!(text.contains("\u{2068}Nowan chess\u{2069}"), "{text:?}");
        assert_eq!(Lang::english().text("nav-home"), "Home");
        assert_eq!(choose(Some("de"), None).text("nav-home"), "Start");
    }
}
