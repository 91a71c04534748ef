//! `ddz contest`: events for organisers and scripts. `new` and `daily`
//! print an event's code and link; `deals` lists its boards; `enter` seats
//! an AI player; `score` replays results into standings (on every core);
//! `records` prints the hand records.

use std::collections::BTreeMap;
use std::path::Path;

use rayon::prelude::*;
use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::contest::records;
use engine::contest::result::{self, FileProblem, ResultError};
use engine::contest::standings::{
    self, admit, check_entrant, field_key, settle, Rejected, Rejection, Replayed, DEFAULT_TOP,
};
use engine::contest::{
    play_board, score_of, Board, ContestResult, Deals, EntrantName, Event, Field, FieldRun, Format, HandRecord,
    Settings, Standings, Submission,
};
use engine::lab::library::Library;
use engine::lab::panel::{gdi_distance, GdiCentre};
use engine::{Date, PlayerSpec, Seat};

use super::{fresh_seed, online, out, Unread};
use crate::args::{ContestCommand, ContestNewArgs, EventArg, EventSource, OutputFormat};
use crate::error::CliError;
use crate::report::{progress_in, Report};

/// The app's built-in library: test cases are chosen from it unless
/// another is given, and the equal format's centre is checked against it.
const BUILT_IN_LIBRARY: &str = include_str!("../../../assets/library.json");

pub fn run(command: ContestCommand, json: bool) -> Result<Report, CliError> {
    match command {
        ContestCommand::New(args) => new(args),
        ContestCommand::Daily { date, site } => {
            let date = match date {
                Some(d) => d,
                None => today()?,
            };
            Ok(event_report(&Event::daily(date), site.as_deref(), None))
        }
        ContestCommand::Deals { event, entrant } => deals(&event, entrant.as_ref()),
        ContestCommand::Enter {
            event,
            entrant,
            player,
            seed,
            time_limit,
            out,
            server,
            key,
        } => match (event, server) {
            (EventArg::Code(event), None) => {
                let entrant = entrant.ok_or_else(|| CliError::arg("--entrant", "name the entrant"))?;
                enter(&event, entrant, &player, seed, time_limit, out.as_deref(), json)
            }
            (EventArg::Online(id), Some(server)) => {
                online::enter(&server, &id, entrant, key, &player, seed, time_limit)
            }
            (EventArg::Online(id), None) => Err(CliError::arg(
                "--server",
                format!("{id} is an online event's id: name its server with --server URL"),
            )),
            (EventArg::Code(_), Some(_)) => Err(CliError::arg(
                "--server",
                "with --server, give the online event's id or link (…#/contest?online=ID), not a link event's code",
            )),
        },
        ContestCommand::Score {
            event,
            results,
            top,
            format,
            commitment,
        } => score_command(event, results, top, format, commitment, json),
        ContestCommand::Standings {
            event,
            server,
            organiser,
            format,
        } => online::standings(
            &server,
            &event,
            organiser.as_deref(),
            format == OutputFormat::Csv && !json,
        )
        .map(|report| in_format(report, format)),
        ContestCommand::Close {
            event,
            server,
            organiser,
        } => online::close(&server, &event, &organiser),
        ContestCommand::Export { event, server, out } => online::export(&server, &event, &out),
        ContestCommand::Fairness(args) => super::fairness::run(args, json),
        ContestCommand::Records {
            event,
            entrant,
            results,
            format,
        } => records(&event, entrant.as_ref(), &results, pick(format, json), json)
            .map(|report| in_format(report, format)),
    }
}

/// `ddz contest score`: an event's code or an online event's export, with
/// the results given; the commitment checked when given or published.
fn score_command(
    event: EventSource,
    mut results: Vec<String>,
    top: Option<u32>,
    format: OutputFormat,
    commitment: Option<String>,
    json: bool,
) -> Result<Report, CliError> {
    let (event, published) = match event {
        EventSource::Code(event) => (*event, None),
        EventSource::Export(dir) => {
            let export = online::read_export(&dir)?;
            let mut files = export.results;
            files.append(&mut results);
            results = files;
            (export.event, Some(export.commitment))
        }
    };
    if let Some(c) = &commitment {
        online::check_event_commitment(&event, c)?;
    }
    if results.is_empty() {
        return Err(CliError::arg(
            "RESULTS",
            "no result to score: name result codes or files",
        ));
    }
    let standings = score(&event, &submissions(&results), top, json)?;
    let mut report = standings_report(&event, &standings, pick(format, json));
    if let Some(c) = commitment.or(published) {
        report.json["commitment"] = json!({ "published": c, "checked": true });
        if pick(format, json) != OutputFormat::Csv {
            report.text += &format!(
                "\nthe revealed secret hashes to the commitment published, {c}: the boards are the ones committed to\n"
            );
        }
    }
    Ok(in_format(report, format))
}

/// `--format json` prints what `--json` does: the report's JSON.
fn in_format(mut report: Report, format: OutputFormat) -> Report {
    if format == OutputFormat::Json {
        report.text = format!("{}\n", report.json);
    }
    report
}

fn pick(format: OutputFormat, json: bool) -> OutputFormat {
    if json {
        OutputFormat::Json
    } else {
        format
    }
}

/// Today in Beijing, the daily contest's day.
fn today() -> Result<Date, CliError> {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64);
    Date::of_unix_ms(ms)
        .ok_or_else(|| CliError::Other("the system clock is not set to a date from 2000 to 9999".into()))
}

fn library(path: Option<&Path>) -> Result<Library, CliError> {
    match path {
        Some(p) => super::library::read("--library", p),
        None => Library::from_json(BUILT_IN_LIBRARY).map_err(|e| CliError::Other(format!("the built-in library: {e}"))),
    }
}

/// `ddz contest new`.
fn new(args: ContestNewArgs) -> Result<Report, CliError> {
    refuse_unread(&args)?;
    let online = args.server.clone().map(|server| online::NewOnline {
        server,
        opens: args.opens.clone(),
        closes: args.closes.clone(),
        standings_after: args.standings_after,
        max_entrants: args.max_entrants,
    });
    if online.is_some() {
        refuse_public_boards(&args)?;
    }
    let seed = args.seed.unwrap_or_else(|| fresh_seed() % 1_000_000_000);
    let (deals, boards, mut note) = match args.format {
        Format::Duplicate => match args.test_cases {
            Some(shape) => test_cases(&args, shape)?,
            None => (Deals::Seeded { seed }, args.boards, None),
        },
        Format::Equal => {
            let centre = args
                .centre
                .ok_or_else(|| CliError::arg("--centre", "the equal format needs a GDI centre, G1,G2,..."))?;
            let eps_milli = Event::eps_milli(args.eps.unwrap_or(DEFAULT_EPS)).map_err(|e| CliError::arg("--eps", e))?;
            let deals = Deals::Equal {
                centre,
                eps_milli,
                seed,
            };
            (deals, args.boards, None)
        }
        Format::Random => (Deals::Random { seed }, args.boards, None),
    };
    let event = Event::new(Settings {
        title: args.title,
        deals,
        boards: boards.unwrap_or(6),
        seat: args.seat,
        opponents: args.opponents,
        aids: args.aids,
        reveal: args.reveal,
    })
    .map_err(|e| CliError::Other(e.to_string()))?;
    if let (Deals::Equal { centre, .. }, Some(eps)) = (event.deals(), event.deals().eps()) {
        note = Some(equal_share(args.library.as_deref(), centre, eps)?);
    }
    match online {
        Some(online) => online::create(&online, &event, note),
        None => Ok(event_report(&event, args.site.as_deref(), note)),
    }
}

/// An online event's boards come from the server's secret: a seed would
/// be ignored, and test cases are boards everyone could compute.
fn refuse_public_boards(args: &ContestNewArgs) -> Result<(), CliError> {
    if args.seed.is_some() {
        return Err(CliError::arg(
            "--seed",
            "an online event's boards come from the server's secret; leave it out",
        ));
    }
    if args.test_cases.is_some() {
        return Err(CliError::arg(
            "--test-cases",
            "an online event cannot use test cases: their seeds are public, so anyone could compute the boards",
        ));
    }
    Ok(())
}

/// The library's test cases for n players, m boards and the top r places:
/// the deals, the boards (m) and a note of their DIH.
fn test_cases(
    args: &ContestNewArgs,
    (n, m, r): (u32, u32, u32),
) -> Result<(Deals, Option<u8>, Option<String>), CliError> {
    if args.boards.is_some_and(|b| u32::from(b) != m) {
        return Err(CliError::arg(
            "--boards",
            format!("{} boards, but --test-cases asks for M = {m}", args.boards.unwrap_or(0)),
        ));
    }
    let lib = library(args.library.as_deref())?;
    let chosen = lib.select(n, m, r, m as usize);
    if chosen.len() < m as usize {
        return Err(CliError::arg(
            "--test-cases",
            format!("the library has {} deals, fewer than the {m} boards", lib.entries.len()),
        ));
    }
    let note = format!(
        "test cases for n = {n}, m = {m}, r = {r} from a library of {} deals (DIH {})",
        lib.entries.len(),
        chosen
            .iter()
            .map(|(_, d)| format!("{d:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let deals = Deals::TestCases {
        players: n,
        top: r,
        seeds: chosen.iter().map(|(e, _)| e.seed).collect(),
    };
    Ok((deals, Some(m as u8), Some(note)))
}

/// How many of a library's deals lie within ε of the centre (the share of
/// fresh deals an entrant's dealing keeps); none is refused.
fn equal_share(library_path: Option<&Path>, centre: &GdiCentre, eps: f64) -> Result<String, CliError> {
    let lib = library(library_path)?;
    let near = lib
        .entries
        .iter()
        .filter(|e| gdi_distance(&e.gdi, centre.values()).is_some_and(|d| d < eps))
        .count();
    if near == 0 {
        return Err(CliError::arg(
            "--centre",
            format!(
                "no deal of the library ({} deals) lies within {eps} of ({centre}): an entrant's deals could not be found; widen --eps or move the centre",
                lib.entries.len()
            ),
        ));
    }
    Ok(format!(
        "{near} of the library's {} deals lie within {eps} of the centre ({:.1}%)",
        lib.entries.len(),
        100.0 * near as f64 / lib.entries.len() as f64
    ))
}

/// ε when the equal format's `--eps` is not given.
const DEFAULT_EPS: f64 = 0.15;

/// Flags only some formats read, refused elsewhere rather than ignored.
fn refuse_unread(args: &ContestNewArgs) -> Result<(), CliError> {
    let only = |flag: &'static str, given: bool, read: bool, formats: &str| {
        if given && !read {
            Err(CliError::arg(flag, format!("is read only by {formats}; leave it out")))
        } else {
            Ok(())
        }
    };
    let (duplicate, equal) = (args.format == Format::Duplicate, args.format == Format::Equal);
    only(
        "--random",
        args.random,
        duplicate,
        "the duplicate format (the others deal per entrant)",
    )?;
    only(
        "--test-cases",
        args.test_cases.is_some(),
        duplicate,
        "the duplicate format",
    )?;
    only("--centre", args.centre.is_some(), equal, "the equal format")?;
    only("--eps", args.eps.is_some(), equal, "the equal format")?;
    only(
        "--library",
        args.library.is_some(),
        equal || args.test_cases.is_some(),
        "the equal format and the duplicate format's --test-cases",
    )
}

fn event_json(event: &Event) -> Value {
    let deals = match event.deals() {
        Deals::TestCases { players, top, seeds } => {
            json!({ "kind": "test-cases", "players": players, "top": top, "seeds": seeds })
        }
        Deals::Seeded { seed } => json!({ "kind": "seeded", "seed": seed }),
        Deals::Daily { date } => json!({ "kind": "daily", "date": date.to_string() }),
        Deals::Equal { centre, seed, .. } => {
            json!({ "kind": "equal", "centre": centre.values(), "eps": event.deals().eps(), "seed": seed })
        }
        Deals::Random { seed } => json!({ "kind": "random", "seed": seed }),
    };
    json!({
        "title": event.title(), "format": event.format().name(), "boards": event.boards(),
        "seat": event.seat_rule().name(), "opponents": event.opponents().to_string(),
        "aids": event.aids().names(), "reveal": event.reveal().name(), "deals": deals,
        "daily": event.daily_date().map(|d| d.to_string()),
    })
}

/// An event's code, link and rules.
fn event_report(event: &Event, site: Option<&str>, note: Option<String>) -> Report {
    let code = event.code();
    let link = format!("{}#/contest?e={code}", site.unwrap_or(""));
    let mut text = format!("{event}\ncode: {code}\nlink: {link}\n");
    if let Some(note) = &note {
        text += &format!("({note})\n");
    }
    Report {
        json: json!({ "code": code, "link": link, "event": event_json(event), "rules": event.to_string(), "note": note }),
        text,
    }
}

/// An entrant's boards, or why they cannot be dealt.
fn boards_of(event: &Event, entrant: Option<&EntrantName>) -> Result<Vec<Board>, CliError> {
    match (event.shared_boards(), entrant) {
        (Some(boards), None) => Ok(boards),
        (Some(_), Some(_)) => Err(CliError::arg(
            "--entrant",
            "this event deals every entrant the same boards; leave it out",
        )),
        (None, Some(name)) => dealt_for(event, name),
        (None, None) => Err(CliError::arg(
            "--entrant",
            format!(
                "a {} event deals each entrant their own boards: name the entrant",
                event.format().name()
            ),
        )),
    }
}

/// The boards `entrant` plays, in any format.
fn dealt_for(event: &Event, entrant: &EntrantName) -> Result<Vec<Board>, CliError> {
    event
        .boards_for(entrant, &MonotonicClock::default())
        .map_err(|e| CliError::Other(format!("{entrant}'s deals: {e}")))
}

/// `ddz contest deals`.
fn deals(event: &Event, entrant: Option<&EntrantName>) -> Result<Report, CliError> {
    let boards = boards_of(event, entrant)?;
    let mut text = format!("{event}\n");
    if let Some(name) = entrant {
        text += &format!("{name}'s boards:\n");
    }
    let rows: Vec<Value> = boards
        .iter()
        .map(|b| {
            text += &format!(
                "  board {:>2}  seed {:>9}  {:<8}  {}\n",
                b.number,
                b.seed,
                b.seat.name(),
                b.deal()
            );
            json!({ "board": b.number, "seed": b.seed, "seat": b.seat.name(), "deal": b.deal().to_string() })
        })
        .collect();
    Ok(Report {
        json: json!({ "event": event.code(), "entrant": entrant.map(|n| n.to_string()), "boards": rows }),
        text,
    })
}

/// `ddz contest enter`: the player plays every board (boards on every
/// core), the result as the app makes it.
fn enter(
    event: &Event,
    entrant: EntrantName,
    player: &PlayerSpec,
    seed: u64,
    time_limit_ms: f64,
    out: Option<&Path>,
    quiet: bool,
) -> Result<Report, CliError> {
    // Refused before any work: an existing file is never replaced.
    if let Some(path) = out {
        out::check_new(path, "the result is")?;
    }
    let boards = dealt_for(event, &entrant)?;
    let opponents = event.opponents();
    // A searching player takes seconds a move: show the boards as they end.
    let bar = progress_in(boards.len() as u64, "boards", quiet);
    bar.set_message(format!("{player} playing"));
    let clock = MonotonicClock::default();
    let records = boards
        .par_iter()
        .map(|b| {
            let record = play_board(opponents, b, player, seed, &clock, Some(time_limit_ms));
            bar.inc(1);
            record
        })
        .collect::<Result<Vec<_>, _>>()?;
    bar.finish_and_clear();
    let result = ContestResult {
        event: event.clone(),
        entrant,
        records,
    };
    // The records were just played with the event's opponents: replaying
    // them by the rules gives the scores without running the AI again.
    let scores = boards
        .iter()
        .zip(&result.records)
        .map(|(b, record)| score_of(b, record))
        .collect::<Option<Vec<i64>>>()
        .ok_or("a record the AI entrant made does not replay (a defect)")?;
    if let Some(path) = out {
        out::write_new(path, &result.to_file(&boards))?;
    }
    let code = result.code();
    let total: i64 = scores.iter().sum();
    let mut text = format!("{} ({player}) on {}:\n", result.entrant, event);
    let rows: Vec<Value> = boards
        .iter()
        .zip(&scores)
        .map(|(b, s)| {
            text += &format!("  board {:>2}  {:<8}  {s:+}\n", b.number, b.seat.name());
            json!({ "board": b.number, "seed": b.seed, "seat": b.seat.name(), "score": s })
        })
        .collect();
    text += &format!("score {total:+}\nresult: {code}\n");
    Ok(Report {
        json: json!({ "entrant": result.entrant.as_str(), "player": player.to_string(), "result": code, "score": total, "boards": rows }),
        text,
    })
}

/// The results named on the command line: a code, or a file holding a
/// result file's JSON or codes one per line (read up to a bound); any
/// other file is one result, refused whole.
/// The results named on the command line: codes, and the results in each
/// file; a file that cannot be read as text is refused under its name, and
/// the rest are scored.
fn submissions(args: &[String]) -> (Vec<Submission>, Vec<Rejected>) {
    let (mut out, mut refused) = (Vec::new(), Vec::new());
    for (i, arg) in args.iter().enumerate() {
        let path = Path::new(arg);
        let refuse = |label: String, reason| Rejected {
            label,
            entrant: None,
            reason,
        };
        if !path.exists() {
            if result::looks_like_a_code(arg) {
                out.push(Submission {
                    label: format!("result {}", i + 1),
                    text: arg.clone(),
                });
            } else {
                let why = "there is no such file, and it is not a result code";
                refused.push(refuse(arg.clone(), Rejection::NotOpened(why.into())));
            }
            continue;
        }
        // A file's results are labelled by its name, as the app labels them.
        let name = path
            .file_name()
            .map_or_else(|| arg.clone(), |n| n.to_string_lossy().into_owned());
        match read_result_file(path) {
            Ok(text) => out.extend(result::submissions(&name, &text)),
            Err(reason) => refused.push(refuse(name, reason)),
        }
    }
    (out, refused)
}

/// A result file's text, read no further than a result file ever goes.
fn read_result_file(path: &Path) -> Result<String, Rejection> {
    if path.is_dir() {
        return Err(Rejection::NotOpened("it is a folder, not a file".into()));
    }
    let limit = result::MAX_FILE_BYTES;
    super::read_text(path, limit as u64).map_err(|e| match e {
        Unread::Io(e) => Rejection::NotOpened(e.to_string()),
        // A stream (a device, a pipe) has no length: say at least how much.
        Unread::TooLong => {
            let size = path.metadata().map_or(0, |m| m.len() as usize).max(limit + 1);
            Rejection::Unreadable(ResultError::TooLarge(size))
        }
        Unread::NotText => Rejection::Unreadable(ResultError::File(FileProblem::Binary)),
    })
}

/// Every result replayed, on every core: entrants' deals and records in
/// parallel, then each distinct board's field. The same standings as the
/// web worker's step-by-step run.
fn score(
    event: &Event,
    (submissions, refused): &(Vec<Submission>, Vec<Rejected>),
    top: Option<u32>,
    quiet: bool,
) -> Result<Standings, CliError> {
    let clock = MonotonicClock::default();
    let (admitted, mut rejected) = admit(event, submissions);
    rejected.splice(0..0, refused.iter().cloned());
    let bar = progress_in(admitted.len() as u64, "entrants", quiet);
    bar.set_message("replaying");
    let outcomes: Vec<Replayed> = admitted
        .par_iter()
        .map(|a| {
            let boards = event.boards_for(&a.result.entrant, &clock).map_err(Rejection::Deals)?;
            let scores = check_entrant(event, &boards, &a.result);
            bar.inc(1);
            Ok((boards, scores?))
        })
        .collect();
    bar.finish_and_clear();
    let (counted, rejected) = settle(&admitted, outcomes, rejected);
    let fields = fields(event, counted.iter().flat_map(|c| c.boards.iter().copied()), quiet)?;
    Ok(standings::rank(
        event,
        &counted,
        &fields,
        rejected,
        top.unwrap_or(DEFAULT_TOP),
    ))
}

/// The field of each distinct board, on every core.
fn fields(
    event: &Event,
    boards: impl Iterator<Item = Board>,
    quiet: bool,
) -> Result<BTreeMap<(u64, Seat), Field>, CliError> {
    let distinct = standings::distinct_boards(boards);
    let bar = progress_in(distinct.len() as u64, "boards' fields", quiet);
    let opponents = event.opponents();
    let fields = distinct
        .par_iter()
        .map(|b| {
            let f = FieldRun::new(*b, opponents).run();
            bar.inc(1);
            f.map(|f| (field_key(b), f))
        })
        .collect::<Result<BTreeMap<_, _>, _>>()?;
    bar.finish_and_clear();
    Ok(fields)
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The standings as text, JSON or CSV.
fn standings_report(event: &Event, s: &Standings, format: OutputFormat) -> Report {
    let json = json!({
        "event": event.code(),
        "rules": event.to_string(),
        "entrants": s.entrants,
        "rejected": s.rejected.iter().map(|r| json!({
            "label": r.label, "entrant": r.entrant, "kind": r.reason.kind(), "reason": r.reason.to_string(),
        })).collect::<Vec<_>>(),
        "distinction": s.distinction,
    });
    let text = match format {
        OutputFormat::Csv => s.to_csv(),
        _ => standings_text(event, s),
    };
    Report { json, text }
}

fn standings_text(event: &Event, s: &Standings) -> String {
    format!("{event}\n\n{}", standings_body(s))
}

/// The standings' table, DIH and refusals, as text.
pub(super) fn standings_body(s: &Standings) -> String {
    let mut text = String::new();
    if s.entrants.is_empty() {
        text += "no result counted\n";
    } else {
        text += &format!(
            "{} entrants; on each board 2 × (n − place + 1) rank points, summed\n",
            s.entrants.len()
        );
        text += "place  entrant                           points  score  field beaten  boards (score, place)\n";
        for r in &s.entrants {
            let boards: Vec<String> = r
                .boards
                .iter()
                .map(|b| format!("{:+} ({})", b.score, b.place))
                .collect();
            text += &format!(
                "{:>5}  {:<32}  {:>6}  {:>+5}  {:>12}  {}\n",
                r.place,
                r.entrant,
                r.rank_points,
                r.score,
                percent(r.beaten),
                boards.join("  ")
            );
        }
    }
    if let Some(d) = s.distinction {
        text += &format!(
            "\nDIH: with {} entrants and {} boards, the top {} places come out distinct with probability {:.3}\n",
            d.players, d.boards, d.top, d.dih
        );
    }
    if !s.rejected.is_empty() {
        text += &format!("\n{} results refused:\n", s.rejected.len());
        for r in &s.rejected {
            let who = r.entrant.as_ref().map(|e| format!(" ({e})")).unwrap_or_default();
            text += &format!("  {}{who}: {}\n", r.label, r.reason);
        }
    }
    text
}

/// `ddz contest records`: each board's record, par and fields on every
/// core; with results, each entrant's score.
fn records(
    event: &Event,
    entrant: Option<&EntrantName>,
    results: &[String],
    format: OutputFormat,
    quiet: bool,
) -> Result<Report, CliError> {
    let boards = boards_of(event, entrant)?;
    let standings = if results.is_empty() {
        None
    } else {
        Some(score(event, &submissions(results), None, quiet)?)
    };
    let clock = MonotonicClock::default();
    let library = Library::from_json(BUILT_IN_LIBRARY).ok();
    let bar = progress_in(boards.len() as u64, "boards", quiet);
    bar.set_message("par and field");
    let opponents = event.opponents();
    let mut hand_records = boards
        .par_iter()
        .map(|b| {
            let par = records::par_of(b, library.as_ref(), &clock);
            let field = FieldRun::new(*b, opponents).run();
            bar.inc(1);
            field.map(|f| HandRecord::with(*b, f, par))
        })
        .collect::<Result<Vec<_>, _>>()?;
    bar.finish_and_clear();
    if let Some(s) = &standings {
        hand_records = hand_records.into_iter().map(|r| r.with_scores(s)).collect();
    }
    let json = json!({ "event": event.code(), "rules": event.to_string(), "boards": hand_records });
    let text = match format {
        OutputFormat::Csv => records::to_csv(&hand_records),
        _ => records_text(event, entrant, &hand_records),
    };
    Ok(Report { json, text })
}

fn records_text(event: &Event, entrant: Option<&EntrantName>, records: &[HandRecord]) -> String {
    let mut text = format!("{event}\n");
    if let Some(name) = entrant {
        text += &format!("{name}'s boards\n");
    }
    for r in records {
        text += &format!(
            "\nboard {} (seed {}): the entrant plays {}\n",
            r.board.number, r.board.seed, r.board.seat
        );
        for (seat, split) in Seat::ALL.iter().zip(&r.splits) {
            let plays: Vec<String> = split.iter().map(|p| p.to_string()).collect();
            text += &format!(
                "  {:<9} {:<20}  split ({}): {}\n",
                seat.to_string(),
                r.deal.hand(*seat).to_string(),
                plays.len(),
                plays.join(" ")
            );
        }
        if let Some(bottom) = r.deal.bottom() {
            text += &format!("  bottom    {bottom}\n");
        }
        text += &format!(
            "  par: {} {} ({} nodes), first play {}\n",
            r.par.winner.name(),
            if r.par.exact { "wins, proven" } else { "wins, estimated" },
            r.par.nodes,
            r.par.first.map_or("-".into(), |m| m.to_string())
        );
        let counts: Vec<String> = r
            .field
            .scores
            .iter()
            .zip(&r.field.counts)
            .map(|(s, c)| format!("{s:+}: {c}"))
            .collect();
        text += &format!(
            "  field ({} games, mean {:+.2}): {}\n",
            r.field.games(),
            r.field.mean(),
            counts.join(", ")
        );
        if !r.scores.is_empty() {
            let scores: Vec<String> = r.scores.iter().map(|(n, s)| format!("{n} {s:+}")).collect();
            text += &format!("  entrants: {}\n", scores.join(", "));
        }
    }
    text
}
