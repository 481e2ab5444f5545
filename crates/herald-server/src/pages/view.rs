//! How games look in lists and headings: player names, whose move, deadlines in the
//! viewer's time zone, results and reasons in words. Shared by every page.

use herald_rules::Variant;

use super::time;
use crate::games::view::{GameSummary, SeatView};
use crate::states::{EndReason, GameStatus};

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
    pub days_per_move: i64,
    pub options: Vec<String>,
    /// Seats nobody has taken or been invited to.
    pub open_seats: Vec<String>,
}

/// A finish reason in words.
#[must_use]
pub fn reason_text(reason: EndReason) -> &'static str {
    use herald_rules::EndReason as R;
    match reason {
        EndReason::Resignation => "by resignation",
        EndReason::DrawAgreed => "by agreement",
        EndReason::Aborted | EndReason::TimeoutBeforeFirstMove => "aborted",
        EndReason::Admin => "by the operator",
        EndReason::Timeout => "on time",
        EndReason::Rules(rules) => match rules {
            R::KingCaptured => "by capturing the King",
            R::Checkmate => "by checkmate",
            R::Stalemate => "by stalemate",
            R::OnlyKingsLeft => "with only the Kings left",
            R::SevenChecks => "after seven checks in a row",
            R::TwentyMoveRule => "by the twenty-move rule",
            R::NoLegalMove => "with no legal move left",
            R::RepetitionBlocked => "as every move would repeat a position",
            R::BareGeneral => "by baring the General",
            R::BothShahsGone => "with both Shahs taken",
            R::BareShahs => "with only Shahs left",
            R::Bared | R::BaringReplyUsed => "by baring",
            R::NobodyCanMove => "as nobody could move",
        },
    }
}

/// The result of a finished game in words, e.g. `White won by checkmate`.
#[must_use]
pub fn result_text(variant: Variant, result: Option<&str>, reason: Option<EndReason>) -> String {
    let teams = variant.team_names();
    let head = match result {
        Some("1-0") => format!("{} won", teams[0]),
        Some("0-1") => format!("{} won", teams[1]),
        Some(_) => "Drawn".to_owned(),
        None => return "Aborted".to_owned(),
    };
    match reason {
        Some(reason) => format!("{head} {}", reason_text(reason)),
        None => head,
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
    let players = game.seats.iter().map(seat_label).collect::<Vec<_>>().join(" vs ");
    let state = match game.status {
        GameStatus::Waiting => "Waiting for players".to_owned(),
        GameStatus::Active if game.your_move => "Your move".to_owned(),
        GameStatus::Active => {
            let seat = game.seats.iter().find(|s| Some(s.seat) == game.turn);
            match seat.and_then(|s| s.user.clone()) {
                Some(user) => format!("{user} to move"),
                None => "In play".to_owned(),
            }
        }
        GameStatus::Finished | GameStatus::Aborted => result_text(game.variant, game.result.as_deref(), game.reason),
    };
    GameLine {
        id: game.id.clone(),
        variant_id: game.variant.id().to_owned(),
        variant_name: game.variant.name().to_owned(),
        players,
        status: game.status,
        state,
        your_move: game.your_move,
        deadline: game.move_by.map(|t| time::local(t, time_zone)),
        deadline_iso: game.move_by.map(time::iso),
        time_left: game.move_by.map(|t| time::left(t, now)),
        days_per_move: game.days_per_move,
        options: game.options.ids().map(str::to_owned).collect(),
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
            result_text(
                Variant::Nowan,
                Some("0-1"),
                Some(EndReason::Rules(herald_rules::EndReason::Checkmate))
            ),
            "Red won by checkmate"
        );
        assert_eq!(
            result_text(Variant::Ancient, Some("1/2-1/2"), Some(EndReason::DrawAgreed)),
            "Drawn by agreement"
        );
        assert_eq!(
            result_text(Variant::Chatrang, None, Some(EndReason::Aborted)),
            "Aborted"
        );
        assert_eq!(
            result_text(Variant::NotChess, Some("1-0"), Some(EndReason::Timeout)),
            "White won on time"
        );
    }
}
