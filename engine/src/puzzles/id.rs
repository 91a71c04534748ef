//! A puzzle's id: a short hash of its position, in a URL-safe alphabet,
//! so the same position has the same id whenever the library is made.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rng::derive;
use crate::seat::Seat;
use crate::solver::Position;

/// Characters in an id.
pub const ID_LEN: usize = 7;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A puzzle's id: [`ID_LEN`] characters of `A-Za-z0-9-_`, the hash
/// ([`crate::rng::derive`]) of the position's written form
/// ([`position_text`]), 42 bits of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct PuzzleId([u8; ID_LEN]);

impl PuzzleId {
    /// The id of `position`.
    pub fn of(position: &Position) -> PuzzleId {
        let mut h = derive(&[b"puzzle", position_text(position).as_bytes()]);
        let mut out = [0u8; ID_LEN];
        for c in &mut out {
            *c = ALPHABET[(h & 63) as usize];
            h >>= 6;
        }
        PuzzleId(out)
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        // Only ALPHABET's ASCII characters are ever stored.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

/// Text that is not a [`PuzzleId`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a puzzle id ({ID_LEN} characters of A-Z a-z 0-9 - _)")]
pub struct PuzzleIdError(pub String);

impl std::str::FromStr for PuzzleId {
    type Err = PuzzleIdError;
    /// [`ID_LEN`] characters of the alphabet, as written.
    fn from_str(text: &str) -> Result<PuzzleId, PuzzleIdError> {
        let bytes = text.trim().as_bytes();
        match <[u8; ID_LEN]>::try_from(bytes) {
            Ok(id) if id.iter().all(|b| ALPHABET.contains(b)) => Ok(PuzzleId(id)),
            _ => Err(PuzzleIdError(text.trim().to_string())),
        }
    }
}

impl TryFrom<String> for PuzzleId {
    type Error = PuzzleIdError;
    fn try_from(text: String) -> Result<PuzzleId, PuzzleIdError> {
        text.parse()
    }
}

impl From<PuzzleId> for String {
    fn from(id: PuzzleId) -> String {
        id.to_string()
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The position as the library file writes it: the hands landlord first
/// joined by `.`, the seat to move (`L`, `F1`, `F2`), and the play to beat
/// as `F1:33` (its maker and the play) or `-`, separated by spaces.
pub fn position_text(position: &Position) -> String {
    let hands: Vec<String> = Seat::ALL[..position.seats()]
        .iter()
        .map(|&s| position.hand(s).to_string())
        .collect();
    let beat = match position.to_beat() {
        Some((by, play)) => format!("{}:{play}", seat_letter(by)),
        None => "-".into(),
    };
    format!("{} {} {beat}", hands.join("."), seat_letter(position.to_move()))
}

/// `L`, `F1` or `F2`.
pub fn seat_letter(seat: Seat) -> &'static str {
    match seat {
        Seat::Landlord => "L",
        Seat::Farmer1 => "F1",
        Seat::Farmer2 => "F2",
    }
}

/// The seat of `L`, `F1` or `F2`.
pub fn seat_of_letter(text: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|&s| seat_letter(s) == text)
}
