//! `ddz agent`: one of our players behind a line protocol, so that other
//! frameworks can seat it. Each line on stdin is one JSON request, each
//! answer one JSON line on stdout:
//!
//! ```text
//! {"seat": "farmer1", "hand": "...", "history": [["landlord", "33"], ["farmer1", "pass"], ...],
//!  "counts": {"landlord": 18, "farmer1": 17, "farmer2": 17}, "bottom": "...", "legal": ["...", "pass"]}
//! → {"play": "44", "reading": "44"}   or   {"play": "pass", "reading": "pass"}   or   {"error": "..."}
//! ```
//!
//! `reading` is the move in its one written form, which says how the play
//! is meant when its cards have several readings (`444555666+333`, an
//! airplane with three kickers, against `333444555666+`, four trios).
//!
//! `counts` names the seats at the table (two or three); `bottom` and
//! `legal` are optional. DouZero's `three_landlord_cards` (the bottom cards
//! not yet played) is refused, naming it, unless `bottom` is also given. Each entry of `legal` is one move, read as
//! written (a card set with several readings must say which, as
//! `main+kickers`), and must be a legal move here in that reading, else
//! the request is refused naming the entry: a list that disagrees with the
//! rules means the caller's game is not ours. With `legal`, the answer is
//! one of its entries, spelled exactly as given, and `reading` is that
//! entry's move: the player's choice when it is offered; else an offered
//! reading of the same cards; else the first entry.
//!
//! Every input line gets exactly one answer line, in order, so a driver
//! that writes a line and reads a line never waits forever: a malformed
//! request, a blank line, bytes that are not UTF-8 or a line over 1 MiB
//! get an error line, and the agent keeps serving. It ends, with exit
//! code 0, at the end of its input or when its reader closes stdout.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

use engine::clock::{Deadline, MonotonicClock};
use engine::{limits, Cards, Move, Play, PlayerSpec, Seat, SeatView, Turn};

use crate::error::CliError;

/// The share of a move's time limit the player thinks for: the rest is
/// for the answer to travel and for a busy machine to schedule the process,
/// so the answer arrives within the limit as the caller times it.
const THINKING_SHARE: f64 = 0.8;

/// The longest request line read: a full record of a deal is a few
/// kilobytes, so anything near this is not a request.
const MAX_LINE: usize = 1 << 20;

pub fn serve(player: &PlayerSpec, time_limit: Option<f64>, seed: u64) -> Result<(), CliError> {
    let mut agent = player.build(seed);
    let clock = MonotonicClock::default();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    let stdout_error = |e: std::io::Error| CliError::Other(format!("writing to stdout: {e}"));
    for number in 1.. {
        let Some(too_long) =
            read_line(&mut input, &mut line).map_err(|e| CliError::Other(format!("reading stdin: {e}")))?
        else {
            break;
        };
        // Bytes that are not UTF-8, or a line too long to be a request,
        // get an error answer like any bad request; the agent serves on.
        let answer = if too_long {
            Err(format!("line {number}: longer than {MAX_LINE} bytes; not a request"))
        } else {
            match std::str::from_utf8(&line) {
                Err(e) => Err(format!("line {number}: not UTF-8 ({e})")),
                Ok(text) if text.trim().is_empty() => Err(format!("line {number}: blank; not a request")),
                Ok(text) => answer(text, agent.as_mut(), &clock, time_limit),
            }
        };
        let answer = match answer {
            Ok((play, reading)) => json!({ "play": play, "reading": reading.to_string() }),
            Err(message) => json!({ "error": message }),
        };
        match writeln!(out, "{answer}").and_then(|()| out.flush()) {
            Ok(()) => {}
            // The driver stopped reading: nothing is left to answer.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => break,
            Err(e) => return Err(stdout_error(e)),
        }
    }
    Ok(())
}

/// Reads one line (without its newline) into `line`, keeping at most
/// [`MAX_LINE`] bytes: `None` at the end of the input, else whether the
/// line was longer (the rest of it is read and dropped).
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, ended) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if chunk.len() > room {
            too_long = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = ended.unwrap_or(buf.len());
        input.consume(used);
        if ended.is_some() {
            return Ok(Some(too_long));
        }
    }
}

fn seat(value: &Value, field: &str) -> Result<Seat, String> {
    let name = value.as_str().ok_or_else(|| format!("{field}: expected a seat name"))?;
    Seat::from_name(name).ok_or_else(|| format!("{field}: '{name}' is not a seat (landlord, farmer1, farmer2)"))
}

fn cards(value: &Value, field: &str) -> Result<Cards, String> {
    let text = value
        .as_str()
        .ok_or_else(|| format!("{field}: expected a string of cards"))?;
    text.parse().map_err(|e| format!("{field}: {e}"))
}

fn parse_move(text: &str, field: &str) -> Result<Move, String> {
    if text.trim().eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    Play::parse(text).map(Move::Play).map_err(|e| format!("{field}: {e}"))
}

/// DouZero's referee sends the bottom cards as `three_landlord_cards`, from
/// which it takes each one the landlord plays: not what a seat was shown.
const DOUZERO_BOTTOM: &str = "three_landlord_cards is DouZero's form of the bottom cards (those the landlord has not played yet), which this agent does not read: send bottom, the three bottom cards as they were shown";

/// The answer to one request line: the move, spelled for the reply, and
/// the move itself (which reading of the cards is meant).
fn answer(
    line: &str,
    agent: &mut dyn engine::Player,
    clock: &MonotonicClock,
    time_limit: Option<f64>,
) -> Result<(String, Move), String> {
    let request: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let field = |name: &str| request.get(name).ok_or_else(|| format!("missing field '{name}'"));
    let me = seat(field("seat")?, "seat")?;
    let hand = cards(field("hand")?, "hand")?;
    limits::hand("hand", hand).map_err(|e| e.to_string())?;
    let (counts, seats) = read_counts(field("counts")?)?;
    let record = read_history(field("history")?)?;
    let bottom = match (request.get("bottom"), request.get("three_landlord_cards")) {
        (None | Some(Value::Null), Some(_)) => return Err(DOUZERO_BOTTOM.into()),
        (None | Some(Value::Null), None) => None,
        (Some(b), _) => Some(cards(b, "bottom")?),
    };
    let view = SeatView::from_record(me, seats, hand, bottom, &record, counts).map_err(|e| e.to_string())?;
    let mut ours = Vec::new();
    view.legal_moves(&mut ours);
    let legal = match request.get("legal") {
        None | Some(Value::Null) => None,
        Some(list) => Some(read_legal(list, &ours)?),
    };
    let deadline = match time_limit {
        Some(ms) => Deadline::after(clock, ms * THINKING_SHARE),
        None => Deadline::NONE,
    };
    let chosen = agent.choose(&view, &deadline);
    Ok(match legal {
        None => (spell(chosen), chosen),
        Some(entries) => {
            let (text, mv) = entries
                .iter()
                .find(|(_, mv)| *mv == chosen)
                .or_else(|| entries.iter().find(|(_, mv)| mv.cards() == chosen.cards()))
                .or(entries.first())
                .ok_or("legal: the list is empty")?;
            (text.clone(), *mv)
        }
    })
}

/// The request's counts, `{seat: cards}`: each seat's cards left, and how
/// many seats play (three when the second farmer is counted).
fn read_counts(value: &Value) -> Result<([u8; 3], usize), String> {
    let counts_value = value.as_object().ok_or("counts: expected an object of seat: cards")?;
    let mut counts = [0u8; 3];
    let mut seats = 2;
    for (name, n) in counts_value {
        let s = seat(&Value::String(name.clone()), "counts")?;
        let n = n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| limits::COUNTS.contains(n))
            .ok_or_else(|| {
                format!(
                    "counts.{name}: {n} is not a number of cards ({})",
                    limits::describe(&limits::COUNTS)
                )
            })?;
        counts[s.index()] = n as u8;
        if s == Seat::Farmer2 {
            seats = 3;
        }
    }
    Ok((counts, seats))
}

/// The request's history, a list of `[seat, play]`.
fn read_history(value: &Value) -> Result<Vec<Turn>, String> {
    let entries = value.as_array().ok_or("history: expected a list of [seat, play]")?;
    let mut record = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let at = format!("history[{i}]");
        let pair = entry
            .as_array()
            .filter(|p| p.len() == 2)
            .ok_or_else(|| format!("{at}: expected [seat, play]"))?;
        let who = seat(&pair[0], &at)?;
        let text = pair[1]
            .as_str()
            .ok_or_else(|| format!("{at}: expected the play as a string"))?;
        record.push(Turn {
            seat: who,
            mv: parse_move(text, &at)?,
        });
    }
    Ok(record)
}

/// The caller's legal list, each entry as written and the move it reads
/// as, checked against the rules (`ours`, the legal moves).
fn read_legal(list: &Value, ours: &[Move]) -> Result<Vec<(String, Move)>, String> {
    let list = list.as_array().ok_or("legal: expected a list of plays")?;
    let mut entries = Vec::new();
    for (i, entry) in list.iter().enumerate() {
        let at = format!("legal[{i}]");
        let text = entry.as_str().ok_or_else(|| format!("{at}: expected a string"))?;
        let mv = parse_move(text, &at)?;
        // The move in the reading written, not just its cards.
        if !ours.contains(&mv) {
            return Err(format!(
                "{at}: '{text}', read as {}, is not a legal move here",
                describe(mv)
            ));
        }
        entries.push((text.to_string(), mv));
    }
    if entries.is_empty() {
        return Err("legal: the list is empty".into());
    }
    Ok(entries)
}

/// A move in words, with its kind: a reading's name says which it is.
fn describe(mv: Move) -> String {
    match mv {
        Move::Pass => "a pass".into(),
        Move::Play(p) => p.describe(),
    }
}

fn spell(mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => p.cards().to_string(),
    }
}
