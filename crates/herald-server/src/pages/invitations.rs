//! A member's invitation links (`/invitations`), when the site lets members invite
//! (administrators manage everyone's at `/admin/invitations`). Same service as
//! `/api/v1/invitations`: the code is shown once, at creation.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;

use super::time::local_in;
use super::{Ctx, PageResult, SignedIn, see_other};
use crate::api::admin::invitations::{self, CreateInvitation, InvitationView};
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "invitations.html")]
struct InvitationsPage {
    ctx: Ctx,
    invitations: Vec<InvitationView>,
}

impl InvitationsPage {
    fn at(&self, ms: &i64) -> String {
        local_in(&self.ctx.lang, *ms, self.ctx.time_zone())
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "message.html")]
struct MessagePage {
    ctx: Ctx,
    title: String,
    message: String,
    secret: Option<String>,
    back: String,
}

async fn page(State(state): State<AppState>, s: SignedIn) -> PageResult<Response> {
    invitations::may_invite(&state, &s.user.auth()).await?;
    let invitations = invitations::list(&state, Some(s.user.id), None, 100).await?;
    Ok(InvitationsPage {
        ctx: s.ctx,
        invitations,
    }
    .into_response())
}

#[derive(Debug, Deserialize)]
struct InvitationForm {
    max_uses: Option<String>,
    expires_in_days: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

/// Also the administrators' form (`/admin/invitations` posts its own route).
async fn create(State(state): State<AppState>, s: SignedIn, Form(form): Form<InvitationForm>) -> PageResult<Response> {
    let number = |v: &Option<String>| v.as_deref().and_then(|t| t.trim().parse::<i64>().ok());
    let body = CreateInvitation {
        max_uses: number(&form.max_uses),
        expires_in_days: number(&form.expires_in_days),
        note: form.note,
    };
    let created = invitations::create(&state, &s.user.auth(), body).await?;
    let title = s.ctx.t("tour-invitation-created");
    let message = s.ctx.count("tour-invitation-created-text", created.invitation.max_uses);
    Ok(MessagePage {
        ctx: s.ctx,
        title,
        message,
        secret: Some(created.url),
        back: "/invitations".to_owned(),
    }
    .into_response())
}

async fn revoke(State(state): State<AppState>, s: SignedIn, Path(id): Path<i64>) -> PageResult<Response> {
    invitations::revoke(&state, &s.user.auth(), id).await?;
    Ok(see_other("/invitations"))
}

/// `/invitations…`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/invitations", get(page).post(create))
        .route("/invitations/{id}/revoke", post(revoke))
}
