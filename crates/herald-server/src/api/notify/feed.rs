//! A per-user Atom feed at a secret URL (`/feeds/{secret}.atom`): one entry per game where
//! it is the user's move (a new entry each turn), one per finished game, one per notice of
//! the tournaments they play in (started, a round started, over, cancelled) and, unless
//! switched off, one per recent chat message to them.

use atom_syndication::{Entry, Feed, Link, Person, Text};
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, FixedOffset, Utc};

use super::channel::{Channel, Kind, Switch, Switches};
use fluent_templates::fluent_bundle::FluentValue;

use crate::api::tournaments::notices::headline_in;
use crate::domain::game_states::GameStatus;
use crate::domain::result_words::result_text_in;
use crate::domain::tournament_states::NoticeKind;
use crate::infra::i18n;
use crate::web::auth::secret_hash;
use crate::web::error::{ApiError, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The feed as a channel: it queues nothing (its reader fetches it), but its entries heed
/// the reader's switches.
#[derive(Debug, Clone, Copy)]
pub struct AtomFeed;

/// The channel's stored name and settings' prefix.
pub const NAME: &str = "feed";

impl Channel for AtomFeed {
    fn name(&self) -> &'static str {
        NAME
    }

    fn legend(&self) -> &'static str {
        "Put in my feed"
    }

    fn switches(&self) -> &'static [Switch] {
        &[Switch {
            kind: Kind::Chat,
            label: "in my feed",
            hint: "",
            doc: "Chat messages in one's games in the feed.",
        }]
    }
}

fn time(ms: i64) -> DateTime<FixedOffset> {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .unwrap_or_default()
        .fixed_offset()
}

fn link(href: String) -> Link {
    Link {
        href,
        rel: "alternate".to_owned(),
        ..Link::default()
    }
}

/// The Atom feed of a user's move reminders and finished games.
#[utoipa::path(get, path = "/feeds/{file}", tag = "notifications",
    params(("file" = String, Path, description = "`<secret>.atom`, the secret from `POST /api/v1/me/feed`")),
    responses((status = 200, description = "Atom feed", content_type = "application/atom+xml"),
        (status = 403, description = "`account_suspended`, `account_banned`", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn user_feed(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> ApiResult<Response> {
    let not_found = || ApiError::not_found("feed_not_found", "no such feed");
    let secret = file.strip_suffix(".atom").ok_or_else(not_found)?;
    if secret.is_empty() || secret.len() > 128 {
        return Err(not_found());
    }
    let (user_id, username) = state
        .db
        .user_by_feed_secret(&secret_hash(secret))
        .await?
        .ok_or_else(not_found)?;
    // The feed's secret is a credential like a token: refused while the account is
    // suspended or banned.
    let standing = state.db.user_by_id(user_id).await?.ok_or_else(not_found)?;
    crate::web::standing::Standing::check(standing.suspended_until, standing.banned_at, state.now())?;
    let base = state.config.base_url.trim_end_matches('/').to_owned();
    // A feed reader asks without a person's languages: the account's setting decides.
    let lang = i18n::for_reader(state.db.settings(user_id).await?.language.as_deref());
    let arg = |v: &str| FluentValue::from(v.to_owned());
    let rows = state.db.games_of_user(user_id, false, 200).await?;
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let seats = state.db.seats_of(&ids).await?;
    let mut entries = Vec::new();
    for row in &rows {
        let url = format!("{base}/games/{}", row.id);
        let my_turn = row.status == GameStatus::Active
            && seats
                .iter()
                .any(|s| s.game_id == row.id && s.seat == row.turn && s.user_id == Some(user_id));
        if my_turn {
            let mut summary = lang.count("feed-your-move", row.ply);
            if let Some(t) = row.move_by {
                summary.push(' ');
                summary.push_str(&lang.plain_with("feed-move-by", &[("deadline", arg(&time(t).to_rfc3339()))]));
            }
            let game = lang.game_name(row.variant);
            entries.push(Entry {
                id: format!("urn:herald:game:{}:turn:{}", row.id, row.ply),
                title: Text::plain(
                    lang.plain_with("feed-your-move-title", &[("game", arg(&game)), ("id", arg(&row.id))]),
                ),
                updated: time(row.updated_at),
                links: vec![link(url)],
                summary: Some(Text::plain(summary)),
                ..Entry::default()
            });
        } else if row.status == GameStatus::Finished {
            let result = result_text_in(&lang, row.variant, row.result, row.reason);
            let game = lang.game_name(row.variant);
            entries.push(Entry {
                id: format!("urn:herald:game:{}:finished", row.id),
                title: Text::plain(
                    lang.plain_with("feed-finished-title", &[("id", arg(&row.id)), ("result", arg(&result))]),
                ),
                updated: time(row.finished_at.unwrap_or(row.updated_at)),
                links: vec![link(url)],
                summary: Some(Text::plain(
                    lang.plain_with("feed-finished", &[("game", arg(&game)), ("result", arg(&result))]),
                )),
                ..Entry::default()
            });
        }
    }
    for notice in state.db.notices_of_player(user_id, 50).await? {
        let title = headline_in(&lang, notice.kind, notice.round, &notice.tournament_name);
        let summary = lang.text(match notice.kind {
            NoticeKind::Started | NoticeKind::RoundStarted => "feed-notice-round",
            NoticeKind::Finished => "feed-notice-finished",
            NoticeKind::Cancelled => "feed-notice-cancelled",
        });
        entries.push(Entry {
            id: format!(
                "urn:herald:tournament:{}:{}:{}",
                notice.tournament_id, notice.kind, notice.round
            ),
            title: Text::plain(title),
            updated: time(notice.created_at),
            links: vec![link(format!("{base}/tournaments/{}", notice.tournament_id))],
            summary: Some(Text::plain(summary)),
            ..Entry::default()
        });
    }
    if Switches::of(&state, user_id).await?.on(NAME, Kind::Chat) {
        for message in state.db.chat_notices_of(user_id, 50).await? {
            let author = message.author.clone().unwrap_or_else(|| lang.text("feed-deleted-user"));
            let key = if message.channel > 0 {
                "feed-chat-team-title"
            } else {
                "feed-chat-title"
            };
            entries.push(Entry {
                id: format!("urn:herald:game:{}:chat:{}", message.game_id, message.seq),
                title: Text::plain(lang.plain_with(key, &[("author", arg(&author)), ("id", arg(&message.game_id))])),
                updated: time(message.created_at),
                links: vec![link(format!("{base}/games/{}#chat", message.game_id))],
                // Plain text: a feed reader shows it as typed, never as markup.
                summary: Some(Text::plain(message.body)),
                ..Entry::default()
            });
        }
    }
    entries.sort_by_key(|e| std::cmp::Reverse(e.updated));
    let updated = entries.first().map_or_else(|| time(state.now()), |e| e.updated);
    let feed = Feed {
        id: format!("urn:herald:feed:user:{user_id}"),
        title: Text::plain(lang.plain_with("feed-title", &[("user", arg(&username))])),
        updated,
        authors: vec![Person {
            name: "Herald".to_owned(),
            ..Person::default()
        }],
        links: vec![link(base)],
        entries,
        ..Feed::default()
    };
    Ok((
        [
            (CONTENT_TYPE, "application/atom+xml; charset=utf-8"),
            (CACHE_CONTROL, "private, max-age=60"),
        ],
        feed.to_string(),
    )
        .into_response())
}

/// The feed route (at the root: `/feeds/{secret}.atom`).
pub fn router() -> utoipa_axum::router::OpenApiRouter<AppState> {
    utoipa_axum::router::OpenApiRouter::new().routes(utoipa_axum::routes!(user_feed))
}
