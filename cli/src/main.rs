//! `ddz`: the engine from the command line. Every command prints readable
//! text by default and one JSON object with `--json`; bad input gets a
//! message naming the problem and exit code 2.

mod agent;
mod bid;
mod lab;
mod matches;

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{json, Value};

use engine::agents::PLAYER_NAMES;
use engine::clock::MonotonicClock;
use engine::solver::{bench, Position, SolveOptions, Solver, Utility};
use engine::split::{self, Split, Splitter};
use engine::{make_player, play_out, rng, Cards, Deal, Game, Move, Play, Scoring, Seat};

#[derive(Parser)]
#[command(
    name = "ddz",
    version,
    about = "Competitive Dou Dizhu (斗地主): deals, legal plays, self-play"
)]
struct Cli {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Deal the 54 cards: 20 to the landlord (with the 3 bottom cards), 17 to each farmer.
    Deal {
        /// The same seed gives the same deal everywhere; random if omitted.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The auction (叫分): each 17-card hand's assessment by the AI and its
    /// calls from bidder 0; with --deals, the self-play table that
    /// calibrates the AI's rule.
    Bid {
        /// The deal's seed (with --deals, the first of them); random if
        /// omitted (0 with --deals).
        #[arg(long)]
        seed: Option<u64>,
        /// Calibrate over this many deals: every hand played as the landlord
        /// by --player at all three seats, the landlord's win rate by max bid.
        #[arg(long)]
        deals: Option<u64>,
        /// The player at all seats for --deals.
        #[arg(long, default_value = "L7", requires = "deals")]
        player: String,
    },
    /// List the legal plays of a hand, leading or following a play.
    Moves {
        /// The hand, e.g. 33445XD (case-insensitive; 0 or 10 for the ten).
        hand: String,
        /// The play to beat. Cards with two readings are written main+kickers, e.g. 444555666+333.
        #[arg(long)]
        follow: Option<String>,
    },
    /// Play one deal to the end and print its record and score.
    Play {
        /// Seed of the deal (and of the players' randomness); random if omitted.
        #[arg(long)]
        seed: Option<u64>,
        /// Play this deal, [landlord][farmer 1][farmer 2], instead of a seeded one.
        #[arg(long, conflicts_with = "seed")]
        deal: Option<String>,
        /// Players for landlord, farmer 1, farmer 2.
        #[arg(long, default_value = "random,greedy,greedy")]
        players: String,
        /// Scoring rule: tournament ±(1+b), or online ±2^b with spring doubling.
        #[arg(long, value_enum, default_value_t = ScoringArg::Tournament)]
        scoring: ScoringArg,
    },
    /// Split a hand into plays (拆牌): the fewest plays (手数), kickers attached.
    Split {
        /// The hand, e.g. 34445556789TA22XD.
        hand: String,
        #[arg(long, value_enum, default_value_t = SplitMethod::Exact)]
        method: SplitMethod,
        /// Also list this many next-best splits (exact method only).
        #[arg(long, default_value_t = 0)]
        alternatives: usize,
    },
    /// Compare the exact split with the paper's baseline on seeded deals, and time the exact one.
    SplitCompare {
        /// Deals to split (three hands each), seeds SEED.. SEED+DEALS-1.
        #[arg(long, default_value_t = 10_000)]
        deals: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Solve an open-hand endgame (残局): who wins with best play, and how.
    Solve(SolveArgs),
    /// A whole deal's open-hand result (par, 明牌): who wins with best play
    /// from the landlord's first lead, the first play and the line.
    Par {
        /// The deal: a seed, or [landlord 20][farmer 1, 17][farmer 2, 17].
        #[arg(required_unless_present = "seed", conflicts_with = "seed")]
        deal: Option<String>,
        #[arg(long)]
        seed: Option<u64>,
        /// Stop by then (ms) and answer with the best found, marked as not proven.
        #[arg(long, default_value_t = 10_000.0)]
        time_limit: f64,
        #[arg(long, value_enum, default_value_t = UtilityArg::WinLoss)]
        utility: UtilityArg,
    },
    /// Time exact solving of seeded random 1v1 endgames (landlord to move) by size.
    SolveBench {
        /// Sizes as LANDLORD+FARMER cards, comma-separated.
        #[arg(long, default_value = "10+10,12+12,14+14,16+16,18+18,20+17")]
        sizes: String,
        /// Positions per size.
        #[arg(long, default_value_t = 10)]
        positions: u64,
        /// Whole three-seat deals (20+17+17, seeds SEED..SEED+DEALS) instead of 1v1 endgames.
        #[arg(long)]
        full: bool,
        /// Deals, with --full.
        #[arg(long, default_value_t = 30, requires = "full")]
        deals: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Give up on a position after this long (ms), and count it as unsolved.
        #[arg(long, default_value_t = 60_000.0)]
        time_limit: f64,
    },
    /// How well the solver keeps a time limit: full three-seat deals (never
    /// proven that fast), each solved under the limit, timed from the call
    /// to the answer.
    SolveLimits {
        #[arg(long, default_value_t = 40)]
        deals: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The limit (ms).
        #[arg(long, default_value_t = 100.0)]
        time_limit: f64,
    },
    /// Serve a player over a line protocol: one JSON request per line on
    /// stdin ({"seat","hand","history","counts","bottom","legal"}), one JSON
    /// answer per line on stdout ({"play": "cards"|"pass"} or {"error": ...}).
    Agent {
        /// The player: a name with options (sampler:samples=8) or a ladder rung (L8).
        #[arg(long)]
        player: String,
        /// Time per move (ms); none by default.
        #[arg(long)]
        time_limit: Option<f64>,
        /// Seed of the player's randomness.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// A duplicate match: two players on the same deals with the seats swapped.
    Match {
        /// The two players, A,B: names with options (heuristic:noise=0.2) or ladder rungs (L7).
        #[arg(long)]
        players: String,
        #[arg(long, default_value_t = 500)]
        deals: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// The AI ladder: each rung in a duplicate match against the one below it.
    Ladder {
        /// Rungs or players, weakest first (default: the built-in ladder L0..L10).
        #[arg(long)]
        rungs: Option<String>,
        #[arg(long, default_value_t = 500)]
        deals: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// The hand library: deals with their score distributions and GDI under a panel.
    Library {
        #[command(subcommand)]
        command: LibraryCommand,
    },
    /// A deal's score distribution under a panel of AI tables, and its GDI.
    Dist {
        /// A seed, or a deal in bracket notation.
        deal: String,
        /// ladder (L0..L10 as landlord against L7 farmers), quick (L0..L7), strong (L7..L10 against L8).
        #[arg(long, default_value = "quick")]
        panel: String,
        /// Games per table.
        #[arg(long, default_value_t = 1)]
        games: u32,
    },
    /// DIH: how likely the top places of a tournament come out distinct.
    Dih {
        /// The per-round score distribution, SCORE:P,SCORE:P,...
        #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["deal", "library"])]
        dist: Option<String>,
        /// Or a deal (seed or brackets), played under --panel.
        #[arg(long)]
        deal: Option<String>,
        #[arg(long, default_value = "quick")]
        panel: String,
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// Or a library file with --entry SEED.
        #[arg(long, requires = "entry")]
        library: Option<String>,
        #[arg(long)]
        entry: Option<u64>,
        #[command(flatten)]
        shape: TournamentShape,
    },
    /// Test-case selection: the library's deals with the highest DIH for n, m, r.
    Select {
        #[arg(long)]
        library: String,
        #[command(flatten)]
        shape: TournamentShape,
        /// How many deals (default: the number of rounds).
        #[arg(long)]
        count: Option<usize>,
    },
    /// Equal-strength deals: the library's deals within EPS of a GDI centre.
    Equal {
        #[arg(long)]
        library: String,
        /// The centre, G1,G2,...
        #[arg(long, allow_hyphen_values = true)]
        center: String,
        #[arg(long, default_value_t = 0.15)]
        eps: f64,
    },
    /// Simulated tournaments: each table's chance of each place, in the duplicate, equal-strength or random format.
    Tournament {
        /// duplicate, equal, random, duplicate-equal (the control: the equal
        /// format's deals, but every table the same), or all side by side.
        #[arg(long, default_value = "all")]
        format: String,
        /// The tables' landlord AIs.
        #[arg(long, default_value = "L0,L2,L4,L5,L6,L7")]
        tables: String,
        /// The farmer AIs every table plays against.
        #[arg(long, default_value = "L7")]
        farmers: String,
        #[arg(long, default_value_t = 6)]
        rounds: u32,
        #[arg(long, default_value_t = 200)]
        matches: u32,
        /// For the equal formats: a library and a GDI centre with --eps.
        #[arg(long)]
        library: Option<String>,
        #[arg(long)]
        center: Option<String>,
        #[arg(long, default_value_t = 0.15)]
        eps: f64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// The test-case paper's P1/P2: distinguishable players on random deals and on selected test cases.
    P1p2 {
        #[arg(long)]
        library: String,
        /// The AIs the players' triples are formed from.
        #[arg(long, default_value = "L0,L3,L5,L7")]
        ais: String,
        #[arg(long, default_value_t = 30)]
        players: usize,
        #[arg(long)]
        rounds: u32,
        #[arg(long)]
        top: u32,
        #[arg(long, default_value_t = 200)]
        tournaments: u32,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// The splitting paper's lead agreement: how many of each side's first 5 leads are split groups.
    LeadAgreement {
        #[arg(long, default_value_t = 1000)]
        deals: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Players for landlord, farmer 1, farmer 2.
        #[arg(long, default_value = "greedy,greedy,greedy")]
        players: String,
    },
}

#[derive(Subcommand)]
enum LibraryCommand {
    /// Build a library on every core (resumable: an interrupted build picks up where it stopped).
    Build {
        #[arg(long)]
        deals: u64,
        #[arg(long, default_value = "quick")]
        panel: String,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Games per table.
        #[arg(long, default_value_t = 1)]
        games: u32,
        #[arg(long)]
        out: String,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SplitMethod {
    /// The exact minimum split (fewest plays, human tie-breaks).
    Exact,
    /// The splitting paper's baseline: greedy in 40 priority orders.
    Greedy,
}

#[derive(Clone, Copy, ValueEnum)]
enum UtilityArg {
    WinLoss,
    Score,
    CardMargin,
}

impl From<UtilityArg> for Utility {
    fn from(u: UtilityArg) -> Utility {
        match u {
            UtilityArg::WinLoss => Utility::WinLoss,
            UtilityArg::Score => Utility::Score,
            UtilityArg::CardMargin => Utility::CardMargin,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum ScoringArg {
    Tournament,
    Online,
}

impl From<ScoringArg> for Scoring {
    fn from(s: ScoringArg) -> Scoring {
        match s {
            ScoringArg::Tournament => Scoring::Tournament,
            ScoringArg::Online => Scoring::Online,
        }
    }
}

/// Mixed into a deal's seed to seed its players, so they draw a stream of
/// their own.
const PLAYER_SEED_SALT: u64 = 0x5eed_0f91_a7e5;

/// A command's result: JSON for `--json`, text otherwise.
struct Report {
    json: Value,
    text: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Agent {
        player,
        time_limit,
        seed,
    } = &cli.command
    {
        return match agent::serve(player, *time_limit, *seed) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("ddz agent: {message}");
                ExitCode::from(2)
            }
        };
    }
    match run(cli.command, cli.json) {
        Ok(report) => {
            let text = if cli.json {
                format!("{}\n", report.json)
            } else {
                report.text
            };
            // A reader that stops early (`ddz ... | head`) is not an error.
            match std::io::stdout().lock().write_all(text.as_bytes()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: writing the output: {e}");
                    ExitCode::from(1)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(message) => {
            if cli.json {
                println!("{}", json!({ "error": message }));
            }
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command, json: bool) -> Result<Report, String> {
    match command {
        Command::Solve(args) => solve(args),
        Command::Par {
            deal,
            seed,
            time_limit,
            utility,
        } => {
            let (deal, seed) = match (seed, deal) {
                (Some(seed), _) => (Deal::from_seed(seed), Some(seed)),
                (None, Some(text)) => {
                    let (deal, _) = lab::deal_arg(&text)?;
                    (deal, text.trim().parse::<u64>().ok())
                }
                (None, None) => return Err("give a DEAL or --seed".into()),
            };
            par(&deal, seed, time_limit, utility)
        }
        Command::SolveBench {
            full: true,
            deals,
            seed,
            time_limit,
            ..
        } => solve_bench_full(deals, seed, time_limit),
        Command::SolveBench {
            sizes,
            positions,
            seed,
            time_limit,
            ..
        } => solve_bench(&sizes, positions, seed, time_limit),
        Command::SolveLimits {
            deals,
            seed,
            time_limit,
        } => solve_limits(deals, seed, time_limit),
        Command::Split {
            hand,
            method,
            alternatives,
        } => split(&hand, method, alternatives),
        Command::SplitCompare { deals, seed } => Ok(split_compare(seed, deals)),
        Command::LeadAgreement { deals, seed, players } => lead_agreement(seed, deals, &players),
        Command::Agent { .. } => unreachable!("served in main"),
        Command::Library {
            command:
                LibraryCommand::Build {
                    deals,
                    panel,
                    seed,
                    games,
                    out,
                },
        } => lab::build_library(deals, &panel, seed, games, &out, json),
        Command::Dist { deal, panel, games } => lab::dist(&deal, &panel, games),
        Command::Dih {
            dist,
            deal,
            panel,
            games,
            library,
            entry,
            shape,
        } => {
            let source = match (&dist, &deal, &library) {
                (Some(text), _, _) => lab::DihSource::Text(text),
                (None, Some(deal), _) => lab::DihSource::Deal {
                    deal,
                    panel: &panel,
                    games,
                },
                (None, None, Some(path)) => lab::DihSource::Library {
                    path,
                    seed: entry.unwrap_or_default(),
                },
                _ => return Err("give --dist, --deal or --library with --entry".into()),
            };
            lab::dih_command(source, shape.players, shape.rounds, shape.top)
        }
        Command::Select { library, shape, count } => {
            lab::select(&library, shape.players, shape.rounds, shape.top, count)
        }
        Command::Equal { library, center, eps } => lab::equal(&library, &center, eps),
        Command::Tournament {
            format,
            tables,
            farmers,
            rounds,
            matches,
            library,
            center,
            eps,
            seed,
        } => lab::tournament(
            &format,
            &tables,
            &farmers,
            rounds,
            matches,
            library.as_deref(),
            center.as_deref(),
            eps,
            seed,
        ),
        Command::P1p2 {
            library,
            ais,
            players,
            rounds,
            top,
            tournaments,
            seed,
        } => lab::p1p2(&library, &ais, players, rounds, top, tournaments, seed),
        Command::Match { players, deals, seed } => matches::duplicate_match(&players, deals, seed, json),
        Command::Ladder { rungs, deals, seed } => matches::ladder(rungs.as_deref(), deals, seed, json),
        Command::Deal { seed } => Ok(deal(seed.unwrap_or_else(fresh_seed))),
        Command::Bid { seed, deals, player } => match deals {
            Some(deals) => bid::calibrate(deals, seed.unwrap_or(0), &player, json),
            None => Ok(bid::auction(seed.unwrap_or_else(fresh_seed))),
        },
        Command::Moves { hand, follow } => moves(&hand, follow.as_deref()),
        Command::Play {
            seed,
            deal,
            players,
            scoring,
        } => play(seed, deal.as_deref(), &players, scoring.into()),
    }
}

/// A seed for when none is given; printed so the deal can be reproduced.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    rng::split(&mut rng::from_seed(nanos ^ u64::from(std::process::id())))
}

fn hand_text(cards: Cards) -> String {
    format!("({:>2}) {}", cards.len(), cards)
}

fn deal(seed: u64) -> Report {
    let d = Deal::from_seed(seed);
    let bottom = d.bottom().unwrap_or_default();
    let json = json!({
        "seed": seed,
        "deal": d.to_string(),
        "landlord": d.hand(Seat::Landlord).to_string(),
        "farmer1": d.hand(Seat::Farmer1).to_string(),
        "farmer2": d.hand(Seat::Farmer2).to_string(),
        "bottom": bottom.to_string(),
    });
    let mut text = format!("seed      {seed}\ndeal      {d}\n");
    for seat in Seat::ALL {
        text += &format!("{:<9} {}\n", seat.to_string(), hand_text(d.hand(seat)));
    }
    text += &format!("bottom    {bottom}\n");
    Report { json, text }
}

fn moves(hand: &str, follow: Option<&str>) -> Result<Report, String> {
    let hand: Cards = hand.parse().map_err(|e| format!("hand: {e}"))?;
    let target = match follow {
        None => None,
        Some(text) => {
            let play = Play::parse(text).map_err(|e| format!("--follow: {e}"))?;
            if hand.checked_add(play.cards()).is_none() {
                return Err(format!(
                    "the hand {hand} and the play {play} hold more cards of a rank than a deck has"
                ));
            }
            Some(play)
        }
    };
    let mut list = Vec::new();
    engine::legal_moves(hand, target, &mut list);
    let moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    let plays: Vec<Value> = list
        .iter()
        .filter_map(|m| m.play())
        .map(|p| json!({ "play": p.to_string(), "cards": p.cards().to_string(), "kind": p.kind().name(), "rank": p.rank().to_string(), "chain_len": p.chain_len() }))
        .collect();
    let mut text = String::new();
    for mv in &list {
        text += &match mv {
            Move::Pass => "pass\n".to_string(),
            Move::Play(p) => format!("{:<22} {}\n", p.to_string(), p.kind()),
        };
    }
    Ok(Report {
        json: json!({ "moves": moves, "plays": plays }),
        text,
    })
}

fn play(seed: Option<u64>, deal_text: Option<&str>, players: &str, scoring: Scoring) -> Result<Report, String> {
    let (seed, d) = match deal_text {
        Some(text) => (
            seed.unwrap_or(0),
            Deal::parse(text).map_err(|e| format!("--deal: {e}"))?,
        ),
        None => {
            let seed = seed.unwrap_or_else(fresh_seed);
            (seed, Deal::from_seed(seed))
        }
    };
    let names: Vec<&str> = players.split(',').map(str::trim).collect();
    if names.len() != 3 {
        return Err(format!(
            "--players needs three names (landlord,farmer1,farmer2), got {}; known players: {}",
            names.len(),
            PLAYER_NAMES.join(", ")
        ));
    }
    // Each seat's randomness comes from the deal seed, so a seed replays the whole game.
    let mut seeds = rng::from_seed(seed ^ PLAYER_SEED_SALT);
    let mut table = Vec::new();
    for name in &names {
        table.push(make_player(name, rng::split(&mut seeds)).map_err(|e| e.to_string())?);
    }
    let mut game = Game::new(&d);
    let outcome = play_out(&mut game, &mut table, &MonotonicClock::default(), None).map_err(|e| e.to_string())?;
    let score = outcome.score(scoring);
    let record: Vec<Value> = game
        .history()
        .iter()
        .map(|t| json!([t.seat.name(), t.mv.to_string()]))
        .collect();
    let json = json!({
        "seed": seed,
        "deal": d.to_string(),
        "players": { "landlord": names[0], "farmer1": names[1], "farmer2": names[2] },
        "record": record,
        "winner": outcome.winner.name(),
        "winning_team": outcome.winning_team().name(),
        "bombs": outcome.bombs,
        "spring": outcome.spring,
        "anti_spring": outcome.anti_spring,
        "scoring": match scoring { Scoring::Tournament => "tournament", Scoring::Online => "online" },
        "score": score,
    });
    let mut text = format!("seed {seed}  deal {d}\n");
    for (seat, name) in Seat::ALL.iter().zip(&names) {
        text += &format!("{:<9} {:<7} {}\n", seat.to_string(), name, hand_text(d.hand(*seat)));
    }
    text += "\n";
    for (i, t) in game.history().iter().enumerate() {
        let shown =
            t.mv.play()
                .map_or("pass".to_string(), |p| format!("{:<20} {}", p.to_string(), p.kind()));
        text += &format!("{:>3}  {:<9} {}\n", i + 1, t.seat.to_string(), shown);
    }
    let extra = [(outcome.spring, " spring"), (outcome.anti_spring, " anti-spring")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, s)| *s)
        .collect::<String>();
    text += &format!(
        "\n{} goes out: the {} win. bombs {}{}. landlord score {:+} ({} scoring)\n",
        outcome.winner,
        outcome.winning_team().name(),
        outcome.bombs,
        extra,
        score,
        match scoring {
            Scoring::Tournament => "tournament",
            Scoring::Online => "online",
        },
    );
    Ok(Report { json, text })
}

fn split_json(s: &Split) -> Value {
    let groups: Vec<Value> = s
        .plays()
        .iter()
        .map(|p| json!({ "play": p.to_string(), "cards": p.cards().to_string(), "kind": p.kind().name() }))
        .collect();
    json!({ "plays": s.play_count(), "penalty": s.penalty(), "groups": groups, "labels": split::labels(s.plays()) })
}

fn split_text(s: &Split) -> String {
    let mut text = format!("{} plays\n", s.play_count());
    for p in s.plays() {
        text += &format!("  {:<22} {}\n", p.to_string(), p.kind());
    }
    text
}

fn split(hand: &str, method: SplitMethod, alternatives: usize) -> Result<Report, String> {
    let hand: Cards = hand.parse().map_err(|e| format!("hand: {e}"))?;
    if method == SplitMethod::Greedy && alternatives > 0 {
        return Err("--alternatives needs --method exact".into());
    }
    let splits = match method {
        SplitMethod::Exact => Splitter::new().top(hand, alternatives + 1),
        SplitMethod::Greedy => vec![split::baseline(hand)],
    };
    let Some((best, rest)) = splits.split_first() else {
        return Err("no split found".into());
    };
    let mut json = split_json(best);
    json["hand"] = json!(hand.to_string());
    json["method"] = json!(if method == SplitMethod::Exact {
        "exact"
    } else {
        "greedy"
    });
    json["alternatives"] = Value::Array(rest.iter().map(split_json).collect());
    let mut text = split_text(best);
    for (i, alt) in rest.iter().enumerate() {
        text += &format!("\nalternative {}: {}", i + 1, split_text(alt));
    }
    Ok(Report { json, text })
}

fn split_compare(seed: u64, deals: u64) -> Report {
    let mut splitter = Splitter::new();
    let mut differences: std::collections::BTreeMap<u32, u64> = Default::default();
    let mut micros: [Vec<f64>; 2] = [vec![], vec![]];
    for s in seed..seed.saturating_add(deals) {
        for (i, hand) in Deal::from_seed(s).hands().into_iter().enumerate() {
            let start = std::time::Instant::now();
            let exact = splitter.best(hand).play_count();
            micros[usize::from(i > 0)].push(start.elapsed().as_secs_f64() * 1e6);
            let base = split::baseline(hand).play_count();
            *differences.entry(base.saturating_sub(exact)).or_default() += 1;
        }
    }
    let hands: u64 = differences.values().sum();
    let shorter: u64 = differences.iter().filter(|(d, _)| **d > 0).map(|(_, n)| n).sum();
    let mean = differences.iter().map(|(d, n)| f64::from(*d) * *n as f64).sum::<f64>() / hands.max(1) as f64;
    let quantiles = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| {
            v.get(((v.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
        json!({ "mean": mean, "median": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": at(1.0) })
    };
    let (t20, t17) = (quantiles(&mut micros[0]), quantiles(&mut micros[1]));
    let json = json!({
        "deals": deals,
        "hands": hands,
        "exact_shorter": shorter,
        "exact_shorter_share": shorter as f64 / hands.max(1) as f64,
        "mean_difference": mean,
        "difference_histogram": differences.iter().map(|(d, n)| json!([d, n])).collect::<Vec<_>>(),
        "exact_micros_20_cards": t20,
        "exact_micros_17_cards": t17,
    });
    let mut text = format!(
        "{hands} hands from {deals} deals: the exact split is shorter than the paper's baseline on {shorter} ({:.1}%), by {mean:.3} plays on average\n",
        100.0 * shorter as f64 / hands.max(1) as f64
    );
    for (d, n) in &differences {
        text += &format!(
            "  baseline - exact = {d}: {n} hands ({:.1}%)\n",
            100.0 * *n as f64 / hands.max(1) as f64
        );
    }
    text += &format!(
        "exact split time per hand (µs): 20 cards median {:.1}, p90 {:.1}, max {:.1}; 17 cards median {:.1}, p90 {:.1}, max {:.1}\n",
        t20["median"].as_f64().unwrap_or(0.0),
        t20["p90"].as_f64().unwrap_or(0.0),
        t20["max"].as_f64().unwrap_or(0.0),
        t17["median"].as_f64().unwrap_or(0.0),
        t17["p90"].as_f64().unwrap_or(0.0),
        t17["max"].as_f64().unwrap_or(0.0),
    );
    Report { json, text }
}

fn lead_agreement(seed: u64, deals: u64, players: &str) -> Result<Report, String> {
    let names: Vec<&str> = players.split(',').map(str::trim).collect();
    let [l, f1, f2] = names.as_slice() else {
        return Err(format!(
            "--players needs three names (landlord,farmer1,farmer2), got {}",
            names.len()
        ));
    };
    let (exact, base) =
        engine::lab::lead_agreement(seed..seed.saturating_add(deals), [l, f1, f2]).map_err(|e| e.to_string())?;
    let json = json!({
        "deals": deals,
        "players": names,
        "exact": { "landlord": exact.landlord.share(), "farmers": exact.farmers.share(), "counts": exact },
        "greedy": { "landlord": base.landlord.share(), "farmers": base.farmers.share(), "counts": base },
    });
    let text = format!(
        "{deals} deals, players {players}: share of each side's first {} leads that are groups of the split\n  exact split:    landlord {:.1}%, farmers {:.1}%\n  paper baseline: landlord {:.1}%, farmers {:.1}%\n",
        engine::lab::LEADS_PER_SIDE,
        100.0 * exact.landlord.share(),
        100.0 * exact.farmers.share(),
        100.0 * base.landlord.share(),
        100.0 * base.farmers.share(),
    );
    Ok(Report { json, text })
}

/// A tournament's n players, m rounds and r top places to tell apart.
#[derive(Args)]
struct TournamentShape {
    #[arg(long)]
    players: u32,
    #[arg(long)]
    rounds: u32,
    #[arg(long)]
    top: u32,
}

#[derive(Args)]
struct SolveArgs {
    #[arg(long)]
    landlord: String,
    /// The farmer (1v1), or farmer 1 with --farmer2.
    #[arg(long)]
    farmer: String,
    #[arg(long)]
    farmer2: Option<String>,
    /// The play to beat (main+kickers if it has several readings).
    #[arg(long, requires = "last_by")]
    last: Option<String>,
    /// Who made it: landlord, farmer (or farmer1), farmer2.
    #[arg(long, requires = "last")]
    last_by: Option<String>,
    /// Who is to move (default: the landlord, or the seat after --last-by).
    #[arg(long)]
    to_move: Option<String>,
    /// Stop by then and answer with the best found; without it, search to a proof.
    #[arg(long)]
    time_limit: Option<f64>,
    #[arg(long, value_enum, default_value_t = UtilityArg::WinLoss)]
    utility: UtilityArg,
    /// Every legal play of the side to move with who wins after it, best first.
    #[arg(long)]
    all_moves: bool,
}

fn seat_arg(name: &str, what: &str) -> Result<Seat, String> {
    match name.trim() {
        "farmer" => Ok(Seat::Farmer1),
        other => Seat::from_name(other)
            .ok_or_else(|| format!("{what}: '{other}' is not a seat (landlord, farmer, farmer1, farmer2)")),
    }
}

/// `ddz par`: the open-hand result of a whole deal, landlord to lead.
fn par(deal: &Deal, seed: Option<u64>, limit: f64, utility: UtilityArg) -> Result<Report, String> {
    if limit.is_nan() || limit <= 0.0 || limit.is_infinite() {
        return Err(format!("--time-limit: {limit} is not a time in milliseconds above 0"));
    }
    let position = Position::new(&deal.hands(), Seat::Landlord, None).map_err(|e| e.to_string())?;
    let options = SolveOptions {
        utility: utility.into(),
        time_limit_ms: Some(limit),
        ..SolveOptions::default()
    }
    .sized_for(&position);
    let mut report = solved_report(&position, &options);
    report.json["deal"] = json!(deal.to_string());
    report.json["seed"] = json!(seed);
    report.text = format!("par of {}\n{}", deal, report.text);
    Ok(report)
}

fn solve(args: SolveArgs) -> Result<Report, String> {
    let mut hands = vec![
        args.landlord.parse::<Cards>().map_err(|e| format!("--landlord: {e}"))?,
        args.farmer.parse::<Cards>().map_err(|e| format!("--farmer: {e}"))?,
    ];
    if let Some(f2) = &args.farmer2 {
        hands.push(f2.parse::<Cards>().map_err(|e| format!("--farmer2: {e}"))?);
    }
    let to_beat = match (&args.last, &args.last_by) {
        (Some(play), Some(by)) => Some((
            seat_arg(by, "--last-by")?,
            Play::parse(play).map_err(|e| format!("--last: {e}"))?,
        )),
        _ => None,
    };
    let to_move = match (&args.to_move, to_beat) {
        (Some(name), _) => seat_arg(name, "--to-move")?,
        (None, Some((by, _))) => by.next(hands.len()),
        (None, None) => Seat::Landlord,
    };
    let position = Position::new(&hands, to_move, to_beat).map_err(|e| e.to_string())?;
    let options = SolveOptions {
        utility: args.utility.into(),
        time_limit_ms: args.time_limit,
        ..SolveOptions::default()
    }
    .sized_for(&position);
    if args.all_moves {
        return Ok(all_moves_report(&position, &options));
    }
    Ok(solved_report(&position, &options))
}

fn team_name(team: engine::Team) -> &'static str {
    match team {
        engine::Team::Landlord => "landlord",
        engine::Team::Farmers => "farmer",
    }
}

/// Every legal play of the side to move, with the verdict after it.
fn all_moves_report(position: &Position, options: &SolveOptions) -> Report {
    use engine::Clock;
    let clock = MonotonicClock::default();
    let started = clock.now_ms();
    let verdicts = Solver::new(options.table_bytes).solve_moves(position, options, &clock);
    let ms = clock.now_ms() - started;
    let name = |m: Move| m.play().map_or("pass".to_string(), |p| p.to_string());
    let moves: Vec<Value> = verdicts
        .iter()
        .map(|v| {
            let mut entry = json!({
                "play": v.play.to_string(),
                "winner": team_name(v.winner),
                "exact": v.exact,
                "value": v.value,
            });
            if let Some(same) = v.same_as {
                entry["same_as"] = json!(same.to_string());
            }
            entry
        })
        .collect();
    let best = verdicts.first();
    let to_move = position.to_move();
    let mut text = format!("{} to move: {} legal plays, best first\n", to_move, verdicts.len());
    for v in &verdicts {
        text += &format!(
            "  {:<16} {:<8} {:<10} {:>4}{}\n",
            name(v.play),
            team_name(v.winner),
            if v.exact { "proven" } else { "estimate" },
            v.value,
            v.same_as.map_or(String::new(), |m| format!("  (as {})", name(m)))
        );
    }
    text += &format!("{ms:.1} ms\n");
    Report {
        json: json!({
            "to_move": to_move.name(),
            "winner": best.map(|b| team_name(b.winner)),
            "exact": verdicts.iter().all(|v| v.exact),
            "value": best.map(|b| b.value),
            "best": best.map(|b| b.play.to_string()),
            "moves": moves,
            "ms": ms,
        }),
        text,
    }
}

/// Solves `position` and says who wins, the best move and line, and the cost.
fn solved_report(position: &Position, options: &SolveOptions) -> Report {
    let to_move = position.to_move();
    let seats = position.seats();
    let r = Solver::new(options.table_bytes).solve(position, options, &MonotonicClock::default(), &mut ());
    let winner = match r.winner {
        engine::Team::Landlord => "landlord",
        engine::Team::Farmers => "farmer",
    };
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    let mut seat = to_move;
    let mut line = String::new();
    for mv in &r.pv {
        line += &format!(
            "  {:<9} {}\n",
            seat.to_string(),
            mv.play().map_or("pass".into(), |p| p.to_string())
        );
        seat = seat.next(seats);
    }
    let json = json!({
        "winner": winner,
        "exact": r.exact,
        "value": r.value,
        "best": r.best.map(|m| m.to_string()),
        "pv": pv,
        "depth": r.depth,
        "nodes": r.nodes,
        "ms": r.ms,
        "to_move": to_move.name(),
    });
    let text = format!(
        "{} wins{} (value {} for the landlord)\nbest move for the {}: {}\n{}{} nodes, {:.1} ms, depth {}\n",
        winner,
        if r.exact {
            ", proven"
        } else {
            " (estimate: the time limit came first)"
        },
        r.value,
        to_move,
        r.best
            .map_or("-".into(), |m| m.play().map_or("pass".into(), |p| p.to_string())),
        if line.is_empty() {
            String::new()
        } else {
            format!("best play:\n{line}")
        },
        r.nodes,
        r.ms,
        if r.depth == u32::from(u8::MAX) {
            "full".to_string()
        } else {
            r.depth.to_string()
        },
    );
    Report { json, text }
}

fn solve_limits(deals: u64, seed: u64, limit: f64) -> Result<Report, String> {
    if limit.is_nan() || limit <= 0.0 {
        return Err("--time-limit must be above 0".into());
    }
    let clock = MonotonicClock::default();
    let mut overshoots = Vec::new();
    let mut solver = Solver::new(SolveOptions::default().table_bytes);
    for s in seed..seed + deals {
        let deal = Deal::from_seed(s);
        let position = Position::new(&deal.hands(), Seat::Landlord, None).map_err(|e| e.to_string())?;
        let options = SolveOptions {
            time_limit_ms: Some(limit),
            ..SolveOptions::default()
        };
        let started = std::time::Instant::now();
        let r = solver.solve(&position, &options, &clock, &mut ());
        let took = started.elapsed().as_secs_f64() * 1000.0;
        if !r.exact {
            overshoots.push((took - limit) / limit);
        }
    }
    overshoots.sort_by(f64::total_cmp);
    let at = |q: f64| {
        overshoots
            .get(((overshoots.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let (median, p95, worst) = (at(0.5), at(0.95), overshoots.last().copied().unwrap_or(0.0));
    let text = format!(
        "{} of {deals} deals stopped by the {limit} ms limit; overshoot: median {:.1}%, 95th percentile {:.1}%, worst {:.1}%\n",
        overshoots.len(),
        100.0 * median,
        100.0 * p95,
        100.0 * worst
    );
    Ok(Report {
        json: json!({ "time_limit_ms": limit, "stopped": overshoots.len(), "deals": deals, "median": median, "p95": p95, "worst": worst }),
        text,
    })
}

/// Whole deals solved to a proof, each with a fresh solver: how many are
/// proven within 1 s and within the limit, and the times and nodes.
fn solve_bench_full(deals: u64, seed: u64, limit: f64) -> Result<Report, String> {
    if limit.is_nan() || limit <= 0.0 {
        return Err("--time-limit must be above 0".into());
    }
    let clock = MonotonicClock::default();
    let table_bytes = SolveOptions::default().table_bytes;
    let mut text = format!(
        "whole deals (20+17+17, landlord to lead), seeds {seed}..{}, at most {limit} ms each\n",
        seed.saturating_add(deals)
    );
    text += "seed        proven   winner        ms        nodes\n";
    let mut cases = Vec::new();
    for s in seed..seed.saturating_add(deals) {
        let case = bench::solve_full(s, limit, table_bytes, &clock);
        text += &format!(
            "{:<10} {:>7} {:>9} {:>9.0} {:>12}\n",
            s,
            if case.exact { "yes" } else { "no" },
            if case.exact { case.winner.name() } else { "-" },
            case.ms,
            case.nodes
        );
        cases.push(case);
    }
    let within = |ms: f64| cases.iter().filter(|c| c.exact && c.ms <= ms).count();
    let mut times: Vec<f64> = cases
        .iter()
        .map(|c| if c.exact { c.ms } else { f64::INFINITY })
        .collect();
    times.sort_by(f64::total_cmp);
    let mut nodes: Vec<u64> = cases.iter().map(|c| c.nodes).collect();
    nodes.sort_unstable();
    let n = cases.len().max(1);
    let median_ms = times.get(n / 2).copied().unwrap_or(0.0);
    let worst_ms = times.last().copied().unwrap_or(0.0);
    let (median_nodes, worst_nodes) = (
        nodes.get(n / 2).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0),
    );
    let (in_1s, in_limit) = (within(1000.0), within(limit));
    let show = |ms: f64| {
        if ms.is_finite() {
            format!("{ms:.0} ms")
        } else {
            "unproven".into()
        }
    };
    text += &format!(
        "proven within 1 s: {in_1s}/{}; within {limit} ms: {in_limit}/{}; median {} ({median_nodes} nodes), worst {} ({worst_nodes} nodes)\n",
        cases.len(),
        cases.len(),
        show(median_ms),
        show(worst_ms)
    );
    Ok(Report {
        json: json!({ "time_limit_ms": limit, "deals": cases.len(), "proven_1s": in_1s, "proven": in_limit,
            "median_ms": median_ms.is_finite().then_some(median_ms), "worst_ms": worst_ms.is_finite().then_some(worst_ms),
            "median_nodes": median_nodes, "worst_nodes": worst_nodes, "cases": cases }),
        text,
    })
}

fn solve_bench(sizes: &str, positions: u64, seed: u64, limit: f64) -> Result<Report, String> {
    let mut rows = Vec::new();
    let mut text =
        format!("exact solving, {positions} seeded positions per size, landlord to move, at most {limit} ms each\n");
    text += "size     solved  median ms   worst ms   median nodes   worst nodes   landlord wins\n";
    for size in sizes.split(',') {
        let counts: Vec<usize> = size
            .trim()
            .split('+')
            .map(|n| n.parse::<usize>().ok().filter(|&n| (1..=20).contains(&n)))
            .collect::<Option<_>>()
            .filter(|c: &Vec<usize>| (2..=3).contains(&c.len()) && c.iter().sum::<usize>() <= 54)
            .ok_or_else(|| {
                format!(
                    "--sizes: '{size}' is not LANDLORD+FARMER or LANDLORD+FARMER1+FARMER2 card counts (1 to 20 each)"
                )
            })?;
        let clock = MonotonicClock::default();
        let cases = bench::run_sizes(
            &counts,
            positions,
            seed,
            limit,
            SolveOptions::default().table_bytes,
            &clock,
        )
        .ok_or_else(|| format!("--sizes: '{size}' does not fit a deck"))?;
        let label = counts.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("+");
        let mut times: Vec<f64> = cases.iter().map(|c| c.ms).collect();
        let mut nodes: Vec<u64> = cases.iter().map(|c| c.nodes).collect();
        times.sort_by(f64::total_cmp);
        nodes.sort_unstable();
        let solved = cases.iter().filter(|c| c.exact).count();
        let landlord_wins = cases
            .iter()
            .filter(|c| c.exact && c.winner == engine::Team::Landlord)
            .count();
        let median = |n: usize| n / 2;
        let (median_t, worst_t) = (times[median(times.len())], times.last().copied().unwrap_or(0.0));
        let (median_n, worst_n) = (nodes[median(nodes.len())], nodes.last().copied().unwrap_or(0));
        text += &format!(
            "{:<8} {:>3}/{:<3} {:>10.1} {:>10.1} {:>14} {:>13} {:>15}\n",
            label, solved, positions, median_t, worst_t, median_n, worst_n, landlord_wins
        );
        rows.push(json!({ "landlord": counts[0], "farmer": counts[1], "farmer2": counts.get(2), "positions": positions, "solved": solved, "median_ms": median_t, "worst_ms": worst_t, "median_nodes": median_n, "worst_nodes": worst_n, "landlord_wins": landlord_wins, "cases": cases }));
    }
    Ok(Report {
        json: json!({ "time_limit_ms": limit, "sizes": rows }),
        text,
    })
}
