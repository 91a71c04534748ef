//! The learned splitter in the worker: its model is fetched the first time
//! a hand is split (`splitter.safetensors`, beside the page: the page sends
//! its address, since the worker runs from a `blob:` script whose own
//! address relative paths cannot be resolved against) and kept for every
//! later job of any connection.

use std::cell::RefCell;
use std::rc::Rc;

use engine::{Cards, Play};
use learn::LearnedSplitter;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;

use super::{Answer, JobError};

/// The model's file name, beside the page's `index.html`.
pub const MODEL_FILE: &str = "splitter.safetensors";

thread_local! {
    static SPLITTER: RefCell<Option<Rc<LearnedSplitter>>> = const { RefCell::new(None) };
}

/// Split one hand with the learned splitter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnedSplitJob {
    pub hand: Cards,
    /// The model's absolute address (see [`model_url`]); read the first
    /// time only.
    pub model_url: String,
}

/// The model's absolute address for a page at `page_url` (its fragment and
/// file name dropped), so the site works at any sub-path.
pub fn model_url(page_url: &str) -> String {
    let page = page_url.split('#').next().unwrap_or_default();
    let dir = page.rfind('/').map_or(page, |i| &page[..=i]);
    format!("{dir}{MODEL_FILE}")
}

/// A hand's learned split.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnedSplitResult {
    /// One class (`0`..`3`) per card, canonical card order.
    pub tags: String,
    /// The groups with kickers attached (the split as plays).
    pub plays: Vec<Play>,
}

/// The model's bytes from `url`, or why not, in the browser's words.
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let words = |v: wasm_bindgen::JsValue| v.as_string().unwrap_or_else(|| format!("{v:?}"));
    let global: web_sys::WorkerGlobalScope = js_sys::global()
        .dyn_into()
        .map_err(|_| "not running in a worker".to_string())?;
    let response: web_sys::Response = wasm_bindgen_futures::JsFuture::from(global.fetch_with_str(url))
        .await
        .map_err(words)?
        .dyn_into()
        .map_err(words)?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let buffer = wasm_bindgen_futures::JsFuture::from(response.array_buffer().map_err(words)?)
        .await
        .map_err(words)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The splitter, loading the model on first use.
async fn splitter(url: &str) -> Result<Rc<LearnedSplitter>, JobError> {
    if let Some(s) = SPLITTER.with(|c| c.borrow().clone()) {
        return Ok(s);
    }
    let bytes = fetch_bytes(url).await.map_err(JobError::Model)?;
    let loaded = Rc::new(LearnedSplitter::from_bytes(&bytes).map_err(|e| JobError::Model(e.to_string()))?);
    SPLITTER.with(|c| *c.borrow_mut() = Some(loaded.clone()));
    Ok(loaded)
}

/// Runs the job: the final answer.
pub async fn split(job: &LearnedSplitJob) -> Answer {
    let splitter = match splitter(&job.model_url).await {
        Ok(s) => s,
        Err(e) => return Answer::Failed(e),
    };
    match splitter.split(job.hand) {
        Ok(l) => Answer::LearnedSplit(LearnedSplitResult {
            tags: l.tags,
            plays: l.split.plays().to_vec(),
        }),
        Err(e) => Answer::Failed(JobError::Model(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_sits_beside_the_page() {
        let want = "https://example.org/a/b/splitter.safetensors";
        assert_eq!(model_url("https://example.org/a/b/#/deal?seed=4"), want);
        assert_eq!(model_url("https://example.org/a/b/index.html#/deal"), want);
        assert_eq!(
            model_url("http://127.0.0.1:8080/"),
            "http://127.0.0.1:8080/splitter.safetensors"
        );
    }
}
