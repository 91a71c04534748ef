//! Reading and writing the stored state. Every request reads what it
//! needs here; nothing that matters lives in memory between requests.

use std::collections::BTreeMap;

use engine::contest::{Board, EntrantName, Event, Field};
use engine::{Game, Move, Seat};
use sqlx::AnyPool;

use crate::error::{ApiError, ApiResult};

/// Unix seconds now.
pub fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// RFC 3339 UTC text of Unix seconds.
pub fn rfc3339(secs: i64) -> Option<String> {
    time::OffsetDateTime::from_unix_timestamp(secs)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
}

/// Unix seconds of RFC 3339 text.
pub fn parse_time(text: &str) -> Option<i64> {
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .ok()
        .map(|t| t.unix_timestamp())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Scheduled,
    Open,
    Closed,
}

impl State {
    pub fn name(self) -> &'static str {
        match self {
            State::Scheduled => "scheduled",
            State::Open => "open",
            State::Closed => "closed",
        }
    }
}

/// An event's row.
#[derive(Clone, Debug)]
pub struct EventRow {
    pub id: String,
    /// Holds the secret.
    pub sealed_code: String,
    pub commitment: String,
    pub organiser_hash: String,
    pub opens: Option<i64>,
    pub closes: Option<i64>,
    pub closed_at: Option<i64>,
    pub standings_after: i64,
    pub max_entrants: i64,
    pub daily_date: Option<String>,
}

type EventTuple = (
    String,
    String,
    String,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    i64,
    i64,
    Option<String>,
);

impl EventRow {
    pub fn state(&self, now: i64) -> State {
        if self.closed_at.is_some() || self.closes.is_some_and(|c| now >= c) {
            State::Closed
        } else if self.opens.is_some_and(|o| now < o) {
            State::Scheduled
        } else {
            State::Open
        }
    }
}

/// An event as stored, and the engine's event (sealed: it holds the secret).
pub struct Loaded {
    pub row: EventRow,
    pub event: Event,
}

const EVENT_COLUMNS: &str = "id, sealed_code, commitment, organiser_hash, opens, closes, closed_at, \
                             standings_after, max_entrants, daily_date";

fn loaded(t: EventTuple) -> ApiResult<Loaded> {
    let row = EventRow {
        id: t.0,
        sealed_code: t.1,
        commitment: t.2,
        organiser_hash: t.3,
        opens: t.4,
        closes: t.5,
        closed_at: t.6,
        standings_after: t.7,
        max_entrants: t.8,
        daily_date: t.9,
    };
    let event = Event::from_code(&row.sealed_code)
        .map_err(|e| ApiError::internal(format_args!("stored event {} unreadable: {e}", row.id)))?;
    Ok(Loaded { row, event })
}

pub async fn event(db: &AnyPool, id: &str) -> ApiResult<Option<Loaded>> {
    let t: Option<EventTuple> = sqlx::query_as(&format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?;
    t.map(loaded).transpose()
}

pub async fn daily_event(db: &AnyPool, date: &str) -> ApiResult<Option<Loaded>> {
    let t: Option<EventTuple> = sqlx::query_as(&format!("SELECT {EVENT_COLUMNS} FROM events WHERE daily_date = $1"))
        .bind(date)
        .fetch_optional(db)
        .await?;
    t.map(loaded).transpose()
}

/// Entrants entered and entrants who finished every board.
pub async fn counts(db: &AnyPool, event_id: &str) -> ApiResult<(i64, i64)> {
    let (entrants,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM entries WHERE event_id = $1")
        .bind(event_id)
        .fetch_one(db)
        .await?;
    let (finished,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM entries e WHERE e.event_id = $1 AND NOT EXISTS \
         (SELECT 1 FROM boards b WHERE b.entry_id = e.id AND b.score IS NULL)",
    )
    .bind(event_id)
    .fetch_one(db)
    .await?;
    Ok((entrants, finished))
}

/// An entry's row.
#[derive(Clone, Debug)]
pub struct EntryRow {
    pub id: String,
    pub name: EntrantName,
    pub disqualified: Option<String>,
}

/// A stored name, read back as the name it was when entered.
fn stored_name(name: &str) -> ApiResult<EntrantName> {
    name.parse()
        .map_err(|e| ApiError::internal(format!("a stored entrant's name '{name}' is not a name: {e}")))
}

pub async fn entry_by_key(db: &AnyPool, event_id: &str, key_hash: &str) -> ApiResult<Option<EntryRow>> {
    let t: Option<(String, String, Option<String>)> =
        sqlx::query_as("SELECT id, name, disqualified FROM entries WHERE key_hash = $1 AND event_id = $2")
            .bind(key_hash)
            .bind(event_id)
            .fetch_optional(db)
            .await?;
    t.map(|(id, name, disqualified)| {
        Ok(EntryRow {
            id,
            name: stored_name(&name)?,
            disqualified,
        })
    })
    .transpose()
}

/// A board of an entry.
#[derive(Clone, Copy, Debug)]
pub struct BoardRow {
    pub board: Board,
    pub started: bool,
    pub score: Option<i64>,
}

impl BoardRow {
    pub fn finished(&self) -> bool {
        self.score.is_some()
    }
}

fn board_row(number: i64, seed: &str, seat: &str, started: i64, score: Option<i64>) -> ApiResult<BoardRow> {
    let bad = || ApiError::internal("a stored board is unreadable");
    Ok(BoardRow {
        board: Board {
            number: u8::try_from(number).map_err(|_| bad())?,
            seed: seed.parse().map_err(|_| bad())?,
            seat: Seat::from_name(seat).ok_or_else(bad)?,
        },
        started: started != 0,
        score,
    })
}

pub async fn boards(db: &AnyPool, entry_id: &str) -> ApiResult<Vec<BoardRow>> {
    let rows: Vec<(i64, String, String, i64, Option<i64>)> =
        sqlx::query_as("SELECT number, seed, seat, started, score FROM boards WHERE entry_id = $1 ORDER BY number")
            .bind(entry_id)
            .fetch_all(db)
            .await?;
    rows.iter()
        .map(|(n, seed, seat, started, score)| board_row(*n, seed, seat, *started, *score))
        .collect()
}

/// A stored move: what, and whether the entrant made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredMove {
    pub mv: Move,
    pub by_entrant: bool,
}

pub async fn moves(db: &AnyPool, entry_id: &str, number: u8) -> ApiResult<Vec<StoredMove>> {
    let rows: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT ply, mv, by_entrant FROM moves WHERE entry_id = $1 AND number = $2 ORDER BY ply")
            .bind(entry_id)
            .bind(i64::from(number))
            .fetch_all(db)
            .await?;
    rows.iter()
        .enumerate()
        .map(|(i, (ply, mv, by))| {
            if *ply != i as i64 {
                return Err(ApiError::internal("a stored board skips a ply"));
            }
            Ok(StoredMove {
                mv: Move::parse(mv).map_err(|_| ApiError::internal("a stored move is unreadable"))?,
                by_entrant: *by != 0,
            })
        })
        .collect()
}

/// The board's game after its stored moves (the engine referees them again).
pub fn replay(board: &Board, moves: &[StoredMove]) -> ApiResult<Game> {
    let mut game = Game::new(&board.deal());
    for m in moves {
        game.apply(m.mv)
            .map_err(|e| ApiError::internal(format_args!("a stored move does not replay: {e}")))?;
    }
    Ok(game)
}

/// Every entry of an event with its boards, in the order they entered.
pub struct EntrantBoards {
    pub entry: EntryRow,
    pub boards: Vec<BoardRow>,
}

pub async fn entrants(db: &AnyPool, event_id: &str) -> ApiResult<Vec<EntrantBoards>> {
    type Row = (String, String, Option<String>, i64, String, String, i64, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT e.id, e.name, e.disqualified, b.number, b.seed, b.seat, b.started, b.score \
         FROM entries e JOIN boards b ON b.entry_id = e.id WHERE e.event_id = $1 \
         ORDER BY e.created_at, e.id, b.number",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    let mut out: Vec<EntrantBoards> = Vec::new();
    for (id, name, disqualified, n, seed, seat, started, score) in rows {
        let row = board_row(n, &seed, &seat, started, score)?;
        match out.last_mut() {
            Some(last) if last.entry.id == id => last.boards.push(row),
            _ => out.push(EntrantBoards {
                entry: EntryRow {
                    id,
                    name: stored_name(&name)?,
                    disqualified,
                },
                boards: vec![row],
            }),
        }
    }
    Ok(out)
}

/// Every move of every entry of an event: entry id → board number → moves.
pub async fn all_moves(db: &AnyPool, event_id: &str) -> ApiResult<BTreeMap<String, BTreeMap<u8, Vec<Move>>>> {
    let rows: Vec<(String, i64, i64, String)> = sqlx::query_as(
        "SELECT m.entry_id, m.number, m.ply, m.mv FROM moves m JOIN entries e ON e.id = m.entry_id \
         WHERE e.event_id = $1 ORDER BY m.entry_id, m.number, m.ply",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    let mut out: BTreeMap<String, BTreeMap<u8, Vec<Move>>> = BTreeMap::new();
    for (entry, n, _, mv) in rows {
        let mv = Move::parse(&mv).map_err(|_| ApiError::internal("a stored move is unreadable"))?;
        let n = u8::try_from(n).map_err(|_| ApiError::internal("a stored board number is out of range"))?;
        out.entry(entry).or_default().entry(n).or_default().push(mv);
    }
    Ok(out)
}

pub async fn fields(db: &AnyPool, event_id: &str) -> ApiResult<BTreeMap<(u64, Seat), Field>> {
    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT seed, seat, field FROM fields WHERE event_id = $1")
            .bind(event_id)
            .fetch_all(db)
            .await?;
    let mut out = BTreeMap::new();
    for (seed, seat, field) in rows {
        let bad = || ApiError::internal("a stored field is unreadable");
        let seed: u64 = seed.parse().map_err(|_| bad())?;
        let seat = Seat::from_name(&seat).ok_or_else(bad)?;
        let field: Field = serde_json::from_str(&field).map_err(|_| bad())?;
        out.insert((seed, seat), field);
    }
    Ok(out)
}

pub async fn field(db: &AnyPool, event_id: &str, board: &Board) -> ApiResult<Option<Field>> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT field FROM fields WHERE event_id = $1 AND seed = $2 AND seat = $3")
            .bind(event_id)
            .bind(board.seed.to_string())
            .bind(board.seat.name())
            .fetch_optional(db)
            .await?;
    row.map(|(f,)| serde_json::from_str(&f).map_err(|_| ApiError::internal("a stored field is unreadable")))
        .transpose()
}

pub async fn store_field(db: &AnyPool, event_id: &str, board: &Board, field: &Field) -> ApiResult<()> {
    let text = serde_json::to_string(field).map_err(ApiError::internal)?;
    sqlx::query(
        "INSERT INTO fields (event_id, seed, seat, field) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (event_id, seed, seat) DO NOTHING",
    )
    .bind(event_id)
    .bind(board.seed.to_string())
    .bind(board.seat.name())
    .bind(text)
    .execute(db)
    .await?;
    Ok(())
}
