//! The Play page's settings: the opponents' level, the pace, practice mode,
//! the card counter, sound, the turn timer, and the mode and seat new deals
//! start with. Kept in localStorage with the language (`settings.rs`).

use engine::{PlayerSpec, Rung, Seat};
use serde::{Deserialize, Serialize};

use crate::game::model::Mode;

/// The opponents' strength, in words a casual player knows. Each level is a
/// rung of the engine's ladder (`ddz ladder` measures each above the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Novice,
    Intermediate,
    Advanced,
    Expert,
    Master,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::Master,
    ];
    pub const DEFAULT: Level = Level::Advanced;

    pub const fn key(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    /// The ladder rung that plays at this level.
    pub const fn rung(self) -> Rung {
        Rung::at(match self {
            Level::Beginner => 1,
            Level::Novice => 3,
            Level::Intermediate => 6,
            Level::Advanced => 7,
            Level::Expert => 9,
            Level::Master => 11,
        })
    }

    /// The player at this level: its rung's spec.
    pub fn player(self) -> PlayerSpec {
        self.rung().spec()
    }

    /// The level a ladder rung belongs to: the random and noisiest
    /// heuristics to 新手, the noisy ones to 入门, the greedy rule and the
    /// slightly noisy heuristic to 中级, the heuristic to 高手, the hybrids to
    /// 专家, the strongest to 大师.
    pub fn of_rung(rung: Rung) -> Level {
        match rung.index() {
            0 | 1 => Level::Beginner,
            2 | 3 => Level::Novice,
            4..=6 => Level::Intermediate,
            7 => Level::Advanced,
            8..=10 => Level::Expert,
            _ => Level::Master,
        }
    }

    /// A level's key, or a ladder rung (`L9`, any case) as links write it:
    /// the level that rung belongs to ([`Level::of_rung`]), so links made
    /// with any rung still open.
    pub fn parse(text: &str) -> Option<Level> {
        if let Some(level) = Level::ALL.into_iter().find(|l| l.key() == text) {
            return Some(level);
        }
        let rung = text.strip_prefix(['L', 'l'])?;
        if rung.is_empty() || !rung.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Rung::new(rung.parse().ok()?).map(Level::of_rung)
    }
}

/// How long the AI's moves take to come, at the least.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pace {
    Slow,
    Normal,
    Fast,
}

impl Pace {
    pub const ALL: [Pace; 3] = [Pace::Slow, Pace::Normal, Pace::Fast];

    pub const fn key(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
        }
    }

    pub fn parse(text: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|p| p.key() == text)
    }

    /// The pause before an AI's move (ms), given `u` uniform in [0, 1): it
    /// varies by ±30% so the table does not tick like a metronome.
    pub fn pause_ms(self, u: f64) -> u32 {
        let base = match self {
            Pace::Slow => 1500.0,
            Pace::Normal => 850.0,
            Pace::Fast => 250.0,
        };
        (base * (0.7 + 0.6 * u.clamp(0.0, 1.0))).round() as u32
    }
}

/// Seconds the user has for a turn, if the timer is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timer {
    Off,
    Seconds15,
    Seconds30,
}

impl Timer {
    pub const ALL: [Timer; 3] = [Timer::Off, Timer::Seconds15, Timer::Seconds30];

    pub const fn seconds(self) -> Option<u32> {
        match self {
            Timer::Off => None,
            Timer::Seconds15 => Some(15),
            Timer::Seconds30 => Some(30),
        }
    }

    pub const fn key(self) -> &'static str {
        match self {
            Timer::Off => "off",
            Timer::Seconds15 => "15",
            Timer::Seconds30 => "30",
        }
    }

    pub fn parse(text: &str) -> Option<Timer> {
        Timer::ALL.into_iter().find(|t| t.key() == text)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    pub level: Level,
    pub pace: Pace,
    pub practice: bool,
    pub counter: bool,
    pub sound: bool,
    pub timer: Timer,
    /// The mode new deals are played in.
    pub mode: Mode,
    /// The user's seat for tournament deals.
    pub seat: Seat,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            level: Level::DEFAULT,
            pace: Pace::Normal,
            practice: false,
            counter: false,
            sound: true,
            timer: Timer::Off,
            mode: Mode::Classic,
            seat: Seat::Landlord,
        }
    }
}

/// What a setting (in a link or in storage) is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Language,
    Seed,
    Mode,
    Seat,
    First,
    Level,
    Pace,
    Timer,
}

/// A value that is not one of its setting's: reported in the page's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadValue {
    pub setting: Setting,
    pub value: String,
}

impl BadValue {
    pub fn new(setting: Setting, value: &str) -> BadValue {
        BadValue {
            setting,
            value: value.to_string(),
        }
    }
}

/// Prefs as stored: names, checked by [`StoredPrefs::check`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPrefs {
    level: String,
    pace: String,
    practice: bool,
    counter: bool,
    sound: bool,
    timer: String,
    mode: String,
    seat: String,
}

impl From<Prefs> for StoredPrefs {
    fn from(p: Prefs) -> StoredPrefs {
        StoredPrefs {
            level: p.level.key().into(),
            pace: p.pace.key().into(),
            practice: p.practice,
            counter: p.counter,
            sound: p.sound,
            timer: p.timer.key().into(),
            mode: p.mode.name().into(),
            seat: p.seat.name().into(),
        }
    }
}

impl StoredPrefs {
    /// The prefs, or the first value that is not one.
    pub fn check(&self) -> Result<Prefs, BadValue> {
        let bad = BadValue::new;
        Ok(Prefs {
            level: Level::parse(&self.level).ok_or_else(|| bad(Setting::Level, &self.level))?,
            pace: Pace::parse(&self.pace).ok_or_else(|| bad(Setting::Pace, &self.pace))?,
            practice: self.practice,
            counter: self.counter,
            sound: self.sound,
            timer: Timer::parse(&self.timer).ok_or_else(|| bad(Setting::Timer, &self.timer))?,
            mode: Mode::from_name(&self.mode).ok_or_else(|| bad(Setting::Mode, &self.mode))?,
            seat: Seat::from_name(&self.seat).ok_or_else(|| bad(Setting::Seat, &self.seat))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_climb_the_ladder_and_parse_from_links() {
        let rungs: Vec<Rung> = Level::ALL.iter().map(|l| l.rung()).collect();
        assert!(rungs.windows(2).all(|w| w[0] < w[1]));
        for level in Level::ALL {
            assert_eq!(Level::parse(level.key()), Some(level));
            assert_eq!(Level::parse(&level.rung().to_string().to_lowercase()), Some(level));
        }
        // Every rung opens the level it belongs to; its own rung is its own.
        assert_eq!(Level::parse("L5"), Some(Level::Intermediate));
        assert_eq!(Level::parse("l8"), Some(Level::Expert));
        assert_eq!(Level::parse("L10"), Some(Level::Expert));
        assert_eq!(Level::parse("L0"), Some(Level::Beginner));
        for rung in Rung::ALL {
            let (level, r) = (Level::of_rung(rung), rung.index());
            let own = level.rung().index();
            // A level's rung is the nearest of the levels' rungs, or tied.
            let nearest = Level::ALL.iter().map(|l| l.rung().index().abs_diff(r)).min().unwrap();
            assert!(own.abs_diff(r) <= nearest + 1, "L{r} in {level:?}");
        }
        for bad in ["L12", "L", "L-1", "L+7", "L07x", "expertly", "strongest"] {
            assert_eq!(Level::parse(bad), None, "{bad}");
        }
        for level in Level::ALL {
            assert_eq!(level.player().to_string(), level.rung().to_string());
        }
    }

    #[test]
    fn pauses_vary_within_their_range() {
        assert_eq!(Pace::Normal.pause_ms(0.0), 595);
        assert_eq!(Pace::Normal.pause_ms(1.0), 1105);
        assert!(Pace::Fast.pause_ms(0.5) < Pace::Slow.pause_ms(0.5));
    }

    #[test]
    fn stored_prefs_round_trip_and_bad_ones_are_named() {
        let prefs = Prefs {
            timer: Timer::Seconds15,
            mode: Mode::Tournament,
            seat: Seat::Farmer2,
            ..Prefs::default()
        };
        assert_eq!(StoredPrefs::from(prefs).check(), Ok(prefs));
        let mut stored = StoredPrefs::from(prefs);
        stored.pace = "warp".into();
        assert_eq!(stored.check(), Err(BadValue::new(Setting::Pace, "warp")));
    }
}
