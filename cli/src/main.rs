//! `ddz`: the engine from the command line. Every command prints readable
//! text by default and one JSON object with `--json`; bad input gets a
//! message naming the problem (and with `--json`, `{"error": "..."}` on
//! stdout) and exit code 2.
//!
//! Laid out as ripgrep is: [`args`] turns the command line into typed
//! values (every count in its stated range), [`cmd`] runs one command,
//! [`report`] prints, [`error`] says why something failed.

// Output goes through `report`, which never panics on a write (the print
// macros do).
#![warn(clippy::print_stdout, clippy::print_stderr)]

mod args;
mod cmd;
mod error;
mod report;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

use args::Cli;
use error::CliError;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let json = cli.json;
    if let Err(error) = threads() {
        return report::print_error(&error, json);
    }
    match cmd::run(cli.command, json) {
        Ok(Some(report)) => report::print(&report, json),
        // The agent answered on stdout as it went.
        Ok(None) => ExitCode::SUCCESS,
        Err(error) => report::print_error(&error, json),
    }
}

/// The global thread pool, of `RAYON_NUM_THREADS` threads when that is set
/// (in [`engine::limits::THREADS`]; rayon alone would try to start any
/// number, and hang or panic at 100,000). Unset, empty or 0: rayon's
/// default, one per core.
fn threads() -> Result<(), CliError> {
    const VAR: &str = "RAYON_NUM_THREADS";
    let (range, describe) = (engine::limits::THREADS, engine::limits::describe::<usize>);
    let value = match std::env::var(VAR) {
        Err(std::env::VarError::NotPresent) => return Ok(()),
        Err(std::env::VarError::NotUnicode(v)) => {
            return Err(CliError::arg(
                VAR,
                format!("{v:?} is not a number of threads ({})", describe(&range)),
            ))
        }
        Ok(v) => v,
    };
    if value.is_empty() || value == "0" {
        return Ok(());
    }
    let n: usize = value.parse().map_err(|_| {
        CliError::arg(
            VAR,
            format!(
                "{value:?} is not a number of threads ({}, or 0 for one per core)",
                describe(&range)
            ),
        )
    })?;
    engine::limits::check(VAR, n, &range)?;
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build_global()
        .map_err(|e| CliError::arg(VAR, format!("{n} threads could not be started: {e}")))
}

/// What clap could not parse. `--help` and `--version` print as usual;
/// anything else is bad input: clap's own message on stderr, and with
/// `--json` (looked for in the raw arguments, since parsing failed) its
/// first line as `{"error": ...}` on stdout. Exit code 2.
fn usage_error(e: clap::Error) -> ExitCode {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // Writing help can only fail on a closed pipe, which is no error.
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let rendered = e.render().to_string();
    let message = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        "a command is missing (see ddz --help)".to_string()
    } else {
        // The message is the first paragraph (a missing argument's names
        // are on the lines after the first), without clap's "error: ".
        rendered
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ")
            .trim_start_matches("error: ")
            .to_string()
    };
    let json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    if json {
        report::print_json_error(&message);
    }
    report::write_stderr(&rendered);
    ExitCode::from(CliError::Usage(message).exit_code())
}
