//! Every command-line argument: the clap definitions, each value parsed
//! once into the engine's own type (hands, plays, seats, deals, players,
//! panels, formats, GDI centres) and every count held to its stated range
//! ([`engine::limits`]) before any command runs.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use clap::builder::{RangedI64ValueParser, RangedU64ValueParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use engine::contest::{Aids, EntrantName, Event, Format, Reveal, SeatRule};
use engine::lab::dih::Distribution;
use engine::lab::panel::{GdiCentre, Panel};
use engine::lab::tournament::TournamentFormat;
use engine::limits::{self, MAX_HAND};
use engine::solver::Utility;
use engine::table::duplicate::{BOARDS as DUPLICATE_BOARDS, TABLES as DUPLICATE_TABLES};
use engine::table::{Chair, Rules};
use engine::Date;
use engine::{Cards, Deal, Play, PlayerSpec, Rung, Scoring, Seat, SeedOrDeal};

use crate::cmd::online::api;

#[derive(Parser)]
#[command(
    name = "ddz",
    version,
    about = "Competitive Dou Dizhu (斗地主): deals, legal plays, self-play"
)]
pub struct Cli {
    /// Print one JSON object instead of text (failures too: {"error": "..."}).
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Deal the 54 cards: 20 to the landlord (with the 3 bottom cards), 17 to each farmer.
    Deal {
        /// The same seed gives the same deal everywhere; random if omitted.
        #[arg(long, value_parser = seed, allow_negative_numbers = true)]
        seed: Option<u64>,
    },
    /// The auction (叫分): each 17-card hand's assessment by the AI and its
    /// calls from bidder 0; with --deals, the self-play table that
    /// calibrates the AI's rule.
    Bid {
        /// The deal's seed (with --deals, the first of them); random if
        /// omitted (0 with --deals).
        #[arg(long, value_parser = seed, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Calibrate over this many deals: every hand played as the landlord
        /// by --player at all three seats, the landlord's win rate by max bid.
        #[arg(long, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: Option<u64>,
        /// The player at all seats for --deals.
        #[arg(long, default_value = "L7", value_parser = player, requires = "deals")]
        player: PlayerSpec,
    },
    /// List the legal plays of a hand, leading or following a play.
    Moves {
        /// The hand, e.g. 33445XD (case-insensitive; 0 or 10 for the ten).
        #[arg(value_parser = hand)]
        hand: Cards,
        /// The play to beat. Cards with two readings are written main+kickers, e.g. 444555666+333.
        #[arg(long, value_parser = play)]
        follow: Option<Play>,
    },
    /// Play one deal to the end and print its record and score.
    Play {
        /// Seed of the deal (and of the players' randomness); random if omitted.
        #[arg(long, value_parser = seed, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Play this deal, [landlord][farmer 1][farmer 2], instead of a seeded one.
        #[arg(long, conflicts_with = "seed", value_parser = deal_text)]
        deal: Option<Deal>,
        /// Players for landlord, farmer 1, farmer 2.
        #[arg(long, default_value = "random,greedy,greedy", value_delimiter = ',', value_parser = player)]
        players: Vec<PlayerSpec>,
        /// Scoring rule: tournament ±(1+b), or online ±2^b with spring doubling.
        #[arg(long, value_enum, default_value_t = ScoringArg::Tournament)]
        scoring: ScoringArg,
    },
    /// Split a hand into plays (拆牌): the fewest plays (手数), kickers attached.
    Split {
        /// The hand, e.g. 34445556789TA22XD (at most 20 cards).
        #[arg(value_parser = hand)]
        hand: Cards,
        #[arg(long, value_enum, default_value_t = SplitMethod::Exact)]
        method: SplitMethod,
        /// Also list this many next-best splits (exact method only).
        #[arg(long, default_value_t = 0, value_parser = usize_in(limits::ALTERNATIVES), allow_negative_numbers = true)]
        alternatives: usize,
        /// The learned splitter's model (a file from train-splitter); the
        /// built-in assets/splitter.safetensors if omitted. With --method
        /// learned only.
        #[arg(long)]
        model: Option<PathBuf>,
    },
    /// Train the learned splitter (the splitting paper's BiLSTM-CRF) on the
    /// winners' hands of self-play, labelled by the plays they made.
    TrainSplitter(TrainArgs),
    /// Compare the exact split with the paper's baseline on seeded deals, and time the exact one.
    SplitCompare {
        /// Deals to split (three hands each), seeds SEED.. SEED+DEALS-1.
        #[arg(long, default_value_t = 10_000, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
    },
    /// Solve an open-hand endgame (残局): who wins with best play, and how.
    Solve(SolveArgs),
    /// A whole deal's open-hand result (par, 明牌): who wins with best play
    /// from the landlord's first lead, the first play and the line.
    Par {
        /// The deal: a seed, or [landlord 20][farmer 1, 17][farmer 2, 17].
        #[arg(required_unless_present = "seed", conflicts_with = "seed", value_parser = seed_or_deal)]
        deal: Option<SeedOrDeal>,
        #[arg(long, value_parser = seed, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Stop by then (ms) and answer with the best found, marked as not proven.
        #[arg(long, default_value = "10000", value_parser = time_limit, allow_negative_numbers = true)]
        time_limit: f64,
        /// Stop after about this many positions instead of a time: the same
        /// answer on every machine, the par `ddz library build --par-nodes` records.
        #[arg(long, conflicts_with = "time_limit", value_parser = u64_in(1..=*limits::PAR_NODES.end()), allow_negative_numbers = true)]
        nodes: Option<u64>,
        #[arg(long, value_enum, default_value_t = UtilityArg::WinLoss)]
        utility: UtilityArg,
    },
    /// Time exact solving of seeded random 1v1 endgames (landlord to move) by size.
    SolveBench(SolveBenchArgs),
    /// The search paper's benchmark: the time-limited solver against the
    /// heuristic player, 1v1 with open hands, on random deals of each size,
    /// both seatings; the solver's net score (cards the loser holds, summed
    /// over the two seatings) per deal.
    SolveMatch {
        /// Cards in each hand, comma-separated (1 to 20).
        #[arg(long, default_value = "2,4,6,8,10,12,14,16,18,20", value_delimiter = ',', value_parser = usize_in(engine::lab::solve_match::SIZES))]
        sizes: Vec<usize>,
        /// Deals per size.
        #[arg(long, default_value_t = 100, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
        /// The solver's time per move (ms).
        #[arg(long, default_value = "100", value_parser = time_limit, allow_negative_numbers = true)]
        time_limit: f64,
    },
    /// How well the solver keeps a time limit: full three-seat deals (never
    /// proven that fast), each solved under the limit, timed from the call
    /// to the answer.
    SolveLimits {
        #[arg(long, default_value_t = 40, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
        /// The limit (ms).
        #[arg(long, default_value = "100", value_parser = time_limit, allow_negative_numbers = true)]
        time_limit: f64,
    },
    /// Serve a player over a line protocol: one JSON request per line on
    /// stdin ({"seat","hand","history","counts","bottom","legal"}), one JSON
    /// answer per line on stdout ({"play": "cards"|"pass"} or {"error": ...}).
    Agent {
        /// The player: a name with options (sampler:samples=8) or a ladder rung (L8).
        #[arg(long, value_parser = player)]
        player: PlayerSpec,
        /// Time per move (ms), answer included: the player thinks for 80% of it; none by default.
        #[arg(long, value_parser = time_limit, allow_negative_numbers = true)]
        time_limit: Option<f64>,
        /// Seed of the player's randomness.
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
    },
    /// A duplicate match: two players on the same deals with the seats swapped.
    Match {
        /// The two players, A,B: names with options (heuristic:noise=0.2) or ladder rungs (L7).
        #[arg(long, value_delimiter = ',', value_parser = player)]
        players: Vec<PlayerSpec>,
        #[arg(long, default_value_t = 500, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
    },
    /// The AI ladder: each rung in a duplicate match against the one below it.
    Ladder {
        /// Rungs or players, weakest first (default: the built-in ladder L0..L11).
        #[arg(long, value_delimiter = ',', value_parser = player)]
        rungs: Option<Vec<PlayerSpec>>,
        #[arg(long, default_value_t = 500, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
    },
    /// Contests (比赛): duplicate, equal-strength and random events that
    /// people enter in the app (or AI players here), scored by replaying
    /// every result.
    Contest {
        #[command(subcommand)]
        command: ContestCommand,
    },
    /// Tables for people (docs/tables.md) on a ddz-server: open one, seat
    /// an AI player at one, show one's finished deals; duplicate sessions
    /// (复式) and their standings.
    Table {
        #[command(subcommand)]
        command: TableCommand,
    },
    /// Endgame puzzles (残局): the shipped library, listed and re-proven,
    /// and new libraries generated from self-play.
    Puzzles {
        #[command(subcommand)]
        command: PuzzlesCommand,
    },
    /// The hand library: deals with their score distributions and GDI under a panel.
    Library {
        #[command(subcommand)]
        command: LibraryCommand,
    },
    /// A deal's score distribution under a panel of AI tables, and its GDI.
    Dist {
        /// A seed, or a deal in bracket notation.
        #[arg(value_parser = seed_or_deal)]
        deal: SeedOrDeal,
        /// ladder (L0..L10 as landlord against L7 farmers), quick (L0..L7), strong (L7..L10 against L8).
        #[arg(long, default_value = "quick", value_parser = panel)]
        panel: Panel,
        /// Games per table.
        #[arg(long, default_value_t = 1, value_parser = u32_in(limits::GAMES), allow_negative_numbers = true)]
        games: u32,
        /// The players' seed (default: the deal's seed, or 0 for a deal in
        /// brackets): another seed is another run of the same deal.
        #[arg(long, value_parser = seed, allow_negative_numbers = true)]
        seed: Option<u64>,
    },
    /// DIH: how likely the top places of a tournament come out distinct.
    Dih(DihArgs),
    /// Test-case selection: the library's deals with the highest DIH for n, m, r.
    Select {
        #[arg(long)]
        library: PathBuf,
        #[command(flatten)]
        shape: TournamentShape,
        /// How many deals (default: the number of rounds).
        #[arg(long, value_parser = usize_in(limits::COUNT), allow_negative_numbers = true)]
        count: Option<usize>,
    },
    /// Equal-strength deals: the library's deals within EPS of a GDI centre.
    Equal(EqualArgs),
    /// Simulated tournaments: each table's chance of each place, in the duplicate, equal-strength or random format.
    Tournament(TournamentArgs),
    /// The test-case paper's P1/P2: distinguishable players on random deals and on selected test cases.
    P1p2(P1p2Args),
    /// The splitting paper's lead agreement: how many of each side's first 5 leads are split groups.
    LeadAgreement {
        #[arg(long, default_value_t = 1000, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
        /// Players for landlord, farmer 1, farmer 2.
        #[arg(long, default_value = "greedy,greedy,greedy", value_delimiter = ',', value_parser = player)]
        players: Vec<PlayerSpec>,
        /// The learned splitter's model; the built-in one if omitted.
        #[arg(long)]
        model: Option<PathBuf>,
    },
    /// Print the shell's completion script for ddz, to source or to install
    /// where the shell looks (docs/cli.md).
    Completions {
        /// bash, zsh, fish, powershell or elvish.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print ddz's manual page (roff), for `man -l -` or a man directory.
    Man,
}

#[derive(Subcommand)]
pub enum LibraryCommand {
    /// Build a library on every core (resumable: an interrupted build picks up where it stopped).
    Build {
        #[arg(long, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        deals: u64,
        #[arg(long, default_value = "quick", value_parser = panel)]
        panel: Panel,
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
        /// Games per table.
        #[arg(long, default_value_t = 1, value_parser = u32_in(limits::GAMES), allow_negative_numbers = true)]
        games: u32,
        /// Each deal's par (open hands, landlord to lead) within this many
        /// solver nodes, the same on every machine; 0: no par. Given for a
        /// library built without par, par is added to it.
        #[arg(long, default_value_t = 1_000_000, value_parser = u64_in(limits::PAR_NODES), allow_negative_numbers = true)]
        par_nodes: u64,
        /// The library file: new, or a library of the same settings that
        /// the build extends (its seeds must be in the range; a library is
        /// never shrunk). Not a link, a device or a folder. The build's
        /// journal is OUT.ddz-build-journal.
        #[arg(long)]
        out: PathBuf,
        /// Build only slice K (0 to N−1) of N contiguous slices of the
        /// seeds, into a part file for `ddz library merge`; `auto/N` reads
        /// K from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (Kubernetes).
        /// N is 1 to 100000 and at most --deals.
        #[arg(long, value_parser = shard)]
        shard: Option<ShardArg>,
    },
    /// Replay entries of a library (their panel games and their par) and
    /// report any that differ from the file; exit code 2 if any do.
    Verify {
        /// The library file.
        #[arg(value_name = "FILE")]
        library: PathBuf,
        /// Entries replayed, chosen by --seed (1 to 10000000; all of them
        /// when at least the library's deals); all if omitted.
        #[arg(long, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        sample: Option<u64>,
        /// Seeds the choice of the sample.
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
    },
    /// Join the part files of `ddz library build --shard K/N` into one
    /// library: the same settings, every slice of the range once, written
    /// only to a new file.
    Merge {
        /// The part files, one per slice, in any order.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// The library to write (a new file).
        #[arg(long)]
        out: PathBuf,
    },
    /// The panel's results against par: how often its landlords win the deals
    /// that are landlord wins with open cards, and those that are farmer wins;
    /// then the teaching cases, the widest gap between par and the panel first.
    Par {
        /// A library built with par (--par-nodes).
        #[arg(long)]
        library: PathBuf,
        /// Teaching cases listed.
        #[arg(long, default_value_t = 10, value_parser = usize_in(limits::COUNT), allow_negative_numbers = true)]
        count: usize,
    },
}

/// `--shard K/N`: which slice of the seeds a build makes, or `auto/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardArg {
    /// K, 0 to N − 1; `None` for `auto` (read from the scheduler).
    pub k: Option<u64>,
    /// N, in [`limits::SHARDS`].
    pub n: u64,
}

/// `K/N` or `auto/N`: N in [`limits::SHARDS`], K from 0 to N − 1.
fn shard(text: &str) -> Result<ShardArg, String> {
    let usage = || "a shard is K/N (K from 0 to N−1) or auto/N".to_string();
    let (k, n) = text.trim().split_once('/').ok_or_else(usage)?;
    let n: u64 = n.trim().parse().map_err(|_| usage())?;
    limits::check("N", n, &limits::SHARDS).map_err(|e| e.to_string())?;
    let k = match k.trim() {
        "auto" => None,
        k => Some(k.parse::<u64>().map_err(|_| usage())?),
    };
    if let Some(k) = k.filter(|&k| k >= n) {
        return Err(format!("K is {k}, but {n} slices are numbered 0 to {}", n - 1));
    }
    Ok(ShardArg { k, n })
}

#[derive(Subcommand)]
pub enum PuzzlesCommand {
    /// Generate a library from seeded self-play: positions proven exactly,
    /// kept when the side to move wins with one answer, graded into levels
    /// (the built-ins first). Progress on stderr.
    Generate {
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
        /// Puzzles in all, the five built-ins included, shared evenly
        /// among the levels.
        #[arg(long, default_value_t = 320, value_parser = usize_in(engine::puzzles::generate::COUNT), allow_negative_numbers = true)]
        count: usize,
        /// Give up after this many deals.
        #[arg(long, default_value_t = 20_000, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
        max_deals: u64,
        /// The new file to write (never an existing one).
        #[arg(long)]
        out: PathBuf,
    },
    /// List the puzzles: id, level, position, task, answer, starting
    /// rating and themes.
    List {
        /// Only this level.
        #[arg(long, value_parser = u32_in(1..=u32::from(engine::puzzles::file::MAX_LEVEL)))]
        level: Option<u32>,
        /// Only puzzles with this theme: split, pass, bomb, farmers, quick,
        /// long, 1v1 or three-seats.
        #[arg(long)]
        theme: Option<engine::puzzles::Theme>,
        /// A library file instead of the shipped one.
        #[arg(long)]
        file: Option<PathBuf>,
    },
    /// Re-prove every puzzle of the shipped library (or FILE) with the
    /// exhaustive solver, on every core.
    Check {
        /// A library file instead of the shipped one.
        file: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum ContestCommand {
    /// Create an event: prints its code and the link entrants open.
    New(ContestNewArgs),
    /// The daily contest (the same for everyone that day, Beijing time).
    Daily {
        /// The day, YYYY-MM-DD (default: today in Beijing).
        #[arg(long)]
        date: Option<Date>,
        /// The site's address, to print a whole link (https://example.org/ddz/).
        #[arg(long, value_parser = site)]
        site: Option<String>,
    },
    /// The boards of an event: seed, deal and the entrant's seat.
    Deals {
        /// The event's code, or a link holding it.
        #[arg(value_parser = event)]
        event: Event,
        /// The entrant (the equal and random formats deal from the name).
        #[arg(long)]
        entrant: Option<EntrantName>,
    },
    /// An AI player enters: plays every board and prints its result, the
    /// same result the app produces. With --server, an online event: it
    /// plays through the API, seeing what a person sees, and prints its
    /// entry key and totals.
    Enter {
        /// The event's code or link; with --server, the online event's id
        /// or link.
        #[arg(value_parser = event_or_online)]
        event: EventArg,
        /// The entrant's name (with --key, the entry's own, if given).
        #[arg(long, required_unless_present = "key")]
        entrant: Option<EntrantName>,
        /// The player: a name with options or a ladder rung (L10).
        #[arg(long, value_parser = player)]
        player: PlayerSpec,
        /// Seed of the player's randomness.
        #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
        seed: u64,
        /// The player's time per move (ms): a searching player answers with
        /// the best it has by then. A player that answers sooner plays the
        /// same record on any machine.
        #[arg(long, default_value = "10000", value_parser = time_limit, allow_negative_numbers = true)]
        time_limit: f64,
        /// Also write the result file here (a new file: an existing one is never replaced).
        #[arg(long, conflicts_with = "server")]
        out: Option<PathBuf>,
        /// The server holding the online event (http://HOST:PORT).
        #[arg(long, value_parser = server)]
        server: Option<String>,
        /// Resume the entry with this key (ent_…) instead of entering anew.
        #[arg(long, requires = "server", value_parser = entry_key)]
        key: Option<String>,
    },
    /// Score results: replay every one on its re-derived deals, rank the
    /// entrants, and say which results were refused and why. Given the
    /// folder `contest export` wrote, its results, with the revealed
    /// secret checked against the commitment.
    Score {
        /// The event's code, a link holding it, a file holding it, or a
        /// folder written by `ddz contest export`.
        #[arg(value_parser = event_source)]
        event: EventSource,
        /// Result codes, or files (a result file, or codes one per line);
        /// an export folder's results are read without naming them.
        results: Vec<String>,
        /// The commitment published when the event opened (64 hex
        /// digits): the event's revealed secret must hash to it.
        #[arg(long, value_parser = commitment)]
        commitment: Option<String>,
        /// r: the top places DIH asks about (default: the event's test
        /// cases' r, or 3).
        #[arg(long, value_parser = u32_in(limits::TOP), allow_negative_numbers = true)]
        top: Option<u32>,
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
    },
    /// Is an equal event fair? Deals the boards of --entrants names,
    /// measures every board again with games the dealing never saw (the
    /// judging panel for --rounds rounds of 8 games; the field, each player
    /// --field-games games), and sets the spread of the names' totals
    /// against a random-deals event of the same settings.
    Fairness(ContestFairnessArgs),
    /// Hand records: each board's hands, par, splits and the field's
    /// scores (and, given results, every entrant's).
    Records {
        #[arg(value_parser = event)]
        event: Event,
        /// Whose deals, in the equal and random formats.
        #[arg(long)]
        entrant: Option<EntrantName>,
        /// Results to score first, to print each entrant's score per board.
        #[arg(long, num_args = 1..)]
        results: Vec<String>,
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
    },
    /// An online event's standings, as the server gives them
    /// (provisional while it is open).
    Standings {
        /// The online event's id or link.
        #[arg(value_parser = online_event)]
        event: String,
        #[arg(long, value_parser = server)]
        server: String,
        /// The organiser's key (org_…): the standings before enough
        /// entrants have finished.
        #[arg(long, value_parser = organiser_key)]
        organiser: Option<String>,
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
    },
    /// Close an online event: its standings become final and its secret
    /// is revealed (checked here against the commitment).
    Close {
        /// The online event's id or link.
        #[arg(value_parser = online_event)]
        event: String,
        #[arg(long, value_parser = server)]
        server: String,
        /// The organiser's key (org_…).
        #[arg(long, value_parser = organiser_key)]
        organiser: String,
    },
    /// After close: every entrant's result file, the sealed event's code,
    /// its secret and the commitment, written to a new folder for
    /// `ddz contest score DIR`.
    Export {
        /// The online event's id or link.
        #[arg(value_parser = online_event)]
        event: String,
        #[arg(long, value_parser = server)]
        server: String,
        /// The folder to write: a new one (nothing is overwritten).
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Subcommand)]
pub enum TableCommand {
    /// Open a table on a server: prints its link and the host's key.
    New(TableNewArgs),
    /// An AI player takes a chair at a table and plays through its
    /// WebSocket, from what its chair sees, until --deals deals are
    /// finished; prints each deal's score.
    Bot(TableBotArgs),
    /// A table's finished deals: each one's hands, calls, plays and score.
    Show {
        /// The table's link (SITE/#/table/ID), or its id with --server.
        link: String,
        /// The server, when LINK is a table's id.
        #[arg(long, value_parser = server)]
        server: Option<String>,
        /// Each deal's par too: who wins with every hand open, the
        /// landlord to lead (worked out here, a few seconds a deal).
        #[arg(long)]
        par: bool,
    },
    /// Open a duplicate session (复式): T tables that play the same B
    /// boards; prints its link, the organiser's key and the tables' links.
    Duplicate(TableDuplicateArgs),
    /// A duplicate session's standings, as the key given may see them
    /// (the organiser's, a seat's at one of its tables, or none: the
    /// boards every table has finished).
    Standings {
        /// The session's link (SITE/#/duplicate/ID), or its id with --server.
        link: String,
        /// The server, when LINK is a session's id.
        #[arg(long, value_parser = server)]
        server: Option<String>,
        /// The organiser's key (org_…) or a seat key (sit_…).
        #[arg(long)]
        key: Option<String>,
    },
}

/// `table duplicate`'s arguments.
#[derive(Args)]
pub struct TableDuplicateArgs {
    /// The tables (2 to 16).
    #[arg(long, value_parser = u32_in(DUPLICATE_TABLES), allow_negative_numbers = true)]
    pub tables: u32,
    /// The boards every table plays (1 to 24).
    #[arg(long, value_parser = u32_in(DUPLICATE_BOARDS), allow_negative_numbers = true)]
    pub boards: u32,
    #[command(flatten)]
    pub table: TableNewArgs,
}

/// `table new`'s arguments: those not given are the server's defaults.
#[derive(Args)]
pub struct TableNewArgs {
    /// The server (http://HOST:PORT).
    #[arg(long, value_parser = server)]
    pub server: String,
    /// The rules: tournament (叫分) or casual (抢地主, 加倍, 明牌).
    #[arg(long, value_parser = table_rules)]
    pub rules: Option<Rules>,
    /// Seconds a turn may take before the AI plays it (托管).
    #[arg(long, value_parser = u32_in(TURN_SECONDS), allow_negative_numbers = true)]
    pub turn_seconds: Option<u32>,
    /// The AI the host puts in empty chairs and that plays under 托管: a
    /// ladder rung (L0 to L11, or strongest).
    #[arg(long, value_parser = rung)]
    pub ai: Option<Rung>,
}

/// `table bot`'s arguments.
#[derive(Args)]
pub struct TableBotArgs {
    /// The table's link (SITE/#/table/ID), or its id with --server.
    pub link: String,
    /// The server, when LINK is a table's id.
    #[arg(long, value_parser = server)]
    pub server: Option<String>,
    /// The player: a name with options or a ladder rung (L7).
    #[arg(long, value_parser = player)]
    pub player: PlayerSpec,
    /// The chair to take (0, 1 or 2); the first free one if omitted.
    #[arg(long, value_parser = table_chair)]
    pub chair: Option<Chair>,
    /// The name shown at the table (the player's, L7, if omitted).
    #[arg(long, value_parser = table_name)]
    pub name: Option<String>,
    /// Deals played to their end (a redeal counts) before leaving.
    #[arg(long, default_value_t = 1, value_parser = u32_in(TABLE_DEALS), allow_negative_numbers = true)]
    pub deals: u32,
    /// Seed of the player's randomness.
    #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Give up after this many seconds in all (at a full table with a
    /// deal dealt, also after a turn's time and a minute without a frame).
    #[arg(long, default_value_t = 600, value_parser = u64_in(1..=86_400), allow_negative_numbers = true)]
    pub timeout: u64,
}

/// A turn's time at a table, in seconds (docs/tables.md).
pub const TURN_SECONDS: RangeInclusive<u32> = 5..=300;
/// The deals one `table bot` plays.
pub const TABLE_DEALS: RangeInclusive<u32> = 1..=1000;
/// The longest name taken at a table, in characters (the server's).
const TABLE_NAME_CHARS: usize = 24;

/// `contest fairness`'s arguments.
#[derive(Args)]
pub struct ContestFairnessArgs {
    /// The equal event's code, or a link holding it.
    #[arg(value_parser = event)]
    pub event: Event,
    /// Names to deal for (entrant-001, entrant-002, ...).
    #[arg(long, default_value_t = 100, value_parser = u32_in(limits::PLAYERS), allow_negative_numbers = true)]
    pub entrants: u32,
    /// Deal for these names instead (repeat the flag).
    #[arg(long = "entrant", value_name = "NAME", conflicts_with = "entrants")]
    pub names: Vec<EntrantName>,
    /// Rounds of the judging panel per board, measured again (8 games each).
    #[arg(long, default_value_t = 128, value_parser = u32_in(limits::ROUNDS), allow_negative_numbers = true)]
    pub rounds: u32,
    /// Games each of the field's 11 players plays per board.
    #[arg(long, default_value_t = 2, value_parser = u32_in(limits::FIELD_GAMES), allow_negative_numbers = true)]
    pub field_games: u32,
}

/// `contest enter`'s event: a link event (its code), or an online one
/// (its id on a server).
#[derive(Clone)]
pub enum EventArg {
    Code(Box<Event>),
    Online(String),
}

/// `contest score`'s event: its code, or the folder `contest export`
/// wrote.
#[derive(Clone)]
pub enum EventSource {
    Code(Box<Event>),
    Export(PathBuf),
}

#[derive(Args)]
pub struct ContestNewArgs {
    #[arg(long)]
    pub format: Format,
    /// Boards, 1 to 36 (default 6; with --test-cases, its M).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=36))]
    pub boards: Option<u8>,
    /// The entrant's seat: landlord, farmer (farmer 1), farmer2, or
    /// alternate (the landlord on odd boards, farmer 1 on even ones).
    #[arg(long, default_value = "alternate")]
    pub seat: SeatRule,
    /// The AI opponents: a ladder rung, L0 to L11.
    #[arg(long, default_value = "L7")]
    pub opponents: Rung,
    /// Duplicate: the library's test cases for N players, M rounds (the
    /// boards) and the top R places, chosen by DIH.
    #[arg(long, value_parser = test_cases, conflicts_with_all = ["centre", "random"])]
    pub test_cases: Option<(u32, u32, u32)>,
    /// The library the test cases (and the equal format's check) use;
    /// the built-in one if omitted.
    #[arg(long)]
    pub library: Option<PathBuf>,
    /// Equal: the GDI centre, G1,G2,... (shares from 0 to 1, not rising).
    #[arg(long, visible_alias = "center", allow_hyphen_values = true, value_parser = centre)]
    pub centre: Option<GdiCentre>,
    /// Equal: ε, from 0.001 to 1 (default 0.15).
    #[arg(long, value_parser = eps, allow_negative_numbers = true)]
    pub eps: Option<f64>,
    /// Duplicate: boards dealt at random from --seed (the default).
    #[arg(long)]
    pub random: bool,
    /// The event's seed (random if omitted).
    #[arg(long, value_parser = seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    #[arg(long, default_value = "")]
    pub title: String,
    /// Aids allowed: hint, counter, undo (comma-separated), or none.
    #[arg(long, default_value = "none")]
    pub aids: Aids,
    /// When entrants see how each board went against the field.
    #[arg(long, default_value = "each-board")]
    pub reveal: Reveal,
    /// The site's address, to print a whole link (https://example.org/ddz/).
    #[arg(long, conflicts_with = "server", value_parser = site)]
    pub site: Option<String>,
    /// Create an online event on this server (http://HOST:PORT): its
    /// boards dealt from a secret the server keeps until close.
    #[arg(long, value_parser = server)]
    pub server: Option<String>,
    /// Online: when it opens (RFC 3339, 2026-12-01T18:00:00Z; default now).
    #[arg(long, requires = "server", value_parser = rfc3339)]
    pub opens: Option<String>,
    /// Online: when it closes (RFC 3339; default: when the organiser closes it).
    #[arg(long, requires = "server", value_parser = rfc3339)]
    pub closes: Option<String>,
    /// Online: entrants who must finish before the standings show (default 1).
    #[arg(long, requires = "server", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub standings_after: Option<u32>,
    /// Online: the most entrants, 1 to 100,000 (default 1,000).
    #[arg(long, requires = "server", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_entrants: Option<u32>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    Text,
    Json,
    Csv,
}

/// A tournament's n players, m rounds and r top places to tell apart.
#[derive(Args)]
pub struct TournamentShape {
    #[arg(long, value_parser = u32_in(limits::PLAYERS), allow_negative_numbers = true)]
    pub players: u32,
    #[arg(long, value_parser = u32_in(limits::ROUNDS), allow_negative_numbers = true)]
    pub rounds: u32,
    #[arg(long, value_parser = u32_in(limits::TOP), allow_negative_numbers = true)]
    pub top: u32,
}

#[derive(Args)]
pub struct TrainArgs {
    /// Self-play deals for training (one winner's hand each), seeds SEED..SEED+GAMES-1.
    #[arg(long, default_value_t = 30_000, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
    pub games: u64,
    /// Held-out deals, seeds right after the training deals.
    #[arg(long, default_value_t = 3_000, value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
    pub test_games: u64,
    /// Passes over the training hands.
    #[arg(long, default_value_t = 15, value_parser = usize_in(limits::EPOCHS), allow_negative_numbers = true)]
    pub epochs: usize,
    /// Hands per batch.
    #[arg(long, default_value_t = 32, value_parser = usize_in(limits::BATCH), allow_negative_numbers = true)]
    pub batch: usize,
    /// The first deal's seed; also seeds the initial weights and the batch order.
    #[arg(long, default_value_t = 1_000_000, value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// The player at all three seats whose winners' hands are the labels.
    #[arg(long, default_value = "L10", value_parser = player)]
    pub player: PlayerSpec,
    /// Where to write the model (safetensors).
    #[arg(long)]
    pub out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `ddz solve-bench`'s arguments: 1v1 endgames by size, or whole deals.
#[derive(Args)]
pub struct SolveBenchArgs {
    /// Sizes as LANDLORD+FARMER (or LANDLORD+FARMER1+FARMER2) cards, comma-separated.
    #[arg(long, default_value = "10+10,12+12,14+14,16+16,18+18,20+17", value_delimiter = ',', value_parser = size, conflicts_with = "full")]
    pub sizes: Vec<Vec<usize>>,
    /// Positions per size.
    #[arg(long, default_value_t = 10, value_parser = u64_in(limits::POSITIONS), allow_negative_numbers = true, conflicts_with = "full")]
    pub positions: u64,
    /// Whole three-seat deals (20+17+17, seeds SEED..SEED+DEALS) instead of 1v1 endgames.
    #[arg(long)]
    pub full: bool,
    /// Deals, with --full.
    #[arg(long, default_value_t = 30, requires = "full", conflicts_with_all = ["sizes", "positions"], value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
    pub deals: u64,
    #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Give up on a position after this long (ms), and count it as unsolved.
    #[arg(long, default_value = "60000", value_parser = time_limit, allow_negative_numbers = true)]
    pub time_limit: f64,
}

/// `ddz p1p2`'s arguments.
#[derive(Args)]
pub struct P1p2Args {
    #[arg(long)]
    pub library: PathBuf,
    /// The AIs the players' triples are formed from (1 to 10 of them).
    #[arg(long, default_value = "L0,L3,L5,L7", value_delimiter = ',', value_parser = player)]
    pub ais: Vec<PlayerSpec>,
    #[arg(long, default_value_t = 30, value_parser = u32_in(limits::PLAYERS), allow_negative_numbers = true)]
    pub players: u32,
    #[arg(long, value_parser = u32_in(limits::ROUNDS), allow_negative_numbers = true)]
    pub rounds: u32,
    #[arg(long, value_parser = u32_in(limits::TOP), allow_negative_numbers = true)]
    pub top: u32,
    #[arg(long, default_value_t = 200, value_parser = u32_in(limits::TOURNAMENTS), allow_negative_numbers = true)]
    pub tournaments: u32,
    #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
}

/// `ddz dih`'s arguments: the distribution from one of three sources.
#[derive(Args)]
pub struct DihArgs {
    /// The per-round score distribution, SCORE:P,SCORE:P,... (scores from -1000 to 1000).
    #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["deal", "library"], value_parser = distribution)]
    pub dist: Option<Distribution>,
    /// Or a deal (seed or brackets), played under --panel.
    #[arg(long, value_parser = seed_or_deal, conflicts_with = "library")]
    pub deal: Option<SeedOrDeal>,
    /// With --deal: the panel that plays it.
    #[arg(long, default_value = "quick", value_parser = panel, requires = "deal", conflicts_with_all = ["dist", "library"])]
    pub panel: Panel,
    /// With --deal: games per table.
    #[arg(long, default_value_t = 1, value_parser = u32_in(limits::GAMES), allow_negative_numbers = true, requires = "deal", conflicts_with_all = ["dist", "library"])]
    pub games: u32,
    /// Or a library file with --entry SEED.
    #[arg(long, requires = "entry")]
    pub library: Option<PathBuf>,
    // `requires` alone is waived when a flag that conflicts with
    // --library is given (clap), so the conflicts are spelled out.
    #[arg(long, value_parser = seed, allow_negative_numbers = true, requires = "library", conflicts_with_all = ["dist", "deal"])]
    pub entry: Option<u64>,
    #[command(flatten)]
    pub shape: TournamentShape,
}

/// `ddz equal`'s arguments: a library to look in, or deals to generate.
#[derive(Args)]
pub struct EqualArgs {
    // Each --generate flag also conflicts with --library: clap waives
    // `requires` when a flag that conflicts with it is given.
    /// The library to look in.
    #[arg(long, required_unless_present = "generate", conflicts_with = "generate")]
    pub library: Option<PathBuf>,
    /// The centre, G1,G2,... (shares from 0 to 1).
    #[arg(long, visible_alias = "center", allow_hyphen_values = true, value_parser = centre)]
    pub centre: GdiCentre,
    #[arg(long, default_value = "0.15", value_parser = eps, allow_negative_numbers = true)]
    pub eps: f64,
    /// Deal fresh deals instead (seeds SEED, SEED+1, ...), play each
    /// under --panel, and keep those within --eps of the centre.
    #[arg(long)]
    pub generate: bool,
    /// With --generate: deals to keep.
    #[arg(long, default_value_t = 10, requires = "generate", conflicts_with = "library", value_parser = usize_in(limits::COUNT), allow_negative_numbers = true)]
    pub count: usize,
    /// With --generate: stop after dealing this many, kept or not.
    #[arg(long, default_value_t = 100_000, requires = "generate", conflicts_with = "library", value_parser = u64_in(limits::DEALS), allow_negative_numbers = true)]
    pub max_deals: u64,
    #[arg(long, default_value = "quick", requires = "generate", conflicts_with = "library", value_parser = panel)]
    pub panel: Panel,
    /// With --generate: games per table.
    #[arg(long, default_value_t = 8, requires = "generate", conflicts_with = "library", value_parser = u32_in(limits::GAMES), allow_negative_numbers = true)]
    pub games: u32,
    #[arg(long, default_value_t = 0, requires = "generate", conflicts_with = "library", value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
}

/// `ddz tournament`'s arguments.
#[derive(Args)]
pub struct TournamentArgs {
    /// duplicate, equal, random, duplicate-equal (the control: the equal
    /// format's deals, but every table the same), or all side by side.
    #[arg(long, default_value = "all", value_parser = formats)]
    pub format: Formats,
    /// The tables' landlord AIs.
    #[arg(long, default_value = "L0,L2,L4,L5,L6,L7", value_delimiter = ',', value_parser = player)]
    pub tables: Vec<PlayerSpec>,
    /// The farmer AIs every table plays against.
    #[arg(long, default_value = "L7", value_parser = player)]
    pub farmers: PlayerSpec,
    #[arg(long, default_value_t = 6, value_parser = u32_in(limits::ROUNDS), allow_negative_numbers = true)]
    pub rounds: u32,
    #[arg(long, default_value_t = 200, value_parser = u32_in(limits::MATCHES), allow_negative_numbers = true)]
    pub matches: u32,
    /// For the equal formats (all, equal, duplicate-equal) only: a
    /// library and a GDI centre with --eps.
    #[arg(long)]
    pub library: Option<PathBuf>,
    #[arg(long, visible_alias = "center", allow_hyphen_values = true, value_parser = centre)]
    pub centre: Option<GdiCentre>,
    /// ε, the largest distance from the centre (default 0.15).
    #[arg(long, value_parser = eps, allow_negative_numbers = true)]
    pub eps: Option<f64>,
    #[arg(long, default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
}

#[derive(Args)]
pub struct SolveArgs {
    #[arg(long, value_parser = hand)]
    pub landlord: Cards,
    /// The farmer (1v1), or farmer 1 with --farmer2.
    #[arg(long, value_parser = hand)]
    pub farmer: Cards,
    #[arg(long, value_parser = hand)]
    pub farmer2: Option<Cards>,
    /// The play to beat (main+kickers if it has several readings).
    #[arg(long, requires = "last_by", value_parser = play)]
    pub last: Option<Play>,
    /// Who made it: landlord, farmer (or farmer1), farmer2.
    #[arg(long, requires = "last", value_parser = seat)]
    pub last_by: Option<Seat>,
    /// Who is to move (default: the landlord, or the seat after --last-by).
    #[arg(long, value_parser = seat)]
    pub to_move: Option<Seat>,
    /// Stop by then (ms) and answer with the best found; without it, search to a proof.
    #[arg(long, value_parser = time_limit, allow_negative_numbers = true)]
    pub time_limit: Option<f64>,
    #[arg(long, value_enum, default_value_t = UtilityArg::WinLoss)]
    pub utility: UtilityArg,
    /// Every legal play of the side to move with who wins after it, best first.
    #[arg(long)]
    pub all_moves: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SplitMethod {
    /// The exact minimum split (fewest plays, human tie-breaks).
    Exact,
    /// The splitting paper's baseline: greedy in 40 priority orders.
    Greedy,
    /// The splitting paper's learned splitter: a BiLSTM-CRF tags each card.
    Learned,
}

impl SplitMethod {
    pub fn name(self) -> &'static str {
        match self {
            SplitMethod::Exact => "exact",
            SplitMethod::Greedy => "greedy",
            SplitMethod::Learned => "learned",
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum UtilityArg {
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
pub enum ScoringArg {
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

/// `--format`: one format, or all of them side by side.
#[derive(Clone, Debug)]
pub enum Formats {
    All,
    One(TournamentFormat),
}

// ---------------------------------------------------------------------------
// Value parsers. Each error says what the value should be; clap adds the
// value and the flag ("invalid value 'x' for '--seed <SEED>': ...").

/// A count in `range` (clap's message names the range: "0 is not in 1..=1000").
fn u64_in(range: RangeInclusive<u64>) -> RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(range)
}

fn u32_in(range: RangeInclusive<u32>) -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(i64::from(*range.start())..=i64::from(*range.end()))
}

fn usize_in(range: RangeInclusive<usize>) -> impl TypedValueParser<Value = usize> {
    // The ranges are small, so they fit u64 and back on every target.
    clap::value_parser!(u64)
        .range(*range.start() as u64..=*range.end() as u64)
        .map(|n| n as usize)
}

/// A seed: any whole number from 0 to 2^64 − 1.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("a seed is a whole number from 0 to {}", u64::MAX))
}

/// A time limit in milliseconds: finite, above 0, at most an hour
/// (NaN and infinity would mean no limit at all).
pub fn time_limit(text: &str) -> Result<f64, String> {
    let why = || {
        format!(
            "a time limit must be above 0 and at most {} ms (one hour), a finite number of milliseconds",
            limits::MAX_TIME_LIMIT_MS
        )
    };
    let ms: f64 = text.trim().parse().map_err(|_| why())?;
    limits::time_limit_ms("--time-limit", ms).map_err(|_| why())
}

/// A hand: cards, at most [`MAX_HAND`] of them (the split and the solver
/// are exponential past it).
pub fn hand(text: &str) -> Result<Cards, String> {
    let cards: Cards = text.parse().map_err(|e| format!("{e}"))?;
    limits::hand("hand", cards).map_err(|e| e.to_string())
}

/// A play, in its written form (plain cards, or main+kickers).
fn play(text: &str) -> Result<Play, String> {
    Play::parse(text).map_err(|e| e.to_string())
}

/// A seat: landlord, farmer (farmer 1), farmer1, farmer2.
fn seat(text: &str) -> Result<Seat, String> {
    text.parse::<Seat>().map_err(|e| e.to_string())
}

fn deal_text(text: &str) -> Result<Deal, String> {
    Deal::parse(text).map_err(|e| e.to_string())
}

/// A seed, or a deal in bracket notation.
pub fn seed_or_deal(text: &str) -> Result<SeedOrDeal, String> {
    text.parse::<SeedOrDeal>().map_err(|e| format!("DEAL: {e}"))
}

fn player(text: &str) -> Result<PlayerSpec, String> {
    text.parse::<PlayerSpec>().map_err(|e| e.to_string())
}

fn panel(text: &str) -> Result<Panel, String> {
    text.parse::<Panel>().map_err(|e| e.to_string())
}

fn centre(text: &str) -> Result<GdiCentre, String> {
    text.parse::<GdiCentre>().map_err(|e| e.to_string())
}

/// ε for equal strength: a distance in [`limits::EPS`], on every path
/// that takes one (a library's deals, generated ones, a tournament's pool).
fn eps(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|e| limits::EPS.contains(e))
        .ok_or_else(|| format!("ε must be a number from {}", limits::describe(&limits::EPS)))
}

/// A score distribution, its scores within [`limits::SCORES`].
fn distribution(text: &str) -> Result<Distribution, String> {
    let d = Distribution::parse(text).map_err(|e| e.to_string())?;
    for &(score, _) in d.points() {
        limits::check("score", score, &limits::SCORES).map_err(|e| e.to_string())?;
    }
    Ok(d)
}

fn formats(text: &str) -> Result<Formats, String> {
    if text.trim() == "all" {
        return Ok(Formats::All);
    }
    text.parse::<TournamentFormat>()
        .map(Formats::One)
        .map_err(|_| format!("'{text}' is not a format (duplicate, duplicate-equal, equal, random or all)"))
}

/// An event: its code or a link holding it.
fn event(text: &str) -> Result<Event, String> {
    Event::from_code(text).map_err(|e| e.to_string())
}

/// A link event's code (or a link holding it), or an online event's id
/// (or its link, `…#/contest?online=ID`).
fn event_or_online(text: &str) -> Result<EventArg, String> {
    match online_event(text) {
        Ok(id) => Ok(EventArg::Online(id)),
        Err(_) if !text.contains("online=") => event(text).map(|e| EventArg::Code(Box::new(e))),
        Err(e) => Err(e),
    }
}

/// An online event's id (12 characters of a-z and 0-9), or its link.
fn online_event(text: &str) -> Result<String, String> {
    let id = api::event_id_in(text);
    if api::is_event_id(id) {
        Ok(id.to_string())
    } else {
        Err(format!(
            "'{text}' is not an online event's id (12 characters of a-z and 0-9) or its link (…#/contest?online=ID)"
        ))
    }
}

/// An event's code or link, a file holding one, or an export folder.
fn event_source(text: &str) -> Result<EventSource, String> {
    let path = std::path::Path::new(text);
    match path.metadata() {
        Ok(meta) if meta.is_dir() => Ok(EventSource::Export(path.to_path_buf())),
        Ok(meta) if meta.is_file() => {
            let code =
                crate::cmd::read_bounded(path, CODE_FILE_BYTES, "an event's code file").map_err(|e| e.to_string())?;
            event(code.trim())
                .map(|e| EventSource::Code(Box::new(e)))
                .map_err(|e| format!("{text}: {e}"))
        }
        _ => event(text).map(|e| EventSource::Code(Box::new(e))),
    }
}

fn table_rules(text: &str) -> Result<Rules, String> {
    text.parse::<Rules>().map_err(|e| e.to_string())
}

fn rung(text: &str) -> Result<Rung, String> {
    text.parse::<Rung>().map_err(|e| e.to_string())
}

fn table_chair(text: &str) -> Result<Chair, String> {
    text.parse::<Chair>().map_err(|e| e.to_string())
}

/// A name at a table: 1 to [`TABLE_NAME_CHARS`] characters, no control
/// characters, spaces trimmed.
fn table_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    let count = name.chars().count();
    if (1..=TABLE_NAME_CHARS).contains(&count) && !name.chars().any(char::is_control) {
        Ok(name.to_string())
    } else {
        Err(format!(
            "a name is 1 to {TABLE_NAME_CHARS} characters, without control characters"
        ))
    }
}

/// The longest file of an event's code read: a code is a few hundred
/// characters (a test-case event's a few thousand).
pub const CODE_FILE_BYTES: u64 = 64 << 10;

/// A server's address, checked as the client will use it.
fn site(text: &str) -> Result<String, String> {
    api::site_address(text).map(str::to_string)
}

fn server(text: &str) -> Result<String, String> {
    api::Server::new(text, api::TIMEOUT).map(|s| s.url().to_string())
}

fn organiser_key(text: &str) -> Result<String, String> {
    let key = text.trim();
    if api::is_key(key, "org_") {
        Ok(key.to_string())
    } else {
        Err("not an organiser key: org_ and 32 hex digits (0-9, a-f), as `contest new --server` printed it".into())
    }
}

fn entry_key(text: &str) -> Result<String, String> {
    let key = text.trim();
    if api::is_key(key, "ent_") {
        Ok(key.to_string())
    } else {
        Err("not an entry key: ent_ and 32 hex digits (0-9, a-f), as `contest enter --server` printed it".into())
    }
}

/// A commitment: 64 hex digits (SHA-256), in lower case.
fn commitment(text: &str) -> Result<String, String> {
    let hex = text.trim().to_ascii_lowercase();
    if hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(hex)
    } else {
        Err(format!("'{text}' is not a commitment: 64 hex digits (a SHA-256)"))
    }
}

/// An RFC 3339 time (`2026-12-01T18:00:00Z`, `…+08:00`, with or without
/// fractions of a second), checked for its shape and ranges; the server
/// reads it.
fn rfc3339(text: &str) -> Result<String, String> {
    let why = || format!("'{text}' is not an RFC 3339 time such as 2026-12-01T18:00:00Z or 2026-12-01T20:00:00+08:00");
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() < 20 || !b.is_ascii() {
        return Err(why());
    }
    let num = |r: std::ops::Range<usize>, max: u32| {
        t.get(r.clone())
            .filter(|d| d.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|&n| n <= max)
    };
    let shape = [(4, b'-'), (7, b'-'), (13, b':'), (16, b':')]
        .iter()
        .all(|&(i, c)| b[i] == c)
        && matches!(b[10], b'T' | b't' | b' ');
    let date =
        num(0..4, 9999).is_some() && num(5..7, 12).is_some_and(|m| m >= 1) && num(8..10, 31).is_some_and(|d| d >= 1);
    let time = num(11..13, 23).is_some() && num(14..16, 59).is_some() && num(17..19, 60).is_some();
    let mut rest = &t[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 9 {
            return Err(why());
        }
        rest = &frac[digits..];
    }
    let zone = matches!(rest, "Z" | "z")
        || (rest.len() == 6
            && matches!(rest.as_bytes()[0], b'+' | b'-')
            && rest.as_bytes()[3] == b':'
            && rest[1..3].parse::<u32>().is_ok_and(|h| h <= 23)
            && rest[4..6].parse::<u32>().is_ok_and(|m| m <= 59)
            && rest[1..3].bytes().chain(rest[4..6].bytes()).all(|c| c.is_ascii_digit()));
    if shape && date && time && zone {
        Ok(t.to_string())
    } else {
        Err(why())
    }
}

/// `N,M,R`: players, rounds and top places, each in its range.
fn test_cases(text: &str) -> Result<(u32, u32, u32), String> {
    let why = || {
        format!(
            "'{text}' is not N,M,R (players {}, rounds 1 to 36, top places {})",
            limits::describe(&limits::PLAYERS),
            limits::describe(&limits::TOP)
        )
    };
    let parts: Vec<u32> = text
        .split(',')
        .map(|p| p.trim().parse::<u32>().map_err(|_| why()))
        .collect::<Result<_, _>>()?;
    match parts.as_slice() {
        &[n, m, r] if limits::PLAYERS.contains(&n) && (1..=36).contains(&m) && limits::TOP.contains(&r) => {
            Ok((n, m, r))
        }
        _ => Err(why()),
    }
}

/// `LANDLORD+FARMER` or `LANDLORD+FARMER1+FARMER2` card counts, each a hand.
fn size(text: &str) -> Result<Vec<usize>, String> {
    let counts: Option<Vec<usize>> = text
        .trim()
        .split('+')
        .map(|n| {
            n.trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| (1..=MAX_HAND as usize).contains(&n))
        })
        .collect();
    counts
        .filter(|c| (2..=3).contains(&c.len()) && c.iter().sum::<usize>() <= Cards::DECK.len() as usize)
        .ok_or_else(|| {
            format!("'{text}' is not LANDLORD+FARMER or LANDLORD+FARMER1+FARMER2 card counts (1 to {MAX_HAND} each, 54 in all)")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_rfc3339() {
        for good in [
            "2026-12-01T18:00:00Z",
            "2026-12-01T20:00:00+08:00",
            "2026-12-01t18:00:00.123z",
            "2026-12-01T18:00:00.5-05:30",
        ] {
            assert_eq!(rfc3339(good).as_deref(), Ok(good), "{good}");
        }
        for bad in [
            "tomorrow",
            "2026-12-01",
            "2026-12-01T18:00:00",
            "2026-13-01T18:00:00Z",
            "2026-12-00T18:00:00Z",
            "2026-12-01T24:00:00Z",
            "2026-12-01T18:00:00+8:00",
            "2026-12-01T18:00:00.Z",
            "2026-12-01T18:00:00Zjunk",
            "２026-12-01T18:00:00Z",
        ] {
            assert!(rfc3339(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn online_events_by_id_or_link() {
        assert_eq!(online_event("abc123def456").as_deref(), Ok("abc123def456"));
        assert_eq!(
            online_event("http://h:8080/#/contest?online=abc123def456").as_deref(),
            Ok("abc123def456")
        );
        assert!(online_event("http://h/#/contest?online=ABC").is_err());
        assert!(matches!(event_or_online("abc123def456"), Ok(EventArg::Online(_))));
        let code = Event::daily("2026-11-28".parse().unwrap()).code();
        assert!(matches!(event_or_online(&code), Ok(EventArg::Code(_))));
        assert!(event_or_online("http://h/#/contest?online=nope").is_err());
        assert!(organiser_key(&format!("org_{}", "ab".repeat(16))).is_ok());
        assert!(organiser_key(&format!("ent_{}", "ab".repeat(16))).is_err());
        assert!(entry_key(&format!("ent_{}", "ab".repeat(16))).is_ok());
        assert!(commitment(&"AB".repeat(32)).is_ok_and(|c| c == "ab".repeat(32)));
        assert!(commitment("ab").is_err());
    }
}
