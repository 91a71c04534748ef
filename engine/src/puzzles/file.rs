//! The library file: a version header, then one puzzle a line.
//!
//! ```text
//! ddz-puzzles 1
//! # level hands to-move to-beat answer turns losing flags
//! 1 3445667.349QA2 L - 7 3 4 -
//! 3 5689.47TT.3JQ F1 L:6 pass 2 3 s
//! ```
//!
//! - `hands`: landlord first, joined by `.` (two for 1v1, three for the
//!   table); `to-move`: `L`, `F1` or `F2`; `to-beat`: `-` when the seat to
//!   move leads, else who made the play and the play (`L:6`, `F2:333+4`).
//! - `answer`: the winning first play, or `pass`; when several choices of
//!   kickers win, each of them, joined by `,` (`3334,3335`).
//! - `turns`, `losing`, `flags`: the proof's facts
//!   ([`super::prove::Facts`]); `flags` is `s` when the answer breaks the
//!   best split, else `-`.
//!
//! Blank lines and lines starting with `#` are skipped. Reading checks
//! everything but the proof (which [`super::prove::prove`] redoes): the
//! size, the version, every field, that the hands make a position, that
//! the answer is legal there, that no position comes twice. An error
//! names its line.

use thiserror::Error;

use crate::cards::{Cards, CardsError};
use crate::play::{Move, PlayError};
use crate::solver::{Position, PositionError};

use super::answer::is_unique;
use super::id::{position_text, seat_of_letter, PuzzleId};
use super::prove::{Facts, Proof, MAX_ANSWERS, MAX_TURNS};
use super::puzzle::Puzzle;

/// The format version written now; another is refused by name.
pub const VERSION: u32 = 1;
/// The header's first word.
pub const MAGIC: &str = "ddz-puzzles";
/// The longest file read, in bytes.
pub const MAX_FILE_BYTES: usize = 256 * 1024;
/// The most puzzles a file holds.
pub const MAX_PUZZLES: usize = 5_000;
/// The highest level.
pub const MAX_LEVEL: u8 = 50;

/// What is wrong with a library file, and on which line (1-based; 0 for
/// the file as a whole).
#[derive(Clone, Debug, PartialEq, Error)]
#[error("{}{problem}", if *line == 0 { String::new() } else { format!("line {line}: ") })]
pub struct FileError {
    /// The line, from 1; 0 for the whole file.
    pub line: usize,
    /// What is wrong there.
    pub problem: Problem,
}

/// What is wrong on a line of a library file.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum Problem {
    /// Longer than [`MAX_FILE_BYTES`].
    #[error("the file has {0} bytes, more than a puzzle file may ({MAX_FILE_BYTES})")]
    TooLarge(usize),
    /// More than [`MAX_PUZZLES`] puzzles.
    #[error("more than {MAX_PUZZLES} puzzles")]
    TooMany,
    /// The first line is not the header.
    #[error("the first line must be '{MAGIC} {VERSION}', not '{0}'")]
    Header(String),
    /// A version this build does not read.
    #[error("the file is version {0}; this build reads version {VERSION}")]
    Version(String),
    /// Not 8 fields.
    #[error("{0} fields; a puzzle line has 8: level hands to-move to-beat answer turns losing flags")]
    Fields(usize),
    /// A level that is not 1 to [`MAX_LEVEL`].
    #[error("level '{0}' is not a number from 1 to {MAX_LEVEL}")]
    Level(String),
    /// Not 2 or 3 hands.
    #[error("'{0}' is not 2 or 3 hands joined by '.'")]
    Hands(String),
    /// A hand that is not cards.
    #[error("hand {hand}: {error}")]
    Cards {
        /// Which hand, from 1 (the landlord's).
        hand: usize,
        /// Why.
        error: CardsError,
    },
    /// A seat that is not `L`, `F1` or `F2`.
    #[error("'{0}' is not a seat (L, F1 or F2)")]
    Seat(String),
    /// The play to beat is not `-` or `SEAT:PLAY`.
    #[error("the play to beat '{0}' is not '-' or SEAT:PLAY (e.g. L:33)")]
    ToBeat(String),
    /// A play that is not one.
    #[error("{field}: {error}")]
    Play {
        /// `to-beat` or `answer`.
        field: &'static str,
        /// Why.
        error: PlayError,
    },
    /// Hands that make no position.
    #[error("not a position: {0}")]
    Position(PositionError),
    /// Answers that are not one combination (or too many of them).
    #[error("the answers '{0}' are not one combination with at most {MAX_ANSWERS} choices of kickers")]
    Answers(String),
    /// An answer that is no legal move of the side to move.
    #[error("the answer {0} is not a legal move of the side to move")]
    Illegal(String),
    /// A count that is not a number in range.
    #[error("{field} '{text}' is not a number from {min} to {max}")]
    Number {
        /// `turns` or `losing`.
        field: &'static str,
        /// The text.
        text: String,
        /// The least.
        min: u32,
        /// The most.
        max: u32,
    },
    /// Flags other than `s` or `-`.
    #[error("flags '{0}' are not 's' or '-'")]
    Flags(String),
    /// The same position again.
    #[error("puzzle {id} again (first on line {first})")]
    Duplicate {
        /// Its id.
        id: PuzzleId,
        /// The line it was first on.
        first: usize,
    },
}

fn at(line: usize, problem: Problem) -> FileError {
    FileError { line, problem }
}

/// Reads a library file (see the module docs).
pub fn parse(text: &str) -> Result<Vec<Puzzle>, FileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(at(0, Problem::TooLarge(text.len())));
    }
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (n, header) = lines
        .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or((1, ""));
    match header.split_whitespace().collect::<Vec<_>>().as_slice() {
        [MAGIC, v] if *v == VERSION.to_string() => {}
        [MAGIC, v] => return Err(at(n, Problem::Version(v.to_string()))),
        _ => return Err(at(n, Problem::Header(header.chars().take(40).collect()))),
    }
    let mut out: Vec<Puzzle> = Vec::new();
    let mut first_line = std::collections::HashMap::new();
    for (n, line) in lines {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if out.len() == MAX_PUZZLES {
            return Err(at(n, Problem::TooMany));
        }
        let puzzle = parse_line(line).map_err(|p| at(n, p))?;
        if let Some(&first) = first_line.get(&puzzle.id()) {
            return Err(at(n, Problem::Duplicate { id: puzzle.id(), first }));
        }
        first_line.insert(puzzle.id(), n);
        out.push(puzzle);
    }
    Ok(out)
}

fn number(field: &'static str, text: &str, min: u32, max: u32) -> Result<u32, Problem> {
    text.parse::<u32>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| Problem::Number {
            field,
            text: text.into(),
            min,
            max,
        })
}

/// One puzzle line.
fn parse_line(line: &str) -> Result<Puzzle, Problem> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [level, hands, to_move, to_beat, answer, turns, losing, flags] = fields.as_slice() else {
        return Err(Problem::Fields(fields.len()));
    };
    let level = level
        .parse::<u8>()
        .ok()
        .filter(|l| (1..=MAX_LEVEL).contains(l))
        .ok_or_else(|| Problem::Level(level.to_string()))?;
    let parts: Vec<&str> = hands.split('.').collect();
    if !(2..=3).contains(&parts.len()) {
        return Err(Problem::Hands(hands.to_string()));
    }
    let hands = parts
        .iter()
        .enumerate()
        .map(|(i, h)| Cards::parse_at(h, 0).map_err(|error| Problem::Cards { hand: i + 1, error }))
        .collect::<Result<Vec<Cards>, _>>()?;
    let to_move = seat_of_letter(to_move).ok_or_else(|| Problem::Seat(to_move.to_string()))?;
    let to_beat = match *to_beat {
        "-" => None,
        text => {
            let (by, play) = text.split_once(':').ok_or_else(|| Problem::ToBeat(text.into()))?;
            let by = seat_of_letter(by).ok_or_else(|| Problem::Seat(by.to_string()))?;
            let play = crate::play::Play::parse(play).map_err(|error| Problem::Play {
                field: "to-beat",
                error,
            })?;
            Some((by, play))
        }
    };
    let position = Position::new(&hands, to_move, to_beat).map_err(Problem::Position)?;
    let answers = answer
        .split(',')
        .map(|a| {
            let mv = Move::parse(a).map_err(|error| Problem::Play { field: "answer", error })?;
            if !position.is_legal(mv) {
                return Err(Problem::Illegal(mv.to_string()));
            }
            Ok(mv)
        })
        .collect::<Result<Vec<Move>, Problem>>()?;
    if answers.len() > MAX_ANSWERS || !is_unique(&answers) {
        return Err(Problem::Answers(answer.to_string()));
    }
    let turns = number("turns", turns, 1, MAX_TURNS)?;
    let losing = number("losing", losing, 0, 10_000)?;
    let split = match *flags {
        "s" => true,
        "-" => false,
        other => return Err(Problem::Flags(other.to_string())),
    };
    let proof = Proof {
        answers,
        facts: Facts { turns, losing, split },
    };
    Ok(Puzzle::new(level, position, proof))
}

/// One puzzle's line.
pub fn line(puzzle: &Puzzle) -> String {
    let f = puzzle.facts();
    format!(
        "{} {} {} {} {} {}",
        puzzle.level(),
        position_text(puzzle.position()),
        puzzle
            .answers()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(","),
        f.turns,
        f.losing,
        if f.split { "s" } else { "-" }
    )
}

/// A library file of `puzzles`, with `comment` lines (each written after
/// `# `) under the header.
pub fn write(puzzles: &[Puzzle], comment: &[String]) -> String {
    let mut out = format!("{MAGIC} {VERSION}\n");
    for c in comment {
        out += &format!("# {c}\n");
    }
    out += "# level hands to-move to-beat answer turns losing flags\n";
    for p in puzzles {
        out += &line(p);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "1 3445667.349QA2 L - 34567 3 7 -";

    fn file(lines: &[&str]) -> String {
        let mut s = format!("{MAGIC} {VERSION}\n# a comment\n\n");
        for l in lines {
            s += l;
            s.push('\n');
        }
        s
    }

    /// The line and problem `text` is refused with.
    fn refused(text: &str) -> (usize, Problem) {
        let e = parse(text).expect_err("refused");
        assert!(
            e.to_string().starts_with(&format!("line {}: ", e.line)) || e.line == 0,
            "{e}"
        );
        (e.line, e.problem)
    }

    #[test]
    fn a_good_file_reads_and_writes_back() {
        let all = parse(&file(&[
            GOOD,
            "2 TA.TTQ F1 L:77 TT 2 1 -",
            "3 9999JQK.4456677TTA2D L - 9999JQ,9999JK 2 8 s",
        ]))
        .unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(
            all[1].to_beat().map(|(s, p)| (s, p.to_string())),
            Some((crate::Seat::Landlord, "77".into()))
        );
        assert_eq!(all[2].answers().len(), 2);
        assert!(all[2].facts().split);
        assert_eq!(line(&all[0]), GOOD);
        assert_eq!(parse(&write(&all, &["made by a test".into()])).unwrap(), all);
    }

    #[test]
    fn hostile_files_are_refused_with_their_line() {
        assert!(matches!(refused(""), (1, Problem::Header(_))));
        assert!(matches!(refused("puzzles 1\n"), (1, Problem::Header(_))));
        assert_eq!(refused("ddz-puzzles 2\n"), (1, Problem::Version("2".into())));
        // Line numbers count the header, comments and blank lines.
        let at4 = |l: &str| {
            let (n, p) = refused(&file(&[l]));
            assert_eq!(n, 4, "{l}: {p}");
            p
        };
        assert_eq!(at4("1 3445667.349QA2 L - 34567 3 7"), Problem::Fields(7));
        assert_eq!(at4("1 3445667.349QA2"), Problem::Fields(2));
        assert_eq!(at4("0 3445667.349QA2 L - 34567 3 7 -"), Problem::Level("0".into()));
        assert_eq!(at4("99 3445667.349QA2 L - 34567 3 7 -"), Problem::Level("99".into()));
        assert!(matches!(at4("1 3445667 L - 34567 3 7 -"), Problem::Hands(_)));
        assert!(matches!(
            at4("1 34z5667.349QA2 L - 34567 3 7 -"),
            Problem::Cards { hand: 1, .. }
        ));
        assert!(matches!(
            at4("1 3445667.33333 L - 34567 3 7 -"),
            Problem::Cards { hand: 2, .. }
        ));
        // Impossible positions: five 3s between the hands; an empty hand;
        // the seat to move made the play to beat.
        assert!(matches!(at4("1 33345.3349 L - 3 3 7 -"), Problem::Position(_)));
        assert!(matches!(at4("1 3445667..349QA2 L - 34567 3 7 -"), Problem::Position(_)));
        assert!(matches!(at4("1 3445667.349QA2 L L:5 6 3 7 -"), Problem::Position(_)));
        assert!(matches!(at4("1 3445667.349QA2 F2 - 3 3 7 -"), Problem::Position(_)));
        assert_eq!(at4("1 3445667.349QA2 X - 34567 3 7 -"), Problem::Seat("X".into()));
        assert!(matches!(at4("1 3445667.349QA2 L F1 34567 3 7 -"), Problem::ToBeat(_)));
        assert!(matches!(
            at4("1 3445667.349QA2 L F1:3344 34567 3 7 -"),
            Problem::Play { field: "to-beat", .. }
        ));
        assert!(matches!(
            at4("1 3445667.349QA2 L - 3456 3 7 -"),
            Problem::Play { field: "answer", .. }
        ));
        assert_eq!(
            at4("1 3445667.349QA2 L - 45678 3 7 -"),
            Problem::Illegal("45678".into())
        );
        assert_eq!(at4("1 3445667.349QA2 L - pass 3 7 -"), Problem::Illegal("pass".into()));
        assert_eq!(
            at4("1 3445667.349QA2 L - 34567,3 3 7 -"),
            Problem::Answers("34567,3".into())
        );
        assert!(matches!(
            at4("1 3445667.349QA2 L - 34567 0 7 -"),
            Problem::Number { field: "turns", .. }
        ));
        assert!(matches!(
            at4("1 3445667.349QA2 L - 34567 x 7 -"),
            Problem::Number { field: "turns", .. }
        ));
        assert!(matches!(
            at4("1 3445667.349QA2 L - 34567 3 -1 -"),
            Problem::Number { field: "losing", .. }
        ));
        assert_eq!(at4("1 3445667.349QA2 L - 34567 3 7 q"), Problem::Flags("q".into()));
        // The same position twice, however written.
        let (n, p) = refused(&file(&[GOOD, "# again", "2 7664453.2AQ943 L - 34567 3 7 -"]));
        assert_eq!(n, 6);
        assert!(matches!(p, Problem::Duplicate { first: 4, .. }), "{p}");
        // Too large, before anything else is read.
        let big = format!("{}{}", file(&[GOOD]), "#".repeat(MAX_FILE_BYTES));
        assert!(matches!(refused(&big), (0, Problem::TooLarge(_))));
        assert_eq!(
            parse("ddz-puzzles 3\n").unwrap_err().to_string(),
            "line 1: the file is version 3; this build reads version 1"
        );
    }
}
