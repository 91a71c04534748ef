//! Idempotency under concurrency: of two requests for one ply sent at
//! once, one is applied; the same move sent twice at once is applied once;
//! of many entering at once, no more than the event takes get in.

mod common;

use common::{duplicate, Api, Server, Store};
use engine::{Move, Seat};

fn legal(v: &serde_json::Value) -> Vec<Move> {
    // The legal moves from the view alone, as a client computes them.
    let seat: Seat = serde_json::from_value(v["seat"].clone()).unwrap();
    let hand: engine::Cards = v["hand"].as_str().unwrap().parse().unwrap();
    let bottom = v["bottom"].as_str().map(|b| b.parse().unwrap());
    let turns: Vec<engine::Turn> = v["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| engine::Turn {
            seat: serde_json::from_value(p["seat"].clone()).unwrap(),
            mv: Move::parse(p["move"].as_str().unwrap()).unwrap(),
        })
        .collect();
    let c: Vec<u8> = v["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as u8)
        .collect();
    let view = engine::SeatView::from_record(seat, 3, hand, bottom, &turns, [c[0], c[1], c[2]]).unwrap();
    let mut out = Vec::new();
    view.legal_moves(&mut out);
    out
}

#[test]
fn of_two_concurrent_requests_for_one_ply_one_is_applied() {
    let store = Store::new();
    let server = Server::start(&store);
    let api = Api::new(&server);
    let (id, _, _) = api.create(&duplicate(2), serde_json::json!({}));
    let key = api.enter(&id, "Ann");
    let mut v = api.board(&id, &key, 1);
    let mut rounds = 0;
    while !v["over"].as_bool().unwrap() {
        let ply = v["ply"].as_u64().unwrap();
        let moves = legal(&v);
        let (m1, m2) = (moves[0], *moves.last().unwrap());
        let results: Vec<common::Answer> = std::thread::scope(|s| {
            let hs: Vec<_> = [m1, m2, m1]
                .into_iter()
                .map(|m| {
                    let api = Api::new(&server);
                    let (id, key) = (id.clone(), key.clone());
                    s.spawn(move || api.send_move(&id, &key, 1, ply, &m.to_string()))
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let after = api.board(&id, &key, 1);
        let applied = Move::parse(after["plays"][ply as usize]["move"].as_str().unwrap()).unwrap();
        assert!(applied == m1 || applied == m2);
        for (r, m) in results.iter().zip([m1, m2, m1]) {
            if m == applied {
                assert_eq!(r.status, 200, "{}", r.text);
                assert_eq!(common::without_field(&r.json()), common::without_field(&after));
            } else {
                assert_eq!(r.status, 409, "{}", r.text);
                assert_eq!(r.json()["code"], "stale-ply");
            }
        }
        // Exactly one entrant's move at that ply, then the AI's.
        let plays = after["plays"].as_array().unwrap();
        let entrant_moves = plays[ply as usize..]
            .iter()
            .filter(|p| p["seat"] == after["seat"])
            .count();
        assert!(entrant_moves == 1 || after["over"] == true && entrant_moves >= 1);
        v = after;
        rounds += 1;
    }
    assert!(rounds > 1);
}

#[test]
fn of_many_entering_at_once_only_the_most_entrants_get_in() {
    let store = Store::new();
    let server = Server::start(&store);
    let (id, _, _) = Api::new(&server).create(&duplicate(1), serde_json::json!({"max_entrants": 3}));
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..8)
            .map(|i| {
                let api = Api::new(&server);
                let id = id.clone();
                s.spawn(move || {
                    api.post(
                        &format!("/api/events/{id}/entries"),
                        None,
                        &serde_json::json!({"name": format!("p{i}")}),
                    )
                    .status
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(statuses.iter().filter(|&&s| s == 201).count(), 3, "{statuses:?}");
    assert!(statuses.iter().all(|&s| s == 201 || s == 403), "{statuses:?}");
    let view = Api::new(&server)
        .get(&format!("/api/events/{id}"), None)
        .expect(200)
        .json();
    assert_eq!(view["entrants"], 3);
}
