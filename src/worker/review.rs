//! A finished deal looked over move by move with every hand open (the Play
//! page's 明牌复盘): solved from the last position back, each proof helping
//! the ones before it.

use std::convert::Infallible;

use engine::solver::{Position, SolveOptions, Solver};
use engine::{step_until, Cards, Clock, Completion, Deadline, Deal, Game, Move, Seat, Stepwise, Team};
use serde::{Deserialize, Serialize};

use super::{JobError, Quantity};

/// Review `record` on `deal`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewJob {
    pub deal: Deal,
    pub record: Vec<(Seat, Move)>,
    /// For the whole review; late positions are solved first.
    pub time_limit_ms: f64,
}

/// Who wins a position with best play, and whether that is proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub winner: Team,
    pub exact: bool,
}

/// One move of a reviewed deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedMove {
    pub seat: Seat,
    pub mv: Move,
    /// The position before the move (`None`: not reached in the time).
    pub before: Option<Verdict>,
    pub after: Option<Verdict>,
    /// The best move there (one that keeps a win, if the mover had one).
    pub best: Option<Move>,
}

/// How a move made its side's prospects worse, by what the solver knew
/// before it and after it. A review flags every one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slip {
    /// A proven win turned into a proven loss.
    WinThrown,
    /// A win the solver expected but had not proven turned into a proven
    /// loss.
    ChanceThrown,
    /// A proven win turned into a position the solver could not prove in
    /// time.
    ProofLost,
    /// An expected win turned into an expected loss, neither proven.
    Worsened,
}

impl Slip {
    /// Whether both verdicts behind it are proven.
    pub fn proven(self) -> bool {
        self == Slip::WinThrown
    }
}

impl ReviewedMove {
    /// How this move made its side's verdict worse, if it did. Where an
    /// estimate is involved, only a move other than the solver's best
    /// there is flagged: an estimate that moves after the best play is the
    /// search's noise, not the player's slip.
    pub fn slip(&self) -> Option<Slip> {
        let team = self.seat.team();
        let (before, after) = (self.before?, self.after?);
        if before.winner != team {
            return None;
        }
        let slip = match (before.exact, after.exact, after.winner == team) {
            (true, true, false) => Slip::WinThrown,
            (false, true, false) => Slip::ChanceThrown,
            (true, false, _) => Slip::ProofLost,
            (false, false, false) => Slip::Worsened,
            _ => return None,
        };
        let other_best = self.best.is_some_and(|best| best != self.mv);
        (slip.proven() || other_best).then_some(slip)
    }

    /// A proven win for the mover's side turned into a proven loss.
    pub fn threw_away_a_win(&self) -> bool {
        self.slip() == Some(Slip::WinThrown)
    }
}

/// A review in progress.
pub struct Review {
    positions: Vec<Position>,
    record: Vec<(Seat, Move)>,
    /// Verdict and best move per position, filled from the end.
    found: Vec<Option<(Verdict, Option<Move>)>>,
    /// The position being solved (counting down), and the time spent on it.
    at: usize,
    spent: f64,
    total: f64,
    limit: f64,
}

/// A slice of a review's solving, at most this long.
const SLICE_MS: f64 = 150.0;

impl Review {
    pub fn new(job: &ReviewJob) -> Result<Review, JobError> {
        let limit = Quantity::TimeLimit.check(job.time_limit_ms)?;
        let mut positions = Vec::with_capacity(job.record.len());
        for k in 0..job.record.len() {
            // Replaying each prefix is quadratic, but a deal has < 100 moves.
            let game = Game::replay(&job.deal, &job.record[..k]).map_err(JobError::Record)?;
            let hands: Vec<Cards> = Seat::ALL.iter().map(|&s| game.hand(s)).collect();
            positions.push(Position::new(&hands, game.to_move(), game.to_beat()).map_err(JobError::Position)?);
        }
        Game::replay(&job.deal, &job.record).map_err(JobError::Record)?;
        let n = positions.len();
        Ok(Review {
            positions,
            record: job.record.clone(),
            found: vec![None; n],
            at: n,
            spent: 0.0,
            total: 0.0,
            limit: limit.max(100.0),
        })
    }

    /// The verdict after move `k`: of position `k + 1`, or the deal's end.
    fn after(&self, k: usize, outcome: Option<Team>) -> Option<Verdict> {
        match self.found.get(k + 1) {
            Some(found) => found.map(|(v, _)| v),
            None => outcome.map(|winner| Verdict { winner, exact: true }),
        }
    }

    fn moves(&self) -> Vec<ReviewedMove> {
        // The deal's winner ends the record.
        let outcome = self.positions.last().and_then(|p| {
            let (_, mv) = self.record.last()?;
            p.after(*mv).winner().map(|w| w.team())
        });
        self.record
            .iter()
            .enumerate()
            .map(|(k, &(seat, mv))| ReviewedMove {
                seat,
                mv,
                before: self.found[k].map(|(v, _)| v),
                after: self.after(k, outcome),
                best: self.found[k].and_then(|(_, b)| b),
            })
            .collect()
    }

    /// Solves the position being reviewed for a slice (its fair share of
    /// what is left, at least 100 ms), moving to the one before once it is
    /// proven or has had its share.
    fn step(&mut self, solver: &mut Solver, clock: &dyn Clock) {
        let k = self.at - 1;
        let share = ((self.limit - self.total) / self.at as f64).max(100.0);
        let slice = (share - self.spent).clamp(1.0, SLICE_MS);
        let options = SolveOptions {
            time_limit_ms: Some(slice),
            principal_variation: false,
            ..SolveOptions::exhaustive()
        };
        let r = solver.solve(&self.positions[k], &options, clock);
        self.spent += r.ms;
        self.total += r.ms;
        if r.exact || self.spent >= share {
            let verdict = Verdict {
                winner: r.winner,
                exact: r.exact,
            };
            self.found[k] = Some((verdict, r.best));
            self.at = k;
            self.spent = 0.0;
        }
    }
}

/// A step is a slice of a position's solve, from the deal's end back;
/// positions proven or given their share count as done.
impl Stepwise for Review {
    type Tools = Solver;
    type Output = Vec<ReviewedMove>;
    type Error = Infallible;

    fn advance(&mut self, solver: &mut Solver, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), Infallible> {
        step_until(self, deadline, |review| {
            review.step(solver, clock);
            Ok(())
        })
    }

    fn completion(&self) -> Completion {
        let n = self.positions.len() as u64;
        Completion {
            done: n - self.at as u64,
            total: n,
        }
    }

    /// Every position reviewed, or the time limit spent.
    fn is_done(&self) -> bool {
        self.at == 0 || self.total >= self.limit
    }

    fn output(&self) -> Vec<ReviewedMove> {
        self.moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Deadline, Game, Player};

    #[test]
    fn a_move_is_flagged_when_it_makes_its_sides_verdict_worse() {
        let pass = Move::Pass;
        let other = Move::parse("3").unwrap();
        let v = |winner, exact| Some(Verdict { winner, exact });
        let (l, f) = (Team::Landlord, Team::Farmers);
        let reviewed = |before, after, best| ReviewedMove {
            seat: Seat::Landlord,
            mv: pass,
            before,
            after,
            best,
        };
        let cases = [
            // (before, after, best) → slip, for the landlord's move.
            ((v(l, true), v(f, true), Some(other)), Some(Slip::WinThrown)),
            ((v(l, true), v(f, true), None), Some(Slip::WinThrown)),
            ((v(l, false), v(f, true), Some(other)), Some(Slip::ChanceThrown)),
            ((v(l, true), v(l, false), Some(other)), Some(Slip::ProofLost)),
            ((v(l, true), v(f, false), Some(other)), Some(Slip::ProofLost)),
            ((v(l, false), v(f, false), Some(other)), Some(Slip::Worsened)),
            // The solver's own best: an estimate's change is not a slip.
            ((v(l, false), v(f, true), Some(pass)), None),
            ((v(l, true), v(l, false), Some(pass)), None),
            // Still winning, or never winning, or not reached.
            ((v(l, true), v(l, true), Some(other)), None),
            ((v(l, false), v(l, false), Some(other)), None),
            ((v(l, false), v(l, true), Some(other)), None),
            ((v(f, true), v(f, true), Some(other)), None),
            ((v(f, false), v(f, true), Some(other)), None),
            ((None, v(f, true), Some(other)), None),
            ((v(l, true), None, Some(other)), None),
        ];
        for ((before, after, best), slip) in cases {
            assert_eq!(
                reviewed(before, after, best).slip(),
                slip,
                "{before:?} → {after:?}, best {best:?}"
            );
        }
        // The farmers' move is judged for the farmers.
        let farmer = ReviewedMove {
            seat: Seat::Farmer2,
            ..reviewed(v(f, true), v(l, true), Some(other))
        };
        assert_eq!(farmer.slip(), Some(Slip::WinThrown));
    }

    #[test]
    fn a_review_finds_the_moves_that_threw_a_win_away() {
        let clock = engine::clock::MonotonicClock::default();
        // A deal between careless players (L1 makes random slips).
        let deal = Deal::from_seed(0);
        let mut game = Game::new(&deal);
        let mut players: Vec<Box<dyn Player>> = (0..3).map(|i| engine::make_player("L1", i).unwrap()).collect();
        let mut record = vec![];
        while !game.is_over() {
            let seat = game.to_move();
            let mv = players[seat.index()].choose(&game.view(seat), &Deadline::NONE);
            record.push((seat, mv));
            game.apply(mv).unwrap();
        }
        let job = ReviewJob {
            deal,
            record: record.clone(),
            time_limit_ms: 3_000.0,
        };
        let mut review = Review::new(&job).unwrap();
        let mut solver = Solver::new(1 << 22);
        let Ok(moves) = review.finish(&mut solver, &clock);
        assert_eq!(moves.len(), record.len());
        // The end is known, and the late positions are proven.
        let last = moves.last().unwrap();
        assert_eq!(
            last.after,
            Some(Verdict {
                winner: game.outcome().unwrap().winner.team(),
                exact: true
            })
        );
        assert!(moves.iter().rev().take(6).all(|m| m.before.is_some_and(|v| v.exact)));
        // A flagged move turned the mover's proven win into a proven loss,
        // and the best move there keeps the win. (This deal has such moves.)
        assert!(moves.iter().any(|m| m.threw_away_a_win()));
        let mut g = Game::new(&deal);
        for m in &moves {
            if m.threw_away_a_win() {
                let hands: Vec<Cards> = Seat::ALL.iter().map(|&s| g.hand(s)).collect();
                let pos = Position::new(&hands, g.to_move(), g.to_beat()).unwrap();
                let best = m.best.expect("a better move");
                let after = pos.after(best);
                let kept = after.winner().map(|w| w.team()).unwrap_or_else(|| {
                    Solver::new(1 << 20)
                        .solve(&after, &SolveOptions::exhaustive(), &clock)
                        .winner
                });
                assert_eq!(kept, m.seat.team());
            }
            g.apply(m.mv).unwrap();
        }
        // A record out of turn is refused, not reviewed.
        let mut bad = job.clone();
        bad.record[0].0 = Seat::Farmer1;
        assert!(matches!(Review::new(&bad), Err(JobError::Record(_))));
    }
}
