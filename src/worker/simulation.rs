//! A deal played many times by baseline players (the Deal page).

use std::collections::BTreeMap;
use std::convert::Infallible;

use engine::agents::{GreedyPlayer, RandomPlayer};
use engine::{rng, step_until, Clock, Completion, Deadline, Deal, Game, Player, Seat, Stepwise};
use serde::{Deserialize, Serialize};

use super::{JobError, Quantity};

/// A baseline player the worker can seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Baseline {
    Random,
    Greedy,
}

/// Play `deal` `games` times with these players (landlord first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimulationJob {
    pub deal: Deal,
    pub players: [Baseline; 3],
    pub games: u32,
    pub seed: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimulationResult {
    pub games: u32,
    pub landlord_wins: u32,
    /// Landlord score (tournament scoring) → how many games ended with it.
    pub scores: BTreeMap<i64, u32>,
    /// Plays each seat could lead with its dealt hand.
    pub lead_counts: [u32; 3],
}

impl SimulationResult {
    pub fn average_score(&self) -> f64 {
        let total: i64 = self.scores.iter().map(|(s, n)| s * i64::from(*n)).sum();
        total as f64 / f64::from(self.games.max(1))
    }
}

/// A simulation in progress.
pub struct Simulation {
    job: SimulationJob,
    seeds: rng::Rng,
    result: SimulationResult,
}

impl Simulation {
    pub fn new(job: SimulationJob) -> Result<Simulation, JobError> {
        Quantity::Games.count(job.games)?;
        let mut lead_counts = [0u32; 3];
        for seat in Seat::ALL {
            let mut n = 0usize;
            engine::lead_plays(job.deal.hand(seat), &mut n);
            lead_counts[seat.index()] = n as u32;
        }
        Ok(Simulation {
            seeds: rng::from_seed(job.seed),
            result: SimulationResult {
                lead_counts,
                ..SimulationResult::default()
            },
            job,
        })
    }

    /// Plays a game.
    fn step(&mut self) {
        let mut table: Vec<Box<dyn Player>> = self
            .job
            .players
            .iter()
            .map(|p| -> Box<dyn Player> {
                match p {
                    Baseline::Random => Box::new(RandomPlayer::new(rng::split(&mut self.seeds))),
                    Baseline::Greedy => Box::new(GreedyPlayer::new()),
                }
            })
            .collect();
        let mut game = Game::new(&self.job.deal);
        while !game.is_over() {
            let seat = game.to_move();
            let mv = table[seat.index()].choose(&game.view(seat), &Deadline::NONE);
            // The baselines only choose legal moves; should one not, the
            // game is counted as it stands rather than stopping the worker.
            if game.apply(mv).is_err() {
                break;
            }
        }
        if let Some(outcome) = game.outcome() {
            let score = outcome.score(engine::Scoring::Tournament);
            *self.result.scores.entry(score).or_default() += 1;
            if score > 0 {
                self.result.landlord_wins += 1;
            }
        }
        self.result.games += 1;
    }
}

/// A step is a game.
impl Stepwise for Simulation {
    type Tools = ();
    type Output = SimulationResult;
    type Error = Infallible;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, _: &dyn Clock) -> Result<(), Infallible> {
        step_until(self, deadline, |sim| {
            sim.step();
            Ok(())
        })
    }

    fn completion(&self) -> Completion {
        Completion {
            done: self.result.games.into(),
            total: self.job.games.into(),
        }
    }

    fn is_done(&self) -> bool {
        self.result.games >= self.job.games
    }

    fn output(&self) -> SimulationResult {
        self.result.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulation_counts_every_game_and_is_reproducible() {
        let job = SimulationJob {
            deal: Deal::from_seed(42),
            players: [Baseline::Random, Baseline::Greedy, Baseline::Random],
            games: 50,
            seed: 9,
        };
        let run = || {
            let mut sim = Simulation::new(job.clone()).unwrap();
            let clock = engine::clock::MonotonicClock::default();
            let Ok(result) = sim.finish(&mut (), &clock);
            result
        };
        let result = run();
        assert_eq!(result.games, 50);
        assert_eq!(result.scores.values().sum::<u32>(), 50);
        assert_eq!(
            result.landlord_wins,
            result
                .scores
                .iter()
                .filter(|(s, _)| **s > 0)
                .map(|(_, n)| n)
                .sum::<u32>()
        );
        assert!(result.scores.keys().all(|s| *s != 0));
        assert_eq!(result, run());
        let mut n = 0usize;
        engine::lead_plays(job.deal.hand(Seat::Landlord), &mut n);
        assert_eq!(result.lead_counts[0] as usize, n);
        // No games is refused, not reported as a result.
        assert!(Simulation::new(SimulationJob { games: 0, ..job }).is_err());
    }
}
