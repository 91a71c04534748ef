//! The duplicate calls of the server's HTTP API (docs/tables.md), read
//! into the engine's [`SessionView`], and the organiser key this browser
//! keeps for a session.

use engine::table::duplicate::SessionView;
use engine::table::Rules;
use serde_json::json;

use crate::api::{call, ApiError};
use crate::pages::table::keys::Keys;
use crate::route::Route;
use crate::web;

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
    let made: SessionView = call("POST", "duplicates", None, Some(body)).await?;
    let key = made.organiser_key.as_deref();
    let mut kept = key.is_some_and(|k| web::storage_set(&organiser_name(&made.id), k).is_ok());
    for table in &made.tables {
        let keys = Keys {
            host: key.map(str::to_string),
            ..Keys::load(&table.id)
        };
        kept &= keys.save(&table.id);
    }
    Route::Duplicate(made.id).go();
    Ok(kept)
}

async fn get(id: &str, key: Option<&str>) -> Result<SessionView, ApiError> {
    call("GET", &format!("duplicates/{id}"), key, None).await
}

/// The session as this browser may see it, and the key it asked with:
/// the organiser's if kept, else `known` (a seat key that worked before),
/// else a seat key kept for one of its tables, else as anyone.
pub async fn load(id: &str, known: Option<String>) -> Result<(SessionView, Option<String>), ApiError> {
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
