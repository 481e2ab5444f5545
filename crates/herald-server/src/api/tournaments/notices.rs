//! What an event's players are told when it starts, a round starts, or it ends: one message
//! per player, written from the event as stored. The outbox worker sends them by the
//! players' channels; the Atom feed shows the headlines.

use std::collections::BTreeMap;

use fluent_templates::fluent_bundle::FluentValue;

use crate::domain::tournament_states::{NoticeKind, PlayerState};
use crate::infra::i18n::Lang;
use crate::storage::{EventGameRow, EventPlayerRow, NoticeRow};
use crate::web::state::AppState;

/// One player's message about one notice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeMessage {
    pub user_id: i64,
    pub subject: String,
    pub body: String,
}

/// The notice in a line, in English: an e-mail's subject.
#[must_use]
pub fn headline(kind: NoticeKind, round: i64, name: &str) -> String {
    headline_in(&Lang::english(), kind, round, name)
}

/// The notice in a line in `lang`: a feed entry's title, an e-mail's subject.
#[must_use]
pub fn headline_in(lang: &Lang, kind: NoticeKind, round: i64, name: &str) -> String {
    let key = match kind {
        NoticeKind::Started => "notice-started",
        NoticeKind::RoundStarted => "notice-round-started",
        NoticeKind::Finished => "notice-finished",
        NoticeKind::Cancelled => "notice-cancelled",
    };
    lang.plain_with(
        key,
        &[("name", FluentValue::from(name)), ("round", FluentValue::from(round))],
    )
}

/// The messages `notice` calls for, one per player it concerns: the players in the event
/// (for a round, those still playing; for its end, also those who withdrew). None when
/// the event is gone.
///
/// # Errors
/// The database fails.
pub async fn messages(state: &AppState, notice: &NoticeRow) -> Result<Vec<NoticeMessage>, sqlx::Error> {
    let Some(event) = state.db.tournament(&notice.tournament_id).await? else {
        return Ok(Vec::new());
    };
    let players = state.db.tournament_players(&event.id).await?;
    let games = state.db.tournament_games(&event.id).await?;
    let byes = state.db.tournament_byes(&event.id).await?;
    let base = state.config.base_url.trim_end_matches('/');
    let event_link = format!("{base}/tournaments/{}", event.id);
    let names = super::table::entrants(&players);
    let standings = match notice.kind {
        NoticeKind::Finished => super::table::standings_of(&event, &players, &games, &byes),
        _ => Vec::new(),
    };
    let subject = headline(notice.kind, notice.round, &event.name);
    let mut out = Vec::new();
    for player in &players {
        let concerned = match notice.kind {
            NoticeKind::Started | NoticeKind::RoundStarted => player.state == PlayerState::Registered,
            NoticeKind::Finished => player.number.is_some(),
            NoticeKind::Cancelled => player.state != PlayerState::Invited,
        };
        if !concerned {
            continue;
        }
        let body = match notice.kind {
            NoticeKind::Started | NoticeKind::RoundStarted => {
                let rounds: Vec<i64> = if event.format.all_at_once() {
                    (1..=event.rounds).collect()
                } else {
                    vec![notice.round]
                };
                let lines = game_lines(player, &games, &byes, &rounds, &names, base);
                let opening = if event.format.all_at_once() {
                    format!(
                        "All {} rounds of “{}” start now, as in a correspondence league.",
                        event.rounds, event.name
                    )
                } else {
                    format!(
                        "Round {} of {} of “{}” starts now.",
                        notice.round, event.rounds, event.name
                    )
                };
                format!("{opening}\n\n{}\n\nThe event: {event_link}\n", lines.join("\n"))
            }
            NoticeKind::Finished => {
                let place = standings
                    .iter()
                    .find(|line| Some(line.number) == player.number)
                    .map(|line| {
                        format!(
                            "You finished {} of {} with {}.",
                            ordinal(line.rank),
                            standings.len(),
                            points_phrase(line.points_halves)
                        )
                    })
                    .unwrap_or_default();
                let winner = standings
                    .first()
                    .map(|line| format!(" Winner: {}.", line.players.join(" & ")))
                    .unwrap_or_default();
                format!(
                    "“{}” is over.{winner} {place}\n\nThe final table: {event_link}\n",
                    event.name
                )
            }
            NoticeKind::Cancelled => format!(
                "The organiser called off “{}”; its unfinished games ended without a result.\n\n{event_link}\n",
                event.name
            ),
        };
        out.push(NoticeMessage {
            user_id: player.user_id,
            subject: subject.clone(),
            body,
        });
    }
    Ok(out)
}

/// A player's games (and byes) in `rounds`, one line each with the game's address.
fn game_lines(
    player: &EventPlayerRow,
    games: &[EventGameRow],
    byes: &[(i64, i64, i64)],
    rounds: &[i64],
    names: &BTreeMap<i64, (Vec<String>, bool)>,
    base: &str,
) -> Vec<String> {
    let Some(number) = player.number else {
        return Vec::new();
    };
    let name = |n: i64| {
        names
            .get(&n)
            .map_or_else(|| format!("#{n}"), |(names, _)| names.join(" & "))
    };
    let mut lines = Vec::new();
    for &round in rounds {
        for game in games
            .iter()
            .filter(|g| g.round == round && (g.first == number || g.second == number))
        {
            lines.push(format!(
                "Round {round}: {} v {} ({base}/games/{})",
                name(game.first),
                name(game.second),
                game.game_id
            ));
        }
        for (_, _, points) in byes.iter().filter(|(r, n, _)| *r == round && *n == number) {
            let worth = if *points > 0 {
                format!(" worth {}", points_phrase(*points))
            } else {
                String::new()
            };
            lines.push(format!("Round {round}: a bye{worth}, no game this round"));
        }
    }
    lines
}

/// "1 point", "½ point", "2½ points", "0 points".
fn points_phrase(halves: i64) -> String {
    let unit = if (1..=2).contains(&halves) { "point" } else { "points" };
    format!("{} {unit}", super::table::points_text(halves))
}

/// "1st", "2nd", "3rd", "11th", "22nd"…
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::{ordinal, points_phrase};

    #[test]
    fn points_read_with_their_unit() {
        let read: Vec<String> = [0, 1, 2, 3, 4].map(points_phrase).to_vec();
        assert_eq!(read, ["0 points", "½ point", "1 point", "1½ points", "2 points"]);
    }

    #[test]
    fn places_read_as_ordinals() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal).to_vec();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"
            ]
        );
    }
}
