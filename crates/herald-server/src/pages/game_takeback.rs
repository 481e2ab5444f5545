//! The game page's takeback panel (`templates/game_takeback.html`): "Ask to take back", the
//! pending request shown to both sides with Accept, Decline or Withdraw, and the news of the
//! last answer. Its forms (`/games/{id}/takeback…`, routed with the game page's other
//! actions in `super::game`) work without JavaScript.

use crate::api::games::actions::Action;
use crate::api::games::view::GameView;
use crate::domain::events::{EventKind, GameEvent};
use crate::infra::i18n::Lang;
use fluent_templates::fluent_bundle::FluentValue;

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

/// Who sits at `seat`, as the page names them: the viewer, or a player by name.
enum Who {
    You,
    Named(String),
}

fn who(lang: &Lang, game: &GameView, seat: Option<u64>) -> Option<Who> {
    let seat = game.seats.get(usize::try_from(seat?).ok()?)?;
    Some(if game.your_seat == Some(seat.seat) {
        Who::You
    } else {
        Who::Named(seat.user.clone().unwrap_or_else(|| lang.seat_name(&seat.name)))
    })
}

/// The panel of `game` as its viewer sees it in `lang`; `last` is the game's latest event,
/// if read.
#[must_use]
pub fn panel(lang: &Lang, game: &GameView, last: Option<&GameEvent>) -> TakebackPanel {
    let may = |action: Action| game.actions.contains(&action);
    let say = |key: &str, args: &[(&'static str, &str)]| {
        let args: Vec<(&'static str, FluentValue<'_>)> = args
            .iter()
            .map(|(name, value)| (*name, FluentValue::from(*value)))
            .collect();
        lang.plain_with(key, &args)
    };
    let pending = game.takeback.as_ref().map(|request| {
        let asker = who(lang, game, Some(u64::from(request.seat.get())));
        let answer = who(lang, game, Some(u64::from(request.answer.get())));
        let moved = request.text.as_str();
        match (asker, answer) {
            (Some(Who::You), Some(Who::Named(answer))) => {
                say("takeback-you-asked", &[("move", moved), ("answer", &answer)])
            }
            (Some(Who::Named(asker)), Some(Who::You)) => {
                say("takeback-asks-you", &[("asker", &asker), ("move", moved)])
            }
            (asker, answer) => {
                let name = |w: Option<Who>| match w {
                    Some(Who::Named(n)) => n,
                    _ => String::new(),
                };
                say(
                    "takeback-asks",
                    &[("asker", &name(asker)), ("move", moved), ("answer", &name(answer))],
                )
            }
        }
    });
    let news = last.and_then(|event| {
        let by = who(lang, game, event.data["by"].as_u64())?;
        let moved = event.data["move"].as_str().unwrap_or_default();
        match (event.kind, by) {
            (EventKind::TakebackDeclined, Who::You) => Some(say("takeback-declined-you", &[])),
            (EventKind::TakebackDeclined, Who::Named(by)) => Some(say("takeback-declined", &[("who", &by)])),
            (EventKind::TakebackAccepted, Who::You) => Some(say("takeback-accepted-you", &[("move", moved)])),
            (EventKind::TakebackAccepted, Who::Named(by)) => {
                Some(say("takeback-accepted", &[("who", &by), ("move", moved)]))
            }
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
