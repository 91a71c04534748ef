//! An event in the reader's words: its title, its rules line by line, the
//! opponents' level, a seat's name.

use engine::contest::{Deals, Event, Format, Reveal, SeatRule};
use engine::Seat;

use crate::game::prefs::Level;
use crate::i18n::Strings;

/// The title: the organiser's, or the daily contest's in this language.
pub fn title(t: &Strings, event: &Event) -> String {
    match (event.title().is_empty(), event.daily_date()) {
        (true, Some(date)) => (t.contest.daily_title)(&date.to_string()),
        (true, None) => t.contest.untitled.to_string(),
        _ => event.title().to_string(),
    }
}

/// The opponents as the Play page names its levels (新手 … 大师); a rung
/// other than its level's own is named by its level and its number.
pub fn opponents(t: &Strings, event: &Event) -> String {
    let rung = event.opponents();
    let level = Level::of_rung(rung);
    let name = t.play.levels[Level::ALL.iter().position(|&l| l == level).unwrap_or(0)];
    if level.rung() == rung {
        name.to_string()
    } else {
        (t.play.level_rung)(name, rung.index())
    }
}

pub fn seat(t: &Strings, seat: Seat) -> &'static str {
    t.play.seats[seat.index()]
}

pub fn format_name(t: &Strings, format: Format) -> &'static str {
    t.contest.formats[Format::ALL.iter().position(|&f| f == format).unwrap_or(0)]
}

/// The rules, a line each.
pub fn rules(t: &Strings, event: &Event) -> Vec<String> {
    let c = t.contest;
    let mut lines = vec![(c.rule_format)(format_name(t, event.format()), event.boards())];
    lines.push(match event.deals() {
        Deals::TestCases { players, top, .. } => (c.rule_test_cases)(*players, event.boards().into(), *top),
        Deals::Seeded { .. } | Deals::Daily { .. } => c.rule_duplicate.to_string(),
        Deals::Equal { centre, .. } => (c.rule_equal)(&centre.to_string(), event.deals().eps().unwrap_or_default()),
        Deals::Random { .. } => c.rule_random.to_string(),
    });
    lines.push(match event.seat_rule() {
        SeatRule::Alternate => c.rule_alternate.to_string(),
        rule => (c.rule_seat)(seat(t, rule.seat(1))),
    });
    lines.push((c.rule_opponents)(&opponents(t, event)));
    lines.push(c.rule_scoring.to_string());
    let aids = event.aids();
    let allowed: Vec<&str> = [
        (aids.hint, t.play.hint),
        (aids.counter, t.play.counter),
        (aids.undo, t.play.undo),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    lines.push(if allowed.is_empty() {
        c.rule_no_aids.to_string()
    } else {
        (c.rule_aids)(&allowed.join(c.list_separator))
    });
    lines.push(match event.reveal() {
        Reveal::EachBoard => c.rule_reveal_each.to_string(),
        Reveal::AtEnd => c.rule_reveal_end.to_string(),
    });
    lines
}
