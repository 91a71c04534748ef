//! The network: a bidirectional LSTM over the cards' features (candle's
//! LSTM run forwards, and again over the reversed cards), a linear layer
//! to four emission scores per card, and the CRF's scores as parameters.

use candle_core::{DType, Device, Error, Module, Result, Tensor};
use candle_nn::rnn::{Direction, LSTMConfig, LSTM, RNN};
use candle_nn::{Init, Linear, VarBuilder};

use crate::crf::{Crf, Emission, TAGS};
use crate::features::FEATURES;

/// Hidden units of each direction's LSTM.
pub const HIDDEN: usize = 48;

/// The network's parameters: two LSTMs (input and hidden weights, two
/// biases, for each of their four gates), the output layer and the CRF's
/// start, end and transition scores. 31,516.
pub const PARAMETERS: usize =
    2 * (4 * HIDDEN * (FEATURES + HIDDEN) + 2 * 4 * HIDDEN) + TAGS * (2 * HIDDEN + 1) + TAGS * (2 + TAGS);

/// The most bytes a model file of this network can hold: every parameter
/// as f64 (the widest float safetensors stores; training writes f32) and
/// 64 KiB for the header of names, shapes and offsets (about 1 KiB as
/// training writes it). Anything longer is not a model, so no read goes
/// past this.
pub const MAX_FILE_BYTES: u64 = (8 * PARAMETERS + 64 * 1024) as u64;

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

    /// Loads a model saved by training (safetensors bytes): at most
    /// [`MAX_FILE_BYTES`], every weight a finite number (a NaN would only
    /// show later as a hand without scores).
    pub fn from_bytes(bytes: &[u8]) -> Result<Tagger> {
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(Error::Msg(format!(
                "{} bytes; a model of this network holds at most {MAX_FILE_BYTES} bytes",
                bytes.len()
            )));
        }
        let tensors = candle_core::safetensors::load_buffer(bytes, &Device::Cpu)?;
        let mut names: Vec<&String> = tensors.keys().collect();
        names.sort();
        for name in names {
            let weights = tensors[name].to_dtype(DType::F32)?.flatten_all()?.to_vec1::<f32>()?;
            if let Some((i, w)) = weights.iter().enumerate().find(|(_, w)| !w.is_finite()) {
                let what = if w.is_nan() { "NaN" } else { "infinite" };
                return Err(Error::Msg(format!("weight {i} of {name} is {what}")));
            }
        }
        Tagger::new(&VarBuilder::from_tensors(tensors, DType::F32, &Device::Cpu))
    }

    /// A model's bytes as [`Tagger::from_bytes`] reads them (safetensors),
    /// so the caller decides how the file is written.
    pub fn to_bytes(varmap: &candle_nn::VarMap) -> Result<Vec<u8>> {
        let data = varmap.data().lock().map_err(|e| Error::Msg(e.to_string()))?;
        let tensors: Vec<(&String, &Tensor)> = data.iter().map(|(k, v)| (k, v.as_tensor())).collect();
        safetensors::tensor::serialize(tensors, None).map_err(|e| Error::Msg(e.to_string()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parameter_count_is_the_networks() {
        let varmap = candle_nn::VarMap::new();
        Tagger::new(&VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu)).unwrap();
        let count: usize = varmap.all_vars().iter().map(|v| v.elem_count()).sum();
        assert_eq!(count, PARAMETERS);
        // The shipped model is within the bound, with room for f64.
        let shipped = include_bytes!("../../assets/splitter.safetensors");
        assert!(
            2 * shipped.len() as u64 <= MAX_FILE_BYTES,
            "{} of {MAX_FILE_BYTES}",
            shipped.len()
        );
    }

    #[test]
    fn a_model_past_the_bound_is_refused_before_parsing() {
        let e = Tagger::from_bytes(&vec![0; MAX_FILE_BYTES as usize + 1]).unwrap_err();
        assert!(
            e.to_string().contains(&format!("at most {MAX_FILE_BYTES} bytes")),
            "{e}"
        );
    }
}
