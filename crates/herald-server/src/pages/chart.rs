//! The rating history chart on a profile: a server-rendered SVG line chart, readable
//! without JavaScript (a table with the same points follows it for screen readers).
//!
//! Hand-written rather than drawn with `plotters`: its text needs a font back end
//! (`fontconfig` and system libraries), and Herald runs on a machine with only a Rust
//! toolchain; the chart is a line, a few grid lines and their labels.

use std::fmt::Write as _;

use fluent_templates::fluent_bundle::FluentValue;

use crate::infra::i18n::Lang;

/// Drawing area, in SVG user units (the SVG scales to its container).
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 220.0;
/// Room for the rating labels on the left, and a margin around the plot.
const LEFT: f64 = 48.0;
const PAD: f64 = 12.0;
/// Room for the dates under the rating chart.
const BOTTOM: f64 = 22.0;

/// The dates marked on the time axis: the first and the last point's, and evenly between
/// them as many as fit (one per 120 units of width at most), each with its position, in
/// the reader's language ("Jan 2026", "1 Jan", "1 Jan 14:00").
fn time_ticks(lang: &Lang, first: i64, last: i64) -> Vec<(i64, String)> {
    let span = last - first;
    let key = if span > 300 * 86_400_000 {
        "people-chart-month-year"
    } else if span >= 2 * 86_400_000 {
        "people-chart-day-month"
    } else {
        "people-chart-day-month-time"
    };
    let label = |at: i64| {
        jiff::Timestamp::from_millisecond(at)
            .map(|t| {
                let at = t.to_zoned_datetime(jiff::tz::TimeZone::UTC);
                let month = lang.plain_with("month", &[("n", FluentValue::from(at.month()))]);
                let text = lang.plain_with(
                    key,
                    &[
                        ("day", FluentValue::from(at.day())),
                        ("month", FluentValue::from(month)),
                        ("year", FluentValue::from(at.year().to_string())),
                        ("time", FluentValue::from(at.strftime("%H:%M").to_string())),
                    ],
                );
                // Catalogue text, but it goes into markup.
                text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
            })
            .unwrap_or_default()
    };
    let count: i64 = if span <= 0 { 1 } else { 4 };
    let mut ticks: Vec<(i64, String)> = (0..=count)
        .map(|i| first + span * i / count.max(1))
        .map(|at| (at, label(at)))
        .collect();
    // Two marks that read the same (a short span) are one.
    ticks.dedup_by(|b, a| a.1 == b.1);
    ticks
}

/// The grid step: the smallest of 25, 50, 100, 200, 500 that keeps at most six lines.
fn grid_step(low: i64, high: i64) -> i64 {
    [25, 50, 100, 200, 500]
        .into_iter()
        .find(|step| (high - low) / step <= 5)
        .unwrap_or(1000)
}

/// An SVG line chart of `points` (time in UTC epoch ms, rating), oldest first; `None`
/// with fewer than two points (a line needs two). Only numbers and the dates of the time
/// axis (in `lang`) go into it: the page puts it in a captioned `<figure>`. Time runs left
/// to right in every language; a right-to-left language's dates are anchored so that
/// they stay inside the chart.
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn rating_chart(points: &[(i64, i64)], lang: &Lang) -> Option<String> {
    if points.len() < 2 {
        return None;
    }
    let (min, max) = points
        .iter()
        .fold((i64::MAX, i64::MIN), |(lo, hi), (_, r)| (lo.min(*r), hi.max(*r)));
    let step = grid_step(min, max);
    let low = min.div_euclid(step) * step;
    let high = (max.div_euclid(step) + 1) * step;
    let (first, last) = (points[0].0, points[points.len() - 1].0);
    let span = (last - first).max(1) as f64;
    let x = |at: i64| LEFT + (at - first) as f64 / span * (WIDTH - LEFT - PAD);
    let bottom = HEIGHT - BOTTOM;
    let y = |rating: i64| PAD + (high - rating) as f64 / (high - low) as f64 * (bottom - PAD);
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"rating-chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" aria-hidden=\"true\" \
         direction=\"ltr\" xmlns=\"http://www.w3.org/2000/svg\">"
    );
    let mut grid = low;
    while grid <= high {
        let gy = y(grid);
        let _ = write!(
            svg,
            "<line class=\"grid\" x1=\"{LEFT}\" y1=\"{gy:.1}\" x2=\"{:.1}\" y2=\"{gy:.1}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{grid}</text>",
            WIDTH - PAD,
            LEFT - 6.0,
            gy + 4.0
        );
        grid += step;
    }
    let ticks = time_ticks(lang, first, last);
    // A right-to-left date's start is its right end: the anchors swap to keep each date
    // on the same side of its mark.
    let rtl = lang.dir() == "rtl";
    let direction = if rtl { " direction=\"rtl\"" } else { "" };
    let _ = write!(
        svg,
        "<line class=\"axis\" x1=\"{LEFT}\" y1=\"{bottom:.1}\" x2=\"{:.1}\" y2=\"{bottom:.1}\"/>",
        WIDTH - PAD
    );
    for (i, (at, text)) in ticks.iter().enumerate() {
        let tx = x(*at);
        let anchor = match i {
            0 if rtl => "end",
            0 => "start",
            n if n + 1 == ticks.len() && rtl => "start",
            n if n + 1 == ticks.len() => "end",
            _ => "middle",
        };
        let _ = write!(
            svg,
            "<line class=\"tick\" x1=\"{tx:.1}\" y1=\"{bottom:.1}\" x2=\"{tx:.1}\" y2=\"{:.1}\"/>\
             <text class=\"time\"{direction} x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{text}</text>",
            bottom + 4.0,
            HEIGHT - 4.0
        );
    }
    let line: Vec<String> = points
        .iter()
        .map(|(at, rating)| format!("{:.1},{:.1}", x(*at), y(*rating)))
        .collect();
    let _ = write!(svg, "<polyline class=\"line\" points=\"{}\"/>", line.join(" "));
    let (at, rating) = points[points.len() - 1];
    let _ = write!(
        svg,
        "<circle class=\"last\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\"/></svg>",
        x(at),
        y(rating)
    );
    Some(svg)
}

/// An SVG chart of a computer analysis: the first team's winning chances (−1…1, a line
/// around the middle) after each move, each point a link to the game page at that move
/// (`/games/{id}?at=ply`). `None` without moves. `game_id` is a checked game id (letters
/// and digits only), so it needs no escaping; the rest are numbers.
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn eval_chart(lang: &Lang, game_id: &str, chances: &[(usize, f64)]) -> Option<String> {
    if chances.is_empty() || !game_id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let span = chances.len().max(2) as f64 - 1.0;
    let x = |index: usize| PAD + index as f64 / span * (WIDTH - 2.0 * PAD);
    let y = |c: f64| PAD + (1.0 - c.clamp(-1.0, 1.0)) / 2.0 * (HEIGHT - 2.0 * PAD);
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"eval-chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
         xmlns=\"http://www.w3.org/2000/svg\"><title>{title}</title>\
         <line class=\"grid\" x1=\"{PAD}\" y1=\"{mid:.1}\" x2=\"{right:.1}\" y2=\"{mid:.1}\"/>",
        title = super::view::escaped(&lang.text("game-page-computer-chart-title")),
        mid = y(0.0),
        right = WIDTH - PAD
    );
    let line: Vec<String> = (0..)
        .zip(chances)
        .map(|(i, (_, c))| format!("{:.1},{:.1}", x(i), y(*c)))
        .collect();
    let _ = write!(svg, "<polyline class=\"line\" points=\"{}\"/>", line.join(" "));
    for (i, (ply, c)) in (0..).zip(chances) {
        let _ = write!(
            svg,
            "<a href=\"/games/{game_id}?at={ply}\"><circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\">\
             <title>{}</title></circle></a>",
            x(i),
            y(*c),
            super::view::escaped(
                &lang.plain_with("game-page-computer-chart-point", &[("move", FluentValue::from(*ply))])
            )
        );
    }
    svg.push_str("</svg>");
    Some(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_goes_through_every_point_inside_the_grid() {
        let day = 86_400_000;
        let svg = rating_chart(&[(0, 1500), (day, 1662), (3 * day, 1580)], &Lang::english()).unwrap();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        // Grid lines every 50 from 1500 to 1700, labelled.
        for label in [">1500<", ">1550<", ">1600<", ">1650<", ">1700<"] {
            assert!(svg.contains(label), "{label}: {svg}");
        }
        // First point at the left edge and the lowest rating; the top rating nearest the top.
        assert!(svg.contains("points=\"48.0,198.0 "), "{svg}");
        let points: Vec<(f64, f64)> = svg
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|p| {
                let (a, b) = p.split_once(',').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            })
            .collect();
        assert_eq!(points.len(), 3);
        assert!(points[1].1 < points[2].1 && points[2].1 < points[0].1, "{points:?}");
        assert!(
            (points[2].0 - (WIDTH - PAD)).abs() < 0.1,
            "last point at the right edge"
        );
    }

    #[test]
    fn a_flat_line_has_a_grid_and_one_point_draws_nothing() {
        let svg = rating_chart(&[(0, 1500), (1, 1500)], &Lang::english()).unwrap();
        assert!(svg.contains(">1500<") && svg.contains(">1525<"), "{svg}");
        assert!(rating_chart(&[(0, 1500)], &Lang::english()).is_none());
        assert!(rating_chart(&[], &Lang::english()).is_none());
    }

    #[test]
    fn the_eval_chart_links_each_move_and_keeps_to_its_box() {
        let svg = eval_chart(&Lang::english(), "abc1", &[(1, 0.0), (2, 1.0), (3, -1.0)]).unwrap();
        assert!(svg.contains("<title>Evaluation after each move</title>") && svg.contains("<title>Move 2</title>"));
        assert!(svg.contains("href=\"/games/abc1?at=2\""), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3);
        // Level is the middle line; won is at the top pad, lost at the bottom.
        assert!(svg.contains("points=\"12.0,110.0 320.0,12.0 628.0,208.0\""), "{svg}");
        assert!(eval_chart(&Lang::english(), "abc1", &[]).is_none());
        assert!(eval_chart(&Lang::english(), "a\"b", &[(1, 0.0)]).is_none());
    }

    #[test]
    fn the_time_axis_marks_dates_from_first_to_last() {
        // 2026-01-01 and 2026-03-01 (UTC).
        let (jan, mar) = (1_767_225_600_000, 1_772_323_200_000);
        let svg = rating_chart(&[(jan, 1500), (mar, 1600)], &Lang::english()).unwrap();
        assert!(svg.contains("text-anchor=\"start\">1 Jan</text>"), "{svg}");
        assert!(svg.contains("text-anchor=\"end\">1 Mar</text>"), "{svg}");
        assert_eq!(svg.matches("class=\"time\"").count(), 5, "{svg}");
        // Over a year: months and years.
        let ticks = time_ticks(&Lang::english(), jan, jan + 400 * 86_400_000);
        assert_eq!(ticks.first().map(|t| t.1.as_str()), Some("Jan 2026"));
        assert_eq!(ticks.last().map(|t| t.1.as_str()), Some("Feb 2027"));
        // A few hours: hours, never the same label twice.
        let ticks = time_ticks(&Lang::english(), jan, jan + 3_600_000);
        assert!(ticks.iter().all(|t| t.1.starts_with("1 Jan ")), "{ticks:?}");
        let labels: Vec<&str> = ticks.iter().map(|t| t.1.as_str()).collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(labels, unique);
    }

    #[test]
    fn the_grid_step_keeps_six_lines_at_most() {
        assert_eq!(grid_step(1500, 1600), 25);
        assert_eq!(grid_step(1400, 1700), 100);
        assert_eq!(grid_step(800, 2600), 500);
    }
}
