//! The API's error type: every failure has a stable code, a status and a message,
//! rendered as `{"error": {"code", "message"}}`. Internal failures are logged and
//! never leak details.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Seconds a client should wait after a 503 (the database restarting, full or locked).
pub const UNAVAILABLE_RETRY_AFTER: &str = "5";

/// Everything a request can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed request: bad JSON, a missing or invalid field (400).
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// No or invalid credentials (401).
    #[error("{message}")]
    Unauthorized { code: &'static str, message: String },
    /// Authenticated but not allowed: not your game, not your turn (403).
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    /// No such resource (404).
    #[error("{message}")]
    NotFound { code: &'static str, message: String },
    /// The request clashes with the current state: stale ply, game over, name taken (409).
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// No such method on this path (405).
    #[error("method not allowed on this path")]
    MethodNotAllowed,
    /// Request body too large (413).
    #[error("request body too large")]
    PayloadTooLarge,
    /// Wrong content type (415).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Well-formed but refused by the rules: e.g. conditional lines with an illegal move (422).
    #[error("{message}")]
    Unprocessable { code: &'static str, message: String },
    /// An illegal move, with the rules crate's reason code (422).
    #[error("{message}")]
    IllegalMove { reason: &'static str, message: String },
    /// Too many requests (429).
    #[error("too many requests, slow down")]
    RateLimited,
    /// The request took longer than the configured timeout (408); a move that was
    /// already committed stays committed, so the client reloads the game.
    #[error("the request took too long and was stopped; reload to see the current state")]
    Timeout,
    /// Too many passwords are being checked at once (503); try again in a moment.
    #[error("the server is busy checking other passwords; try again in a few seconds")]
    Busy,
    /// The database is unreachable or overloaded (503).
    #[error("service unavailable")]
    Unavailable,
    /// A bug or an unexpected failure (500); details, with the error that caused it, go to
    /// the log only.
    #[error("internal error: {0}")]
    Internal(#[from] InternalError),
}

/// What caused an internal error: kept whole (with its own sources) for the log.
pub type InternalError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// What was being done when an unexpected error happened, with that error as its source:
/// the log reads `what: cause: …` and the cause's own type survives.
#[derive(Debug, thiserror::Error)]
#[error("{what}")]
pub struct While {
    what: String,
    #[source]
    source: InternalError,
}

impl While {
    #[must_use]
    pub fn new(what: String, source: InternalError) -> While {
        While { what, source }
    }
}

/// An error and its sources, `outer: inner: …`, for the log.
#[must_use]
pub fn error_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// The JSON error body.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// Stable code, human message, and for illegal moves the rules' reason code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    pub code: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            message: message.into(),
        }
    }
    pub fn unauthorized(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Unauthorized {
            code,
            message: message.into(),
        }
    }
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Forbidden {
            code,
            message: message.into(),
        }
    }
    pub fn not_found(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::NotFound {
            code,
            message: message.into(),
        }
    }
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Unprocessable {
            code,
            message: message.into(),
        }
    }

    #[must_use]
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Conflict {
            code,
            message: message.into(),
        }
    }
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::Internal(message.into().into())
    }

    /// An unexpected failure caused by `source` while doing `what`; both go to the log.
    pub fn internal_while(what: impl Into<String>, source: impl std::error::Error + Send + Sync + 'static) -> ApiError {
        ApiError::Internal(Box::new(While::new(what.into(), Box::new(source))))
    }

    /// An unexpected failure caused by `source`, which is kept for the log.
    pub fn internal_from(source: impl std::error::Error + Send + Sync + 'static) -> ApiError {
        ApiError::Internal(Box::new(source))
    }

    /// The HTTP status.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::IllegalMove { .. } | ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Timeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::Unavailable | ApiError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable machine-readable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest { code, .. }
            | ApiError::Unauthorized { code, .. }
            | ApiError::Forbidden { code, .. }
            | ApiError::NotFound { code, .. }
            | ApiError::Conflict { code, .. }
            | ApiError::Unprocessable { code, .. } => code,
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::PayloadTooLarge => "payload_too_large",
            ApiError::UnsupportedMediaType(_) => "unsupported_media_type",
            ApiError::IllegalMove { .. } => "illegal_move",
            ApiError::RateLimited => "rate_limited",
            ApiError::Timeout => "timeout",
            ApiError::Unavailable => "unavailable",
            ApiError::Busy => "busy",
            ApiError::Internal(_) => "internal",
        }
    }

    fn body(&self) -> ErrorBody {
        let message = match self {
            ApiError::Internal(_) => "internal error".to_owned(),
            other => other.to_string(),
        };
        let reason = match self {
            ApiError::IllegalMove { reason, .. } => Some((*reason).to_owned()),
            _ => None,
        };
        ErrorBody {
            error: ErrorDetail {
                code: self.code().to_owned(),
                message,
                reason,
            },
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match &self {
            ApiError::Internal(source) => tracing::error!(detail = %error_chain(source.as_ref()), "internal error"),
            // The cause was logged where the database error was turned into this one.
            ApiError::Unavailable => tracing::debug!("answered: database unavailable"),
            _ => tracing::debug!(code = self.code(), message = %self, "request refused"),
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        self.add_retry_after(&mut response);
        response
    }
}

impl ApiError {
    /// `Retry-After` on the answers that mean "come back later".
    pub(crate) fn add_retry_after(&self, response: &mut Response) {
        let value = match self {
            ApiError::Unavailable => HeaderValue::from_static(UNAVAILABLE_RETRY_AFTER),
            ApiError::Busy => HeaderValue::from_static("2"),
            ApiError::RateLimited => HeaderValue::from_static("1"),
            _ => return,
        };
        response.headers_mut().entry(RETRY_AFTER).or_insert(value);
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> ApiError {
        if crate::storage::is_unavailable(&error) {
            tracing::warn!(%error, "database unavailable");
            ApiError::Unavailable
        } else if crate::storage::is_transaction_conflict(&error) {
            // A deadlock or serialisation failure is a lock-order bug to fix, but the
            // client's request was not wrong: it may simply be sent again.
            tracing::warn!(%error, "transaction conflict: answered 503");
            ApiError::Unavailable
        } else {
            ApiError::internal_from(error)
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(rejection.body_text()),
            _ => ApiError::bad_request("malformed_json", rejection.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::bad_request("bad_path", plain_words(&rejection.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request("bad_query", plain_words(&rejection.body_text()))
    }
}

/// Path and query rejections without Rust type names (axum says "Cannot parse `x` to a
/// `i64`"; serde says "expected u8").
fn plain_words(message: &str) -> String {
    let mut out = message.to_owned();
    for (rust, words) in [
        ("a `i64`", "an integer"),
        ("a `i32`", "an integer"),
        ("a `u64`", "a non-negative integer"),
        ("a `u32`", "a non-negative integer"),
        ("a `u8`", "an integer from 0 to 255"),
        ("a `bool`", "`true` or `false`"),
        ("a `f64`", "a number"),
    ] {
        out = out.replace(rust, words);
    }
    json_words(&out)
}

/// A JSON request body read strictly, as the OpenAPI document describes it: the body is an
/// object (serde would also take an array for a struct), integer-valued numbers such as
/// `1.0` are integers (as JSON Schema says), and errors name the field and JSON types, never
/// Rust ones. Unknown fields are refused by `#[serde(deny_unknown_fields)]` on each request
/// type. Rejections are our JSON errors (415 wrong content type, 413 too large, 400).
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = <Json<serde_json::Value> as axum::extract::FromRequest<S>>::from_request(req, state).await?;
        strict_from_value(value).map(ApiJson)
    }
}

/// [`ApiJson`]'s reading of a body already in hand (an optional body read as bytes).
///
/// # Errors
/// 400 `malformed_json` for bad JSON, a body that is not an object, or a wrong field.
pub fn strict_from_slice<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> ApiResult<T> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
        ApiError::bad_request(
            "malformed_json",
            format!(
                "Failed to parse the request body as JSON: {}",
                json_words(&e.to_string())
            ),
        )
    })?;
    strict_from_value(value)
}

fn strict_from_value<T: serde::de::DeserializeOwned>(mut value: serde_json::Value) -> ApiResult<T> {
    if !value.is_object() {
        return Err(ApiError::bad_request(
            "malformed_json",
            format!("the request body must be a JSON object, not {}", json_type(&value)),
        ));
    }
    integers_as_integers(&mut value);
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let message = json_words(&e.inner().to_string());
        ApiError::bad_request(
            "malformed_json",
            if path == "." {
                message
            } else {
                format!("`{path}`: {message}")
            },
        )
    })
}

fn json_type(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// JSON Schema's `integer` includes `1.0`; serde's integers do not. Integer-valued numbers
/// in the i64 range become integers before deserializing.
fn integers_as_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| n.is_f64())
                && f.fract() == 0.0
                && (-(2_f64.powi(63))..2_f64.powi(63)).contains(&f)
            {
                #[allow(clippy::cast_possible_truncation)]
                let int = f as i64;
                *n = serde_json::Number::from(int);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integers_as_integers),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(integers_as_integers),
        _ => {}
    }
}

/// Serde's messages in JSON's words: `expected i64` names a Rust type, a client knows
/// integers; `map` and `sequence` are objects and arrays.
fn json_words(message: &str) -> String {
    if message.starts_with("data did not match any variant of untagged enum") {
        return "the value has none of the accepted forms (see the API document)".to_owned();
    }
    let Some((head, expected)) = message.split_once(", expected ") else {
        return message.to_owned();
    };
    let head = head
        .replace("invalid type: map", "invalid type: object")
        .replace("invalid type: sequence", "invalid type: array")
        .replace("invalid type: unit value", "invalid type: null")
        .replace("floating point", "number")
        .replace("invalid value: integer", "invalid value: number")
        .replace("invalid type: integer", "invalid type: number");
    // serde_json appends the position: keep it after the translated expectation.
    let (expected, tail) = match expected.find(" at line ") {
        Some(at) => expected.split_at(at),
        None => (expected, ""),
    };
    let words = match expected {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "an integer",
        "u8" => "an integer from 0 to 255",
        "u16" | "u32" | "u64" | "u128" | "usize" => "a non-negative integer",
        "f32" | "f64" => "a number",
        "a sequence" => "an array",
        "a map" => "an object",
        "unit" => "null",
        "option" => "a value or null",
        e if e.starts_with("struct ") || e.starts_with("tuple struct ") => "an object",
        e if e.starts_with("enum ") || e.starts_with("unit variant") => "one of the documented strings",
        e => e,
    };
    format!("{head}, expected {words}{tail}")
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// `axum::extract::Query` whose rejections are our JSON errors.
#[derive(Debug, Clone, Copy, Default, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// `axum::extract::Path` whose rejections are our JSON errors.
#[derive(Debug, Clone, Copy, Default, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// Result alias for handlers and services.
pub type ApiResult<T> = Result<T, ApiError>;
