//! An AI entrant on a server: it plays every board of its entry through
//! the API, seeing only what the API gives a person (its hand, the bottom
//! cards, the plays, the card counts), made into an
//! [`engine::SeatView`] for the player to choose from. Shared by
//! `ddz contest enter --server` and the load benchmark
//! (`cli/examples/bench_server.rs`, which includes this file).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use engine::clock::{Deadline, MonotonicClock};
use engine::{Cards, Move, PlayerSpec, Seat, SeatView, Turn};

use super::api::{field, str_field, u64_field, ApiError, Repeat, Server};

/// An entry: the event's id and the entry's key.
pub struct Entry<'a> {
    pub server: &'a Server,
    pub id: &'a str,
    pub key: &'a str,
}

/// What the entrant sent and the server acknowledged, for the benchmark's
/// count of lost and duplicated moves, and each move's time, reply
/// included.
#[derive(Default)]
pub struct Tally {
    pub acknowledged: Vec<Sent>,
    pub latencies: Vec<Duration>,
    /// Moves refused as stale (the view was read again).
    pub stale: u64,
}

/// One of the entrant's moves, acknowledged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sent {
    pub board: u64,
    pub ply: usize,
    pub mv: Move,
}

/// A board as the API shows it to its entrant.
#[derive(Debug)]
pub struct BoardView {
    pub number: u64,
    pub seat: Seat,
    pub ply: usize,
    pub hand: Cards,
    pub counts: [u8; 3],
    pub bottom: Cards,
    pub plays: Vec<Turn>,
    pub to_move: Option<Seat>,
    pub over: bool,
}

/// The most times a board's view is read again while it is not the
/// entrant's turn, or its move is stale, before giving up.
const STALLS: u32 = 20;

/// Plays every board of the entry still to play, in order, each move
/// within `time_limit_ms` if set, and answers the entry's view at the end
/// (`{"name", "boards", "total", ...}`).
pub fn play_entry(
    entry: &Entry<'_>,
    player: &PlayerSpec,
    seed: u64,
    time_limit_ms: Option<f64>,
    tally: &mut Tally,
) -> Result<Value, ApiError> {
    let path = format!("events/{}/entry", entry.id);
    let mut last = None;
    loop {
        let view = entry.server.get(&path, Some(entry.key))?;
        let next = field(&view, "next")?;
        if next.is_null() {
            return Ok(view);
        }
        let n = next
            .as_u64()
            .ok_or_else(|| ApiError::Reply(format!("'next' is not a board number: {next}")))?;
        if last == Some(n) {
            return Err(ApiError::Reply(format!(
                "board {n} was played to its end, but the entry still names it next"
            )));
        }
        play_online_board(entry, n, player, seed, time_limit_ms, tally)?;
        last = Some(n);
    }
}

/// Plays board `n` to its end (starting it if it is the next one).
pub fn play_online_board(
    entry: &Entry<'_>,
    n: u64,
    player: &PlayerSpec,
    seed: u64,
    time_limit_ms: Option<f64>,
    tally: &mut Tally,
) -> Result<(), ApiError> {
    let clock = MonotonicClock::default();
    let path = format!("events/{}/entry/boards/{n}", entry.id);
    let mut view = board_view(&entry.server.get(&path, Some(entry.key))?)?;
    if view.number != n {
        return Err(ApiError::Reply(format!(
            "asked for board {n}, given board {}",
            view.number
        )));
    }
    let mut stalls = 0;
    while !view.over {
        if view.to_move != Some(view.seat) {
            stalls += 1;
            if stalls > STALLS {
                return Err(ApiError::Reply(format!(
                    "board {n} is not over, yet it stays {}'s turn, not the entrant's",
                    view.to_move.map_or("nobody".into(), |s| s.to_string())
                )));
            }
            std::thread::sleep(Duration::from_millis(250));
            view = board_view(&entry.server.get(&path, Some(entry.key))?)?;
            continue;
        }
        let seat_view = SeatView::from_record(view.seat, 3, view.hand, Some(view.bottom), &view.plays, view.counts)
            .map_err(|e| ApiError::Reply(format!("board {n}'s view is not a game: {e}")))?;
        let mut chooser = player.build(move_seed(seed, n, view.ply));
        let deadline = time_limit_ms.map_or(Deadline::NONE, |ms| Deadline::after(&clock, ms));
        let mv = chooser.choose(&seat_view, &deadline);
        let ply = view.ply;
        let started = Instant::now();
        let body = json!({ "ply": ply, "move": mv.to_string() });
        match entry
            .server
            .post(&format!("{path}/moves"), Some(entry.key), &body, Repeat::Always)
        {
            Ok(reply) => {
                tally.latencies.push(started.elapsed());
                tally.acknowledged.push(Sent { board: n, ply, mv });
                view = board_view(&reply)?;
                stalls = 0;
            }
            Err(e) if e.code() == Some("stale-ply") => {
                // The board moved on without this move (another device):
                // read it again and answer where it is now.
                tally.stale += 1;
                stalls += 1;
                if stalls > STALLS {
                    return Err(e);
                }
                view = board_view(&entry.server.get(&path, Some(entry.key))?)?;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The seed of the player's move at `ply` of board `n`: the same entrant
/// makes the same moves when resumed.
fn move_seed(seed: u64, n: u64, ply: usize) -> u64 {
    let mut x = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (ply as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    // splitmix64's finaliser.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn seat(value: &Value, what: &str) -> Result<Seat, ApiError> {
    serde_json::from_value(value.clone()).map_err(|_| ApiError::Reply(format!("{what}: {value} is not a seat")))
}

fn cards(value: &Value, name: &str) -> Result<Cards, ApiError> {
    let text = str_field(value, name)?;
    text.parse()
        .map_err(|e| ApiError::Reply(format!("'{name}': '{text}' is not cards ({e})")))
}

/// A BOARD_VIEW, read into engine types.
pub fn board_view(value: &Value) -> Result<BoardView, ApiError> {
    let counts = field(value, "counts")?
        .as_array()
        .filter(|c| c.len() == 3)
        .and_then(|c| {
            c.iter()
                .map(|n| n.as_u64().and_then(|n| u8::try_from(n).ok()).filter(|&n| n <= 20))
                .collect::<Option<Vec<u8>>>()
        })
        .ok_or_else(|| ApiError::Reply("'counts' is not three card counts".into()))?;
    let plays = field(value, "plays")?
        .as_array()
        .ok_or_else(|| ApiError::Reply("'plays' is not a list".into()))?
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mv: Move = serde_json::from_value(field(p, "move")?.clone())
                .map_err(|e| ApiError::Reply(format!("plays[{i}]: not a move ({e})")))?;
            Ok(Turn {
                seat: seat(field(p, "seat")?, &format!("plays[{i}]"))?,
                mv,
            })
        })
        .collect::<Result<Vec<Turn>, ApiError>>()?;
    let to_move = match field(value, "to_move")? {
        Value::Null => None,
        v => Some(seat(v, "to_move")?),
    };
    Ok(BoardView {
        number: u64_field(value, "number")?,
        seat: seat(field(value, "seat")?, "seat")?,
        ply: usize::try_from(u64_field(value, "ply")?).unwrap_or(usize::MAX),
        hand: cards(value, "hand")?,
        counts: [counts[0], counts[1], counts[2]],
        bottom: cards(value, "bottom")?,
        plays,
        to_move,
        over: field(value, "over")?.as_bool().unwrap_or(false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_view_reads_into_a_seat_view() {
        let deal = engine::Deal::from_seed(5);
        let mut game = engine::Game::new(&deal);
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        game.apply(legal[0]).unwrap();
        let plays: Vec<Value> = game
            .record()
            .iter()
            .map(|t| json!({ "seat": t.seat, "move": t.mv }))
            .collect();
        let value = json!({
            "number": 1, "seat": "farmer1", "ply": 1, "hand": deal.hand(Seat::Farmer1).to_string(),
            "counts": [game.hand(Seat::Landlord).len(), 17, 17],
            "bottom": deal.bottom().unwrap().to_string(), "plays": plays, "to_move": "farmer1", "over": false,
        });
        let view = board_view(&value).unwrap();
        assert_eq!(view.to_move, Some(Seat::Farmer1));
        let seat_view =
            SeatView::from_record(view.seat, 3, view.hand, Some(view.bottom), &view.plays, view.counts).unwrap();
        let mv = "L1"
            .parse::<PlayerSpec>()
            .unwrap()
            .build(1)
            .choose(&seat_view, &Deadline::NONE);
        assert!(game.clone().apply(mv).is_ok());
        // A view that is not the API's is refused, saying what is wrong.
        let mut bad = value.clone();
        bad["counts"] = json!([20, 17]);
        assert!(board_view(&bad).unwrap_err().to_string().contains("counts"));
        bad = value;
        bad["hand"] = json!("3");
        assert!(board_view(&bad).is_ok_and(|v| SeatView::from_record(
            v.seat,
            3,
            v.hand,
            Some(v.bottom),
            &v.plays,
            v.counts
        )
        .is_err()));
    }

    /// A move whose reply is lost (the connection drops) is sent again,
    /// the same ply and the same move, and the board goes on from the
    /// answer to the second.
    #[test]
    fn a_move_after_a_network_error_is_resent_with_its_ply() {
        use std::io::{Read, Write};
        let deal = engine::Deal::from_seed(9);
        let view = |plays: &[Turn], over: bool| {
            let mut game = engine::Game::new(&deal);
            for t in plays {
                game.apply(t.mv).unwrap();
            }
            let plays: Vec<Value> = plays.iter().map(|t| json!({ "seat": t.seat, "move": t.mv })).collect();
            json!({
                "number": 1, "seat": "landlord", "ply": plays.len(),
                "hand": game.hand(Seat::Landlord).to_string(),
                "counts": [game.hand(Seat::Landlord).len(), game.hand(Seat::Farmer1).len(), game.hand(Seat::Farmer2).len()],
                "bottom": deal.bottom().unwrap().to_string(), "plays": plays,
                "to_move": if over { Value::Null } else { json!("landlord") }, "over": over,
            })
            .to_string()
        };
        let start = view(&[], false);
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let serve = std::thread::spawn(move || {
            let mut bodies = Vec::new();
            for i in 0..3 {
                let (mut stream, _) = listener.accept().unwrap();
                let mut request = Vec::new();
                let mut buf = [0u8; 8192];
                // Headers and a small body arrive together on loopback.
                while !String::from_utf8_lossy(&request).contains("\r\n\r\n") {
                    let n = stream.read(&mut buf).unwrap();
                    request.extend_from_slice(&buf[..n]);
                }
                let text = String::from_utf8_lossy(&request).into_owned();
                let (head, body) = text.split_once("\r\n\r\n").unwrap();
                let length: usize = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-length:")
                            .map(|v| v.trim().parse().unwrap())
                    })
                    .unwrap_or(0);
                let mut body = body.as_bytes().to_vec();
                while body.len() < length {
                    let n = stream.read(&mut buf).unwrap();
                    body.extend_from_slice(&buf[..n]);
                }
                if i > 0 {
                    bodies.push(String::from_utf8(body).unwrap());
                }
                let reply = match i {
                    0 => start.clone(),
                    // The first move's reply is lost.
                    1 => continue,
                    // Over, as far as this test goes.
                    _ => r#"{"number":1,"seat":"landlord","ply":1,"hand":"3","counts":[1,17,17],"bottom":"","plays":[],"to_move":null,"over":true}"#.to_string(),
                };
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
                    reply.len()
                );
            }
            bodies
        });
        let server = Server::new(&format!("http://127.0.0.1:{port}"), Duration::from_secs(5)).unwrap();
        let entry = Entry {
            server: &server,
            id: "abc123def456",
            key: "ent_00000000000000000000000000000000",
        };
        let mut tally = Tally::default();
        let player: PlayerSpec = "L1".parse().unwrap();
        play_online_board(&entry, 1, &player, 0, None, &mut tally).unwrap();
        assert_eq!(tally.acknowledged.len(), 1);
        let bodies = serve.join().unwrap();
        assert_eq!(bodies.len(), 2, "{bodies:?}");
        assert_eq!(bodies[0], bodies[1], "the same ply and move, sent again");
        assert!(bodies[0].contains("\"ply\":0"), "{}", bodies[0]);
        assert_eq!(server.resent.load(std::sync::atomic::Ordering::Relaxed), 1);
    }

    #[test]
    fn move_seeds_differ_by_board_and_ply() {
        assert_ne!(move_seed(0, 1, 0), move_seed(0, 2, 0));
        assert_ne!(move_seed(0, 1, 0), move_seed(0, 1, 1));
        assert_eq!(move_seed(3, 1, 4), move_seed(3, 1, 4));
    }
}
