//! What a command prints: one JSON object with `--json`, readable text
//! otherwise; failures as `{"error": "..."}` (with `--json`) and a message
//! on stderr. Also the progress bar of the long runs.
//!
//! Every write to stderr goes through [`write_stderr`], which cannot
//! panic (`eprintln!` does, on a full disk or a closed pipe).

use std::io::Write;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use serde_json::{json, Value};

use engine::Cards;

use crate::error::CliError;

/// A command's result: JSON for `--json`, text otherwise.
pub struct Report {
    pub json: Value,
    pub text: String,
}

impl Report {
    /// The JSON from a serde type (the usual way), and the text.
    pub fn new(json: &impl Serialize, text: String) -> Report {
        // Report types are plain structs with string keys, which always
        // serialise; should one not, the output says so rather than lie.
        let json = serde_json::to_value(json)
            .unwrap_or_else(|e| json!({ "error": format!("the report did not serialise: {e}") }));
        Report { json, text }
    }
}

/// Writes the report; exit code 0, or 1 if the output could not be written.
pub fn print(report: &Report, json: bool) -> ExitCode {
    let text = if json {
        format!("{}\n", report.json)
    } else {
        report.text.clone()
    };
    write_stdout(&text)
}

/// Says why the command failed: `{"error": ...}` on stdout with `--json`,
/// and the message on stderr either way; the error's exit code (2).
pub fn print_error(error: &CliError, json: bool) -> ExitCode {
    if let CliError::Found { json: report, text, .. } = error {
        // The report a failed check found; its exit code is the error's.
        let _ = write_stdout(&if json { format!("{report}\n") } else { text.clone() });
    } else if json {
        print_json_error(&error.to_string());
    }
    write_stderr(&format!("error: {error}\n"));
    ExitCode::from(error.exit_code())
}

/// `{"error": message}` on stdout.
pub fn print_json_error(message: &str) {
    // The error is also on stderr and in the exit code, whatever happens to this line.
    let _ = write_stdout(&format!("{}\n", json!({ "error": message })));
}

fn write_stdout(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    // Flushed here, so an error is seen (at exit it would be dropped).
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        // A reader that stops early (`ddz ... | head`) is not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            write_stderr(&format!("error: writing the output: {e}\n"));
            ExitCode::from(1)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// Writes `text` to stderr, ignoring failure: stderr is where failures are
/// told, so one writing it has nowhere left to go (the exit code still
/// says how the command ended).
pub fn write_stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// A progress bar over `total` deals on stderr (hidden when `quiet`).
pub fn progress(total: u64, quiet: bool) -> ProgressBar {
    progress_in(total, "deals", quiet)
}

/// A progress bar over `total` of `unit` on stderr (hidden when `quiet`).
pub fn progress_in(total: u64, unit: &str, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!("{{msg}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{elapsed}} (eta {{eta}})");
    bar.set_style(
        ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}

/// `(20) 33445...`: a hand with its size.
pub fn hand_text(cards: Cards) -> String {
    format!("({:>2}) {}", cards.len(), cards)
}

/// `0.875, 0.406`: numbers to three places.
pub fn fmt_vec(v: &[f64]) -> String {
    v.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(", ")
}

/// A win rate of `wins` in `n` and its 95% (Wilson) interval, as text.
pub fn rate_text(wins: u64, n: u64) -> String {
    let (p, low, high) = engine::lab::wilson(wins, n);
    format!("{:>5.1}% ({:.1}–{:.1}%)", 100.0 * p, 100.0 * low, 100.0 * high)
}
