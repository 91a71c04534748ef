//! `ddz table bot`: an AI player in a chair at a table, reading and
//! writing the engine's protocol types ([`Frame`], [`ServerMessage`],
//! [`ClientMessage`]). What it does with each frame is [`Bot::on_frame`],
//! which only reads the frame and says what to send, so it is tested on
//! an engine table without a server; [`play`] runs it over the WebSocket.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use serde_json::Value;

use engine::clock::{Deadline, MonotonicClock};
use engine::table::{bot, Chair, ClientMessage, DealView, Frame, Phase, ServerMessage, TableView, Viewer};
use engine::Player;

use super::socket::Socket;
use crate::cmd::online::api::ApiError;

/// A message from the server as the engine's protocol reads it; `None`
/// for a type this client does not know (passed over).
pub fn read_message(text: &str) -> Result<Option<ServerMessage>, ApiError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ApiError::Reply(format!("a message that is not JSON ({e})")))?;
    match value.get("type").and_then(Value::as_str) {
        Some("frame" | "error") => serde_json::from_value(value)
            .map(Some)
            .map_err(|e| ApiError::Reply(format!("a message that is not the table protocol's ({e})"))),
        Some(_) => Ok(None),
        None => Err(ApiError::Reply("a message without a 'type'".into())),
    }
}

/// What to do after a frame: the messages to send, and whether the
/// deals asked for are finished.
#[derive(Debug, Default)]
pub struct Step {
    pub send: Vec<ClientMessage>,
    pub done: bool,
}

/// A chair's AI: it acts on its turns, takes its chair back from 托管,
/// says `next` after each deal, and counts the deals it played to their
/// end.
pub struct Bot {
    chair: Chair,
    player: Box<dyn Player>,
    wanted: usize,
    /// Deals seen being played.
    played: BTreeSet<u32>,
    /// Those finished, with the deal as the last frame showed it (`None`
    /// when it ended between two frames: the history has it).
    finished: BTreeMap<u32, Option<DealView>>,
    acted: Option<(u32, usize)>,
    took_over: Option<(u32, usize)>,
    said_next: Option<u32>,
    /// The running score, as the last frame showed it.
    pub scores: [i64; 3],
    /// Frames seen, over every connection.
    frames: u64,
}

impl Bot {
    /// The AI `player` in `chair`, to play `wanted` deals to their end.
    pub fn new(chair: Chair, player: Box<dyn Player>, wanted: usize) -> Bot {
        Bot {
            chair,
            player,
            wanted,
            played: BTreeSet::new(),
            finished: BTreeMap::new(),
            acted: None,
            took_over: None,
            said_next: None,
            scores: [0; 3],
            frames: 0,
        }
    }

    /// The finished deals, by number.
    pub fn finished(&self) -> &BTreeMap<u32, Option<DealView>> {
        &self.finished
    }

    /// What to send on `frame`; an error if it is not this chair's view.
    pub fn on_frame(&mut self, frame: &Frame, deadline: &Deadline<'_>) -> Result<Step, ApiError> {
        let view = &frame.view;
        if view.viewer != Viewer::Chair(self.chair) {
            return Err(ApiError::Reply(format!(
                "the server shows this connection the table as {}, not as chair {}: the seat key was not taken",
                viewer_text(view.viewer),
                self.chair
            )));
        }
        self.scores = view.scores;
        self.frames += 1;
        let mut step = Step::default();
        let Some(deal) = &view.deal else {
            return Ok(step);
        };
        self.close_earlier(deal.number);
        if self.finished.len() >= self.wanted {
            step.done = true;
            return Ok(step);
        }
        let ply = frame.ply;
        let auto = frame.chairs[self.chair.index()].as_ref().is_some_and(|c| c.auto);
        if auto && self.took_over != Some((deal.number, ply)) {
            self.took_over = Some((deal.number, ply));
            step.send.push(ClientMessage::Takeover);
        }
        if matches!(deal.phase, Phase::Over | Phase::Redeal) {
            self.on_finished(deal, &mut step);
        } else {
            self.played.insert(deal.number);
            self.on_turn(view, ply, deadline, &mut step)?;
        }
        step.done = self.finished.len() >= self.wanted;
        Ok(step)
    }

    /// Deals seen being played that a later deal has followed: finished,
    /// though no frame showed them so.
    fn close_earlier(&mut self, number: u32) {
        for &n in self.played.range(..number) {
            self.finished.entry(n).or_insert(None);
        }
    }

    fn on_finished(&mut self, deal: &DealView, step: &mut Step) {
        if self.played.contains(&deal.number) {
            self.finished.insert(deal.number, Some(deal.clone()));
        }
        if self.finished.len() < self.wanted && self.said_next != Some(deal.number) {
            self.said_next = Some(deal.number);
            step.send.push(ClientMessage::Next);
        }
    }

    fn on_turn(
        &mut self,
        view: &TableView,
        ply: usize,
        deadline: &Deadline<'_>,
        step: &mut Step,
    ) -> Result<(), ApiError> {
        let Some(deal) = &view.deal else { return Ok(()) };
        if deal.to_act != Some(self.chair) || self.acted == Some((deal.number, ply)) {
            return Ok(());
        }
        let action = bot::choose(view, &mut *self.player, deadline)
            .map_err(|e| ApiError::Reply(format!("deal {}'s frame is not a game: {e}", deal.number)))?;
        if let Some(action) = action {
            self.acted = Some((deal.number, ply));
            step.send.push(ClientMessage::Act {
                deal: deal.number,
                ply,
                action,
            });
        }
        Ok(())
    }
}

fn viewer_text(viewer: Viewer) -> String {
    match viewer {
        Viewer::Chair(chair) => format!("chair {chair}"),
        Viewer::Spectator => "a spectator".into(),
    }
}

/// How long the bot may think on a turn: half the time left (or of a
/// turn), between 0.1 and 30 seconds.
pub fn think_ms(frame: &Frame) -> f64 {
    let left = frame.time_left_ms.unwrap_or(u64::from(frame.turn_seconds) * 1000);
    (left as f64 / 2.0).clamp(100.0, 30_000.0)
}

/// The longest wait for the frame that answers the hello.
const HELLO_WAIT: Duration = Duration::from_secs(60);

/// The longest wait for the frame after `frame`, if there is one: with
/// every chair taken and a deal dealt, a turn (or the wait for the next
/// deal) runs out within `turn_seconds`, and the server then sends one.
/// While chairs are empty, people may take any time to come.
fn read_bound(frame: &Frame) -> Option<Duration> {
    let seated = frame.chairs.iter().all(Option::is_some);
    let turn = u64::from(frame.turn_seconds.min(300));
    (seated && frame.view.deal.is_some()).then(|| Duration::from_secs(turn + 60))
}

/// The whole run's bound: `--timeout` from the start.
#[derive(Clone, Copy)]
struct Bound {
    total: Duration,
    until: Instant,
}

impl Bound {
    fn left(&self) -> Duration {
        self.until.saturating_duration_since(Instant::now())
    }
}

/// How a connection ended before the deals were played.
enum Ended {
    /// The connection was lost: another may go on.
    Lost(ApiError),
    /// Anything else: the run ends.
    Failed(ApiError),
}

/// Connections to lose in a row (no frame in between) before giving up.
const RECONNECTS: u32 = 5;

/// Plays at the table's WebSocket `url` with seat key `key` until `bot`
/// has finished its deals, giving up after `total`. A lost connection is
/// made again (as docs/tables.md says clients do when a server stops),
/// 0.5 to 8 s later; the last frame's running score is in `bot.scores`.
pub fn play(url: &str, key: &str, bot: &mut Bot, total: Duration) -> Result<(), ApiError> {
    let bound = Bound {
        total,
        until: Instant::now() + total,
    };
    let mut lost = 0;
    loop {
        let frames = bot.frames;
        let ended = match Socket::connect(url) {
            Ok(mut socket) => {
                let played = play_on(&mut socket, key, bot, bound);
                socket.close();
                played
            }
            Err(e @ ApiError::Network(_)) => Err(Ended::Lost(e)),
            Err(e) => Err(Ended::Failed(e)),
        };
        let e = match ended {
            Ok(()) => return Ok(()),
            Err(Ended::Failed(e)) => return Err(e),
            Err(Ended::Lost(e)) => e,
        };
        lost = if bot.frames > frames { 1 } else { lost + 1 };
        let wait = Duration::from_millis(250 << lost.min(RECONNECTS));
        if lost > RECONNECTS || wait >= bound.left() {
            return Err(e);
        }
        crate::report::write_stderr(&format!("{e}; reconnecting in {:.1} s\n", wait.as_secs_f64()));
        std::thread::sleep(wait);
    }
}

/// Says hello with `key` and plays on `socket` until `bot` has finished
/// its deals or the connection ends.
fn play_on(socket: &mut Socket, key: &str, bot: &mut Bot, bound: Bound) -> Result<(), Ended> {
    let hello = ClientMessage::Hello {
        key: Some(key.to_string()),
    };
    socket.send(&hello).map_err(Ended::Lost)?;
    let clock = MonotonicClock::default();
    let mut read = Some(HELLO_WAIT);
    // The server's last refusal: it may close the connection after it.
    let mut refusal: Option<String> = None;
    loop {
        let left = bound.left();
        let wait = read.map_or(left, |b| b.min(left));
        let text = socket.recv(wait).map_err(|e| match &refusal {
            Some(refusal) => Ended::Failed(after(e, refusal)),
            None => Ended::Lost(e),
        })?;
        let Some(text) = text else {
            return Err(Ended::Failed(silence(bot, bound.total, wait, wait >= left)));
        };
        match read_message(&text).map_err(Ended::Failed)? {
            Some(ServerMessage::Frame(frame)) => {
                read = read_bound(&frame);
                refusal = None;
                let deadline = Deadline::after(&clock, think_ms(&frame));
                let step = bot.on_frame(&frame, &deadline).map_err(Ended::Failed)?;
                for message in &step.send {
                    socket.send(message).map_err(Ended::Lost)?;
                }
                if step.done {
                    return Ok(());
                }
            }
            // Another deal or ply: the fresh frame that follows is answered.
            Some(ServerMessage::Error { code, .. }) if code == "stale" => {}
            Some(ServerMessage::Error { code, error }) => {
                let said = format!("the server refused ({code}): {error}");
                crate::report::write_stderr(&format!("{said}\n"));
                refusal = Some(said);
            }
            None => {}
        }
    }
}

/// A connection's end, after the refusal that came before it.
fn after(e: ApiError, refusal: &str) -> ApiError {
    match e {
        ApiError::Network(e) => ApiError::Network(format!("{e}, after {refusal}")),
        e => e,
    }
}

/// The error for no frame within `wait`: the whole run's bound, or one read's.
fn silence(bot: &Bot, total: Duration, wait: Duration, whole: bool) -> ApiError {
    let done = format!("{} of {} deals finished", bot.finished.len(), bot.wanted);
    if whole {
        ApiError::Network(format!("gave up after {} s (--timeout), {done}", total.as_secs()))
    } else {
        ApiError::Network(format!(
            "no frame from the server in {} s, longer than a turn may take ({done})",
            wait.as_secs()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::table::{Action, Holder, Rules, Sitter, Table};
    use engine::PlayerSpec;

    /// The frame the server would send `viewer`, through JSON.
    fn frame_for(table: &Table, viewer: Viewer, auto: Option<Chair>) -> Frame {
        let sitter = |c: Chair| Sitter {
            name: format!("p{c}"),
            player: Holder::Person,
            auto: auto == Some(c),
        };
        let frame = Frame {
            id: "k3j9x0a1b2c3".into(),
            turn_seconds: 30,
            ai: "L7".into(),
            chairs: Chair::ALL.map(|c| Some(sitter(c))),
            ply: table.current().map_or(0, |d| d.actions().len()),
            time_left_ms: Some(27_500),
            duplicate: None,
            view: table.view(viewer),
        };
        let text = serde_json::to_string(&ServerMessage::Frame(Box::new(frame))).unwrap();
        match read_message(&text).unwrap() {
            Some(ServerMessage::Frame(f)) => *f,
            other => panic!("{other:?}"),
        }
    }

    fn frame(table: &Table, chair: Chair, auto: bool) -> Frame {
        frame_for(table, Viewer::Chair(chair), auto.then_some(chair))
    }

    fn bots(wanted: usize) -> Vec<Bot> {
        let spec: PlayerSpec = "L1".parse().unwrap();
        Chair::ALL
            .iter()
            .map(|&c| Bot::new(c, spec.build(c.index() as u64), wanted))
            .collect()
    }

    /// Applies `message` from `chair` to `table`; true for a next.
    fn apply(table: &mut Table, chair: Chair, message: ClientMessage) -> bool {
        match message {
            ClientMessage::Act { deal, ply, action } => {
                let current = table.current().unwrap();
                assert_eq!((deal, ply), (current.number(), current.actions().len()));
                table.act(chair, action).unwrap();
                false
            }
            ClientMessage::Next => true,
            other => panic!("{other:?}"),
        }
    }

    /// Three bots play two deals at an engine table, acting only on what
    /// their frames show; each says next after the first and is done
    /// after the second.
    #[test]
    fn three_bots_play_deals_to_their_end_from_their_frames() {
        let mut table = Table::new(Rules::Tournament);
        let mut bots = bots(2);
        let mut seed = 5;
        table.start_deal(seed).unwrap();
        let mut done = [false; 3];
        for _ in 0..500 {
            let mut nexts = 0;
            for bot in bots.iter_mut() {
                let step = bot.on_frame(&frame(&table, bot.chair, false), &Deadline::NONE).unwrap();
                done[bot.chair.index()] |= step.done;
                for message in step.send {
                    nexts += usize::from(apply(&mut table, bot.chair, message));
                }
            }
            if done == [true; 3] {
                break;
            }
            if nexts == 3 {
                seed += 1;
                table.start_deal(seed).unwrap();
            }
        }
        assert_eq!(done, [true; 3]);
        for bot in &bots {
            assert_eq!(bot.finished().len(), 2);
            assert!(bot.finished().values().all(Option::is_some));
            assert_eq!(bot.scores, table.scores());
        }
    }

    #[test]
    fn a_chair_under_auto_is_taken_back_once_and_a_turn_answered_once() {
        let mut table = Table::new(Rules::Tournament);
        table.start_deal(1).unwrap();
        let mut bot = bots(1).remove(0);
        let step = bot
            .on_frame(&frame(&table, Chair::at(0), true), &Deadline::NONE)
            .unwrap();
        assert!(
            matches!(
                step.send.as_slice(),
                [
                    ClientMessage::Takeover,
                    ClientMessage::Act {
                        deal: 1,
                        ply: 0,
                        action: Action::Bid(_)
                    }
                ]
            ),
            "{:?}",
            step.send
        );
        let again = bot
            .on_frame(&frame(&table, Chair::at(0), true), &Deadline::NONE)
            .unwrap();
        assert!(again.send.is_empty(), "{:?}", again.send);
    }

    #[test]
    fn a_spectators_frame_or_a_deal_skipped_over_is_seen() {
        let mut table = Table::new(Rules::Tournament);
        table.start_deal(1).unwrap();
        let mut bot = bots(1).remove(1);
        let spectator = frame_for(&table, Viewer::Spectator, None);
        let e = bot.on_frame(&spectator, &Deadline::NONE).unwrap_err().to_string();
        assert!(e.contains("as a spectator, not as chair 1"), "{e}");
        // Seen in play, then the next deal: the first is finished.
        bot.on_frame(&frame(&table, Chair::at(1), false), &Deadline::NONE)
            .unwrap();
        for chair in Chair::ALL {
            table.act(chair, "bid pass".parse().unwrap()).unwrap();
        }
        table.start_deal(2).unwrap();
        let step = bot
            .on_frame(&frame(&table, Chair::at(1), false), &Deadline::NONE)
            .unwrap();
        assert!(step.done);
        assert_eq!(bot.finished().get(&1), Some(&None));
    }

    #[test]
    fn reads_wait_a_turn_and_a_minute_only_at_a_full_table_with_a_deal() {
        let mut table = Table::new(Rules::Tournament);
        let waiting = frame(&table, Chair::at(0), false);
        assert_eq!(read_bound(&waiting), None, "no deal yet");
        table.start_deal(1).unwrap();
        let mut full = frame(&table, Chair::at(0), false);
        assert_eq!(read_bound(&full), Some(Duration::from_secs(90)));
        assert_eq!(think_ms(&full), 13_750.0);
        full.chairs[2] = None;
        assert_eq!(read_bound(&full), None, "a chair is empty");
    }

    #[test]
    fn messages_are_read_by_type() {
        assert!(matches!(
            read_message(r#"{"type":"error","code":"stale","error":"another ply"}"#),
            Ok(Some(ServerMessage::Error { code, .. })) if code == "stale"
        ));
        assert!(matches!(read_message(r#"{"type":"hi"}"#), Ok(None)));
        assert!(read_message("{}").is_err());
        assert!(read_message("nope").is_err());
        assert!(read_message(r#"{"type":"frame"}"#).is_err());
    }
}
