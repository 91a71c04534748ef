//! Crashes: SIGKILL after an acknowledged move, and during an AI reply;
//! restarted on the same database, the board goes on with every
//! acknowledged move and nothing applied twice. SIGTERM finishes the move
//! in flight before the process exits.

mod common;

use std::time::Duration;

use common::{duplicate, Api, Server, Store};
use serde_json::json;

#[test]
fn an_acknowledged_move_survives_sigkill_and_a_killed_reply_applies_once() {
    let store = Store::new();
    let mut server = Server::start(&store);
    let api = Api::new(&server);
    let (id, _, _) = api.create(&duplicate(2), json!({}));
    let key = api.enter(&id, "Ann");
    let v = api.board(&id, &key, 1);
    let mv = common::choose(&v);
    let acked = api.send_move(&id, &key, 1, 0, &mv.to_string()).expect(200).json();

    // SIGKILL right after the acknowledgement: the move is there.
    server.restart();
    let api = Api::new(&server);
    assert_eq!(api.board(&id, &key, 1), acked);

    // SIGKILL while the AI replies (held for 3 s by the test seam).
    server.restart_with_env(&[("DDZ_TEST_AI_DELAY_MS", "3000")]);
    let ply = acked["ply"].as_u64().unwrap();
    let next = common::choose(&acked);
    let (base, k2, id2) = (server.base.clone(), key.clone(), id.clone());
    let in_flight = std::thread::spawn(move || {
        reqwest::blocking::Client::new()
            .post(format!("{base}/api/events/{id2}/entry/boards/1/moves"))
            .bearer_auth(k2)
            .json(&json!({"ply": ply, "move": next.to_string()}))
            .send()
            .map(|r| r.status().as_u16())
    });
    std::thread::sleep(Duration::from_millis(700));
    server.restart_with_env(&[]);
    assert!(in_flight.join().unwrap().is_err(), "the killed request got no answer");
    let api = Api::new(&server);
    assert_eq!(api.board(&id, &key, 1), acked, "nothing of the killed move was stored");
    // The retry is applied, once; a second retry changes nothing.
    let once = api.send_move(&id, &key, 1, ply, &next.to_string()).expect(200).json();
    let twice = api.send_move(&id, &key, 1, ply, &next.to_string()).expect(200).json();
    assert_eq!(common::without_field(&once), common::without_field(&twice));
    assert_eq!(once["plays"][ply as usize]["move"], next.to_string());
    let ours = once["plays"].as_array().unwrap()[ply as usize..]
        .iter()
        .filter(|p| p["seat"] == once["seat"])
        .count();
    assert_eq!(ours, 1);
    // And the board plays on to its end.
    assert_eq!(api.play_board(&id, &key, 1, false)["over"], true);
}

#[test]
fn sigterm_finishes_the_move_in_flight() {
    let store = Store::new();
    let mut server = Server::start(&store);
    let api = Api::new(&server);
    let (id, _, _) = api.create(&duplicate(1), json!({}));
    let key = api.enter(&id, "Ann");
    let v = api.board(&id, &key, 1);
    server.restart_with_env(&[("DDZ_TEST_AI_DELAY_MS", "1500")]);
    let mv = common::choose(&v);
    let (base, k2, id2) = (server.base.clone(), key.clone(), id.clone());
    let in_flight = std::thread::spawn(move || {
        reqwest::blocking::Client::new()
            .post(format!("{base}/api/events/{id2}/entry/boards/1/moves"))
            .bearer_auth(k2)
            .json(&json!({"ply": 0, "move": mv.to_string()}))
            .send()
            .map(|r| r.status().as_u16())
    });
    std::thread::sleep(Duration::from_millis(500));
    let status = server.terminate();
    assert!(status.success(), "exit status {status}");
    assert_eq!(
        in_flight.join().unwrap().unwrap(),
        200,
        "the in-flight move was answered"
    );
    server.restart_with_env(&[]);
    let api = Api::new(&server);
    let after = api.board(&id, &key, 1);
    assert!(after["ply"].as_u64().unwrap() >= 1);
    assert_eq!(after["plays"][0]["move"], mv.to_string());
}
