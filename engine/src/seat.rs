//! Seats and teams (rules.md, "Seats and turn order").

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table. The landlord plays first, then farmer 1 (the
/// landlord's next player, 下家), then farmer 2 (上家). The 1v1 variant
/// uses the landlord and farmer 1 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Landlord,
    Farmer1,
    Farmer2,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::Landlord, Seat::Farmer1, Seat::Farmer2];

    pub const fn index(self) -> usize {
        self as usize
    }

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

    pub fn from_name(name: &str) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The seat that plays after this one at a table of `seats` (2 or 3).
    pub const fn next(self, seats: usize) -> Seat {
        Seat::ALL[(self as usize + 1) % seats]
    }
}

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
    Landlord,
    Farmers,
}

impl Team {
    pub const fn name(self) -> &'static str {
        match self {
            Team::Landlord => "landlord",
            Team::Farmers => "farmers",
        }
    }
}
