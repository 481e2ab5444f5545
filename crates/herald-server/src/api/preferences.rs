//! A person's page preferences through the API (time zone, language, move confirmation),
//! the same ones the settings page saves, and the site's languages.

use axum::extract::State;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::club_states::MoveConfirmation;
use crate::infra::i18n;
use crate::storage::SettingsRow;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// One of the site's languages.
#[derive(Debug, Serialize, ToSchema)]
pub struct Language {
    /// BCP 47 tag (`de`, `fa`): the value of `language` in the preferences.
    pub tag: String,
    /// Its own name for itself (`Deutsch`).
    pub name: String,
    /// `ltr` or `rtl`.
    pub direction: &'static str,
}

/// Your preferences for pages, e-mails and notifications.
#[derive(Debug, Serialize, ToSchema)]
pub struct Preferences {
    /// IANA time zone in which dates are shown and e-mailed (`Europe/Berlin`).
    pub time_zone: String,
    /// A tag from `GET /api/v1/languages`; null for the browser's `Accept-Language`.
    pub language: Option<String>,
    /// When a move made on the game page waits for "Confirm".
    pub move_confirmation: MoveConfirmation,
}

/// The preferences to change; a field left out stays as it is.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreferencesChange {
    pub time_zone: Option<String>,
    /// A tag, or null for the browser's language.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, nullable)]
    pub language: Option<Option<String>>,
    pub move_confirmation: Option<MoveConfirmation>,
}

/// A field that is present, even as null (`Some(None)`), apart from one left out (`None`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

fn preferences(row: SettingsRow) -> Preferences {
    Preferences {
        time_zone: row.time_zone,
        language: row.language,
        move_confirmation: row.move_confirmation,
    }
}

/// The tag of one of the site's languages, as the catalogue spells it (or the
/// pseudo-locale's, where the site offers it).
///
/// # Errors
/// 400 `unknown_language` naming the languages there are.
pub fn known_language(wanted: &str, pseudo_offered: bool) -> ApiResult<String> {
    if pseudo_offered && wanted.trim() == i18n::PSEUDO_TAG {
        return Ok(i18n::PSEUDO_TAG.to_owned());
    }
    let all = i18n::available();
    if let Some(known) = all.iter().find(|l| l.tag().eq_ignore_ascii_case(wanted.trim())) {
        return Ok(known.tag());
    }
    let tags: Vec<String> = all.iter().map(i18n::Lang::tag).collect();
    Err(ApiError::bad_request(
        "unknown_language",
        format!("Herald has no \"{wanted}\" catalogue; it has {}.", tags.join(", ")),
    ))
}

/// The site's languages (each a folder of catalogues).
#[utoipa::path(get, path = "/languages", tag = "accounts",
    responses((status = 200, body = Vec<Language>)))]
async fn list_languages() -> ApiJson<Vec<Language>> {
    ApiJson(
        i18n::available()
            .into_iter()
            .map(|l| Language {
                tag: l.tag(),
                name: l.name(),
                direction: l.dir(),
            })
            .collect(),
    )
}

/// Your preferences.
#[utoipa::path(get, path = "/me/preferences", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Preferences), (status = 401, body = ErrorBody)))]
async fn get_preferences(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Preferences>> {
    Ok(ApiJson(preferences(state.db.settings(user.id).await?)))
}

/// Changes your preferences (the fields given); answers with all of them.
#[utoipa::path(patch, path = "/me/preferences", tag = "accounts", security(("bearer" = [])),
    request_body = PreferencesChange,
    responses((status = 200, body = Preferences),
        (status = 400, description = "`invalid_time_zone`, `unknown_language`", body = ErrorBody),
        (status = 401, body = ErrorBody)))]
async fn change_preferences(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(change): ApiJson<PreferencesChange>,
) -> ApiResult<ApiJson<Preferences>> {
    let mut row = state.db.settings(user.id).await?;
    if let Some(zone) = change.time_zone {
        let zone = zone.trim();
        if !i18n::is_time_zone(zone) {
            return Err(ApiError::bad_request(
                "invalid_time_zone",
                format!("\"{zone}\" is not an IANA time zone (such as Europe/Berlin or UTC)."),
            ));
        }
        zone.clone_into(&mut row.time_zone);
    }
    if let Some(language) = change.language {
        row.language = language
            .as_deref()
            .map(|tag| known_language(tag, state.config.pseudo_locale))
            .transpose()?;
    }
    if let Some(confirmation) = change.move_confirmation {
        row.move_confirmation = confirmation;
    }
    state.db.save_settings(user.id, &row, state.now()).await?;
    Ok(ApiJson(preferences(row)))
}

/// Preference routes under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_languages))
        .routes(routes!(get_preferences, change_preferences))
}
