//! What happens at a table without anyone asking: the first deal once the
//! chairs are full, the AI's actions (its chairs and 托管), a turn's time
//! running out, and the next deal. One driver runs per table on each
//! instance with a viewer of it; two instances' drivers may race, and the
//! stored keys let one of them win.

use std::sync::Arc;
use std::time::Duration;

use engine::agents::Rung;
use engine::clock::Deadline;
use engine::table::{bot, Chair, Phase, Viewer};
use tokio::sync::watch;

use super::store::{self, Loaded};
use crate::api::AppState;
use crate::error::ApiResult;

/// How long a finished deal that was all passed stays on screen.
const REDEAL_MS: i64 = 2_000;
/// How often an idle driver looks again (another instance's change that
/// was not heard, a database that was away).
const IDLE: Duration = Duration::from_secs(5);

/// What a table needs next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Deal this deal.
    Deal(u32),
    /// The AI acts for this chair at this rung.
    Ai(Chair, Rung),
    /// A person's time ran out: 托管 for this chair.
    TimeUp(Chair),
    /// Nothing until a change, or until this many milliseconds pass.
    Wait(Option<i64>),
}

/// When the current wait ends (Unix ms): a person's turn, or the pause
/// after a finished deal; `None` when nothing is timed.
pub fn deadline(loaded: &Loaded) -> Option<i64> {
    let deal = loaded.table.current()?;
    let turn = loaded.last_ms + loaded.turn_seconds * 1000;
    match deal.phase() {
        Phase::Redeal => Some(loaded.last_ms + REDEAL_MS),
        Phase::Over => Some(turn),
        Phase::Bidding | Phase::Doubling | Phase::Showing | Phase::Playing => {
            let chair = deal.to_act()?;
            let back = loaded.chairs[chair.index()].as_ref().map_or(0, |s| s.back_ms);
            let turn = loaded.last_ms.max(back) + loaded.turn_seconds * 1000;
            loaded.ai_plays(chair).is_none().then_some(turn)
        }
    }
}

/// The table's next step at `now_ms`.
pub fn next_step(loaded: &Loaded, now_ms: i64) -> Step {
    let Some(deal) = loaded.table.current() else {
        let full = loaded.chairs.iter().all(Option::is_some);
        return if full { Step::Deal(1) } else { Step::Wait(None) };
    };
    let due = deadline(loaded).map(|at| at - now_ms);
    if let Some(chair) = deal.to_act() {
        return match (loaded.ai_plays(chair), due) {
            (Some(rung), _) => Step::Ai(chair, rung),
            (None, Some(left)) if left <= 0 => Step::TimeUp(chair),
            (None, left) => Step::Wait(left),
        };
    }
    // A duplicate session's table stops after its last board.
    if loaded
        .duplicate
        .as_ref()
        .is_some_and(|s| deal.number() >= s.shape.boards())
    {
        return Step::Wait(None);
    }
    // The next deal waits for a person: a table whose people are all
    // away does not play on without them.
    let present: Vec<Chair> = Chair::ALL
        .into_iter()
        .filter(|c| {
            loaded.chairs[c.index()]
                .as_ref()
                .is_some_and(|s| s.ai.is_none() && !s.auto)
        })
        .collect();
    let everyone_ready = deal.phase() == Phase::Over && present.iter().all(|c| loaded.ready.contains(c));
    match due {
        _ if present.is_empty() => Step::Wait(None),
        _ if everyone_ready => Step::Deal(deal.number() + 1),
        Some(left) if left <= 0 => Step::Deal(deal.number() + 1),
        left => Step::Wait(left),
    }
}

/// Runs table `id` until no viewer on this instance is left.
pub async fn drive(state: Arc<AppState>, id: String, mut changes: watch::Receiver<u64>) {
    loop {
        if !state.hub.watched(&id) {
            state.hub.forget(&id);
            return;
        }
        let wait = match step(&state, &id).await {
            Ok(Some(wait)) => wait,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(table = %id, code = e.code, "table driver: {}", e.message);
                IDLE
            }
        };
        tokio::select! {
            _ = changes.changed() => {}
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// Takes one step: `None` to step again at once, or how long to wait.
async fn step(state: &Arc<AppState>, id: &str) -> ApiResult<Option<Duration>> {
    let db = &state.db.pool;
    let Some(loaded) = store::load(db, id).await? else {
        return Ok(Some(IDLE));
    };
    let loaded = Arc::new(loaded);
    state.hub.publish(id, loaded.clone());
    match next_step(&loaded, store::now_ms()) {
        Step::Wait(ms) => {
            let ms = ms.map_or(IDLE, |ms| Duration::from_millis(ms.clamp(0, 60_000) as u64 + 5));
            return Ok(Some(ms.min(IDLE)));
        }
        Step::Deal(number) => {
            let seed = match &loaded.duplicate {
                Some(seating) => seating
                    .seeds
                    .get(number as usize - 1)
                    .copied()
                    .ok_or_else(|| crate::error::ApiError::internal(format_args!("no board {number}")))?,
                None => crate::keys::new_seed()?,
            };
            if store::start_deal(db, id, number, seed).await? {
                tracing::info!(table = %id, deal = number, "deal started");
            }
        }
        Step::TimeUp(chair) => store::set_auto(db, id, chair, true).await?,
        Step::Ai(chair, rung) => {
            if !state.table_ai_pause.is_zero() {
                tokio::time::sleep(state.table_ai_pause).await;
            }
            let at = (loaded.deal_number(), loaded.ply());
            let view = loaded.table.view(Viewer::Chair(chair));
            let seed = crate::keys::new_seed()?;
            let action = state
                .pool
                .run(move || {
                    let mut player = rung.spec().build(seed);
                    bot::choose(&view, &mut *player, &Deadline::NONE)
                })
                .await?;
            let Ok(Some(action)) = action else {
                return Err(crate::error::ApiError::internal("the AI found no action on its turn"));
            };
            store::act(db, id, at, chair, action, true).await?;
        }
    }
    state.hub.notify(&state.db, id).await;
    Ok(None)
}

#[cfg(test)]
mod tests {
    use engine::bidding::Bid;
    use engine::table::{Action, Rules, Table};

    use super::*;
    use crate::tables::store::Sitter;

    const AI: Rung = Rung::at(3);

    fn person(name: &str) -> Option<Sitter> {
        Some(Sitter {
            name: name.into(),
            ai: None,
            auto: false,
            back_ms: 0,
        })
    }

    /// A table of three people (chair 2 an AI when `ai_in_2`), deal 1
    /// dealt at t = 0, turns of 30 s.
    fn table(ai_in_2: bool) -> Loaded {
        let mut table = Table::new(Rules::Tournament);
        table.start_deal(5).unwrap();
        let third = if ai_in_2 {
            Some(Sitter {
                ai: Some(AI),
                ..person("L3").unwrap()
            })
        } else {
            person("Cai")
        };
        Loaded {
            id: "t".into(),
            turn_seconds: 30,
            ai: Rung::at(7),
            host_hash: String::new(),
            chairs: [person("Ann"), person("Bo"), third],
            table,
            last_ms: 0,
            ready: Vec::new(),
            duplicate: None,
        }
    }

    #[test]
    fn the_first_deal_waits_for_a_full_table() {
        let mut loaded = table(false);
        loaded.table = Table::new(Rules::Tournament);
        loaded.chairs[1] = None;
        assert_eq!(next_step(&loaded, 0), Step::Wait(None));
        loaded.chairs[1] = person("Bo");
        assert_eq!(next_step(&loaded, 0), Step::Deal(1));
    }

    #[test]
    fn a_person_has_the_turn_s_time_then_the_ai_plays_for_them() {
        let mut loaded = table(false);
        assert_eq!(next_step(&loaded, 10_000), Step::Wait(Some(20_000)));
        assert_eq!(next_step(&loaded, 30_000), Step::TimeUp(Chair::at(0)));
        loaded.chairs[0].as_mut().unwrap().auto = true;
        assert_eq!(next_step(&loaded, 30_000), Step::Ai(Chair::at(0), Rung::at(7)));
        // Back on their turn: the whole turn again.
        let ann = loaded.chairs[0].as_mut().unwrap();
        ann.auto = false;
        ann.back_ms = 40_000;
        assert_eq!(next_step(&loaded, 41_000), Step::Wait(Some(29_000)));
    }

    #[test]
    fn an_ai_chair_acts_at_once_at_its_rung() {
        let mut loaded = table(true);
        loaded.table.act(Chair::at(0), Action::Bid(Bid::Pass)).unwrap();
        loaded.table.act(Chair::at(1), Action::Bid(Bid::Pass)).unwrap();
        assert_eq!(next_step(&loaded, 0), Step::Ai(Chair::at(2), AI));
    }

    #[test]
    fn the_next_deal_waits_for_the_people_present() {
        let mut loaded = table(true);
        for chair in Chair::ALL {
            loaded.table.act(chair, Action::Bid(Bid::Pass)).unwrap();
        }
        loaded.last_ms = 1_000;
        // All passed: a short pause, then the next deal.
        assert_eq!(next_step(&loaded, 1_500), Step::Wait(Some(REDEAL_MS - 500)));
        assert_eq!(next_step(&loaded, 1_000 + REDEAL_MS), Step::Deal(2));
        // Nobody present (both people under 托管): no deal at all.
        for chair in [0, 1] {
            loaded.chairs[chair].as_mut().unwrap().auto = true;
        }
        assert_eq!(next_step(&loaded, 1_000_000), Step::Wait(None));
    }

    #[test]
    fn a_duplicate_table_stops_after_its_last_board() {
        let mut loaded = table(true);
        for chair in Chair::ALL {
            loaded.table.act(chair, Action::Bid(Bid::Pass)).unwrap();
        }
        let seating = |boards| crate::tables::store::Seating {
            id: "d".into(),
            table: 1,
            shape: engine::table::duplicate::Shape::new(2, boards).unwrap(),
            seeds: vec![5; boards as usize],
            host_hash: String::new(),
        };
        loaded.duplicate = Some(seating(2));
        assert_eq!(next_step(&loaded, 1_000_000), Step::Deal(2), "board 2 of 2 next");
        loaded.duplicate = Some(seating(1));
        assert_eq!(next_step(&loaded, 1_000_000), Step::Wait(None), "no board 2 of 1");
    }

    #[test]
    fn a_finished_deal_goes_on_when_everyone_present_is_ready() {
        let mut loaded = table(true);
        loaded.table.act(Chair::at(0), Action::Bid(Bid::Three)).unwrap();
        let mut player = engine::make_player("greedy", 1).unwrap();
        while let Some(chair) = loaded.table.to_act() {
            let view = loaded.table.view(Viewer::Chair(chair));
            let action = bot::choose(&view, &mut *player, &Deadline::NONE).unwrap().unwrap();
            loaded.table.act(chair, action).unwrap();
        }
        assert_eq!(next_step(&loaded, 10_000), Step::Wait(Some(20_000)));
        loaded.ready = vec![Chair::at(0)];
        assert_eq!(next_step(&loaded, 10_000), Step::Wait(Some(20_000)));
        loaded.ready = vec![Chair::at(0), Chair::at(1)];
        assert_eq!(next_step(&loaded, 0), Step::Deal(2));
        loaded.ready.clear();
        assert_eq!(
            next_step(&loaded, 30_000),
            Step::Deal(2),
            "or when the turn's time has passed"
        );
    }
}
