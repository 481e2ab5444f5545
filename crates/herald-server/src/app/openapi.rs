//! The OpenAPI document's shared parts: its header, the Bearer scheme, and the answers
//! every operation can give by the way it is served (bad input, credentials, limits,
//! timeouts, an unavailable database), so that each operation declares every status it
//! can answer and every answer has a description, as OpenAPI 3.1 requires.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use crate::web::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(title = "Herald API", description = "Errors are `{\"error\": {\"code\", \"message\"}}` with stable codes. Times are UTC epoch milliseconds. \
        Request bodies are JSON objects read strictly: unknown fields are refused (400), and a field that is \
        absent or `null` means \"not given\". Webhooks receive signed POSTs (`X-Herald-Signature: sha256=<HMAC>`) whose \
        bodies are the schemas `WebhookPayload` (a game event; `X-Herald-Event`: its kind), `TournamentWebhookPayload` \
        and `ChatWebhookPayload` (`X-Herald-Event: chat_message`)."),
    modifiers(&BearerAuth, &GamesPlayed),
    components(schemas(
        ErrorBody,
        crate::api::notify::webhooks::WebhookPayload,
        crate::api::notify::webhooks::TournamentWebhookPayload,
        crate::api::notify::chat::ChatWebhookPayload
    ))
)]
#[derive(Debug)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Opens the description with the games of the registry.
struct GamesPlayed;

impl Modify for GamesPlayed {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let rest = openapi.info.description.take().unwrap_or_default();
        openapi.info.description = Some(format!(
            "Correspondence play of {}. {rest}",
            crate::pages::view::game_names()
        ));
    }
}

/// What a status means when an operation does not say more.
fn default_description(status: &str) -> &'static str {
    match status {
        "200" => "OK",
        "201" => "Created",
        "204" => "Done; no content",
        "303" => "See the `Location` header",
        "400" => {
            "Bad request: malformed JSON, an unknown or invalid field, or a bad path or query parameter \
                  (`error.code` says which)"
        }
        "401" => "No credentials, or an unknown or revoked token or session",
        "403" => {
            "Not allowed: not your game or turn, a suspended or banned account (`account_suspended`, \
                  `account_banned`), or a cookie-authenticated write without the page's `X-CSRF-Token` \
                  header (`csrf_failed`)"
        }
        "404" => "No such resource",
        "405" => "Method not allowed on this path",
        "408" => "The request took too long and was stopped; a move already committed stays committed",
        "409" => "Conflicts with the current state (`error.code` says how)",
        "413" => "Request body too large",
        "415" => "The body is not declared as `application/json`",
        "422" => "An illegal move; `error.reason` is the rules' reason code",
        "429" => "Too many requests: slow down (see `Retry-After`)",
        "500" => "Unexpected failure (logged on the server)",
        "503" => "The database is unavailable or overloaded: retry later",
        _ => "See `error.code`",
    }
}

fn error_response(status: &str) -> Response {
    ResponseBuilder::new()
        .description(default_description(status))
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
}

fn add_error(operation: &mut Operation, status: &str) {
    if !operation.responses.responses.contains_key(status) {
        operation
            .responses
            .responses
            .insert(status.to_owned(), RefOr::T(error_response(status)));
    }
}

/// Adds the answers that come from how an operation is served, and a description to every
/// answer that has none.
#[derive(Debug)]
pub struct ServedAnswers;

impl Modify for ServedAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for (path, item) in &mut openapi.paths.paths {
            let api = path.starts_with("/api/");
            let operations = [
                (false, item.get.as_mut()),
                (true, item.post.as_mut()),
                (true, item.put.as_mut()),
                (true, item.patch.as_mut()),
                (true, item.delete.as_mut()),
            ];
            for (write, operation) in operations {
                let Some(operation) = operation else { continue };
                let places: Vec<&ParameterIn> = operation
                    .parameters
                    .as_deref()
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|p| match p {
                        RefOr::T(p) => Some(&p.parameter_in),
                        RefOr::Ref(_) => None,
                    })
                    .collect();
                let has_query = places.contains(&&ParameterIn::Query);
                let has_path = places.contains(&&ParameterIn::Path);
                // Every request can time out or find the database unavailable, and a bug is
                // answered 500 with the same body.
                for status in ["408", "500", "503"] {
                    add_error(operation, status);
                }
                if operation.request_body.is_some() {
                    for status in ["400", "413", "415"] {
                        add_error(operation, status);
                    }
                }
                if has_query || has_path {
                    add_error(operation, "400");
                }
                if has_path {
                    add_error(operation, "404");
                }
                // Operations with a credential: a missing or bad one is 401; a suspended or
                // banned account's is 403 (the credential extractor refuses it, whatever the
                // operation), as is a write with the session cookie but without the CSRF
                // token. Operations where a credential is optional declare their 401 themselves.
                let secured = operation.security.as_ref().is_some_and(|s| !s.is_empty());
                if secured {
                    add_error(operation, "401");
                    add_error(operation, "403");
                }
                // Writes are rate limited per client.
                if api && write {
                    add_error(operation, "429");
                }
                for (status, response) in &mut operation.responses.responses {
                    if let RefOr::T(response) = response
                        && response.description.trim().is_empty()
                    {
                        default_description(status).clone_into(&mut response.description);
                    }
                }
            }
        }
    }
}
