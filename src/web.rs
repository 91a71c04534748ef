//! Small bridges to the browser: the engine's clock seam over
//! `performance.now()` (or `Date.now()` where there is no `performance`),
//! fresh seeds from `Math.random()`, and form controls' values.

use engine::Clock;
use wasm_bindgen::JsCast;

/// The engine's clock in a window or a worker.
pub struct WebClock;

impl Clock for WebClock {
    fn now_ms(&self) -> f64 {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into())
            .ok()
            .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
        match performance {
            Some(p) => p.now(),
            None => js_sys::Date::now(),
        }
    }
}

/// A fresh deal seed, short enough to read out in class (below 10⁹).
pub fn fresh_seed() -> u64 {
    (js_sys::Math::random() * 1e9) as u64
}

/// A seed for the engine's randomness (full 64 bits).
pub fn random_u64() -> u64 {
    let hi = (js_sys::Math::random() * 4294967296.0) as u64;
    let lo = (js_sys::Math::random() * 4294967296.0) as u64;
    (hi << 32) | lo
}

/// For the browser tests' speed report: the exact best split of the
/// landlord's hand (20 cards) of seeds `0..deals`; returns the total number
/// of plays so the work cannot be skipped. The caller times it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_exact_split(deals: u32) -> u32 {
    let mut splitter = engine::Splitter::new();
    (0..u64::from(deals))
        .map(|s| {
            splitter
                .best(engine::Deal::from_seed(s).hand(engine::Seat::Landlord))
                .play_count()
        })
        .sum()
}

/// For the browser tests' speed report: the solver's benchmark
/// (`ddz solve-bench`) for one size, run in wasm; the cases as JSON.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_solve(landlord: usize, farmer: usize, positions: u32, seed: u64, limit_ms: f64) -> Result<String, String> {
    use engine::solver::{bench, SolveOptions};
    let table_bytes = SolveOptions::exhaustive().table_bytes;
    let cases = bench::run(
        landlord,
        farmer,
        u64::from(positions),
        seed,
        limit_ms,
        table_bytes,
        &WebClock,
    )
    .ok_or_else(|| format!("{landlord}+{farmer} cards do not fit a deck"))?;
    serde_json::to_string(&cases).map_err(|e| e.to_string())
}

/// For the browser tests' speed report: whole deals (`ddz solve-bench
/// --full`), seeds `seed..seed + deals`, run in wasm; the cases as JSON.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_full(deals: u32, seed: u64, limit_ms: f64) -> Result<String, String> {
    use engine::solver::{bench, SolveOptions};
    let cases = bench::run_full(
        u64::from(deals),
        seed,
        limit_ms,
        SolveOptions::exhaustive().table_bytes,
        &WebClock,
    );
    serde_json::to_string(&cases).map_err(|e| e.to_string())
}

/// The value of the input or select element an event came from.
pub fn input_value(e: &yew::Event) -> Option<String> {
    let target = e.target()?;
    if let Ok(i) = target.clone().dyn_into::<web_sys::HtmlInputElement>() {
        return Some(i.value());
    }
    if let Ok(a) = target.clone().dyn_into::<web_sys::HtmlTextAreaElement>() {
        return Some(a.value());
    }
    target.dyn_into::<web_sys::HtmlSelectElement>().ok().map(|s| s.value())
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// A localStorage value; `None` if absent or if storage is unavailable.
pub fn storage_get(key: &str) -> Option<String> {
    local_storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Stores a value; a full or disabled storage is ignored (the caller loses
/// only what it wanted to keep for later).
pub fn storage_set(key: &str, value: &str) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(key, value);
    }
}

/// Stores a value; `false` if it could not be (storage full or disabled),
/// for a caller that must tell the user.
pub fn storage_try_set(key: &str, value: &str) -> bool {
    local_storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

pub fn storage_remove(key: &str) {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(key);
    }
}

/// The localStorage keys starting with `prefix`.
pub fn storage_keys(prefix: &str) -> Vec<String> {
    let Some(s) = local_storage() else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| s.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect()
}

/// The time now, in milliseconds since 1970 (UTC).
pub fn unix_ms() -> f64 {
    js_sys::Date::now()
}

/// Uniform in [0, 1), for what only needs to look varied (AI pauses).
pub fn random_unit() -> f64 {
    js_sys::Math::random()
}
