//! `ddz bid`: the auction (叫分) of one seeded deal with the AI's calls, and
//! the self-play calibration table that justifies the AI's rule.

use rayon::prelude::*;
use serde_json::{json, Value};

use engine::agents::bidding::{self, assess, choose_bid, HandStrength};
use engine::clock::MonotonicClock;
use engine::lab::wilson;
use engine::{Auction, AuctionState, Bid, PlayerSpec, SeedRange, Team};

use crate::error::CliError;
use crate::report::{hand_text, progress, rate_text, Report};

fn strength_json(s: &HandStrength) -> Value {
    json!({
        "plays": s.plays,
        "controls": {
            "big_joker": s.controls.big_joker,
            "small_joker": s.controls.small_joker,
            "twos": s.controls.twos,
            "bombs": s.controls.bombs,
            "points": s.controls.points(),
        },
        "score": s.score,
        "max_bid": s.max_bid,
    })
}

/// The seed's three hands with the AI's assessment, and the AI auction
/// from bidder 0.
pub fn auction(seed: u64) -> Report {
    let mut auction = Auction::from_seed(seed);
    while let AuctionState::Open { to_bid } = auction.state() {
        let call = choose_bid(auction.hand(to_bid), auction.highest().map(|(_, b)| b));
        // The AI's call is always allowed (a property test holds it to that).
        if auction.bid(call).is_err() {
            break;
        }
    }
    let bids = auction.bids();
    let mut hands = Vec::new();
    let mut text = format!("seed {seed}, bidders 0, 1, 2 in turn; bottom {}\n", auction.bottom());
    text += "bidder  hand                    plays  controls  score  max bid  call\n";
    for bidder in 0..3 {
        let hand = auction.hand(bidder);
        let s = assess(hand);
        let call = bids.get(bidder).copied();
        let mut row = strength_json(&s);
        row["bidder"] = json!(bidder);
        row["hand"] = json!(hand.to_string());
        row["call"] = json!(call);
        hands.push(row);
        text += &format!(
            "{bidder:<7} {:<23} {:>5}  {:>8}  {:>+5}  {:>7}  {}\n",
            hand_text(hand),
            s.plays,
            s.controls.points(),
            s.score,
            s.max_bid,
            call.map_or("-", Bid::name),
        );
    }
    let calls: Vec<&str> = bids.iter().map(|b| b.name()).collect();
    text += &format!("calls: {}\n", calls.join(", "));
    let (landlord, bid) = match auction.state() {
        AuctionState::Won { landlord, bid } => (Some(landlord), Some(bid)),
        _ => (None, None),
    };
    let deal = auction.deal();
    match (landlord, bid, deal) {
        (Some(l), Some(b), Some(d)) => {
            text += &format!("bidder {l} is the landlord with a bid of {b}\ndeal {d}\n");
        }
        _ => text += "all passed: the cards are redealt\n",
    }
    text += "(controls: big joker 4, small joker 3, each 2 and each bomb 1; score = 2 × controls − plays; max bid 1 from −2, 2 from 1, 3 from 4)\n";
    let json = json!({
        "seed": seed,
        "hands": hands,
        "bottom": auction.bottom().to_string(),
        "bids": bids,
        "landlord": landlord,
        "bid": bid,
        "deal": deal.map(|d| d.to_string()),
    });
    Report { json, text }
}

/// One hand of the calibration: its assessment and whether it won as the landlord.
struct Trial {
    score: i32,
    max_bid: Bid,
    won: bool,
}

fn row_json(n: u64, wins: u64, total: u64) -> Value {
    let (p, low, high) = wilson(wins, n);
    json!({
        "hands": n,
        "share": n as f64 / total.max(1) as f64,
        "landlord_wins": wins,
        "win_rate": p,
        "low": low,
        "high": high,
    })
}

/// Over the deals of `seeds`, every hand assessed and played as the
/// landlord by `player` at all three seats; win rates by maximum bid.
pub fn calibrate(seeds: SeedRange, player: &PlayerSpec, quiet: bool) -> Result<Report, CliError> {
    let (deals, seed) = (seeds.count(), seeds.first());
    let started = std::time::Instant::now();
    let clock = MonotonicClock::default();
    let bar = progress(deals, quiet);
    bar.set_message(format!("bids, {player} at all seats"));
    let trials = seeds
        .range()
        .into_par_iter()
        .map(|s| {
            let auction = Auction::from_seed(s);
            let trials = (0..3)
                .map(|bidder| {
                    let strength = assess(auction.hand(bidder));
                    let outcome = bidding::landlord_game(s, bidder, player, &clock).map_err(|e| e.to_string())?;
                    Ok(Trial {
                        score: strength.score,
                        max_bid: strength.max_bid,
                        won: outcome.winning_team() == Team::Landlord,
                    })
                })
                .collect::<Result<Vec<_>, String>>();
            bar.inc(1);
            trials
        })
        .collect::<Result<Vec<_>, String>>()?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let trials: Vec<Trial> = trials.into_iter().flatten().collect();
    let total = trials.len() as u64;
    let count = |keep: &dyn Fn(&Trial) -> bool| {
        let n = trials.iter().filter(|t| keep(t)).count() as u64;
        let wins = trials.iter().filter(|t| keep(t) && t.won).count() as u64;
        (n, wins)
    };

    let mut text = format!(
        "{deals} deals (seeds {seeds}), {total} hands, each played as the landlord (with the bottom cards) by {player} at all three seats\n"
    );
    text += "max bid    hands   share   landlord wins (95%)\n";
    let mut rows = Vec::new();
    for bid in Bid::ALL {
        let (n, wins) = count(&|t| t.max_bid == bid);
        text += &format!(
            "{:<8} {:>7} {:>6.1}%   {}\n",
            bid.name(),
            n,
            100.0 * n as f64 / total as f64,
            rate_text(wins, n)
        );
        let mut row = row_json(n, wins, total);
        row["max_bid"] = json!(bid);
        rows.push(row);
    }
    let (n, wins) = count(&|_| true);
    text += &format!("all      {n:>7}  100.0%   {}\n", rate_text(wins, n));

    let (low, high) = (
        trials.iter().map(|t| t.score).min().unwrap_or(0),
        trials.iter().map(|t| t.score).max().unwrap_or(0),
    );
    let mut by_score = Vec::new();
    text += "\nby score (2 × controls − plays)\n score    hands   landlord wins (95%)    max bid\n";
    for score in low..=high {
        let (n, wins) = count(&|t| t.score == score);
        if n == 0 {
            continue;
        }
        text += &format!(
            "  {score:>+4} {n:>7}   {}  {}\n",
            rate_text(wins, n),
            bidding::max_bid_for(score)
        );
        let mut row = row_json(n, wins, total);
        row["score"] = json!(score);
        by_score.push(row);
    }
    text += &format!("took {seconds:.1} s\n");
    Ok(Report {
        json: json!({
            "deals": deals,
            "seed": seed,
            "player": player,
            "hands": total,
            "by_max_bid": rows,
            "all": row_json(n, wins, total),
            "by_score": by_score,
            "thresholds": bidding::THRESHOLDS.iter().map(|(from, bid)| json!({ "bid": bid, "from_score": from })).collect::<Vec<_>>(),
        }),
        text,
    })
}
