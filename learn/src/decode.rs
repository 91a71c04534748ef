//! Decoding constrained to tags that make whole groups. Plain Viterbi may
//! tag three cards of a rank "pair" or one joker "rocket"; here the best
//! sequence is searched only among tags that [`engine::split::groups_from_labels`]
//! accepts, written in [`engine::split::labels`]' canonical form (a rank's
//! tags ascending). Each rank (the two jokers together when both are held)
//! is one block with a handful of allowed tag strings, and Viterbi runs
//! over blocks, so the result is the exact best valid sequence.

use engine::{Cards, Rank};

use crate::crf::{Crf, Emission, TAGS};

/// The allowed tag strings of one block: `count` cards of one rank, or
/// `jokers` for the two jokers together.
fn options(count: u8, jokers: bool) -> Vec<Vec<u8>> {
    if jokers {
        return vec![vec![0, 0], vec![3, 3]];
    }
    let mut out = Vec::new();
    for bombs in [0u8, 4] {
        for trios in [0u8, 3] {
            for pairs in [0u8, 2, 4] {
                let used = bombs + trios + pairs;
                if used > count {
                    continue;
                }
                let singles = count - used;
                let mut tags = vec![0u8; usize::from(singles)];
                tags.extend(std::iter::repeat_n(1, usize::from(pairs)));
                tags.extend(std::iter::repeat_n(2, usize::from(trios)));
                tags.extend(std::iter::repeat_n(3, usize::from(bombs)));
                out.push(tags);
            }
        }
    }
    out.sort();
    out
}

/// The blocks of `hand`: (first card's position, allowed tag strings).
fn blocks(hand: Cards) -> Vec<(usize, Vec<Vec<u8>>)> {
    let both = hand.contains(Cards::JOKERS);
    let mut out = Vec::new();
    let mut at = 0;
    for rank in hand.ranks() {
        let count = hand.count(rank);
        if both && rank == Rank::RedJoker {
            continue; // decided with the black joker
        }
        let jokers = both && rank == Rank::BlackJoker;
        let opts = if rank.is_joker() && !jokers {
            vec![vec![0]]
        } else {
            options(count, jokers)
        };
        let len = opts.first().map_or(0, Vec::len);
        out.push((at, opts));
        at += len;
    }
    out
}

/// The best-scoring tags of `hand`'s cards (canonical order) that make
/// whole groups, given one emission per card. `None` when the emissions
/// are not one per card.
pub fn decode(crf: &Crf, hand: Cards, emissions: &[Emission]) -> Option<Vec<u8>> {
    if emissions.len() != hand.len() as usize {
        return None;
    }
    let blocks = blocks(hand);
    // best[t]: the best score of a prefix ending in tag t; back pointers
    // per block: (option, previous tag) for each last tag.
    let mut best: Option<[f32; TAGS]> = None;
    let mut back: Vec<[(usize, u8); TAGS]> = Vec::with_capacity(blocks.len());
    for (at, opts) in &blocks {
        let mut next = [f32::NEG_INFINITY; TAGS];
        let mut from = [(usize::MAX, 0u8); TAGS];
        for (o, tags) in opts.iter().enumerate() {
            let mut inner = 0.0;
            for (k, &t) in tags.iter().enumerate() {
                inner += emissions[at + k][usize::from(t)];
                if k > 0 {
                    inner += crf.transitions[usize::from(tags[k - 1])][usize::from(t)];
                }
            }
            let (first, last) = (usize::from(tags[0]), usize::from(tags[tags.len() - 1]));
            let (score, prev) = match best {
                None => (crf.start[first] + inner, 0),
                Some(b) => {
                    let mut arg = 0;
                    for a in 1..TAGS {
                        if b[a] + crf.transitions[a][first] > b[arg] + crf.transitions[arg][first] {
                            arg = a;
                        }
                    }
                    (b[arg] + crf.transitions[arg][first] + inner, arg as u8)
                }
            };
            if score > next[last] {
                next[last] = score;
                from[last] = (o, prev);
            }
        }
        back.push(from);
        best = Some(next);
    }
    let Some(best) = best else {
        return Some(vec![]);
    };
    let mut last = None;
    for t in 0..TAGS {
        if best[t] > f32::NEG_INFINITY && last.is_none_or(|l: usize| best[t] + crf.end[t] > best[l] + crf.end[l]) {
            last = Some(t);
        }
    }
    let mut tag = last? as u8;
    let mut pieces = Vec::with_capacity(blocks.len());
    for ((_, opts), from) in blocks.iter().zip(&back).rev() {
        let (o, prev) = from[usize::from(tag)];
        pieces.push(opts.get(o)?.clone());
        tag = prev;
    }
    pieces.reverse();
    Some(pieces.concat())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::split::{groups_from_labels, Class};
    use proptest::prelude::*;

    fn classes(tags: &[u8]) -> Vec<Class> {
        tags.iter().map(|&t| Class::from_index(t).unwrap()).collect()
    }

    /// Canonical (a rank's tags ascending) and making whole groups.
    fn valid(hand: Cards, tags: &[u8]) -> bool {
        let mut at = 0;
        for rank in hand.ranks() {
            let n = usize::from(hand.count(rank));
            if tags[at..at + n].windows(2).any(|w| w[0] > w[1]) {
                return false;
            }
            at += n;
        }
        groups_from_labels(hand, &classes(tags)).is_ok()
    }

    /// A hand from (rank, count) picks; a rank picked twice keeps its last count.
    fn hand_of(picks: &[(usize, u8)]) -> Cards {
        let mut counts = [0u8; 15];
        for &(r, n) in picks {
            counts[r] = n.min(Rank::ALL[r].copies());
        }
        counts.iter().enumerate().fold(Cards::EMPTY, |acc, (i, &n)| {
            acc.checked_add(Cards::of(Rank::ALL[i], n).unwrap_or(Cards::EMPTY))
                .unwrap_or(acc)
        })
    }

    fn small_hand() -> impl Strategy<Value = Cards> {
        prop::collection::vec((0usize..15, 1u8..=4), 1..=3)
            .prop_map(|p| hand_of(&p))
            .prop_filter("1 to 7 cards", |h| (1..=7).contains(&h.len()))
    }

    fn full_hand() -> impl Strategy<Value = Cards> {
        prop::collection::vec((0usize..15, 1u8..=4), 0..=9)
            .prop_map(|p| hand_of(&p))
            .prop_filter("at most 20 cards", |h| h.len() <= 20)
    }

    fn crf_of(v: &[f32]) -> Crf {
        Crf {
            start: std::array::from_fn(|t| v[t]),
            end: std::array::from_fn(|t| v[4 + t]),
            transitions: std::array::from_fn(|a| std::array::from_fn(|b| v[8 + 4 * a + b])),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn decode_finds_the_best_valid_sequence(
            hand in small_hand(),
            p in prop::collection::vec(-3f32..3.0, 24),
            e in prop::collection::vec(-3f32..3.0, 28),
        ) {
            let n = hand.len() as usize;
            let crf = crf_of(&p);
            let emissions: Vec<Emission> = (0..n).map(|i| std::array::from_fn(|t| e[4 * i + t])).collect();
            let brute = crate::crf::tests::all_sequences(n)
                .into_iter()
                .filter(|tags| valid(hand, tags))
                .map(|tags| crf.score(&emissions, &tags))
                .fold(f32::NEG_INFINITY, f32::max);
            let tags = decode(&crf, hand, &emissions).unwrap();
            prop_assert!(valid(hand, &tags), "{} {:?}", hand, tags);
            prop_assert!((crf.score(&emissions, &tags) - brute).abs() < 1e-4);
        }

        #[test]
        fn decoded_tags_always_split_the_hand(
            hand in full_hand(),
            p in prop::collection::vec(-5f32..5.0, 24),
            e in prop::collection::vec(-5f32..5.0, 80),
        ) {
            let n = hand.len() as usize;
            let emissions: Vec<Emission> = (0..n).map(|i| std::array::from_fn(|t| e[4 * i + t])).collect();
            let tags = decode(&crf_of(&p), hand, &emissions).unwrap();
            let groups = groups_from_labels(hand, &classes(&tags)).unwrap();
            let union = groups.iter().fold(Cards::EMPTY, |acc, g| acc.checked_add(g.cards()).unwrap());
            prop_assert_eq!(union, hand);
            prop_assert_eq!(groups.iter().map(|g| g.cards().len()).sum::<u32>(), hand.len());
        }
    }

    #[test]
    fn wrong_number_of_emissions_is_none() {
        let crf = crf_of(&[0.0; 24]);
        assert!(decode(&crf, "33".parse().unwrap(), &[[0.0; 4]]).is_none());
        assert_eq!(decode(&crf, Cards::EMPTY, &[]), Some(vec![]));
    }
}
