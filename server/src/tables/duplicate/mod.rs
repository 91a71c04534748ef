//! Duplicate sessions (复式, docs/tables.md): thin handlers to create one
//! (its tables with it) and to read its standings as the asker may see
//! them, decided by the engine's
//! [`standings`](engine::table::duplicate::standings).

pub mod store;

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State as AxState};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::table::duplicate::{self, board_scores, Entrant, Looker, SessionTable, SessionView, Shape};
use serde::Deserialize;

use super::{rules, rung, turn_seconds, St, DEFAULT_AI};
use crate::api::{bearer, json_body, AppState};
use crate::error::{ApiError, ApiResult};
use crate::keys;
use store::Session;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/duplicates", post(create))
        .route("/api/duplicates/{id}", get(show))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewDuplicate {
    tables: u32,
    boards: u32,
    rules: Option<String>,
    turn_seconds: Option<i64>,
    ai: Option<String>,
}

async fn create(AxState(state): St, body: Result<Json<NewDuplicate>, JsonRejection>) -> ApiResult<Response> {
    let body = json_body(body)?;
    let shape =
        Shape::new(body.tables, body.boards).map_err(|e| ApiError::unprocessable("out-of-range", e.to_string()))?;
    let id = keys::new_id()?;
    let organiser_key = keys::new_key(keys::ORGANISER)?;
    let host_hash = keys::hash(&organiser_key);
    let new = store::NewSession {
        id: &id,
        rules: rules(body.rules.as_deref())?,
        shape,
        turn_seconds: turn_seconds(body.turn_seconds)?,
        ai: rung(body.ai.as_deref(), DEFAULT_AI)?,
        host_hash: &host_hash,
    };
    store::create(&state.db.pool, &new).await?;
    tracing::info!(duplicate = %id, tables = shape.tables(), boards = shape.boards(), "duplicate session created");
    let session = find(&state, &id).await?;
    let body = SessionView {
        organiser_key: Some(organiser_key),
        ..view(&state, &session, Looker::Organiser)
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn find(state: &AppState, id: &str) -> ApiResult<Session> {
    let none = || ApiError::not_found("no-duplicate", "there is no such duplicate session");
    if !keys::is_id(id) {
        return Err(none());
    }
    store::load(&state.db.pool, id).await?.ok_or_else(none)
}

/// Who asks: the organiser's key, a seat key at one of the session's
/// tables, or nobody.
async fn looker(state: &AppState, session: &Session, headers: &HeaderMap) -> ApiResult<Looker> {
    let Some(key) = bearer(headers) else {
        return Ok(Looker::Public);
    };
    let wrong = || ApiError::forbidden("wrong-key", "not a key of this session");
    if keys::well_formed(key, keys::ORGANISER) {
        return (keys::hash(key) == session.host_hash)
            .then_some(Looker::Organiser)
            .ok_or_else(wrong);
    }
    if !keys::well_formed(key, keys::SEAT) {
        return Err(wrong());
    }
    let table = store::table_of_seat(&state.db.pool, &session.id, &keys::hash(key)).await?;
    table.map(Looker::Table).ok_or_else(wrong)
}

async fn show(AxState(state): St, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    let session = find(&state, &id).await?;
    let looker = looker(&state, &session, &headers).await?;
    Ok(Json(view(&state, &session, looker)).into_response())
}

/// The boards (from 1) every table of the session has finished: what
/// anyone may see of them.
pub fn public_boards(session: &Session) -> Vec<u32> {
    standings(session, Looker::Public).shown
}

fn standings(session: &Session, looker: Looker) -> duplicate::DuplicateView {
    let scores: Vec<_> = session
        .tables
        .iter()
        .map(|t| board_scores(&t.table, session.shape.boards()))
        .collect();
    let entrants: Vec<[Option<Entrant>; 3]> = session
        .tables
        .iter()
        .map(|t| {
            t.chairs.clone().map(|s| {
                s.map(|s| Entrant {
                    name: s.name,
                    ai: s.ai.is_some(),
                })
            })
        })
        .collect();
    duplicate::standings(session.shape, &scores, &entrants, looker)
}

/// The session as `looker` may see it: its tables' links and who sits
/// there, and the standings of the boards shown.
fn view(state: &AppState, session: &Session, looker: Looker) -> SessionView {
    let tables = session
        .tables
        .iter()
        .zip(1..)
        .map(|(t, number)| SessionTable {
            number,
            id: t.id.clone(),
            link: format!("{}/#/table/{}", state.public_url, t.id),
            names: t.chairs.clone().map(|s| s.map(|s| s.name)),
        })
        .collect();
    SessionView {
        id: session.id.clone(),
        rules: session.rules,
        link: format!("{}/#/duplicate/{}", state.public_url, session.id),
        looker,
        tables,
        standings: standings(session, looker),
        organiser_key: None,
    }
}
