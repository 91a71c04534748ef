//! The duplicate calls of the server's HTTP API (docs/tables.md), and the
//! organiser key this browser keeps for a session. A session is read as
//! plain JSON ([`J`]): typed readers of its few fields cost the first
//! visit less than derived ones.

use engine::table::Rules;
use serde_json::{json, Value as J};

use crate::pages::contest::online::api::{call, ApiError};
use crate::pages::table::keys::Keys;
use crate::route::Route;
use crate::web;

/// Field `key` of `v` as a number (0 if absent).
pub fn num(v: &J, key: &str) -> i64 {
    v[key].as_i64().unwrap_or(0)
}

/// Field `key` of `v` as a list (empty if absent).
pub fn list<'a>(v: &'a J, key: &str) -> &'a [J] {
    v[key].as_array().map_or(&[], Vec::as_slice)
}

/// The table (from 1) of the player asking, if a player asks.
pub fn looker_table(s: &J) -> Option<i64> {
    s["looker"]["table"].as_i64()
}

pub fn is_organiser(s: &J) -> bool {
    s["looker"] == "organiser"
}

fn organiser_name(id: &str) -> String {
    format!("ddz-duplicate-{id}")
}

/// The organiser key kept for session `id`.
pub fn organiser_key(id: &str) -> Option<String> {
    web::storage_get(&organiser_name(id))
}

/// Creates a session, keeps its organiser key (also as each table's host
/// key, for the table page's AI button), and goes to it. `Ok(false)` if
/// the key could not be kept.
pub async fn create(tables: u32, boards: u32, rules: Rules) -> Result<bool, ApiError> {
    let body = json!({ "tables": tables, "boards": boards, "rules": rules.name() }).to_string();
    let made: J = call("POST", "duplicates", None, Some(body)).await?;
    let (id, key) = (made["id"].as_str().unwrap_or_default(), made["organiser_key"].as_str());
    let mut kept = key.is_some_and(|k| web::storage_set(&organiser_name(id), k).is_ok());
    for table in list(&made, "tables") {
        let table = table["id"].as_str().unwrap_or_default();
        let keys = Keys {
            host: key.map(str::to_string),
            ..Keys::load(table)
        };
        kept &= keys.save(table);
    }
    Route::Duplicate(id.to_string()).go();
    Ok(kept)
}

async fn get(id: &str, key: Option<&str>) -> Result<J, ApiError> {
    call("GET", &format!("duplicates/{id}"), key, None).await
}

/// The session as this browser may see it, and the key it asked with:
/// the organiser's if kept, else `known` (a seat key that worked before),
/// else a seat key kept for one of its tables, else as anyone.
pub async fn load(id: &str, known: Option<String>) -> Result<(J, Option<String>), ApiError> {
    for key in organiser_key(id).into_iter().chain(known) {
        if let Ok(session) = get(id, Some(&key)).await {
            return Ok((session, Some(key)));
        }
    }
    let public = get(id, None).await?;
    for table in list(&public, "tables") {
        if let Some(seat) = Keys::load(table["id"].as_str().unwrap_or_default()).seat {
            if let Ok(session) = get(id, Some(&seat)).await {
                return Ok((session, Some(seat)));
            }
        }
    }
    Ok((public, None))
}
