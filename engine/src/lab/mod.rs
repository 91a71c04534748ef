//! Experiments over many seeded deals.
//!
//! - [`duplicate`]: duplicate matches between two players, the measure of
//!   the AI ladder.
//!
//! The splitting paper's lead-agreement measure: players play deals; of the
//! plays each side makes on its first five leads, the share that is one of
//! the groups of a suggested split of the leading seat's dealt hand.

mod bounded;
pub mod dih;
pub mod duplicate;
pub mod generate;
pub mod library;
pub mod panel;
pub mod par;
pub mod settings;
pub mod shard;
pub mod solve_match;
pub mod tournament;

use crate::agents::{seat_seeds, PlayerError, PlayerSpec};
use crate::cards::Cards;
use crate::deal::Deal;
use crate::game::Game;
use crate::rng;
use crate::seat::{Seat, Team};
use crate::split::{baseline, Split, Splitter};

/// The share `k / n` and its 95% Wilson score interval `(share, low,
/// high)`: sound for small counts and shares near 0 or 1 (with `n` = 0,
/// nothing is known: 0 within 0..1).
///
/// ```
/// let (p, low, high) = engine::lab::wilson(8, 10);
/// assert_eq!(p, 0.8);
/// assert!(low > 0.49 && low < 0.5 && high > 0.94 && high < 0.95);
/// ```
pub fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let (k, n) = (k as f64, n as f64);
    let z2 = 1.96f64 * 1.96;
    let p = k / n;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = 1.96 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// How many leads per side the measure looks at (the paper's 5).
pub const LEADS_PER_SIDE: usize = 5;

/// Leads that matched a split group, out of leads looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Agreement {
    /// Leads that were one of the split's groups.
    pub matched: u32,
    /// Leads looked at (at most [`LEADS_PER_SIDE`] per deal and side).
    pub leads: u32,
}

impl Agreement {
    /// `matched / leads`, from 0 to 1 (0 when no lead was looked at).
    pub fn share(&self) -> f64 {
        f64::from(self.matched) / f64::from(self.leads.max(1))
    }
}

/// Lead agreement for one way of splitting, per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LeadAgreement {
    /// Leads by the landlord.
    pub landlord: Agreement,
    /// Leads by the farmers.
    pub farmers: Agreement,
}

/// The measure for the exact split and for the paper's baseline, over the
/// deals of `seeds`, with `players` (landlord, farmer 1, farmer 2) seeded
/// from each deal's seed.
pub fn lead_agreement(
    seeds: impl Iterator<Item = u64>,
    players: [PlayerSpec; 3],
) -> Result<(LeadAgreement, LeadAgreement), PlayerError> {
    let (exact, base, _) = lead_agreement_with(seeds, players, &mut [])?;
    Ok((exact, base))
}

/// [`lead_agreement`], and the same measure for each of `others`, ways of
/// splitting a hand found outside the engine (the learned splitter), in
/// their order.
pub fn lead_agreement_with(
    seeds: impl Iterator<Item = u64>,
    players: [PlayerSpec; 3],
    others: &mut [&mut dyn FnMut(Cards) -> Split],
) -> Result<(LeadAgreement, LeadAgreement, Vec<LeadAgreement>), PlayerError> {
    let mut splitter = Splitter::new();
    let mut tallies = vec![LeadAgreement::default(); 2 + others.len()];
    for seed in seeds {
        let deal = Deal::from_seed(seed);
        let splits: Vec<Vec<Split>> = Seat::ALL
            .iter()
            .map(|&s| {
                let hand = deal.hand(s);
                let mut all = vec![splitter.best(hand), baseline(hand)];
                all.extend(others.iter_mut().map(|other| other(hand)));
                all
            })
            .collect();
        let seeds = seat_seeds(&mut rng::from_seed(seed ^ 0x1ead_a9ee));
        // Not `play_seated`: the leads are watched move by move.
        let mut table: Vec<_> = players.iter().zip(seeds).map(|(p, s)| p.build(s)).collect();
        let mut game = Game::new(&deal);
        let mut leads = [0usize; 2];
        while !game.is_over() {
            let seat = game.to_move();
            let leading = game.to_beat().is_none();
            let mv = table[seat.index()].choose(&game.view(seat), &crate::clock::Deadline::NONE);
            game.apply(mv).map_err(|source| PlayerError::Illegal {
                player: table[seat.index()].name().to_string(),
                seat,
                mv,
                source,
            })?;
            let (Some(play), true) = (mv.play(), leading) else {
                continue;
            };
            let side = usize::from(seat.team() == Team::Farmers);
            if leads[side] == LEADS_PER_SIDE {
                continue;
            }
            leads[side] += 1;
            for (split, tally) in splits[seat.index()].iter().zip(tallies.iter_mut()) {
                let agreement = if side == 0 {
                    &mut tally.landlord
                } else {
                    &mut tally.farmers
                };
                agreement.leads += 1;
                if split
                    .plays()
                    .iter()
                    .any(|g| g.cards() == play.cards() && g.kind() == play.kind())
                {
                    agreement.matched += 1;
                }
            }
        }
    }
    let others = tallies.split_off(2);
    Ok((tallies[0], tallies[1], others))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_counts_at_most_five_leads_per_side() {
        let greedy: PlayerSpec = "greedy".parse().unwrap();
        let (exact, base) = lead_agreement(0..20, [greedy; 3]).unwrap();
        for a in [exact, base] {
            assert!(a.landlord.leads <= 20 * 5 && a.landlord.leads >= 20);
            assert!(a.farmers.leads <= 20 * 5);
            assert!(a.landlord.matched <= a.landlord.leads);
        }
        assert_eq!(exact.landlord.leads, base.landlord.leads);
        // Another way of splitting that is the exact split agrees with it.
        let mut splitter = Splitter::new();
        let mut same = |hand: Cards| splitter.best(hand);
        let (exact2, _, others) = lead_agreement_with(0..20, [greedy; 3], &mut [&mut same]).unwrap();
        assert_eq!(others, vec![exact2]);
        assert_eq!(exact2, exact);
    }
}
