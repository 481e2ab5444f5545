//! How games look in lists and headings: player names, whose move, deadlines in the
//! viewer's time zone, results and reasons in words. Shared by every page.

use herald_rules::Variant;

use super::time;
use crate::games::view::{GameSummary, SeatView};

/// A game as one line of a list.
#[derive(Debug, Clone)]
pub struct GameLine {
    pub id: String,
    pub variant_id: String,
    pub variant_name: String,
    /// `alice (White) vs bob (Black)`; open or invited seats are named so.
    pub players: String,
    pub status: String,
    /// `Your move`, `bob to move`, `Waiting for players`, `White won by checkmate`.
    pub state: String,
    pub your_move: bool,
    /// The deadline in the viewer's time zone, while active.
    pub deadline: Option<String>,
    pub deadline_iso: Option<String>,
    pub time_left: Option<String>,
    pub days_per_move: i64,
    pub options: Vec<String>,
    /// Seats nobody has taken or been invited to.
    pub open_seats: Vec<String>,
    /// Moves played (the mini board's address changes with it).
    pub ply: i64,
}

/// The name a variant id stands for (the id itself if unknown).
#[must_use]
pub fn variant_name(id: &str) -> String {
    id.parse::<Variant>()
        .map_or_else(|_| id.to_owned(), |v| v.name().to_owned())
}

/// A finish reason in words.
#[must_use]
pub fn reason_text(reason: &str) -> String {
    match reason {
        "resignation" => "by resignation".to_owned(),
        "draw_agreed" => "by agreement".to_owned(),
        "aborted" => "aborted".to_owned(),
        "king_captured" => "by capturing the King".to_owned(),
        "checkmate" => "by checkmate".to_owned(),
        "stalemate" => "by stalemate".to_owned(),
        "only_kings_left" => "with only the Kings left".to_owned(),
        "seven_checks" => "after seven checks in a row".to_owned(),
        "twenty_move_rule" => "by the twenty-move rule".to_owned(),
        "no_legal_move" => "with no legal move left".to_owned(),
        "repetition_blocked" => "as every move would repeat a position".to_owned(),
        "bare_general" => "by baring the General".to_owned(),
        "both_shahs_gone" => "with both Shahs taken".to_owned(),
        "bare_shahs" => "with only Shahs left".to_owned(),
        "bared" => "by baring".to_owned(),
        "baring_reply_used" => "by baring".to_owned(),
        "nobody_can_move" => "as nobody could move".to_owned(),
        "timeout" | "time_forfeit" | "claimed" => "on time".to_owned(),
        other => format!("({})", other.replace('_', " ")),
    }
}

/// The result of a finished game in words, e.g. `White won by checkmate`.
#[must_use]
pub fn result_text(variant: &str, result: Option<&str>, reason: Option<&str>) -> String {
    let teams = variant
        .parse::<Variant>()
        .map_or(["White", "Black"], Variant::team_names);
    let reason = reason.map(reason_text).unwrap_or_default();
    let head = match result {
        Some("1-0") => format!("{} won", teams[0]),
        Some("0-1") => format!("{} won", teams[1]),
        Some(_) => "Drawn".to_owned(),
        None => return "Aborted".to_owned(),
    };
    if reason.is_empty() {
        head
    } else {
        format!("{head} {reason}")
    }
}

fn seat_label(seat: &SeatView) -> String {
    match (&seat.user, &seat.invited) {
        (Some(user), _) => format!("{user} ({})", seat.name),
        (None, Some(invited)) => format!("{invited}, invited ({})", seat.name),
        (None, None) => format!("open seat ({})", seat.name),
    }
}

/// A list line for a game seen by a viewer in a time zone at `now`.
#[must_use]
pub fn line(game: &GameSummary, time_zone: &str, now: i64) -> GameLine {
    // Teams of several seats are named together: `A & C vs B & D`.
    let mut teams: Vec<(u8, Vec<String>)> = Vec::new();
    for seat in &game.seats {
        match teams.iter_mut().find(|(t, _)| *t == seat.team) {
            Some((_, names)) => names.push(seat_label(seat)),
            None => teams.push((seat.team, vec![seat_label(seat)])),
        }
    }
    let players = teams
        .iter()
        .map(|(_, names)| names.join(" & "))
        .collect::<Vec<_>>()
        .join(" vs ");
    let state = match game.status.as_str() {
        "waiting" => "Waiting for players".to_owned(),
        "active" if game.your_move => "Your move".to_owned(),
        "active" => {
            let seat = game.seats.iter().find(|s| Some(s.seat) == game.turn);
            match seat.and_then(|s| s.user.clone()) {
                Some(user) => format!("{user} to move"),
                None => "In play".to_owned(),
            }
        }
        _ => result_text(&game.variant, game.result.as_deref(), game.reason.as_deref()),
    };
    GameLine {
        id: game.id.clone(),
        variant_id: game.variant.clone(),
        variant_name: variant_name(&game.variant),
        players,
        status: game.status.clone(),
        state,
        your_move: game.your_move,
        deadline: game.move_by.map(|t| time::local(t, time_zone)),
        deadline_iso: game.move_by.map(time::iso),
        time_left: game.move_by.map(|t| time::left(t, now)),
        days_per_move: game.days_per_move,
        options: game.options.clone(),
        ply: game.ply,
        open_seats: game
            .seats
            .iter()
            .filter(|s| s.user.is_none() && s.invited.is_none())
            .map(|s| s.name.clone())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_words() {
        assert_eq!(
            result_text("nowan", Some("0-1"), Some("checkmate")),
            "Red won by checkmate"
        );
        assert_eq!(
            result_text("ancient", Some("1/2-1/2"), Some("draw_agreed")),
            "Drawn by agreement"
        );
        assert_eq!(result_text("chatrang", None, Some("aborted")), "Aborted");
        assert_eq!(reason_text("new_reason"), "(new reason)");
    }
}
