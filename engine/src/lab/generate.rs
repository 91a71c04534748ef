//! Equal-strength deals on demand (the GDI paper's closing wish): deal
//! fresh seeded deals, estimate each one's GDI with a panel, keep those
//! within ε of a centre. The seeds tried and kept are recorded, so a run
//! is reproduced by its settings.

use serde::Serialize;

use crate::agents::PlayerError;
use crate::clock::{Clock, Deadline};
use crate::deal::Deal;
use crate::limits::{self, LimitError};
use crate::stepwise::{step_until, Completion, Stepwise};

use super::library::Entry;
use super::panel::{gdi_distance, score_distribution, GdiCentre, Panel};

/// A deal kept: its entry (seed, deal, distribution, GDI) and its
/// distance from the centre.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Kept {
    /// The deal and its panel results.
    pub entry: Entry,
    /// Its GDI's distance from the centre (below ε).
    pub distance: f64,
}

/// A generator's settings, checked.
#[derive(Clone, Debug)]
pub struct Generator {
    centre: GdiCentre,
    eps: f64,
    panel: Panel,
    games: u32,
    /// The next seed to deal; none once past the last seed.
    next: Option<u64>,
    /// Seeds dealt so far.
    tried: u64,
}

impl Generator {
    /// Deals from `seed` on, under `panel` with `games` per table (in
    /// [`limits::GAMES`]), keeping deals within `eps` (in [`limits::EPS`]) of `centre`.
    pub fn new(centre: GdiCentre, eps: f64, panel: Panel, games: u32, seed: u64) -> Result<Generator, LimitError> {
        limits::check("games", games, &limits::GAMES)?;
        limits::check("eps", eps, &limits::EPS)?;
        Ok(Generator {
            centre,
            eps,
            panel,
            games,
            next: Some(seed),
            tried: 0,
        })
    }

    /// Seeds dealt so far.
    pub fn tried(&self) -> u64 {
        self.tried
    }

    /// The next seed to be dealt (`None` past the last seed).
    pub fn next_seed(&self) -> Option<u64> {
        self.next
    }

    /// The next `n` seeds to deal, in order (fewer at the last seed); the
    /// caller judges each with [`Generator::judge`], in any order or in
    /// parallel, and counts them with [`Generator::advance`].
    pub fn batch(&self, n: u64) -> Vec<u64> {
        let Some(first) = self.next_seed() else {
            return Vec::new();
        };
        (0..n).map_while(|i| first.checked_add(i)).collect()
    }

    /// Marks the next `n` seeds (a batch) as dealt.
    pub fn advance(&mut self, n: u64) {
        self.tried = self.tried.saturating_add(n);
        self.next = self.next.and_then(|s| s.checked_add(n));
    }

    /// Plays deal `seed` under the panel (as [`Entry::build`] does): kept
    /// if its GDI lies within ε of the centre (same number of grades).
    pub fn judge(&self, seed: u64, clock: &dyn Clock) -> Result<Option<Kept>, PlayerError> {
        let deal = Deal::from_seed(seed);
        let distribution = score_distribution(&deal, seed, &self.panel, self.games, clock)?;
        let entry = Entry {
            seed,
            deal: deal.to_string(),
            gdi: distribution.gdi(),
            distribution,
            par: None,
        };
        Ok(gdi_distance(&entry.gdi, self.centre.values())
            .filter(|&d| d < self.eps)
            .map(|distance| Kept { entry, distance }))
    }
}

/// A search for equal-strength deals one seed at a time: until `count`
/// deals are kept, `max_deals` dealt, or the seeds run out.
#[derive(Clone, Debug)]
pub struct GenerateRun {
    generator: Generator,
    count: usize,
    max_deals: u64,
    kept: Vec<Kept>,
}

impl GenerateRun {
    /// A search with `generator`, nothing dealt yet.
    pub fn new(generator: Generator, count: usize, max_deals: u64) -> GenerateRun {
        GenerateRun {
            generator,
            count,
            max_deals,
            kept: Vec::new(),
        }
    }

    /// Its generator (seeds dealt so far, the next one).
    pub fn generator(&self) -> &Generator {
        &self.generator
    }
}

/// A step is a seed dealt and judged; the output is the deals kept so far.
impl Stepwise for GenerateRun {
    type Tools = ();
    type Output = Vec<Kept>;
    type Error = PlayerError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), PlayerError> {
        step_until(self, deadline, |run| {
            // A run that is not done has a next seed (`is_done`).
            if let Some(seed) = run.generator.next_seed() {
                run.kept.extend(run.generator.judge(seed, clock)?);
                run.generator.advance(1);
            }
            Ok(())
        })
    }

    fn completion(&self) -> Completion {
        Completion {
            done: self.generator.tried(),
            total: self.max_deals,
        }
    }

    fn is_done(&self) -> bool {
        self.kept.len() >= self.count
            || self.generator.tried() >= self.max_deals
            || self.generator.next_seed().is_none()
    }

    fn output(&self) -> Vec<Kept> {
        self.kept.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::lab::panel::PanelName;

    #[test]
    fn kept_deals_lie_within_eps_recomputed() {
        let clock = MonotonicClock::default();
        let centre: GdiCentre = "0.5,0.1,0.02".parse().unwrap();
        let panel = PanelName::Quick.panel();
        let mut g = Generator::new(centre.clone(), 0.35, panel.clone(), 2, 100).unwrap();
        let mut kept = Vec::new();
        while kept.len() < 3 && g.tried() < 400 {
            for seed in g.batch(8) {
                kept.extend(g.judge(seed, &clock).unwrap());
            }
            g.advance(8);
        }
        assert!(!kept.is_empty());
        for k in &kept {
            // The distance again, from a fresh build of the same seed.
            let again = Entry::build(k.entry.seed, &panel, 2, &clock).unwrap();
            let d = gdi_distance(&again.gdi, centre.values()).unwrap();
            assert_eq!(d, k.distance);
            assert!(d < 0.35);
        }
        assert!(Generator::new(centre.clone(), 0.0, panel.clone(), 2, 0).is_err());
        assert!(Generator::new(centre.clone(), f64::NAN, panel.clone(), 2, 0).is_err());
        assert!(Generator::new(centre, 0.1, panel, 0, 0).is_err());
        // The last seed is dealt once, then the seeds run out.
        let mut g = Generator::new("0.5".parse().unwrap(), 0.1, PanelName::Quick.panel(), 1, u64::MAX - 1).unwrap();
        assert_eq!(g.batch(5), vec![u64::MAX - 1, u64::MAX]);
        g.advance(2);
        assert_eq!(g.batch(5), Vec::<u64>::new());
    }
}
