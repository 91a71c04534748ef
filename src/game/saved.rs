//! The game in progress, saved in localStorage on every move (the deal's
//! setup, the bids, the record with each card's face, what practice can
//! redo, the session's score) with a version number, and checked move by
//! move through the referee when it is read back. A saved game that cannot
//! be read is reported, and its text is kept under [`SET_ASIDE_KEY`].

use std::rc::Rc;

use engine::bidding::Bid;
use engine::{Move, Seat};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::model::{Chair, FacedTurn, Mode, PlayDeal, RestoreError, Session, Setup};
use crate::suits::Faces;
use crate::web::{self, SetAside, StorageError};

const KEY: &str = "ddz.play.game";
pub const SET_ASIDE_KEY: &str = "ddz.play.unreadable";
/// An unfinished game put aside when a link opened another deal.
const PAUSED_KEY: &str = "ddz.play.paused";
/// The format written now. A later format reads this one or says why not.
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub table: PlayDeal,
    pub session: Session,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    #[error("not a saved game: {0}")]
    Format(String),
    #[error("saved by a newer version ({0})")]
    Version(u32),
    #[error("unknown {what} '{value}'")]
    Value { what: &'static str, value: String },
    #[error("{0}")]
    Restore(#[from] RestoreError),
}

#[derive(Serialize, Deserialize)]
struct Stored {
    version: u32,
    seed: u64,
    mode: String,
    first: String,
    bids: Vec<String>,
    /// `[seat, move, faces]`: `["landlord", "33", 4113]`.
    record: Vec<(String, String, u64)>,
    redo: Vec<(String, String, u64)>,
    totals: [i64; 3],
    deals: u32,
}

pub(crate) fn stored_turn(t: &FacedTurn) -> (String, String, u64) {
    (t.seat.name().into(), t.mv.to_string(), t.faces.bits())
}

pub(crate) fn turn((seat, mv, faces): &(String, String, u64)) -> Result<FacedTurn, LoadError> {
    let value = |what, value: &str| LoadError::Value {
        what,
        value: value.to_string(),
    };
    Ok(FacedTurn {
        seat: Seat::from_name(seat).ok_or_else(|| value("seat", seat))?,
        mv: Move::parse(mv).map_err(|_| value("move", mv))?,
        faces: Faces::from_bits(*faces).ok_or_else(|| value("cards", &faces.to_string()))?,
    })
}

pub fn to_json(table: &PlayDeal, session: &Session) -> String {
    let setup = table.setup();
    let stored = Stored {
        version: VERSION,
        seed: setup.seed,
        mode: setup.mode.name().into(),
        first: setup.first.name().into(),
        bids: table.bids().iter().map(|b| b.name().to_string()).collect(),
        record: table.record().iter().map(stored_turn).collect(),
        redo: table.redo_moves().iter().map(stored_turn).collect(),
        totals: session.totals,
        deals: session.deals,
    };
    serde_json::to_string(&stored).unwrap_or_default()
}

pub fn from_json(text: &str) -> Result<SavedGame, LoadError> {
    #[derive(Deserialize)]
    struct Versioned {
        version: u32,
    }
    let Versioned { version } = serde_json::from_str(text).map_err(|e| LoadError::Format(e.to_string()))?;
    if version != VERSION {
        return Err(LoadError::Version(version));
    }
    let stored: Stored = serde_json::from_str(text).map_err(|e| LoadError::Format(e.to_string()))?;
    let value = |what, value: &str| LoadError::Value {
        what,
        value: value.to_string(),
    };
    let setup = Setup {
        seed: stored.seed,
        mode: Mode::from_name(&stored.mode).ok_or_else(|| value("mode", &stored.mode))?,
        first: Chair::from_name(&stored.first).ok_or_else(|| value("chair", &stored.first))?,
    };
    let bids = stored
        .bids
        .iter()
        .map(|b| Bid::parse(b).map_err(|_| value("bid", b)))
        .collect::<Result<Vec<_>, _>>()?;
    let record = stored.record.iter().map(turn).collect::<Result<Vec<_>, _>>()?;
    let redo = stored.redo.iter().map(turn).collect::<Result<Vec<_>, _>>()?;
    let table = PlayDeal::restore(setup, &bids, &record, &redo)?;
    Ok(SavedGame {
        table,
        session: Session {
            totals: stored.totals,
            deals: stored.deals,
        },
    })
}

/// A saved game that could not be read: why, what became of its text, and
/// the text itself when it could not be kept aside (to download).
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    pub error: LoadError,
    pub kept: SetAside,
    pub text: Option<Rc<str>>,
}

/// The saved game: `Ok(None)` if there is none; on an error its text has
/// been moved aside (or could not be), and the caller reports it.
pub fn load() -> Result<Option<SavedGame>, Unreadable> {
    let Some(text) = web::storage_get(KEY) else {
        return Ok(None);
    };
    from_json(&text).map(Some).map_err(|error| {
        let kept = web::set_aside(KEY, SET_ASIDE_KEY);
        Unreadable {
            error,
            kept,
            text: (kept != SetAside::Kept).then(|| text.into()),
        }
    })
}

pub fn save(table: &PlayDeal, session: &Session) -> Result<(), StorageError> {
    web::storage_set(KEY, &to_json(table, session))
}

/// Keeps an unfinished game aside (a link opened another deal), to resume.
pub fn pause(table: &PlayDeal) -> Result<(), StorageError> {
    web::storage_set(PAUSED_KEY, &to_json(table, &Session::default()))
}

/// The game put aside, taken out of storage; `None` if there is none or
/// it cannot be read (then it stays where it is).
pub fn take_paused() -> Option<PlayDeal> {
    let game = from_json(&web::storage_get(PAUSED_KEY)?).ok()?;
    web::storage_remove(PAUSED_KEY);
    Some(game.table)
}

/// Whether a game is put aside.
pub fn has_paused() -> bool {
    web::storage_get(PAUSED_KEY).is_some()
}

/// The text of the last saved game that could not be read, if any.
pub fn set_aside() -> Option<String> {
    web::latest_aside(&web::Local, SET_ASIDE_KEY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::agents::bidding::choose_bid;

    use crate::game::model::Phase;

    fn played(seed: u64, moves: usize) -> PlayDeal {
        let mut table = PlayDeal::new(Setup::classic(seed, Chair::Left));
        while let Phase::Bidding { to_bid } = table.phase() {
            table.bid(choose_bid(table.dealt(to_bid), table.highest_bid())).unwrap();
        }
        let mut legal = vec![];
        for _ in 0..moves {
            let Some(game) = table.game() else { break };
            legal.clear();
            game.legal_moves(&mut legal);
            let Some(mv) = legal.first().copied() else { break };
            if table.play(mv, Faces::EMPTY).is_err() {
                break;
            }
        }
        table
    }

    #[test]
    fn a_game_round_trips() {
        for seed in 0..20 {
            let table = played(seed, 9);
            let session = Session {
                totals: [12, -6, -6],
                deals: 3,
            };
            let text = to_json(&table, &session);
            assert_eq!(from_json(&text), Ok(SavedGame { table, session }), "seed {seed}");
        }
    }

    #[test]
    fn broken_games_say_why() {
        let table = played(1, 6);
        let good = to_json(&table, &Session::default());
        assert!(matches!(from_json("{"), Err(LoadError::Format(_))));
        assert!(matches!(from_json("[]"), Err(LoadError::Format(_))));
        assert_eq!(
            from_json(&good.replace("\"version\":1", "\"version\":7")),
            Err(LoadError::Version(7))
        );
        assert!(matches!(
            from_json(&good.replace("\"classic\"", "\"chess\"")),
            Err(LoadError::Value { what: "mode", .. })
        ));
        // A move the referee refuses.
        let mut tampered: serde_json::Value = serde_json::from_str(&good).unwrap();
        tampered["record"][0][1] = "XD".into();
        assert!(matches!(
            from_json(&tampered.to_string()),
            Err(LoadError::Restore(RestoreError::Faces { index: 1 }))
        ));
    }
}
