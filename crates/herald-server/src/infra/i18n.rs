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

static_loader! {
    // The pseudo-locale: English with every text accented and 40 % longer (placeables,
    // such as names, untouched), so a test sees a string left out of the catalogue (it
    // stays plain) and a layout that breaks with longer languages.
    static PSEUDO = {
        locales: "../../locales",
        fallback_language: "en",
        customise: |bundle| bundle.set_transform(Some(pseudo_text)),
    };
}

static_loader! {
    // Without Unicode isolation around arguments: for texts whose arguments are numbers or
    // other catalogue texts (durations, dates), which never need it.
    static PLAIN = {
        locales: "../../locales",
        fallback_language: "en",
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The pseudo-locale's tag (the one CLDR sets aside for accented pseudo-English).
pub const PSEUDO_TAG: &str = "en-XA";

/// One of the site's languages, or the pseudo-locale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lang {
    id: LanguageIdentifier,
    pseudo: bool,
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::english()
    }
}

impl Lang {
    /// The fallback: every key is in English first.
    #[must_use]
    pub fn english() -> Lang {
        Lang::of(fluent_templates::langid!("en"))
    }

    fn of(id: LanguageIdentifier) -> Lang {
        Lang { id, pseudo: false }
    }

    /// The pseudo-locale (English, accented and longer), for layout tests.
    #[must_use]
    pub fn pseudo() -> Lang {
        Lang {
            id: fluent_templates::langid!("en"),
            pseudo: true,
        }
    }

    /// The BCP 47 tag, for `<html lang>` (`en`, `fa`; `en-XA` for the pseudo-locale).
    #[must_use]
    pub fn tag(&self) -> String {
        if self.pseudo {
            PSEUDO_TAG.to_owned()
        } else {
            self.id.to_string()
        }
    }

    fn loader(&self) -> &'static fluent_templates::StaticLoader {
        if self.pseudo { &PSEUDO } else { &LOCALES }
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
        if self.pseudo {
            return format!("{PSEUDO_TAG} (pseudo)");
        }
        self.text("language-name")
    }

    /// The text of `key`; English where this language lacks it (the completeness test
    /// keeps that from happening), the key itself where English does too.
    #[must_use]
    pub fn text(&self, key: &str) -> String {
        self.loader().lookup(&self.id, key)
    }

    /// The text of `key`, or `None` where no language has it (a key made from data, such
    /// as an error code, may have no message).
    #[must_use]
    pub fn try_text(&self, key: &str) -> Option<String> {
        self.loader().try_lookup(&self.id, key)
    }

    /// The text of `key` with its arguments (`{ $games }`). Placeables are wrapped in
    /// Unicode isolation marks, so a name or a move in another script never reorders the
    /// sentence around it.
    #[must_use]
    pub fn text_with(&self, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
        lookup(self.loader(), &self.id, key, args)
    }

    /// The text of `key` whose arguments are all numbers or texts of the catalogue (a
    /// duration, a date): no isolation marks, which only names and moves need.
    #[must_use]
    pub fn plain_with(&self, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
        let loader: &fluent_templates::StaticLoader = if self.pseudo { &PSEUDO } else { &PLAIN };
        lookup(loader, &self.id, key, args)
    }

    /// The text of `key` chosen by a count (`$count`): "1 day", "3 days".
    #[must_use]
    pub fn count(&self, key: &str, count: i64) -> String {
        self.plain_with(key, &[("count", FluentValue::from(count))])
    }

    /// A game's name in this language (`game-name-<id>` from the registry's id); the
    /// registry's own name where the catalogue lacks it.
    #[must_use]
    pub fn game_name(&self, variant: herald_rules::Variant) -> String {
        self.try_text(&format!("game-name-{}", variant.id()))
            .unwrap_or_else(|| variant.name().to_owned())
    }

    /// A side's name (`White`, `Red`, as the registry names it) in this language.
    #[must_use]
    pub fn team_name(&self, registry_name: &str) -> String {
        self.try_text(&format!("team-name-{}", registry_name.to_lowercase()))
            .unwrap_or_else(|| registry_name.to_owned())
    }

    /// A seat's name (`White`, `Player 3`, as the registry names it) in this language.
    #[must_use]
    pub fn seat_name(&self, registry_name: &str) -> String {
        match registry_name
            .strip_prefix("Player ")
            .and_then(|n| n.parse::<i64>().ok())
        {
            Some(n) => self.plain_with("seat-name-player", &[("n", FluentValue::from(n))]),
            None => self.team_name(registry_name),
        }
    }

    /// An army's colour (`ivory`, the registry's word) in this language.
    #[must_use]
    pub fn colour_name(&self, registry_colour: &str) -> String {
        self.try_text(&format!("colour-{registry_colour}"))
            .unwrap_or_else(|| registry_colour.to_owned())
    }

    /// A piece's name in its game (`piece-<game>-<letter>`): the same letter is a different
    /// piece from game to game.
    #[must_use]
    pub fn piece_name(&self, variant: herald_rules::Variant, kind: &herald_rules::PieceKind) -> String {
        self.try_text(&format!("piece-{}-{}", variant.id(), kind.letter.to_ascii_lowercase()))
            .unwrap_or_else(|| kind.name.to_owned())
    }

    /// A rules diagram's title or caption (`part`), the `n`th of its game's list in the
    /// registry, whose `english` it falls back to.
    #[must_use]
    pub fn diagram_text(&self, variant: herald_rules::Variant, n: usize, part: &str, english: &str) -> String {
        self.try_text(&format!("diagram-{}-{n}-{part}", variant.id()))
            .unwrap_or_else(|| english.to_owned())
    }

    /// A game option's short label (`Ferz forward`).
    #[must_use]
    pub fn option_label(&self, option: herald_rules::GameOption) -> String {
        self.try_text(&format!("option-{}", option.id()))
            .unwrap_or_else(|| option.label().to_owned())
    }

    /// What a game option changes, as a phrase (`the Ferz steps straight forward…`).
    #[must_use]
    pub fn option_describe(&self, option: herald_rules::GameOption) -> String {
        self.try_text(&format!("option-describe-{}", option.id()))
            .unwrap_or_else(|| option.describe().to_owned())
    }

    /// A place in a ranking (`3`) as a Fluent number of the ordinal kind, so a message
    /// chooses "3rd", "3.", "3e" by the language's ordinal rules.
    #[must_use]
    pub fn ordinal_value(&self, place: i64) -> FluentValue<'static> {
        use fluent_templates::fluent_bundle::types::{FluentNumber, FluentNumberOptions, FluentNumberType};
        #[allow(clippy::cast_precision_loss)] // places are small
        let value = place as f64;
        FluentValue::Number(FluentNumber::new(
            value,
            FluentNumberOptions {
                r#type: FluentNumberType::Ordinal,
                ..FluentNumberOptions::default()
            },
        ))
    }

    /// A number with one decimal, written as this language writes decimals (`91,2`).
    #[must_use]
    pub fn decimal(&self, value: f64) -> String {
        format!("{value:.1}").replace('.', &self.text("number-decimal-separator"))
    }

    /// A percentage with one decimal, as this language writes it (`91,2 %`, `٪91٫2`).
    #[must_use]
    pub fn percent(&self, value: f64) -> String {
        self.plain_with("number-percent", &[("value", FluentValue::from(self.decimal(value)))])
    }

    /// Names as one phrase in this language: "alice", "alice and bob", "a, b and c".
    #[must_use]
    pub fn list(&self, names: &[&str]) -> String {
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => self.plain_with(
                "list-and",
                &[
                    ("rest", FluentValue::from(rest.join(", "))),
                    ("last", FluentValue::from(*last)),
                ],
            ),
            _ => names.concat(),
        }
    }
}

fn lookup(
    loader: &fluent_templates::StaticLoader,
    id: &LanguageIdentifier,
    key: &str,
    args: &[(&'static str, FluentValue<'_>)],
) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(name, value)| (Cow::Borrowed(*name), value.clone()))
        .collect();
    loader.lookup_with_args(id, key, &args)
}

/// The site's languages, by tag.
#[must_use]
pub fn available() -> Vec<Lang> {
    let mut all: Vec<Lang> = LOCALES.locales().cloned().map(Lang::of).collect();
    all.sort_by_key(Lang::tag);
    all
}

/// The language for a request: the person's own `setting` when it is one of the site's
/// (or the pseudo-locale, where the site offers it), else the first of the browser's
/// `Accept-Language` the site has (a regional tag takes its language: `de-CH` is `de`),
/// else English.
#[must_use]
pub fn choose(setting: Option<&str>, accept_language: Option<&str>, pseudo_offered: bool) -> Lang {
    if pseudo_offered && setting == Some(PSEUDO_TAG) {
        return Lang::pseudo();
    }
    let available: Vec<LanguageIdentifier> = LOCALES.locales().cloned().collect();
    if let Some(chosen) = setting
        .and_then(|s| s.parse::<LanguageIdentifier>().ok())
        .filter(|s| available.contains(s))
    {
        return Lang::of(chosen);
    }
    // In the header's order: browsers list languages by preference.
    let requested = fluent_langneg::accepted_languages::parse(accept_language.unwrap_or_default());
    let english = fluent_templates::langid!("en");
    negotiate_languages(&requested, &available, Some(&english), NegotiationStrategy::Lookup)
        .first()
        .map_or_else(Lang::english, |l| Lang::of((*l).clone()))
}

/// The language a person reads outside a page (e-mail, push): their setting, else
/// English, as there is no request to ask.
#[must_use]
pub fn for_reader(setting: Option<&str>) -> Lang {
    choose(setting, None, true)
}

/// Whether Herald knows the IANA time zone name (a person's other locale setting).
#[must_use]
pub fn is_time_zone(name: &str) -> bool {
    !name.is_empty() && jiff::tz::TimeZone::get(name).is_ok()
}

/// Accented letters for the pseudo-locale: the same letter, still readable.
fn accented(c: char) -> char {
    const PLAIN: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const MARKED: &str = "àƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ";
    PLAIN
        .chars()
        .position(|p| p == c)
        .and_then(|at| MARKED.chars().nth(at))
        .unwrap_or(c)
}

/// The pseudo-locale's text: accented, vowels doubled, then padded to 40 % longer than
/// the English and bracketed, so a cut-off text shows its missing end.
fn pseudo_text(text: &str) -> Cow<'_, str> {
    if text.trim().is_empty() {
        return Cow::Borrowed(text);
    }
    let wanted = (text.chars().count() * 14).div_ceil(10);
    let mut out = String::from("[");
    for c in text.chars() {
        out.push(accented(c));
        if "aeiouAEIOU".contains(c) && out.chars().count() + 1 < wanted {
            out.push(accented(c));
        }
    }
    while out.chars().count() + 1 < wanted {
        out.push('·');
    }
    out.push(']');
    Cow::Owned(out)
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
        assert_eq!(choose(Some("fr"), Some("de-DE,de;q=0.9"), false).tag(), "fr");
        assert_eq!(choose(Some("xx"), Some("de-CH, en;q=0.5"), false).tag(), "de");
        assert_eq!(choose(None, Some("ja, fa-IR;q=0.8, en;q=0.5"), false).tag(), "fa");
        assert_eq!(choose(None, Some("ja, zh"), false).tag(), "en");
        assert_eq!(choose(None, Some(""), false).tag(), "en");
        assert_eq!(choose(None, None, false).tag(), "en");
        assert_eq!(choose(None, Some(";;,q=,de"), false).tag(), "de");
    }

    #[test]
    fn the_pseudo_locale_is_accented_longer_and_only_where_offered() {
        assert_eq!(choose(Some(PSEUDO_TAG), Some("de"), false).tag(), "de");
        let pseudo = choose(Some(PSEUDO_TAG), Some("de"), true);
        assert_eq!(pseudo.tag(), "en-XA");
        assert_eq!(pseudo.dir(), "ltr");
        let english = Lang::english().text("my-move-title");
        let text = pseudo.text("my-move-title");
        assert_ne!(text, english);
        assert!(text.starts_with('[') && text.ends_with(']'), "{text}");
        assert!(text.chars().count() * 10 >= english.chars().count() * 14, "{text}");
        assert!(
            !text.chars().any(|c| c.is_ascii_alphabetic()),
            "every letter accented: {text}"
        );
        // A name given to the sentence stays as written.
        let about = pseudo.text_with("footer-about", &[("games", FluentValue::from("Nowan chess"))]);
        assert!(about.contains("Nowan chess"), "{about}");
        assert_eq!(pseudo_text("  "), "  ");
    }

    #[test]
    fn arguments_are_isolated_in_the_sentence() {
        let persian = choose(Some("fa"), None, false);
        let text = persian.text_with("footer-about", &[("games", FluentValue::from("Nowan chess"))]);
        // U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE around the name.
        assert!(text.contains("\u{2068}Nowan chess\u{2069}"), "{text:?}");
        assert_eq!(Lang::english().text("nav-home"), "Home");
        assert_eq!(choose(Some("de"), None, false).text("nav-home"), "Start");
    }
}
