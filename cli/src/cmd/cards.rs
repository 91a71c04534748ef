//! The card commands: `ddz deal`, `ddz moves`, `ddz split`, `ddz split-compare`.

use serde::Serialize;
use serde_json::{json, Value};

use engine::split::{self, Split, Splitter};
use engine::{Cards, Deal, Move, Play, Seat, SeedRange};

use crate::args::SplitMethod;
use crate::error::CliError;
use crate::report::{hand_text, Report};

#[derive(Serialize)]
struct DealJson {
    seed: u64,
    deal: String,
    landlord: String,
    farmer1: String,
    farmer2: String,
    bottom: String,
}

pub fn deal(seed: u64) -> Report {
    let d = Deal::from_seed(seed);
    let bottom = d.bottom().unwrap_or_default();
    let json = DealJson {
        seed,
        deal: d.to_string(),
        landlord: d.hand(Seat::Landlord).to_string(),
        farmer1: d.hand(Seat::Farmer1).to_string(),
        farmer2: d.hand(Seat::Farmer2).to_string(),
        bottom: bottom.to_string(),
    };
    let mut text = format!("seed      {seed}\ndeal      {d}\n");
    for seat in Seat::ALL {
        text += &format!("{:<9} {}\n", seat.to_string(), hand_text(d.hand(seat)));
    }
    text += &format!("bottom    {bottom}\n");
    Report::new(&json, text)
}

#[derive(Serialize)]
struct PlayJson {
    play: String,
    cards: String,
    kind: &'static str,
    rank: String,
    chain_len: u32,
}

#[derive(Serialize)]
struct MovesJson {
    moves: Vec<String>,
    plays: Vec<PlayJson>,
}

pub fn moves(hand: Cards, follow: Option<Play>) -> Result<Report, CliError> {
    if let Some(play) = follow {
        if hand.checked_add(play.cards()).is_none() {
            return Err(CliError::Other(format!(
                "the hand {hand} and the play {play} hold more cards of a rank than a deck has"
            )));
        }
    }
    let mut list = Vec::new();
    engine::legal_moves(hand, follow, &mut list);
    let json = MovesJson {
        moves: list.iter().map(|m| m.to_string()).collect(),
        plays: list
            .iter()
            .filter_map(|m| m.play())
            .map(|p| PlayJson {
                play: p.to_string(),
                cards: p.cards().to_string(),
                kind: p.kind().name(),
                rank: p.rank().to_string(),
                chain_len: u32::from(p.chain_len()),
            })
            .collect(),
    };
    let mut text = String::new();
    for mv in &list {
        text += &match mv {
            Move::Pass => "pass\n".to_string(),
            Move::Play(p) => format!("{:<22} {}\n", p.to_string(), p.kind()),
        };
    }
    Ok(Report::new(&json, text))
}

pub fn split_json(s: &Split) -> Value {
    let groups: Vec<Value> = s
        .plays()
        .iter()
        .map(|p| json!({ "play": p.to_string(), "cards": p.cards().to_string(), "kind": p.kind().name() }))
        .collect();
    json!({ "plays": s.play_count(), "penalty": s.penalty(), "groups": groups, "labels": split::labels(s.plays()).iter().map(|c| c.digit()).collect::<String>() })
}

pub fn split_text(s: &Split) -> String {
    let mut text = format!("{} plays\n", s.play_count());
    for p in s.plays() {
        text += &format!("  {:<22} {}\n", p.to_string(), p.kind());
    }
    text
}

pub fn split(hand: Cards, method: SplitMethod, alternatives: usize) -> Result<Report, CliError> {
    if method == SplitMethod::Greedy && alternatives > 0 {
        return Err(CliError::Other("--alternatives needs --method exact".into()));
    }
    let splits = match method {
        // The engine checks the hand and the count again (the web worker
        // calls it too); both are in range here.
        SplitMethod::Exact => Splitter::new().try_top(hand, alternatives + 1)?,
        SplitMethod::Greedy => vec![split::baseline(hand)],
        SplitMethod::Learned => return Err(CliError::Other("the learned split is made in cmd::learned".into())),
    };
    let Some((best, rest)) = splits.split_first() else {
        return Err(CliError::Other(format!("no split found for {hand}")));
    };
    let mut json = split_json(best);
    json["hand"] = json!(hand.to_string());
    json["method"] = json!(method.name());
    json["alternatives"] = Value::Array(rest.iter().map(split_json).collect());
    let mut text = split_text(best);
    for (i, alt) in rest.iter().enumerate() {
        text += &format!("\nalternative {}: {}", i + 1, split_text(alt));
    }
    Ok(Report { json, text })
}

pub fn split_compare(seeds: SeedRange) -> Report {
    let deals = seeds.count();
    let mut splitter = Splitter::new();
    let mut differences: std::collections::BTreeMap<u32, u64> = Default::default();
    let mut micros: [Vec<f64>; 2] = [vec![], vec![]];
    for s in seeds.iter() {
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
    let q = |t: &Value, key: &str| t[key].as_f64().unwrap_or(0.0);
    text += &format!(
        "exact split time per hand (µs): 20 cards median {:.1}, p90 {:.1}, max {:.1}; 17 cards median {:.1}, p90 {:.1}, max {:.1}\n",
        q(&t20, "median"),
        q(&t20, "p90"),
        q(&t20, "max"),
        q(&t17, "median"),
        q(&t17, "p90"),
        q(&t17, "max"),
    );
    Report { json, text }
}
