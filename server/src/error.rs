//! Every error the API gives: `{"error": "<English sentence>", "code":
//! "<kebab-code>"}` with a 4xx, or 503 + Retry-After when the AI pool is
//! full. Internal errors are logged and answered with a sentence that
//! tells nothing of the state.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// The board's current ply, for `stale-ply`.
    pub ply: Option<usize>,
    /// Seconds, for 429 and 503.
    pub retry_after: Option<u64>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            ply: None,
            retry_after: None,
        }
    }
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }
    pub fn not_found(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, code, message)
    }
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }
    pub fn stale_ply(current: usize) -> ApiError {
        ApiError {
            ply: Some(current),
            ..ApiError::conflict(
                "stale-ply",
                format!("the move answers another ply: the board is at ply {current}"),
            )
        }
    }
    pub fn busy() -> ApiError {
        ApiError {
            retry_after: Some(2),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server is busy with other moves: try again in a moment",
            )
        }
    }
    pub fn too_many(retry_after: u64) -> ApiError {
        ApiError {
            retry_after: Some(retry_after.max(1)),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate-limited",
                "too many requests: slow down",
            )
        }
    }
    pub fn no_event() -> ApiError {
        ApiError::not_found("no-event", "there is no such event")
    }
    /// A defect or a storage failure: logged here, never described to the client.
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        tracing::error!(error = %what, "internal error");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed to answer; the request was not applied",
        )
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError::internal(format_args!("database: {e}"))
    }
}

/// The JSON body of an error.
pub fn body(message: &str, code: &str, ply: Option<usize>) -> serde_json::Value {
    let mut v = json!({ "error": message, "code": code });
    if let Some(p) = ply {
        v["ply"] = json!(p);
    }
    v
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(body(&self.message, self.code, self.ply))).into_response();
        if let Some(secs) = self.retry_after {
            if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        response
    }
}
