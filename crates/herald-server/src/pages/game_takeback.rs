//! The game page's takeback panel (`templates/game_takeback.html`): "Ask to take back", the
//! pending request shown to both sides with Accept, Decline or Withdraw, and the news of the
//! last answer. Its forms (`/games/{id}/takeback…`, routed with the game page's other
//! actions in `super::game`) work without JavaScript.

use crate::api::games::actions::Action;
use crate::api::games::view::GameView;
use crate::domain::events::{EventKind, GameEvent};

/// What the panel shows.
#[derive(Debug, Clone, Default)]
pub struct TakebackPanel {
    /// The viewer may ask to take back their move.
    pub can_ask: bool,
    /// The pending request in words, to every reader of the page.
    pub pending: Option<String>,
    /// The viewer answers the pending request.
    pub can_answer: bool,
    /// The viewer asked and may withdraw.
    pub can_withdraw: bool,
    /// The last answer, until the game's next event.
    pub news: Option<String>,
}

/// Who sits at `seat`, as the page names them ("You" for the viewer).
fn who(game: &GameView, seat: Option<u64>) -> Option<String> {
    let seat = game.seats.get(usize::try_from(seat?).ok()?)?;
    Some(if game.your_seat == Some(seat.seat) {
        "You".to_owned()
    } else {
        seat.user.clone().unwrap_or_else(|| seat.name.clone())
    })
}

/// The panel of `game` as its viewer sees it; `last` is the game's latest event, if read.
#[must_use]
pub fn panel(game: &GameView, last: Option<&GameEvent>) -> TakebackPanel {
    let may = |action: Action| game.actions.contains(&action);
    let pending = game.takeback.as_ref().map(|request| {
        let asker = who(game, Some(u64::from(request.seat.get()))).unwrap_or_default();
        let answer = who(game, Some(u64::from(request.answer.get()))).unwrap_or_default();
        if asker == "You" {
            format!("You asked to take back your move {}; {answer} answers.", request.text)
        } else if answer == "You" {
            format!("{asker} asks to take back the move {}.", request.text)
        } else {
            format!("{asker} asks to take back the move {}; {answer} answers.", request.text)
        }
    });
    let news = last.and_then(|event| {
        let by = who(game, event.data["by"].as_u64());
        let moved = event.data["move"].as_str().unwrap_or_default();
        match event.kind {
            EventKind::TakebackDeclined => Some(format!("{} declined the takeback.", by?)),
            EventKind::TakebackAccepted => Some(format!("{} accepted the takeback: {moved} was taken back.", by?)),
            _ => None,
        }
    });
    TakebackPanel {
        can_ask: may(Action::AskTakeback),
        pending,
        can_answer: may(Action::AcceptTakeback),
        can_withdraw: may(Action::WithdrawTakeback),
        news,
    }
}
