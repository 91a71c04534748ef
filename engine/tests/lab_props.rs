//! The lab's exact computations against simulation.

use engine::lab::dih::{dih, dih_monte_carlo, Distribution};
use proptest::prelude::*;

/// A random score distribution over a few grades (like ±1..±(1+b)).
fn distribution() -> impl Strategy<Value = Distribution> {
    (1usize..=3, prop::collection::vec(1u32..100, 2..=8)).prop_map(|(bombs, weights)| {
        let grades: Vec<i64> = (1..=1 + bombs as i64).flat_map(|s| [-s, s]).collect();
        let total: u32 = weights.iter().take(grades.len()).sum();
        let points: Vec<(i64, f64)> = grades
            .iter()
            .zip(&weights)
            .map(|(&s, &w)| (s, f64::from(w) / f64::from(total)))
            .collect();
        Distribution::new(&points).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn dih_is_exact(d in distribution(), players in 2u32..=24, rounds in 1u32..=4, top in 1u32..=5) {
        let exact = dih(&d, players, rounds, top);
        let trials = 20_000;
        let simulated = dih_monte_carlo(&d, players, rounds, top, trials, 7);
        // Five standard errors of the simulated share.
        let sigma = (exact * (1.0 - exact) / f64::from(trials)).sqrt().max(1e-4);
        prop_assert!((exact - simulated).abs() < 5.0 * sigma, "exact {} simulated {} ({:?}, n {}, m {}, r {})", exact, simulated, d, players, rounds, top);
    }
}
