//! An entrant's result: the event, the entrant's name and every board's
//! full record, nothing else. No score is kept in it: whoever scores it
//! derives the deals again and replays the records (`standings`).
//!
//! It travels as a code (compact, checksummed, to paste) or as a file
//! (JSON, readable, with each board's deal and score for the reader); both
//! read back into the same [`ContestResult`], and only the event, the name
//! and the moves of a file are believed.

use serde::{Deserialize, Serialize};
use serde_json::json;
use thiserror::Error;

use crate::cards::{Cards, Rank};
use crate::game::Game;
use crate::play::{readings, Move, PlayError};

use super::boards::Board;
use super::code::{self, CodeError, CodeKind, Reader, Writer};
use super::entrant::{EntrantName, NameError};
use super::event::{Event, EventError, BOARDS};
use super::referee::board_score;

/// The longest result file read, in bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// The most moves a board's record may have (a deal ends within 54 plays
/// and two passes after each; far fewer in practice).
pub const MAX_MOVES: usize = 200;
/// What a result file says it is.
const FILE_TAG: &str = "ddz-contest-result";

/// An entrant's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ContestResult {
    /// The event played.
    pub event: Event,
    /// Who played it.
    pub entrant: EntrantName,
    /// Every move of each board, in order, board 1 first.
    pub records: Vec<Vec<Move>>,
}

/// Why text is not a result.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum ResultError {
    /// A code that is not one (corrupted, an event's, another version).
    #[error(transparent)]
    Code(#[from] CodeError),
    /// The event inside it is not one.
    #[error("its event: {0}")]
    Event(EventError),
    /// The name inside it is not one.
    #[error("its entrant's name: {0}")]
    Name(#[from] NameError),
    /// A file that is not a result file.
    #[error("not a result file: {0}")]
    File(FileProblem),
    /// A file longer than [`MAX_FILE_BYTES`].
    #[error("the file has {0} bytes, more than a result ever has ({MAX_FILE_BYTES})")]
    TooLarge(usize),
    /// A move in a file that is not a move.
    #[error("board {board}, move {turn}: {problem}")]
    Move {
        /// Board number, from 1.
        board: usize,
        /// Move number, from 1.
        turn: usize,
        /// Why it does not read.
        problem: PlayError,
    },
}

/// Why a file is not a result file: data, worded by the CLI (below) and
/// by the app in the page's language.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum FileProblem {
    /// Not text at all (an image, a document): it holds bytes text never
    /// has.
    #[error("it is not text (an image or a document?)")]
    Binary,
    /// Text, but neither a result file's JSON nor result codes.
    #[error("it is neither a result file (JSON) nor result codes")]
    NotAResult,
    /// JSON that breaks off before its end.
    #[error("it ends early (cut off?)")]
    Truncated,
    /// Not JSON from this place on.
    #[error("it is not JSON at line {line} column {column}")]
    Syntax {
        /// From 1.
        line: usize,
        /// From 1.
        column: usize,
    },
    /// A field every result file has is missing.
    #[error("the field '{field}' is missing")]
    Missing {
        /// The field's name.
        field: String,
    },
    /// A field holding the wrong kind of value.
    #[error("a value of the wrong kind at line {line} column {column}")]
    Shape {
        /// From 1.
        line: usize,
        /// From 1.
        column: usize,
    },
    /// A file of another kind: what it says it is.
    #[error("it says it is '{0}'")]
    Tag(String),
    /// More boards than any event has.
    #[error("{0} boards")]
    Boards(usize),
    /// A board with more moves than any deal has.
    #[error("board {board}: {moves} moves")]
    Moves {
        /// Board number, from 1.
        board: usize,
        /// Moves in its record.
        moves: usize,
    },
}

impl FileProblem {
    /// What a JSON parser's error means for a result file.
    fn of_json(e: &serde_json::Error) -> FileProblem {
        use serde_json::error::Category;
        let (line, column) = (e.line(), e.column());
        match e.classify() {
            Category::Eof => FileProblem::Truncated,
            Category::Syntax | Category::Io => FileProblem::Syntax { line, column },
            Category::Data => {
                // serde's derive says "missing field `name` at …"; the name
                // is one of ours.
                let text = e.to_string();
                match text
                    .strip_prefix("missing field `")
                    .and_then(|rest| rest.split('`').next())
                {
                    Some(field) => FileProblem::Missing {
                        field: field.to_string(),
                    },
                    None => FileProblem::Shape { line, column },
                }
            }
        }
    }
}

impl From<EventError> for ResultError {
    fn from(e: EventError) -> ResultError {
        match e {
            EventError::Code(c) => ResultError::Event(EventError::Code(c)),
            other => ResultError::Event(other),
        }
    }
}

/// One move in a code: a byte with the card count (0: pass) and which
/// reading, then the ranks two to a byte.
fn write_move(w: &mut Writer, mv: Move) {
    let Some(play) = mv.play() else {
        w.u8(0);
        return;
    };
    let cards = play.cards();
    let reading = readings(cards).iter().position(|&p| p == play).unwrap_or(0) as u8;
    let ranks: Vec<u8> = cards.iter().map(|r| r.index() as u8).collect();
    w.u8(ranks.len() as u8 | reading << 5);
    for pair in ranks.chunks(2) {
        w.u8(pair[0] | pair.get(1).map_or(0, |r| r << 4));
    }
}

fn read_move(r: &mut Reader<'_>) -> Result<Move, CodeError> {
    let head = r.u8("move")?;
    let (n, reading) = (usize::from(head & 0x1f), usize::from(head >> 5));
    if n == 0 {
        return if reading == 0 {
            Ok(Move::Pass)
        } else {
            Err(CodeError::Malformed("a pass with a reading".into()))
        };
    }
    let mut cards = Cards::EMPTY;
    // Ranks two to a byte, low nibble first.
    let bytes: Vec<u8> = (0..n.div_ceil(2)).map(|_| r.u8("move")).collect::<Result<_, _>>()?;
    let bad = || CodeError::Malformed("a move holds cards no deck has".into());
    for i in 0..n {
        let nibble = (bytes[i / 2] >> (4 * (i % 2))) & 0x0f;
        let rank = Rank::from_index(usize::from(nibble)).ok_or_else(bad)?;
        let one = Cards::of(rank, 1).ok_or_else(bad)?;
        cards = cards.checked_add(one).ok_or_else(bad)?;
    }
    readings(cards)
        .get(reading)
        .copied()
        .map(Move::Play)
        .ok_or_else(|| CodeError::Malformed(format!("{cards} is not a play")))
}

impl ContestResult {
    /// The result's code: what an entrant copies and an organiser pastes.
    pub fn code(&self) -> String {
        let mut w = Writer::default();
        w.bytes(&self.event.to_bytes());
        w.str(self.entrant.as_str());
        w.u8(self.records.len() as u8);
        for record in &self.records {
            w.varint(record.len() as u64);
            for &mv in record {
                write_move(&mut w, mv);
            }
        }
        code::seal(CodeKind::Result, &w.into_inner())
    }

    /// Reads a code.
    pub fn from_code(text: &str) -> Result<ContestResult, ResultError> {
        let body = code::open(text, CodeKind::Result)?;
        let mut r = Reader::new(&body);
        let event_bytes = r.bytes("event", 4096)?;
        let event = {
            let mut er = Reader::new(event_bytes);
            let event = Event::read(&mut er)?;
            er.end().map_err(EventError::Code)?;
            event
        };
        let entrant: EntrantName = r.str("name", 4 * super::entrant::MAX_NAME_CHARS)?.parse()?;
        let boards = r.count("boards", usize::from(*BOARDS.end()))?;
        let mut records = Vec::with_capacity(boards);
        for _ in 0..boards {
            let moves = r.count("moves", MAX_MOVES)?;
            records.push((0..moves).map(|_| read_move(&mut r)).collect::<Result<Vec<_>, _>>()?);
        }
        r.end()?;
        Ok(ContestResult {
            event,
            entrant,
            records,
        })
    }

    /// The result as a file: the event's code, the name, and per board its
    /// seed, seat, deal, record (with the seat of each move) and score, for
    /// a reader; `boards` are the entrant's ([`Event::boards_for`]).
    pub fn to_file(&self, boards: &[Board]) -> String {
        let rows: Vec<serde_json::Value> = boards
            .iter()
            .zip(&self.records)
            .map(|(b, record)| {
                let deal = b.deal();
                let mut game = Game::new(&deal);
                let moves: Vec<serde_json::Value> = record
                    .iter()
                    .map(|&mv| {
                        let seat = game.to_move();
                        let _ = game.apply(mv);
                        json!([seat.name(), mv.to_string()])
                    })
                    .collect();
                let score = game.outcome().map(|o| board_score(b.seat, &o));
                json!({
                    "board": b.number, "seed": b.seed, "seat": b.seat.name(), "deal": deal.to_string(),
                    "record": moves, "score": score,
                })
            })
            .collect();
        let file = json!({
            "file": FILE_TAG,
            "version": code::VERSION,
            "event": self.event.code(),
            "title": self.event.title(),
            "entrant": self.entrant.as_str(),
            "boards": rows,
        });
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }

    /// Reads a file ([`ContestResult::to_file`]): the event, the name, and
    /// each board's moves in order (the seats, seeds, deals and scores in
    /// it are for the reader and are not believed).
    pub fn from_file(text: &str) -> Result<ContestResult, ResultError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(ResultError::TooLarge(text.len()));
        }
        #[derive(Deserialize)]
        struct FileBoard {
            record: Vec<WrittenTurn>,
        }
        /// A turn as the file writes it: `[seat, play]` or the play alone.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum WrittenTurn {
            Seated(serde::de::IgnoredAny, String),
            Plain(String),
        }
        #[derive(Deserialize)]
        struct File {
            file: String,
            version: u8,
            event: String,
            entrant: String,
            boards: Vec<FileBoard>,
        }
        let file: File = serde_json::from_str(text).map_err(|e| ResultError::File(FileProblem::of_json(&e)))?;
        if file.file != FILE_TAG {
            return Err(ResultError::File(FileProblem::Tag(file.file)));
        }
        if file.version != code::VERSION {
            return Err(ResultError::Code(CodeError::Version(file.version)));
        }
        if file.boards.len() > usize::from(*BOARDS.end()) {
            return Err(ResultError::File(FileProblem::Boards(file.boards.len())));
        }
        let event = Event::from_code(&file.event)?;
        let entrant: EntrantName = file.entrant.parse()?;
        let mut records = Vec::with_capacity(file.boards.len());
        for (b, board) in file.boards.iter().enumerate() {
            if board.record.len() > MAX_MOVES {
                return Err(ResultError::File(FileProblem::Moves {
                    board: b + 1,
                    moves: board.record.len(),
                }));
            }
            let record = board
                .record
                .iter()
                .enumerate()
                .map(|(i, turn)| {
                    let text = match turn {
                        WrittenTurn::Seated(_, mv) | WrittenTurn::Plain(mv) => mv,
                    };
                    Move::parse(text).map_err(|problem| ResultError::Move {
                        board: b + 1,
                        turn: i + 1,
                        problem,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            records.push(record);
        }
        Ok(ContestResult {
            event,
            entrant,
            records,
        })
    }

    /// A code or a file's text, whichever `text` is.
    pub fn read(text: &str) -> Result<ContestResult, ResultError> {
        if is_binary(text) {
            Err(ResultError::File(FileProblem::Binary))
        } else if text.trim_start().starts_with('{') {
            ContestResult::from_file(text).or_else(|e| match summary_code(text) {
                Some(code) => ContestResult::from_code(&code),
                None => Err(e),
            })
        } else if text.lines().filter(|l| !l.trim().is_empty()).count() > 1 {
            // Codes a line are split before they get here (`submissions`).
            Err(ResultError::File(FileProblem::NotAResult))
        } else {
            ContestResult::from_code(text)
        }
    }
}

/// The result code in `ddz contest enter --json`'s summary (`{"result":
/// CODE, "score": …}`), which people save with `> FILE` as often as they
/// use `--out`: it holds the whole result, as a code.
fn summary_code(text: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Summary {
        result: String,
    }
    serde_json::from_str::<Summary>(text).ok().map(|s| s.result)
}

/// Whether `text` came from bytes that are not text: a NUL, or the
/// replacement character a UTF-8 reader puts for bytes it cannot read.
fn is_binary(text: &str) -> bool {
    text.contains(['\0', '\u{FFFD}'])
}

/// Whether a line could be a result code (URL-safe base64, nothing else).
pub fn looks_like_a_code(line: &str) -> bool {
    line.trim()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The results in a file (or pasted text) labelled `label`: result codes
/// one a line, each its own submission (`label:line`); anything else, a
/// result file or not, is one submission under the file's name, so a file
/// that is not a result is one refusal, not one per line.
pub fn submissions(label: &str, text: &str) -> Vec<super::standings::Submission> {
    use super::standings::Submission;
    let lines: Vec<(usize, &str)> = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).collect();
    let codes = !is_binary(text) && !lines.is_empty() && lines.iter().all(|(_, l)| looks_like_a_code(l));
    if !codes {
        return vec![Submission {
            label: label.to_string(),
            text: text.to_string(),
        }];
    }
    lines
        .into_iter()
        .map(|(i, l)| Submission {
            label: format!("{label}:{}", i + 1),
            text: l.trim().to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::contest::event::Deals;
    use crate::contest::referee::play_board;

    fn event() -> Event {
        crate::contest::test_event(Deals::Seeded { seed: 3 }, 3)
    }

    fn played(name: &str) -> (ContestResult, Vec<Board>) {
        let event = event();
        let entrant: EntrantName = name.parse().unwrap();
        let boards = event.boards_for(&entrant, &MonotonicClock::default()).unwrap();
        let records = boards
            .iter()
            .map(|b| {
                play_board(
                    event.opponents(),
                    b,
                    &"L2".parse().unwrap(),
                    0,
                    &crate::clock::MonotonicClock::default(),
                    None,
                )
                .unwrap()
            })
            .collect();
        (
            ContestResult {
                event,
                entrant,
                records,
            },
            boards,
        )
    }

    #[test]
    fn a_result_reads_back_from_its_code_and_its_file() {
        let (result, boards) = played("李雷");
        let code = result.code();
        assert_eq!(ContestResult::from_code(&code), Ok(result.clone()));
        assert_eq!(ContestResult::read(&code), Ok(result.clone()));
        let file = result.to_file(&boards);
        assert_eq!(ContestResult::from_file(&file), Ok(result.clone()));
        assert_eq!(ContestResult::read(&file), Ok(result.clone()));
        assert!(file.contains("\"score\""), "{file}");
        // `ddz contest enter --json`'s summary, saved with `> FILE`, reads
        // as the code it holds; a JSON with neither says why the file fails.
        let summary = format!(r#"{{"entrant": "李雷", "result": "{code}", "score": -2, "boards": [{{"score": -1}}]}}"#);
        assert_eq!(ContestResult::read(&summary), Ok(result.clone()));
        assert!(matches!(
            ContestResult::read(r#"{"entrant": "李雷", "score": -2}"#),
            Err(ResultError::File(FileProblem::Missing { .. }))
        ));
        // About two bytes a move, before base64.
        let moves: usize = result.records.iter().map(Vec::len).sum();
        assert!(
            code.len() < 4 * moves + 100,
            "{} characters for {moves} moves",
            code.len()
        );
    }

    #[test]
    fn every_reading_of_every_play_is_coded() {
        // Cards with several readings keep the one played.
        for text in ["444555666+333", "333444555666+", "3334", "XD", "33334444+", "3333+44"] {
            let Ok(mv) = Move::parse(text) else { continue };
            let mut w = Writer::default();
            write_move(&mut w, mv);
            let bytes = w.into_inner();
            assert_eq!(read_move(&mut Reader::new(&bytes)), Ok(mv), "{text}");
        }
        // No play has more readings than three bits hold: every lead play
        // of the landlord's hands of 300 deals, and of a hand of six
        // four-of-a-kinds.
        let mut hands: Vec<Cards> = (0..300)
            .map(|s| crate::Deal::from_seed(s).hand(crate::Seat::Landlord))
            .collect();
        hands.push(
            Rank::ALL
                .iter()
                .take(6)
                .fold(Cards::EMPTY, |h, r| h.plus(Cards::of(*r, 4).unwrap())),
        );
        let mut plays: Vec<crate::Play> = vec![];
        for hand in hands {
            crate::movegen::lead_plays(hand, &mut plays);
        }
        let most = plays.iter().map(|p| readings(p.cards()).len()).max().unwrap();
        assert!((2..=8).contains(&most), "{most} readings");
    }

    #[test]
    fn broken_results_say_why() {
        let (result, boards) = played("Ann");
        let code = result.code();
        let mut chars: Vec<char> = code.chars().collect();
        let mid = chars.len() / 2;
        chars[mid] = if chars[mid] == 'A' { 'B' } else { 'A' };
        let changed: String = chars.into_iter().collect();
        assert_eq!(
            ContestResult::read(&changed),
            Err(ResultError::Code(CodeError::Corrupted))
        );
        assert!(matches!(
            ContestResult::read(&event().code()),
            Err(ResultError::Code(CodeError::WrongKind { .. }))
        ));
        let file = result.to_file(&boards);
        let mut json: serde_json::Value = serde_json::from_str(&file).unwrap();
        json["boards"][1]["record"][0][1] = "33x".into();
        assert!(matches!(
            ContestResult::read(&json.to_string()),
            Err(ResultError::Move { board: 2, turn: 1, .. })
        ));
        json["file"] = "something else".into();
        assert!(ContestResult::read(&json.to_string())
            .unwrap_err()
            .to_string()
            .contains("something else"));
        assert!(matches!(
            ContestResult::read("{\"boards\": 3}"),
            Err(ResultError::File(FileProblem::Shape { line: 1, .. }))
        ));
        assert_eq!(
            ContestResult::read("{\"boards\": []}"),
            Err(ResultError::File(FileProblem::Missing { field: "file".into() }))
        );
        assert_eq!(
            ContestResult::read("{\"file\": \"x\""),
            Err(ResultError::File(FileProblem::Truncated))
        );
        assert!(matches!(
            ContestResult::read("{\"file\" \"x\"}"),
            Err(ResultError::File(FileProblem::Syntax { line: 1, .. }))
        ));
        let huge = format!("{{{}", " ".repeat(MAX_FILE_BYTES));
        assert!(matches!(ContestResult::read(&huge), Err(ResultError::TooLarge(_))));
    }

    #[test]
    fn a_file_is_one_submission_unless_it_holds_codes_a_line() {
        let (result, _) = played("Ann");
        let code = result.code();
        // A picture read as text: one submission, refused as not text.
        let png = "\u{FFFD}PNG\r\n\u{1a}\n\0\0\0\rIHDR\n\u{FFFD}x\n".repeat(50);
        let one = submissions("photo.png", &png);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].label, "photo.png");
        assert_eq!(
            ContestResult::read(&one[0].text),
            Err(ResultError::File(FileProblem::Binary))
        );
        // Notes beside codes: one submission, neither a file nor codes.
        let notes = format!("results for Friday\n{code}\n");
        assert_eq!(submissions("notes.txt", &notes).len(), 1);
        assert_eq!(
            ContestResult::read(&notes),
            Err(ResultError::File(FileProblem::NotAResult))
        );
        // Codes a line: one each.
        let codes = submissions("codes.txt", &format!("{code}\n\n{code}\n"));
        assert_eq!(
            codes.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(),
            ["codes.txt:1", "codes.txt:3"]
        );
        assert_eq!(ContestResult::read(&codes[1].text), Ok(result));
    }
}
