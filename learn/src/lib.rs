//! The splitting paper's learned splitter: every card of a hand tagged
//! with one of four classes (0 single or straight, 1 pair or pair chain,
//! 2 trio or airplane, 3 bomb or rocket) by a bidirectional LSTM with a CRF
//! layer, the tags turned into groups by the paper's rule
//! ([`engine::split::groups_from_labels`]) and kickers attached as the
//! baseline attaches them.
//!
//! - [`features`]: what the network sees of each card.
//! - [`crf`]: the CRF (forward algorithm, score, Viterbi), as tensors for
//!   training and as plain numbers for decoding.
//! - [`decode`]: the best tags that make whole groups.
//! - [`model`]: the network (candle's LSTM, forwards and backwards).
//! - [`data`]: labelled hands from self-play.
//! - [`train`]: training and held-out accuracy.
//!
//! The engine knows nothing of this crate; the CLI and the web app's
//! worker use it through [`LearnedSplitter`].

pub mod crf;
pub mod data;
pub mod decode;
pub mod features;
pub mod model;
pub mod train;

use engine::split::{attach_kickers, groups_from_labels, Class};
use engine::{Cards, Play, Split};

pub use model::Tagger;

/// Why the learned splitter could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum LearnError {
    /// The model file could not be read (not safetensors, wrong shapes).
    #[error("the splitter model could not be read: {0}")]
    Model(String),
    /// The network failed on a hand (should not happen with a readable model).
    #[error("the splitter model failed: {0}")]
    Run(String),
}

impl From<candle_core::Error> for LearnError {
    fn from(e: candle_core::Error) -> Self {
        LearnError::Run(e.to_string())
    }
}

/// A hand's learned split: the tags and what they make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedSplit {
    /// One class per card, canonical card order, as digits (`0` .. `3`).
    pub tags: String,
    /// The groups the tags make (straights, pair chains, airplanes, bombs,
    /// the rocket, trios, pairs, singles), before kickers.
    pub groups: Vec<Play>,
    /// The groups with kickers attached: the split as plays.
    pub split: Split,
}

/// A trained tagger, ready to split hands.
#[derive(Clone, Debug)]
pub struct LearnedSplitter {
    tagger: Tagger,
    crf: crf::Crf,
}

impl LearnedSplitter {
    /// The splitter of a model saved by `ddz train-splitter` (safetensors bytes).
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedSplitter, LearnError> {
        let tagger = Tagger::from_bytes(bytes).map_err(|e| LearnError::Model(e.to_string()))?;
        LearnedSplitter::from_tagger(tagger)
    }

    /// The splitter of a tagger in memory (as training leaves it).
    pub fn from_tagger(tagger: Tagger) -> Result<LearnedSplitter, LearnError> {
        let crf = tagger.crf().map_err(|e| LearnError::Model(e.to_string()))?;
        Ok(LearnedSplitter { tagger, crf })
    }

    /// The classes of `hand`'s cards (canonical order), always making whole groups.
    pub fn tags(&self, hand: Cards) -> Result<Vec<Class>, LearnError> {
        let emissions = self.tagger.hand_emissions(&features::features(hand))?;
        let tags =
            decode::decode(&self.crf, hand, &emissions).ok_or_else(|| LearnError::Run("one score per card".into()))?;
        tags.into_iter()
            .map(|t| Class::from_index(t).ok_or_else(|| LearnError::Run(format!("tag {t} is no class"))))
            .collect()
    }

    /// `hand` split by the model.
    pub fn split(&self, hand: Cards) -> Result<LearnedSplit, LearnError> {
        let classes = self.tags(hand)?;
        let groups = groups_from_labels(hand, &classes).map_err(|e| LearnError::Run(e.to_string()))?;
        let tags: String = classes.iter().map(|c| c.digit()).collect();
        let split = Split::from_plays(attach_kickers(&groups));
        Ok(LearnedSplit { tags, groups, split })
    }
}
