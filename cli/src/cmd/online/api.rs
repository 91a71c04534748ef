//! The HTTP client of the `--server` commands (and of the load benchmark,
//! `cli/examples/bench_server.rs`, which includes this file): JSON in and
//! out under `/api/`, keys in `Authorization: Bearer`, as docs/server.md
//! says.
//!
//! Every request has a timeout, every reply is read up to a stated bound,
//! and every error the server gives is shown with its message and code.
//! A 503 (the server's AI queue is full), or a 429 with `Retry-After`
//! (too many requests), is waited out as `Retry-After` says and sent
//! again; a request that is safe to repeat
//! (a read, or a move, which names the ply it answers and is applied
//! once) is also sent again after a network error. Nothing else is
//! repeated: a second entry or a second event would not be the first.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::Value;
use ureq::http::{Method, Request};

/// How long one request may take, reply included (an entry to an equal
/// event is dealt on the server's AI pool and may take seconds).
pub const TIMEOUT: Duration = Duration::from_secs(60);
/// How long connecting may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest reply read, but for an export: a board view, an event or
/// the standings of 100,000 entrants are far smaller.
pub const MAX_REPLY: u64 = 16 << 20;
/// The longest export read: a result file of every entrant.
pub const MAX_EXPORT: u64 = 512 << 20;
/// The longest error reply read: an error is one sentence.
const MAX_ERROR: u64 = 64 << 10;
/// The longest wait a `Retry-After` is taken for, in seconds.
const MAX_RETRY_AFTER: u64 = 60;
/// How many times a 503 is waited out before giving up.
const BUSY_TRIES: u32 = 30;
/// How many times a repeatable request is sent again after a network error.
const NETWORK_TRIES: u32 = 5;

/// Why a request failed.
#[derive(Debug)]
pub enum ApiError {
    /// The server answered with an error: its status, the API's code
    /// (`stale-ply`, `name-taken`, ...), its message, and for a stale
    /// move the current ply.
    Server {
        status: u16,
        code: String,
        message: String,
        ply: Option<u64>,
    },
    /// No answer: the connection failed or timed out.
    Network(String),
    /// An answer that is not what the API says (not JSON, too long,
    /// missing a field).
    Reply(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Server {
                status,
                code,
                message,
                ply,
            } => {
                if code.is_empty() {
                    write!(f, "the server answered {status}: {message}")?;
                } else {
                    write!(f, "the server answered {status} ({code}): {message}")?;
                }
                match ply {
                    Some(ply) => write!(f, " (the board is at ply {ply})"),
                    None => Ok(()),
                }
            }
            ApiError::Network(e) => write!(f, "no answer from the server: {e}"),
            ApiError::Reply(e) => write!(f, "the server's reply is not the API's: {e}"),
        }
    }
}

impl ApiError {
    /// The API's error code, if the server gave one.
    pub fn code(&self) -> Option<&str> {
        match self {
            ApiError::Server { code, .. } => Some(code),
            _ => None,
        }
    }
}

/// Whether a request may be sent again after a network error (it may
/// have been applied already): reads and moves may, creating may not.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    /// Only a 503's, when the server did nothing.
    WhenBusy,
    /// Also after a network error: the request is applied once however
    /// often it arrives.
    Always,
}

/// A server, by its address (`http://127.0.0.1:8080`, or a prefix under
/// which it is served).
pub struct Server {
    base: String,
    agent: ureq::Agent,
    /// 503s waited out and requests sent again after a network error, for
    /// the benchmark's count.
    pub busy: AtomicU64,
    pub resent: AtomicU64,
}

/// A site's address, checked: http:// or https://, a host, and no query,
/// fragment or spaces, so that `ADDRESS/#/...` and `ADDRESS/api/...` are
/// links to it (and never, say, a `javascript:` one). Trimmed.
pub fn site_address(url: &str) -> Result<&str, String> {
    let url = url.trim();
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
        .ok_or_else(|| format!("'{url}' is not a site's address: it starts with http:// or https://"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return Err(format!("'{url}' names no host"));
    }
    if rest.contains(['?', '#']) || rest.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "'{url}' is not a site's address: no query, fragment or spaces (as https://HOST/PATH/ or http://HOST:PORT)"
        ));
    }
    Ok(url)
}

impl Server {
    /// The server at `url`: `http://` or `https://`, a host, and an
    /// optional path, no query. Each request times out after `timeout`.
    pub fn new(url: &str, timeout: Duration) -> Result<Server, String> {
        let url = site_address(url)?;
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .timeout_connect(Some(CONNECT_TIMEOUT.min(timeout)))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("ddz/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        Ok(Server {
            base: url.trim_end_matches('/').to_string(),
            agent,
            busy: AtomicU64::new(0),
            resent: AtomicU64::new(0),
        })
    }

    /// The address requests go to.
    pub fn url(&self) -> &str {
        &self.base
    }

    /// `GET /api/PATH`, its JSON.
    pub fn get(&self, path: &str, key: Option<&str>) -> Result<Value, ApiError> {
        json(&self.send(Method::GET, path, key, None, MAX_REPLY, Repeat::Always)?)
    }

    /// `GET /api/PATH` read up to `limit` bytes, as text.
    pub fn get_text(&self, path: &str, key: Option<&str>, limit: u64) -> Result<String, ApiError> {
        self.send(Method::GET, path, key, None, limit, Repeat::Always)
    }

    /// `POST /api/PATH` with a JSON body, its JSON.
    pub fn post(&self, path: &str, key: Option<&str>, body: &Value, repeat: Repeat) -> Result<Value, ApiError> {
        json(&self.send(Method::POST, path, key, Some(body), MAX_REPLY, repeat)?)
    }

    fn send(
        &self,
        method: Method,
        path: &str,
        key: Option<&str>,
        body: Option<&Value>,
        limit: u64,
        repeat: Repeat,
    ) -> Result<String, ApiError> {
        let url = format!("{}/api/{path}", self.base);
        let body = body.map(Value::to_string);
        let (mut busy, mut resent) = (0, 0);
        loop {
            match self.once(&method, &url, key, body.as_deref(), limit) {
                Ok(Reply::Busy { wait, error }) => {
                    if busy >= BUSY_TRIES {
                        return Err(error);
                    }
                    busy += 1;
                    self.busy.fetch_add(1, Ordering::Relaxed);
                    std::thread::sleep(wait);
                }
                Ok(Reply::Done(text)) => return Ok(text),
                Err(ApiError::Network(e)) if repeat == Repeat::Always && resent < NETWORK_TRIES => {
                    resent += 1;
                    self.resent.fetch_add(1, Ordering::Relaxed);
                    // 0.2, 0.4, 0.8, 1.6, 3.2 s: a restarting server has time to come back.
                    std::thread::sleep(Duration::from_millis(100 << resent));
                    let _ = e;
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// One request: the reply's text on success, a 503's wait, or the error.
    fn once(
        &self,
        method: &Method,
        url: &str,
        key: Option<&str>,
        body: Option<&str>,
        limit: u64,
    ) -> Result<Reply, ApiError> {
        let mut request = Request::builder()
            .method(method.clone())
            .uri(url)
            .header("Accept", "application/json");
        if let Some(key) = key {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        let sent = match body {
            Some(body) => request
                .header("Content-Type", "application/json")
                .body(body.to_string())
                .map(|r| self.agent.run(r)),
            None => request.body(()).map(|r| self.agent.run(r)),
        };
        let mut response = sent
            .map_err(|e| ApiError::Reply(format!("{url} is not an address a request can go to: {e}")))?
            .map_err(|e| ApiError::Network(format!("{url}: {e}")))?;
        let status = response.status().as_u16();
        if (200..300).contains(&status) {
            let text = read(response.body_mut(), limit, url)?;
            return Ok(Reply::Done(text));
        }
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        let text = read(response.body_mut(), MAX_ERROR, url).unwrap_or_default();
        let error = server_error(status, &text);
        // 503: the AI queue is full; 429: too many requests. Either way
        // nothing was done, and the server says when to come back.
        if status == 503 || (status == 429 && retry_after.is_some()) {
            // Without Retry-After, a second; a zero, a tenth of one.
            let wait = match retry_after {
                Some(0) => Duration::from_millis(100),
                Some(s) => Duration::from_secs(s.min(MAX_RETRY_AFTER)),
                None => Duration::from_secs(1),
            };
            return Ok(Reply::Busy { wait, error });
        }
        Err(error)
    }
}

enum Reply {
    Done(String),
    Busy { wait: Duration, error: ApiError },
}

/// A reply's body, read up to `limit` bytes.
fn read(body: &mut ureq::Body, limit: u64, url: &str) -> Result<String, ApiError> {
    body.with_config().limit(limit).read_to_string().map_err(|e| match e {
        ureq::Error::BodyExceedsLimit(_) => ApiError::Reply(format!(
            "{url}: the reply is longer than {limit} bytes, more than the API ever sends"
        )),
        e => ApiError::Network(format!("{url}: reading the reply: {e}")),
    })
}

fn json(text: &str) -> Result<Value, ApiError> {
    serde_json::from_str(text).map_err(|e| ApiError::Reply(format!("not JSON ({e})")))
}

/// An error reply: `{"error", "code", "ply"?}`, or whatever text it is
/// (cut short, without control characters). Also the table client's, for
/// a WebSocket handshake the server refused.
pub fn server_error(status: u16, text: &str) -> ApiError {
    let parsed: Option<Value> = serde_json::from_str(text).ok();
    let field = |name: &str| parsed.as_ref().and_then(|v| v.get(name));
    let message = match field("error").and_then(Value::as_str) {
        Some(m) => m.to_string(),
        None => {
            let plain: String = text.chars().filter(|c| !c.is_control()).take(200).collect();
            if plain.trim().is_empty() {
                "(no message)".to_string()
            } else {
                plain
            }
        }
    };
    ApiError::Server {
        status,
        code: field("code").and_then(Value::as_str).unwrap_or_default().to_string(),
        message,
        ply: field("ply").and_then(Value::as_u64),
    }
}

/// The event id in a link (`…#/contest?online=ID&…`), or the text
/// itself when it holds none.
pub fn event_id_in(text: &str) -> &str {
    let text = text.trim();
    match text.split_once("?") {
        Some((_, query)) => query
            .split('&')
            .find_map(|pair| pair.strip_prefix("online="))
            .unwrap_or(text),
        None => text,
    }
}

/// Whether `text` is an online event's id: 12 characters of `[a-z0-9]`.
pub fn is_event_id(text: &str) -> bool {
    text.len() == 12 && text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// Whether `text` is a key with `prefix` (`org_`, `ent_`): the prefix and
/// 32 lowercase hex digits.
pub fn is_key(text: &str, prefix: &str) -> bool {
    text.strip_prefix(prefix)
        .is_some_and(|hex| hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

/// A field of a reply, or why the reply is not the API's.
pub fn field<'a>(value: &'a Value, name: &str) -> Result<&'a Value, ApiError> {
    value
        .get(name)
        .ok_or_else(|| ApiError::Reply(format!("no field '{name}' in {}", short(value))))
}

/// A string field of a reply.
pub fn str_field<'a>(value: &'a Value, name: &str) -> Result<&'a str, ApiError> {
    field(value, name)?
        .as_str()
        .ok_or_else(|| ApiError::Reply(format!("'{name}' is not a string in {}", short(value))))
}

/// A number field of a reply.
pub fn u64_field(value: &Value, name: &str) -> Result<u64, ApiError> {
    field(value, name)?
        .as_u64()
        .ok_or_else(|| ApiError::Reply(format!("'{name}' is not a count in {}", short(value))))
}

/// A reply cut to a readable length, for a message.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        assert!(Server::new("http://127.0.0.1:8080", TIMEOUT).is_ok());
        assert_eq!(Server::new("http://h/ddz/", TIMEOUT).unwrap().url(), "http://h/ddz");
        for bad in [
            "127.0.0.1:8080",
            "ftp://h",
            "http://",
            "http:///x",
            "http://h/?a=1",
            "http://h/#x",
            "http://a b",
        ] {
            assert!(Server::new(bad, TIMEOUT).is_err(), "{bad}");
        }
    }

    #[test]
    fn ids_and_keys() {
        assert_eq!(
            event_id_in("https://x.org/ddz/#/contest?online=abc123def456"),
            "abc123def456"
        );
        assert_eq!(
            event_id_in("http://h/#/contest?board=2&online=abc123def456"),
            "abc123def456"
        );
        assert_eq!(event_id_in(" abc123def456 "), "abc123def456");
        assert!(is_event_id("abc123def456"));
        assert!(!is_event_id("ABC123def456"));
        assert!(!is_event_id("abc123def45"));
        assert!(is_key(&format!("org_{}", "0a".repeat(16)), "org_"));
        assert!(!is_key(&format!("ent_{}", "0a".repeat(16)), "org_"));
        assert!(!is_key(&format!("org_{}", "0A".repeat(16)), "org_"));
        assert!(!is_key("org_12", "org_"));
    }

    #[test]
    fn errors_keep_the_servers_message() {
        let e = server_error(409, r#"{"error":"the board has moved on","code":"stale-ply","ply":7}"#);
        assert_eq!(
            e.to_string(),
            "the server answered 409 (stale-ply): the board has moved on (the board is at ply 7)"
        );
        assert!(matches!(e, ApiError::Server { ply: Some(7), .. }));
        let e = server_error(502, "<html>\u{7}bad gateway</html>");
        assert_eq!(e.to_string(), "the server answered 502: <html>bad gateway</html>");
        assert_eq!(
            server_error(500, "").to_string(),
            "the server answered 500: (no message)"
        );
    }

    /// A server that answers 503 with Retry-After: 0 once, then 200: the
    /// request is waited out and sent again; a 413 is not.
    #[test]
    fn a_busy_server_is_waited_out() {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let reply = |status: &str, extra: &str, body: &str| {
            format!(
                "HTTP/1.1 {status}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
        };
        let replies = [
            reply(
                "503 Service Unavailable",
                "Retry-After: 0\r\n",
                r#"{"error":"busy","code":"ai-queue-full"}"#,
            ),
            reply("200 OK", "", r#"{"ok":true}"#),
            reply(
                "413 Payload Too Large",
                "",
                r#"{"error":"too long","code":"too-large"}"#,
            ),
        ];
        let serve = std::thread::spawn(move || {
            for reply in replies {
                let (mut stream, _) = listener.accept().unwrap();
                let mut buf = [0u8; 4096];
                let _ = stream.read(&mut buf);
                stream.write_all(reply.as_bytes()).unwrap();
            }
        });
        let server = Server::new(&format!("http://127.0.0.1:{port}"), Duration::from_secs(5)).unwrap();
        let ok = server.get("health", None).unwrap();
        assert_eq!(ok["ok"], true);
        assert_eq!(server.busy.load(Ordering::Relaxed), 1);
        let e = server
            .post("events", None, &serde_json::json!({}), Repeat::WhenBusy)
            .unwrap_err();
        assert_eq!(e.code(), Some("too-large"));
        serve.join().unwrap();
    }

    /// A reply past the bound is refused, not read on.
    #[test]
    fn replies_are_bounded() {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let serve = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let body = "x".repeat(2000);
            let _ = stream.write_all(
                format!("HTTP/1.1 200 OK\r\nContent-Length: 2000\r\nConnection: close\r\n\r\n{body}").as_bytes(),
            );
        });
        let server = Server::new(&format!("http://127.0.0.1:{port}"), Duration::from_secs(5)).unwrap();
        let e = server.get_text("export", None, 1000).unwrap_err();
        assert!(e.to_string().contains("longer than 1000 bytes"), "{e}");
        serve.join().unwrap();
    }

    /// A server that accepts and never answers: the request times out.
    #[test]
    fn a_silent_server_times_out() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let hold = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            std::thread::sleep(Duration::from_millis(1500));
            drop(stream);
        });
        let server = Server::new(&format!("http://127.0.0.1:{port}"), Duration::from_millis(500)).unwrap();
        let started = std::time::Instant::now();
        let e = server
            .post("events", None, &serde_json::json!({}), Repeat::WhenBusy)
            .unwrap_err();
        assert!(matches!(e, ApiError::Network(_)), "{e}");
        assert!(
            e.to_string().contains("imeout") || e.to_string().contains("timed out"),
            "{e}"
        );
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
        hold.join().unwrap();
    }

    /// Nobody listening: a network error, sent again (a read), then given up.
    #[test]
    fn no_server_is_a_network_error() {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let server = Server::new(&format!("http://127.0.0.1:{port}"), Duration::from_secs(2)).unwrap();
        let e = server
            .post("events", None, &serde_json::json!({}), Repeat::WhenBusy)
            .unwrap_err();
        assert!(matches!(e, ApiError::Network(_)), "{e}");
        assert_eq!(server.resent.load(Ordering::Relaxed), 0);
    }
}
