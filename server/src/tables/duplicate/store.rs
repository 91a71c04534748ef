//! A duplicate session as stored: its shape, its boards' seeds, its
//! tables (each a stored table of its own).

use engine::table::duplicate::Shape;
use engine::table::Rules;
use sqlx::{AnyPool, Row};

use super::super::store::{self, Loaded};
use crate::error::{ApiError, ApiResult};
use crate::keys;

/// A session and every table of it, read whole.
pub struct Session {
    pub id: String,
    pub rules: Rules,
    pub shape: Shape,
    pub host_hash: String,
    /// Table 1 first.
    pub tables: Vec<Loaded>,
}

/// A new session's settings.
pub struct NewSession<'a> {
    pub id: &'a str,
    pub rules: Rules,
    pub shape: Shape,
    pub turn_seconds: i64,
    pub ai: engine::agents::Rung,
    pub host_hash: &'a str,
}

/// Stores a session, its boards' seeds and its tables, all or nothing;
/// the tables' ids, table 1 first.
pub async fn create(db: &AnyPool, new: &NewSession<'_>) -> ApiResult<Vec<String>> {
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO duplicates (id, rules, tables, boards, host_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new.id)
    .bind(new.rules.name())
    .bind(i64::from(new.shape.tables()))
    .bind(i64::from(new.shape.boards()))
    .bind(new.host_hash)
    .bind(store::now_ms() / 1000)
    .execute(&mut *tx)
    .await?;
    for number in 1..=new.shape.boards() {
        sqlx::query("INSERT INTO duplicate_boards (duplicate_id, number, seed) VALUES ($1, $2, $3)")
            .bind(new.id)
            .bind(i64::from(number))
            .bind(keys::new_seed()?.to_string())
            .execute(&mut *tx)
            .await?;
    }
    let mut ids = Vec::with_capacity(new.shape.tables() as usize);
    for number in 1..=new.shape.tables() {
        let id = keys::new_id()?;
        // A table's own host key is never handed out: the organiser's
        // key is its host's.
        let unused = keys::hash(&keys::new_key(keys::HOST)?);
        store::create(&mut *tx, &id, new.rules, new.turn_seconds, new.ai, &unused).await?;
        sqlx::query("INSERT INTO duplicate_tables (duplicate_id, number, table_id) VALUES ($1, $2, $3)")
            .bind(new.id)
            .bind(i64::from(number))
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}

fn broken(what: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format_args!("a stored duplicate session does not read: {what}"))
}

/// The session `id` with its tables, or `None` if there is none.
pub async fn load(db: &AnyPool, id: &str) -> ApiResult<Option<Session>> {
    let Some(row) = sqlx::query("SELECT rules, tables, boards, host_hash FROM duplicates WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?
    else {
        return Ok(None);
    };
    let count = |i: usize| u32::try_from(row.get::<i64, _>(i)).map_err(broken);
    let shape = Shape::new(count(1)?, count(2)?).map_err(broken)?;
    let rows = sqlx::query("SELECT table_id FROM duplicate_tables WHERE duplicate_id = $1 ORDER BY number")
        .bind(id)
        .fetch_all(db)
        .await?;
    let mut tables = Vec::with_capacity(rows.len());
    for row in rows {
        let table: String = row.get(0);
        tables.push(
            store::load(db, &table)
                .await?
                .ok_or_else(|| broken(format_args!("table {table}")))?,
        );
    }
    Ok(Some(Session {
        id: id.to_string(),
        rules: row.get::<String, _>(0).parse().map_err(broken)?,
        shape,
        host_hash: row.get(3),
        tables,
    }))
}

/// The number (from 1) of the session's table whose chair the seat key
/// with hash `key_hash` holds.
pub async fn table_of_seat(db: &AnyPool, id: &str, key_hash: &str) -> ApiResult<Option<u32>> {
    let row = sqlx::query(
        "SELECT t.number FROM table_chairs c JOIN duplicate_tables t ON t.table_id = c.table_id \
         WHERE t.duplicate_id = $1 AND c.key_hash = $2",
    )
    .bind(id)
    .bind(key_hash)
    .fetch_optional(db)
    .await?;
    row.map(|r| u32::try_from(r.get::<i64, _>(0)).map_err(broken))
        .transpose()
}
