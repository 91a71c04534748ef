//! An entrant's name: what identifies an entrant within an event, and
//! (in the equal and random formats) what their deals are dealt from.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// A name as entered: trimmed, with runs of spaces made one, 1 to
/// [`MAX_NAME_CHARS`] characters, no control characters. Two names are
/// the same entrant when they differ only in case ([`EntrantName::key`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EntrantName(String);

/// Why text is not a name.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum NameError {
    /// Nothing but spaces.
    #[error("a name is needed")]
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    #[error("the name has {0} characters; at most {MAX_NAME_CHARS}")]
    TooLong(usize),
    /// A control character (a tab, a line break, ...).
    #[error("the name holds a control character")]
    Control,
}

impl EntrantName {
    /// The name as shown.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What tells entrants apart: the name in lower case. The equal and
    /// random formats deal from it, so `Alice` and `alice` get the same
    /// deals and are the same entrant.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

impl FromStr for EntrantName {
    type Err = NameError;
    fn from_str(text: &str) -> Result<EntrantName, NameError> {
        if text.chars().any(char::is_control) {
            return Err(NameError::Control);
        }
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        match name.chars().count() {
            0 => Err(NameError::Empty),
            n if n > MAX_NAME_CHARS => Err(NameError::TooLong(n)),
            _ => Ok(EntrantName(name)),
        }
    }
}

impl Serialize for EntrantName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for EntrantName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<EntrantName, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for EntrantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_tidied_and_checked() {
        let name: EntrantName = "  Li   Lei ".parse().unwrap();
        assert_eq!(name.as_str(), "Li Lei");
        assert_eq!(name.key(), "li lei");
        assert_eq!("李雷".parse::<EntrantName>().unwrap().key(), "李雷");
        assert_eq!("   ".parse::<EntrantName>(), Err(NameError::Empty));
        assert_eq!("a\tb".parse::<EntrantName>(), Err(NameError::Control));
        assert_eq!("x".repeat(33).parse::<EntrantName>(), Err(NameError::TooLong(33)));
        assert!("名".repeat(32).parse::<EntrantName>().is_ok());
    }
}
