//! The network: a bidirectional LSTM over the cards' features (candle's
//! LSTM run forwards, and again over the reversed cards), a linear layer
//! to four emission scores per card, and the CRF's scores as parameters.

use candle_core::{DType, Device, Module, Result, Tensor};
use candle_nn::rnn::{Direction, LSTMConfig, LSTM, RNN};
use candle_nn::{Init, Linear, VarBuilder};

use crate::crf::{Crf, Emission, TAGS};
use crate::features::FEATURES;

/// Hidden units of each direction's LSTM.
pub const HIDDEN: usize = 48;

/// The tagger's layers.
#[derive(Clone, Debug)]
pub struct Tagger {
    forward: LSTM,
    backward: LSTM,
    out: Linear,
    start: Tensor,
    end: Tensor,
    transitions: Tensor,
}

impl Tagger {
    /// The layers from `vb`: a trained model's weights, or fresh variables
    /// when `vb` is over a `VarMap` (then [`crate::train`] sets their values).
    pub fn new(vb: &VarBuilder) -> Result<Tagger> {
        let lstm = vb.pp("lstm");
        let forward = candle_nn::rnn::lstm(FEATURES, HIDDEN, LSTMConfig::default(), lstm.clone())?;
        let backward = candle_nn::rnn::lstm(
            FEATURES,
            HIDDEN,
            LSTMConfig {
                direction: Direction::Backward,
                ..LSTMConfig::default()
            },
            lstm,
        )?;
        let out = candle_nn::linear(2 * HIDDEN, TAGS, vb.pp("out"))?;
        let crf = vb.pp("crf");
        let zero = Init::Const(0.0);
        Ok(Tagger {
            forward,
            backward,
            out,
            start: crf.get_with_hints(TAGS, "start", zero)?,
            end: crf.get_with_hints(TAGS, "end", zero)?,
            transitions: crf.get_with_hints((TAGS, TAGS), "transitions", zero)?,
        })
    }

    /// Loads a model saved by training (safetensors bytes).
    pub fn from_bytes(bytes: &[u8]) -> Result<Tagger> {
        let vb = VarBuilder::from_slice_safetensors(bytes, DType::F32, &Device::Cpu)?;
        Tagger::new(&vb)
    }

    /// Emission scores `[batch, cards, 4]` for features `[batch, cards, FEATURES]`.
    pub fn emissions(&self, features: &Tensor) -> Result<Tensor> {
        let ahead = self.forward.states_to_tensor(&self.forward.seq(features)?)?;
        let reversed = features.flip(&[1])?;
        let behind = self
            .backward
            .states_to_tensor(&self.backward.seq(&reversed)?)?
            .flip(&[1])?;
        self.out.forward(&Tensor::cat(&[ahead, behind], 2)?)
    }

    /// The CRF's start, end and transition scores (tensors, for the loss).
    pub fn crf_tensors(&self) -> (&Tensor, &Tensor, &Tensor) {
        (&self.start, &self.end, &self.transitions)
    }

    /// The CRF's scores as plain numbers, for decoding.
    pub fn crf(&self) -> Result<Crf> {
        let start = self.start.to_vec1::<f32>()?;
        let end = self.end.to_vec1::<f32>()?;
        let trans = self.transitions.to_vec2::<f32>()?;
        Ok(Crf {
            start: std::array::from_fn(|t| start[t]),
            end: std::array::from_fn(|t| end[t]),
            transitions: std::array::from_fn(|a| std::array::from_fn(|b| trans[a][b])),
        })
    }

    /// The emission scores of one hand's cards (`rows` from [`crate::features::features`]).
    pub fn hand_emissions(&self, rows: &[[f32; FEATURES]]) -> Result<Vec<Emission>> {
        if rows.is_empty() {
            return Ok(vec![]);
        }
        let flat: Vec<f32> = rows.iter().flatten().copied().collect();
        let input = Tensor::from_vec(flat, (1, rows.len(), FEATURES), &Device::Cpu)?;
        let scores = self.emissions(&input)?.squeeze(0)?.to_vec2::<f32>()?;
        Ok(scores.iter().map(|s| std::array::from_fn(|t| s[t])).collect())
    }
}
