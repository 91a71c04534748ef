//! The server's JSON API as the app calls it (docs/server.md): one
//! `fetch` per call, async, off nothing (the server does the work). Whether
//! the site is served by a server at all is asked once, at start
//! ([`probe`]), and shared as a context ([`Server`]). The answers' types
//! are the pages' (the contest's in `pages/contest/online/api.rs`).

use serde::de::DeserializeOwned;
use serde::Deserialize;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Whether the page is served by ddz-server (`GET api/health` said ok).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Server(pub bool);

/// A refusal: the HTTP status and the server's `{"error", "code"}` (code
/// `network` when no answer came).
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    pub status: u16,
    pub code: String,
    pub message: String,
    /// The board's ply now, with `stale-ply`.
    pub ply: Option<usize>,
}

impl ApiError {
    fn network(why: JsValue) -> ApiError {
        ApiError {
            status: 0,
            code: "network".into(),
            message: why.as_string().unwrap_or_default(),
            ply: None,
        }
    }
}

#[derive(Deserialize)]
struct ErrorBody {
    error: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    ply: Option<usize>,
}

/// `method` on `api/PATH` (relative to the page), with the key as a bearer
/// token and a JSON body: the answer's text, or the refusal.
pub async fn text(method: &str, path: &str, key: Option<&str>, body: Option<String>) -> Result<String, ApiError> {
    let window = web_sys::window().ok_or_else(|| ApiError::network(JsValue::NULL))?;
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    let headers = web_sys::Headers::new().map_err(ApiError::network)?;
    let _ = headers.set("Accept", "application/json");
    if let Some(key) = key {
        let _ = headers.set("Authorization", &format!("Bearer {key}"));
    }
    if let Some(body) = &body {
        let _ = headers.set("Content-Type", "application/json");
        init.set_body(&JsValue::from_str(body));
    }
    init.set_headers(&headers);
    let answer = JsFuture::from(window.fetch_with_str_and_init(&format!("api/{path}"), &init))
        .await
        .map_err(ApiError::network)?;
    let response: web_sys::Response = answer.dyn_into().map_err(ApiError::network)?;
    let text = JsFuture::from(response.text().map_err(ApiError::network)?)
        .await
        .map_err(ApiError::network)?
        .as_string()
        .unwrap_or_default();
    if response.ok() {
        return Ok(text);
    }
    let status = response.status();
    Err(match serde_json::from_str::<ErrorBody>(&text) {
        Ok(b) => ApiError {
            status,
            code: b.code,
            message: b.error,
            ply: b.ply,
        },
        Err(_) => ApiError {
            status,
            code: String::new(),
            message: format!("HTTP {status}"),
            ply: None,
        },
    })
}

/// [`text`], read as `T`.
pub async fn call<T: DeserializeOwned>(
    method: &str,
    path: &str,
    key: Option<&str>,
    body: Option<String>,
) -> Result<T, ApiError> {
    let text = text(method, path, key, body).await?;
    serde_json::from_str(&text).map_err(|e| ApiError {
        status: 200,
        code: "bad-answer".into(),
        message: e.to_string(),
        ply: None,
    })
}

/// Whether the site is served by ddz-server: `GET api/health` answers
/// `{"ok": true}`.
pub async fn probe() -> bool {
    #[derive(Deserialize)]
    struct Health {
        ok: bool,
    }
    call::<Health>("GET", "health", None, None).await.is_ok_and(|h| h.ok)
}

/// A JSON string, quoted and escaped.
pub fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn quoted_escapes_as_json() {
        assert_eq!(super::quoted("a\"b"), r#""a\"b""#);
    }
}
