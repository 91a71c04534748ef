//! Why a command failed. Every failure is a [`CliError`]: it prints as a
//! message naming the problem (and the flag, value or range where there is
//! one) and ends the process with exit code 2.

use std::path::Path;

use thiserror::Error;

use engine::lab::library::LibraryError;
use engine::solver::PositionError;
use engine::{LimitError, PlayerError};

#[derive(Debug, Error)]
pub enum CliError {
    /// A usage error clap found (a bad flag, a value out of range): its
    /// own first line, without clap's "error: " prefix.
    #[error("{0}")]
    Usage(String),
    /// A value refused after parsing, with the flag it came from.
    #[error("{flag}: {message}")]
    Arg { flag: &'static str, message: String },
    /// A count outside its stated range.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A player that cannot be built or that broke the rules.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// Hands that are not a position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A library file that is not one.
    #[error("{flag} {path}: {problem}")]
    Library {
        flag: &'static str,
        path: String,
        problem: Box<LibraryError>,
    },
    /// A file that could not be read or written.
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    /// Anything else, said in words.
    #[error("{0}")]
    Other(String),
    /// A command that ran and found what it checked wanting (`ddz library
    /// verify`): its whole report is printed (the JSON with an "error"
    /// key), then the message.
    #[error("{message}")]
    Found {
        message: String,
        json: serde_json::Value,
        text: String,
    },
}

impl CliError {
    /// The exit code: 2 for every failure (bad input or an impossible
    /// request); 1 is kept for failing to write the output.
    pub fn exit_code(&self) -> u8 {
        2
    }

    pub fn arg(flag: &'static str, message: impl std::fmt::Display) -> CliError {
        CliError::Arg {
            flag,
            message: message.to_string(),
        }
    }

    /// A file that could not be read or written.
    pub fn io(path: &Path, source: std::io::Error) -> CliError {
        CliError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// Messages composed where they arise (they already name the flag or value).
impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Other(message)
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> CliError {
        CliError::Other(message.to_string())
    }
}
