//! Times for people: epoch milliseconds shown in a user's time zone and language, and
//! time left as "2 days 4 hours left", worded by the catalogues' `time.ftl`. The time zone
//! database is bundled into the binary.

use fluent_templates::fluent_bundle::FluentValue;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ZonedDateTime as Zoned};

use crate::infra::i18n::Lang;

pub use crate::infra::i18n::is_time_zone;

/// Every time zone name, sorted, for a select box.
#[must_use]
pub fn time_zones() -> Vec<String> {
    let mut names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
    names.sort();
    names
}

/// `epoch_ms` in the time zone, e.g. `Tue 1 Dec 2026, 14:05 CET`.
#[must_use]
pub fn local(epoch_ms: i64, time_zone: &str) -> String {
    local_in(&Lang::english(), epoch_ms, time_zone)
}

/// `epoch_ms` in the time zone, in the reader's language (`Di., 1. Dez. 2026, 14:05 CET`).
#[must_use]
pub fn local_in(lang: &Lang, epoch_ms: i64, time_zone: &str) -> String {
    let Ok(ts) = Timestamp::from_millisecond(epoch_ms) else {
        return String::from("?");
    };
    let tz = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    let at = ts.to_zoned_datetime(tz);
    lang.plain_with(
        "date-time",
        &[
            ("weekday", FluentValue::from(weekday_name(lang, &at))),
            ("day", FluentValue::from(at.day())),
            ("month", FluentValue::from(month_name(lang, &at))),
            ("year", FluentValue::from(at.year().to_string())),
            ("time", FluentValue::from(at.strftime("%H:%M").to_string())),
            ("zone", FluentValue::from(at.strftime("%Z").to_string())),
        ],
    )
}

fn weekday_name(lang: &Lang, at: &Zoned) -> String {
    let n = at.weekday().to_monday_one_offset();
    lang.plain_with("weekday", &[("n", FluentValue::from(n))])
}

fn month_name(lang: &Lang, at: &Zoned) -> String {
    lang.plain_with("month", &[("n", FluentValue::from(at.month()))])
}

/// A date and time typed in a form (`2026-12-24T18:00`, as `datetime-local` sends it) in
/// the time zone, as epoch milliseconds; `None` if it is not one (or does not exist there).
#[must_use]
pub fn parse_local(text: &str, time_zone: &str) -> Option<i64> {
    let civil: jiff::civil::DateTime = text.trim().parse().ok()?;
    let tz = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    // A time in a daylight-saving gap or fold is read the "compatible" way (RFC 5545).
    let at = tz.to_timestamp(civil).ok()?;
    Some(at.as_millisecond())
}

/// The day of `epoch_ms` in the time zone, e.g. `1 Dec 2026`.
#[must_use]
pub fn local_date(epoch_ms: i64, time_zone: &str) -> String {
    local_date_in(&Lang::english(), epoch_ms, time_zone)
}

/// The day of `epoch_ms` in the time zone, in the reader's language.
#[must_use]
pub fn local_date_in(lang: &Lang, epoch_ms: i64, time_zone: &str) -> String {
    let Ok(ts) = Timestamp::from_millisecond(epoch_ms) else {
        return String::from("?");
    };
    let tz = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    let at = ts.to_zoned_datetime(tz);
    lang.plain_with(
        "date",
        &[
            ("day", FluentValue::from(at.day())),
            ("month", FluentValue::from(month_name(lang, &at))),
            ("year", FluentValue::from(at.year().to_string())),
        ],
    )
}

/// How long ago `at_ms` was, to the hour it is known to (`within the hour`, `5 hours ago`,
/// `3 days ago`).
#[must_use]
pub fn ago(at_ms: i64, now_ms: i64) -> String {
    ago_in(&Lang::english(), at_ms, now_ms)
}

/// [`ago`] in the reader's language.
#[must_use]
pub fn ago_in(lang: &Lang, at_ms: i64, now_ms: i64) -> String {
    let ms = now_ms - at_ms;
    if ms < 60 * 60 * 1000 {
        return lang.text("ago-within-the-hour");
    }
    let hours = ms / (60 * 60 * 1000);
    match hours / 24 {
        0 => lang.count("ago-hours", hours),
        1 => lang.text("ago-yesterday"),
        days => lang.count("ago-days", days),
    }
}

/// `epoch_ms` as an ISO 8601 UTC timestamp (for `<time datetime>`).
#[must_use]
pub fn iso(epoch_ms: i64) -> String {
    Timestamp::from_millisecond(epoch_ms).map_or_else(|_| String::new(), |ts| ts.to_string())
}

/// Time until `deadline_ms`: `2 days 4 hours left`, `35 minutes left`, or `time is up`.
#[must_use]
pub fn left(deadline_ms: i64, now_ms: i64) -> String {
    left_in(&Lang::english(), deadline_ms, now_ms)
}

/// [`left`] in the reader's language (`noch 2 Tage 4 Stunden`).
#[must_use]
pub fn left_in(lang: &Lang, deadline_ms: i64, now_ms: i64) -> String {
    let ms = deadline_ms - now_ms;
    if ms <= 0 {
        return lang.text("time-up");
    }
    let (span, count) = span_counted(lang, ms);
    lang.plain_with(
        "time-left",
        &[("span", FluentValue::from(span)), ("count", FluentValue::from(count))],
    )
}

/// A duration in words, to the two largest units: `2 days 4 hours`, `35 minutes`,
/// `less than a minute`.
#[must_use]
pub fn span(ms: i64) -> String {
    span_in(&Lang::english(), ms)
}

/// [`span`] in the reader's language.
#[must_use]
pub fn span_in(lang: &Lang, ms: i64) -> String {
    span_counted(lang, ms).0
}

/// The duration's words and the number of its largest unit (which a sentence's verb may
/// agree with: "queda 1 día", "quedan 2 días").
fn span_counted(lang: &Lang, ms: i64) -> (String, i64) {
    let minutes = ms.max(0) / 60_000;
    let (days, hours, mins) = (minutes / 1440, (minutes / 60) % 24, minutes % 60);
    let pair = |larger: String, smaller: String| {
        lang.plain_with(
            "duration-pair",
            &[
                ("larger", FluentValue::from(larger)),
                ("smaller", FluentValue::from(smaller)),
            ],
        )
    };
    if days > 0 {
        let words = lang.count("duration-days", days);
        if hours > 0 {
            (pair(words, lang.count("duration-hours", hours)), days)
        } else {
            (words, days)
        }
    } else if hours > 0 {
        let words = lang.count("duration-hours", hours);
        if mins > 0 {
            (pair(words, lang.count("duration-minutes", mins)), hours)
        } else {
            (words, hours)
        }
    } else if mins > 0 {
        (lang.count("duration-minutes", mins), mins)
    } else {
        (lang.text("duration-less-than-a-minute"), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_795_996_800_000; // 2026-11-30T00:00:00Z, a Monday

    #[test]
    fn a_typed_local_time_reads_in_the_time_zone() {
        let hour = 60 * 60 * 1000;
        assert_eq!(parse_local("2026-11-30T00:00", "UTC"), Some(T));
        // Berlin is an hour ahead of UTC in winter.
        assert_eq!(parse_local("2026-11-30T01:00", "Europe/Berlin"), Some(T));
        assert_eq!(
            parse_local(" 2026-11-30T05:00 ", "America/New_York"),
            Some(T + 10 * hour)
        );
        assert_eq!(parse_local("next tuesday", "UTC"), None);
        assert_eq!(parse_local("2026-02-30T10:00", "UTC"), None);
    }

    #[test]
    fn ago_speaks_in_hours_and_days() {
        let hour = 60 * 60 * 1000;
        assert_eq!(ago(T, T + 5 * 60 * 1000), "within the last hour");
        assert_eq!(ago(T, T + hour + 1), "an hour ago");
        assert_eq!(ago(T, T + 5 * hour), "5 hours ago");
        assert_eq!(ago(T, T + 30 * hour), "yesterday");
        assert_eq!(ago(T, T + 24 * 9 * hour), "9 days ago");
        assert_eq!(local_date(T, "Europe/Paris"), "30 Nov 2026");
    }

    #[test]
    fn shows_local_time() {
        assert_eq!(local(T, "UTC"), "Mon 30 Nov 2026, 00:00 UTC");
        assert_eq!(local(T, "Europe/Berlin"), "Mon 30 Nov 2026, 01:00 CET");
        assert_eq!(local(T, "Nowhere/Else"), "Mon 30 Nov 2026, 00:00 UTC");
        assert!(is_time_zone("America/New_York"));
        assert!(!is_time_zone("Mars/Olympus"));
        assert!(time_zones().iter().any(|z| z == "Asia/Tokyo"));
        assert_eq!(iso(T), "2026-11-30T00:00:00Z");
    }

    #[test]
    fn each_language_says_time_and_dates_in_its_own_words() {
        let h = 3_600_000;
        let lang = |tag: &str| crate::infra::i18n::choose(Some(tag), None, false);
        let (de, es, fr, fa) = (lang("de"), lang("es"), lang("fr"), lang("fa"));
        assert_eq!(left_in(&de, T + 52 * h, T), "noch 2 Tage 4 Stunden");
        assert_eq!(left_in(&de, T + 24 * h, T), "noch 1 Tag");
        assert_eq!(left_in(&es, T + 24 * h, T), "queda 1 día");
        assert_eq!(left_in(&es, T + 49 * h, T), "quedan 2 días y 1 hora");
        assert_eq!(left_in(&fr, T + 90 * 60_000, T), "il reste 1 heure 30 minutes");
        assert_eq!(left_in(&fa, T + 52 * h, T), "2 روز و 4 ساعت مانده");
        assert_eq!(left_in(&fr, T, T), "temps écoulé");
        assert_eq!(local_in(&de, T, "Europe/Berlin"), "Mo., 30. Nov. 2026, 01:00 CET");
        assert_eq!(local_in(&fr, T, "UTC"), "lun. 30 nov. 2026, 00:00 UTC");
        assert_eq!(local_in(&es, T, "UTC"), "lun 30 nov 2026, 00:00 UTC");
        assert_eq!(
            local_in(&fa, T, "Asia/Tehran"),
            "دوشنبه 30 نوامبر 2026، ساعت 03:30 +0330"
        );
        assert_eq!(local_date_in(&de, T, "UTC"), "30. Nov. 2026");
        assert_eq!(ago_in(&es, T, T + 5 * h), "hace 5 horas");
        assert_eq!(ago_in(&fr, T, T + h + 1), "il y a une heure");
        assert_eq!(ago_in(&de, T, T + 24 * 9 * h), "vor 9 Tagen");
        // Every weekday and month has a name in every language (none falls back to a key).
        for lang in crate::infra::i18n::available() {
            for day in 0..7 {
                let text = local_in(&lang, T + day * 24 * h, "UTC");
                assert!(!text.contains("weekday") && !text.contains("month"), "{text}");
            }
            for month in 0..12 {
                let text = local_date_in(&lang, T + month * 31 * 24 * h, "UTC");
                assert!(!text.contains("month"), "{}: {text}", lang.tag());
            }
        }
    }

    #[test]
    fn says_time_left() {
        let h = 3_600_000;
        assert_eq!(left(T + 52 * h, T), "2 days 4 hours left");
        assert_eq!(left(T + 24 * h, T), "1 day left");
        assert_eq!(left(T + h + 60_000, T), "1 hour 1 minute left");
        assert_eq!(left(T + 30_000, T), "less than a minute left");
        assert_eq!(left(T, T), "time is up");
    }
}
