//! The table's WebSocket (docs/tables.md, "WebSocket messages"): a
//! blocking tungstenite client, `wss://` through rustls with the webpki
//! roots built in. Connecting, every write and every read has a timeout,
//! and a message is read up to a stated bound.

use std::io::ErrorKind;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use serde::Serialize;
use tungstenite::client::IntoClientRequest;
use tungstenite::handshake::HandshakeError;
use tungstenite::http::Uri;
use tungstenite::protocol::WebSocketConfig;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::cmd::online::api::{self, ApiError};

/// How long connecting, and then the handshake, may each take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one write may take.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest message read: a frame is a few kilobytes.
const MAX_MESSAGE: usize = 1 << 20;

/// An open WebSocket to a table.
pub struct Socket {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    /// The same TCP socket, to set the read timeout of each read.
    tcp: TcpStream,
    url: String,
}

impl Socket {
    /// Connects to `url` (`ws://…` or `wss://…`); a refusal of the
    /// handshake is the server's error, with its status and message.
    pub fn connect(url: &str) -> Result<Socket, ApiError> {
        let request = url
            .into_client_request()
            .map_err(|e| ApiError::Reply(format!("{url} is not a WebSocket address: {e}")))?;
        let tcp = tcp_connect(url, request.uri())?;
        let network = |e: std::io::Error| ApiError::Network(format!("{url}: {e}"));
        tcp.set_read_timeout(Some(CONNECT_TIMEOUT)).map_err(network)?;
        tcp.set_write_timeout(Some(WRITE_TIMEOUT)).map_err(network)?;
        tcp.set_nodelay(true).map_err(network)?;
        let handle = tcp.try_clone().map_err(network)?;
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE))
            .max_frame_size(Some(MAX_MESSAGE));
        let (ws, _) = tungstenite::client_tls_with_config(request, tcp, Some(config), None).map_err(|e| match e {
            HandshakeError::Interrupted(_) => ApiError::Network(format!(
                "{url}: no answer to the WebSocket handshake within {} s",
                CONNECT_TIMEOUT.as_secs()
            )),
            HandshakeError::Failure(e) => refused(url, e),
        })?;
        Ok(Socket {
            ws,
            tcp: handle,
            url: url.to_string(),
        })
    }

    /// Sends `message` as a JSON text message.
    pub fn send(&mut self, message: &impl Serialize) -> Result<(), ApiError> {
        let text = serde_json::to_string(message)
            .map_err(|e| ApiError::Reply(format!("a message that does not serialise: {e}")))?;
        self.ws
            .send(Message::text(text))
            .map_err(|e| ApiError::Network(format!("{}: sending: {e}", self.url)))
    }

    /// The next text message, waiting at most `timeout`: `None` when none
    /// came by then. The server closing the connection is an error.
    pub fn recv(&mut self, timeout: Duration) -> Result<Option<String>, ApiError> {
        let timeout = timeout.max(Duration::from_millis(1));
        self.tcp
            .set_read_timeout(Some(timeout))
            .map_err(|e| ApiError::Network(format!("{}: {e}", self.url)))?;
        loop {
            match self.ws.read() {
                Ok(Message::Text(text)) => return Ok(Some(text.as_str().to_string())),
                Ok(Message::Close(frame)) => {
                    let why = frame
                        .map(|f| format!(" ({}: {})", f.code, f.reason))
                        .unwrap_or_default();
                    return Err(ApiError::Network(format!(
                        "the server closed the table's connection{why}"
                    )));
                }
                // Pings are answered by tungstenite; binary messages are not the API's.
                Ok(_) => continue,
                Err(tungstenite::Error::Io(e)) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    return Ok(None)
                }
                Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                    return Err(ApiError::Network("the server closed the table's connection".into()))
                }
                Err(e) => return Err(ApiError::Network(format!("{}: reading: {e}", self.url))),
            }
        }
    }

    /// Closes the connection, waiting briefly for the server's answer.
    pub fn close(mut self) {
        let _ = self.ws.close(None);
        let _ = self.tcp.set_read_timeout(Some(Duration::from_secs(2)));
        // Read until the close is answered (an error) or a message limit.
        for _ in 0..100 {
            if self.ws.read().is_err() {
                break;
            }
        }
    }
}

/// A TCP connection to the URL's host, trying each of its addresses.
fn tcp_connect(url: &str, uri: &Uri) -> Result<TcpStream, ApiError> {
    let host = uri
        .host()
        .unwrap_or_default()
        .trim_start_matches('[')
        .trim_end_matches(']');
    let port = uri
        .port_u16()
        .unwrap_or(if uri.scheme_str() == Some("wss") { 443 } else { 80 });
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| ApiError::Network(format!("{url}: {host} cannot be looked up: {e}")))?
        .collect();
    let mut last = None;
    for addr in &addrs {
        match TcpStream::connect_timeout(addr, CONNECT_TIMEOUT) {
            Ok(tcp) => return Ok(tcp),
            Err(e) => last = Some(e),
        }
    }
    Err(ApiError::Network(match last {
        Some(e) => format!("{url}: {e}"),
        None => format!("{url}: {host} has no address"),
    }))
}

/// A failed handshake: the server's answer if it gave one (a 404 for a
/// table that does not exist), else what went wrong.
fn refused(url: &str, e: tungstenite::Error) -> ApiError {
    match e {
        tungstenite::Error::Http(response) => {
            let body = response.body().as_deref().unwrap_or_default();
            api::server_error(response.status().as_u16(), &String::from_utf8_lossy(body))
        }
        e => ApiError::Network(format!("{url}: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpListener;

    /// `wss://` speaks TLS (rustls with its provider, no panic): a server
    /// that answers in plain text is a TLS error.
    #[test]
    fn wss_speaks_tls() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let serve = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut buf = [0u8; 1024];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
        });
        let e = Socket::connect(&format!("wss://127.0.0.1:{port}/api/tables/x/ws"))
            .err()
            .expect("no WebSocket");
        assert!(matches!(e, ApiError::Network(_)), "{e}");
        // rustls read the plain answer as a TLS record.
        assert!(e.to_string().contains("corrupt message"), "{e}");
        serve.join().unwrap();
    }

    /// Nobody listening: said at once.
    #[test]
    fn nobody_listening_is_a_network_error() {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let e = Socket::connect(&format!("ws://127.0.0.1:{port}/api/tables/x/ws"))
            .err()
            .expect("no WebSocket");
        assert!(e.to_string().contains("refused"), "{e}");
    }
}
