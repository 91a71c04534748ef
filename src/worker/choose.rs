//! An AI's move: the Play page's opponents and its 提示.

use engine::{Clock, Deadline, Deal, Game, IllegalMove, Move, PlayerError, PlayerSpec, Seat};
use serde::{Deserialize, Serialize};

use super::{JobError, Quantity};

/// Choose a move for the seat to move in the game of `deal` after `record`,
/// as the player `player` (written as a name with options or a ladder rung), within
/// `time_limit_ms`. The player sees only the seat's view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChooseJob {
    pub player: PlayerSpec,
    pub deal: Deal,
    pub record: Vec<(Seat, Move)>,
    pub seed: u64,
    pub time_limit_ms: f64,
}

/// Replays the record and asks the player for the next move: the move and
/// the time it took. A bad record or player is an error, never a panic.
pub fn choose(job: &ChooseJob, clock: &dyn Clock) -> Result<(Move, f64), JobError> {
    let time_limit = Quantity::TimeLimit.check(job.time_limit_ms)?;
    let game = Game::replay(&job.deal, &job.record).map_err(JobError::Record)?;
    if game.is_over() {
        return Err(JobError::DealOver);
    }
    let mut player = job.player.build(job.seed);
    let started = clock.now_ms();
    let deadline = Deadline::after(clock, time_limit);
    let seat = game.to_move();
    let mv = player.choose(&game.view(seat), &deadline);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if !legal.contains(&mv) {
        let mut check = game.clone();
        let source = check.apply(mv).err().unwrap_or(IllegalMove::GameOver);
        return Err(JobError::Player(PlayerError::Illegal {
            player: job.player.to_string(),
            seat,
            mv,
            source,
        }));
    }
    Ok((mv, clock.now_ms() - started))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::RecordError;

    #[test]
    fn choosing_replays_the_record_and_answers_legally() {
        let clock = engine::clock::MonotonicClock::default();
        let deal = Deal::from_seed(3);
        let mut job = ChooseJob {
            player: "L5".parse().unwrap(),
            deal,
            record: vec![],
            seed: 0,
            time_limit_ms: 500.0,
        };
        let (first, _) = choose(&job, &clock).unwrap();
        job.record.push((Seat::Landlord, first));
        let (answer, _) = choose(&job, &clock).unwrap();
        let mut game = Game::new(&deal);
        game.apply(first).unwrap();
        assert!(game.apply(answer).is_ok());
        // A record out of turn, an unknown player, no time: errors, not panics.
        job.record.insert(0, (Seat::Farmer1, Move::Pass));
        assert_eq!(
            choose(&job, &clock),
            Err(JobError::Record(RecordError::OutOfTurn {
                turn: 1,
                expected: Seat::Landlord,
                seat: Seat::Farmer1
            }))
        );
        job.record.clear();
        // A player is a spec, checked where the message is read.
        let text = serde_json::to_string(&job).unwrap().replace("\"L5\"", "\"nobody\"");
        assert!(serde_json::from_str::<ChooseJob>(&text)
            .unwrap_err()
            .to_string()
            .contains("unknown player 'nobody'"));
        job.time_limit_ms = f64::NAN;
        assert!(matches!(
            choose(&job, &clock),
            Err(JobError::OutOfRange {
                what: Quantity::TimeLimit,
                ..
            })
        ));
    }
}
