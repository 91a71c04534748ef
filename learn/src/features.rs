//! What the tagger sees of each card: the cards in canonical order, each
//! described by its rank, how many of its rank the hand holds, its place
//! among them, its neighbours' counts and the runs it could be part of.

use engine::{Cards, Rank};

/// Features per card.
pub const FEATURES: usize = 31;

/// The length of the run of consecutive chain ranks (3..A) around `rank`
/// that the hand holds at least `n` times (0 when `rank` is not one).
fn run_through(counts: &[u8; 15], rank: usize, n: u8) -> usize {
    let top = Rank::HIGHEST_IN_CHAIN.index();
    if rank > top || counts[rank] < n {
        return 0;
    }
    let mut low = rank;
    while low > 0 && counts[low - 1] >= n {
        low -= 1;
    }
    let mut high = rank;
    while high < top && counts[high + 1] >= n {
        high += 1;
    }
    high - low + 1
}

/// One row of [`FEATURES`] numbers per card of `hand`, lowest card first
/// (the order of [`engine::split::labels`]).
pub fn features(hand: Cards) -> Vec<[f32; FEATURES]> {
    let counts = hand.counts();
    let size = hand.len() as f32 / 20.0;
    let mut rows = Vec::with_capacity(hand.len() as usize);
    for rank in hand.ranks() {
        let r = rank.index();
        let count = counts[r];
        for place in 0..count {
            let mut row = [0f32; FEATURES];
            row[r] = 1.0;
            row[15 + usize::from(count.clamp(1, 4)) - 1] = 1.0;
            row[19 + usize::from(place.min(3))] = 1.0;
            for (k, offset) in [-2i32, -1, 1, 2].into_iter().enumerate() {
                let near = r as i32 + offset;
                if (0..15).contains(&near) {
                    row[23 + k] = f32::from(counts[near as usize]) / 4.0;
                }
            }
            for n in 1..=3u8 {
                row[25 + usize::from(n)] = run_through(&counts, r, n) as f32 / 12.0;
            }
            row[29] = size;
            row[30] = f32::from(rank.is_joker() && hand.contains(Cards::JOKERS));
            rows.push(row);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_per_card_with_the_rank_and_runs() {
        let hand: Cards = "3345678XD".parse().unwrap();
        let rows = features(hand);
        assert_eq!(rows.len(), 9);
        // The second 3: rank 3, two of them, second place, a straight 3..8.
        assert_eq!(rows[1][0], 1.0);
        assert_eq!(rows[1][16], 1.0);
        assert_eq!(rows[1][20], 1.0);
        assert_eq!(rows[1][26], 6.0 / 12.0);
        assert_eq!(rows[1][27], 1.0 / 12.0);
        assert_eq!(rows[1][28], 0.0);
        // The jokers know they are a rocket.
        assert_eq!(rows[8][30], 1.0);
        assert!(features(Cards::EMPTY).is_empty());
    }
}
