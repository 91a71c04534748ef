//! The short codes events and results travel in: a kind letter, a format
//! version, a compact binary body and a CRC-32 of it all, in URL-safe
//! base64 without padding, so a code fits a link and a typo or a cut is
//! caught before anything in it is believed.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The format version written now; a code of another version is refused
/// by name, not misread.
pub const VERSION: u8 = 1;

/// The longest code read, in characters (a 36-board result is under
/// 10,000): anything longer is refused before it is decoded.
pub const MAX_CODE_CHARS: usize = 64 * 1024;

/// What a code holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CodeKind {
    /// An event's settings.
    Event,
    /// An entrant's result.
    Result,
}

impl CodeKind {
    const fn tag(self) -> u8 {
        match self {
            CodeKind::Event => b'E',
            CodeKind::Result => b'R',
        }
    }

    /// Its name in messages: `event` or `result`.
    pub const fn name(self) -> &'static str {
        match self {
            CodeKind::Event => "event",
            CodeKind::Result => "result",
        }
    }
}

/// Why text is not a code of the kind wanted.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum CodeError {
    /// Nothing at all (an empty `e=` in a link).
    #[error("there is no code: the text is empty")]
    Empty,
    /// Characters outside URL-safe base64.
    #[error("not a code: it holds characters a code never has")]
    NotACode,
    /// Longer than [`MAX_CODE_CHARS`].
    #[error("not a code: {0} characters, more than a code ever has ({MAX_CODE_CHARS})")]
    TooLong(usize),
    /// The checksum does not match: a character was changed, added or lost.
    #[error("the code is corrupted (its checksum does not match): a character was changed, added or cut off")]
    Corrupted,
    /// A code of the other kind (a result where an event was wanted).
    #[error("this is {} code, not {} code", article(found.name()), article(expected.name()))]
    WrongKind {
        /// What was wanted.
        expected: CodeKind,
        /// What the code holds.
        found: CodeKind,
    },
    /// A format version this build does not read.
    #[error("the code is format version {0}; this version reads version {VERSION}")]
    Version(u8),
    /// The body ends early or holds a value out of place (with the
    /// checksum right, a code made by another program).
    #[error("the code's contents are malformed: {0}")]
    Malformed(String),
}

fn article(word: &str) -> String {
    let an = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if an { "an" } else { "a" })
}

/// `body` sealed as a code of `kind`.
pub fn seal(kind: CodeKind, body: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(body.len() + 6);
    bytes.push(kind.tag());
    bytes.push(VERSION);
    bytes.extend_from_slice(body);
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The body of a code of `kind`; whitespace (a code pasted across lines)
/// is ignored.
pub fn open(text: &str, kind: CodeKind) -> Result<Vec<u8>, CodeError> {
    if text.len() > MAX_CODE_CHARS {
        return Err(CodeError::TooLong(text.chars().count()));
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return Err(CodeError::Empty);
    }
    let bytes = URL_SAFE_NO_PAD.decode(compact.as_bytes()).map_err(|e| match e {
        base64::DecodeError::InvalidByte(..) => CodeError::NotACode,
        // A length base64 cannot have: characters were lost or added.
        _ => CodeError::Corrupted,
    })?;
    if bytes.len() < 6 {
        return Err(CodeError::Corrupted);
    }
    let (data, crc) = bytes.split_at(bytes.len() - 4);
    let crc = u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]);
    if crc32fast::hash(data) != crc {
        return Err(CodeError::Corrupted);
    }
    let found = match data[0] {
        b'E' => CodeKind::Event,
        b'R' => CodeKind::Result,
        _ => return Err(CodeError::Malformed("unknown kind".into())),
    };
    if found != kind {
        return Err(CodeError::WrongKind { expected: kind, found });
    }
    if data[1] != VERSION {
        return Err(CodeError::Version(data[1]));
    }
    Ok(data[2..].to_vec())
}

/// Writes a code's body.
#[derive(Default)]
pub(crate) struct Writer(Vec<u8>);

impl Writer {
    pub(crate) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }

    /// LEB128: 7 bits a byte, small numbers in one.
    pub(crate) fn varint(&mut self, mut v: u64) {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.0.push(byte);
                return;
            }
            self.0.push(byte | 0x80);
        }
    }

    pub(crate) fn bytes(&mut self, b: &[u8]) {
        self.varint(b.len() as u64);
        self.0.extend_from_slice(b);
    }

    pub(crate) fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }

    pub(crate) fn into_inner(self) -> Vec<u8> {
        self.0
    }
}

/// Reads a code's body; every read is checked, so a short or strange body
/// is an error, never a panic.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    fn short(what: &str) -> CodeError {
        CodeError::Malformed(format!("it ends before its {what}"))
    }

    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, CodeError> {
        let v = *self.bytes.get(self.at).ok_or_else(|| Self::short(what))?;
        self.at += 1;
        Ok(v)
    }

    pub(crate) fn varint(&mut self, what: &str) -> Result<u64, CodeError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.u8(what)?;
            v |= u64::from(byte & 0x7f).checked_shl(shift).unwrap_or(0);
            if byte & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(CodeError::Malformed(format!("its {what} is too long a number")))
    }

    /// A count at most `max`.
    pub(crate) fn count(&mut self, what: &str, max: usize) -> Result<usize, CodeError> {
        let n = self.varint(what)?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| CodeError::Malformed(format!("its {what} is {n}, more than {max}")))
    }

    pub(crate) fn bytes(&mut self, what: &str, max: usize) -> Result<&'a [u8], CodeError> {
        let n = self.count(what, max)?;
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| Self::short(what))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    pub(crate) fn str(&mut self, what: &str, max: usize) -> Result<&'a str, CodeError> {
        std::str::from_utf8(self.bytes(what, max)?).map_err(|_| CodeError::Malformed(format!("its {what} is not text")))
    }

    /// Nothing may follow the last value.
    pub(crate) fn end(&self) -> Result<(), CodeError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(CodeError::Malformed(format!(
                "{} bytes follow its last value",
                self.bytes.len() - self.at
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_catch_every_one_character_change() {
        let body = b"\x00\x01hello contest\xff";
        let code = seal(CodeKind::Event, body);
        assert_eq!(open(&code, CodeKind::Event).unwrap(), body);
        // Pasted across lines.
        let (a, b) = code.split_at(7);
        assert_eq!(open(&format!(" {a}\n{b} "), CodeKind::Event).unwrap(), body);
        // Every single-character change is caught.
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for i in 0..code.len() {
            for c in alphabet.chars().filter(|&c| Some(c) != code.chars().nth(i)) {
                let mut changed: Vec<char> = code.chars().collect();
                changed[i] = c;
                let changed: String = changed.into_iter().collect();
                assert!(open(&changed, CodeKind::Event).is_err(), "{changed}");
            }
        }
        // Cut short, or a character lost.
        assert_eq!(
            open(&code[..code.len() - 1], CodeKind::Event),
            Err(CodeError::Corrupted)
        );
        assert_eq!(open(&code[..4], CodeKind::Event), Err(CodeError::Corrupted));
        assert_eq!(open("", CodeKind::Event), Err(CodeError::Empty));
        assert_eq!(open(" \n", CodeKind::Event), Err(CodeError::Empty));
        assert_eq!(open("abc$def", CodeKind::Event), Err(CodeError::NotACode));
        assert_eq!(
            open(&code, CodeKind::Result),
            Err(CodeError::WrongKind {
                expected: CodeKind::Result,
                found: CodeKind::Event
            })
        );
        assert_eq!(
            open(&code, CodeKind::Result).unwrap_err().to_string(),
            "this is an event code, not a result code"
        );
        assert!(matches!(
            open(&"A".repeat(MAX_CODE_CHARS + 1), CodeKind::Event),
            Err(CodeError::TooLong(_))
        ));
    }

    #[test]
    fn another_version_is_named() {
        let mut bytes = vec![b'E', 9, 1, 2];
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        let code = URL_SAFE_NO_PAD.encode(bytes);
        assert_eq!(open(&code, CodeKind::Event), Err(CodeError::Version(9)));
    }

    #[test]
    fn readers_refuse_what_writers_never_write() {
        let mut w = Writer::default();
        for v in [0, 1, 127, 128, 300, u64::MAX] {
            w.varint(v);
        }
        w.str("名字");
        let bytes = w.into_inner();
        let mut r = Reader::new(&bytes);
        for v in [0, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(r.varint("n").unwrap(), v);
        }
        assert_eq!(r.str("name", 10).unwrap(), "名字");
        assert!(r.end().is_ok());
        assert!(r.u8("more").is_err());
        // A count past its bound, a string past the end, eleven 0x80s.
        assert!(Reader::new(&[200, 1]).count("boards", 36).is_err());
        assert!(Reader::new(&[5, b'a']).str("name", 10).is_err());
        assert!(Reader::new(&[0x80; 11]).varint("seed").is_err());
        assert!(Reader::new(&[2, 0xff, 0xfe]).str("name", 10).is_err());
        assert!(Reader::new(&[1, 2]).end().is_err());
    }
}
