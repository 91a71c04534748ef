//! The duplicate calls of the server's HTTP API (docs/tables.md), and the
//! organiser key this browser keeps for a session.

use engine::table::duplicate::DuplicateView;
use engine::table::Rules;
use serde::Deserialize;
use serde_json::json;

use crate::pages::contest::online::api::{call, ApiError};
use crate::pages::table::keys::Keys;
use crate::route::Route;
use crate::web;

/// One of the session's tables: its number (from 1), id and who sits there.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TableInfo {
    pub number: u32,
    pub id: String,
    pub names: Vec<Option<String>>,
}

/// A session as the server shows it to a looker.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Session {
    pub rules: Rules,
    /// `"organiser"`, `{"table": n}` or `"public"`.
    pub looker: serde_json::Value,
    pub tables: Vec<TableInfo>,
    pub standings: DuplicateView,
}

impl Session {
    /// The table (from 1) of the player asking, if a player asks.
    pub fn looker_table(&self) -> Option<u32> {
        self.looker.get("table")?.as_u64().map(|n| n as u32)
    }

    pub fn organiser(&self) -> bool {
        self.looker == "organiser"
    }
}

fn organiser_name(id: &str) -> String {
    format!("ddz-duplicate-{id}")
}

/// The organiser key kept for session `id`.
pub fn organiser_key(id: &str) -> Option<String> {
    web::storage_get(&organiser_name(id))
}

#[derive(Deserialize)]
struct Created {
    id: String,
    organiser_key: String,
    tables: Vec<TableInfo>,
}

/// Creates a session, keeps its organiser key (also as each table's host
/// key, for the table page's AI button), and goes to it. `Ok(false)` if
/// the key could not be kept.
pub async fn create(tables: u32, boards: u32, rules: Rules) -> Result<bool, ApiError> {
    let body = json!({ "tables": tables, "boards": boards, "rules": rules.name() }).to_string();
    let made: Created = call("POST", "duplicates", None, Some(body)).await?;
    let mut kept = web::storage_set(&organiser_name(&made.id), &made.organiser_key).is_ok();
    for table in &made.tables {
        let keys = Keys {
            host: Some(made.organiser_key.clone()),
            ..Keys::load(&table.id)
        };
        kept &= keys.save(&table.id);
    }
    Route::Duplicate(made.id).go();
    Ok(kept)
}

async fn get(id: &str, key: Option<&str>) -> Result<Session, ApiError> {
    call("GET", &format!("duplicates/{id}"), key, None).await
}

/// The session as this browser may see it, and the key it asked with:
/// the organiser's if kept, else `known` (a seat key that worked before),
/// else a seat key kept for one of its tables, else as anyone.
pub async fn load(id: &str, known: Option<String>) -> Result<(Session, Option<String>), ApiError> {
    for key in organiser_key(id).into_iter().chain(known) {
        if let Ok(session) = get(id, Some(&key)).await {
            return Ok((session, Some(key)));
        }
    }
    let public = get(id, None).await?;
    for table in &public.tables {
        if let Some(seat) = Keys::load(&table.id).seat {
            if let Ok(session) = get(id, Some(&seat)).await {
                return Ok((session, Some(seat)));
            }
        }
    }
    Ok((public, None))
}
