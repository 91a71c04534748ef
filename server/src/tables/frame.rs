//! Every message a table sends about itself is built here, for one viewer,
//! from the engine's [`Table::view`](engine::table::Table::view): a chair's
//! holder sees its own hand, everyone the public state, and every hand
//! only once a deal is finished. The server adds who sits where and the
//! turn's time left; nothing else.

use engine::table::Viewer;
use serde_json::{json, Value};

use super::driver::deadline;
use super::store::Loaded;

/// The frame `viewer` is sent: the table as it may see it.
pub fn frame(loaded: &Loaded, viewer: Viewer, now_ms: i64) -> Value {
    let view = loaded.table.view(viewer);
    let chairs: Vec<Value> = loaded
        .chairs
        .iter()
        .map(|sitter| match sitter {
            Some(s) => json!({
                "name": s.name,
                "player": if s.ai.is_some() { "ai" } else { "person" },
                "auto": s.auto,
            }),
            None => Value::Null,
        })
        .collect();
    json!({
        "type": "frame",
        "id": loaded.id,
        "rules": view.rules,
        "turn_seconds": loaded.turn_seconds,
        "ai": loaded.ai.to_string(),
        "viewer": view.viewer,
        "chairs": chairs,
        "scores": view.scores,
        "deals": view.deals,
        "ply": loaded.ply(),
        "time_left_ms": deadline(loaded).map(|at| (at - now_ms).max(0)),
        "deal": view.deal,
    })
}

/// Every finished deal, whole, and the running score: what anyone may see.
pub fn history(loaded: &Loaded) -> Value {
    json!({
        "id": loaded.id,
        "rules": loaded.table.rules(),
        "scores": loaded.table.scores(),
        "names": loaded.chairs.iter().map(|s| s.as_ref().map(|s| s.name.clone())).collect::<Vec<_>>(),
        "deals": loaded.table.history(),
    })
}
