//! The table calls of the server's HTTP API (docs/tables.md).

use engine::table::Rules;
use serde::Deserialize;
use serde_json::json;

use super::keys::Keys;
use crate::api::{call, ApiError};
use crate::route::Route;

#[derive(Deserialize)]
struct Opened {
    id: String,
    host_key: String,
}

/// Opens a table under `rules`, keeps its host key, and goes to it.
/// `Ok(false)` if the key could not be kept (the table is open).
pub async fn open_table(rules: Rules) -> Result<bool, ApiError> {
    let body = json!({ "rules": rules.name() }).to_string();
    let opened: Opened = call("POST", "tables", None, Some(body)).await?;
    let kept = Keys {
        seat: None,
        host: Some(opened.host_key),
    }
    .save(&opened.id);
    Route::Table(opened.id).go();
    Ok(kept)
}

#[derive(Deserialize)]
struct Seated {
    seat_key: String,
}

/// Takes the first free chair at table `id` as `name`: the seat key.
pub async fn sit(id: &str, name: &str) -> Result<String, ApiError> {
    let body = json!({ "name": name }).to_string();
    let seated: Seated = call("POST", &format!("tables/{id}/seats"), None, Some(body)).await?;
    Ok(seated.seat_key)
}

/// Puts the AI in every empty chair (the host's key).
pub async fn fill(id: &str, host_key: &str) -> Result<(), ApiError> {
    call::<serde_json::Value>("POST", &format!("tables/{id}/fill"), Some(host_key), Some("{}".into())).await?;
    Ok(())
}
