//! What is written about ddz for the shell and for `man`, generated from
//! the same clap definitions that parse the command line, so they cannot
//! fall out of step with it.

use clap::CommandFactory;
use serde_json::Value;

use crate::args::Cli;
use crate::error::CliError;
use crate::report::Report;

/// The completion script for `shell`.
pub fn completions(shell: clap_complete::Shell, json: bool) -> Result<Report, CliError> {
    refuse_json(json, "a completion script")?;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ddz", &mut script);
    text(script)
}

/// The manual page, in roff.
pub fn man(json: bool) -> Result<Report, CliError> {
    refuse_json(json, "a manual page")?;
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| CliError::arg("man", format!("the manual page could not be written: {e}")))?;
    text(page)
}

/// `--json` would be silently ignored here: say so instead.
fn refuse_json(json: bool, what: &str) -> Result<(), CliError> {
    if json {
        return Err(CliError::arg("--json", format!("{what} is not JSON; drop --json")));
    }
    Ok(())
}

/// A text-only report (`--json` was refused above).
fn text(bytes: Vec<u8>) -> Result<Report, CliError> {
    let text =
        String::from_utf8(bytes).map_err(|_| CliError::Other("clap wrote text that is not UTF-8 (a defect)".into()))?;
    Ok(Report {
        json: Value::Null,
        text,
    })
}
