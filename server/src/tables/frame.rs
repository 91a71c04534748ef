//! Every message a table sends about itself is built here, for one viewer,
//! from the engine's [`Table::view`](engine::table::Table::view): a chair's
//! holder sees its own hand, everyone the public state, and every hand
//! only once a deal is finished. The server adds who sits where and the
//! turn's time left; nothing else.
//!
//! A duplicate session's tables play boards that other tables have still
//! to play: a spectator is shown who sits where and the board's number,
//! and nothing of a deal or a score; a table's history shows only the
//! boards every table has finished.

use engine::table::{DuplicateSeat, Frame, Holder, ServerMessage, Sitter, Viewer};
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
    let mut view = loaded.table.view(viewer);
    if loaded.duplicate.is_some() && viewer == Viewer::Spectator {
        view.deal = None;
        view.scores = [0; 3];
    }
    Frame {
        id: loaded.id.clone(),
        turn_seconds: loaded.turn_seconds as u32,
        ai: loaded.ai.to_string(),
        chairs,
        ply: loaded.ply(),
        time_left_ms: deadline(loaded).map(|at| (at - now_ms).max(0) as u64),
        duplicate: loaded.duplicate.as_ref().map(|s| DuplicateSeat {
            id: s.id.clone(),
            table: s.table,
            boards: s.shape.boards(),
        }),
        view,
    }
}

/// [`frame`] as the socket's message.
pub fn message(loaded: &Loaded, viewer: Viewer, now_ms: i64) -> ServerMessage {
    ServerMessage::Frame(Box::new(frame(loaded, viewer, now_ms)))
}

/// Every finished deal, whole, and the running score: what anyone may
/// see. At a duplicate session's table, `public` lists the boards every
/// table has finished: only those are shown, and the score is theirs.
pub fn history(loaded: &Loaded, public: Option<&[u32]>) -> Value {
    let shown = |number: u32| public.is_none_or(|boards| boards.contains(&number));
    let deals: Vec<_> = loaded.table.history().into_iter().filter(|d| shown(d.number)).collect();
    let mut scores = [0i64; 3];
    for result in deals.iter().filter_map(|d| d.result.as_ref()) {
        for (sum, score) in scores.iter_mut().zip(result.scores) {
            *sum += score;
        }
    }
    json!({
        "id": loaded.id,
        "rules": loaded.table.rules(),
        "scores": scores,
        "names": loaded.chairs.iter().map(|s| s.as_ref().map(|s| s.name.clone())).collect::<Vec<_>>(),
        "deals": deals,
    })
}
