//! One module per command (or family of commands); [`run`] dispatches.
//! Arguments arrive parsed and in range ([`crate::args`]); what is left to
//! check here is what only the command knows (how many players a list
//! needs, whether seeds run past the last one, what a file holds).

mod agent;
mod bid;
mod cards;
mod contest;
mod fairness;
mod help;
mod lab;
mod learned;
mod library;
mod matches;
pub mod online;
mod out;
mod play;
mod puzzles;
mod solve;
mod table;

use engine::{rng, SeedRange};

use crate::args::{Command, SplitMethod};
use crate::error::CliError;
use crate::report::Report;

/// Runs `command`: its report, or `None` for the agent, which answers as
/// it goes.
pub fn run(command: Command, json: bool) -> Result<Option<Report>, CliError> {
    let report = match command {
        Command::Agent {
            player,
            time_limit,
            seed,
        } => {
            agent::serve(&player, time_limit, seed)?;
            return Ok(None);
        }
        Command::Completions { shell } => help::completions(shell, json)?,
        Command::Man => help::man(json)?,
        Command::Deal { seed } => cards::deal(seed.unwrap_or_else(fresh_seed)),
        Command::Moves { hand, follow } => cards::moves(hand, follow)?,
        Command::Split {
            hand,
            method: SplitMethod::Learned,
            alternatives,
            model,
        } => learned::split(hand, alternatives, model.as_deref())?,
        Command::Split { model: Some(_), .. } => {
            return Err(CliError::arg(
                "--model",
                "is the learned splitter's: give it with --method learned",
            ))
        }
        Command::Split {
            hand,
            method,
            alternatives,
            model: None,
        } => cards::split(hand, method, alternatives)?,
        Command::TrainSplitter(args) => learned::train(args, json)?,
        Command::SplitCompare { deals, seed } => cards::split_compare(seeds("--seed", seed, "--deals", deals)?),
        Command::Play {
            seed,
            deal,
            players,
            scoring,
        } => play::play(seed, deal, &players, scoring.into())?,
        Command::LeadAgreement {
            deals,
            seed,
            players,
            model,
        } => play::lead_agreement(seeds("--seed", seed, "--deals", deals)?, &players, model.as_deref())?,
        Command::Bid { seed, deals, player } => match deals {
            Some(deals) => bid::calibrate(seeds("--seed", seed.unwrap_or(0), "--deals", deals)?, &player, json)?,
            None => bid::auction(seed.unwrap_or_else(fresh_seed)),
        },
        Command::Solve(args) => solve::solve(args)?,
        Command::Par {
            deal,
            seed,
            time_limit,
            nodes,
            utility,
        } => solve::par(deal, seed, time_limit, nodes, utility)?,
        Command::SolveBench(args) => solve::bench_command(args)?,
        Command::SolveMatch {
            sizes,
            deals,
            seed,
            time_limit,
        } => solve::solve_match(&sizes, seeds("--seed", seed, "--deals", deals)?, time_limit, json),
        Command::SolveLimits {
            deals,
            seed,
            time_limit,
        } => solve::limits(seeds("--seed", seed, "--deals", deals)?, time_limit)?,
        Command::Match { players, deals, seed } => {
            matches::duplicate_match(&players, seeds("--seed", seed, "--deals", deals)?, json)?
        }
        Command::Ladder { rungs, deals, seed } => {
            matches::ladder(rungs.as_deref(), seeds("--seed", seed, "--deals", deals)?, json)?
        }
        Command::Contest { command } => contest::run(command, json)?,
        Command::Table { command } => table::run(command)?,
        Command::Puzzles { command } => puzzles::run(command, json)?,
        Command::Library { command } => library::run(command, json)?,
        Command::Dist {
            deal,
            panel,
            games,
            seed,
        } => lab::dist(deal, &panel, games, seed)?,
        Command::Dih(args) => lab::dih(args)?,
        Command::Select { library, shape, count } => lab::select(&library, &shape, count)?,
        Command::Equal(args) => lab::equal_deals(args, json)?,
        Command::Tournament(args) => lab::tournament(args)?,
        Command::P1p2(args) => lab::p1p2(args)?,
    };
    Ok(Some(report))
}

/// `count` seeds from `first`, refused (naming both flags) when they
/// would run past the last seed rather than wrap or stop short.
pub(crate) fn seeds(first_flag: &str, first: u64, count_flag: &str, count: u64) -> Result<engine::SeedRange, CliError> {
    SeedRange::new(first, count)
        .map_err(|e| CliError::Other(format!("{first_flag} {first} with {count_flag} {count}: {e}")))
}

/// A text file read up to `limit` bytes (a longer one is refused, with
/// the bound and `what` a valid one is: "a result file").
pub fn read_bounded(path: &std::path::Path, limit: u64, what: &str) -> Result<String, CliError> {
    read_text(path, limit).map_err(|e| match e {
        Unread::Io(e) => CliError::io(path, e),
        Unread::TooLong => CliError::Other(format!(
            "{}: longer than {what} ever is ({limit} bytes)",
            path.display()
        )),
        Unread::NotText => CliError::Other(format!("{}: not text (UTF-8)", path.display())),
    })
}

/// Why a file's text could not be read.
pub enum Unread {
    Io(std::io::Error),
    /// Over the limit (read no further than one byte past it).
    TooLong,
    NotText,
}

/// A file's text, read no further than `limit` bytes (a device or a pipe
/// that never ends is refused, not read to the end).
pub fn read_text(path: &std::path::Path, limit: u64) -> Result<String, Unread> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
        .map_err(Unread::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Unread::TooLong);
    }
    String::from_utf8(bytes).map_err(|_| Unread::NotText)
}

/// A seed for when none is given; printed so the deal can be reproduced.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    rng::split(&mut rng::from_seed(nanos ^ u64::from(std::process::id())))
}

/// Mixed into a deal's seed to seed its players, so they draw a stream of
/// their own.
const PLAYER_SEED_SALT: u64 = 0x5eed_0f91_a7e5;
