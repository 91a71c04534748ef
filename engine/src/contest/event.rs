//! An event: everything an organiser decides, held in a short code
//! ([`Event::code`]) that a link carries, so no server is needed.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agents::Rung;
use crate::lab::panel::{CentreError, GdiCentre};
use crate::limits::{self, LimitError};
use crate::seat::Seat;

use super::code::{self, CodeError, CodeKind, Reader, Writer};
use super::secret::{Secret, SECRET_BYTES};
use crate::date::Date;
use crate::rng::derive;

/// How many boards an event has.
pub const BOARDS: std::ops::RangeInclusive<u8> = 1..=36;
/// The longest title, in characters.
pub const MAX_TITLE_CHARS: usize = 60;
/// The most entrants an online event may allow (the server refuses more).
pub const MAX_ENTRANTS: u64 = 100_000;
/// The equal format's ε, in thousandths: 0.001 to 1.
pub const EPS_MILLI: std::ops::RangeInclusive<u16> = 1..=1000;
/// The daily contest: boards, the opponents' rung.
pub const DAILY_BOARDS: u8 = 6;
/// The daily contest's opponents: L7 (the Play page's 高手, Advanced).
pub const DAILY_RUNG: usize = 7;
/// Seeds of an event that is not sealed are below 10⁹, short enough to
/// read out.
pub(crate) const SEEDS: u64 = 1_000_000_000;
/// Marks a sealed event's deals tag in its code.
const SEALED: u8 = 0x80;

/// How entrants get their deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// 复式: every entrant the same boards from the same seat.
    Duplicate,
    /// 同等牌力: each entrant their own deals, all within ε of one GDI centre.
    Equal,
    /// Each entrant their own random deals.
    Random,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 3] = [Format::Duplicate, Format::Equal, Format::Random];

    /// `duplicate`, `equal` or `random`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Duplicate => "duplicate",
            Format::Equal => "equal",
            Format::Random => "random",
        }
    }

    /// Whether every entrant plays the same boards.
    pub const fn is_shared(self) -> bool {
        matches!(self, Format::Duplicate)
    }
}

/// A word that is not one of an event option's names, as the CLI and a
/// form read them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// Not `duplicate`, `equal` or `random`.
    #[error("'{0}' is not a format (duplicate, equal or random)")]
    Format(String),
    /// Not a seat nor `alternate`.
    #[error("'{0}' is not a seat (landlord, farmer, farmer1, farmer2 or alternate)")]
    Seat(String),
    /// Not `hint`, `counter`, `undo` or `none`.
    #[error("'{0}' is not an aid (hint, counter, undo or none)")]
    Aid(String),
    /// Not `each-board` or `at-end`.
    #[error("'{0}' is not a time to show results (each-board or at-end)")]
    Reveal(String),
}

impl FromStr for Format {
    type Err = OptionError;
    fn from_str(text: &str) -> Result<Format, OptionError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == text.trim())
            .ok_or_else(|| OptionError::Format(text.trim().to_string()))
    }
}

/// Which seat the entrant takes on each board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatRule {
    /// The landlord on every board.
    Landlord,
    /// Farmer 1 (the landlord's 下家) on every board.
    Farmer1,
    /// Farmer 2 (the landlord's 上家) on every board.
    Farmer2,
    /// The landlord on odd boards, farmer 1 on even ones.
    Alternate,
}

impl SeatRule {
    /// Every rule.
    pub const ALL: [SeatRule; 4] = [
        SeatRule::Landlord,
        SeatRule::Farmer1,
        SeatRule::Farmer2,
        SeatRule::Alternate,
    ];

    /// `landlord`, `farmer1`, `farmer2` or `alternate`.
    pub const fn name(self) -> &'static str {
        match self {
            SeatRule::Landlord => "landlord",
            SeatRule::Farmer1 => "farmer1",
            SeatRule::Farmer2 => "farmer2",
            SeatRule::Alternate => "alternate",
        }
    }

    /// The seat on board `number` (from 1).
    pub const fn seat(self, number: u8) -> Seat {
        match self {
            SeatRule::Landlord => Seat::Landlord,
            SeatRule::Farmer1 => Seat::Farmer1,
            SeatRule::Farmer2 => Seat::Farmer2,
            SeatRule::Alternate if number % 2 == 1 => Seat::Landlord,
            SeatRule::Alternate => Seat::Farmer1,
        }
    }

    const fn tag(self) -> u8 {
        match self {
            SeatRule::Landlord => 0,
            SeatRule::Farmer1 => 1,
            SeatRule::Farmer2 => 2,
            SeatRule::Alternate => 3,
        }
    }
}

impl FromStr for SeatRule {
    type Err = OptionError;
    /// `alternate`, or a seat as [`Seat`] reads it (`farmer` is farmer 1).
    fn from_str(text: &str) -> Result<SeatRule, OptionError> {
        match text.trim() {
            "alternate" => Ok(SeatRule::Alternate),
            t => match t.parse::<Seat>() {
                Ok(Seat::Landlord) => Ok(SeatRule::Landlord),
                Ok(Seat::Farmer1) => Ok(SeatRule::Farmer1),
                Ok(Seat::Farmer2) => Ok(SeatRule::Farmer2),
                Err(_) => Err(OptionError::Seat(t.to_string())),
            },
        }
    }
}

/// The aids an entrant may use (all off unless the organiser allows them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Aids {
    /// 提示: the hint button.
    pub hint: bool,
    /// 记牌器: the card counter.
    pub counter: bool,
    /// Taking a move back.
    pub undo: bool,
}

impl Aids {
    fn bits(self) -> u8 {
        u8::from(self.hint) | u8::from(self.counter) << 1 | u8::from(self.undo) << 2
    }

    fn from_bits(bits: u8) -> Aids {
        Aids {
            hint: bits & 1 != 0,
            counter: bits & 2 != 0,
            undo: bits & 4 != 0,
        }
    }

    /// `hint,counter,undo` as given, `none` for none.
    pub fn names(self) -> String {
        let on: Vec<&str> = [(self.hint, "hint"), (self.counter, "counter"), (self.undo, "undo")]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect();
        if on.is_empty() {
            "none".into()
        } else {
            on.join(",")
        }
    }
}

impl FromStr for Aids {
    type Err = OptionError;
    /// A comma-separated list of `hint`, `counter`, `undo`, or `none`.
    fn from_str(text: &str) -> Result<Aids, OptionError> {
        let mut aids = Aids::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match item {
                "hint" => aids.hint = true,
                "counter" => aids.counter = true,
                "undo" => aids.undo = true,
                "none" => {}
                other => return Err(OptionError::Aid(other.to_string())),
            }
        }
        Ok(aids)
    }
}

/// When an entrant sees how each board went against the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reveal {
    /// After each board.
    EachBoard,
    /// Only once every board is played.
    AtEnd,
}

impl Reveal {
    /// `each-board` or `at-end`.
    pub const fn name(self) -> &'static str {
        match self {
            Reveal::EachBoard => "each-board",
            Reveal::AtEnd => "at-end",
        }
    }
}

impl FromStr for Reveal {
    type Err = OptionError;
    fn from_str(text: &str) -> Result<Reveal, OptionError> {
        match text.trim() {
            "each-board" => Ok(Reveal::EachBoard),
            "at-end" => Ok(Reveal::AtEnd),
            other => Err(OptionError::Reveal(other.to_string())),
        }
    }
}

/// Where the boards come from; the variant fixes the [`Format`].
#[derive(Clone, Debug, PartialEq)]
pub enum Deals {
    /// Duplicate: the test cases a library's DIH ranking chose for
    /// (n = `players`, m = the boards, r = `top`), their seeds held here
    /// so the event outlives any change to the library.
    TestCases {
        /// n: the players the boards were chosen to separate.
        players: u32,
        /// r: the top places to tell apart.
        top: u32,
        /// One seed per board, distinct.
        seeds: Vec<u64>,
    },
    /// Duplicate: boards dealt from one seed.
    Seeded {
        /// The event's seed.
        seed: u64,
    },
    /// Duplicate: the daily contest of a date, the same for everyone.
    Daily {
        /// The day (Beijing time, UTC+8).
        date: Date,
    },
    /// Equal strength: each entrant's deals within ε of a GDI centre,
    /// dealt from the event's seed and the entrant's name.
    Equal {
        /// The centre: shares of the panel's tables reaching each grade
        /// (to 4 decimals).
        centre: GdiCentre,
        /// ε in thousandths ([`EPS_MILLI`]).
        eps_milli: u16,
        /// The event's seed.
        seed: u64,
    },
    /// Random: each entrant's own deals, from the event's seed and the
    /// entrant's name.
    Random {
        /// The event's seed.
        seed: u64,
    },
}

impl Deals {
    /// The format these deals make.
    pub fn format(&self) -> Format {
        match self {
            Deals::TestCases { .. } | Deals::Seeded { .. } | Deals::Daily { .. } => Format::Duplicate,
            Deals::Equal { .. } => Format::Equal,
            Deals::Random { .. } => Format::Random,
        }
    }

    /// The equal format's ε.
    pub fn eps(&self) -> Option<f64> {
        match self {
            Deals::Equal { eps_milli, .. } => Some(f64::from(*eps_milli) / 1000.0),
            _ => None,
        }
    }
}

/// An organiser's choices, before they are checked ([`Event::new`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Shown to entrants; at most [`MAX_TITLE_CHARS`] characters.
    pub title: String,
    /// Where the boards come from.
    pub deals: Deals,
    /// How many, in [`BOARDS`].
    pub boards: u8,
    /// The entrant's seat on each board.
    pub seat: SeatRule,
    /// The AI opponents.
    pub opponents: Rung,
    /// What the entrant may use.
    pub aids: Aids,
    /// When results against the field are shown.
    pub reveal: Reveal,
}

/// Why settings or a code are not an event.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum EventError {
    /// The code itself (corrupted, of a result, another version).
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A title too long or with control characters.
    #[error("title: {0}")]
    Title(String),
    /// Boards outside [`BOARDS`].
    #[error("boards: {0} is out of range (1 to 36)")]
    Boards(u64),
    /// Opponents that are not a ladder rung.
    #[error("opponents: '{0}' is not a ladder rung (L0 to L{top})", top = Rung::COUNT - 1)]
    NotARung(String),
    /// Test cases cannot be an online event: their seeds are the boards.
    #[error("test cases cannot be dealt from a server's secret: their seeds are public")]
    SealedTestCases,
    /// Test cases: not one distinct seed per board.
    #[error("test cases: {found} distinct seeds for {boards} boards")]
    Seeds {
        /// Distinct seeds given.
        found: usize,
        /// Boards.
        boards: u8,
    },
    /// A number outside its range (players, top).
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// ε outside 0.001 to 1.
    #[error("eps: {0} is out of range (0.001 to 1)")]
    Eps(String),
    /// A GDI centre that is not one.
    #[error("centre: {0}")]
    Centre(#[from] CentreError),
    /// A centre whose values rise: no deal has one (reaching a grade
    /// means reaching every grade below it).
    #[error("centre: item {item} ({value}) is above item {before}: a GDI never rises from one grade to the next")]
    Rising {
        /// 1-based position of the value that rises.
        item: usize,
        /// Its value.
        value: f64,
        /// The item before it.
        before: usize,
    },
}

/// An event: checked settings. Build one with [`Event::new`],
/// [`Event::daily`] or [`Event::from_code`]; it cannot hold anything out
/// of range.
///
/// # Examples
///
/// ```
/// use engine::contest::{Aids, Deals, Event, Reveal, SeatRule, Settings};
/// use engine::Date;
///
/// let event = Event::new(Settings {
///     title: "Club night".into(),
///     deals: Deals::Seeded { seed: 42 },
///     boards: 3,
///     seat: SeatRule::Alternate,
///     opponents: "L7".parse()?,
///     aids: Aids::default(),
///     reveal: Reveal::EachBoard,
/// })?;
/// let code = event.code();
/// assert_eq!(Event::from_code(&code)?, event);
/// // The daily contest is the same for everyone that day.
/// let date: Date = "2026-11-27".parse()?;
/// assert_eq!(Event::daily(date).code(), Event::daily(date).code());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    title: String,
    deals: Deals,
    boards: u8,
    seat: SeatRule,
    opponents: Rung,
    aids: Aids,
    reveal: Reveal,
    /// Whether it is an online event, and with its secret or without.
    seal: Seal,
}

/// A link event is open; an online event is sealed with its secret on its
/// server, and shown to everyone else with the secret withheld.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seal {
    Open,
    Sealed(Secret),
    Withheld,
}

impl Event {
    /// Checks the settings: a title of at most [`MAX_TITLE_CHARS`]
    /// characters without control characters, boards in [`BOARDS`],
    /// opponents a ladder rung, test cases one distinct seed per board
    /// with n and r in their ranges, ε in 0.001..1 (kept to thousandths)
    /// and the centre's values to 4 decimals.
    pub fn new(settings: Settings) -> Result<Event, EventError> {
        let Settings {
            title,
            deals,
            boards,
            seat,
            opponents,
            aids,
            reveal,
        } = settings;
        let title = title.trim().to_string();
        if title.chars().count() > MAX_TITLE_CHARS {
            return Err(EventError::Title(format!(
                "{} characters, more than {MAX_TITLE_CHARS}",
                title.chars().count()
            )));
        }
        if title.chars().any(char::is_control) {
            return Err(EventError::Title("it holds a control character".into()));
        }
        if !BOARDS.contains(&boards) {
            return Err(EventError::Boards(boards.into()));
        }
        let deals = match deals {
            Deals::TestCases { players, top, seeds } => {
                limits::check("players", players, &limits::PLAYERS)?;
                limits::check("top", top, &limits::TOP)?;
                let mut distinct = seeds.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() != seeds.len() || seeds.len() != usize::from(boards) {
                    return Err(EventError::Seeds {
                        found: distinct.len(),
                        boards,
                    });
                }
                Deals::TestCases { players, top, seeds }
            }
            Deals::Equal {
                centre,
                eps_milli,
                seed,
            } => {
                if !EPS_MILLI.contains(&eps_milli) {
                    return Err(EventError::Eps(format!("{}", f64::from(eps_milli) / 1000.0)));
                }
                let quantised: Vec<f64> = centre
                    .values()
                    .iter()
                    .map(|v| (v * 10_000.0).round() / 10_000.0)
                    .collect();
                if let Some(i) = quantised.windows(2).position(|w| w[1] > w[0]) {
                    return Err(EventError::Rising {
                        item: i + 2,
                        value: quantised[i + 1],
                        before: i + 1,
                    });
                }
                Deals::Equal {
                    centre: GdiCentre::new(quantised)?,
                    eps_milli,
                    seed,
                }
            }
            other => other,
        };
        Ok(Event {
            title,
            deals,
            boards,
            seat,
            opponents,
            aids,
            reveal,
            seal: Seal::Open,
        })
    }

    /// An online event: `settings` checked as by [`Event::new`], its
    /// boards derived from `secret` alone. The seeds in its deals are set
    /// to 0, so that the event without its secret ([`Event::public`])
    /// tells nothing of its boards. Test cases, whose seeds are the
    /// boards, cannot be sealed.
    pub fn sealed(settings: Settings, secret: Secret) -> Result<Event, EventError> {
        let deals = match settings.deals {
            Deals::TestCases { .. } => return Err(EventError::SealedTestCases),
            Deals::Seeded { .. } => Deals::Seeded { seed: 0 },
            Deals::Random { .. } => Deals::Random { seed: 0 },
            Deals::Equal { centre, eps_milli, .. } => Deals::Equal {
                centre,
                eps_milli,
                seed: 0,
            },
            daily @ Deals::Daily { .. } => daily,
        };
        let mut event = Event::new(Settings { deals, ..settings })?;
        event.seal = Seal::Sealed(secret);
        Ok(event)
    }

    /// The settings it was made from (a sealed event's seeds are 0).
    pub fn settings(&self) -> Settings {
        Settings {
            title: self.title.clone(),
            deals: self.deals.clone(),
            boards: self.boards,
            seat: self.seat,
            opponents: self.opponents(),
            aids: self.aids,
            reveal: self.reveal,
        }
    }

    /// The secret of an online event, where it is held.
    pub fn secret(&self) -> Option<&Secret> {
        match &self.seal {
            Seal::Sealed(secret) => Some(secret),
            Seal::Open | Seal::Withheld => None,
        }
    }

    /// Whether it is an online event (sealed, its secret held or withheld).
    pub fn is_sealed(&self) -> bool {
        self.seal != Seal::Open
    }

    /// Whether it is an online event whose secret is withheld
    /// ([`Event::public`]): its rules can be shown, its boards not dealt.
    pub fn is_withheld(&self) -> bool {
        self.seal == Seal::Withheld
    }

    /// An online event with its secret withheld: what its server shows
    /// before the event closes. Its code says it is an online event, its
    /// rules read as the event's, and dealing its boards is refused
    /// ([`BoardsError::Withheld`](super::BoardsError::Withheld)); it is the
    /// same whatever the secret. A link event is its own public form.
    pub fn public(&self) -> Event {
        let seal = match self.seal {
            Seal::Open => Seal::Open,
            Seal::Sealed(_) | Seal::Withheld => Seal::Withheld,
        };
        Event { seal, ..self.clone() }
    }

    /// The seed derived from the event and `parts`: from the secret of a
    /// sealed event (any of 2⁶⁴, so a hand cannot be searched for its
    /// seed), else from `derive` (below 10⁹, short enough to read out).
    pub(crate) fn seed_from(&self, parts: &[&[u8]]) -> u64 {
        match &self.seal {
            Seal::Sealed(secret) => secret.derive(parts),
            // A withheld event deals nothing (`deal_for` refuses first).
            Seal::Open | Seal::Withheld => derive(parts) % SEEDS,
        }
    }

    /// ε as given (0.15), in thousandths, or why not.
    pub fn eps_milli(eps: f64) -> Result<u16, EventError> {
        let milli = (eps * 1000.0).round();
        if milli.is_finite() && (1.0..=1000.0).contains(&milli) {
            Ok(milli as u16)
        } else {
            Err(EventError::Eps(eps.to_string()))
        }
    }

    /// The daily contest of `date`: [`DAILY_BOARDS`] duplicate boards dealt
    /// from the date, the landlord and farmer 1 alternating, against
    /// [`DAILY_RUNG`], no aids, results after each board.
    pub fn daily(date: Date) -> Event {
        Event {
            title: String::new(),
            deals: Deals::Daily { date },
            boards: DAILY_BOARDS,
            seat: SeatRule::Alternate,
            opponents: Rung::at(DAILY_RUNG),
            aids: Aids::default(),
            reveal: Reveal::EachBoard,
            seal: Seal::Open,
        }
    }

    /// The title as the organiser wrote it (empty for the daily contest,
    /// whose title the reader's language gives).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Where the boards come from.
    pub fn deals(&self) -> &Deals {
        &self.deals
    }

    /// Its format.
    pub fn format(&self) -> Format {
        self.deals.format()
    }

    /// How many boards.
    pub fn boards(&self) -> u8 {
        self.boards
    }

    /// The entrant's seat rule.
    pub fn seat_rule(&self) -> SeatRule {
        self.seat
    }

    /// The AI opponents.
    pub fn opponents(&self) -> Rung {
        self.opponents
    }

    /// The aids allowed.
    pub fn aids(&self) -> Aids {
        self.aids
    }

    /// When results against the field are shown.
    pub fn reveal(&self) -> Reveal {
        self.reveal
    }

    /// The date of a daily contest.
    pub fn daily_date(&self) -> Option<Date> {
        match self.deals {
            Deals::Daily { date } => Some(date),
            _ => None,
        }
    }

    /// The event in its compact binary form (inside codes, and inside
    /// every result, which names its event by it).
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.str(&self.title);
        w.u8(self.boards);
        w.u8(self.seat.tag());
        w.u8(self.opponents.index() as u8);
        w.u8(self.aids.bits());
        w.u8(match self.reveal {
            Reveal::EachBoard => 0,
            Reveal::AtEnd => 1,
        });
        // An online event marks its deals' tag and carries its secret
        // first (none when withheld).
        let sealed = if self.is_sealed() { SEALED } else { 0 };
        let tag = match &self.deals {
            Deals::TestCases { .. } => 1,
            Deals::Seeded { .. } => 2,
            Deals::Daily { .. } => 3,
            Deals::Equal { .. } => 4,
            Deals::Random { .. } => 5,
        };
        w.u8(tag | sealed);
        match &self.seal {
            Seal::Open => {}
            Seal::Sealed(secret) => w.bytes(secret.as_bytes()),
            Seal::Withheld => w.bytes(&[]),
        }
        match &self.deals {
            Deals::TestCases { players, top, seeds } => {
                w.varint((*players).into());
                w.varint((*top).into());
                for &s in seeds {
                    w.varint(s);
                }
            }
            Deals::Seeded { seed } => {
                w.varint(*seed);
            }
            Deals::Daily { date } => {
                w.varint(date.year().into());
                w.u8(date.month());
                w.u8(date.day());
            }
            Deals::Equal {
                centre,
                eps_milli,
                seed,
            } => {
                w.varint((*eps_milli).into());
                w.varint(*seed);
                w.u8(centre.values().len() as u8);
                for v in centre.values() {
                    w.varint((v * 10_000.0).round() as u64);
                }
            }
            Deals::Random { seed } => {
                w.varint(*seed);
            }
        }
        w.into_inner()
    }

    pub(crate) fn read(r: &mut Reader<'_>) -> Result<Event, EventError> {
        let malformed = |what: &str| EventError::Code(CodeError::Malformed(what.to_string()));
        let title = r.str("title", 4 * MAX_TITLE_CHARS)?.to_string();
        let boards = r.u8("boards")?;
        let seat = match r.u8("seat")? {
            0 => SeatRule::Landlord,
            1 => SeatRule::Farmer1,
            2 => SeatRule::Farmer2,
            3 => SeatRule::Alternate,
            _ => return Err(malformed("an unknown seat rule")),
        };
        let rung = usize::from(r.u8("opponents")?);
        let opponents = Rung::new(rung).ok_or_else(|| EventError::NotARung(format!("L{rung}")))?;
        let aids = r.u8("aids")?;
        if aids > 7 {
            return Err(malformed("unknown aids"));
        }
        let reveal = match r.u8("reveal")? {
            0 => Reveal::EachBoard,
            1 => Reveal::AtEnd,
            _ => return Err(malformed("an unknown time to show results")),
        };
        let number = |r: &mut Reader<'_>, what: &str| -> Result<u32, EventError> {
            u32::try_from(r.varint(what)?).map_err(|_| malformed(what))
        };
        let tag = r.u8("deals")?;
        let seal = if tag & SEALED != 0 {
            match r.bytes("secret", SECRET_BYTES)? {
                [] => Seal::Withheld,
                bytes => Seal::Sealed(Secret::from_bytes(
                    bytes.try_into().map_err(|_| malformed("a short secret"))?,
                )),
            }
        } else {
            Seal::Open
        };
        let deals = match tag & !SEALED {
            1 => {
                let players = number(r, "players")?;
                let top = number(r, "top")?;
                let seeds = (0..boards).map(|_| r.varint("seed")).collect::<Result<Vec<u64>, _>>()?;
                Deals::TestCases { players, top, seeds }
            }
            2 => Deals::Seeded {
                seed: r.varint("seed")?,
            },
            3 => {
                let year = u16::try_from(r.varint("year")?).map_err(|_| malformed("year"))?;
                let (month, day) = (r.u8("month")?, r.u8("day")?);
                Deals::Daily {
                    date: Date::new(year, month, day).map_err(|e| malformed(&e.to_string()))?,
                }
            }
            4 => {
                let eps_milli = u16::try_from(r.varint("eps")?).map_err(|_| malformed("eps"))?;
                let seed = r.varint("seed")?;
                let n = r.u8("centre")?;
                let values = (0..n)
                    .map(|_| r.varint("centre").map(|v| v as f64 / 10_000.0))
                    .collect::<Result<Vec<f64>, _>>()?;
                Deals::Equal {
                    centre: GdiCentre::new(values)?,
                    eps_milli,
                    seed,
                }
            }
            5 => Deals::Random {
                seed: r.varint("seed")?,
            },
            _ => return Err(malformed("an unknown source of deals")),
        };
        let settings = Settings {
            title,
            deals,
            boards,
            seat,
            opponents,
            aids: Aids::from_bits(aids),
            reveal,
        };
        match seal {
            Seal::Open => Event::new(settings),
            Seal::Sealed(secret) => Event::sealed(settings, secret),
            Seal::Withheld => Event::sealed(settings, Secret::from_bytes([0; SECRET_BYTES])).map(|e| e.public()),
        }
    }

    /// The event's code: what a link carries (`#/contest?e=CODE`).
    pub fn code(&self) -> String {
        code::seal(CodeKind::Event, &self.to_bytes())
    }

    /// Reads a code, or a link holding one (`…#/contest?e=CODE`).
    pub fn from_code(text: &str) -> Result<Event, EventError> {
        let code = code_in_link(text, "e");
        let body = code::open(code, CodeKind::Event)?;
        let mut r = Reader::new(&body);
        let event = Event::read(&mut r)?;
        r.end()?;
        Ok(event)
    }
}

/// As its code, the one written form of an event (worker messages, files).
impl Serialize for Event {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Event, D::Error> {
        let code = String::deserialize(d)?;
        Event::from_code(&code).map_err(serde::de::Error::custom)
    }
}

/// The value of `key` in a link's query (`…?e=CODE&board=2`), or the text
/// itself when it is not a link.
pub fn code_in_link<'a>(text: &'a str, key: &str) -> &'a str {
    let text = text.trim();
    let Some((_, query)) = text.split_once('?') else {
        return text;
    };
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or(text)
}

impl fmt::Display for Event {
    /// The rules in one line of English (the app words them in the
    /// reader's language).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let title = match (self.title.is_empty(), self.daily_date()) {
            (true, Some(date)) => format!("Daily contest {date}"),
            (true, None) => "Contest".into(),
            _ => self.title.clone(),
        };
        let deals = match &self.deals {
            Deals::TestCases { players, top, .. } => format!(
                "duplicate, test cases chosen by DIH for n = {players}, m = {}, r = {top}",
                self.boards
            ),
            Deals::Seeded { .. } if self.is_sealed() => "duplicate, boards dealt from the server's secret".into(),
            Deals::Seeded { seed } => format!("duplicate, boards dealt from seed {seed}"),
            Deals::Daily { date } => format!("duplicate, boards dealt from the date {date}"),
            Deals::Equal { centre, .. } => format!(
                "equal strength, each entrant's own deals within {} of the GDI centre ({centre})",
                self.deals.eps().unwrap_or_default()
            ),
            Deals::Random { .. } => "random, each entrant's own deals".into(),
        };
        let seat = match self.seat {
            SeatRule::Alternate => "the landlord on odd boards and farmer 1 on even ones".to_string(),
            rule => format!("{} on every board", rule.seat(1)),
        };
        write!(
            f,
            "{title}: {} boards, {deals}; you play {seat} against {} opponents; tournament scoring ±(1 + bombs); aids: {}; results {}",
            self.boards,
            self.opponents,
            self.aids.names(),
            match self.reveal {
                Reveal::EachBoard => "after each board",
                Reveal::AtEnd => "at the end",
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(deals: Deals, boards: u8) -> Settings {
        Settings {
            title: "  Club night 周五  ".into(),
            deals,
            boards,
            seat: SeatRule::Alternate,
            opponents: "L7".parse().unwrap(),
            aids: Aids {
                hint: true,
                counter: false,
                undo: true,
            },
            reveal: Reveal::AtEnd,
        }
    }

    #[test]
    fn every_kind_of_event_reads_back_from_its_code() {
        let events = [
            Event::new(settings(Deals::Seeded { seed: u64::MAX }, 36)).unwrap(),
            Event::new(settings(
                Deals::TestCases {
                    players: 30,
                    top: 3,
                    seeds: vec![5, 1999, 0],
                },
                3,
            ))
            .unwrap(),
            Event::daily("2026-02-28".parse().unwrap()),
            Event::new(settings(
                Deals::Equal {
                    centre: "0.96,0.91,0.79".parse().unwrap(),
                    eps_milli: 150,
                    seed: 7,
                },
                12,
            ))
            .unwrap(),
            Event::new(settings(Deals::Random { seed: 0 }, 1)).unwrap(),
        ];
        for event in events {
            let code = event.code();
            assert_eq!(Event::from_code(&code), Ok(event.clone()), "{code}");
            assert_eq!(
                Event::from_code(&format!("https://x.org/app/#/contest?e={code}&board=2")),
                Ok(event.clone())
            );
            assert!(code.len() < 200, "{} characters: {code}", code.len());
        }
        let e = Event::new(settings(Deals::Seeded { seed: 1 }, 2)).unwrap();
        assert_eq!(e.title(), "Club night 周五");
        assert_eq!(e.format(), Format::Duplicate);
        assert_eq!(e.opponents().to_string(), "L7");
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let err = |s: Settings| Event::new(s).unwrap_err().to_string();
        assert_eq!(
            err(settings(Deals::Seeded { seed: 1 }, 0)),
            "boards: 0 is out of range (1 to 36)"
        );
        assert_eq!(
            err(settings(Deals::Seeded { seed: 1 }, 37)),
            "boards: 37 is out of range (1 to 36)"
        );
        let mut s = settings(Deals::Seeded { seed: 1 }, 3);
        s.title = "x".repeat(61);
        assert_eq!(err(s.clone()), "title: 61 characters, more than 60");
        s.title = "a\u{7}b".into();
        assert_eq!(err(s.clone()), "title: it holds a control character");
        let cases = |seeds: Vec<u64>| Deals::TestCases {
            players: 30,
            top: 3,
            seeds,
        };
        assert_eq!(
            err(settings(cases(vec![1, 1, 2]), 3)),
            "test cases: 2 distinct seeds for 3 boards"
        );
        assert_eq!(
            err(settings(cases(vec![1, 2]), 3)),
            "test cases: 2 distinct seeds for 3 boards"
        );
        let equal = |eps_milli| Deals::Equal {
            centre: "0.5".parse().unwrap(),
            eps_milli,
            seed: 0,
        };
        assert_eq!(err(settings(equal(0), 3)), "eps: 0 is out of range (0.001 to 1)");
        let rising = Deals::Equal {
            centre: "0.9,0.95,0.1".parse().unwrap(),
            eps_milli: 150,
            seed: 0,
        };
        assert_eq!(
            err(settings(rising, 3)),
            "centre: item 2 (0.95) is above item 1: a GDI never rises from one grade to the next"
        );
        assert!(Event::eps_milli(0.15) == Ok(150));
        assert!(Event::eps_milli(f64::NAN).is_err());
        assert!(Event::eps_milli(1.2).is_err());
        assert!(Event::eps_milli(0.0004).is_err());
    }

    #[test]
    fn codes_of_results_or_garbage_are_not_events() {
        let result = code::seal(CodeKind::Result, b"x");
        assert_eq!(
            Event::from_code(&result).unwrap_err().to_string(),
            "this is a result code, not an event code"
        );
        // A body with the checksum right but a rung past the ladder.
        let event = Event::new(settings(Deals::Seeded { seed: 1 }, 2)).unwrap();
        let mut bytes = event.to_bytes();
        // The title (its length, then its bytes), the boards, the seat rule, the rung.
        let at = 1 + event.title.len() + 2;
        assert_eq!(bytes[at], 7);
        bytes[at] = 99;
        let forged = code::seal(CodeKind::Event, &bytes);
        assert!(Event::from_code(&forged).unwrap_err().to_string().contains("L99"));
        // Trailing bytes.
        let mut bytes = Event::daily("2026-01-01".parse().unwrap()).to_bytes();
        bytes.push(0);
        assert!(Event::from_code(&code::seal(CodeKind::Event, &bytes)).is_err());
    }

    #[test]
    fn seat_rules_and_names() {
        assert_eq!(SeatRule::Alternate.seat(1), Seat::Landlord);
        assert_eq!(SeatRule::Alternate.seat(2), Seat::Farmer1);
        assert_eq!("farmer".parse::<SeatRule>(), Ok(SeatRule::Farmer1));
        assert!("north".parse::<SeatRule>().is_err());
        assert_eq!("hint, undo".parse::<Aids>().map(Aids::names), Ok("hint,undo".into()));
        assert_eq!("none".parse::<Aids>(), Ok(Aids::default()));
        assert!("peek".parse::<Aids>().is_err());
        assert_eq!("equal".parse::<Format>(), Ok(Format::Equal));
    }
}
