//! The one error type of the API: every refusal is a status and
//! `{"error": {"code", "message"}}`.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// A refusal: the HTTP status, a machine code and a human message.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The status (4xx for client input, 503 when the database fails).
    pub status: StatusCode,
    /// The machine code (`illegal_move`, `not_your_turn`, ...).
    pub code: &'static str,
    /// What was wrong, the crate's own message where there is one.
    pub message: String,
}

/// The body of every error response.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// The error.
    pub error: ErrorDetail,
}

/// The code and message of an error.
#[derive(Serialize, ToSchema)]
pub struct ErrorDetail {
    /// A machine code: bad_request, invalid_json, payload_too_large,
    /// unauthorized, forbidden, not_found, illegal_move, not_your_turn,
    /// game_over, no_pending_offer, conflict, rate_limited, unknown_game,
    /// bad_level, unsupported_media_type, method_not_allowed, unavailable.
    pub code: String,
    /// A human message.
    pub message: String,
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }
    /// 400 bad_request.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }
    /// 404 not_found.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }
    /// 409 conflict.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }
    /// 503 unavailable: the database refused (never for client input).
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }
    /// 422 illegal_move.
    pub fn illegal_move(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", message)
    }
    /// 409 game_over.
    pub fn game_over() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "game_over",
            "the game is already over",
        )
    }
    /// The game with this id does not exist.
    pub fn unknown_id(id: &str) -> ApiError {
        let shown: String = id.chars().take(64).collect();
        ApiError::not_found(format!("there is no game `{shown}`"))
    }
    /// The JSON text of the error body.
    pub fn body_text(&self) -> String {
        serde_json::json!({"error": {"code": self.code, "message": self.message}}).to_string()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            self.body_text(),
        )
            .into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = rejection.status();
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "the body must be JSON, with `Content-Type: application/json`",
            ),
            JsonRejection::JsonSyntaxError(error) => ApiError::new(
                StatusCode::BAD_REQUEST,
                "invalid_json",
                format!("the body is not JSON: {}", error.body_text()),
            ),
            JsonRejection::JsonDataError(error) => ApiError::new(
                StatusCode::BAD_REQUEST,
                "invalid_json",
                format!(
                    "the body is not what this request takes: {}",
                    error.body_text()
                ),
            ),
            JsonRejection::BytesRejection(error) => {
                if status == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "payload_too_large",
                        "the body is larger than 16 KiB",
                    )
                } else {
                    ApiError::bad_request(format!(
                        "the body could not be read: {}",
                        error.body_text()
                    ))
                }
            }
            other => ApiError::bad_request(other.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::not_found(format!("no such resource: {}", rejection.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request(format!("bad query string: {}", rejection.body_text()))
    }
}
