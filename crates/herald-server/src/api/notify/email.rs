//! Email notifications over SMTP (lettre), when `HERALD_SMTP_URL` is set: your move (one
//! per game and turn, none while the player watches the game live), 80 % of the time used,
//! claimable, game over, and the events one plays in (a round started, the event over).
//! Each carries a one-click unsubscribe link (RFC 8058) with a signed
//! token. Emails are queued by the outbox worker and sent by their own worker, so a slow or
//! failing mail server never delays or fails a move.

use std::time::Duration;

use fluent_templates::fluent_bundle::FluentValue;
use hmac::{Hmac, Mac};
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sha2::Sha256;

use super::NotifyError;
use super::channel::{Channel, Kind, Queued, Switch, Switches, Tx};
use crate::api::tournaments::notices::NoticeMessage;
use crate::domain::events::{EventKind, GameEvent};
use crate::domain::game_states::GameStatus;
use crate::infra::hub::Hub;
use crate::infra::i18n::{self, Lang};
use crate::storage::{Db, GameBrief, NewEmail, NoticeRow, NotificationSettingsRow};
use crate::web::state::AppState;

/// The e-mail channel: queued in `email_outbox` by the fan-out, sent by [`run`].
#[derive(Debug, Clone, Copy)]
pub struct Email;

/// The channel's stored name and settings' prefix.
pub const NAME: &str = "email";

impl Channel for Email {
    fn name(&self) -> &'static str {
        NAME
    }

    fn legend(&self) -> &'static str {
        "Send me an e-mail"
    }

    fn switches(&self) -> &'static [Switch] {
        &[
            Switch {
                kind: Kind::YourMove,
                label: "when it is my move",
                hint: "once per turn, not while I have the game open",
                doc: "An e-mail when it is your move (once per turn, none while you watch the game).",
            },
            Switch {
                kind: Kind::TimeWarning,
                label: "when 80 % of my time for a move is used",
                hint: "",
                doc: "An e-mail when 80 % of your time for a move is used.",
            },
            Switch {
                kind: Kind::Claimable,
                label: "when my opponent's time has run out and I can claim the win",
                hint: "",
                doc: "An e-mail when your opponent's time ran out and you may claim the win.",
            },
            Switch {
                kind: Kind::GameOver,
                label: "when a game ends",
                hint: "",
                doc: "An e-mail when a game ends or a rematch is offered.",
            },
            Switch {
                kind: Kind::Tournament,
                label: "when a round of a tournament I play in starts, and when the tournament ends",
                hint: "",
                doc: "Events one plays in: a round started (with one's games in it), the event is over.",
            },
            Switch {
                kind: Kind::Chat,
                label: "by e-mail",
                hint: "one digest of the messages I have not seen within 30 minutes",
                doc: "Chat messages in one's games by e-mail: one digest of the messages not seen within 30 minutes.",
            },
        ]
    }

    fn available(&self, state: &AppState) -> bool {
        sends_mail(state)
    }

    fn start(&self, state: &AppState) -> Result<(), super::StartError> {
        if sends_mail(state) {
            let mail = state.clone();
            tokio::spawn(async move { run(mail).await });
        }
        Ok(())
    }

    fn game_event<'a>(&'a self, state: &'a AppState, tx: &'a mut Tx, event: &'a GameEvent, now: i64) -> Queued<'a> {
        Box::pin(async move {
            if !concerns_email(event.kind) {
                return Ok(0);
            }
            let Some(game) = Db::game_brief(tx, &event.game_id).await? else {
                return Ok(0);
            };
            let mut queued = 0;
            for mail in emails_for(state, event, &game).await? {
                Db::queue_email(tx, &mail, now).await?;
                queued += 1;
            }
            Ok(queued)
        })
    }

    fn tournament_notice<'a>(
        &'a self,
        state: &'a AppState,
        tx: &'a mut Tx,
        notice: &'a NoticeRow,
        message: &'a NoticeMessage,
        now: i64,
    ) -> Queued<'a> {
        Box::pin(async move {
            let Some(mail) = tournament_email(state, notice, message).await? else {
                return Ok(0);
            };
            Db::queue_email(tx, &mail, now).await?;
            Ok(1)
        })
    }

    fn wake(&self, hub: &Hub) {
        hub.work.email.notify_one();
    }
}

/// Whether this server sends e-mail at all (an SMTP URL is configured).
#[must_use]
pub fn sends_mail(state: &AppState) -> bool {
    state.config.smtp_url.as_deref().is_some_and(|u| !u.trim().is_empty())
}

/// Whose move it is in `game`, if it is active.
#[must_use]
pub fn to_move(game: &GameBrief) -> Option<(i64, &str)> {
    if game.status != GameStatus::Active {
        return None;
    }
    game.players
        .iter()
        .find(|(seat, _, _)| *seat == game.turn)
        .map(|(_, id, name)| (*id, name.as_str()))
}

/// Whether an event changes whose move it is.
#[must_use]
pub fn is_turn_change(kind: EventKind) -> bool {
    matches!(
        kind,
        EventKind::Started | EventKind::Move | EventKind::Resigned | EventKind::VacationOff
    )
}

const LEASE_MS: i64 = 120_000;
const MAX_ATTEMPTS: i64 = 5;

/// Whether events of this kind may send email.
#[must_use]
pub fn concerns_email(kind: EventKind) -> bool {
    is_turn_change(kind)
        || matches!(
            kind,
            EventKind::TimeWarning
                | EventKind::Claimable
                | EventKind::Finished
                | EventKind::Aborted
                | EventKind::RematchOffered
        )
}

/// The emails an event calls for, given the game as it is now.
///
/// # Errors
/// The database fails.
pub async fn emails_for(state: &AppState, event: &GameEvent, game: &GameBrief) -> Result<Vec<NewEmail>, NotifyError> {
    let link = format!(
        "{}/games/{}",
        state.config.base_url.trim_end_matches('/'),
        event.game_id
    );
    let mover = to_move(game);
    // (user, kind, turn key, words)
    let mut wanted: Vec<(i64, &'static str, String, Mail)> = Vec::new();
    match event.kind {
        k if is_turn_change(k) => {
            if let Some((user, _)) = mover {
                let words = Mail::of("email-your-move-subject", "email-your-move-body", &link);
                wanted.push((user, "your_move", game.ply.to_string(), words));
            }
        }
        EventKind::TimeWarning => {
            if let Some((user, _)) = mover {
                let words = Mail::of("email-time-warning-subject", "email-time-warning-body", &link);
                wanted.push((user, "time_warning", game.ply.to_string(), words));
            }
        }
        EventKind::Claimable => {
            for (_, user, _) in &game.players {
                if mover.is_some_and(|(m, _)| m == *user) {
                    continue;
                }
                let words = Mail::of("email-claimable-subject", "email-claimable-body", &link);
                wanted.push((*user, "claimable", game.ply.to_string(), words));
            }
        }
        EventKind::Finished | EventKind::Aborted => {
            let result = event.data.get("result").and_then(|r| r.as_str()).unwrap_or("no result");
            for (seat, user, _) in &game.players {
                let words = if event.data.get("reason").and_then(|r| r.as_str()) == Some("declined") {
                    Mail::of("email-game-over-subject", "email-declined-body", &link)
                } else {
                    Mail {
                        result: Some(result.to_owned()),
                        rating: rating_of(&event.data, *seat),
                        ..Mail::of("email-game-over-subject", "email-game-over-body", &link)
                    }
                };
                wanted.push((*user, "game_over", "end".to_owned(), words));
            }
        }
        EventKind::RematchOffered => {
            let by = event.data.get("seat").and_then(serde_json::Value::as_i64);
            let Some(rematch) = event.data.get("game_id").and_then(|g| g.as_str()) else {
                return Ok(Vec::new());
            };
            let rematch_link = format!("{}/games/{rematch}", state.config.base_url.trim_end_matches('/'));
            for (_, user, _) in game
                .players
                .iter()
                .filter(|(seat, _, _)| Some(i64::from(seat.get())) != by)
            {
                let words = Mail::of("email-rematch-subject", "email-rematch-body", &rematch_link);
                wanted.push((*user, "game_over", format!("rematch {rematch}"), words));
            }
        }
        _ => {}
    }
    let mut out = Vec::new();
    for (user, kind, turn_key, words) in wanted {
        let settings = state.db.notification_settings(user).await?;
        // Only to an address its owner confirmed: anyone can type in someone else's.
        let Some(recipient) = confirmed_recipient(&settings).map(str::to_owned) else {
            continue;
        };
        let switch = match kind {
            "your_move" => Kind::YourMove,
            "time_warning" => Kind::TimeWarning,
            "claimable" => Kind::Claimable,
            _ => Kind::GameOver,
        };
        let on = Switches::of(state, user).await?.on(NAME, switch);
        // Watching live on this instance: the page already shows the move.
        if !on || (kind == "your_move" && state.hub().is_watching(&event.game_id, user)) {
            continue;
        }
        let lang = i18n::for_reader(state.db.settings(user).await?.language.as_deref());
        let (subject, body) = words.render(&lang, &event.game_id);
        out.push(NewEmail {
            user_id: user,
            game_id: event.game_id.clone(),
            kind,
            turn_key,
            recipient,
            subject,
            body,
        });
    }
    Ok(out)
}

/// The e-mail for a tournament notice's message, if its player wants tournament e-mail
/// at a confirmed address; once per player, event, notice kind and round.
///
/// # Errors
/// The database fails.
pub async fn tournament_email(
    state: &AppState,
    notice: &NoticeRow,
    message: &NoticeMessage,
) -> Result<Option<NewEmail>, NotifyError> {
    let settings = state.db.notification_settings(message.user_id).await?;
    let Some(recipient) = confirmed_recipient(&settings).map(str::to_owned) else {
        return Ok(None);
    };
    if !Switches::of(state, message.user_id).await?.on(NAME, Kind::Tournament) {
        return Ok(None);
    }
    Ok(Some(NewEmail {
        user_id: message.user_id,
        game_id: notice.tournament_id.clone(),
        kind: "tournament",
        turn_key: format!("{}:{}", notice.kind, notice.round),
        recipient,
        subject: message.subject.clone(),
        body: message.body.clone(),
    }))
}

/// What a rated game did to the rating of the player in `seat` (from the game-over event):
/// the new rating and its change; none for a casual game.
fn rating_of(data: &serde_json::Value, seat: herald_rules::Player) -> Option<(i64, i64)> {
    let mine = data
        .get("ratings")
        .and_then(serde_json::Value::as_array)
        .and_then(|all| {
            all.iter()
                .find(|r| r.get("seat").and_then(serde_json::Value::as_i64) == Some(i64::from(seat.get())))
        })?;
    Some((mine.get("rating")?.as_i64()?, mine.get("change")?.as_i64()?))
}

/// A game e-mail's words before its reader's language is known: catalogue keys, the link
/// it ends with, and what a game's end adds (its result, the new rating).
struct Mail {
    subject: &'static str,
    body: &'static str,
    link: String,
    result: Option<String>,
    rating: Option<(i64, i64)>,
}

impl Mail {
    fn of(subject: &'static str, body: &'static str, link: &str) -> Mail {
        Mail {
            subject,
            body,
            link: link.to_owned(),
            result: None,
            rating: None,
        }
    }

    /// The subject and the plain-text body in `lang`.
    fn render(&self, lang: &Lang, game_id: &str) -> (String, String) {
        let mut args = vec![("game", FluentValue::from(game_id))];
        if let Some(result) = &self.result {
            args.push(("result", FluentValue::from(result.clone())));
        }
        let rating = self.rating.map_or_else(String::new, |(rating, change)| {
            let words = lang.plain_with(
                "email-rating-now",
                &[
                    ("rating", FluentValue::from(rating)),
                    ("change", FluentValue::from(format!("{change:+}"))),
                ],
            );
            format!("\n{words}")
        });
        let body = format!("{}{rating}\n\n{}\n", lang.plain_with(self.body, &args), self.link);
        (lang.plain_with(self.subject, &args), body)
    }
}

/// The server's key for signed links (unsubscribe, address confirmation).
///
/// # Errors
/// The database fails.
pub(crate) async fn signing_key(state: &AppState) -> Result<String, NotifyError> {
    unsubscribe_key(state).await
}

/// The key signing unsubscribe links, created by the first instance that needs it (at
/// start, see [`ensure_unsubscribe_key`]). A key is never made up when the random source
/// fails: the caller fails instead.
async fn unsubscribe_key(state: &AppState) -> Result<String, NotifyError> {
    if let Some(key) = state.db.server_key(UNSUBSCRIBE_KEY).await? {
        return Ok(key);
    }
    let mut fresh = [0_u8; 32];
    getrandom::fill(&mut fresh).map_err(NotifyError::Random)?;
    Ok(state.db.create_server_key(UNSUBSCRIBE_KEY, &hex::encode(fresh)).await?)
}

const UNSUBSCRIBE_KEY: &str = "unsubscribe";

/// Creates the unsubscribe-link key if there is none yet, so a failing random source
/// stops the server at start rather than at the first e-mail.
///
/// # Errors
/// The random source or the database fails.
pub async fn ensure_unsubscribe_key(state: &AppState) -> Result<(), NotifyError> {
    unsubscribe_key(state).await.map(|_| ())
}

/// The unsubscribe MAC of `user_id`, keyed by the server's signing key.
fn mac(key: &str, user_id: i64) -> Result<Hmac<Sha256>, NotifyError> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).map_err(|_| NotifyError::SigningKey)?;
    mac.update(format!("unsubscribe:{user_id}").as_bytes());
    Ok(mac)
}

/// A token that unsubscribes `user_id` from email: `<user id>.<HMAC>`.
///
/// # Errors
/// The database fails.
pub async fn unsubscribe_token(state: &AppState, user_id: i64) -> Result<String, NotifyError> {
    let signature = mac(&unsubscribe_key(state).await?, user_id)?.finalize().into_bytes();
    Ok(format!("{user_id}.{}", hex::encode(signature)))
}

/// The user an unsubscribe token names, if its signature verifies (in constant time).
///
/// # Errors
/// The database fails.
pub async fn check_unsubscribe_token(state: &AppState, token: &str) -> Result<Option<i64>, NotifyError> {
    let Some((user, sig)) = token.split_once('.') else {
        return Ok(None);
    };
    let (Ok(user), Ok(sig)) = (user.parse::<i64>(), hex::decode(sig)) else {
        return Ok(None);
    };
    let valid = mac(&unsubscribe_key(state).await?, user)?.verify_slice(&sig).is_ok();
    Ok(valid.then_some(user))
}

fn transport(url: &str) -> Option<AsyncSmtpTransport<Tokio1Executor>> {
    match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
        Ok(builder) => Some(builder.timeout(Some(Duration::from_secs(20))).build()),
        Err(error) => {
            tracing::error!(%error, "HERALD_SMTP_URL is not a valid SMTP URL; email is off");
            None
        }
    }
}

async fn send_one(
    state: &AppState,
    mailer: &AsyncSmtpTransport<Tokio1Executor>,
    row: &crate::storage::EmailRow,
) -> Result<(), String> {
    let token = unsubscribe_token(state, row.user_id).await.map_err(|e| e.to_string())?;
    let base = state.config.base_url.trim_end_matches('/');
    // Mail clients POST to the header's URL (RFC 8058); a person follows the body's link to
    // a page with a button.
    let one_click = format!("{base}/unsubscribe?token={token}");
    let page = format!("{base}/email/unsubscribe?token={token}");
    let from = state
        .config
        .smtp_from
        .parse()
        .map_err(|e| format!("bad from address: {e}"))?;
    let to = row.recipient.parse().map_err(|e| format!("bad recipient: {e}"))?;
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(row.subject.clone())
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("List-Unsubscribe"),
            format!("<{one_click}>"),
        ))
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
            "List-Unsubscribe=One-Click".to_owned(),
        ))
        .body(format!("{}\nTo stop these emails: {page}\n", row.body))
        .map_err(|e| e.to_string())?;
    mailer.send(message).await.map(|_| ()).map_err(|e| e.to_string())
}

/// The email worker loop.
pub async fn run(state: AppState) {
    let Some(mailer) = state.config.smtp_url.as_deref().and_then(transport) else {
        return;
    };
    loop {
        match state.db.claim_emails(state.now(), LEASE_MS, 16).await {
            Ok(rows) if !rows.is_empty() => {
                for row in rows {
                    let result = send_one(&state, &mailer, &row).await;
                    let now = state.now();
                    let recorded = match result {
                        Ok(()) => state.db.email_attempted(row.id, true, None, None, now).await,
                        Err(error) => {
                            tracing::warn!(%error, email = row.id, "email not sent");
                            let retry = (row.attempts + 1 < MAX_ATTEMPTS).then(|| {
                                now + super::channel::backoff_ms(state.config.webhook_retry_base_ms, row.attempts + 1)
                            });
                            state.db.email_attempted(row.id, false, Some(&error), retry, now).await
                        }
                    };
                    if let Err(error) = recorded {
                        tracing::warn!(%error, "cannot record an email attempt");
                    }
                }
                continue;
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "email queue unreadable"),
        }
        if !super::idle(&state, &state.hub().work.email, Duration::from_millis(500)).await {
            return;
        }
    }
}

/// Whether mail may go to the user's address: there is one and it was confirmed.
#[must_use]
pub fn confirmed_recipient(settings: &NotificationSettingsRow) -> Option<&str> {
    settings
        .email
        .as_deref()
        .filter(|e| !e.is_empty() && settings.email_confirmed.as_deref() == Some(*e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lang(tag: &str) -> Lang {
        i18n::choose(Some(tag), None, false)
    }

    #[test]
    fn a_game_mail_reads_as_before_in_english_and_in_its_reader_s_language() {
        let link = "https://club.example/games/Ab12";
        let (subject, body) =
            Mail::of("email-your-move-subject", "email-your-move-body", link).render(&lang("en"), "Ab12");
        assert_eq!(subject, "Your move in game Ab12");
        assert_eq!(body, format!("It is your move in game Ab12.\n\n{link}\n"));
        let ended = Mail {
            result: Some("1-0".to_owned()),
            rating: Some((1512, 12)),
            ..Mail::of("email-game-over-subject", "email-game-over-body", link)
        };
        let (subject, body) = ended.render(&lang("en"), "Ab12");
        assert_eq!(subject, "Game Ab12 is over");
        assert_eq!(
            body,
            format!("Game Ab12 has ended (1-0).\nYour rating in this game is now 1512 (+12).\n\n{link}\n")
        );
        let (subject, body) = ended.render(&lang("de"), "Ab12");
        assert_eq!(subject, "Partie Ab12 ist beendet");
        assert!(
            body.contains("Deine Wertung in diesem Spiel ist jetzt 1512 (+12)."),
            "{body}"
        );
        // Plain text: no invisible isolation marks in a mail.
        let (subject, body) = ended.render(&lang("fa"), "Ab12");
        assert!(
            !subject.contains('\u{2068}') && !body.contains('\u{2068}'),
            "{subject} {body}"
        );
        assert!(subject.starts_with("بازی"), "{subject}");
    }
}
