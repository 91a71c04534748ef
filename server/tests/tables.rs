//! Tables for people (docs/tables.md), played over real WebSockets against
//! a real server: whole deals by three people and a spectator, with every
//! message scanned for cards its viewer may not see; 托管 after the timer
//! and taking over; refused and repeated actions; a kill mid-deal.

mod common;

use std::time::Duration;

use common::table::{create, finished, sit, Socket};
use common::{Api, Server, Store};
use engine::Cards;
use serde_json::{json, Value};

const LONG: Duration = Duration::from_secs(120);

fn server(store: &Store) -> Server {
    let mut server = Server::with_args(store, &["--rate-per-ip", "100000", "--table-ai-pause-ms", "0"]);
    server.env.clear();
    server
}

fn cards(v: &Value) -> Cards {
    v.as_str().map_or(Cards::EMPTY, |t| t.parse().unwrap())
}

/// Plays until every socket has seen its deal finished; each chair's
/// socket acts for it with `player`.
fn play_out(sockets: &mut [Socket], player: &str) {
    let start = std::time::Instant::now();
    while !sockets.iter().all(|s| finished(&s.frame)) {
        for socket in sockets.iter_mut() {
            socket.play_turn(player);
            // Read what has come, so the next turn acts on the latest frame.
            while socket.recv(Duration::from_millis(20)).is_some() {}
        }
        assert!(start.elapsed() < LONG, "the deal did not finish");
    }
}

/// Scans every message `socket` received before its deal was finished
/// for the hands its viewer may not see: the other chairs' hands as dealt
/// and as held at that moment, written out, and any `dealt`.
fn scan(socket: &Socket, mine: Option<usize>, end: &Value) {
    let dealt: Vec<Cards> = end["deal"]["dealt"].as_array().unwrap().iter().map(cards).collect();
    let (landlord, bottom) = (end["deal"]["landlord"].as_u64(), cards(&end["deal"]["bottom"]));
    for text in &socket.received {
        let frame: Value = serde_json::from_str(text).unwrap();
        if frame["type"] != "frame" || finished(&frame) {
            continue;
        }
        let deal = &frame["deal"];
        if deal.is_null() {
            continue;
        }
        assert!(deal["dealt"].is_null(), "dealt hands before the end: {text}");
        if deal["landlord"].is_null() {
            assert!(deal["bottom"].is_null(), "the bottom during the auction: {text}");
        }
        for (chair, &hand) in dealt.iter().enumerate() {
            if Some(chair) == mine {
                continue;
            }
            let mut held = hand;
            if deal["landlord"].is_null() && landlord == Some(chair as u64) {
                // The landlord-to-be during the auction: 17 cards.
                held = held.saturating_minus(bottom);
            }
            for play in deal["plays"].as_array().unwrap() {
                if play[0].as_u64() == Some(chair as u64) && play[1] != "pass" {
                    held = held.saturating_minus(play[1].as_str().unwrap().parse().unwrap());
                }
            }
            for hidden in [hand, held] {
                if hidden.len() >= 4 {
                    assert!(
                        !text.contains(&format!("\"{hidden}\"")),
                        "chair {chair}'s cards {hidden} in: {text}"
                    );
                }
            }
        }
        assert_eq!(deal["hand"].is_null(), mine.is_none(), "{text}");
    }
}

#[test]
fn three_people_play_a_deal_and_nobody_sees_a_hidden_card() {
    let store = Store::new();
    let server = server(&store);
    let api = Api::new(&server);
    let (id, _) = create(&api, json!({"turn_seconds": 60}));
    let mut spectator = Socket::open(&server, &id, None);
    let mut people = Vec::new();
    for name in ["Ann", "Bo", "Cai"] {
        let (chair, key) = sit(&api, &id, name);
        people.push((chair, Socket::open(&server, &id, Some(&key))));
    }
    let chairs: Vec<usize> = people.iter().map(|(c, _)| *c).collect();
    assert_eq!(chairs, [0, 1, 2]);
    let mut sockets: Vec<Socket> = people.into_iter().map(|(_, s)| s).collect();
    play_out(&mut sockets, "heuristic");
    spectator.until(LONG, finished);
    let end = spectator.frame.clone();
    let dealt: Vec<Cards> = end["deal"]["dealt"].as_array().unwrap().iter().map(cards).collect();
    // Every hand shown to all at the end; after a redeal (nobody called,
    // which the random deal makes now and then) the bottom was nobody's.
    let shown = if end["deal"]["phase"] == "over" { 54 } else { 51 };
    assert_eq!(dealt.iter().map(|c| c.len()).sum::<u32>(), shown, "{end}");
    for (chair, socket) in sockets.iter().enumerate() {
        assert_eq!(socket.frame["viewer"]["chair"], chair);
        assert_eq!(socket.frame["deal"]["dealt"], end["deal"]["dealt"]);
        scan(socket, Some(chair), &end);
    }
    scan(&spectator, None, &end);
    let scores = &end["scores"];
    if end["deal"]["phase"] == "over" {
        let sum: i64 = (0..3).map(|i| scores[i].as_i64().unwrap()).sum();
        assert_eq!(sum, 0);
        assert_ne!(scores[0], 0);
    }
    // The record of the finished deal, for anyone.
    let history = api.get(&format!("/api/tables/{id}/history"), None).expect(200).json();
    assert_eq!(history["deals"].as_array().unwrap().len(), 1);
    assert_eq!(history["deals"][0]["dealt"], end["deal"]["dealt"]);
    assert_eq!(history["names"], json!(["Ann", "Bo", "Cai"]));
}

#[test]
fn after_the_timer_the_ai_plays_for_the_absent_until_they_come_back() {
    let store = Store::new();
    let server = server(&store);
    let api = Api::new(&server);
    let (id, host) = create(&api, json!({"turn_seconds": 5, "ai": "L5"}));
    let (chair, key) = sit(&api, &id, "Ann");
    assert_eq!(chair, 0);
    api.post(&format!("/api/tables/{id}/fill"), Some(&host), &json!({}))
        .expect(200);
    let mut spectator = Socket::open(&server, &id, None);
    // Ann leaves before her first turn (she bids first in deal 1).
    Socket::open(&server, &id, Some(&key)).close();
    let auto = spectator.until(LONG, |f| f["chairs"][0]["auto"] == true);
    assert_eq!(auto["chairs"][0]["player"], "person");
    // The AI acts for her: her bid comes.
    let bid = spectator.until(LONG, |f| !f["deal"]["bids"][0].is_null());
    assert_eq!(bid["deal"]["bids"][0][0], 0, "Ann bids first: {bid}");
    // She comes back: her chair is hers again.
    let mut ann = Socket::open(&server, &id, Some(&key));
    let back = ann.until(LONG, |f| f["chairs"][0]["auto"] == false);
    assert_eq!(back["viewer"]["chair"], 0);
    assert!(!back["deal"]["hand"].is_null());
    let mut sockets = vec![ann];
    play_out(&mut sockets, "greedy");
}

#[test]
fn refused_repeated_and_stale_actions_change_nothing() {
    let store = Store::new();
    let server = server(&store);
    let api = Api::new(&server);
    let (id, host) = create(&api, json!({}));
    let (_, key) = sit(&api, &id, "Ann");
    // The same chair twice, a full table, a bad name, a wrong host key.
    assert_eq!(
        api.post(
            &format!("/api/tables/{id}/seats"),
            None,
            &json!({"name": "Bo", "chair": 0})
        )
        .expect(409)
        .code(),
        "chair-taken"
    );
    assert_eq!(
        api.post(&format!("/api/tables/{id}/seats"), None, &json!({"name": " "}))
            .expect(422)
            .code(),
        "bad-name"
    );
    assert_eq!(
        api.post(
            &format!("/api/tables/{id}/fill"),
            Some("hst_00000000000000000000000000000000"),
            &json!({})
        )
        .expect(403)
        .code(),
        "wrong-key"
    );
    assert_eq!(
        api.post("/api/tables", None, &json!({"turn_seconds": 4}))
            .expect(422)
            .code(),
        "out-of-range"
    );
    assert_eq!(
        api.post("/api/tables", None, &json!({"rules": "mahjong"}))
            .expect(422)
            .code(),
        "bad-rules"
    );
    api.post(&format!("/api/tables/{id}/fill"), Some(&host), &json!({"ai": "L2"}))
        .expect(200);
    assert_eq!(
        api.post(&format!("/api/tables/{id}/seats"), None, &json!({"name": "Bo"}))
            .expect(409)
            .code(),
        "table-full"
    );
    assert_eq!(api.get("/api/tables/nosuchtable1", None).expect(404).code(), "no-table");

    let mut ann = Socket::open(&server, &id, Some(&key));
    let frame = ann.until(LONG, |f| f["deal"]["to_act"] == 0);
    let deal = frame["deals"].clone();
    let error = |ann: &mut Socket, msg: Value| -> String {
        ann.send(&msg);
        let v = ann.until(LONG, |v| v["type"] == "error");
        v["code"].as_str().unwrap().to_string()
    };
    assert_eq!(
        error(
            &mut ann,
            json!({"type": "act", "deal": deal, "ply": 5, "action": "bid 1"})
        ),
        "stale"
    );
    assert_eq!(
        error(
            &mut ann,
            json!({"type": "act", "deal": deal, "ply": 0, "action": "bid 9"})
        ),
        "bad-message"
    );
    assert_eq!(
        error(&mut ann, json!({"type": "act", "deal": deal, "ply": 0, "action": "33"})),
        "illegal"
    );
    assert_eq!(error(&mut ann, json!({"type": "launch"})), "bad-message");
    ann.send(&json!({"type": "act", "deal": deal, "ply": 0, "action": "bid 3"}));
    // The repeat of an applied action is stale: applied once.
    assert_eq!(
        error(
            &mut ann,
            json!({"type": "act", "deal": deal, "ply": 0, "action": "bid 3"})
        ),
        "stale"
    );
    let frame = ann.until(LONG, |f| f["deal"]["landlord"] == 0);
    assert_eq!(frame["deal"]["bids"], json!([[0, "3"]]));
    assert_eq!(frame["deal"]["hand"].as_str().unwrap().chars().count(), 20);
    let mut spectator = Socket::open(&server, &id, None);
    assert_eq!(
        error(
            &mut spectator,
            json!({"type": "act", "deal": deal, "ply": 1, "action": "pass"})
        ),
        "no-chair"
    );
    // A wrong seat key is refused and the socket closed.
    let url = format!("ws://127.0.0.1:{}/api/tables/{id}/ws", server.port);
    let (mut ws, _) = tungstenite::connect(url).unwrap();
    ws.send(tungstenite::Message::text(
        json!({"type": "hello", "key": "sit_00000000000000000000000000000000"}).to_string(),
    ))
    .unwrap();
    let refused: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(refused["code"], "wrong-key");
}

#[test]
fn a_kill_mid_deal_loses_no_action() {
    let store = Store::new();
    let mut server = server(&store);
    let api = Api::new(&server);
    let (id, host) = create(&api, json!({}));
    let (_, key) = sit(&api, &id, "Ann");
    api.post(&format!("/api/tables/{id}/fill"), Some(&host), &json!({"ai": "L3"}))
        .expect(200);
    let mut ann = Socket::open(&server, &id, Some(&key));
    // Ann bids 3 and plays her first lead; then the server is killed.
    ann.until(LONG, |f| f["deal"]["to_act"] == 0);
    assert!(ann.play_turn("greedy"));
    let before = ann.until(LONG, |f| f["ply"].as_u64() >= Some(1)).clone();
    let before_ply = before["ply"].as_u64().unwrap();
    server.restart();
    let ann = Socket::open(&server, &id, Some(&key));
    assert!(
        ann.frame["ply"].as_u64().unwrap() >= before_ply,
        "{} then {}",
        before,
        ann.frame
    );
    assert_eq!(
        ann.frame["deal"]["bids"].as_array().unwrap()[0],
        before["deal"]["bids"][0]
    );
    let mut sockets = vec![ann];
    play_out(&mut sockets, "greedy");
}

#[test]
fn two_instances_on_one_postgres_hold_one_table() {
    if common::postgres().is_none() {
        eprintln!("DDZ_TEST_POSTGRES is not set: the two-instance table test is skipped");
        return;
    }
    let store = Store::new();
    let one = server(&store);
    let two = server(&store);
    let (a, b) = (Api::new(&one), Api::new(&two));
    let (id, _) = create(&a, json!({}));
    let mut sockets = Vec::new();
    for (n, name) in ["Ann", "Bo", "Cai"].into_iter().enumerate() {
        let (server, api) = if n == 1 { (&two, &b) } else { (&one, &a) };
        let (_, key) = sit(api, &id, name);
        sockets.push(Socket::open(server, &id, Some(&key)));
    }
    play_out(&mut sockets, "greedy");
    assert_eq!(sockets[0].frame["deal"]["dealt"], sockets[1].frame["deal"]["dealt"]);
    assert_eq!(sockets[1].frame["deal"]["plays"], sockets[2].frame["deal"]["plays"]);
}

#[test]
fn sigterm_stops_the_server_with_sockets_open() {
    let store = Store::new();
    let mut server = server(&store);
    let api = Api::new(&server);
    let (id, _) = create(&api, json!({}));
    let (_, key) = sit(&api, &id, "Ann");
    let _ann = Socket::open(&server, &id, Some(&key));
    let start = std::time::Instant::now();
    let status = server.terminate();
    assert!(status.success(), "{status}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "shut down in {:?}",
        start.elapsed()
    );
}

#[test]
fn casual_rules_call_rob_double_and_a_shown_hand_is_everyone_s() {
    let store = Store::new();
    let server = server(&store);
    let api = Api::new(&server);
    let (id, _) = create(&api, json!({"rules": "casual"}));
    let mut sockets: Vec<Socket> = ["Ann", "Bo", "Cai"]
        .into_iter()
        .map(|name| {
            let (_, key) = sit(&api, &id, name);
            Socket::open(&server, &id, Some(&key))
        })
        .collect();
    let mut spectator = Socket::open(&server, &id, None);
    assert_eq!(spectator.frame["rules"], "casual");
    let start = std::time::Instant::now();
    // The bots answer; the landlord shows its hand (明牌).
    // (Nobody calling redeals; the next deal comes by itself.)
    let over = |f: &Value| f["deal"]["phase"] == "over";
    while !sockets.iter().all(|s| over(&s.frame)) {
        for socket in sockets.iter_mut() {
            let asked = &socket.frame["deal"]["asks"];
            let mine = socket.frame["deal"]["to_act"] == socket.frame["viewer"]["chair"];
            if mine && asked == "show" {
                let at = (socket.frame["deals"].clone(), socket.frame["ply"].clone());
                socket.send(&json!({"type": "act", "deal": at.0, "ply": at.1, "action": "show yes"}));
            } else {
                socket.play_turn("greedy");
            }
            while socket.recv(Duration::from_millis(20)).is_some() {}
        }
        assert!(start.elapsed() < LONG, "the deal did not finish");
    }
    spectator.until(LONG, over);
    let end = &spectator.frame["deal"];
    let says: Vec<String> = end["says"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[1].as_str().unwrap().to_string())
        .collect();
    assert!(says[0].starts_with("call"), "{says:?}");
    assert_eq!(says.iter().filter(|s| s.starts_with("double")).count(), 3, "{says:?}");
    assert_eq!(says.last().unwrap(), "show yes");
    // Once shown, the spectator saw the landlord's hand as it was then.
    let landlord = end["landlord"].as_u64().unwrap() as usize;
    let shown_first = spectator
        .received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .find(|f| !f["deal"]["shown"].is_null())
        .expect("a frame with the shown hand");
    assert_eq!(shown_first["deal"]["shown"].as_str().unwrap().chars().count(), 20);
    assert_eq!(cards(&shown_first["deal"]["shown"]), cards(&end["dealt"][landlord]));
    let scores: i64 = (0..3).map(|i| end["result"]["scores"][i].as_i64().unwrap()).sum();
    assert_eq!(scores, 0);
}
