//! Training: the CRF's negative log-likelihood of the gold tags, minimised
//! by AdamW over mini-batches of hands of one length. Every random choice
//! (initial weights, the order of batches) comes from one seed through the
//! engine's ChaCha stream, so the same seed and data give the same weights
//! on the same machine.

use candle_core::{DType, Device, Result, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW, VarBuilder, VarMap};
use engine::rng;

use crate::crf::{self, TAGS};
use crate::data::Example;
use crate::decode::decode;
use crate::features::{features, FEATURES};
use crate::model::{Tagger, HIDDEN};

/// How to train.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Passes over the training hands.
    pub epochs: usize,
    /// Hands per batch.
    pub batch: usize,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// The seed of the initial weights and the batch order.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 12,
            batch: 32,
            learning_rate: 0.005,
            seed: 1,
        }
    }
}

/// What one epoch achieved.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct EpochReport {
    /// 1-based.
    pub epoch: usize,
    /// Mean loss (negative log-likelihood per hand) over the epoch's batches.
    pub loss: f64,
    /// Held-out cards tagged right.
    pub accuracy: Accuracy,
}

/// Cards and whole hands tagged right.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Accuracy {
    /// Cards whose tag equals the label.
    pub cards_right: u64,
    /// Cards looked at.
    pub cards: u64,
    /// Hands with every card right.
    pub hands_right: u64,
    /// Hands looked at.
    pub hands: u64,
}

impl Accuracy {
    /// The per-card accuracy (the paper's measure), 0 to 1.
    pub fn per_card(&self) -> f64 {
        self.cards_right as f64 / self.cards.max(1) as f64
    }

    /// The share of hands tagged entirely right.
    pub fn per_hand(&self) -> f64 {
        self.hands_right as f64 / self.hands.max(1) as f64
    }
}

/// Hands of one length as tensors: features `[n, len, FEATURES]`, gold one-hot `[n, len, 4]`.
fn batch_tensors(examples: &[&Example]) -> Result<(Tensor, Tensor)> {
    let len = examples.first().map_or(0, |e| e.tags.len());
    let mut feats: Vec<f32> = Vec::with_capacity(examples.len() * len * FEATURES);
    let mut gold: Vec<f32> = Vec::with_capacity(examples.len() * len * TAGS);
    for ex in examples {
        feats.extend(features(ex.hand).iter().flatten());
        gold.extend(
            ex.tags
                .iter()
                .flat_map(|t| (0..TAGS as u8).map(move |k| f32::from(u8::from(k == t.index())))),
        );
    }
    let dev = Device::Cpu;
    Ok((
        Tensor::from_vec(feats, (examples.len(), len, FEATURES), &dev)?,
        Tensor::from_vec(gold, (examples.len(), len, TAGS), &dev)?,
    ))
}

/// The examples' indices in batches of one hand length, in a seeded order.
fn batches(examples: &[Example], size: usize, rng: &mut rng::Rng) -> Vec<Vec<usize>> {
    let mut by_len: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (i, ex) in examples.iter().enumerate() {
        if !ex.tags.is_empty() {
            by_len.entry(ex.tags.len()).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for (_, mut idx) in by_len {
        rng::shuffle(rng, &mut idx);
        out.extend(idx.chunks(size.max(1)).map(<[usize]>::to_vec));
    }
    rng::shuffle(rng, &mut out);
    out
}

/// Sets every variable to seeded uniform values (PyTorch's defaults: ±1/√fan
/// for the LSTMs and the linear layer), the CRF's scores to 0.
fn initialise(varmap: &VarMap, seed: u64) -> Result<()> {
    let mut rng = rng::from_seed(seed);
    let data = varmap
        .data()
        .lock()
        .map_err(|_| candle_core::Error::Msg("poisoned variables".into()))?;
    let mut names: Vec<&String> = data.keys().collect();
    names.sort();
    for name in names {
        let var = &data[name];
        let bound = if name.starts_with("lstm") {
            1.0 / (HIDDEN as f64).sqrt()
        } else if name.starts_with("out") {
            1.0 / ((2 * HIDDEN) as f64).sqrt()
        } else {
            0.0
        };
        let n = var.elem_count();
        let values: Vec<f32> = (0..n)
            .map(|_| ((rng::unit(&mut rng) * 2.0 - 1.0) * bound) as f32)
            .collect();
        var.set(&Tensor::from_vec(values, var.shape(), &Device::Cpu)?)?;
    }
    Ok(())
}

/// The tagger's accuracy on `examples`, decoding with [`decode`].
pub fn accuracy(tagger: &Tagger, examples: &[Example]) -> Result<Accuracy> {
    let crf = tagger.crf()?;
    let mut acc = Accuracy::default();
    let mut rng = rng::from_seed(0);
    for batch in batches(examples, 256, &mut rng) {
        let refs: Vec<&Example> = batch.iter().map(|&i| &examples[i]).collect();
        let (feats, _) = batch_tensors(&refs)?;
        let scores = tagger.emissions(&feats)?.to_vec3::<f32>()?;
        for (ex, hand_scores) in refs.iter().zip(scores) {
            let emissions: Vec<crf::Emission> = hand_scores.iter().map(|s| std::array::from_fn(|t| s[t])).collect();
            let tags = decode(&crf, ex.hand, &emissions).unwrap_or_default();
            let right = tags.iter().zip(&ex.tags).filter(|(&a, b)| a == b.index()).count() as u64;
            acc.cards_right += right;
            acc.cards += ex.tags.len() as u64;
            acc.hands_right += u64::from(right == ex.tags.len() as u64);
            acc.hands += 1;
        }
    }
    Ok(acc)
}

/// Trains a fresh tagger on `train`, reporting held-out accuracy on `test`
/// after each epoch (`on_epoch`) and each batch done (`on_batch(done, total)`).
pub fn train(
    train: &[Example],
    test: &[Example],
    config: &TrainConfig,
    mut on_batch: impl FnMut(usize, usize),
    mut on_epoch: impl FnMut(&EpochReport),
) -> Result<(VarMap, Tagger, Vec<EpochReport>)> {
    let varmap = VarMap::new();
    let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
    let tagger = Tagger::new(&vb)?;
    initialise(&varmap, config.seed)?;
    let mut opt = AdamW::new(
        varmap.all_vars(),
        ParamsAdamW {
            lr: config.learning_rate,
            weight_decay: 0.0,
            ..ParamsAdamW::default()
        },
    )?;
    let mut order = rng::from_seed(config.seed ^ 0x0ba7_c4e5);
    let mut reports = Vec::with_capacity(config.epochs);
    for epoch in 1..=config.epochs {
        let batches = batches(train, config.batch, &mut order);
        let (mut total, mut count) = (0.0f64, 0usize);
        for (done, batch) in batches.iter().enumerate() {
            let refs: Vec<&Example> = batch.iter().map(|&i| &train[i]).collect();
            let (feats, gold) = batch_tensors(&refs)?;
            let (start, end, trans) = tagger.crf_tensors();
            let loss = crf::nll(&tagger.emissions(&feats)?, &gold, start, end, trans)?;
            opt.backward_step(&loss)?;
            total += f64::from(loss.to_scalar::<f32>()?);
            count += 1;
            on_batch(done + 1, batches.len());
        }
        let report = EpochReport {
            epoch,
            loss: total / count.max(1) as f64,
            accuracy: accuracy(&tagger, test)?,
        };
        on_epoch(&report);
        reports.push(report);
    }
    Ok((varmap, tagger, reports))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::winner_example;
    use engine::clock::MonotonicClock;

    fn examples(seeds: std::ops::Range<u64>) -> Vec<Example> {
        let heuristic: engine::agents::PlayerSpec = "heuristic".parse().unwrap();
        seeds
            .map(|s| winner_example(s, [&heuristic; 3], &MonotonicClock::default()).unwrap())
            .collect()
    }

    fn weights(varmap: &VarMap) -> Vec<(String, Vec<f32>)> {
        let data = varmap.data().lock().unwrap();
        let mut out: Vec<(String, Vec<f32>)> = data
            .iter()
            .map(|(k, v)| (k.clone(), v.flatten_all().unwrap().to_vec1::<f32>().unwrap()))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    #[test]
    fn a_tiny_run_learns_and_is_reproducible() {
        let (train_set, test_set) = (examples(0..24), examples(100..108));
        let config = TrainConfig {
            epochs: 3,
            batch: 8,
            learning_rate: 0.02,
            seed: 7,
        };
        let mut batches = 0;
        let (a, tagger, reports) = train(&train_set, &test_set, &config, |_, _| batches += 1, |_| {}).unwrap();
        assert_eq!(reports.len(), 3);
        assert!(batches >= 3);
        assert!(reports.iter().all(
            |r| r.loss.is_finite() && r.accuracy.cards == test_set.iter().map(|e| e.tags.len() as u64).sum::<u64>()
        ));
        assert!(reports[2].loss < reports[0].loss, "{reports:?}");
        let (b, _, _) = train(&train_set, &test_set, &config, |_, _| {}, |_| {}).unwrap();
        assert_eq!(weights(&a), weights(&b));
        let (c, _, _) = train(
            &train_set,
            &test_set,
            &TrainConfig { seed: 8, ..config },
            |_, _| {},
            |_| {},
        )
        .unwrap();
        assert_ne!(weights(&a), weights(&c));

        // Saved and loaded, the model tags a hand the same way.
        let path = std::env::temp_dir().join(format!("ddz-learn-test-{}.safetensors", std::process::id()));
        a.save(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let loaded = crate::LearnedSplitter::from_bytes(&bytes).unwrap();
        let fresh = crate::LearnedSplitter::from_tagger(tagger).unwrap();
        let hand: engine::Cards = "34445556789TA22XD".parse().unwrap();
        assert_eq!(loaded.split(hand).unwrap(), fresh.split(hand).unwrap());
        assert!(crate::LearnedSplitter::from_bytes(b"not a model").is_err());
    }
}
