//! The HTTP API: routes, layers and thin handlers. Each handler checks
//! the key, reads the stored state (store.rs), has the engine referee or
//! the AI pool do the work, stores the result in one transaction, and
//! answers with [`view`] for its viewer.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Request, State as AxState};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use engine::clock::MonotonicClock;
use engine::contest::standings::{distinct_boards, rank, Checked, DEFAULT_TOP};
use engine::contest::{
    opponents_reply, Board, ContestResult, EntrantName, Event, EventError, Field, FieldRun, HandRecord, Standings,
};
use engine::{Date, Game, Move};
use serde::Deserialize;
use serde_json::Value;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::CorsLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;
use unicode_normalization::UnicodeNormalization;

use crate::db::{is_conflict, Db};
use crate::error::{ApiError, ApiResult};
use crate::keys;
use crate::limits::Limiter;
use crate::pool::AiPool;
use crate::store::{self, BoardRow, EntryRow, Loaded, State, StoredMove};
use crate::view::{view, BoardFacts, Body, EntryFacts, EventFacts, Subject, Viewer};
use crate::Config;

/// The largest request body, in bytes (an event's code fits many times).
pub const MAX_BODY: usize = 64 * 1024;
pub use engine::contest::event::MAX_ENTRANTS;
/// The longest disqualification reason, in characters.
pub const MAX_REASON_CHARS: usize = 200;

pub struct AppState {
    pub db: Db,
    pub hub: Arc<crate::tables::hub::Hub>,
    /// A pause before each AI action at a table, so people see it come.
    pub table_ai_pause: Duration,
    pub pool: AiPool,
    pub public_url: String,
    pub limiter: Limiter,
    pub trust_forwarded_for: bool,
}

type St = AxState<Arc<AppState>>;

pub fn router(state: Arc<AppState>, config: &Config) -> Router {
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/events", post(create_event))
        .route("/api/events/{id}", get(get_event))
        .route("/api/events/{id}/entries", post(enter))
        .route("/api/events/{id}/entry", get(get_entry))
        .route("/api/events/{id}/entry/boards/{n}", get(get_board))
        .route("/api/events/{id}/entry/boards/{n}/moves", post(post_move))
        .route("/api/events/{id}/standings", get(standings))
        .route("/api/events/{id}/standings.csv", get(standings_csv))
        .route("/api/events/{id}/organiser", get(organiser))
        .route("/api/events/{id}/close", post(close))
        .route("/api/events/{id}/extend", post(extend))
        .route("/api/events/{id}/disqualify", post(disqualify))
        .route("/api/events/{id}/export", get(export))
        .route("/api/events/{id}/records", get(records))
        .route("/api/daily/{date}", get(daily))
        .merge(crate::tables::routes())
        .route("/api/{*rest}", any(api_not_found))
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(config.request_timeout.max(1)),
        ))
        .layer(middleware::from_fn(json_errors))
        .with_state(state.clone());
    let site = match &config.site {
        Some(dir) => Router::new().fallback_service(ServeDir::new(dir).append_index_html_on_directories(true)),
        None => Router::new().route(
            "/",
            get(|| async { "ddz-server: the API is under /api/ (no --site given)\n" }),
        ),
    };
    let cors = match origin_of(&state.public_url) {
        Some(origin) => CorsLayer::new()
            .allow_origin(origin)
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE]),
        None => CorsLayer::new(),
    };
    Router::new()
        .merge(api)
        .merge(site)
        .layer(CompressionLayer::new())
        .layer(cors)
        .layer(CatchPanicLayer::new())
        // One line per request at info: method, path (event ids and board
        // numbers only; keys travel in a header, which is not logged),
        // status and latency.
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_request(())
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
}

/// `scheme://host[:port]` of a URL, as an Origin header gives it.
fn origin_of(url: &str) -> Option<HeaderValue> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split('/').next()?;
    HeaderValue::from_str(&format!("{scheme}://{host}")).ok()
}

// ---------------------------------------------------------------- layers

/// Any error answer under /api/ that is not already our JSON (a rejection
/// by axum, a timeout, a body too large, a panic) gets the JSON error shape.
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not-found", "there is nothing here"),
        StatusCode::METHOD_NOT_ALLOWED => ("method-not-allowed", "this address does not take that method"),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "the request took too long"),
        StatusCode::PAYLOAD_TOO_LARGE => ("too-large", "the request body is too large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("not-json", "the body must be JSON (Content-Type: application/json)"),
        s if s.is_server_error() => ("internal", "the server failed to answer; the request was not applied"),
        _ => ("bad-request", "the request is not one this server reads"),
    };
    let retry = response.headers().get(header::RETRY_AFTER).cloned();
    let mut out = (status, Json(crate::error::body(message, code, None))).into_response();
    if let Some(r) = retry {
        out.headers_mut().insert(header::RETRY_AFTER, r);
    }
    out
}

/// Per address and per key token buckets.
async fn rate_limit(AxState(state): St, request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_string())
        .unwrap_or_default();
    let ip = if state.trust_forwarded_for {
        request
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map(|s| s.trim().chars().take(64).collect())
            .filter(|s: &String| !s.is_empty())
            .unwrap_or(peer)
    } else {
        peer
    };
    let key = bearer(request.headers())
        .filter(|k| {
            [keys::ENTRY, keys::ORGANISER, keys::HOST]
                .iter()
                .any(|p| keys::well_formed(k, p))
        })
        .map(|k| keys::hash(k)[..24].to_string());
    match state.limiter.check(&ip, key.as_deref()) {
        Ok(()) => next.run(request).await,
        Err(wait) => ApiError::too_many(wait).into_response(),
    }
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("not-found", "there is no such API endpoint")
}

// ---------------------------------------------------------------- helpers

pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

pub fn json_body<T>(body: Result<Json<T>, JsonRejection>) -> ApiResult<T> {
    match body {
        Ok(Json(v)) => Ok(v),
        Err(rejection) => {
            let code = match &rejection {
                JsonRejection::JsonDataError(_) => "bad-field",
                JsonRejection::JsonSyntaxError(_) => "bad-json",
                JsonRejection::MissingJsonContentType(_) => "not-json",
                _ => "bad-body",
            };
            let mut text = rejection.body_text();
            if text.len() > 300 {
                let mut cut = 300;
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.truncate(cut);
            }
            Err(ApiError::new(rejection.status(), code, text))
        }
    }
}

fn reply(status: StatusCode, body: Body) -> Response {
    match body {
        Body::Json(v) => (status, Json(v)).into_response(),
        Body::Csv(text) => (status, [(header::CONTENT_TYPE, "text/csv; charset=utf-8")], text).into_response(),
    }
}

async fn find_event(state: &AppState, id: &str) -> ApiResult<Loaded> {
    if !keys::is_id(id) {
        return Err(ApiError::no_event());
    }
    store::event(&state.db.pool, id).await?.ok_or_else(ApiError::no_event)
}

fn facts<'a>(loaded: &'a Loaded, counts: (i64, i64)) -> EventFacts<'a> {
    EventFacts {
        row: &loaded.row,
        event: &loaded.event,
        entrants: counts.0,
        finished: counts.1,
        now: store::now(),
    }
}

fn need_key(headers: &HeaderMap) -> ApiResult<&str> {
    bearer(headers).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no-key",
            "this needs a key: Authorization: Bearer KEY",
        )
    })
}

async fn as_organiser(state: &AppState, headers: &HeaderMap, id: &str) -> ApiResult<Loaded> {
    let key = need_key(headers)?;
    let loaded = find_event(state, id).await?;
    if !keys::well_formed(key, keys::ORGANISER) || keys::hash(key) != loaded.row.organiser_hash {
        return Err(ApiError::forbidden("wrong-key", "this needs the event's organiser key"));
    }
    Ok(loaded)
}

async fn as_entrant(state: &AppState, headers: &HeaderMap, id: &str) -> ApiResult<(Loaded, EntryRow)> {
    let key = need_key(headers)?;
    let loaded = find_event(state, id).await?;
    let wrong = || ApiError::forbidden("wrong-key", "this needs an entry key of this event");
    if !keys::well_formed(key, keys::ENTRY) {
        return Err(wrong());
    }
    let entry = store::entry_by_key(&state.db.pool, id, &keys::hash(key))
        .await?
        .ok_or_else(wrong)?;
    Ok((loaded, entry))
}

fn board_number(text: &str, event: &Event) -> ApiResult<u8> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (1..=event.boards()).contains(n))
        .ok_or_else(|| ApiError::not_found("no-board", format!("boards are numbered 1 to {}", event.boards())))
}

/// The uniqueness key of a name: NFKC, then lower case.
fn name_key(name: &EntrantName) -> String {
    name.as_str().nfkc().collect::<String>().to_lowercase()
}

fn clean_text(text: &str, what: &str, max: usize) -> ApiResult<String> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(ApiError::unprocessable(
            "too-long",
            format!("{what}: more than {max} characters"),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(
            "control-character",
            format!("{what}: it holds a control character"),
        ));
    }
    Ok(text.to_string())
}

// ---------------------------------------------------------------- handlers

async fn health(AxState(state): St) -> Json<Value> {
    Json(serde_json::json!({
        "ok": true, "version": env!("CARGO_PKG_VERSION"), "database": state.db.backend.name(),
    }))
}

#[derive(Deserialize)]
struct NewEvent {
    event: String,
    opens: Option<String>,
    closes: Option<String>,
    standings_after: Option<u64>,
    max_entrants: Option<u64>,
}

fn time_field(text: Option<&str>, what: &str) -> ApiResult<Option<i64>> {
    text.map(|t| {
        store::parse_time(t).ok_or_else(|| {
            ApiError::unprocessable(
                "bad-time",
                format!("{what}: not an RFC 3339 time (2026-11-28T20:00:00Z)"),
            )
        })
    })
    .transpose()
}

async fn create_event(AxState(state): St, body: Result<Json<NewEvent>, JsonRejection>) -> ApiResult<Response> {
    let body = json_body(body)?;
    let given =
        Event::from_code(&body.event).map_err(|e| ApiError::unprocessable("bad-event", format!("event: {e}")))?;
    let secret = keys::new_secret()?;
    let commitment = secret.commitment();
    let event = Event::sealed(given.settings(), secret).map_err(|e| match e {
        EventError::SealedTestCases => ApiError::unprocessable("test-cases", e.to_string()),
        e => ApiError::unprocessable("bad-event", format!("event: {e}")),
    })?;
    let now = store::now();
    let opens = time_field(body.opens.as_deref(), "opens")?;
    let closes = time_field(body.closes.as_deref(), "closes")?;
    if let Some(c) = closes {
        if c <= now || opens.is_some_and(|o| c <= o) {
            return Err(ApiError::unprocessable(
                "bad-time",
                "closes: it must be in the future and after opens",
            ));
        }
    }
    let max_entrants = body.max_entrants.unwrap_or(1000);
    if !(1..=MAX_ENTRANTS).contains(&max_entrants) {
        return Err(ApiError::unprocessable(
            "out-of-range",
            format!("max_entrants: 1 to {MAX_ENTRANTS}"),
        ));
    }
    let standings_after = body.standings_after.unwrap_or(1);
    if !(1..=max_entrants).contains(&standings_after) {
        return Err(ApiError::unprocessable(
            "out-of-range",
            "standings_after: 1 to max_entrants",
        ));
    }
    let id = keys::new_id()?;
    let organiser_key = keys::new_key(keys::ORGANISER)?;
    sqlx::query(
        "INSERT INTO events (id, sealed_code, commitment, organiser_hash, opens, closes, closed_at, \
         standings_after, max_entrants, daily_date, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8, NULL, $9)",
    )
    .bind(&id)
    .bind(event.code())
    .bind(&commitment)
    .bind(keys::hash(&organiser_key))
    .bind(opens)
    .bind(closes)
    .bind(standings_after as i64)
    .bind(max_entrants as i64)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    tracing::info!(event = %id, "event created");
    let loaded = find_event(&state, &id).await?;
    let body = view(
        &Viewer::Organiser,
        Subject::Created {
            event: facts(&loaded, (0, 0)),
            organiser_key: &organiser_key,
            link: format!("{}/#/contest?online={id}", state.public_url),
        },
    )?;
    Ok(reply(StatusCode::CREATED, body))
}

async fn get_event(AxState(state): St, Path(id): Path<String>) -> ApiResult<Response> {
    let loaded = find_event(&state, &id).await?;
    let counts = store::counts(&state.db.pool, &id).await?;
    Ok(reply(
        StatusCode::OK,
        view(&Viewer::Public, Subject::Event(facts(&loaded, counts)))?,
    ))
}

#[derive(Deserialize)]
struct NewEntry {
    name: String,
}

async fn enter(
    AxState(state): St,
    Path(id): Path<String>,
    body: Result<Json<NewEntry>, JsonRejection>,
) -> ApiResult<Response> {
    let body = json_body(body)?;
    let loaded = find_event(&state, &id).await?;
    let name = entrant_name(&body.name)?;
    let key_of_name = name_key(&name);
    may_enter(&state, &loaded, &key_of_name).await?;
    // Deal on the pool: the equal format plays candidate deals (seconds).
    let event = loaded.event.clone();
    let dealt_name = name.clone();
    let boards = state
        .pool
        .run(move || event.boards_for(&dealt_name, &MonotonicClock::default()))
        .await?
        .map_err(|e| ApiError::unprocessable("cannot-deal", format!("the event's boards cannot be dealt: {e}")))?;
    let entry = EntryRow {
        id: keys::new_id()?,
        name,
        disqualified: None,
    };
    let entry_key = keys::new_key(keys::ENTRY)?;
    match insert_entry(&state, &loaded, &entry, &key_of_name, &entry_key, &boards).await {
        Ok(()) => {}
        Err(InsertError::Full) => {
            return Err(ApiError::forbidden(
                "event-full",
                "the event has all the entrants it takes",
            ))
        }
        Err(InsertError::Db(e)) if is_conflict(&e) => {
            return Err(ApiError::conflict("name-taken", "that name has entered already"))
        }
        Err(InsertError::Db(e)) => return Err(e.into()),
    }
    tracing::info!(event = %id, entry = %entry.id, "entered");
    let rows = store::boards(&state.db.pool, &entry.id).await?;
    let body = view(
        &Viewer::Entrant(entry.id.clone()),
        Subject::Entered {
            entry_key: &entry_key,
            entry: EntryFacts {
                entry: &entry,
                boards: &rows,
            },
        },
    )?;
    Ok(reply(StatusCode::CREATED, body))
}

/// An entrant's name as sent, read at the edge (a long one refused before
/// it is parsed).
fn entrant_name(text: &str) -> ApiResult<EntrantName> {
    if text.chars().count() > 4 * engine::contest::entrant::MAX_NAME_CHARS {
        return Err(ApiError::unprocessable("bad-name", "name: too long"));
    }
    text.parse()
        .map_err(|e| ApiError::unprocessable("bad-name", format!("name: {e}")))
}

/// Whether a name may enter now: the event open, not full, the name not
/// taken (checked again when the entry is written).
async fn may_enter(state: &AppState, loaded: &Loaded, key_of_name: &str) -> ApiResult<()> {
    match loaded.row.state(store::now()) {
        State::Closed => return Err(ApiError::forbidden("event-closed", "the event is closed")),
        State::Scheduled => return Err(ApiError::forbidden("event-not-open", "the event has not opened yet")),
        State::Open => {}
    }
    let id = &loaded.row.id;
    let (entrants, _) = store::counts(&state.db.pool, id).await?;
    if entrants >= loaded.row.max_entrants {
        return Err(ApiError::forbidden(
            "event-full",
            "the event has all the entrants it takes",
        ));
    }
    let taken: Option<(String,)> = sqlx::query_as("SELECT id FROM entries WHERE event_id = $1 AND name_key = $2")
        .bind(id)
        .bind(key_of_name)
        .fetch_optional(&state.db.pool)
        .await?;
    if taken.is_some() {
        return Err(ApiError::conflict("name-taken", "that name has entered already"));
    }
    Ok(())
}

/// Why an entry was not written.
enum InsertError {
    /// The event took its last entrant meanwhile.
    Full,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for InsertError {
    fn from(e: sqlx::Error) -> InsertError {
        InsertError::Db(e)
    }
}

/// Writes the entry and its boards in one transaction, durable before the
/// entrant hears of it.
async fn insert_entry(
    state: &AppState,
    loaded: &Loaded,
    entry: &EntryRow,
    key_of_name: &str,
    entry_key: &str,
    boards: &[Board],
) -> Result<(), InsertError> {
    let id = &loaded.row.id;
    let _turn = state.db.write_turn().await;
    let mut tx = state.db.pool.begin().await?;
    // Touching the event's row first makes entries to one event take turns
    // (a row lock on PostgreSQL, the write lock on SQLite), so the count
    // below is exact however many enter at once.
    sqlx::query("UPDATE events SET max_entrants = max_entrants WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM entries WHERE event_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if count >= loaded.row.max_entrants {
        return Err(InsertError::Full);
    }
    sqlx::query(
        "INSERT INTO entries (id, event_id, name, name_key, key_hash, disqualified, created_at) \
         VALUES ($1, $2, $3, $4, $5, NULL, $6)",
    )
    .bind(&entry.id)
    .bind(id)
    .bind(entry.name.as_str())
    .bind(key_of_name)
    .bind(keys::hash(entry_key))
    .bind(store::now())
    .execute(&mut *tx)
    .await?;
    for b in boards {
        sqlx::query(
            "INSERT INTO boards (entry_id, number, seed, seat, started, score) VALUES ($1, $2, $3, $4, 0, NULL)",
        )
        .bind(&entry.id)
        .bind(i64::from(b.number))
        .bind(b.seed.to_string())
        .bind(b.seat.name())
        .execute(&mut *tx)
        .await?;
    }
    Ok(tx.commit().await?)
}

async fn get_entry(AxState(state): St, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    let (_, entry) = as_entrant(&state, &headers, &id).await?;
    let rows = store::boards(&state.db.pool, &entry.id).await?;
    let body = view(
        &Viewer::Entrant(entry.id.clone()),
        Subject::Entry(EntryFacts {
            entry: &entry,
            boards: &rows,
        }),
    )?;
    Ok(reply(StatusCode::OK, body))
}

/// A board's stored facts rendered for its entrant.
async fn board_reply(state: &AppState, loaded: &Loaded, entry: &EntryRow, number: u8) -> ApiResult<Response> {
    let rows = store::boards(&state.db.pool, &entry.id).await?;
    let row = rows
        .iter()
        .find(|b| b.board.number == number)
        .ok_or_else(|| ApiError::internal("an entry lacks a board"))?;
    let moves = store::moves(&state.db.pool, &entry.id, number).await?;
    let field = if row.finished() {
        store::field(&state.db.pool, &loaded.row.id, &row.board).await?
    } else {
        None
    };
    let body = view(
        &Viewer::Entrant(entry.id.clone()),
        Subject::Board(BoardFacts {
            entry,
            event: &loaded.event,
            board: row,
            moves: &moves,
            field: field.as_ref(),
            entry_finished: rows.iter().all(BoardRow::finished),
        }),
    )?;
    Ok(reply(StatusCode::OK, body))
}

fn playable(loaded: &Loaded, entry: &EntryRow) -> ApiResult<()> {
    if entry.disqualified.is_some() {
        return Err(ApiError::forbidden("disqualified", "this entry was disqualified"));
    }
    match loaded.row.state(store::now()) {
        State::Closed => Err(ApiError::forbidden("event-closed", "the event is closed")),
        State::Scheduled => Err(ApiError::forbidden("event-not-open", "the event has not opened yet")),
        State::Open => Ok(()),
    }
}

async fn get_board(
    AxState(state): St,
    Path((id, n)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (loaded, entry) = as_entrant(&state, &headers, &id).await?;
    let number = board_number(&n, &loaded.event)?;
    let rows = store::boards(&state.db.pool, &entry.id).await?;
    let next = rows.iter().find(|b| !b.finished()).map(|b| b.board.number);
    let row = *rows
        .iter()
        .find(|b| b.board.number == number)
        .ok_or_else(|| ApiError::internal("an entry lacks a board"))?;
    if !row.started {
        if Some(number) != next {
            return Err(ApiError::conflict(
                "board-not-next",
                "boards are played in order: finish the one before first",
            ));
        }
        playable(&loaded, &entry)?;
        start_board(&state, &loaded, &entry, row.board).await?;
    }
    board_reply(&state, &loaded, &entry, number).await
}

/// Starts a board: marks it started and stores the opening AI moves (when
/// the entrant is a farmer), in one transaction; a concurrent start loses
/// quietly.
async fn start_board(state: &AppState, loaded: &Loaded, entry: &EntryRow, board: Board) -> ApiResult<()> {
    let opponents = loaded.event.opponents();
    let (replies, score) = state
        .pool
        .run(move || {
            let mut game = Game::new(&board.deal());
            let replies = opponents_reply(opponents, &board, &mut game);
            let score = game.outcome().map(|o| engine::contest::board_score(board.seat, &o));
            (replies, score)
        })
        .await?;
    let replies = replies.map_err(|e| ApiError::internal(format_args!("the AI made an illegal move: {e}")))?;
    let stored: Vec<StoredMove> = replies
        .into_iter()
        .map(|mv| StoredMove { mv, by_entrant: false })
        .collect();
    let _turn = state.db.write_turn().await;
    let mut tx = state.db.pool.begin().await?;
    let started = sqlx::query("UPDATE boards SET started = 1 WHERE entry_id = $1 AND number = $2 AND started = 0")
        .bind(&entry.id)
        .bind(i64::from(board.number))
        .execute(&mut *tx)
        .await?;
    if started.rows_affected() == 0 {
        return Ok(());
    }
    match insert_moves(&mut tx, &entry.id, board.number, 0, &stored, score).await {
        Ok(()) => {}
        Err(e) if is_conflict(&e) => return Ok(()),
        Err(e) => return Err(e.into()),
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_moves(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    entry_id: &str,
    number: u8,
    first_ply: usize,
    moves: &[StoredMove],
    score: Option<i64>,
) -> Result<(), sqlx::Error> {
    let now = store::now();
    for (i, m) in moves.iter().enumerate() {
        sqlx::query(
            "INSERT INTO moves (entry_id, number, ply, mv, by_entrant, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(entry_id)
        .bind(i64::from(number))
        .bind((first_ply + i) as i64)
        .bind(m.mv.to_string())
        .bind(i64::from(m.by_entrant))
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    if let Some(score) = score {
        sqlx::query("UPDATE boards SET score = $1 WHERE entry_id = $2 AND number = $3")
            .bind(score)
            .bind(entry_id)
            .bind(i64::from(number))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[derive(Deserialize)]
struct NewMove {
    ply: u64,
    #[serde(rename = "move")]
    mv: String,
}

/// Whether the entrant's `mv` at `ply` is already stored (a repeated request).
fn already_applied(moves: &[StoredMove], ply: u64, mv: Move) -> bool {
    usize::try_from(ply)
        .ok()
        .and_then(|p| moves.get(p))
        .is_some_and(|m| m.by_entrant && m.mv == mv)
}

async fn post_move(
    AxState(state): St,
    Path((id, n)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Json<NewMove>, JsonRejection>,
) -> ApiResult<Response> {
    let (loaded, entry) = as_entrant(&state, &headers, &id).await?;
    let body = json_body(body)?;
    let number = board_number(&n, &loaded.event)?;
    if body.mv.len() > 200 {
        return Err(ApiError::unprocessable("bad-move", "move: too long"));
    }
    let mv = Move::parse(&body.mv).map_err(|e| ApiError::unprocessable("bad-move", format!("move: {e}")))?;
    let rows = store::boards(&state.db.pool, &entry.id).await?;
    let row = *rows
        .iter()
        .find(|b| b.board.number == number)
        .ok_or_else(|| ApiError::internal("an entry lacks a board"))?;
    let moves = store::moves(&state.db.pool, &entry.id, number).await?;
    if already_applied(&moves, body.ply, mv) {
        return board_reply(&state, &loaded, &entry, number).await;
    }
    playable(&loaded, &entry)?;
    if !row.started {
        return Err(ApiError::conflict(
            "board-not-started",
            "the board is not started: GET it first",
        ));
    }
    if body.ply != moves.len() as u64 {
        return Err(ApiError::stale_ply(moves.len()));
    }
    let board = row.board;
    let mut game = store::replay(&board, &moves)?;
    if game.is_over() {
        return Err(ApiError::unprocessable("illegal-move", "the board is over"));
    }
    if game.to_move() != board.seat {
        return Err(ApiError::unprocessable("illegal-move", "it is not your turn"));
    }
    game.apply(mv)
        .map_err(|e| ApiError::unprocessable("illegal-move", e.to_string()))?;
    let opponents = loaded.event.opponents();
    let (replies, score) = state
        .pool
        .run(move || {
            let replies = opponents_reply(opponents, &board, &mut game);
            let score = game.outcome().map(|o| engine::contest::board_score(board.seat, &o));
            (replies, score)
        })
        .await?;
    let replies = replies.map_err(|e| ApiError::internal(format_args!("the AI made an illegal move: {e}")))?;
    let mut stored = vec![StoredMove { mv, by_entrant: true }];
    stored.extend(replies.into_iter().map(|mv| StoredMove { mv, by_entrant: false }));
    let written = {
        let _turn = state.db.write_turn().await;
        let mut tx = state.db.pool.begin().await?;
        match insert_moves(&mut tx, &entry.id, number, moves.len(), &stored, score).await {
            Ok(()) => tx.commit().await,
            Err(e) => Err(e),
        }
    };
    match written {
        Ok(()) => {}
        Err(e) if is_conflict(&e) => {
            // Another request for this ply won: applied once.
            let now = store::moves(&state.db.pool, &entry.id, number).await?;
            if already_applied(&now, body.ply, mv) {
                return board_reply(&state, &loaded, &entry, number).await;
            }
            return Err(ApiError::stale_ply(now.len()));
        }
        Err(e) => return Err(e.into()),
    }
    if score.is_some() {
        spawn_field(&state, &loaded, board);
    }
    board_reply(&state, &loaded, &entry, number).await
}

/// Plays the field of a finished board in the background (for the
/// board's reveal and the standings); skipped when known or the pool is full.
fn spawn_field(state: &Arc<AppState>, loaded: &Loaded, board: Board) {
    let state = state.clone();
    let event_id = loaded.row.id.clone();
    let opponents = loaded.event.opponents();
    tokio::spawn(async move {
        match store::field(&state.db.pool, &event_id, &board).await {
            Ok(None) => {}
            _ => return,
        }
        if let Ok(Ok(field)) = state.pool.run(move || FieldRun::new(board, opponents).run()).await {
            let _ = store::store_field(&state.db.pool, &event_id, &board, &field).await;
        }
    });
}

/// The standings from the stored state: the finished, not disqualified
/// entrants, ranked by the engine (`rank`) over the AI fields of their
/// boards (played now if any is missing).
async fn compute_standings(
    state: &Arc<AppState>,
    loaded: &Loaded,
) -> ApiResult<(Standings, Vec<store::EntrantBoards>)> {
    let entrants = store::entrants(&state.db.pool, &loaded.row.id).await?;
    let checked: Vec<Checked> = entrants
        .iter()
        .filter(|e| e.entry.disqualified.is_none() && e.boards.iter().all(BoardRow::finished))
        .map(|e| Checked {
            label: e.entry.name.to_string(),
            entrant: e.entry.name.clone(),
            boards: e.boards.iter().map(|b| b.board).collect(),
            scores: e.boards.iter().filter_map(|b| b.score).collect(),
        })
        .collect();
    let mut fields = store::fields(&state.db.pool, &loaded.row.id).await?;
    let missing: Vec<Board> = distinct_boards(checked.iter().flat_map(|c| c.boards.iter().copied()))
        .into_iter()
        .filter(|b| !fields.contains_key(&(b.seed, b.seat)))
        .collect();
    if !missing.is_empty() {
        // Played and stored by a task of its own: a request that times out
        // does not lose the work.
        let opponents = loaded.event.opponents();
        let (task_state, event_id) = (state.clone(), loaded.row.id.clone());
        let played: Vec<(Board, Field)> = tokio::spawn(async move {
            let played: Vec<(Board, Field)> = task_state
                .pool
                .run(move || {
                    missing
                        .into_iter()
                        .filter_map(|b| FieldRun::new(b, opponents).run().ok().map(|f| (b, f)))
                        .collect()
                })
                .await?;
            for (b, f) in &played {
                store::store_field(&task_state.db.pool, &event_id, b, f).await?;
            }
            Ok::<_, ApiError>(played)
        })
        .await
        .map_err(|e| ApiError::internal(format_args!("a field task failed: {e}")))??;
        for (b, f) in played {
            fields.insert((b.seed, b.seat), f);
        }
    }
    let event = loaded.event.clone();
    let standings = state
        .pool
        .run(move || rank(&event, &checked, &fields, Vec::new(), DEFAULT_TOP))
        .await?;
    Ok((standings, entrants))
}

async fn standings_of(state: &Arc<AppState>, id: &str, headers: &HeaderMap, csv: bool) -> ApiResult<Response> {
    let loaded = find_event(state, id).await?;
    let viewer = match bearer(headers) {
        Some(key) if keys::well_formed(key, keys::ORGANISER) && keys::hash(key) == loaded.row.organiser_hash => {
            Viewer::Organiser
        }
        Some(key) if keys::well_formed(key, keys::ORGANISER) => {
            return Err(ApiError::forbidden(
                "wrong-key",
                "this is not the event's organiser key",
            ))
        }
        _ => Viewer::Public,
    };
    let counts = store::counts(&state.db.pool, id).await?;
    let (standings, entrants) = compute_standings(state, &loaded).await?;
    let disqualified: Vec<(&str, &str)> = entrants
        .iter()
        .filter_map(|e| e.entry.disqualified.as_deref().map(|r| (e.entry.name.as_str(), r)))
        .collect();
    let body = view(
        &viewer,
        Subject::Standings {
            event: facts(&loaded, counts),
            standings: &standings,
            disqualified,
            csv,
        },
    )?;
    Ok(reply(StatusCode::OK, body))
}

async fn standings(AxState(state): St, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    standings_of(&state, &id, &headers, false).await
}

async fn standings_csv(AxState(state): St, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    standings_of(&state, &id, &headers, true).await
}

async fn organiser_reply(state: &AppState, loaded: &Loaded) -> ApiResult<Response> {
    let counts = store::counts(&state.db.pool, &loaded.row.id).await?;
    let entrants = store::entrants(&state.db.pool, &loaded.row.id).await?;
    let body = view(
        &Viewer::Organiser,
        Subject::Organiser {
            event: facts(loaded, counts),
            entrants: &entrants,
        },
    )?;
    Ok(reply(StatusCode::OK, body))
}

async fn organiser(AxState(state): St, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    let loaded = as_organiser(&state, &headers, &id).await?;
    organiser_reply(&state, &loaded).await
}

async fn close(AxState(state): St, Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    let loaded = as_organiser(&state, &headers, &id).await?;
    if loaded.row.state(store::now()) != State::Closed {
        let _turn = state.db.write_turn().await;
        sqlx::query("UPDATE events SET closed_at = $1 WHERE id = $2 AND closed_at IS NULL")
            .bind(store::now())
            .bind(&id)
            .execute(&state.db.pool)
            .await?;
        tracing::info!(event = %id, "closed");
    }
    let loaded = find_event(&state, &id).await?;
    organiser_reply(&state, &loaded).await
}

#[derive(Deserialize)]
struct Extend {
    closes: String,
}

async fn extend(
    AxState(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Extend>, JsonRejection>,
) -> ApiResult<Response> {
    let loaded = as_organiser(&state, &headers, &id).await?;
    let body = json_body(body)?;
    let closes = time_field(Some(&body.closes), "closes")?.unwrap_or_default();
    let now = store::now();
    if loaded.row.state(now) == State::Closed {
        return Err(ApiError::forbidden("event-closed", "the event is closed"));
    }
    if closes <= now || loaded.row.opens.is_some_and(|o| closes <= o) {
        return Err(ApiError::unprocessable(
            "bad-time",
            "closes: it must be in the future and after opens",
        ));
    }
    {
        let _turn = state.db.write_turn().await;
        sqlx::query("UPDATE events SET closes = $1 WHERE id = $2 AND closed_at IS NULL")
            .bind(closes)
            .bind(&id)
            .execute(&state.db.pool)
            .await?;
    }
    let loaded = find_event(&state, &id).await?;
    organiser_reply(&state, &loaded).await
}

#[derive(Deserialize)]
struct Disqualify {
    name: String,
    reason: String,
}

async fn disqualify(
    AxState(state): St,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Disqualify>, JsonRejection>,
) -> ApiResult<Response> {
    let loaded = as_organiser(&state, &headers, &id).await?;
    let body = json_body(body)?;
    let reason = clean_text(&body.reason, "reason", MAX_REASON_CHARS)?;
    if reason.is_empty() {
        return Err(ApiError::unprocessable("no-reason", "reason: say why"));
    }
    let name: EntrantName = body
        .name
        .chars()
        .take(4 * engine::contest::entrant::MAX_NAME_CHARS + 1)
        .collect::<String>()
        .parse()
        .map_err(|e| ApiError::unprocessable("bad-name", format!("name: {e}")))?;
    let updated = {
        let _turn = state.db.write_turn().await;
        sqlx::query("UPDATE entries SET disqualified = $1 WHERE event_id = $2 AND name_key = $3")
            .bind(&reason)
            .bind(&id)
            .bind(name_key(&name))
            .execute(&state.db.pool)
            .await?
    };
    if updated.rows_affected() == 0 {
        return Err(ApiError::not_found("no-entrant", "no entrant has that name"));
    }
    tracing::info!(event = %id, "disqualified an entrant");
    organiser_reply(&state, &loaded).await
}

async fn export(AxState(state): St, Path(id): Path<String>) -> ApiResult<Response> {
    let loaded = find_event(&state, &id).await?;
    let counts = store::counts(&state.db.pool, &id).await?;
    if loaded.row.state(store::now()) != State::Closed {
        // The view refuses too; answer before reading every move.
        return Err(ApiError::forbidden(
            "event-open",
            "this is shown once the event is closed",
        ));
    }
    let entrants = store::entrants(&state.db.pool, &id).await?;
    let moves = store::all_moves(&state.db.pool, &id).await?;
    let mut results = Vec::new();
    for e in &entrants {
        if e.entry.disqualified.is_some() || !e.boards.iter().all(BoardRow::finished) {
            continue;
        }
        let entrant = e.entry.name.clone();
        let records = e
            .boards
            .iter()
            .map(|b| {
                moves
                    .get(&e.entry.id)
                    .and_then(|m| m.get(&b.board.number))
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        results.push((
            ContestResult {
                event: loaded.event.clone(),
                entrant,
                records,
            },
            e.boards.iter().map(|b| b.board).collect::<Vec<Board>>(),
        ));
    }
    let body = view(
        &Viewer::Public,
        Subject::Export {
            event: facts(&loaded, counts),
            results,
        },
    )?;
    Ok(reply(StatusCode::OK, body))
}

async fn records(AxState(state): St, Path(id): Path<String>) -> ApiResult<Response> {
    let loaded = find_event(&state, &id).await?;
    let counts = store::counts(&state.db.pool, &id).await?;
    if loaded.row.state(store::now()) != State::Closed {
        return Err(ApiError::forbidden(
            "event-open",
            "this is shown once the event is closed",
        ));
    }
    let cached: Option<(String,)> = sqlx::query_as("SELECT records FROM hand_records WHERE event_id = $1")
        .bind(&id)
        .fetch_optional(&state.db.pool)
        .await?;
    let records: Vec<HandRecord> = match cached {
        Some((text,)) => serde_json::from_str(&text).map_err(ApiError::internal)?,
        None => {
            let (standings, entrants) = compute_standings(&state, &loaded).await?;
            let fields = store::fields(&state.db.pool, &id).await?;
            let boards = distinct_boards(
                entrants
                    .iter()
                    .filter(|e| e.entry.disqualified.is_none())
                    .flat_map(|e| e.boards.iter().filter(|b| b.finished()).map(|b| b.board)),
            );
            let opponents = loaded.event.opponents();
            // Made and stored by a task of its own: a request that times
            // out does not lose the work (pars take seconds a board).
            let (task_state, task_id) = (state.clone(), id.clone());
            tokio::spawn(async move {
                // A job a board, so other work takes turns with the pars.
                let standings = Arc::new(standings);
                let mut made: Vec<HandRecord> = Vec::with_capacity(boards.len());
                for b in boards {
                    let field = fields.get(&(b.seed, b.seat)).cloned();
                    let standings = standings.clone();
                    let record = task_state
                        .pool
                        .run(move || {
                            let field = match field {
                                Some(f) => f,
                                None => FieldRun::new(b, opponents).run().ok()?,
                            };
                            let clock = MonotonicClock::default();
                            let par = engine::lab::par::Par::of(&b.deal(), engine::contest::records::PAR_NODES, &clock);
                            Some(HandRecord::with(b, field, par).with_scores(&standings))
                        })
                        .await?;
                    made.extend(record);
                }
                let text = serde_json::to_string(&made).map_err(ApiError::internal)?;
                sqlx::query(
                    "INSERT INTO hand_records (event_id, records) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING",
                )
                .bind(&task_id)
                .bind(text)
                .execute(&task_state.db.pool)
                .await?;
                Ok::<_, ApiError>(made)
            })
            .await
            .map_err(|e| ApiError::internal(format_args!("a records task failed: {e}")))??
        }
    };
    let body = view(
        &Viewer::Public,
        Subject::Records {
            event: facts(&loaded, counts),
            records: &records,
        },
    )?;
    Ok(reply(StatusCode::OK, body))
}

/// The daily contest of a date (Beijing time), created on first request
/// for yesterday, today or tomorrow.
async fn daily(AxState(state): St, Path(date): Path<String>) -> ApiResult<Response> {
    let day: Date = date
        .parse()
        .map_err(|_| ApiError::not_found("no-daily", "the date is not YYYY-MM-DD"))?;
    let today = Date::of_unix_ms(store::now() as f64 * 1000.0)
        .ok_or_else(|| ApiError::internal("the clock is outside the years 2000 to 9999"))?;
    if (day.day_number() - today.day_number()).abs() > 1 {
        return Err(ApiError::not_found(
            "no-daily",
            "the server keeps the daily contest of yesterday, today and tomorrow (Beijing time)",
        ));
    }
    let text = day.to_string();
    let mut found = store::daily_event(&state.db.pool, &text).await?;
    if found.is_none() {
        let secret = keys::new_secret()?;
        let commitment = secret.commitment();
        let event = Event::sealed(Event::daily(day).settings(), secret).map_err(ApiError::internal)?;
        let start = day.day_number() * 86_400 - engine::date::DAILY_UTC_OFFSET_HOURS * 3600;
        let id = keys::new_id()?;
        let inserted = sqlx::query(
            "INSERT INTO events (id, sealed_code, commitment, organiser_hash, opens, closes, closed_at, \
             standings_after, max_entrants, daily_date, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, NULL, 1, $7, $8, $9)",
        )
        .bind(&id)
        .bind(event.code())
        .bind(&commitment)
        // Nobody holds the daily contest's organiser key.
        .bind(keys::hash(&keys::new_key(keys::ORGANISER)?))
        .bind(start)
        .bind(start + 86_400)
        .bind(MAX_ENTRANTS as i64)
        .bind(&text)
        .bind(store::now())
        .execute(&state.db.pool)
        .await;
        match inserted {
            Ok(_) => tracing::info!(event = %id, date = %text, "daily contest created"),
            Err(e) if is_conflict(&e) => {}
            Err(e) => return Err(e.into()),
        }
        found = store::daily_event(&state.db.pool, &text).await?;
    }
    let loaded = found.ok_or_else(|| ApiError::internal("the daily event vanished"))?;
    let counts = store::counts(&state.db.pool, &loaded.row.id).await?;
    Ok(reply(
        StatusCode::OK,
        view(&Viewer::Public, Subject::Event(facts(&loaded, counts)))?,
    ))
}
