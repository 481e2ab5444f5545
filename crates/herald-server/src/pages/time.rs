//! Times for people: epoch milliseconds shown in a user's time zone, and time left as
//! "2 days 4 hours left". The time zone database is bundled into the binary.

use jiff::Timestamp;
use jiff::tz::TimeZone;

/// Whether Herald knows the IANA time zone name.
#[must_use]
pub fn is_time_zone(name: &str) -> bool {
    !name.is_empty() && TimeZone::get(name).is_ok()
}

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
    let Ok(ts) = Timestamp::from_millisecond(epoch_ms) else {
        return String::from("?");
    };
    let tz = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    ts.to_zoned_datetime(tz).strftime("%a %-d %b %Y, %H:%M %Z").to_string()
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
    let Ok(ts) = Timestamp::from_millisecond(epoch_ms) else {
        return String::from("?");
    };
    let tz = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    ts.to_zoned_datetime(tz).strftime("%-d %b %Y").to_string()
}

/// How long ago `at_ms` was, to the hour it is known to (`within the hour`, `5 hours ago`,
/// `3 days ago`).
#[must_use]
pub fn ago(at_ms: i64, now_ms: i64) -> String {
    let ms = now_ms - at_ms;
    if ms < 60 * 60 * 1000 {
        return "within the last hour".to_owned();
    }
    let hours = ms / (60 * 60 * 1000);
    let days = hours / 24;
    match (days, hours) {
        (0, 1) => "an hour ago".to_owned(),
        (0, h) => format!("{h} hours ago"),
        (1, _) => "yesterday".to_owned(),
        (d, _) => format!("{d} days ago"),
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
    let ms = deadline_ms - now_ms;
    if ms <= 0 {
        return "time is up".to_owned();
    }
    format!("{} left", span(ms))
}

/// A duration in words, to the two largest units: `2 days 4 hours`, `35 minutes`,
/// `less than a minute`.
#[must_use]
pub fn span(ms: i64) -> String {
    let minutes = ms.max(0) / 60_000;
    let (days, hours, mins) = (minutes / 1440, (minutes / 60) % 24, minutes % 60);
    let unit = |n: i64, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    if days > 0 {
        if hours > 0 {
            format!("{} {}", unit(days, "day"), unit(hours, "hour"))
        } else {
            unit(days, "day")
        }
    } else if hours > 0 {
        if mins > 0 {
            format!("{} {}", unit(hours, "hour"), unit(mins, "minute"))
        } else {
            unit(hours, "hour")
        }
    } else if mins > 0 {
        unit(mins, "minute")
    } else {
        "less than a minute".to_owned()
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
    fn says_time_left() {
        let h = 3_600_000;
        assert_eq!(left(T + 52 * h, T), "2 days 4 hours left");
        assert_eq!(left(T + 24 * h, T), "1 day left");
        assert_eq!(left(T + h + 60_000, T), "1 hour 1 minute left");
        assert_eq!(left(T + 30_000, T), "less than a minute left");
        assert_eq!(left(T, T), "time is up");
    }
}
