//! Every message a table sends about itself is built here, for one viewer,
//! from the engine's [`Table::view`](engine::table::Table::view): a chair's
//! holder sees its own hand, everyone the public state, and every hand
//! only once a deal is finished. The server adds who sits where and the
//! turn's time left; nothing else.

use engine::table::{Frame, Holder, ServerMessage, Sitter, Viewer};
use serde_json::{json, Value};

use super::driver::deadline;
use super::store::Loaded;

/// The frame `viewer` is sent: the table as it may see it.
pub fn frame(loaded: &Loaded, viewer: Viewer, now_ms: i64) -> Frame {
    let chairs = loaded.chairs.clone().map(|sitter| {
        sitter.map(|s| Sitter {
            player: if s.ai.is_some() { Holder::Ai } else { Holder::Person },
            name: s.name,
            auto: s.auto,
        })
    });
    Frame {
        id: loaded.id.clone(),
        turn_seconds: loaded.turn_seconds as u32,
        ai: loaded.ai.to_string(),
        chairs,
        ply: loaded.ply(),
        time_left_ms: deadline(loaded).map(|at| (at - now_ms).max(0) as u64),
        view: loaded.table.view(viewer),
    }
}

/// [`frame`] as the socket's message.
pub fn message(loaded: &Loaded, viewer: Viewer, now_ms: i64) -> ServerMessage {
    ServerMessage::Frame(Box::new(frame(loaded, viewer, now_ms)))
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
