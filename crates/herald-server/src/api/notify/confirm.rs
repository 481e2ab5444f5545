//! Confirming a notification address: a change of address mails a signed link to the new
//! address, and notification e-mail goes only to an address whose link was followed, so
//! nobody can have Herald mail a stranger's inbox.
//!
//! The token is `<user id>.<HMAC(server key, user id and address)>`: nothing is stored, and
//! it stops working as soon as the user changes the address again.

use fluent_templates::fluent_bundle::FluentValue;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::storage::{NewEmail, NotificationSettingsRow};
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// The confirmation MAC of `email` for `user_id`, keyed by the server's signing key.
fn mac(key: &str, user_id: i64, email: &str) -> ApiResult<Hmac<Sha256>> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).map_err(ApiError::internal_from)?;
    mac.update(format!("confirm-email:{user_id}:{email}").as_bytes());
    Ok(mac)
}

/// The token confirming `email` for `user_id`.
///
/// # Errors
/// The database fails.
pub async fn token(state: &AppState, user_id: i64, email: &str) -> ApiResult<String> {
    let key = super::email::signing_key(state).await?;
    Ok(format!(
        "{user_id}.{}",
        hex::encode(mac(&key, user_id, email)?.finalize().into_bytes())
    ))
}

/// After the settings were saved: mails the confirmation link when the address is new and
/// unconfirmed (once per user and address) and the server sends mail at all.
///
/// # Errors
/// The database fails.
pub async fn request(state: &AppState, user_id: i64, settings: &NotificationSettingsRow) -> ApiResult<()> {
    let Some(email) = settings.email.as_deref().filter(|e| !e.is_empty()) else {
        return Ok(());
    };
    let mails = state.config.smtp_url.as_deref().is_some_and(|u| !u.trim().is_empty());
    if !mails || settings.email_confirmed.as_deref() == Some(email) {
        return Ok(());
    }
    let token = token(state, user_id, email).await?;
    // The mail is in the account's language, like every notification.
    let lang = crate::infra::i18n::for_reader(state.db.settings(user_id).await?.language.as_deref());
    let base = state.config.base_url.trim_end_matches('/');
    let mail = NewEmail {
        user_id,
        game_id: String::new(),
        kind: "confirm_email",
        turn_key: email.to_owned(),
        recipient: email.to_owned(),
        subject: lang.text("email-confirm-subject"),
        body: lang.plain_with(
            "email-confirm-body",
            &[("link", FluentValue::from(format!("{base}/email/confirm?token={token}")))],
        ) + "\n",
    };
    if state.db.queue_confirmation(&mail, state.now()).await? {
        state.hub().work.email.notify_one();
    }
    Ok(())
}

/// Confirms the address a valid token names; whether it did (false: a forged token, or the
/// address changed since the link was mailed).
///
/// # Errors
/// The database fails.
pub async fn confirm(state: &AppState, token: &str) -> ApiResult<bool> {
    let Some((user, sig)) = token.split_once('.') else {
        return Ok(false);
    };
    let (Ok(user_id), Ok(sig)) = (user.parse::<i64>(), hex::decode(sig)) else {
        return Ok(false);
    };
    let settings = state.db.notification_settings(user_id).await?;
    let Some(email) = settings.email.filter(|e| !e.is_empty()) else {
        return Ok(false);
    };
    let key = super::email::signing_key(state).await?;
    // Verified in constant time.
    if mac(&key, user_id, &email)?.verify_slice(&sig).is_err() {
        return Ok(false);
    }
    Ok(state.db.confirm_email(user_id, &email, state.now()).await?)
}
