//! The catalogues' completeness, checked against the source tree: every language has
//! English's messages and no arguments English lacks, every message is used somewhere, every key
//! the code asks for exists, and the templates already translated show no literal words.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Templates whose every word a reader sees comes from the catalogues. The list grows area
/// by area until it is every template.
const TRANSLATED_TEMPLATES: &[&str] = &[
    "base.html",
    "csrf.html",
    "home.html",
    "game_list.html",
    "login.html",
    "signup.html",
    "my_games.html",
    "lobby.html",
    "lobby_new.html",
    "game_takeback.html",
    "archive.html",
    "error.html",
    "message.html",
    "game.html",
    "board.html",
    "game_chat.html",
    "analysis_board.html",
    "analysis.html",
    "tournament.html",
    "tournament_new.html",
    "clock_fields.html",
    "tournaments.html",
    "invitations.html",
    "admin.html",
    "admin_audit.html",
    "admin_bots.html",
    "admin_bots_fields.html",
    "admin_games.html",
    "admin_invitations.html",
    "admin_nav.html",
    "admin_reports.html",
    "admin_user.html",
    "admin_users.html",
    "bots.html",
    "settings.html",
    "user.html",
    "players.html",
    "leaderboard.html",
    "webhook.html",
    "unsubscribe.html",
    "help_time.html",
    "help_takebacks.html",
    "help_engine.html",
    "help_analysis.html",
    "help_ratings.html",
    "rules_index.html",
    "rules_variant.html",
    "rules/nowan.html",
    "rules/nowan_special.html",
    "rules/not-chess.html",
    "rules/not-chess_special.html",
    "rules/chatrang.html",
    "rules/chatrang_special.html",
    "rules/ancient.html",
    "rules/ancient_special.html",
];

/// Words a page may show untranslated: the product's name and standards'.
const UNTRANSLATED_WORDS: &[&str] = &["Herald", "API", "PGN", "JSON"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A catalogue's messages and the variables each uses (`{ $games }`), from the Fluent
/// source: a message starts a line with its identifier; its value runs on over indented
/// lines. Terms (`-brand`) and comments are not messages.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    let mut references: Vec<(String, String)> = Vec::new();
    for line in source.lines() {
        let starts_message = line.split_once('=').map(|(id, _)| id.trim_end()).filter(|id| {
            !line.starts_with([' ', '\t', '#', '-'])
                && id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        });
        if let Some(id) = starts_message {
            out.entry(id.to_owned()).or_default();
            current = Some(id.to_owned());
        } else if !line.starts_with([' ', '\t']) {
            current = None;
        }
        if let Some(id) = &current {
            // `{ other-message }`: the other message's variables are this one's too.
            for (at, _) in line.match_indices('{') {
                let after = line[at + 1..].trim_start();
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                let closes = after[name.len()..].trim_start().starts_with('}');
                if closes && name.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    references.push((id.clone(), name));
                }
            }
            let vars = out.entry(id.clone()).or_default();
            let mut rest = line;
            while let Some(at) = rest.find('$') {
                rest = &rest[at + 1..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                if !name.is_empty() {
                    vars.insert(name);
                }
            }
        }
    }
    for (id, referenced) in references {
        let inherited = out.get(&referenced).cloned().unwrap_or_default();
        out.entry(id).or_default().extend(inherited);
    }
    out
}

/// Every language's catalogues: language -> area (file stem) -> messages.
fn catalogues() -> BTreeMap<String, BTreeMap<String, BTreeMap<String, BTreeSet<String>>>> {
    let mut out = BTreeMap::new();
    let mut files = Vec::new();
    files_under(&root().join("locales"), "ftl", &mut files);
    for file in files {
        let lang = file
            .parent()
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned());
        let area = file.file_stem().map(|n| n.to_string_lossy().into_owned());
        if let (Some(lang), Some(area)) = (lang, area) {
            out.entry(lang)
                .or_insert_with(BTreeMap::new)
                .insert(area, messages(&read(&file)));
        }
    }
    out
}

/// The source files that may use a key: templates, the server's Rust, the scripts.
fn sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    files_under(&root().join("templates"), "html", &mut files);
    files_under(&root().join("crates/herald-server/src"), "rs", &mut files);
    files_under(&root().join("static"), "js", &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|f| !f.ends_with("i18n_checks.rs"))
        .map(|f| {
            let text = read(&f);
            (f, text)
        })
        .collect()
}

/// The keys the code asks for: the string literals opening a call of the lookups
/// (`t("…")`, `text_with("…"`, `count("…"`…), and in `Words::of("…", "…")` the second
/// one too (a title and a body).
fn keys_asked(text: &str) -> Vec<String> {
    let is_key = |key: &str| {
        key.starts_with(|c: char| c.is_ascii_lowercase())
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    };
    let mut out = Vec::new();
    for call in [
        "t(\"",
        "text(\"",
        "text_with(\"",
        "t_with(\"",
        "t_plain(\"",
        "plain_with(\"",
        "count(\"",
        "Words::of(\"",
    ] {
        let mut rest = text;
        while let Some(at) = rest.find(call) {
            let before = rest[..at].chars().last();
            rest = &rest[at + call.len()..];
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            // Only what can be a message's name (not `text(")")` in a parser).
            if let Some((key, after)) = rest.split_once('"')
                && is_key(key)
            {
                out.push(key.to_owned());
                if let Some((second, _)) = after.strip_prefix(", \"").and_then(|r| r.split_once('"'))
                    && call == "Words::of(\""
                    && is_key(second)
                {
                    out.push(second.to_owned());
                }
            }
        }
    }
    out
}

/// Removes every `open … close` region (the delimiters included).
fn without(text: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(open) {
        out.push_str(&rest[..at]);
        rest = rest[at + open.len()..].split_once(close).map_or("", |(_, after)| after);
        out.push(' ');
    }
    out.push_str(rest);
    out
}

/// The words a template shows that are written in it rather than taken from the
/// catalogue: its text between tags and its readable attributes, once template
/// expressions, comments, scripts and styles are left out.
fn literal_words(template: &str) -> Vec<String> {
    let mut text = without(template, "{#", "#}");
    text = without(&text, "{{", "}}");
    text = without(&text, "{%", "%}");
    text = without(&text, "<script", "</script>");
    text = without(&text, "<style", "</style>");
    let mut shown = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find('<') {
        shown.push_str(&rest[..at]);
        let (tag, after) = rest[at..].split_once('>').unwrap_or((&rest[at..], ""));
        for attribute in ["title=\"", "alt=\"", "aria-label=\"", "placeholder=\""] {
            if let Some((_, value)) = tag.split_once(attribute) {
                shown.push(' ');
                shown.push_str(value.split('"').next().unwrap_or(""));
            }
        }
        shown.push(' ');
        rest = after;
    }
    shown.push_str(rest);
    let shown = without(&shown, "&", ";");
    shown
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() > 1 && !UNTRANSLATED_WORDS.contains(w))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_language_has_english_s_messages_and_no_other_arguments() {
    let all = catalogues();
    let english = all.get("en").expect("an English catalogue");
    assert!(english.values().map(BTreeMap::len).sum::<usize>() > 20);
    for (lang, areas) in &all {
        assert_eq!(
            areas.keys().collect::<Vec<_>>(),
            english.keys().collect::<Vec<_>>(),
            "{lang}: one file per area, as English"
        );
        for (area, messages) in areas {
            let theirs: Vec<&String> = messages.keys().collect();
            let ours: Vec<&String> = english[area].keys().collect();
            assert_eq!(theirs, ours, "{lang}/{area}.ftl: the keys of en/{area}.ftl");
            // A translation may leave an argument out (a count its grammar does not need),
            // never use one the code does not give.
            for (key, vars) in messages {
                assert!(
                    vars.is_subset(&english[area][key]),
                    "{lang}/{area}.ftl {key}: {vars:?}, beyond English's {:?}",
                    english[area][key]
                );
            }
        }
    }
}

#[test]
fn every_message_is_used_and_every_key_asked_for_exists() {
    let all = catalogues();
    let english: BTreeSet<&String> = all["en"].values().flat_map(BTreeMap::keys).collect();
    let sources = sources();
    let asked: BTreeSet<String> = sources.iter().flat_map(|(_, text)| keys_asked(text)).collect();
    for key in &asked {
        assert!(english.contains(key), "the code asks for \"{key}\", which en/ lacks");
    }
    for key in english {
        if MADE_FROM_CODES.iter().any(|prefix| key.starts_with(prefix)) {
            continue; // checked against the codes themselves, below
        }
        let quoted = format!("\"{key}\"");
        assert!(
            sources.iter().any(|(_, text)| text.contains(&quoted)),
            "\"{key}\" is in the catalogues but nothing uses it"
        );
    }
}

/// Keys made from a stable code rather than written in the code: the API's error messages
/// (`web::error_language`).
const MADE_FROM_CODES: &[&str] = &[
    "api-error-",
    "api-illegal-",
    "game-name-",
    "team-name-",
    "ending-",
    "colour-",
    "piece-",
    "option-",
    "diagram-",
];

/// The first string literal after each `opening` in `text` that looks like a code
/// (`conflict(\n "stale_ply"` gives `stale_ply`).
fn codes_after(text: &str, opening: &str, out: &mut BTreeSet<String>) {
    let mut rest = text;
    while let Some(at) = rest.find(opening) {
        rest = &rest[at + opening.len()..];
        let Some(literal) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        if let Some((code, _)) = literal.split_once('"')
            && !code.is_empty()
            && code
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            out.insert(code.to_owned());
        }
    }
}

/// The error codes the API can answer, read from the server's source: the constructors'
/// first argument and the fixed codes of `ApiError::code`.
fn api_error_codes() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for (_, text) in sources() {
        for opening in [
            "bad_request(",
            "unauthorized(",
            "forbidden(",
            "not_found(",
            "unprocessable(",
            "conflict(",
        ] {
            codes_after(&text, opening, &mut codes);
        }
    }
    codes_after(
        &function_body("crates/herald-server/src/web/error.rs", "pub fn code(&self)"),
        "=>",
        &mut codes,
    );
    codes
}

/// The body of the method opened by `signature` in the file at `path` (up to its closing
/// brace at method depth), for reading the literals a `match` returns.
fn function_body(path: &str, signature: &str) -> String {
    let source = read(&root().join(path));
    source
        .split(signature)
        .nth(1)
        .and_then(|f| f.split("\n    }\n").next())
        .unwrap_or("")
        .to_owned()
}

/// The rules' reasons for an illegal move (`IllegalMove::code`).
fn illegal_move_reasons() -> BTreeSet<String> {
    let mut reasons = BTreeSet::new();
    codes_after(
        &function_body("crates/herald-rules/src/error.rs", "pub const fn code(&self)"),
        "=>",
        &mut reasons,
    );
    reasons
}

#[test]
fn every_api_error_code_and_illegal_move_has_a_message_and_nothing_else_does() {
    let all = catalogues();
    let english: BTreeSet<&String> = all["en"].values().flat_map(BTreeMap::keys).collect();
    let codes = api_error_codes();
    let reasons = illegal_move_reasons();
    assert!(
        codes.contains("stale_ply") && codes.contains("rate_limited") && codes.len() > 100,
        "{codes:?}"
    );
    assert!(
        reasons.contains("cannot_move_there") && reasons.len() > 10,
        "{reasons:?}"
    );
    let wanted: BTreeSet<String> = codes
        .iter()
        .map(|c| format!("api-error-{c}"))
        .chain(reasons.iter().map(|r| format!("api-illegal-{r}")))
        .collect();
    let present: BTreeSet<String> = english
        .into_iter()
        .filter(|k| k.starts_with("api-error-") || k.starts_with("api-illegal-"))
        .cloned()
        .collect();
    let missing: Vec<_> = wanted.difference(&present).collect();
    let unused: Vec<_> = present.difference(&wanted).collect();
    assert!(
        missing.is_empty(),
        "API errors without a message in en/api.ftl: {missing:?}"
    );
    assert!(
        unused.is_empty(),
        "messages in en/api.ftl for no code the API answers: {unused:?}"
    );
}

#[test]
fn every_text_a_script_asks_for_is_handed_to_it() {
    let handed = read(&root().join("crates/herald-server/src/pages/script_texts.rs"));
    let mut files = Vec::new();
    files_under(&root().join("static"), "js", &mut files);
    for file in files {
        let text = read(&file);
        for (call, list) in [("Herald.t(\"", "SCRIPT_TEXTS"), ("Herald.count(\"", "SCRIPT_COUNTS")] {
            let listed = handed
                .split(&format!("pub const {list}"))
                .nth(1)
                .and_then(|l| l.split("];").next())
                .unwrap_or("");
            for asked in text.split(call).skip(1).filter_map(|rest| rest.split('"').next()) {
                assert!(
                    listed.contains(&format!("\"{asked}\"")),
                    "{} asks for {asked}, not in {list}",
                    file.display()
                );
            }
        }
        // `Herald.t(own ? "a" : "b")`: both keys are in the list too.
        for rest in text.split("Herald.t(").skip(1) {
            let call = rest.split(')').next().unwrap_or("");
            for key in call.split('"').skip(1).step_by(2).filter(|k| k.starts_with("js-")) {
                assert!(
                    handed.contains(&format!("\"{key}\"")),
                    "{} asks for {key}",
                    file.display()
                );
            }
        }
    }
}

#[test]
fn translated_templates_show_no_words_of_their_own() {
    for name in TRANSLATED_TEMPLATES {
        let words = literal_words(&read(&root().join("templates").join(name)));
        assert!(words.is_empty(), "{name} shows {words:?}: put them in the catalogue");
    }
}

#[test]
fn the_checks_see_what_they_must() {
    // A literal between tags and in an attribute is seen; expressions and tags are not.
    let words = literal_words(
        "<p title=\"Hello there\">{{ ctx.t(\"x\") }} Save &amp; go</p>{# note #}{% if a %}<b>{% endif %}",
    );
    assert_eq!(words, ["Hello", "there", "Save", "go"]);
    assert_eq!(
        keys_asked("ctx.t(\"nav-home\") + lang.text_with(\"list-and\", x) + at(\"no\")"),
        ["nav-home", "list-and"]
    );
    assert_eq!(keys_asked("Words::of(\"push-a\", \"push-b\")"), ["push-a", "push-b"]);
    let parsed = messages("# c\nfooter-about = Of { $games }.\nlong =\n    one { $a }\n    two\n-term = x\nnext = y\n");
    assert_eq!(parsed.keys().collect::<Vec<_>>(), ["footer-about", "long", "next"]);
    assert_eq!(parsed["long"].iter().collect::<Vec<_>>(), ["a"]);
    assert_eq!(parsed["footer-about"].iter().collect::<Vec<_>>(), ["games"]);
    let referring = messages("place = { $place }th\nyours = You are { place } of { $count }.\n");
    assert_eq!(referring["yours"].iter().collect::<Vec<_>>(), ["count", "place"]);
}

/// Where a handler may write a sentence of its own: an API error (its code has a message in
/// every language, `api.ftl`), a log line, or a form field's name inside such an error.
const HANDLER_SENTENCE_PLACES: &[&str] = &[
    "ApiError::",
    "PageError::",
    "bad_request(",
    "not_found(",
    "conflict(",
    "forbidden(",
    "unprocessable(",
    "internal(",
    "tracing::",
    "number(&",
    "i18n: not shown",
];

/// The sentences a handler's `code` writes outside the places above, with their line numbers.
fn sentences_outside_the_catalogue(code: &str) -> Vec<(usize, String)> {
    let code = code.split("#[cfg(test)]").next().unwrap_or("");
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") || trimmed.starts_with("#[") {
            continue;
        }
        // The statement around the literal: a call often spans the lines above it.
        let around = lines[n.saturating_sub(3)..=n].join(" ");
        if HANDLER_SENTENCE_PLACES.iter().any(|place| around.contains(place)) {
            continue;
        }
        for literal in line.split('"').skip(1).step_by(2) {
            let words = literal
                .split(' ')
                .filter(|w| w.len() > 1 && w.chars().all(char::is_alphabetic))
                .count();
            if words >= 2 && !literal.contains(['{', '<', '=', '/', '\\']) {
                found.push((n + 1, literal.to_owned()));
            }
        }
    }
    found
}

/// Every page handler's sentences outside the catalogue: this list must stay empty.
fn handler_sentences() -> Vec<String> {
    let mut files = Vec::new();
    files_under(&root().join("crates/herald-server/src/pages"), "rs", &mut files);
    files
        .iter()
        .flat_map(|file| {
            sentences_outside_the_catalogue(&read(file))
                .into_iter()
                .map(move |(n, literal)| format!("{}:{n}: {literal}", file.display()))
        })
        .collect()
}

#[test]
fn handlers_show_no_sentences_of_their_own() {
    let found = handler_sentences();
    assert!(found.is_empty(), "put these in the catalogue: {found:#?}");
    // The check sees a sentence a page would show, and lets errors and logs be.
    let sample = r#"let a = "Your move now".to_owned();
let b = ApiError::bad_request("x", "choose a seat");
tracing::info!("started the worker");
"#;
    assert_eq!(
        sentences_outside_the_catalogue(sample),
        [(1, "Your move now".to_owned())]
    );
}
