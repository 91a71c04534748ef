//! The Play page's address: a link names a deal and the settings it is
//! played under; the address bar always names the deal on the table.

use engine::Seat;

use crate::game::model::{Chair, Mode, Setup};
use crate::game::prefs::{BadValue, Level, Pace, Prefs, Setting};
use crate::route::{PlayLink, Route};

/// A link, checked: the deal it names (if any), the settings it changes,
/// and what in it could not be read.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LinkRequest {
    pub(super) setup: Option<Setup>,
    pub(super) prefs: Prefs,
    pub(super) problems: Vec<BadValue>,
}

/// Reads a link against the stored settings; a bad value is reported and
/// the setting kept.
pub(super) fn read_link(link: &PlayLink, mut prefs: Prefs) -> LinkRequest {
    let mut problems = Vec::new();
    let seed = match link.seed.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| problems.push(BadValue::new(Setting::Seed, text)))
            .ok(),
    };
    let seat = link.seat.as_deref().and_then(|name| {
        Seat::from_name(name).or_else(|| {
            problems.push(BadValue::new(Setting::Seat, name));
            None
        })
    });
    let mode = match link.mode.as_deref() {
        Some(name) => Mode::from_name(name).or_else(|| {
            problems.push(BadValue::new(Setting::Mode, name));
            None
        }),
        // A link that names a seat is a tournament link (links made before
        // bidding existed are).
        None => seat.map(|_| Mode::Tournament),
    }
    .unwrap_or(prefs.mode);
    // Later deals follow the rules the link plays by.
    prefs.mode = mode;
    if let Some(seat) = seat {
        prefs.seat = seat;
    }
    let first = link.first.as_deref().and_then(|name| {
        Chair::from_name(name).or_else(|| {
            problems.push(BadValue::new(Setting::First, name));
            None
        })
    });
    if let Some(level) = link.level.as_deref() {
        match Level::parse(level) {
            Some(l) => prefs.level = l,
            None => problems.push(BadValue::new(Setting::Level, level)),
        }
    }
    if let Some(pace) = link.pace.as_deref() {
        match Pace::parse(pace) {
            Some(p) => prefs.pace = p,
            None => problems.push(BadValue::new(Setting::Pace, pace)),
        }
    }
    if link.practice {
        prefs.practice = true;
    }
    let setup = seed.map(|seed| match mode {
        Mode::Classic => Setup::classic(seed, first.unwrap_or(Chair::Me)),
        Mode::Tournament => Setup::tournament(seed, seat.unwrap_or(prefs.seat)),
    });
    LinkRequest { setup, prefs, problems }
}

/// The link that shares a deal (with the opponents' level).
pub(super) fn link_of(setup: Setup, level: Level) -> PlayLink {
    let (seat, first) = match setup.fixed_seat() {
        Some(seat) => (Some(seat.name().to_string()), None),
        None => (None, Some(setup.first.name().to_string())),
    };
    PlayLink {
        seed: Some(setup.seed.to_string()),
        mode: Some(setup.mode.name().to_string()),
        seat,
        first,
        level: Some(level.key().to_string()),
        ..PlayLink::default()
    }
}

/// Puts `link` in the address bar, replacing the entry (no history).
pub(super) fn show_address(link: &PlayLink) {
    let hash = Route::Play(link.clone()).to_hash();
    if let Some(location) = web_sys::window().map(|w| w.location()) {
        if location.hash().ok().as_deref() != Some(hash.as_str()) {
            let _ = location.replace(&hash);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_checked_and_bad_values_reported() {
        let prefs = Prefs::default();
        let request = read_link(&PlayLink::default(), prefs);
        assert_eq!((request.setup, request.prefs, request.problems.len()), (None, prefs, 0));
        let link = PlayLink {
            seed: Some("x1".into()),
            seat: Some("farmer2".into()),
            level: Some("l9".into()),
            practice: true,
            pace: Some("warp".into()),
            ..PlayLink::default()
        };
        let request = read_link(&link, prefs);
        assert_eq!(request.setup, None);
        assert_eq!((request.prefs.level, request.prefs.practice), (Level::Expert, true));
        assert_eq!(
            request.problems,
            [BadValue::new(Setting::Seed, "x1"), BadValue::new(Setting::Pace, "warp")]
        );
        // A seat without a mode is a tournament link, as links were before bidding.
        let link = PlayLink {
            seed: Some("7".into()),
            seat: Some("farmer1".into()),
            ..PlayLink::default()
        };
        assert_eq!(read_link(&link, prefs).setup, Some(Setup::tournament(7, Seat::Farmer1)));
    }

    #[test]
    fn a_deal_link_reads_back_as_the_deal() {
        for setup in [
            Setup::classic(42, Chair::Left),
            Setup::tournament(7, Seat::Farmer2),
            Setup::tournament(u64::MAX, Seat::Landlord),
        ] {
            let link = link_of(setup, Level::Master);
            let back = Route::from_hash(&Route::Play(link).to_hash());
            let Route::Play(link) = back else {
                panic!("a play route")
            };
            let request = read_link(&link, Prefs::default());
            assert_eq!(request.setup, Some(setup));
            assert_eq!(request.prefs.level, Level::Master);
        }
    }
}
