//! `ddz`: the engine from the command line. Every command prints readable
//! text by default and one JSON object with `--json`; bad input gets a
//! message naming the problem (and with `--json`, `{"error": "..."}` on
//! stdout) and exit code 2.
//!
//! Laid out as ripgrep is: [`args`] turns the command line into typed
//! values (every count in its stated range), [`cmd`] runs one command,
//! [`report`] prints, [`error`] says why something failed.

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
    match cmd::run(cli.command, json) {
        Ok(Some(report)) => report::print(&report, json),
        // The agent answered on stdout as it went.
        Ok(None) => ExitCode::SUCCESS,
        Err(error) => report::print_error(&error, json),
    }
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
    eprint!("{rendered}");
    ExitCode::from(CliError::Usage(message).exit_code())
}
