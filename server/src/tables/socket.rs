//! One WebSocket of a table: a chair's holder or a spectator. It says
//! hello first; then every change at the table sends it a fresh frame, and
//! each of its messages is checked, stored, and answered by the frame that
//! the change brings.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use engine::table::{Action, Chair, ClientMessage, ServerMessage, TableError, Viewer};

use super::frame::message;
use super::hub::Snapshot;
use super::store;
use crate::api::AppState;
use crate::error::{ApiError, ApiResult};
use crate::keys;

/// How long a new socket has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// The most messages a socket may send in a second (bursts of 20).
const PER_SECOND: f64 = 10.0;

/// Serves one socket of table `id` until it closes or the server stops.
pub async fn serve(state: Arc<AppState>, id: String, mut socket: WebSocket) {
    let viewer = match tokio::time::timeout(HELLO_WITHIN, hello(&state, &id, &mut socket)).await {
        Ok(Ok(viewer)) => viewer,
        Ok(Err(e)) => return refuse(&mut socket, e).await,
        Err(_) => return refuse(&mut socket, ApiError::unprocessable("no-hello", "say hello first")).await,
    };
    let subscribed = state.hub.subscribe(&id);
    if let Some(changes) = subscribed.driver {
        tokio::spawn(super::driver::drive(state.clone(), id.clone(), changes));
    }
    let mut snapshot = subscribed.snapshot;
    let mut bucket = Bucket::new();
    // The first frame from the table read now: the driver's may be older
    // than this viewer's hello.
    if send_loaded(&state, &id, viewer, &mut socket).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = snapshot.changed() => {
                let loaded = snapshot.borrow_and_update().clone();
                if changed.is_err() || send_snapshot(loaded, viewer, &mut socket).await.is_err() {
                    return;
                }
            }
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    _ => return,
                };
                let answer = if bucket.take() { handle(&state, &id, viewer, &text).await } else { Err(ApiError::too_many(1)) };
                if let Err(e) = answer {
                    if send(&mut socket, &error(&e)).await.is_err() || send_loaded(&state, &id, viewer, &mut socket).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// The viewer the first message names: a seat key's chair (ending its
/// 托管), or a spectator.
async fn hello(state: &AppState, id: &str, socket: &mut WebSocket) -> ApiResult<Viewer> {
    let text = match socket.recv().await {
        Some(Ok(Message::Text(text))) => text,
        _ => return Err(ApiError::unprocessable("no-hello", "say hello first")),
    };
    let ClientMessage::Hello { key } = parse(&text)? else {
        return Err(ApiError::unprocessable("no-hello", "say hello first"));
    };
    let Some(key) = key else {
        return Ok(Viewer::Spectator);
    };
    if !keys::well_formed(&key, keys::SEAT) {
        return Err(ApiError::forbidden("wrong-key", "not a seat key of this table"));
    }
    let chair = store::chair_by_key(&state.db.pool, id, &keys::hash(&key))
        .await?
        .ok_or_else(|| ApiError::forbidden("wrong-key", "not a seat key of this table"))?;
    take_over(state, id, chair).await?;
    Ok(Viewer::Chair(chair))
}

async fn take_over(state: &AppState, id: &str, chair: Chair) -> ApiResult<()> {
    store::set_auto(&state.db.pool, id, chair, false).await?;
    state.hub.notify(&state.db, id).await;
    Ok(())
}

fn parse(text: &str) -> ApiResult<ClientMessage> {
    serde_json::from_str(text).map_err(|e| ApiError::unprocessable("bad-message", format!("not a table message: {e}")))
}

/// Checks and stores one message; the frame its change brings answers it.
async fn handle(state: &AppState, id: &str, viewer: Viewer, text: &str) -> ApiResult<()> {
    let Viewer::Chair(chair) = viewer else {
        return Err(ApiError::forbidden("no-chair", "a spectator does not act"));
    };
    match parse(text)? {
        ClientMessage::Hello { .. } => Err(ApiError::unprocessable("bad-message", "hello was said")),
        ClientMessage::Takeover => take_over(state, id, chair).await,
        ClientMessage::Next => {
            let loaded = load(state, id).await?;
            if loaded.table.current().is_some_and(|d| d.is_finished()) {
                store::ready(&state.db.pool, id, loaded.deal_number(), chair).await?;
                state.hub.notify(&state.db, id).await;
            }
            Ok(())
        }
        ClientMessage::Act { deal, ply, action } => act(state, id, chair, (deal, ply), action).await,
    }
}

async fn act(state: &AppState, id: &str, chair: Chair, at: (u32, usize), action: Action) -> ApiResult<()> {
    let loaded = load(state, id).await?;
    if at != (loaded.deal_number(), loaded.ply()) {
        return Err(stale());
    }
    let mut table = loaded.table.clone();
    table.act(chair, action).map_err(|e| match e {
        TableError::NotYourTurn { .. } => ApiError::conflict("not-your-turn", e.to_string()),
        e => ApiError::unprocessable("illegal", e.to_string()),
    })?;
    if !store::act(&state.db.pool, id, at, chair, action, false).await? {
        return Err(stale());
    }
    if loaded.chairs[chair.index()].as_ref().is_some_and(|s| s.auto) {
        store::set_auto(&state.db.pool, id, chair, false).await?;
    }
    state.hub.notify(&state.db, id).await;
    Ok(())
}

fn stale() -> ApiError {
    ApiError::conflict("stale", "the action answers another deal or ply")
}

async fn load(state: &AppState, id: &str) -> ApiResult<store::Loaded> {
    store::load(&state.db.pool, id)
        .await?
        .ok_or_else(|| ApiError::not_found("no-table", "there is no such table"))
}

/// A frame from the table read now.
async fn send_loaded(state: &AppState, id: &str, viewer: Viewer, socket: &mut WebSocket) -> Result<(), ()> {
    match store::load(&state.db.pool, id).await {
        Ok(Some(loaded)) => send(socket, &message(&loaded, viewer, store::now_ms())).await,
        Ok(None) => Err(()),
        // Storage away: say so, and send the frame at the next change.
        Err(e) => send(socket, &error(&e)).await,
    }
}

/// A frame from the table as the driver published it.
async fn send_snapshot(loaded: Snapshot, viewer: Viewer, socket: &mut WebSocket) -> Result<(), ()> {
    match loaded {
        Some(loaded) => send(socket, &message(&loaded, viewer, store::now_ms())).await,
        None => Ok(()),
    }
}

fn error(e: &ApiError) -> ServerMessage {
    ServerMessage::Error {
        code: e.code.to_string(),
        error: e.message.clone(),
    }
}

async fn send(socket: &mut WebSocket, message: &ServerMessage) -> Result<(), ()> {
    let text = serde_json::to_string(message).map_err(|_| ())?;
    socket.send(Message::Text(Utf8Bytes::from(text))).await.map_err(|_| ())
}

async fn refuse(socket: &mut WebSocket, e: ApiError) {
    let _ = send(socket, &error(&e)).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// A token bucket of [`PER_SECOND`] messages.
struct Bucket {
    tokens: f64,
    at: std::time::Instant,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: 2.0 * PER_SECOND,
            at: std::time::Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = std::time::Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * PER_SECOND).min(2.0 * PER_SECOND);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
