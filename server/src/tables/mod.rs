//! Tables for people (docs/tables.md): thin handlers for creating a
//! table, taking and filling chairs, its history, and its WebSocket.

mod driver;
mod duplicate;
mod frame;
pub mod hub;
mod socket;
mod store;

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State as AxState};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::agents::Rung;
use engine::table::{Chair, Rules, Viewer};
use serde::Deserialize;
use serde_json::json;

use crate::api::{bearer, json_body, AppState};
use crate::error::{ApiError, ApiResult};
use crate::keys;

/// The turn timer's range and default, in seconds.
pub const TURN_SECONDS: std::ops::RangeInclusive<i64> = 5..=300;
const DEFAULT_TURN_SECONDS: i64 = 30;
/// The AI of 托管 and of filled chairs unless the host says otherwise.
const DEFAULT_AI: Rung = Rung::at(7);
/// The longest name at a table, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// The largest WebSocket message a client may send, in bytes.
const MAX_MESSAGE: usize = 4 * 1024;

type St = AxState<Arc<AppState>>;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/tables", post(create))
        .route("/api/tables/{id}", get(show))
        .route("/api/tables/{id}/seats", post(sit))
        .route("/api/tables/{id}/fill", post(fill))
        .route("/api/tables/{id}/history", get(history))
        .route("/api/tables/{id}/ws", get(socket))
        .merge(duplicate::routes())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTable {
    rules: Option<String>,
    turn_seconds: Option<i64>,
    ai: Option<String>,
}

fn rung(text: Option<&str>, default: Rung) -> ApiResult<Rung> {
    text.map_or(Ok(default), |t| {
        t.parse()
            .map_err(|e: engine::agents::RungError| ApiError::unprocessable("bad-ai", format!("ai: {e}")))
    })
}

fn rules(text: Option<&str>) -> ApiResult<Rules> {
    text.map_or(Ok(Rules::default()), |t| {
        t.parse()
            .map_err(|e: engine::table::TableError| ApiError::unprocessable("bad-rules", format!("rules: {e}")))
    })
}

fn turn_seconds(asked: Option<i64>) -> ApiResult<i64> {
    let seconds = asked.unwrap_or(DEFAULT_TURN_SECONDS);
    if !TURN_SECONDS.contains(&seconds) {
        let (lo, hi) = (TURN_SECONDS.start(), TURN_SECONDS.end());
        return Err(ApiError::unprocessable(
            "out-of-range",
            format!("turn_seconds: {lo} to {hi}"),
        ));
    }
    Ok(seconds)
}

async fn create(AxState(state): St, body: Result<Json<NewTable>, JsonRejection>) -> ApiResult<Response> {
    let body = json_body(body)?;
    let rules = rules(body.rules.as_deref())?;
    let turn_seconds = turn_seconds(body.turn_seconds)?;
    let ai = rung(body.ai.as_deref(), DEFAULT_AI)?;
    let id = keys::new_id()?;
    let host_key = keys::new_key(keys::HOST)?;
    store::create(&state.db.pool, &id, rules, turn_seconds, ai, &keys::hash(&host_key)).await?;
    tracing::info!(table = %id, "table created");
    let loaded = find(&state, &id).await?;
    let body = json!({
        "id": id,
        "host_key": host_key,
        "link": format!("{}/#/table/{id}", state.public_url),
        "table": frame::message(&loaded, Viewer::Spectator, store::now_ms()),
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn find(state: &AppState, id: &str) -> ApiResult<store::Loaded> {
    let none = || ApiError::not_found("no-table", "there is no such table");
    if !keys::is_id(id) {
        return Err(none());
    }
    store::load(&state.db.pool, id).await?.ok_or_else(none)
}

async fn show(AxState(state): St, Path(id): Path<String>) -> ApiResult<Response> {
    let loaded = find(&state, &id).await?;
    Ok(Json(frame::message(&loaded, Viewer::Spectator, store::now_ms())).into_response())
}

async fn history(AxState(state): St, Path(id): Path<String>) -> ApiResult<Response> {
    let loaded = find(&state, &id).await?;
    let public = match &loaded.duplicate {
        Some(seating) => {
            let session = duplicate::store::load(&state.db.pool, &seating.id).await?;
            Some(session.map(|s| duplicate::public_boards(&s)).unwrap_or_default())
        }
        None => None,
    };
    Ok(Json(frame::history(&loaded, public.as_deref())).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewSeat {
    name: String,
    chair: Option<Chair>,
}

/// A name as people type it: trimmed, 1 to [`MAX_NAME_CHARS`] characters,
/// no control characters.
fn name(text: &str) -> ApiResult<String> {
    let name = text.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(
            "bad-name",
            format!("name: 1 to {MAX_NAME_CHARS} characters, no control characters"),
        ));
    }
    Ok(name.to_string())
}

/// The chairs to try: the one asked for, or every empty one.
fn wanted(loaded: &store::Loaded, chair: Option<Chair>) -> ApiResult<Vec<Chair>> {
    let free: Vec<Chair> = Chair::ALL
        .into_iter()
        .filter(|c| loaded.chairs[c.index()].is_none())
        .collect();
    match chair {
        Some(c) if free.contains(&c) => Ok(vec![c]),
        Some(c) => Err(ApiError::conflict("chair-taken", format!("chair {c} is taken"))),
        None if free.is_empty() => Err(ApiError::conflict("table-full", "every chair is taken")),
        None => Ok(free),
    }
}

async fn sit(
    AxState(state): St,
    Path(id): Path<String>,
    body: Result<Json<NewSeat>, JsonRejection>,
) -> ApiResult<Response> {
    let body = json_body(body)?;
    let name = name(&body.name)?;
    let loaded = find(&state, &id).await?;
    let seat_key = keys::new_key(keys::SEAT)?;
    for chair in wanted(&loaded, body.chair)? {
        if store::sit(&state.db.pool, &id, chair, &name, Some(&keys::hash(&seat_key)), None).await? {
            state.hub.notify(&state.db, &id).await;
            let body = json!({"chair": chair, "seat_key": seat_key});
            return Ok((StatusCode::CREATED, Json(body)).into_response());
        }
    }
    Err(ApiError::conflict("chair-taken", "the chair was taken meanwhile"))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fill {
    chair: Option<Chair>,
    ai: Option<String>,
}

async fn fill(
    AxState(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Fill>, JsonRejection>,
) -> ApiResult<Response> {
    let body = json_body(body)?;
    let loaded = find(&state, &id).await?;
    let key =
        bearer(&headers).ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "no-key", "the host key is needed"))?;
    // A duplicate session's tables are filled by its organiser.
    let host = match &loaded.duplicate {
        Some(seating) => keys::well_formed(key, keys::ORGANISER) && keys::hash(key) == seating.host_hash,
        None => keys::well_formed(key, keys::HOST) && keys::hash(key) == loaded.host_hash,
    };
    if !host {
        return Err(ApiError::forbidden("wrong-key", "not this table's host key"));
    }
    let ai = rung(body.ai.as_deref(), loaded.ai)?;
    for chair in wanted(&loaded, body.chair)? {
        store::sit(&state.db.pool, &id, chair, &ai.to_string(), None, Some(ai)).await?;
    }
    state.hub.notify(&state.db, &id).await;
    let loaded = find(&state, &id).await?;
    Ok(Json(frame::message(&loaded, Viewer::Spectator, store::now_ms())).into_response())
}

async fn socket(AxState(state): St, Path(id): Path<String>, upgrade: WebSocketUpgrade) -> ApiResult<Response> {
    find(&state, &id).await?;
    let upgrade = upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE);
    Ok(upgrade.on_upgrade(move |ws| socket::serve(state, id, ws)))
}
