//! The transposition table: a fixed number of 64-byte buckets (one cache
//! line) of two 32-byte entries. The first entry of a bucket keeps the
//! proof that cost more to find, the second takes the newest, so a flood of
//! cheap results never washes out an expensive one; an estimate (a result
//! of depth-limited search) never displaces a proof that cost it more.

use std::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
use std::ptr::NonNull;

use crate::cards::Cards;
use crate::play::Move;

use super::key::{pack_play_shape, unpack_play, Key};
use super::SolveOptions;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Found {
    pub value: i32,
    pub bound: Bound,
    /// Remaining depth searched; ignored when `proven`.
    pub depth: u8,
    /// No horizon estimate went into it: valid at every depth.
    pub proven: bool,
    /// The best move, in the key's renamed ranks.
    pub best: Option<Move>,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: Key,
    value: i32,
    depth: u8,
    /// Bound (2 bits), proven (1 bit), log2 of the nodes behind it (5 bits).
    flags: u8,
    /// The best move's kind, rank and chain length; 0 = none.
    best_shape: u16,
    best_cards: u64,
}

const NO_MOVE: u16 = 0;
const PASS: u16 = 1 << 15;
const PLAY: u16 = 1 << 14;

impl Entry {
    /// Holds a proof (an empty slot holds none).
    fn proven(&self) -> bool {
        self.flags & 4 != 0
    }

    fn work(&self) -> u8 {
        self.flags >> 3
    }

    fn found(&self) -> Found {
        let bound = match self.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = match self.best_shape {
            NO_MOVE => None,
            PASS => Some(Move::Pass),
            shape => Cards::from_bits(self.best_cards).map(|c| Move::Play(unpack_play(c, shape & !PLAY))),
        };
        Found {
            value: self.value,
            bound,
            depth: self.depth,
            proven: self.proven(),
            best,
        }
    }
}

#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

pub(super) struct TransTable {
    buckets: Buckets,
    written: Written,
}

/// The slots of a table written since it was last empty, while they are
/// few (a sixteenth of the table): emptying it then zeroes only those. A
/// player built afresh for each move (as the referee builds them) reuses
/// its solver's memory this way instead of zeroing megabytes a move.
#[derive(Default)]
pub(super) struct Written {
    slots: Vec<u32>,
    /// Too many to list: emptying zeroes the whole table.
    all: bool,
}

impl Written {
    /// Slot `slot` of a table of `len` was written.
    #[inline]
    pub(super) fn note(&mut self, slot: usize, len: usize) {
        if self.all {
            return;
        }
        if self.slots.len() < len / 16 {
            self.slots.push(slot as u32);
        } else {
            self.all = true;
        }
    }

    /// Empties `slots` (the table these writes were to): the slots written,
    /// or all of them.
    pub(super) fn empty<T: Default + Copy>(&mut self, slots: &mut [T]) {
        if self.all {
            slots.fill(T::default());
        } else {
            for &i in &self.slots {
                slots[i as usize] = T::default();
            }
        }
        self.forget();
    }

    /// Nothing written.
    pub(super) fn forget(&mut self) {
        self.slots.clear();
        self.all = false;
    }
}

impl TransTable {
    /// A table of at most `bytes` (at least 64 KB, at most
    /// [`SolveOptions::MAX_TABLE_BYTES`], so any size asked for fits).
    ///
    /// The memory comes zeroed from the allocator (an all-zero bucket is an
    /// empty one), which for a large table means fresh pages from the OS,
    /// mapped only when a search first touches them: a 256 MB table costs
    /// nothing until it is used, and a small search touches a few pages.
    pub fn with_bytes(bytes: usize) -> TransTable {
        let bytes = bytes.min(SolveOptions::MAX_TABLE_BYTES);
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1024);
        // A power of two, so the index is a mask.
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        TransTable {
            buckets: Buckets::zeroed(n),
            written: Written::default(),
        }
    }

    fn bucket(&self, key: Key) -> usize {
        (key.hash() as usize) & (self.buckets.len() - 1)
    }

    /// Asks the memory system for `key`'s bucket ahead of [`TransTable::get`].
    #[inline]
    pub fn prefetch(&self, key: Key) {
        prefetch(&self.buckets[self.bucket(key)]);
    }

    pub fn get(&self, key: Key) -> Option<Found> {
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.key == key)
            .map(Entry::found)
    }

    /// Stores a result found with `nodes` nodes of search.
    pub fn put(&mut self, key: Key, found: Found, nodes: u64) {
        let (best_shape, best_cards) = match found.best {
            None => (NO_MOVE, 0),
            Some(Move::Pass) => (PASS, 0),
            Some(Move::Play(p)) => (PLAY | pack_play_shape(p), p.cards().bits()),
        };
        let bound = match found.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let work = (64 - nodes.leading_zeros()).min(31) as u8;
        let entry = Entry {
            key,
            value: found.value,
            depth: found.depth,
            flags: bound | u8::from(found.proven) << 2 | work << 3,
            best_shape,
            best_cards,
        };
        let i = self.bucket(key);
        self.written.note(i, self.buckets.len());
        let [first, second] = &mut self.buckets[i].0;
        // A proof holds at every depth: it never gives way to an estimate
        // of its own position, nor to a cheaper one elsewhere, so a search
        // resumed in slices, or deepened after a proof attempt, keeps its
        // proofs.
        if first.key == key || second.key == key {
            let slot = if first.key == key { first } else { second };
            if found.proven || !slot.proven() {
                *slot = entry;
            }
        } else if !found.proven {
            if !second.proven() || second.work() <= entry.work() {
                *second = entry;
            } else if !first.proven() {
                *first = entry;
            }
        } else if !first.proven() || entry.work() >= first.work() {
            if first.proven() {
                *second = *first;
            }
            *first = entry;
        } else {
            *second = entry;
        }
    }

    /// Empties the table: a fresh zeroed allocation, as lazy as the first.
    pub fn clear(&mut self) {
        self.buckets = Buckets::zeroed(self.buckets.len());
        self.written.forget();
    }

    /// Empties the table by zeroing the buckets written, when they were
    /// few; else as [`TransTable::clear`] does.
    pub fn empty(&mut self) {
        if self.written.all {
            self.clear();
        } else {
            self.written.empty(&mut self.buckets);
        }
    }
}

/// Asks the memory system for the cache line holding `data`, ahead of a read.
#[inline]
pub(super) fn prefetch<T>(data: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it reads nothing and cannot fault.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((data as *const T).cast())
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

/// Buckets zeroed by the allocator rather than written one by one, owned
/// like a `Vec`. They are asked for at 16-byte alignment, which the system
/// allocator serves with `calloc`: a large table is then fresh pages from
/// the OS, mapped only when a search first touches them. (Asked for at the
/// buckets' own 64-byte alignment, it would allocate and then write the
/// zeros itself: 0.2 s for 256 MB.) One bucket to spare lets them start on
/// a cache line all the same.
struct Buckets {
    base: NonNull<u8>,
    first: NonNull<Bucket>,
    len: usize,
}

// SAFETY: `Buckets` owns its memory alone, as a `Vec<Bucket>` would, and a
// `Bucket` is plain integers.
unsafe impl Send for Buckets {}
// SAFETY: as above; `&Buckets` only reads.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `n` (at least 1) empty buckets.
    fn zeroed(n: usize) -> Buckets {
        let layout = Self::layout(n);
        // SAFETY: the layout's size is non-zero (at least two buckets).
        let Some(base) = NonNull::new(unsafe { alloc_zeroed(layout) }) else {
            handle_alloc_error(layout)
        };
        // The base is 16-aligned, so at most 48 bytes of the spare bucket
        // go before the first, and `n` whole buckets follow it.
        let skip = base.as_ptr().align_offset(std::mem::align_of::<Bucket>());
        // SAFETY: `skip + n * 64` lies within the allocation (`(n + 1) * 64`
        // bytes). A `Bucket` is plain integers, for which all-zero bits are
        // a valid value: `Bucket::default()`, the empty bucket.
        let first = unsafe { base.add(skip) }.cast::<Bucket>();
        Buckets { base, first, len: n }
    }

    fn layout(n: usize) -> Layout {
        n.checked_add(1)
            .and_then(|b| b.checked_mul(std::mem::size_of::<Bucket>()))
            .and_then(|size| Layout::from_size_align(size, 16).ok())
            // `with_bytes` caps the size far below the address space.
            .unwrap_or_else(|| unreachable!("a table of {n} buckets is larger than any asked for"))
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` points to `len` initialised buckets that this
        // value owns (see `zeroed`).
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Buckets {
    fn deref_mut(&mut self) -> &mut [Bucket] {
        // SAFETY: as for `deref`, and `&mut self` is the only access.
        unsafe { std::slice::from_raw_parts_mut(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: `base` came from the global allocator with this layout.
        unsafe { dealloc(self.base.as_ptr(), Self::layout(self.len)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Play;

    fn key(n: u64) -> Key {
        Key { hands: n, rest: 7 }
    }

    fn found(value: i32, best: Option<Move>) -> Found {
        Found {
            value,
            bound: Bound::Lower,
            depth: 9,
            proven: true,
            best,
        }
    }

    #[test]
    fn entries_round_trip() {
        let mut t = TransTable::with_bytes(1 << 16);
        let play = Move::Play(Play::parse("444555+33").unwrap());
        t.put(key(1), found(5, Some(play)), 100);
        t.put(key(2), found(-3, Some(Move::Pass)), 100);
        let a = t.get(key(1)).unwrap();
        assert_eq!(
            (a.value, a.bound, a.depth, a.proven, a.best),
            (5, Bound::Lower, 9, true, Some(play))
        );
        assert_eq!(t.get(key(2)).unwrap().best, Some(Move::Pass));
        assert!(t.get(key(3)).is_none());
    }

    #[test]
    fn any_size_asked_for_is_capped() {
        // Untouched pages cost nothing: this is the largest table's address space only.
        let t = TransTable::with_bytes(usize::MAX);
        assert_eq!(
            t.buckets.len() * std::mem::size_of::<Bucket>(),
            SolveOptions::MAX_TABLE_BYTES
        );
    }

    #[test]
    fn a_zeroed_bucket_is_an_empty_one() {
        // The allocation relies on it (see `zeroed`).
        let t = TransTable::with_bytes(1 << 16);
        assert!(t
            .buckets
            .iter()
            .all(|b| b.0.iter().all(|e| e.key == Key::EMPTY && e.flags == 0)));
        assert_eq!(t.buckets.len(), 1024);
        // On a cache line each, the spare bucket's bytes notwithstanding.
        assert_eq!(t.buckets.as_ptr().align_offset(64), 0);
        assert!(t.get(key(1)).is_none());
        let mut t = TransTable::with_bytes(1 << 16);
        t.put(key(1), found(5, None), 1);
        t.clear();
        assert!(t.get(key(1)).is_none());
    }

    #[test]
    fn an_expensive_result_survives_cheap_ones() {
        // A one-bucket table: every key collides.
        let mut t = TransTable {
            buckets: Buckets::zeroed(1),
            written: Written::default(),
        };
        t.put(key(1), found(1, None), 1 << 20);
        for n in 2..50 {
            t.put(key(n), found(0, None), 10);
        }
        assert_eq!(t.get(key(1)).map(|f| f.value), Some(1));
        assert!(t.get(key(49)).is_some());
    }

    fn estimate(value: i32) -> Found {
        Found {
            proven: false,
            ..found(value, None)
        }
    }

    #[test]
    fn an_estimate_never_replaces_the_proof_of_its_position() {
        let mut t = TransTable::with_bytes(1 << 16);
        t.put(key(1), found(5, None), 10);
        t.put(key(1), estimate(-2), 1 << 30);
        assert_eq!(t.get(key(1)).map(|f| (f.value, f.proven)), Some((5, true)));
        // A proof replaces an estimate, and a newer proof an older one.
        t.put(key(2), estimate(-2), 10);
        t.put(key(2), found(7, None), 10);
        assert_eq!(t.get(key(2)).map(|f| (f.value, f.proven)), Some((7, true)));
        t.put(key(2), found(8, None), 10);
        assert_eq!(t.get(key(2)).map(|f| f.value), Some(8));
    }

    #[test]
    fn estimates_keep_out_of_costlier_proofs() {
        let mut t = TransTable {
            buckets: Buckets::zeroed(1),
            written: Written::default(),
        };
        t.put(key(1), found(1, None), 1 << 20);
        t.put(key(2), found(2, None), 1 << 10);
        for n in 3..50 {
            t.put(key(n), estimate(0), 10);
        }
        assert_eq!(t.get(key(1)).map(|f| f.value), Some(1));
        assert_eq!(t.get(key(2)).map(|f| f.value), Some(2));
        assert!(t.get(key(49)).is_none());
        // A costlier estimate takes the cheaper proof's place.
        t.put(key(50), estimate(0), 1 << 12);
        assert!(t.get(key(2)).is_none());
        assert!(t.get(key(50)).is_some());
        assert_eq!(t.get(key(1)).map(|f| f.value), Some(1));
    }
}
