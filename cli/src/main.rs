//! `ddz`: the engine from the command line. Every command prints readable
//! text by default and one JSON object with `--json`; bad input gets a
//! message naming the problem and exit code 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::players::PLAYER_NAMES;
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
    match run(cli.command) {
        Ok(report) => {
            if cli.json {
                println!("{}", report.json);
            } else {
                print!("{}", report.text);
            }
            ExitCode::SUCCESS
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

fn run(command: Command) -> Result<Report, String> {
    match command {
        Command::Deal { seed } => Ok(deal(seed.unwrap_or_else(fresh_seed))),
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
    let mut distinct: Vec<String> = Vec::new();
    for mv in &list {
        let s = mv.to_string();
        if !distinct.contains(&s) {
            distinct.push(s);
        }
    }
    let plays: Vec<Value> = list
        .iter()
        .filter_map(|m| m.play())
        .map(|p| json!({ "cards": p.to_string(), "kind": p.kind().name(), "rank": p.rank().to_string(), "chain_len": p.chain_len(), "notation": p.notation() }))
        .collect();
    let mut text = String::new();
    for mv in &list {
        text += &match mv {
            Move::Pass => "pass\n".to_string(),
            Move::Play(p) => format!("{:<22} {}\n", p.notation(), p.kind()),
        };
    }
    Ok(Report {
        json: json!({ "moves": distinct, "plays": plays }),
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
                .map_or("pass".to_string(), |p| format!("{:<20} {}", p.notation(), p.kind()));
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
