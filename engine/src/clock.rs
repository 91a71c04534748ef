//! The clock seam. Players and search read time only through [`Clock`], so
//! the same code runs natively (where [`MonotonicClock`] wraps
//! `std::time::Instant`) and in wasm (where `Instant::now()` panics and the
//! app supplies a clock over `performance.now()`).

/// A monotonic clock in milliseconds from an arbitrary origin.
pub trait Clock {
    /// Milliseconds since the clock's origin; never decreasing.
    fn now_ms(&self) -> f64;
}

/// The native clock.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Clone, Copy, Debug)]
pub struct MonotonicClock(std::time::Instant);

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Default for MonotonicClock {
    fn default() -> Self {
        MonotonicClock(std::time::Instant::now())
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for MonotonicClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// When a move must be chosen by. Checked cooperatively: long computations
/// call [`Deadline::expired`] every so often and stop.
#[derive(Clone, Copy)]
pub struct Deadline<'a> {
    limit: Option<(&'a dyn Clock, f64)>,
}

impl<'a> Deadline<'a> {
    /// No time limit.
    pub const NONE: Deadline<'static> = Deadline { limit: None };

    /// `budget_ms` from now on `clock`.
    pub fn after(clock: &'a dyn Clock, budget_ms: f64) -> Deadline<'a> {
        Deadline {
            limit: Some((clock, clock.now_ms() + budget_ms)),
        }
    }

    /// Whether the deadline has passed (never, without a limit).
    pub fn expired(&self) -> bool {
        self.remaining_ms() <= 0.0
    }

    /// Milliseconds left (infinite without a limit, negative once past).
    pub fn remaining_ms(&self) -> f64 {
        match self.limit {
            Some((clock, end)) => end - clock.now_ms(),
            None => f64::INFINITY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct FakeClock(Cell<f64>);
    impl Clock for FakeClock {
        fn now_ms(&self) -> f64 {
            self.0.get()
        }
    }

    #[test]
    fn deadline_expires_when_the_clock_passes_it() {
        let clock = FakeClock(Cell::new(100.0));
        let deadline = Deadline::after(&clock, 50.0);
        assert!(!deadline.expired());
        clock.0.set(149.0);
        assert_eq!(deadline.remaining_ms(), 1.0);
        clock.0.set(150.0);
        assert!(deadline.expired());
        assert!(!Deadline::NONE.expired());
    }
}
