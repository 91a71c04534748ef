//! A library's settings digest: what its counts and pars came from, in 16
//! hex digits of its header, so that a header changed after the build (a
//! panel, games count or par budget written over) is refused on reading.
//!
//! The digest is FNV-1a 64 (offset basis `0xcbf29ce484222325`, prime
//! `0x100000001b3`) over the canonical settings text, [`canonical`]:
//!
//! ```text
//! ddz library settings
//! format 1
//! panel quick
//! table L0=random farmers L7=heuristic
//! ...one line per table, in the panel's order...
//! games 8
//! par_nodes 2000000
//! ```
//!
//! Each table names its players as the rung and the player it stands for,
//! so a rung redefined (other play, same name) changes the digest too. Not
//! a secret: anyone can recompute it; it catches an edited header, and
//! `ddz library verify` replays entries for the rest.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::agents::PlayerSpec;

use super::panel::Panel;
use crate::rng::fnv1a64;

/// The version of what a library's numbers mean for the same settings:
/// raised whenever the engine would play a panel's games or search a par
/// differently (players' play, the seeding of games, the solver), so that
/// a library an earlier engine built is refused rather than taken for
/// this one's.
pub const FORMAT: u32 = 1;

/// The digest of a library's settings ([`Digest::of`]); written as 16
/// lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Digest(pub u64);

impl Digest {
    /// The digest of building `games` per table of `panel`, par within
    /// `par_nodes` nodes (0: none), with this engine ([`FORMAT`]).
    pub fn of(panel: &Panel, games: u32, par_nodes: u64) -> Digest {
        Digest(fnv1a64(canonical(panel, games, par_nodes).as_bytes()))
    }
}

/// The settings as the digest reads them (see the module's text).
pub fn canonical(panel: &Panel, games: u32, par_nodes: u64) -> String {
    // A rung and what it stands for, so a rung redefined changes the digest.
    let player = |spec: &PlayerSpec| format!("{spec}={}", spec.kind());
    let mut text = format!("ddz library settings\nformat {FORMAT}\npanel {}\n", panel.name);
    for seating in &panel.seatings {
        text.push_str(&format!(
            "table {} farmers {}\n",
            player(&seating.landlord),
            player(&seating.farmers)
        ));
    }
    text.push_str(&format!("games {games}\npar_nodes {par_nodes}\n"));
    text
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl From<Digest> for String {
    fn from(d: Digest) -> String {
        d.to_string()
    }
}

impl TryFrom<String> for Digest {
    type Error = String;

    fn try_from(text: String) -> Result<Digest, String> {
        let hex = text.len() == 16 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        match u64::from_str_radix(&text, 16) {
            Ok(n) if hex => Ok(Digest(n)),
            _ => Err(format!("digest '{text}' is not 16 lowercase hex digits")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_follows_every_setting_and_reads_back() {
        use crate::lab::panel::PanelName;
        let quick = PanelName::Quick.panel();
        let text = canonical(&quick, 8, 2_000_000);
        assert!(
            text.contains("table L3=heuristic:noise=0.45 farmers L7=heuristic\n"),
            "{text}"
        );
        let d = Digest::of(&quick, 8, 2_000_000);
        assert_ne!(d, Digest::of(&quick, 7, 2_000_000));
        assert_ne!(d, Digest::of(&quick, 8, 1_000_000));
        assert_ne!(d, Digest::of(&PanelName::Strong.panel(), 8, 2_000_000));
        let mut other = quick.clone();
        other.seatings[0].landlord = "greedy".parse().unwrap();
        assert_ne!(d, Digest::of(&other, 8, 2_000_000));
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(json.len(), 18);
        assert_eq!(serde_json::from_str::<Digest>(&json).unwrap(), d);
        for bad in ["\"\"", "\"0123\"", "\"0123456789ABCDEF\"", "\"+123456789abcdef\"", "1"] {
            assert!(serde_json::from_str::<Digest>(bad).is_err(), "{bad}");
        }
    }
}
