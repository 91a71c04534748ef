//! A board played through the API: created, entered, played with the AI's
//! replies, stored, and a repeated or stale move applied once.

mod common;

use common::{duplicate, Api, Server, Store};

#[test]
fn an_entrant_plays_a_board_and_a_repeated_move_is_applied_once() {
    let store = Store::new();
    let server = Server::start(&store);
    let api = Api::new(&server);
    let health = api.get("/api/health", None).expect(200).json();
    assert_eq!(health["ok"], true);

    let (id, _org, created) = api.create(&duplicate(2), serde_json::json!({}));
    assert_eq!(created["event"]["state"], "open");
    assert!(created["link"]
        .as_str()
        .unwrap()
        .ends_with(&format!("#/contest?online={id}")));
    let key = api.enter(&id, "Ann");

    // Board 2 before board 1: refused.
    assert_eq!(
        api.get(&format!("/api/events/{id}/entry/boards/2"), Some(&key))
            .expect(409)
            .code(),
        "board-not-next"
    );
    let first = api.board(&id, &key, 1);
    assert_eq!(first["seat"], "landlord");
    assert_eq!(first["ply"], 0);
    let mv = common::choose(&first);
    let after = api.send_move(&id, &key, 1, 0, &mv.to_string()).expect(200).json();
    let ply = after["ply"].as_u64().unwrap();
    assert!(ply >= 1);
    // The same move again: the same view, applied once.
    let again = api.send_move(&id, &key, 1, 0, &mv.to_string()).expect(200).json();
    assert_eq!(again, after);
    // A stale ply with another move: 409 with the current ply.
    let stale = api.send_move(&id, &key, 1, 0, "pass").expect(409).json();
    assert_eq!(stale["code"], "stale-ply");
    assert_eq!(stale["ply"], ply);
    // Cards not held: 422.
    let now = api.board(&id, &key, 1);
    let bad = common::not_held(&now);
    assert_eq!(
        api.send_move(&id, &key, 1, ply, &bad).expect(422).code(),
        "illegal-move"
    );
    assert_eq!(api.send_move(&id, &key, 1, ply, "xyz").expect(422).code(), "bad-move");

    let done = api.play_board(&id, &key, 1, true);
    assert_eq!(done["over"], true);
    assert!(done["score"].is_i64());
    assert!(done["hands"]["farmer1"].is_string());
    let entry = api
        .get(&format!("/api/events/{id}/entry"), Some(&key))
        .expect(200)
        .json();
    assert_eq!(entry["boards"][0]["state"], "finished");
    assert_eq!(entry["next"], 2);
    // Board 2: the entrant is farmer 1, so the landlord has led already.
    let second = api.board(&id, &key, 2);
    assert_eq!(second["seat"], "farmer1");
    assert!(second["ply"].as_u64().unwrap() >= 1);
    assert_eq!(second["to_move"], "farmer1");
}
