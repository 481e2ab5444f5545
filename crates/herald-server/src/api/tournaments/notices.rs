//! What an event's players are told when it starts, a round starts, or it ends: one message
//! per player, written from the event as stored. The outbox worker sends them by the
//! players' channels; the Atom feed shows the headlines.

use std::collections::BTreeMap;

use fluent_templates::fluent_bundle::FluentValue;

use crate::domain::tournament_states::{NoticeKind, PlayerState};
use crate::infra::i18n::{self, Lang};
use crate::storage::{EventGameRow, EventPlayerRow, NoticeRow};
use crate::web::state::AppState;

/// One player's message about one notice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeMessage {
    pub user_id: i64,
    pub subject: String,
    pub body: String,
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
        // Each player reads it in their own language.
        let lang = i18n::for_reader(state.db.settings(player.user_id).await?.language.as_deref());
        let say = |key: &str, args: &[(&'static str, FluentValue<'_>)]| lang.plain_with(key, args);
        let event_name = || FluentValue::from(event.name.as_str());
        let link = || FluentValue::from(event_link.as_str());
        let body = match notice.kind {
            NoticeKind::Started | NoticeKind::RoundStarted => {
                let rounds: Vec<i64> = if event.format.all_at_once() {
                    (1..=event.rounds).collect()
                } else {
                    vec![notice.round]
                };
                let lines = game_lines(&lang, player, &games, &byes, &rounds, &names, base);
                let opening = if event.format.all_at_once() {
                    say(
                        "notice-body-all-rounds",
                        &[("rounds", FluentValue::from(event.rounds)), ("event", event_name())],
                    )
                } else {
                    say(
                        "notice-body-round",
                        &[
                            ("round", FluentValue::from(notice.round)),
                            ("rounds", FluentValue::from(event.rounds)),
                            ("event", event_name()),
                        ],
                    )
                };
                let footer = say("notice-body-event-link", &[("link", link())]);
                format!("{opening}\n\n{}\n\n{footer}\n", lines.join("\n"))
            }
            NoticeKind::Finished => {
                let place = standings
                    .iter()
                    .find(|line| Some(line.number) == player.number)
                    .map(|line| {
                        let rank = i64::try_from(line.rank).unwrap_or(i64::MAX);
                        format!(
                            " {}",
                            say(
                                "notice-body-your-place",
                                &[
                                    ("place", lang.ordinal_value(rank)),
                                    ("count", FluentValue::from(standings.len())),
                                    ("points", FluentValue::from(points_phrase(&lang, line.points_halves))),
                                ],
                            )
                        )
                    })
                    .unwrap_or_default();
                let winner = standings
                    .first()
                    .map(|line| {
                        format!(
                            " {}",
                            say(
                                "notice-body-winner",
                                &[("players", FluentValue::from(line.players.join(" & ")))]
                            )
                        )
                    })
                    .unwrap_or_default();
                let over = say("notice-body-over", &[("event", event_name())]);
                let footer = say("notice-body-final-table", &[("link", link())]);
                format!("{over}{winner}{place}\n\n{footer}\n")
            }
            NoticeKind::Cancelled => format!(
                "{}\n\n{event_link}\n",
                say("notice-body-cancelled", &[("event", event_name())])
            ),
        };
        out.push(NoticeMessage {
            user_id: player.user_id,
            subject: headline_in(&lang, notice.kind, notice.round, &event.name),
            body,
        });
    }
    Ok(out)
}

/// A player's games (and byes) in `rounds`, one line each with the game's address.
fn game_lines(
    lang: &Lang,
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
            lines.push(lang.plain_with(
                "notice-body-game",
                &[
                    ("round", FluentValue::from(round)),
                    ("first", FluentValue::from(name(game.first))),
                    ("second", FluentValue::from(name(game.second))),
                    ("link", FluentValue::from(format!("{base}/games/{}", game.game_id))),
                ],
            ));
        }
        for (_, _, points) in byes.iter().filter(|(r, n, _)| *r == round && *n == number) {
            lines.push(if *points > 0 {
                lang.plain_with(
                    "notice-body-bye-worth",
                    &[
                        ("round", FluentValue::from(round)),
                        ("points", FluentValue::from(points_phrase(lang, *points))),
                    ],
                )
            } else {
                lang.plain_with("notice-body-bye", &[("round", FluentValue::from(round))])
            });
        }
    }
    lines
}

/// "1 point", "½ point", "2½ points", "0 points", in `lang`.
fn points_phrase(lang: &Lang, halves: i64) -> String {
    lang.plain_with(
        "notice-body-points",
        &[
            ("halves", FluentValue::from(halves)),
            ("points", FluentValue::from(super::table::points_text(halves))),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::points_phrase;
    use crate::infra::i18n::Lang;

    #[test]
    fn points_read_with_their_unit() {
        let en = Lang::english();
        let read: Vec<String> = [0, 1, 2, 3, 4].map(|h| points_phrase(&en, h)).to_vec();
        assert_eq!(read, ["0 points", "½ point", "1 point", "1½ points", "2 points"]);
    }

    #[test]
    fn places_read_as_ordinals() {
        let en = Lang::english();
        let place = |n: i64| en.plain_with("notice-body-place", &[("place", en.ordinal_value(n))]);
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(place).to_vec();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"
            ]
        );
        let de = crate::infra::i18n::choose(Some("de"), None, false);
        assert_eq!(
            de.plain_with("notice-body-place", &[("place", de.ordinal_value(3))]),
            "3."
        );
    }
}
