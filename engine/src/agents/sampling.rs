//! Sampling + solver, and the staged hybrid.
//!
//! The sampler is the bridge paper's "Monte Carlo + double-dummy" for Dou
//! Dizhu: deal the hidden cards many times consistently with what is public
//! ([`Knowledge::sample`]), solve each deal open-handed after each candidate
//! move with the solver under a node budget (and the move's deadline), and
//! play the candidate with the best average result for its team. A proven
//! result counts ±1; an estimate counts less, squashed into (−0.9, 0.9).
//! Candidates are the heuristic's move, the split's groups, the pass, then
//! the rest in generation order, up to a cap.
//!
//! The hybrid plays the heuristic while many cards are out (little is known
//! and the open-hand solves are mostly estimates) and the sampler once the
//! cards left in all hands fall to its switch point.

use crate::cards::Cards;
use crate::clock::Clock;
use crate::clock::Deadline;
use crate::game::SeatView;
use crate::play::Move;
use crate::rng::{self, Rng};
use crate::seat::{Seat, Team};
use crate::solver::{Position, SolveOptions, Solver};
use crate::split::Splitter;

use super::eager::{misfits, BestReply};
use super::heuristic::HeuristicPlayer;
use super::knowledge::Knowledge;
use super::Player;

/// The share of a move's time left that reading the other side's moves
/// may take (`read=N`); solving the deals read has the rest.
const READ_SHARE: f64 = 0.5;

/// The sampler's knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerConfig {
    /// Deals of the hidden cards per move.
    pub samples: usize,
    /// Node budget of each open-hand solve.
    pub nodes: u64,
    /// Most candidate moves compared.
    pub candidates: usize,
    /// Tries at each deal of the hidden cards, searching for hands that
    /// explain the other side's moves as the eager player's
    /// ([`super::eager`]); 1 reads nothing.
    pub read: usize,
    /// Node budget of the search for a line that beats eager players, where
    /// the solver proves this seat's side lost ([`super::eager`]); 0: none.
    pub exploit: u64,
}

impl SamplerConfig {
    /// The options as a player's name writes them: `read` and `exploit`
    /// only when they do something.
    pub fn options(&self) -> String {
        let mut out = format!(
            "samples={}:nodes={}:candidates={}",
            self.samples, self.nodes, self.candidates
        );
        if self.read > 1 {
            out += &format!(":read={}", self.read);
        }
        if self.exploit > 0 {
            out += &format!(":exploit={}", self.exploit);
        }
        out
    }
}

impl Default for SamplerConfig {
    fn default() -> Self {
        SamplerConfig {
            samples: 8,
            nodes: 2000,
            candidates: 8,
            read: 1,
            exploit: 0,
        }
    }
}

/// The sampling player (see the module docs): deals the hidden cards
/// `samples` times and plays the candidate that does best over the
/// open-hand solves.
pub struct SamplingPlayer {
    name: String,
    config: SamplerConfig,
    rng: Rng,
    solver: Solver,
    heuristic: HeuristicPlayer,
    splitter: Splitter,
    moves: Vec<Move>,
    reply: BestReply,
}

/// The clock the sampler gives the solver: a deadline's own, never read when
/// the deadline has none (solves are then bounded by nodes only).
struct DeadlineClock<'a>(&'a Deadline<'a>);

impl Clock for DeadlineClock<'_> {
    fn now_ms(&self) -> f64 {
        // Milliseconds counted down to the deadline, as a rising clock.
        -self.0.remaining_ms()
    }
}

impl SamplingPlayer {
    /// A sampler with `config`'s knobs, its sampling drawn from `seed`.
    pub fn new(config: SamplerConfig, seed: u64) -> SamplingPlayer {
        let mut seeds = rng::from_seed(seed);
        SamplingPlayer {
            name: format!("sampler:{}", config.options()),
            config,
            rng: rng::from_seed(rng::split(&mut seeds)),
            solver: Solver::new(8 << 20),
            heuristic: HeuristicPlayer::new(0.0, rng::split(&mut seeds)),
            splitter: Splitter::new(),
            moves: Vec::with_capacity(256),
            reply: BestReply::new(),
        }
    }

    /// A deal of the hidden cards that explains the other side's moves as
    /// eager ones as well as `read` tries find, and how many it leaves
    /// unexplained (0 when `read` is 1): one deal drawn at random, then
    /// each try trades a card between the other hands, kept unless it
    /// explains less, until nothing is left unexplained.
    /// The tries stop at `deadline` too: reading counts against the move's
    /// time like solving does.
    fn sample(&mut self, knowledge: &Knowledge, view: &SeatView<'_>, deadline: &Deadline<'_>) -> ([Cards; 3], u32) {
        let mut best = knowledge.sample(&mut self.rng);
        if self.config.read <= 1 {
            return (best, 0);
        }
        let mut best_misfits = misfits(view, &best);
        for _ in 1..self.config.read {
            if best_misfits == 0 || deadline.expired() {
                break;
            }
            let Some(hands) = knowledge.trade(&best, &mut self.rng) else {
                break;
            };
            let m = misfits(view, &hands);
            if m <= best_misfits {
                (best, best_misfits) = (hands, m);
            }
        }
        (best, best_misfits)
    }

    /// The deals to solve: read from the other side's moves (at least one,
    /// more while READ_SHARE of the time is left), and whether that side
    /// plays as eager players do. When no deal explains its moves as
    /// eager, it is not (a move was provably not the eager one): the deals
    /// are then drawn afresh, read into nothing, and nothing is exploited.
    fn read_deals(
        &mut self,
        knowledge: &Knowledge,
        view: &SeatView<'_>,
        deadline: &Deadline<'_>,
        clock: &dyn Clock,
    ) -> (Vec<[Cards; 3]>, bool) {
        // Reading counts against the move's time, so the deals read are
        // solved too.
        let reading = if deadline.remaining_ms().is_finite() {
            Deadline::after(clock, deadline.remaining_ms() * READ_SHARE)
        } else {
            Deadline::NONE
        };
        let mut deals = Vec::with_capacity(self.config.samples);
        let mut fewest = u32::MAX;
        // Reading many deals can take longer than any limit.
        for _ in 0..self.config.samples {
            if !deals.is_empty() && reading.expired() {
                break;
            }
            let (hands, m) = self.sample(knowledge, view, &reading);
            deals.push(hands);
            fewest = fewest.min(m);
        }
        let eager = fewest == 0;
        if !eager {
            for hands in &mut deals {
                *hands = knowledge.sample(&mut self.rng);
            }
        }
        (deals, eager)
    }

    /// The value for `seat`'s side of the unfinished position `child`, in
    /// −1..1: proven (±1), else the search's estimate squashed below 0.9.
    /// A proven loss counts half a win when a line still beats eager
    /// players (`eager`, and exploiting asked for).
    fn value_of(
        &mut self,
        child: &Position,
        seat: Seat,
        eager: bool,
        time_limit_ms: Option<f64>,
        deadline: &Deadline<'_>,
        clock: &dyn Clock,
    ) -> f64 {
        let options = SolveOptions::sampler(self.config.nodes, time_limit_ms);
        let r = self.solver.solve(child, &options, clock);
        let landlord = if r.exact {
            f64::from(r.value.signum())
        } else {
            0.9 * (f64::from(r.value) / 400.0).tanh()
        };
        let ours = match seat.team() {
            Team::Landlord => landlord,
            Team::Farmers => -landlord,
        };
        let exploits = r.exact && ours < 0.0 && eager && self.config.exploit > 0;
        if exploits && self.reply.wins(child, seat, self.config.exploit, deadline) == Some(true) {
            0.5
        } else {
            ours
        }
    }

    /// The moves worth comparing, best guess first.
    fn candidates(&mut self, view: &SeatView<'_>) -> Vec<Move> {
        let mut out = vec![self.heuristic.decide(view)];
        let groups = self.splitter.best(view.hand()).plays().to_vec();
        let push = |mv: Move, out: &mut Vec<Move>| {
            if !out.contains(&mv) && out.len() < self.config.candidates.max(1) {
                out.push(mv);
            }
        };
        for &mv in &self.moves {
            if mv.play().is_some_and(|p| groups.contains(&p)) {
                push(mv, &mut out);
            }
        }
        if self.moves.contains(&Move::Pass) {
            push(Move::Pass, &mut out);
        }
        for &mv in &self.moves {
            push(mv, &mut out);
        }
        out
    }
}

impl Player for SamplingPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SeatView<'_>, deadline: &Deadline<'_>) -> Move {
        self.moves.clear();
        view.legal_moves(&mut self.moves);
        if self.moves.len() <= 1 {
            return self.moves.first().copied().unwrap_or(Move::Pass);
        }
        if let Some(&out) = self.moves.iter().find(|m| m.cards() == view.hand()) {
            return out;
        }
        let candidates = self.candidates(view);
        let knowledge = Knowledge::of(view);
        let team = view.seat().team();
        let solves = (self.config.samples * candidates.len()).max(1);
        let mut done = 0;
        let clock = DeadlineClock(deadline);
        let (deals, eager) = self.read_deals(&knowledge, view, deadline, &clock);
        // Totals over the deals every candidate was solved on; the deal
        // under way when time ran out counts only if it is the first.
        let mut totals = vec![0.0f64; candidates.len()];
        let mut this_deal: Vec<f64> = Vec::with_capacity(candidates.len());
        let mut complete = 0;
        // The longest first solve of a deal so far: it splits the deal's
        // hidden hands afresh, milliseconds that no clock check inside the
        // search can cut, so a deal is not begun unless that much is left.
        let mut first_solve_ms = 0.0f64;
        'samples: for hands in deals {
            if complete > 0 && deadline.remaining_ms() < first_solve_ms {
                break;
            }
            let Ok(root) = Position::new(&hands[..view.seats()], view.to_move(), view.to_beat()) else {
                break;
            };
            this_deal.clear();
            for &mv in &candidates {
                if deadline.expired() {
                    break 'samples;
                }
                let before = deadline.remaining_ms();
                let child = root.after(mv);
                let value = match child.winner() {
                    Some(winner) if winner.team() == team => 1.0,
                    Some(_) => -1.0,
                    None => {
                        let left = (solves - done).max(1) as f64;
                        let time_limit_ms = deadline
                            .remaining_ms()
                            .is_finite()
                            .then(|| (deadline.remaining_ms() / left).max(0.5));
                        self.value_of(&child, view.seat(), eager, time_limit_ms, deadline, &clock)
                    }
                };
                if this_deal.is_empty() {
                    // NaN without a deadline (∞ − ∞), which max ignores.
                    first_solve_ms = first_solve_ms.max(before - deadline.remaining_ms());
                }
                this_deal.push(value);
                done += 1;
            }
            for (total, value) in totals.iter_mut().zip(&this_deal) {
                *total += value;
            }
            complete += 1;
            this_deal.clear();
        }
        // Time ran out within the first deal: the candidates solved on it.
        let (totals, compared) = if complete == 0 {
            let n = this_deal.len().max(1);
            (this_deal, n)
        } else {
            (totals, candidates.len())
        };
        // The best average; ties go to the earlier (more natural) candidate.
        let mut best = 0;
        for i in 1..compared.min(totals.len()) {
            if totals[i] > totals[best] + 1e-9 {
                best = i;
            }
        }
        candidates[best]
    }
}

/// The heuristic early, the sampler from the switch point on.
pub struct HybridPlayer {
    name: String,
    switch: u32,
    heuristic: HeuristicPlayer,
    sampler: SamplingPlayer,
}

impl HybridPlayer {
    /// Switches once the cards left in all hands are at most `switch`.
    pub fn new(switch: u32, config: SamplerConfig, seed: u64) -> HybridPlayer {
        let mut seeds = rng::from_seed(seed);
        HybridPlayer {
            name: format!("hybrid:switch={switch}:{}", config.options()),
            switch,
            heuristic: HeuristicPlayer::new(0.0, rng::split(&mut seeds)),
            sampler: SamplingPlayer::new(config, rng::split(&mut seeds)),
        }
    }
}

impl Player for HybridPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SeatView<'_>, deadline: &Deadline<'_>) -> Move {
        let left: u32 = Seat::ALL[..view.seats()]
            .iter()
            .map(|&s| u32::from(view.count(s)))
            .sum();
        if left > self.switch {
            self.heuristic.choose(view, deadline)
        } else {
            self.sampler.choose(view, deadline)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::game::Game;

    #[test]
    fn the_sampler_finds_the_only_winning_lead() {
        // 1v1: the landlord's 2 is unbeatable; 2 then 3 wins, 3 first loses.
        let g = Game::from_hands(&["32".parse::<Cards>().unwrap(), "A".parse().unwrap()]).unwrap();
        let mut p = SamplingPlayer::new(SamplerConfig::default(), 1);
        assert_eq!(p.choose(&g.view(Seat::Landlord), &Deadline::NONE).to_string(), "2");
    }

    #[test]
    fn the_same_seed_plays_the_same_move() {
        let deal = crate::deal::Deal::from_seed(9);
        let g = Game::new(&deal);
        let pick = || SamplingPlayer::new(SamplerConfig::default(), 5).choose(&g.view(Seat::Landlord), &Deadline::NONE);
        assert_eq!(pick(), pick());
    }
}
