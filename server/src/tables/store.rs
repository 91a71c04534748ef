//! A table's stored state, read whole and replayed into the engine's
//! [`Table`]; and its writes, each one statement that a key settles.

use engine::agents::Rung;
use engine::table::duplicate::Shape;
use engine::table::{Action, Chair, Rules, Table};
use sqlx::{Any, AnyPool, Row};

use crate::db::is_conflict;
use crate::error::{ApiError, ApiResult};

/// Unix milliseconds now: the turn timers' clock.
pub fn now_ms() -> i64 {
    (time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

/// Who sits in a chair.
#[derive(Clone, Debug)]
pub struct Sitter {
    pub name: String,
    /// The AI's rung, or `None` for a person.
    pub ai: Option<Rung>,
    /// 托管: a person's chair the AI plays for now.
    pub auto: bool,
    /// When the person last took the chair back (Unix ms).
    pub back_ms: i64,
}

/// The deal, the ply, who sits where and under 托管, who is ready, the
/// timer's start: a frame changes only when one of them does.
#[derive(Debug, PartialEq, Eq)]
pub struct Version {
    deal: u32,
    ply: usize,
    chairs: Vec<Option<(String, bool)>>,
    ready: usize,
    last_ms: i64,
}

/// A table's place in a duplicate session.
#[derive(Clone, Debug)]
pub struct Seating {
    /// The session's id.
    pub id: String,
    /// The table's number in it, from 1.
    pub table: u32,
    pub shape: Shape,
    /// Board k's seed is `seeds[k - 1]`.
    pub seeds: Vec<u64>,
    /// The organiser's key: theirs to fill the chairs.
    pub host_hash: String,
}

/// A table as stored, with its engine state rebuilt.
pub struct Loaded {
    pub id: String,
    pub turn_seconds: i64,
    /// The rung of 托管 and of chairs the host fills.
    pub ai: Rung,
    pub host_hash: String,
    pub chairs: [Option<Sitter>; 3],
    pub table: Table,
    /// When the current deal started or last changed: its timer's start.
    pub last_ms: i64,
    /// The chairs ready for the next deal, once the current one is finished.
    pub ready: Vec<Chair>,
    /// Its duplicate session, if it plays in one.
    pub duplicate: Option<Seating>,
}

impl Loaded {
    /// The number of actions in the current deal: the ply the next answers.
    pub fn ply(&self) -> usize {
        self.table.current().map_or(0, |d| d.actions().len())
    }

    /// What tells two reads of the table apart.
    pub fn version(&self) -> Version {
        Version {
            deal: self.deal_number(),
            ply: self.ply(),
            chairs: self
                .chairs
                .iter()
                .map(|s| s.as_ref().map(|s| (s.name.clone(), s.auto)))
                .collect(),
            ready: self.ready.len(),
            last_ms: self.last_ms,
        }
    }

    /// The current deal's number (0 before the first).
    pub fn deal_number(&self) -> u32 {
        self.table.deals().len() as u32
    }

    /// Whether the AI acts for `chair`: an AI's chair, or a person's under 托管.
    pub fn ai_plays(&self, chair: Chair) -> Option<Rung> {
        let sitter = self.chairs[chair.index()].as_ref()?;
        match sitter.ai {
            Some(rung) => Some(rung),
            None if sitter.auto => Some(self.ai),
            None => None,
        }
    }
}

fn broken(what: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format_args!("a stored table does not replay: {what}"))
}

/// The table `id`, or `None` if there is none.
pub async fn load(db: &AnyPool, id: &str) -> ApiResult<Option<Loaded>> {
    let Some(row) = sqlx::query("SELECT rules, turn_seconds, ai, host_hash FROM tables WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?
    else {
        return Ok(None);
    };
    let rules: Rules = row.get::<String, _>(0).parse().map_err(broken)?;
    let ai: Rung = row.get::<String, _>(2).parse().map_err(broken)?;
    let mut loaded = Loaded {
        id: id.to_string(),
        turn_seconds: row.get(1),
        ai,
        host_hash: row.get(3),
        chairs: [None, None, None],
        table: Table::new(rules),
        last_ms: 0,
        ready: Vec::new(),
        duplicate: load_seating(db, id).await?,
    };
    load_chairs(db, &mut loaded).await?;
    load_deals(db, &mut loaded).await?;
    Ok(Some(loaded))
}

async fn load_seating(db: &AnyPool, id: &str) -> ApiResult<Option<Seating>> {
    let Some(row) = sqlx::query(
        "SELECT d.id, t.number, d.tables, d.boards, d.host_hash FROM duplicate_tables t \
         JOIN duplicates d ON d.id = t.duplicate_id WHERE t.table_id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await?
    else {
        return Ok(None);
    };
    let session: String = row.get(0);
    let count = |i: usize| u32::try_from(row.get::<i64, _>(i)).map_err(broken);
    let shape = Shape::new(count(2)?, count(3)?).map_err(broken)?;
    let seeds = sqlx::query("SELECT seed FROM duplicate_boards WHERE duplicate_id = $1 ORDER BY number")
        .bind(&session)
        .fetch_all(db)
        .await?
        .iter()
        .map(|r| r.get::<String, _>(0).parse::<u64>().map_err(broken))
        .collect::<ApiResult<Vec<u64>>>()?;
    if seeds.len() != shape.boards() as usize {
        return Err(broken(format_args!(
            "{} seeds for {} boards",
            seeds.len(),
            shape.boards()
        )));
    }
    Ok(Some(Seating {
        id: session,
        table: count(1)?,
        shape,
        seeds,
        host_hash: row.get(4),
    }))
}

async fn load_chairs(db: &AnyPool, loaded: &mut Loaded) -> ApiResult<()> {
    let rows = sqlx::query("SELECT chair, name, ai, auto, back_ms FROM table_chairs WHERE table_id = $1")
        .bind(&loaded.id)
        .fetch_all(db)
        .await?;
    for row in rows {
        let chair = chair_of(row.get(0))?;
        let ai = row
            .get::<Option<String>, _>(2)
            .map(|r| r.parse::<Rung>())
            .transpose()
            .map_err(broken)?;
        loaded.chairs[chair.index()] = Some(Sitter {
            name: row.get(1),
            ai,
            auto: row.get::<i64, _>(3) != 0,
            back_ms: row.get(4),
        });
    }
    Ok(())
}

async fn load_deals(db: &AnyPool, loaded: &mut Loaded) -> ApiResult<()> {
    let deals = sqlx::query("SELECT number, seed, started_ms FROM table_deals WHERE table_id = $1 ORDER BY number")
        .bind(&loaded.id)
        .fetch_all(db)
        .await?;
    let actions = sqlx::query(
        "SELECT number, chair, action, created_ms FROM table_actions WHERE table_id = $1 ORDER BY number, ply",
    )
    .bind(&loaded.id)
    .fetch_all(db)
    .await?;
    let mut actions = actions.iter().peekable();
    for deal in deals {
        let number: i64 = deal.get(0);
        let seed: u64 = deal.get::<String, _>(1).parse().map_err(broken)?;
        loaded.table.start_deal(seed).map_err(broken)?;
        loaded.last_ms = deal.get(2);
        while let Some(row) = actions.next_if(|r| r.get::<i64, _>(0) == number) {
            let action: Action = row.get::<String, _>(2).parse().map_err(broken)?;
            loaded.table.act(chair_of(row.get(1))?, action).map_err(broken)?;
            loaded.last_ms = row.get(3);
        }
    }
    if loaded.table.current().is_some_and(|d| d.is_finished()) {
        let rows = sqlx::query("SELECT chair FROM table_ready WHERE table_id = $1 AND number = $2")
            .bind(&loaded.id)
            .bind(i64::from(loaded.deal_number()))
            .fetch_all(db)
            .await?;
        loaded.ready = rows.iter().map(|r| chair_of(r.get(0))).collect::<ApiResult<_>>()?;
    }
    Ok(())
}

fn chair_of(n: i64) -> ApiResult<Chair> {
    usize::try_from(n)
        .ok()
        .and_then(Chair::new)
        .ok_or_else(|| broken(format_args!("chair {n}")))
}

/// The chair whose seat key hashes to `key_hash`, at table `id`.
pub async fn chair_by_key(db: &AnyPool, id: &str, key_hash: &str) -> ApiResult<Option<Chair>> {
    let row = sqlx::query("SELECT chair FROM table_chairs WHERE table_id = $1 AND key_hash = $2")
        .bind(id)
        .bind(key_hash)
        .fetch_optional(db)
        .await?;
    row.map(|r| chair_of(r.get(0))).transpose()
}

/// Whether a write lost to one already made (a repeated or concurrent one).
fn applied(result: Result<sqlx::any::AnyQueryResult, sqlx::Error>) -> ApiResult<bool> {
    match result {
        Ok(_) => Ok(true),
        Err(e) if is_conflict(&e) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

pub async fn create<'e>(
    db: impl sqlx::Executor<'e, Database = Any>,
    id: &str,
    rules: Rules,
    turn_seconds: i64,
    ai: Rung,
    host_hash: &str,
) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO tables (id, rules, turn_seconds, ai, host_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(rules.name())
    .bind(turn_seconds)
    .bind(ai.to_string())
    .bind(host_hash)
    .bind(now_ms() / 1000)
    .execute(db)
    .await?;
    Ok(())
}

/// Seats someone in `chair`: `false` if it is taken.
pub async fn sit(
    db: &AnyPool,
    id: &str,
    chair: Chair,
    name: &str,
    key_hash: Option<&str>,
    ai: Option<Rung>,
) -> ApiResult<bool> {
    applied(
        sqlx::query(
            "INSERT INTO table_chairs (table_id, chair, name, key_hash, ai, auto, joined_at) \
             VALUES ($1, $2, $3, $4, $5, 0, $6)",
        )
        .bind(id)
        .bind(chair.index() as i64)
        .bind(name)
        .bind(key_hash)
        .bind(ai.map(|r| r.to_string()))
        .bind(now_ms() / 1000)
        .execute(db)
        .await,
    )
}

/// Puts a person's chair under 托管 or takes it back (its timer starting
/// again).
pub async fn set_auto(db: &AnyPool, id: &str, chair: Chair, auto: bool) -> ApiResult<()> {
    let query = if auto {
        "UPDATE table_chairs SET auto = 1 WHERE table_id = $1 AND chair = $2 AND ai IS NULL"
    } else {
        "UPDATE table_chairs SET auto = 0, back_ms = $3 WHERE table_id = $1 AND chair = $2 AND ai IS NULL"
    };
    sqlx::query(query)
        .bind(id)
        .bind(chair.index() as i64)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}

/// Deals deal `number` from `seed`: `false` if it was already dealt.
pub async fn start_deal(db: &AnyPool, id: &str, number: u32, seed: u64) -> ApiResult<bool> {
    applied(
        sqlx::query("INSERT INTO table_deals (table_id, number, seed, started_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(i64::from(number))
            .bind(seed.to_string())
            .bind(now_ms())
            .execute(db)
            .await,
    )
}

/// Stores `chair`'s action as ply `ply` of deal `number`: `false` if that
/// ply was already made.
pub async fn act(
    db: &AnyPool,
    id: &str,
    at: (u32, usize),
    chair: Chair,
    action: Action,
    by_ai: bool,
) -> ApiResult<bool> {
    applied(
        sqlx::query(
            "INSERT INTO table_actions (table_id, number, ply, chair, action, by_ai, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(i64::from(at.0))
        .bind(at.1 as i64)
        .bind(chair.index() as i64)
        .bind(action.to_string())
        .bind(i64::from(by_ai))
        .bind(now_ms())
        .execute(db)
        .await,
    )
}

/// Marks `chair` ready for the deal after deal `number`.
pub async fn ready(db: &AnyPool, id: &str, number: u32, chair: Chair) -> ApiResult<()> {
    applied(
        sqlx::query("INSERT INTO table_ready (table_id, number, chair) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(i64::from(number))
            .bind(chair.index() as i64)
            .execute(db)
            .await,
    )?;
    Ok(())
}
