//! How games look in lists and headings: player names, whose move, deadlines in the
//! viewer's time zone, results and reasons in words. Shared by every page.

use fluent_templates::fluent_bundle::FluentValue;

use herald_rules::{GameOption, Player, Team, Variant};

use super::time;
use crate::api::games::view::{GameSummary, SeatView};
use crate::domain::game_states::GameStatus;
use crate::infra::i18n::Lang;

/// A game as one line of a list.
#[derive(Debug, Clone)]
pub struct GameLine {
    pub id: String,
    pub variant_id: String,
    pub variant_name: String,
    /// `alice (White) vs bob (Black)`; open or invited seats are named so.
    pub players: String,
    pub status: GameStatus,
    /// `Your move`, `bob to move`, `Waiting for players`, `White won by checkmate`.
    pub state: String,
    pub your_move: bool,
    /// The deadline in the viewer's time zone, while active.
    pub deadline: Option<String>,
    pub deadline_iso: Option<String>,
    pub time_left: Option<String>,
    /// The clock in words: "4 days per move", "10 moves in 50 days".
    pub clock: String,
    pub options: Vec<String>,
    /// Seats nobody has taken or been invited to.
    pub open_seats: Vec<String>,
    /// The same seats to choose from when taking one: (seat, `Red (team A & C)`).
    pub seat_choices: Vec<(Player, String)>,
    /// Moves played (the mini board's address changes with it).
    pub ply: i64,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// A challenge's rating range in words (`1400-1700`), if it has one.
    pub rating_range: Option<String>,
}

/// `value` escaped for HTML, for text that goes into markup the templates print as it is
/// (a catalogue text with markup, an SVG chart).
#[must_use]
pub fn escaped(value: &str) -> String {
    askama::filters::escape(value, askama::filters::Html).map_or_else(|_| String::new(), |e| e.to_string())
}

/// The seats of `team` in a game of partners as one phrase in `lang`: "Player 1 and Player 3".
#[must_use]
pub fn team_members(lang: &Lang, variant: Variant, team: Team) -> String {
    let seats: Vec<String> = variant
        .spec()
        .seats
        .iter()
        .filter(|s| s.team == team)
        .map(|s| lang.seat_name(s.name))
        .collect();
    lang.list(&seats.iter().map(String::as_str).collect::<Vec<_>>())
}

/// An open challenge's rating range as people read it (`at least 1600`), in `lang`; none
/// once the game has started or without bounds.
#[must_use]
pub fn range_words_in(lang: &Lang, status: GameStatus, min: Option<i64>, max: Option<i64>) -> Option<String> {
    use fluent_templates::fluent_bundle::FluentValue;
    if status != GameStatus::Waiting {
        return None;
    }
    match (min, max) {
        (Some(min), Some(max)) => Some(lang.plain_with(
            "game-range-between",
            &[("min", FluentValue::from(min)), ("max", FluentValue::from(max))],
        )),
        (Some(min), None) => Some(lang.plain_with("game-range-at-least", &[("min", FluentValue::from(min))])),
        (None, Some(max)) => Some(lang.plain_with("game-range-at-most", &[("max", FluentValue::from(max))])),
        (None, None) => None,
    }
}

/// The names of every game Herald plays: "Nowan chess, Not Chess, Chatrang and Ancient chess".
#[must_use]
pub fn game_names() -> &'static str {
    static NAMES: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    });
    NAMES.as_str()
}

/// One of a game's options as a form's checkbox, worded by the registry.
#[derive(Debug)]
pub struct OptionBox {
    pub id: &'static str,
    /// The field the checkbox is named by on its form.
    pub field: String,
    pub label: String,
    pub describe: String,
    pub checked: bool,
}

impl OptionBox {
    #[must_use]
    pub fn new(lang: &Lang, option: GameOption, field: String, checked: bool) -> OptionBox {
        OptionBox {
            id: option.id(),
            field,
            label: lang.option_label(option),
            describe: lang.option_describe(option),
            checked,
        }
    }
}

/// The options of one game, as a form groups them.
#[derive(Debug)]
pub struct OptionGroup {
    /// The game's name (the group's legend).
    pub game: String,
    pub options: Vec<OptionBox>,
}

/// Every game's options from its spec, one group per game that has any: a form that
/// serves every game (tournaments, the analysis board) names no game's options itself.
#[must_use]
pub fn option_groups(
    lang: &Lang,
    field: impl Fn(GameOption) -> String,
    checked: impl Fn(GameOption) -> bool,
) -> Vec<OptionGroup> {
    Variant::ALL
        .iter()
        .filter(|v| !v.options().is_empty())
        .map(|v| OptionGroup {
            game: lang.game_name(*v),
            options: v
                .options()
                .iter()
                .map(|&o| OptionBox::new(lang, o, field(o), checked(o)))
                .collect(),
        })
        .collect()
}

pub use crate::domain::result_words::{reason_text_in, result_text, result_text_in};

fn seat_label(lang: &Lang, seat: &SeatView) -> String {
    // Lists are plain text: a bot is marked in words where pages show a badge.
    let bot = if seat.is_bot { " BOT" } else { "" };
    let name = lang.seat_name(&seat.name);
    match (&seat.user, &seat.invited) {
        (Some(user), _) => match seat.rating {
            Some(rating) => format!(
                "{user}{bot} {rating}{} ({name})",
                if seat.provisional { "?" } else { "" },
            ),
            None => format!("{user}{bot} ({name})"),
        },
        (None, Some(invited)) => format!(
            "{} ({name})",
            lang.plain_with(
                "game-page-invited",
                &[("who", FluentValue::from(format!("{invited}{bot}")))]
            )
        ),
        (None, None) => format!("{} ({name})", lang.text("game-page-open-seat")),
    }
}

/// A list line for a game seen by a viewer in their language and time zone at `now`.
#[must_use]
pub fn line(game: &GameSummary, lang: &Lang, time_zone: &str, now: i64) -> GameLine {
    // Teams of several seats are named together: `A & C vs B & D`.
    let mut teams: Vec<(Team, Vec<String>)> = Vec::new();
    for seat in &game.seats {
        match teams.iter_mut().find(|(t, _)| *t == seat.team) {
            Some((_, names)) => names.push(seat_label(lang, seat)),
            None => teams.push((seat.team, vec![seat_label(lang, seat)])),
        }
    }
    let players = teams
        .iter()
        .map(|(_, names)| names.join(" & "))
        .collect::<Vec<_>>()
        .join(&lang.plain_with("game-line-versus", &[]));
    let state = match game.status {
        GameStatus::Waiting => lang.text("game-state-waiting"),
        GameStatus::Active if game.your_move => lang.text("game-state-your-move"),
        GameStatus::Active => {
            let seat = game.seats.iter().find(|s| Some(s.seat) == game.turn);
            match seat.and_then(|s| s.user.clone()) {
                Some(user) => lang.text_with("game-state-to-move", &[("player", FluentValue::from(user))]),
                None => lang.text("game-state-in-play"),
            }
        }
        GameStatus::Finished | GameStatus::Aborted => result_text_in(lang, game.variant, game.result, game.reason),
    };
    GameLine {
        id: game.id.clone(),
        variant_id: game.variant.id().to_owned(),
        variant_name: lang.game_name(game.variant),
        players,
        status: game.status,
        state,
        your_move: game.your_move,
        deadline: game.move_by.map(|t| time::local_in(lang, t, time_zone)),
        deadline_iso: game.move_by.map(time::iso),
        time_left: game.move_by.map(|t| time::left_in(lang, t, now)),
        clock: game.time_control.label(lang),
        options: game.options.0.iter().map(|o| lang.option_label(o)).collect(),
        ply: game.ply,
        rated: game.rated,
        rating_range: range_words_in(lang, game.status, game.rating_min, game.rating_max),
        open_seats: game
            .seats
            .iter()
            .filter(|s| s.user.is_none() && s.invited.is_none())
            .map(|s| lang.seat_name(&s.name))
            .collect(),
        seat_choices: seat_choices(lang, game),
    }
}

/// The open seats as a player picks one: the seat's name, and in team games its team.
fn seat_choices(lang: &Lang, game: &GameSummary) -> Vec<(Player, String)> {
    let team_game = game.seats.len() > game.variant.team_names().len();
    game.seats
        .iter()
        .filter(|s| s.user.is_none() && s.invited.is_none())
        .map(|s| {
            let label = match game.variant.team_names().get(s.team.index()) {
                Some(team) if team_game => format!("{} ({})", lang.seat_name(&s.name), lang.team_name(team)),
                _ => lang.seat_name(&s.name),
            };
            (s.seat, label)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::game_states::{EndReason, GameResult};

    #[test]
    fn results_in_words() {
        assert_eq!(
            result_text(
                Variant::Nowan,
                Some(GameResult::SecondTeamWon),
                Some(EndReason::Rules(herald_rules::EndReason::Checkmate))
            ),
            "Red won by checkmate"
        );
        assert_eq!(
            result_text(Variant::Ancient, Some(GameResult::Draw), Some(EndReason::DrawAgreed)),
            "Drawn by agreement"
        );
        assert_eq!(
            result_text(Variant::Chatrang, None, Some(EndReason::Aborted)),
            "Aborted"
        );
        assert_eq!(
            result_text(
                Variant::NotChess,
                Some(GameResult::FirstTeamWon),
                Some(EndReason::Timeout)
            ),
            "White won on time"
        );
    }

    /// A rules ending is worded by its game's spec: the same reason may read differently per
    /// game, and no game's ending is missing its words.
    #[test]
    fn rules_endings_are_worded_by_each_games_spec() {
        for variant in Variant::ALL {
            let teams = variant.team_names();
            for ending in variant.spec().endings {
                assert_eq!(
                    result_text(
                        variant,
                        Some(GameResult::SecondTeamWon),
                        Some(EndReason::Rules(ending.reason))
                    ),
                    format!("{} won {}", teams[1], ending.phrase)
                );
            }
        }
        assert_eq!(
            result_text(
                Variant::Ancient,
                Some(GameResult::FirstTeamWon),
                Some(EndReason::Rules(herald_rules::EndReason::BareGeneral))
            ),
            "White won by baring the General"
        );
        assert_eq!(
            result_text(
                Variant::NotChess,
                Some(GameResult::SecondTeamWon),
                Some(EndReason::Rules(herald_rules::EndReason::SevenChecks))
            ),
            "Black won after seven checks in a row"
        );
    }

    /// Forms for every game group each game's options under its name, worded by the registry.
    #[test]
    fn option_groups_come_from_the_specs() {
        let groups = option_groups(&Lang::english(), |o| o.id().to_owned(), |o| o == GameOption::Jumping);
        let with_options: Vec<&str> = Variant::ALL
            .iter()
            .filter(|v| !v.options().is_empty())
            .map(|v| v.name())
            .collect();
        assert_eq!(groups.iter().map(|g| g.game.as_str()).collect::<Vec<_>>(), with_options);
        for group in &groups {
            let variant = Variant::ALL.iter().find(|v| v.name() == group.game).unwrap();
            assert_eq!(group.options.len(), variant.options().len());
            for (option, shown) in variant.options().iter().zip(&group.options) {
                assert_eq!(
                    (shown.id, shown.label.as_str(), shown.describe.as_str()),
                    (option.id(), option.label(), option.describe())
                );
                assert_eq!(shown.field, option.id());
                assert_eq!(shown.checked, *option == GameOption::Jumping);
            }
        }
    }

    #[test]
    fn the_games_are_listed_from_the_registry() {
        assert_eq!(game_names(), "Nowan chess, Not Chess, Chatrang and Ancient chess");
    }
}
