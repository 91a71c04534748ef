//! Seats and teams (rules.md, "Seats and turn order").

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A seat at the table. The landlord plays first, then farmer 1 (the
/// landlord's next player, 下家), then farmer 2 (上家). The 1v1 variant
/// uses the landlord and farmer 1 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// 地主: plays first and alone against the farmers.
    Landlord,
    /// Farmer 1 (农民): the landlord's next player (下家).
    Farmer1,
    /// Farmer 2 (农民): plays right before the landlord (上家); absent in 1v1.
    Farmer2,
}

impl Seat {
    /// Every seat, in turn order.
    pub const ALL: [Seat; 3] = [Seat::Landlord, Seat::Farmer1, Seat::Farmer2];

    /// 0 for the landlord, 1 for farmer 1, 2 for farmer 2: the index into
    /// per-seat arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side this seat plays for.
    pub const fn team(self) -> Team {
        match self {
            Seat::Landlord => Team::Landlord,
            Seat::Farmer1 | Seat::Farmer2 => Team::Farmers,
        }
    }

    /// The name used in the CLI and JSON: `landlord`, `farmer1`, `farmer2`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Landlord => "landlord",
            Seat::Farmer1 => "farmer1",
            Seat::Farmer2 => "farmer2",
        }
    }

    /// The seat of a name as [`Seat::name`] gives it; `None` for any other
    /// text.
    pub fn from_name(name: &str) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The seat that plays after this one at a table of `seats` (2 or 3).
    pub const fn next(self, seats: usize) -> Seat {
        Seat::ALL[(self as usize + 1) % seats]
    }
}

/// A seat as a person types it: [`Seat::name`]'s names, and `farmer` for
/// farmer 1 (the only farmer in 1v1); spaces around it allowed.
impl FromStr for Seat {
    type Err = SeatError;
    fn from_str(text: &str) -> Result<Seat, SeatError> {
        match text.trim() {
            "farmer" => Ok(Seat::Farmer1),
            name => Seat::from_name(name).ok_or_else(|| SeatError(name.to_string())),
        }
    }
}

/// Text that names no seat (trimmed).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a seat (landlord, farmer, farmer1, farmer2)")]
pub struct SeatError(pub String);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::Landlord => "landlord",
            Seat::Farmer1 => "farmer 1",
            Seat::Farmer2 => "farmer 2",
        })
    }
}

/// The two sides: the landlord alone, and the farmers together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    /// The landlord (地主) on its own.
    Landlord,
    /// Both farmers (农民): one going out wins for both. Written
    /// `farmer`, as the CLI's `winner` has always named the side.
    #[serde(rename = "farmer")]
    Farmers,
}

impl Team {
    /// The name used in the CLI, JSON and worker messages: `landlord` or
    /// `farmer` (the side, as in `"winner": "farmer"`).
    pub const fn name(self) -> &'static str {
        match self {
            Team::Landlord => "landlord",
            Team::Farmers => "farmer",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_by_name_and_farmer_is_farmer_1() {
        for seat in Seat::ALL {
            assert_eq!(seat.name().parse(), Ok(seat));
        }
        assert_eq!(" farmer ".parse(), Ok(Seat::Farmer1));
        assert_eq!(
            " Farmer ".parse::<Seat>().unwrap_err().to_string(),
            "'Farmer' is not a seat (landlord, farmer, farmer1, farmer2)"
        );
    }
}
