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

/// Marks the first time something happens in the page's life, as a
/// `performance` mark. Two are read: "first-render", the first page on
/// screen, after which index.html lets the rest of the site download (the
/// engine worker's files, the service worker's copy for offline use); and
/// "first-cards", the first cards shown, which the browser tests and the
/// load bench time and count bytes up to.
pub fn mark_once(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        if p.get_entries_by_name(name).length() == 0 {
            let _ = p.mark(name);
        }
    }
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

/// Why a value could not be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// The browser's storage for this site is full (its quota, about 5 MB).
    Full,
    /// There is no storage (disabled, or a private window that refuses it).
    Unavailable,
    /// [`ASIDE_SLOTS`] copies of unreadable text are already kept aside.
    AsideFull,
}

/// What became of stored text that could not be read, moved aside so
/// that it is neither read again nor written over ([`set_aside`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetAside {
    /// Now under the set-aside key.
    Kept,
    /// The copy could not be written (storage full): left where it was.
    LeftInPlace(StorageError),
    /// Neither the copy nor the original could be written back.
    Lost(StorageError),
}

/// A key–value store: localStorage, or a map in the tests.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&mut self, key: &str);
}

/// This site's localStorage.
pub struct Local;

impl Store for Local {
    fn get(&self, key: &str) -> Option<String> {
        local_storage().and_then(|s| s.get_item(key).ok().flatten())
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        let s = local_storage().ok_or(StorageError::Unavailable)?;
        s.set_item(key, value).map_err(|e| {
            // Chromium and Firefox name it so; Safari's private mode too.
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
                .unwrap_or_default();
            if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
                StorageError::Full
            } else {
                StorageError::Unavailable
            }
        })
    }

    fn remove(&mut self, key: &str) {
        if let Some(s) = local_storage() {
            let _ = s.remove_item(key);
        }
    }
}

/// A localStorage value; `None` if absent or if storage is unavailable.
pub fn storage_get(key: &str) -> Option<String> {
    Local.get(key)
}

/// Stores a value, or says why it could not (the caller tells the user
/// when what it keeps matters).
#[must_use = "a value that was not stored is lost: tell the user"]
pub fn storage_set(key: &str, value: &str) -> Result<(), StorageError> {
    Local.set(key, value)
}

pub fn storage_remove(key: &str) {
    Local.remove(key)
}

/// How many copies of unreadable text one key may have kept aside.
pub const ASIDE_SLOTS: usize = 9;

/// Moves the text under `key` to `aside`, or to `aside.2` … `aside.9` when
/// earlier copies are there: a copy is never written over.
///
/// The original is removed before the copy is written, so the copy fits
/// wherever the original did (a copy written first would not fit in a
/// nearly full storage, and the original would then be lost with it); if
/// the copy still fails, the original is put back.
pub fn move_aside(store: &mut impl Store, key: &str, aside: &str) -> SetAside {
    let Some(text) = store.get(key) else {
        return SetAside::Kept;
    };
    let free = aside_slots(aside).find(|k| store.get(k).is_none());
    let Some(aside) = free else {
        return SetAside::LeftInPlace(StorageError::AsideFull);
    };
    store.remove(key);
    match store.set(&aside, &text) {
        Ok(()) => SetAside::Kept,
        Err(why) => match store.set(key, &text) {
            Ok(()) => SetAside::LeftInPlace(why),
            Err(_) => SetAside::Lost(why),
        },
    }
}

/// The slots [`move_aside`] fills for `aside`, in the order it fills them.
fn aside_slots(aside: &str) -> impl Iterator<Item = String> + '_ {
    std::iter::once(aside.to_string()).chain((2..=ASIDE_SLOTS).map(move |i| format!("{aside}.{i}")))
}

/// The text most recently moved aside under `aside` (the last slot filled).
pub fn latest_aside(store: &impl Store, aside: &str) -> Option<String> {
    aside_slots(aside).map_while(|k| store.get(&k)).last()
}

/// [`move_aside`] in localStorage.
pub fn set_aside(key: &str, aside: &str) -> SetAside {
    move_aside(&mut Local, key, aside)
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A store holding at most `room` characters of keys and values, as
    /// localStorage counts its quota.
    struct Small {
        room: usize,
        items: BTreeMap<String, String>,
    }

    impl Small {
        fn used(&self) -> usize {
            self.items.iter().map(|(k, v)| k.len() + v.len()).sum()
        }
    }

    impl Store for Small {
        fn get(&self, key: &str) -> Option<String> {
            self.items.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
            let old = self.items.get(key).map_or(0, |v| key.len() + v.len());
            if self.used() - old + key.len() + value.len() > self.room {
                return Err(StorageError::Full);
            }
            self.items.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.items.remove(key);
        }
    }

    fn store(room: usize, text: &str) -> Small {
        let mut s = Small {
            room,
            items: BTreeMap::new(),
        };
        s.set("k", text).unwrap();
        s
    }

    #[test]
    fn text_too_big_to_copy_beside_itself_is_still_moved() {
        // Room for the text once, not twice: a copy written first fails.
        let text = "x".repeat(1000);
        let mut s = store(1500, &text);
        assert_eq!(move_aside(&mut s, "k", "aside"), SetAside::Kept);
        assert_eq!(s.get("aside").as_deref(), Some(text.as_str()));
        assert_eq!(s.get("k"), None);
    }

    #[test]
    fn text_that_cannot_be_copied_at_all_stays_where_it_was() {
        // The set-aside key is longer than the original's, and the store
        // is full to the last character.
        let text = "x".repeat(1000);
        let mut s = store(1001, &text);
        assert_eq!(
            move_aside(&mut s, "k", "aside"),
            SetAside::LeftInPlace(StorageError::Full)
        );
        assert_eq!(s.get("k").as_deref(), Some(text.as_str()));
    }

    #[test]
    fn earlier_copies_are_never_written_over() {
        let mut s = store(100_000, "first");
        assert_eq!(move_aside(&mut s, "k", "aside"), SetAside::Kept);
        for n in 2..=ASIDE_SLOTS {
            s.set("k", &format!("copy {n}")).unwrap();
            assert_eq!(move_aside(&mut s, "k", "aside"), SetAside::Kept);
            assert_eq!(s.get(&format!("aside.{n}")), Some(format!("copy {n}")));
        }
        assert_eq!(s.get("aside").as_deref(), Some("first"));
        assert_eq!(latest_aside(&s, "aside"), Some(format!("copy {ASIDE_SLOTS}")));
        // Every slot taken: the text stays where it is.
        s.set("k", "tenth").unwrap();
        assert_eq!(
            move_aside(&mut s, "k", "aside"),
            SetAside::LeftInPlace(StorageError::AsideFull)
        );
        assert_eq!(s.get("k").as_deref(), Some("tenth"));
    }
}
