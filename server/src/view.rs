//! The one function that builds every response body from stored state for
//! one viewer: an entrant on their entry, the organiser, or the public
//! ([`view`]). Handlers gather the stored facts and call it; the rules of
//! what each viewer may see live here and nowhere else:
//!
//! - the secret, the sealed event's code, seeds and hand records: only
//!   once the event is closed;
//! - a board: only to its entrant; the other hands only once it is over;
//! - the field on a board: to its entrant once over, after each board or
//!   after the last as the event's reveal says;
//! - standings: hidden from all but the organiser until `standings_after`
//!   entrants have finished or the event is closed; seeds stripped until
//!   close.

use engine::contest::{Board, ContestResult, Event, Field, HandRecord, Reveal, Standings};
use engine::{Game, Seat};
use serde_json::{json, Value};

use crate::error::{ApiError, ApiResult};
use crate::store::{rfc3339, BoardRow, EntrantBoards, EntryRow, EventRow, State, StoredMove};

/// Who asks.
#[derive(Clone, Debug)]
pub enum Viewer {
    Public,
    Organiser,
    /// The holder of this entry's key (its id).
    Entrant(String),
}

/// An event's stored facts.
pub struct EventFacts<'a> {
    pub row: &'a EventRow,
    pub event: &'a Event,
    pub entrants: i64,
    pub finished: i64,
    pub now: i64,
}

impl EventFacts<'_> {
    fn state(&self) -> State {
        self.row.state(self.now)
    }
}

/// An entry's stored facts.
pub struct EntryFacts<'a> {
    pub entry: &'a EntryRow,
    pub boards: &'a [BoardRow],
}

/// A board's stored facts.
pub struct BoardFacts<'a> {
    pub entry: &'a EntryRow,
    pub event: &'a Event,
    pub board: &'a BoardRow,
    pub moves: &'a [StoredMove],
    /// The field on it, when played.
    pub field: Option<&'a Field>,
    /// Whether the entrant has finished every board.
    pub entry_finished: bool,
}

/// What is asked for.
pub enum Subject<'a> {
    Event(EventFacts<'a>),
    Created {
        event: EventFacts<'a>,
        organiser_key: &'a str,
        link: String,
    },
    Entered {
        entry_key: &'a str,
        entry: EntryFacts<'a>,
    },
    Entry(EntryFacts<'a>),
    Board(BoardFacts<'a>),
    Standings {
        event: EventFacts<'a>,
        standings: &'a Standings,
        disqualified: Vec<(&'a str, &'a str)>,
        csv: bool,
    },
    Organiser {
        event: EventFacts<'a>,
        entrants: &'a [EntrantBoards],
    },
    Export {
        event: EventFacts<'a>,
        /// Each counted entrant's result and boards.
        results: Vec<(ContestResult, Vec<Board>)>,
    },
    Records {
        event: EventFacts<'a>,
        records: &'a [HandRecord],
    },
}

/// A response body.
pub enum Body {
    Json(Value),
    Csv(String),
}

/// THE view: every response body, for one viewer.
pub fn view(viewer: &Viewer, subject: Subject<'_>) -> ApiResult<Body> {
    let is_organiser = matches!(viewer, Viewer::Organiser);
    Ok(Body::Json(match subject {
        Subject::Event(facts) => event_view(&facts),
        Subject::Created {
            event,
            organiser_key,
            link,
        } => {
            must(is_organiser)?;
            json!({
                "id": event.row.id, "link": link, "organiser_key": organiser_key,
                "event": event_view(&event),
            })
        }
        Subject::Entered { entry_key, entry } => {
            must_be_entrant(viewer, entry.entry)?;
            json!({ "entry_key": entry_key, "entry": entry_view(&entry) })
        }
        Subject::Entry(entry) => {
            must_be_entrant(viewer, entry.entry)?;
            entry_view(&entry)
        }
        Subject::Board(facts) => {
            must_be_entrant(viewer, facts.entry)?;
            board_view(&facts)?
        }
        Subject::Standings {
            event,
            standings,
            disqualified,
            csv,
        } => {
            let closed = event.state() == State::Closed;
            let hidden = !is_organiser && !closed && event.finished < event.row.standings_after;
            let empty = Standings {
                entrants: Vec::new(),
                rejected: Vec::new(),
                distinction: None,
            };
            let shown = if hidden { &empty } else { standings };
            if csv {
                return Ok(Body::Csv(shown.to_csv()));
            }
            let mut value = serde_json::to_value(shown).map_err(ApiError::internal)?;
            if !closed {
                strip_seeds(&mut value);
            }
            json!({
                "state": if closed { "final" } else { "provisional" },
                "hidden": hidden,
                "standings": value,
                "disqualified": disqualified.iter().map(|(n, r)| json!({"name": n, "reason": r})).collect::<Vec<_>>(),
            })
        }
        Subject::Organiser { event, entrants } => {
            must(is_organiser)?;
            let rows: Vec<Value> = entrants
                .iter()
                .map(|e| {
                    let done: Vec<&BoardRow> = e.boards.iter().filter(|b| b.finished()).collect();
                    let mut v = json!({
                        "name": e.entry.name,
                        "boards_finished": done.len(),
                        "total": done.iter().filter_map(|b| b.score).sum::<i64>(),
                        "finished": done.len() == e.boards.len(),
                    });
                    if let Some(reason) = &e.entry.disqualified {
                        v["disqualified"] = json!(reason);
                    }
                    v
                })
                .collect();
            json!({ "event": event_view(&event), "entrants": rows })
        }
        Subject::Export { event, results } => {
            must_be_closed(&event)?;
            let secret = event.event.secret().map(ToString::to_string);
            json!({
                "event_code": event.event.code(),
                "secret": secret,
                "commitment": event.row.commitment,
                "results": results.iter().map(|(r, boards)| json!({
                    "name": r.entrant.as_str(), "file": r.to_file(boards),
                })).collect::<Vec<_>>(),
            })
        }
        Subject::Records { event, records } => {
            must_be_closed(&event)?;
            serde_json::to_value(records).map_err(ApiError::internal)?
        }
    }))
}

fn must(allowed: bool) -> ApiResult<()> {
    if allowed {
        Ok(())
    } else {
        Err(ApiError::forbidden("wrong-key", "this needs the event's organiser key"))
    }
}

fn must_be_entrant(viewer: &Viewer, entry: &EntryRow) -> ApiResult<()> {
    match viewer {
        Viewer::Entrant(id) if *id == entry.id => Ok(()),
        _ => Err(ApiError::forbidden("wrong-key", "this needs the entry's key")),
    }
}

fn must_be_closed(event: &EventFacts<'_>) -> ApiResult<()> {
    if event.state() == State::Closed {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "event-open",
            "this is shown once the event is closed",
        ))
    }
}

/// Removes every `"seed"` member (the boards inside standings).
fn strip_seeds(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("seed");
            map.values_mut().for_each(strip_seeds);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_seeds),
        _ => {}
    }
}

fn event_view(f: &EventFacts<'_>) -> Value {
    let public = f.event.public();
    let state = f.state();
    let mut v = json!({
        "id": f.row.id,
        "title": public.title(),
        "rules": public.to_string(),
        "public_code": public.code(),
        "format": public.format().name(),
        "boards": public.boards(),
        "seat_rule": public.seat_rule().name(),
        "opponents": public.opponents().to_string(),
        "reveal": public.reveal().name(),
        "opens": f.row.opens.and_then(rfc3339),
        "closes": f.row.closes.and_then(rfc3339),
        "state": state.name(),
        "commitment": f.row.commitment,
        "entrants": f.entrants,
        "finished": f.finished,
        "standings_after": f.row.standings_after,
        "max_entrants": f.row.max_entrants,
    });
    if let Some(date) = &f.row.daily_date {
        v["daily"] = json!(date);
    }
    if state == State::Closed {
        v["secret"] = json!(f.event.secret().map(ToString::to_string));
        v["event_code"] = json!(f.event.code());
    }
    v
}

fn board_state(b: &BoardRow) -> &'static str {
    match (b.finished(), b.started) {
        (true, _) => "finished",
        (false, true) => "playing",
        (false, false) => "unplayed",
    }
}

fn entry_view(f: &EntryFacts<'_>) -> Value {
    let boards: Vec<Value> = f
        .boards
        .iter()
        .map(|b| {
            let mut v = json!({
                "number": b.board.number, "seat": b.board.seat, "state": board_state(b),
            });
            if let Some(score) = b.score {
                v["score"] = json!(score);
            }
            v
        })
        .collect();
    let next = f.boards.iter().find(|b| !b.finished()).map(|b| b.board.number);
    let mut v = json!({
        "name": f.entry.name,
        "boards": boards,
        "total": f.boards.iter().filter_map(|b| b.score).sum::<i64>(),
        "finished": next.is_none(),
        "next": next,
    });
    if let Some(reason) = &f.entry.disqualified {
        v["disqualified"] = json!(reason);
    }
    v
}

fn board_view(f: &BoardFacts<'_>) -> ApiResult<Value> {
    let board = &f.board.board;
    let deal = board.deal();
    let mut game = Game::new(&deal);
    let mut plays = Vec::with_capacity(f.moves.len());
    for m in f.moves {
        let seat = game.to_move();
        game.apply(m.mv)
            .map_err(|e| ApiError::internal(format_args!("a stored move does not replay: {e}")))?;
        plays.push(json!({ "seat": seat, "move": m.mv.to_string() }));
    }
    let over = game.is_over();
    let mut v = json!({
        "number": board.number,
        "seat": board.seat,
        "ply": f.moves.len(),
        "hand": game.hand(board.seat).to_string(),
        "counts": Seat::ALL.map(|s| game.hand(s).len()),
        "bottom": deal.bottom().map(|b| b.to_string()),
        "plays": plays,
        "to_move": if over { None } else { Some(game.to_move()) },
        "over": over,
    });
    if over {
        v["hands"] = json!({
            "landlord": deal.hand(Seat::Landlord).to_string(),
            "farmer1": deal.hand(Seat::Farmer1).to_string(),
            "farmer2": deal.hand(Seat::Farmer2).to_string(),
        });
        v["score"] = json!(f.board.score);
        let reveal = match f.event.reveal() {
            Reveal::EachBoard => true,
            Reveal::AtEnd => f.entry_finished,
        };
        if let (true, Some(field)) = (reveal, f.field) {
            v["field"] = json!({ "mean": field.mean(), "n": field.games() });
        }
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::contest::{Aids, Deals, SeatRule, Secret, Settings};

    fn sealed() -> Event {
        let settings = Settings {
            title: "T".into(),
            deals: Deals::Seeded { seed: 1 },
            boards: 2,
            seat: SeatRule::Alternate,
            opponents: "L1".parse().unwrap(),
            aids: Aids::default(),
            reveal: Reveal::EachBoard,
        };
        Event::sealed(settings, Secret::from_bytes([7; 32])).unwrap()
    }

    fn row(event: &Event, closed: bool) -> EventRow {
        EventRow {
            id: "abcdefabcdef".into(),
            sealed_code: event.code(),
            commitment: event.secret().unwrap().commitment(),
            organiser_hash: String::new(),
            opens: None,
            closes: None,
            closed_at: closed.then_some(1),
            standings_after: 1,
            max_entrants: 10,
            daily_date: None,
        }
    }

    fn json(b: Body) -> Value {
        match b {
            Body::Json(v) => v,
            Body::Csv(_) => panic!("CSV"),
        }
    }

    #[test]
    fn the_secret_shows_only_after_close_and_boards_only_to_their_entrant() {
        let event = sealed();
        let secret = event.secret().unwrap().to_string();
        for closed in [false, true] {
            let r = row(&event, closed);
            let facts = EventFacts {
                row: &r,
                event: &event,
                entrants: 0,
                finished: 0,
                now: 10,
            };
            let text = json(view(&Viewer::Organiser, Subject::Event(facts)).unwrap()).to_string();
            assert_eq!(text.contains(&secret), closed);
            assert_eq!(text.contains(&event.code()), closed);
            let facts = EventFacts {
                row: &r,
                event: &event,
                entrants: 0,
                finished: 0,
                now: 10,
            };
            let export = view(
                &Viewer::Organiser,
                Subject::Export {
                    event: facts,
                    results: Vec::new(),
                },
            );
            assert_eq!(export.is_ok(), closed);
        }
        let board = event.shared_boards().unwrap()[0];
        let entry = EntryRow {
            id: "e1".into(),
            name: "Ann".parse().unwrap(),
            disqualified: None,
        };
        let row = BoardRow {
            board,
            started: true,
            score: None,
        };
        let facts = || BoardFacts {
            entry: &entry,
            event: &event,
            board: &row,
            moves: &[],
            field: None,
            entry_finished: false,
        };
        for viewer in [Viewer::Public, Viewer::Organiser, Viewer::Entrant("e2".into())] {
            assert!(view(&viewer, Subject::Board(facts())).is_err());
        }
        let v = json(view(&Viewer::Entrant("e1".into()), Subject::Board(facts())).unwrap());
        assert!(v["hands"].is_null(), "no other hand before the board is over");
        let text = v.to_string();
        let deal = board.deal();
        for seat in Seat::ALL.into_iter().filter(|&s| s != board.seat) {
            assert!(!text.contains(&format!("\"{}\"", deal.hand(seat))));
        }
        assert!(!text.contains(&board.seed.to_string()));
    }
}
