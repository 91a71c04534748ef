//! What is written about ddz for the shell and for `man`, generated from
//! the same clap definitions that parse the command line, so they cannot
//! fall out of step with it.

use std::io::Write;

use clap::CommandFactory;

use crate::args::Cli;
use crate::error::CliError;

/// The completion script for `shell`, on stdout.
pub fn completions(shell: clap_complete::Shell, json: bool) -> Result<(), CliError> {
    refuse_json(json, "a completion script")?;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ddz", &mut script);
    write_out(&script)
}

/// The manual page, in roff, on stdout.
pub fn man(json: bool) -> Result<(), CliError> {
    refuse_json(json, "a manual page")?;
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| CliError::arg("man", format!("the manual page could not be written: {e}")))?;
    write_out(&page)
}

/// `--json` would be silently ignored here: say so instead.
fn refuse_json(json: bool, what: &str) -> Result<(), CliError> {
    if json {
        return Err(CliError::arg("--json", format!("{what} is not JSON; drop --json")));
    }
    Ok(())
}

fn write_out(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        // A reader that stopped early (`| head`) is no failure.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::arg("stdout", format!("could not be written: {e}")))
        }
        _ => Ok(()),
    }
}
