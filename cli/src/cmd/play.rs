//! `ddz play` (one deal to the end) and `ddz lead-agreement`.

use serde::Serialize;
use serde_json::json;

use engine::clock::MonotonicClock;
use std::path::Path;

use engine::agents::seat_seeds;
use engine::{play_seated, rng, Cards, Deal, Game, PlayerSpec, Scoring, Seat, SeedRange, Split, Team};

use super::{fresh_seed, PLAYER_SEED_SALT};
use crate::error::CliError;
use crate::report::{hand_text, Report};

/// `winner` in every command's output: the side that won, `"landlord"` or
/// `"farmer"` (as `ddz solve` says it).
pub fn team_name(team: Team) -> &'static str {
    team.name()
}

fn scoring_name(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Tournament => "tournament",
        Scoring::Online => "online",
    }
}

#[derive(Serialize)]
struct Players {
    landlord: String,
    farmer1: String,
    farmer2: String,
}

#[derive(Serialize)]
struct PlayJson {
    seed: u64,
    deal: String,
    players: Players,
    /// `[seat, move]` per turn.
    record: Vec<(&'static str, String)>,
    /// The side that won: "landlord" or "farmer".
    winner: &'static str,
    /// The seat that went out first (and so ended the deal).
    out: &'static str,
    bombs: u32,
    spring: bool,
    anti_spring: bool,
    scoring: &'static str,
    score: i64,
}

/// Three players, landlord first, or an error saying how many there were.
fn three(players: &[PlayerSpec]) -> Result<[PlayerSpec; 3], CliError> {
    <[PlayerSpec; 3]>::try_from(players).map_err(|_| {
        CliError::arg(
            "--players",
            format!(
                "needs three names (landlord,farmer1,farmer2), got {}; known players: {}",
                players.len(),
                engine::agents::PLAYER_NAMES.join(", ")
            ),
        )
    })
}

pub fn play(
    seed: Option<u64>,
    deal: Option<Deal>,
    players: &[PlayerSpec],
    scoring: Scoring,
) -> Result<Report, CliError> {
    let (seed, d) = match deal {
        Some(d) => (seed.unwrap_or(0), d),
        None => {
            let seed = seed.unwrap_or_else(fresh_seed);
            (seed, Deal::from_seed(seed))
        }
    };
    let names = three(players)?;
    // Each seat's randomness comes from the deal seed, so a seed replays the whole game.
    let seeds = seat_seeds(&mut rng::from_seed(seed ^ PLAYER_SEED_SALT));
    let mut game = Game::new(&d);
    let [l, f1, f2] = &names;
    let outcome = play_seated(&mut game, [l, f1, f2], seeds, &MonotonicClock::default(), None)?;
    let score = outcome.score(scoring);
    let json = PlayJson {
        seed,
        deal: d.to_string(),
        players: Players {
            landlord: names[0].to_string(),
            farmer1: names[1].to_string(),
            farmer2: names[2].to_string(),
        },
        record: game
            .record()
            .iter()
            .map(|t| (t.seat.name(), t.mv.to_string()))
            .collect(),
        winner: team_name(outcome.winning_team()),
        out: outcome.winner.name(),
        bombs: outcome.bombs,
        spring: outcome.spring,
        anti_spring: outcome.anti_spring,
        scoring: scoring_name(scoring),
        score,
    };
    let mut text = format!("seed {seed}  deal {d}\n");
    for (seat, name) in Seat::ALL.iter().zip(&names) {
        text += &format!(
            "{:<9} {:<7} {}\n",
            seat.to_string(),
            name.to_string(),
            hand_text(d.hand(*seat))
        );
    }
    text += "\n";
    for (i, t) in game.record().iter().enumerate() {
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
        scoring_name(scoring),
    );
    Ok(Report::new(&json, text))
}

pub fn lead_agreement(seeds: SeedRange, players: &[PlayerSpec], model: Option<&Path>) -> Result<Report, CliError> {
    let players = three(players)?;
    let names = players.map(|p| p.to_string());
    let deals = seeds.count();
    let splitter = crate::cmd::learned::splitter(model)?;
    let mut failure = None;
    let mut learned_split = |hand: Cards| match splitter.split(hand) {
        Ok(l) => l.split,
        Err(e) => {
            failure.get_or_insert(e);
            Split::from_plays(vec![])
        }
    };
    let (exact, base, others) = engine::lab::lead_agreement_with(seeds.iter(), players, &mut [&mut learned_split])?;
    if let Some(e) = failure {
        return Err(CliError::Other(e.to_string()));
    }
    let learned = others.first().copied().unwrap_or_default();
    let json = json!({
        "deals": deals,
        "players": names,
        "exact": { "landlord": exact.landlord.share(), "farmers": exact.farmers.share(), "counts": exact },
        "greedy": { "landlord": base.landlord.share(), "farmers": base.farmers.share(), "counts": base },
        "learned": { "landlord": learned.landlord.share(), "farmers": learned.farmers.share(), "counts": learned },
    });
    let text = format!(
        "{deals} deals, players {}: share of each side's first {} leads that are groups of the split\n  exact split:    landlord {:.1}%, farmers {:.1}%\n  paper baseline: landlord {:.1}%, farmers {:.1}% (Ph)\n  learned split:  landlord {:.1}%, farmers {:.1}% (Pg)\n",
        names.join(","),
        engine::lab::LEADS_PER_SIDE,
        100.0 * exact.landlord.share(),
        100.0 * exact.farmers.share(),
        100.0 * base.landlord.share(),
        100.0 * base.farmers.share(),
        100.0 * learned.landlord.share(),
        100.0 * learned.farmers.share(),
    );
    Ok(Report { json, text })
}
