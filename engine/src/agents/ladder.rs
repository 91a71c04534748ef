//! The ladder: rungs of graded strength, `L0` (random) to `L11` (the
//! strongest), each a player spec. The lab's panels, the contests'
//! opponents and the Play page's levels are made of them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::PlayerSpec;

/// Each rung's spec, weakest first. The order is the measured one (`ddz
/// ladder`, docs/results/ladder.md): every rung beats the one below it in duplicate
/// matches, with 95% intervals apart.
const SPECS: [&str; Rung::COUNT] = [
    "random",
    "heuristic:noise=0.8",
    "heuristic:noise=0.6",
    "heuristic:noise=0.45",
    "heuristic:noise=0.3",
    "greedy",
    "heuristic:noise=0.07",
    "heuristic",
    "hybrid:switch=20:samples=4:nodes=1000",
    "hybrid:switch=30:samples=4:nodes=1000",
    "hybrid:switch=30:samples=8:nodes=2000",
    "hybrid:switch=40:samples=32:nodes=5000:read=64:exploit=2000",
];

/// Another name for the top rung ([`Rung::TOP`]).
pub const STRONGEST: &str = "strongest";

/// A rung of the ladder, `L0` to `L11`: only rungs that exist can be made.
///
/// ```
/// use engine::agents::Rung;
///
/// let rung: Rung = "l7".parse()?;
/// assert_eq!(rung, Rung::at(7));
/// assert_eq!(rung.to_string(), "L7");
/// assert_eq!(rung.spec().to_string(), "L7");
/// assert_eq!("strongest".parse::<Rung>()?, Rung::TOP);
/// assert!("L12".parse::<Rung>().is_err());
/// # Ok::<(), engine::agents::RungError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rung(u8);

/// Text that is not a ladder rung (as given).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a ladder rung (L0 to L{top}, or strongest)", top = Rung::COUNT - 1)]
pub struct RungError(pub String);

impl Rung {
    /// How many rungs the ladder has.
    pub const COUNT: usize = 12;

    /// Every rung, weakest first.
    pub const ALL: [Rung; Rung::COUNT] = {
        let mut all = [Rung(0); Rung::COUNT];
        let mut i = 0;
        while i < Rung::COUNT {
            all[i] = Rung(i as u8);
            i += 1;
        }
        all
    };

    /// The top rung, also called [`STRONGEST`].
    pub const TOP: Rung = Rung((Rung::COUNT - 1) as u8);

    /// Rung `n` (`L7` is 7), if the ladder has it.
    pub const fn new(n: usize) -> Option<Rung> {
        if n < Rung::COUNT {
            Some(Rung(n as u8))
        } else {
            None
        }
    }

    /// Rung `n` for constants: past the top it fails to compile in a
    /// `const` (and panics elsewhere).
    pub const fn at(n: usize) -> Rung {
        match Rung::new(n) {
            Some(rung) => rung,
            None => panic!("no such ladder rung"),
        }
    }

    /// Its number (`L7` is 7).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The player it stands for, written back as the rung.
    pub fn spec(self) -> PlayerSpec {
        PlayerSpec::of_rung(self)
    }

    /// The spec text it stands for (`heuristic:noise=0.8` for `L1`).
    pub fn definition(self) -> &'static str {
        SPECS[self.index()]
    }
}

impl fmt::Display for Rung {
    /// `L7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L{}", self.0)
    }
}

/// As its text, `L7`.
impl Serialize for Rung {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rung {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rung, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Rung {
    type Err = RungError;

    /// `L7` (any case, no leading zero or sign), or `strongest`.
    fn from_str(text: &str) -> Result<Rung, RungError> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case(STRONGEST) {
            return Ok(Rung::TOP);
        }
        Rung::ALL
            .into_iter()
            .find(|r| r.to_string().eq_ignore_ascii_case(trimmed))
            .ok_or_else(|| RungError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rungs_read_back_and_others_are_refused() {
        for (i, rung) in Rung::ALL.into_iter().enumerate() {
            assert_eq!(rung.index(), i);
            assert_eq!(Rung::new(i), Some(rung));
            assert_eq!(rung.to_string().parse::<Rung>(), Ok(rung));
            assert_eq!(rung.to_string().to_lowercase().parse::<Rung>(), Ok(rung));
            assert_eq!(rung.spec().rung(), Some(rung));
        }
        assert_eq!(Rung::new(Rung::COUNT), None);
        assert_eq!("Strongest".parse::<Rung>(), Ok(Rung::TOP));
        for bad in ["L12", "L", "L07", "L-1", "7", "heuristic"] {
            assert_eq!(bad.parse::<Rung>(), Err(RungError(bad.into())), "{bad}");
        }
        assert_eq!(
            "L12".parse::<Rung>().unwrap_err().to_string(),
            "'L12' is not a ladder rung (L0 to L11, or strongest)"
        );
    }
}
