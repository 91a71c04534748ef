//! The contest's answers from the server's JSON API (docs/server.md), as
//! plain types; `crate::api` makes the calls.

use engine::contest::standings::{BoardResult, Distinction, Standing};
use engine::contest::{Board, EntrantName, Standings};
use engine::Seat;
use serde::Deserialize;

/// An event as the server shows it to anyone.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct EventView {
    pub id: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub rules: String,
    /// The event's code without its secret: its settings.
    pub public_code: String,
    #[serde(default)]
    pub opens: Option<String>,
    #[serde(default)]
    pub closes: Option<String>,
    /// `scheduled`, `open` or `closed`.
    pub state: String,
    pub commitment: String,
    #[serde(default)]
    pub entrants: u32,
    #[serde(default)]
    pub finished: u32,
    #[serde(default)]
    pub standings_after: u32,
    #[serde(default)]
    pub max_entrants: u32,
    /// After close: the secret, and the sealed event's full code.
    #[serde(default)]
    pub secret: Option<String>,
    #[serde(default)]
    pub event_code: Option<String>,
}

impl EventView {
    /// 0 scheduled, 1 open, 2 closed.
    pub fn state_index(&self) -> usize {
        match self.state.as_str() {
            "scheduled" => 0,
            "closed" => 2,
            _ => 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Created {
    pub id: String,
    pub link: String,
    pub organiser_key: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Entered {
    pub entry_key: String,
    pub entry: EntryView,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct BoardState {
    pub number: u8,
    pub seat: Seat,
    /// `unplayed`, `playing` or `finished`.
    pub state: String,
    #[serde(default)]
    pub score: Option<i64>,
}

/// An entry as its entrant sees it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct EntryView {
    pub name: String,
    pub boards: Vec<BoardState>,
    #[serde(default)]
    pub total: i64,
    #[serde(default)]
    pub finished: bool,
    #[serde(default)]
    pub next: Option<u8>,
    /// Why, when the organiser disqualified the entrant.
    #[serde(default)]
    pub disqualified: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct PlayView {
    pub seat: Seat,
    #[serde(rename = "move")]
    pub mv: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Hands {
    pub landlord: String,
    pub farmer1: String,
    pub farmer2: String,
}

/// A board as its entrant sees it: their hand, the counts, the bottom
/// cards, every move; the other hands only once it is over.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct BoardView {
    pub number: u8,
    pub seat: Seat,
    pub ply: usize,
    pub hand: String,
    pub counts: [u8; 3],
    pub bottom: String,
    pub plays: Vec<PlayView>,
    #[serde(default)]
    pub to_move: Option<Seat>,
    #[serde(default)]
    pub over: bool,
    #[serde(default)]
    pub hands: Option<Hands>,
    #[serde(default)]
    pub score: Option<i64>,
    #[serde(default)]
    pub field: Option<Field>,
}

/// The AI field on a board: its mean score and how many games.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Field {
    pub mean: f64,
    #[serde(default)]
    pub n: u64,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Disqualified {
    pub name: String,
    #[serde(default)]
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct StandingsView {
    /// `provisional` or `final`.
    pub state: String,
    #[serde(default)]
    pub hidden: bool,
    /// While the event is open the server leaves the boards' seeds out;
    /// the table does not need them.
    #[serde(default, deserialize_with = "seedless")]
    pub standings: Option<Standings>,
    #[serde(default)]
    pub disqualified: Vec<Disqualified>,
}

/// The standings as the server writes them: a board's seed is left out
/// while the event is open (the table does not need it).
#[derive(Deserialize)]
struct Wire {
    entrants: Vec<WireStanding>,
    #[serde(default)]
    distinction: Option<Distinction>,
}

#[derive(Deserialize)]
struct WireStanding {
    place: u32,
    entrant: EntrantName,
    #[serde(default)]
    label: String,
    rank_points: u32,
    score: i64,
    beaten: f64,
    boards: Vec<WireBoard>,
}

#[derive(Deserialize)]
struct WireBoard {
    board: WireBoardId,
    score: i64,
    place: u32,
    points: u32,
    beaten: f64,
}

#[derive(Deserialize)]
struct WireBoardId {
    number: u8,
    seat: Seat,
    #[serde(default)]
    seed: u64,
}

fn seedless<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Standings>, D::Error> {
    let Some(wire) = Option::<Wire>::deserialize(d)? else {
        return Ok(None);
    };
    let entrants = wire
        .entrants
        .into_iter()
        .map(|s| Standing {
            place: s.place,
            entrant: s.entrant,
            label: s.label,
            rank_points: s.rank_points,
            score: s.score,
            beaten: s.beaten,
            boards: s
                .boards
                .into_iter()
                .map(|b| BoardResult {
                    board: Board {
                        number: b.board.number,
                        seed: b.board.seed,
                        seat: b.board.seat,
                    },
                    score: b.score,
                    place: b.place,
                    points: b.points,
                    beaten: b.beaten,
                })
                .collect(),
        })
        .collect();
    Ok(Some(Standings {
        entrants,
        rejected: Vec::new(),
        distinction: wire.distinction,
    }))
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct EntrantLine {
    pub name: String,
    #[serde(default)]
    pub boards_finished: u32,
    /// The scores of the boards finished, summed.
    #[serde(default)]
    pub total: i64,
    #[serde(default)]
    pub finished: bool,
    /// Why, when disqualified.
    #[serde(default)]
    pub disqualified: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct OrganiserView {
    pub event: EventView,
    pub entrants: Vec<EntrantLine>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_view_is_read_as_the_contract_writes_it() {
        let text = r#"{"number": 1, "seat": "farmer1", "ply": 2, "hand": "3345", "counts": [19, 4, 17],
            "bottom": "XD2", "plays": [{"seat": "landlord", "move": "3"}, {"seat": "farmer1", "move": "pass"}],
            "to_move": "farmer2", "over": false}"#;
        let board: BoardView = serde_json::from_str(text).unwrap();
        assert_eq!(board.seat, Seat::Farmer1);
        assert_eq!(board.to_move, Some(Seat::Farmer2));
        assert_eq!(board.plays[1].mv, "pass");
        assert!(board.hands.is_none() && board.score.is_none());
        let over = r#"{"number": 2, "seat": "landlord", "ply": 30, "hand": "", "counts": [0, 3, 5], "bottom": "XD2",
            "plays": [], "to_move": null, "over": true, "score": 2,
            "hands": {"landlord": "3", "farmer1": "4", "farmer2": "5"}, "field": {"mean": -0.5, "n": 22}}"#;
        let board: BoardView = serde_json::from_str(over).unwrap();
        assert_eq!(board.score, Some(2));
        assert_eq!(board.hands.unwrap().farmer2, "5");
    }

    #[test]
    fn hidden_standings_and_an_event_before_close_are_read() {
        let s: StandingsView =
            serde_json::from_str(r#"{"state": "provisional", "hidden": true, "disqualified": []}"#).unwrap();
        assert!(s.hidden && s.standings.is_none());
        // Open: the boards come without their seeds.
        let s: StandingsView = serde_json::from_str(
            r#"{"state": "provisional", "hidden": false, "disqualified": [], "standings": {"entrants": [{"place": 1,
            "entrant": "Ann", "label": "Ann", "rank_points": 2, "score": 1, "beaten": 0.5, "boards": [{"board":
            {"number": 1, "seat": "landlord"}, "score": 1, "place": 1, "points": 2, "beaten": 0.5}]}],
            "rejected": [], "distinction": null}}"#,
        )
        .unwrap();
        assert_eq!(s.standings.unwrap().entrants[0].boards[0].board.number, 1);
        let e: EventView = serde_json::from_str(
            r#"{"id": "abcdefabcdef", "title": "", "rules": "", "public_code": "X", "state": "scheduled",
            "commitment": "00", "entrants": 0, "finished": 0, "standings_after": 1, "max_entrants": 10,
            "opens": "2026-11-29T10:00:00Z", "boards": 6, "format": "duplicate"}"#,
        )
        .unwrap();
        assert_eq!(e.state_index(), 0);
        assert!(e.secret.is_none());
    }
}
