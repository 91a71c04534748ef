//! A people's table sounds like the Play page's ([`crate::sound`]): each
//! sound is told from one frame to the next, so a page that joins late or
//! reconnects plays nothing for what happened before it. The Play page's
//! sound setting turns them off here too.

use std::rc::Rc;

use engine::table::{DealView, Frame, Phase, Viewer};
use engine::{Kind, Move};
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::sound::{self, Sound};

/// The sounds of what changed from `before` to `now`, in order.
pub(super) fn frame_sounds(before: &Frame, now: &Frame) -> Vec<Sound> {
    let me = match now.viewer() {
        Viewer::Chair(chair) => Some(chair),
        Viewer::Spectator => None,
    };
    let Some(deal) = now.view.deal.as_ref() else {
        return Vec::new();
    };
    let my_turn = |d: &DealView| me.is_some() && d.to_act == me;
    let earlier = before.view.deal.as_ref().filter(|d| d.number == deal.number);
    let Some(earlier) = earlier else {
        // A new deal.
        let mut sounds = vec![Sound::Deal];
        if my_turn(deal) {
            sounds.push(Sound::YourTurn);
        }
        return sounds;
    };
    let mut sounds = Vec::new();
    if deal.bids.len() > earlier.bids.len() || deal.says.len() > earlier.says.len() {
        sounds.push(Sound::Bid);
    }
    for (_, mv) in deal.plays.iter().skip(earlier.plays.len()) {
        sounds.push(match mv {
            Move::Pass => Sound::Pass,
            Move::Play(p) if p.kind() == Kind::Rocket => Sound::Rocket,
            Move::Play(p) if p.kind() == Kind::Bomb => Sound::Bomb,
            Move::Play(_) => Sound::Play,
        });
    }
    let down_to_one_or_two = (0..3).any(|c| (1..=2).contains(&deal.counts[c]) && deal.counts[c] < earlier.counts[c]);
    if deal.phase == Phase::Playing && down_to_one_or_two {
        sounds.push(Sound::Warning);
    }
    let finished = matches!(deal.phase, Phase::Over);
    let was_finished = matches!(earlier.phase, Phase::Over);
    match (&deal.result, me) {
        (Some(result), Some(chair)) if finished && !was_finished => {
            sounds.push(if result.scores[chair.index()] > 0 {
                Sound::Win
            } else {
                Sound::Lose
            });
        }
        _ if my_turn(deal) && (!my_turn(earlier) || deal.phase != earlier.phase) => sounds.push(Sound::YourTurn),
        _ => {}
    }
    sounds
}

fn sound_on() -> bool {
    crate::settings::current().play.sound
}

/// Plays the sounds of each new frame, and the last seconds of the
/// viewer's own turn.
#[hook]
pub(super) fn use_frame_sounds(frame: Option<Rc<Frame>>, seconds: Option<u64>) {
    let last = use_mut_ref(|| None::<Rc<Frame>>);
    let key = frame.as_ref().map(|f| Rc::as_ptr(f) as usize);
    {
        let frame = frame.clone();
        use_effect_with(key, move |_| {
            let Some(now) = frame else { return };
            let before = last.replace(Some(now.clone()));
            let sounds = before.map(|b| frame_sounds(&b, &now)).unwrap_or_default();
            if !sound_on() {
                return;
            }
            for (i, s) in sounds.into_iter().enumerate() {
                if i == 0 {
                    sound::play(s);
                } else {
                    // A short sequence: let it finish even if the table moves on.
                    Timeout::new(250 * i as u32, move || sound::play(s)).forget();
                }
            }
        });
    }
    let mine = frame.as_ref().is_some_and(
        |f| matches!(f.viewer(), Viewer::Chair(c) if f.view.deal.as_ref().is_some_and(|d| d.to_act == Some(c))),
    );
    use_effect_with((seconds, mine), |&(seconds, mine)| {
        if mine && seconds.is_some_and(|s| (1..=5).contains(&s)) && sound_on() {
            sound::play(Sound::Tick);
        }
    });
}

#[cfg(test)]
mod tests {
    use engine::table::{Action, Chair, Rules, Table};
    use engine::Bid;

    use super::*;

    fn frame(table: &Table, viewer: Viewer) -> Frame {
        Frame {
            id: "t".into(),
            turn_seconds: 30,
            ai: "L7".into(),
            chairs: [None, None, None],
            ply: table.current().map_or(0, |d| d.actions().len()),
            time_left_ms: None,
            duplicate: None,
            view: table.view(viewer),
        }
    }

    #[test]
    fn a_deal_a_call_a_turn_and_the_end_each_sound_once() {
        let me = Viewer::Chair(Chair::at(1));
        let mut table = Table::new(Rules::Tournament);
        let empty = frame(&table, me);
        table.start_deal(7).unwrap();
        let dealt = frame(&table, me);
        assert_eq!(frame_sounds(&empty, &dealt), [Sound::Deal]);
        assert_eq!(frame_sounds(&dealt, &dealt), [], "the same frame again: nothing");
        table.act(Chair::at(0), Action::Bid(Bid::One)).unwrap();
        let called = frame(&table, me);
        assert_eq!(frame_sounds(&dealt, &called), [Sound::Bid, Sound::YourTurn]);
        let watching = frame_sounds(&frame(&table, Viewer::Spectator), &frame(&table, Viewer::Spectator));
        assert_eq!(watching, []);
        table.act(Chair::at(1), Action::Bid(Bid::Three)).unwrap();
        // Chair 1 is the landlord and leads: its turn goes on.
        let won = frame(&table, me);
        assert_eq!(frame_sounds(&called, &won), [Sound::Bid, Sound::YourTurn]);
        let mut player = engine::make_player("greedy", 1).unwrap();
        let mut before = won;
        let mut heard = Vec::new();
        while let Some(chair) = table.to_act() {
            let view = table.view(Viewer::Chair(chair));
            let action = engine::table::bot::choose(&view, &mut *player, &engine::clock::Deadline::NONE)
                .unwrap()
                .unwrap();
            table.act(chair, action).unwrap();
            let now = frame(&table, me);
            heard.extend(frame_sounds(&before, &now));
            before = now;
        }
        let result = table.current().unwrap().result().unwrap();
        let end = if result.scores[1] > 0 { Sound::Win } else { Sound::Lose };
        assert_eq!(heard.last(), Some(&end));
        assert_eq!(
            heard.iter().filter(|s| matches!(s, Sound::Win | Sound::Lose)).count(),
            1
        );
        let plays = table.current().unwrap().game().unwrap().record().len();
        let moves = heard
            .iter()
            .filter(|s| matches!(s, Sound::Play | Sound::Pass | Sound::Bomb | Sound::Rocket))
            .count();
        assert_eq!(moves, plays, "one sound a move");
    }
}
