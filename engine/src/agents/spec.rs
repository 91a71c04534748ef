//! Player specs: the written name of a player (`heuristic:noise=0.2`,
//! `sampler:samples=8:nodes=2000`, a ladder rung `L7`), parsed once into a
//! [`PlayerSpec`] that builds the player. The canonical text (`Display`,
//! serde) is the rung for a rung and otherwise the player's own name
//! ([`Player::name`]), which reads back to the same spec.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::limits;

use super::{
    GreedyPlayer, HeuristicPlayer, HybridPlayer, Player, PlayerError, RandomPlayer, Rung, SamplerConfig, SamplingPlayer,
};

/// The hybrid's switch point when none is given.
const DEFAULT_SWITCH: u32 = 30;

/// A kind of player with its options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerKind {
    /// Uniformly random legal moves.
    Random,
    /// The simple rule player.
    Greedy,
    /// Plays from its minimum split; `noise` is the chance of a random move.
    Heuristic {
        /// The chance of a uniformly random legal move, in [`limits::NOISE`].
        noise: f64,
    },
    /// Samples the hidden cards and solves each deal open-handed.
    Sampler(SamplerConfig),
    /// The heuristic until the cards left in all hands fall to `switch`,
    /// then the sampler.
    Hybrid {
        /// Cards left in all hands at or below which the sampler takes over,
        /// in [`limits::SWITCH`].
        switch: u32,
        /// The sampler's options.
        config: SamplerConfig,
    },
}

impl PlayerKind {
    /// The kind's name without options.
    pub fn name(&self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Heuristic { .. } => "heuristic",
            PlayerKind::Sampler(_) => "sampler",
            PlayerKind::Hybrid { .. } => "hybrid",
        }
    }
}

impl fmt::Display for PlayerKind {
    /// As the player names itself: `heuristic` (noise 0) or
    /// `heuristic:noise=P`; sampler and hybrid with every option.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Heuristic { noise } if *noise > 0.0 => write!(f, "heuristic:noise={noise}"),
            PlayerKind::Sampler(c) => write!(f, "sampler:{}", c.options()),
            PlayerKind::Hybrid { switch, config } => write!(f, "hybrid:switch={switch}:{}", config.options()),
            other => f.write_str(other.name()),
        }
    }
}

/// A player as named: a kind with options, or a ladder rung.
///
/// # Examples
///
/// ```
/// use engine::agents::PlayerKind;
/// use engine::{Player, PlayerSpec};
///
/// let spec: PlayerSpec = "heuristic:noise=0.2".parse()?;
/// assert_eq!(spec.kind(), PlayerKind::Heuristic { noise: 0.2 });
/// assert_eq!(spec.to_string(), "heuristic:noise=0.2");
/// assert_eq!(spec.build(1).name(), "heuristic:noise=0.2");
///
/// // A ladder rung, any case, written back as the rung.
/// let rung: PlayerSpec = "l7".parse()?;
/// assert_eq!(rung.rung(), Some(engine::agents::Rung::at(7)));
/// assert_eq!(rung.to_string(), "L7");
///
/// // Options out of range, or unknown, are refused.
/// assert!("sampler:samples=0".parse::<PlayerSpec>().is_err());
/// assert!("heuristic:depth=3".parse::<PlayerSpec>().is_err());
/// # Ok::<(), engine::PlayerError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerSpec {
    /// The ladder rung it was named by, if any.
    rung: Option<Rung>,
    kind: PlayerKind,
}

impl PlayerSpec {
    /// A ladder rung's player, written back as the rung.
    pub(super) fn of_rung(rung: Rung) -> PlayerSpec {
        let kind = rung
            .definition()
            .parse::<PlayerSpec>()
            .expect("every rung's definition parses (a test reads them all)")
            .kind;
        PlayerSpec { rung: Some(rung), kind }
    }

    /// The kind and options it stands for.
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// The ladder rung it was named by, if any.
    pub fn rung(&self) -> Option<Rung> {
        self.rung
    }

    /// The player, its randomness seeded from `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        match self.kind {
            PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
            PlayerKind::Greedy => Box::new(GreedyPlayer::new()),
            PlayerKind::Heuristic { noise } => Box::new(HeuristicPlayer::new(noise, seed)),
            PlayerKind::Sampler(config) => Box::new(SamplingPlayer::new(config, seed)),
            PlayerKind::Hybrid { switch, config } => Box::new(HybridPlayer::new(switch, config, seed)),
        }
    }
}

impl From<PlayerKind> for PlayerSpec {
    fn from(kind: PlayerKind) -> PlayerSpec {
        PlayerSpec { rung: None, kind }
    }
}

impl fmt::Display for PlayerSpec {
    /// `L7` for a rung, else the kind with its options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rung {
            Some(rung) => rung.fmt(f),
            None => self.kind.fmt(f),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = PlayerError;

    /// A kind with `:key=value` options (`heuristic:noise=0.2`), or a
    /// ladder rung (`L7`, any case), or `strongest` (the top rung). Every option has a stated range
    /// ([`limits::NOISE`], [`limits::SAMPLES`], [`limits::NODES`],
    /// [`limits::CANDIDATES`], [`limits::READ`], [`limits::EXPLOIT`],
    /// [`limits::SWITCH`]) and may be given once.
    fn from_str(name: &str) -> Result<PlayerSpec, PlayerError> {
        let trimmed = name.trim();
        let rung = trimmed.parse::<Rung>().ok();
        let text = rung.map_or(trimmed, |r| r.definition());
        let mut parts = text.split(':');
        let kind_name = parts.next().unwrap_or_default();
        let bad = |why: String| PlayerError::BadOption {
            name: name.to_string(),
            why,
        };
        let allowed: &[&str] = match kind_name {
            "random" | "greedy" => &[],
            "heuristic" => &["noise"],
            "sampler" => &["samples", "nodes", "candidates", "read", "exploit"],
            "hybrid" => &["switch", "samples", "nodes", "candidates", "read", "exploit"],
            _ => return Err(PlayerError::Unknown(name.to_string())),
        };
        let mut noise = 0.0;
        let mut config = SamplerConfig::default();
        let mut switch = DEFAULT_SWITCH;
        let mut seen: Vec<&str> = Vec::new();
        for option in parts {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| bad(format!("option '{option}' is not key=value")))?;
            if !allowed.contains(&key) {
                return Err(bad(format!("no option '{key}' for {kind_name}")));
            }
            if seen.contains(&key) {
                return Err(bad(format!("option '{key}' is given twice")));
            }
            seen.push(key);
            // A whole number in its range, else why not.
            let count = |range: &std::ops::RangeInclusive<u64>| {
                value.parse::<u64>().ok().filter(|n| range.contains(n)).ok_or_else(|| {
                    bad(format!(
                        "'{value}' is not a valid {key} (a whole number from {})",
                        limits::describe(range)
                    ))
                })
            };
            match key {
                "noise" => {
                    noise = value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| limits::NOISE.contains(x))
                        .ok_or_else(|| {
                            bad(format!(
                                "'{value}' is not a valid noise (a number from {})",
                                limits::describe(&limits::NOISE)
                            ))
                        })?
                }
                // The ranges fit usize and u32 on every target.
                "samples" => config.samples = count(&limits::SAMPLES)? as usize,
                "nodes" => config.nodes = count(&limits::NODES)?,
                "candidates" => config.candidates = count(&limits::CANDIDATES)? as usize,
                "read" => config.read = count(&limits::READ)? as usize,
                "exploit" => config.exploit = count(&limits::EXPLOIT)?,
                _ => switch = count(&limits::SWITCH)? as u32,
            }
        }
        let kind = match kind_name {
            "random" => PlayerKind::Random,
            "greedy" => PlayerKind::Greedy,
            "heuristic" => PlayerKind::Heuristic { noise },
            "sampler" => PlayerKind::Sampler(config),
            _ => PlayerKind::Hybrid { switch, config },
        };
        Ok(PlayerSpec { rung, kind })
    }
}

impl Serialize for PlayerSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PlayerSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PlayerSpec, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_their_canonical_text_back() {
        for rung in Rung::ALL {
            let spec: PlayerSpec = rung.to_string().parse().unwrap();
            assert_eq!(spec.to_string(), rung.to_string());
            assert_eq!(rung.to_string().to_lowercase().parse::<PlayerSpec>().unwrap(), spec);
            let kind: PlayerSpec = rung.definition().parse().unwrap();
            assert_eq!(spec.rung().unwrap().spec(), spec);
            assert_eq!(rung.spec(), spec);
            assert_eq!(kind.kind(), spec.kind());
            // The canonical text is the player's own name.
            assert_eq!(kind.to_string(), kind.build(0).name());
            assert_eq!(kind.to_string().parse::<PlayerSpec>().unwrap(), kind);
            let json = serde_json::to_string(&spec).unwrap();
            assert_eq!(serde_json::from_str::<PlayerSpec>(&json).unwrap(), spec);
        }
        assert_eq!(
            "heuristic:noise=0".parse::<PlayerSpec>().unwrap().to_string(),
            "heuristic"
        );
        // `strongest` is the top rung, written back as the rung.
        let top: PlayerSpec = "Strongest".parse().unwrap();
        assert_eq!(top.rung(), Some(Rung::TOP));
        assert_eq!(top.to_string(), "L11");
    }

    #[test]
    fn bad_specs_say_what_and_the_range() {
        let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(matches!("L99".parse::<PlayerSpec>(), Err(PlayerError::Unknown(n)) if n == "L99"));
        assert!(matches!(
            "nobody:x=1".parse::<PlayerSpec>(),
            Err(PlayerError::Unknown(_))
        ));
        assert!(err("heuristic:noise=2").contains("a number from 0 to 1"));
        assert!(err("heuristic:noise=NaN").contains("not a valid noise"));
        assert!(err("sampler:samples=0").contains("from 1 to 1000"));
        assert!(err("sampler:nodes=18446744073709551615").contains("from 1 to 10000000"));
        assert!(err("hybrid:switch=55").contains("from 0 to 54"));
        assert!(err("hybrid:read=0").contains("from 1 to 1024"));
        assert!(err("sampler:exploit=-1").contains("from 0 to 10000000"));
        assert!(err("hybrid:switch=5:switch=6").contains("given twice"));
        assert!(err("greedy:noise=0.1").contains("no option 'noise' for greedy"));
        assert!(err("heuristic:noise").contains("not key=value"));
    }
}
