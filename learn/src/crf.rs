//! The CRF layer: a start score per tag, an end score per tag and a score
//! per pair of neighbouring tags, on top of the network's emission scores.
//! A tag sequence's score is the sum of them all; its probability is
//! `exp(score) / Z`, Z summing over every sequence.
//!
//! Two forms: [`nll`] over tensors (what training differentiates) and
//! [`Crf`] over plain numbers (decoding, and the brute-force checks).

use candle_core::{Result, Tensor, D};

/// The four classes.
pub const TAGS: usize = 4;

/// Emission scores of one card for the four tags.
pub type Emission = [f32; TAGS];

/// The CRF's parameters as plain numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Crf {
    /// Score of the first card's tag.
    pub start: [f32; TAGS],
    /// Score of the last card's tag.
    pub end: [f32; TAGS],
    /// `transitions[a][b]`: score of tag `b` right after tag `a`.
    pub transitions: [[f32; TAGS]; TAGS],
}

fn log_sum_exp(values: impl Iterator<Item = f32> + Clone) -> f32 {
    let max = values.clone().fold(f32::NEG_INFINITY, f32::max);
    if max == f32::NEG_INFINITY {
        return max;
    }
    max + values.map(|v| (v - max).exp()).sum::<f32>().ln()
}

impl Crf {
    /// The score of `tags` (one per emission; `tags.len() == emissions.len()`).
    pub fn score(&self, emissions: &[Emission], tags: &[u8]) -> f32 {
        let mut total = 0.0;
        for (i, (e, &t)) in emissions.iter().zip(tags).enumerate() {
            let t = usize::from(t);
            total += e[t];
            total += match i {
                0 => self.start[t],
                _ => self.transitions[usize::from(tags[i - 1])][t],
            };
        }
        if let Some(&last) = tags.last() {
            total += self.end[usize::from(last)];
        }
        total
    }

    /// log Z by the forward algorithm (0 for no cards: one empty sequence).
    pub fn log_partition(&self, emissions: &[Emission]) -> f32 {
        let Some(first) = emissions.first() else {
            return 0.0;
        };
        let mut alpha: [f32; TAGS] = std::array::from_fn(|t| self.start[t] + first[t]);
        for e in &emissions[1..] {
            alpha = std::array::from_fn(|b| log_sum_exp((0..TAGS).map(|a| alpha[a] + self.transitions[a][b])) + e[b]);
        }
        log_sum_exp((0..TAGS).map(|t| alpha[t] + self.end[t]))
    }

    /// The highest-scoring tag sequence (Viterbi), ties to the lower tag.
    pub fn viterbi(&self, emissions: &[Emission]) -> Vec<u8> {
        let Some(first) = emissions.first() else {
            return vec![];
        };
        let mut best: [f32; TAGS] = std::array::from_fn(|t| self.start[t] + first[t]);
        let mut back: Vec<[u8; TAGS]> = Vec::with_capacity(emissions.len());
        for e in &emissions[1..] {
            let mut from = [0u8; TAGS];
            let next: [f32; TAGS] = std::array::from_fn(|b| {
                let mut arg = 0;
                for a in 1..TAGS {
                    if best[a] + self.transitions[a][b] > best[arg] + self.transitions[arg][b] {
                        arg = a;
                    }
                }
                from[b] = arg as u8;
                best[arg] + self.transitions[arg][b] + e[b]
            });
            back.push(from);
            best = next;
        }
        let mut last = 0;
        for t in 1..TAGS {
            if best[t] + self.end[t] > best[last] + self.end[last] {
                last = t;
            }
        }
        let mut tags = vec![last as u8];
        for from in back.iter().rev() {
            let prev = from[usize::from(*tags.last().unwrap_or(&0))];
            tags.push(prev);
        }
        tags.reverse();
        tags
    }
}

/// The negative log-likelihood of the gold tags, averaged over the batch:
/// `emissions` `[batch, cards, 4]`, `gold` the tags one-hot, same shape;
/// `start`, `end` `[4]`, `transitions` `[4, 4]`.
pub fn nll(emissions: &Tensor, gold: &Tensor, start: &Tensor, end: &Tensor, transitions: &Tensor) -> Result<Tensor> {
    let log_z = log_partition(emissions, start, end, transitions)?;
    let gold_score = score(emissions, gold, start, end, transitions)?;
    (log_z - gold_score)?.mean_all()
}

/// Each sequence's score, `[batch]`.
pub fn score(emissions: &Tensor, gold: &Tensor, start: &Tensor, end: &Tensor, transitions: &Tensor) -> Result<Tensor> {
    let (batch, cards, tags) = emissions.dims3()?;
    let emitted = (emissions * gold)?.sum((1, 2))?;
    let first = gold.narrow(1, 0, 1)?.squeeze(1)?;
    let last = gold.narrow(1, cards - 1, 1)?.squeeze(1)?;
    let ends = (first.broadcast_mul(start)?.sum(1)? + last.broadcast_mul(end)?.sum(1)?)?;
    if cards == 1 {
        return emitted + ends;
    }
    let before = gold.narrow(1, 0, cards - 1)?.reshape((batch * (cards - 1), tags))?;
    let after = gold.narrow(1, 1, cards - 1)?.reshape((batch * (cards - 1), tags))?;
    let moves = (before.matmul(transitions)? * after)?
        .reshape((batch, cards - 1, tags))?
        .sum((1, 2))?;
    (emitted + ends)? + moves
}

/// log Z of each sequence by the forward algorithm, `[batch]`.
pub fn log_partition(emissions: &Tensor, start: &Tensor, end: &Tensor, transitions: &Tensor) -> Result<Tensor> {
    let (_, cards, _) = emissions.dims3()?;
    let mut alpha = emissions.narrow(1, 0, 1)?.squeeze(1)?.broadcast_add(start)?;
    let trans = transitions.unsqueeze(0)?;
    for i in 1..cards {
        let e = emissions.narrow(1, i, 1)?.squeeze(1)?;
        // [batch, from, 1] + [1, from, to], summed over `from`.
        alpha = (alpha.unsqueeze(2)?.broadcast_add(&trans)?.log_sum_exp(1)? + e)?;
    }
    alpha.broadcast_add(end)?.log_sum_exp(D::Minus1)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use candle_core::Device;
    use proptest::prelude::*;

    /// Every tag sequence of length `n`.
    pub(crate) fn all_sequences(n: usize) -> Vec<Vec<u8>> {
        (0..TAGS.pow(n as u32))
            .map(|mut code| {
                (0..n)
                    .map(|_| {
                        let t = (code % TAGS) as u8;
                        code /= TAGS;
                        t
                    })
                    .collect()
            })
            .collect()
    }

    fn crf_from(v: &[f32]) -> Crf {
        Crf {
            start: std::array::from_fn(|t| v[t]),
            end: std::array::from_fn(|t| v[4 + t]),
            transitions: std::array::from_fn(|a| std::array::from_fn(|b| v[8 + 4 * a + b])),
        }
    }

    fn emissions_from(v: &[f32], n: usize) -> Vec<Emission> {
        (0..n).map(|i| std::array::from_fn(|t| v[4 * i + t])).collect()
    }

    fn params() -> impl Strategy<Value = (Vec<f32>, Vec<f32>, usize)> {
        (
            prop::collection::vec(-3f32..3.0, 24),
            prop::collection::vec(-3f32..3.0, 24),
            1usize..=6,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn log_z_is_the_log_of_every_sequence_summed((p, e, n) in params()) {
            let crf = crf_from(&p);
            let emissions = emissions_from(&e, n);
            let brute = all_sequences(n)
                .iter()
                .map(|tags| f64::from(crf.score(&emissions, tags)).exp())
                .sum::<f64>()
                .ln();
            prop_assert!((f64::from(crf.log_partition(&emissions)) - brute).abs() < 1e-3);

            // The tensor forward algorithm agrees, and so does its gold score.
            let dev = Device::Cpu;
            let em = Tensor::from_vec(e[..4 * n].to_vec(), (1, n, 4), &dev).unwrap();
            let start = Tensor::from_vec(p[..4].to_vec(), 4, &dev).unwrap();
            let end = Tensor::from_vec(p[4..8].to_vec(), 4, &dev).unwrap();
            let trans = Tensor::from_vec(p[8..24].to_vec(), (4, 4), &dev).unwrap();
            let z = log_partition(&em, &start, &end, &trans).unwrap().to_vec1::<f32>().unwrap()[0];
            prop_assert!((f64::from(z) - brute).abs() < 1e-3, "{z} against {brute}");
            let tags = crf.viterbi(&emissions);
            let gold: Vec<f32> = tags.iter().flat_map(|&t| (0..4).map(move |k| f32::from(u8::from(k == t)))).collect();
            let gold = Tensor::from_vec(gold, (1, n, 4), &dev).unwrap();
            let s = score(&em, &gold, &start, &end, &trans).unwrap().to_vec1::<f32>().unwrap()[0];
            prop_assert!((s - crf.score(&emissions, &tags)).abs() < 1e-4);
            let loss = nll(&em, &gold, &start, &end, &trans).unwrap().to_scalar::<f32>().unwrap();
            prop_assert!(loss >= -1e-4);
        }

        #[test]
        fn viterbi_finds_the_best_sequence((p, e, n) in params()) {
            let crf = crf_from(&p);
            let emissions = emissions_from(&e, n);
            let best = all_sequences(n)
                .iter()
                .map(|tags| crf.score(&emissions, tags))
                .fold(f32::NEG_INFINITY, f32::max);
            let tags = crf.viterbi(&emissions);
            prop_assert_eq!(tags.len(), n);
            prop_assert!((crf.score(&emissions, &tags) - best).abs() < 1e-4);
        }
    }

    #[test]
    fn no_cards_one_empty_sequence() {
        let crf = crf_from(&[0.5; 24]);
        assert_eq!(crf.log_partition(&[]), 0.0);
        assert!(crf.viterbi(&[]).is_empty());
    }
}
