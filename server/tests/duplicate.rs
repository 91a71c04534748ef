//! Duplicate sessions (复式, docs/tables.md) against a real server: two
//! tables of one person and two AI play the same four boards; nothing of a
//! board reaches a table, or the public, before it has finished it; and
//! the standings equal each chair ranked against the same chair at the
//! other table, worked out here from the tables' records.

mod common;

use std::time::{Duration, Instant};

use common::table::{finished, sit, Socket};
use common::{Api, Server, Store};
use engine::Cards;
use serde_json::{json, Value};

const LONG: Duration = Duration::from_secs(60);
const BOARDS: usize = 4;

fn server(store: &Store) -> Server {
    let mut server = Server::with_args(store, &["--rate-per-ip", "100000", "--table-ai-pause-ms", "0"]);
    server.env.clear();
    server
}

/// A person takes a chair at `table` and the organiser fills the others
/// with AI: the person's socket.
fn seat_person(server: &Server, api: &Api, table: &str, organiser: &str, name: &str) -> (Socket, String) {
    let (chair, key) = sit(api, table, name);
    assert_eq!(chair, 0);
    api.post(
        &format!("/api/tables/{table}/fill"),
        Some(organiser),
        &json!({"ai": "L2"}),
    )
    .expect(200);
    (Socket::open(server, table, Some(&key)), key)
}

/// The person plays until board `upto` is finished, saying they are
/// ready after each board before it.
fn play_boards(person: &mut Socket, upto: usize) {
    let start = Instant::now();
    let mut ready_after = 0;
    loop {
        let deals = person.frame["deals"].as_u64().unwrap_or(0) as usize;
        if finished(&person.frame) {
            if deals == upto {
                return;
            }
            if ready_after < deals {
                person.send(&json!({"type": "next"}));
                ready_after = deals;
            }
        } else if person.play_turn("greedy") {
            // A person's pace: the socket allows 10 messages a second.
            std::thread::sleep(Duration::from_millis(150));
        }
        while person.recv(Duration::from_millis(20)).is_some() {}
        if start.elapsed() > LONG {
            let errors: Vec<&String> = person.received.iter().filter(|t| t.contains("\"error\"")).collect();
            panic!("the session did not finish: {}\nerrors: {errors:?}", person.frame);
        }
    }
}

fn standings(api: &Api, id: &str, key: Option<&str>) -> Value {
    api.get(&format!("/api/duplicates/{id}"), key).expect(200).json()["standings"].clone()
}

fn cards(v: &Value) -> Cards {
    v.as_str().map_or(Cards::EMPTY, |t| t.parse().unwrap())
}

/// Each chair's 17 cards as dealt on a board, from its record.
fn hands(deal: &Value) -> Vec<Cards> {
    let bottom = cards(&deal["bottom"]);
    (0..3)
        .map(|c| {
            let hand = cards(&deal["dealt"][c]);
            if deal["landlord"].as_u64() == Some(c as u64) {
                hand.saturating_minus(bottom)
            } else {
                hand
            }
        })
        .collect()
}

fn board_scores(deal: &Value) -> [i64; 3] {
    match deal["result"]["scores"].as_array() {
        Some(s) => [0, 1, 2].map(|c| s[c].as_i64().unwrap()),
        // All passed: in duplicate the board counts 0 for every chair.
        None => [0; 3],
    }
}

#[test]
fn two_tables_play_the_same_four_boards_and_each_chair_is_ranked_against_the_other_table() {
    let store = Store::new();
    let server = server(&store);
    let api = Api::new(&server);
    let created = api
        .post(
            "/api/duplicates",
            None,
            &json!({"tables": 2, "boards": BOARDS, "turn_seconds": 300}),
        )
        .expect(201)
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let organiser = created["organiser_key"].as_str().unwrap().to_string();
    let tables: Vec<String> = created["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(tables.len(), 2);

    // Table 1 plays the whole session while table 2 has not sat down.
    let mut watcher = Socket::open(&server, &tables[0], None);
    let (mut first, first_key) = seat_person(&server, &api, &tables[0], &organiser, "An");
    play_boards(&mut first, BOARDS);
    assert_eq!(
        first.frame["duplicate"],
        json!({"id": id, "table": 1, "boards": BOARDS})
    );
    let public = standings(&api, &id, None);
    assert_eq!(public["finished"], json!([1, 1, 1, 1]));
    assert_eq!(
        public["shown"],
        json!([]),
        "no board is public before both tables finish it"
    );
    assert!(public["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["rank_points"] == 0));
    assert_eq!(standings(&api, &id, Some(&first_key))["shown"], json!([1, 2, 3, 4]));
    let history = api
        .get(&format!("/api/tables/{}/history", tables[0]), None)
        .expect(200)
        .json();
    assert_eq!(history["deals"], json!([]), "table 1's records wait for table 2");
    assert_eq!(history["scores"], json!([0, 0, 0]));
    // A spectator of a duplicate table is told who sits where, not the deal.
    while watcher.recv(Duration::from_millis(50)).is_some() {}
    assert!(watcher.received.iter().all(|text| {
        let frame: Value = serde_json::from_str(text).unwrap();
        frame["type"] != "frame" || (frame["deal"].is_null() && frame["scores"] == json!([0, 0, 0]))
    }));
    api.get(
        &format!("/api/duplicates/{id}"),
        Some("sit_0000000000000000000000000000000000000000000"),
    )
    .expect(403);

    // Table 2: before it finishes a board, that board is not shown to it.
    let (mut second, second_key) = seat_person(&server, &api, &tables[1], &organiser, "Bo");
    assert_eq!(standings(&api, &id, Some(&second_key))["shown"], json!([]));
    play_boards(&mut second, 2);
    assert_eq!(standings(&api, &id, Some(&second_key))["shown"], json!([1, 2]));
    assert_eq!(standings(&api, &id, None)["shown"], json!([1, 2]));
    let history = api
        .get(&format!("/api/tables/{}/history", tables[0]), None)
        .expect(200)
        .json();
    assert_eq!(
        history["deals"].as_array().unwrap().len(),
        2,
        "table 1's first two boards are public now"
    );
    play_boards(&mut second, BOARDS);

    // Both tables' records: the same 17 cards to the same chair on each board.
    let records: Vec<Value> = tables
        .iter()
        .map(|t| api.get(&format!("/api/tables/{t}/history"), None).expect(200).json())
        .collect();
    let deals: Vec<&Vec<Value>> = records.iter().map(|r| r["deals"].as_array().unwrap()).collect();
    assert_eq!((deals[0].len(), deals[1].len()), (BOARDS, BOARDS));
    for (k, (one, two)) in deals[0].iter().zip(deals[1]).enumerate() {
        assert_eq!(hands(one), hands(two), "board {}", k + 1);
        assert_eq!(hands(one).iter().map(|h| h.len()).sum::<u32>(), 51);
    }

    // The standings, worked out here: on each board each chair's score
    // against the same chair at the other table, 4 points for the higher,
    // 2 for the lower, 4 each when equal.
    let mut expected = [(0u32, 0i64); 6];
    for (one, two) in deals[0].iter().zip(deals[1]) {
        let scores = [board_scores(one), board_scores(two)];
        for (i, (points, total)) in expected.iter_mut().enumerate() {
            let (t, c) = (i / 3, i % 3);
            let (mine, theirs) = (scores[t][c], scores[1 - t][c]);
            *points += if mine >= theirs { 4 } else { 2 };
            *total += mine;
        }
    }
    let public = standings(&api, &id, None);
    assert_eq!(public["over"], true);
    assert_eq!(public["shown"], json!([1, 2, 3, 4]));
    for entry in public["entries"].as_array().unwrap() {
        let (t, c) = (
            entry["table"].as_u64().unwrap() as usize - 1,
            entry["chair"].as_u64().unwrap() as usize,
        );
        let (points, score) = expected[3 * t + c];
        assert_eq!(
            (
                entry["rank_points"].as_u64().unwrap() as u32,
                entry["score"].as_i64().unwrap()
            ),
            (points, score),
            "{entry}"
        );
    }
    let names: Vec<&str> = public["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["entrant"]["ai"] == false)
        .map(|e| e["entrant"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "An and Bo are entries beside the AI");
    let places: Vec<u64> = public["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["place"].as_u64().unwrap())
        .collect();
    assert!(places.windows(2).all(|w| w[0] <= w[1]), "best first: {places:?}");
    // No fifth board.
    std::thread::sleep(Duration::from_millis(500));
    let table = api.get(&format!("/api/tables/{}", tables[1]), None).expect(200).json();
    assert_eq!(table["deals"], BOARDS);
}

#[test]
fn a_session_out_of_range_or_unknown_is_refused() {
    let store = Store::sqlite();
    let server = server(&store);
    let api = Api::new(&server);
    for (body, code) in [
        (json!({"tables": 1, "boards": 4}), "out-of-range"),
        (json!({"tables": 2, "boards": 0}), "out-of-range"),
        (json!({"tables": 2, "boards": 4, "rules": "poker"}), "bad-rules"),
        (json!({"tables": 2, "boards": 4, "turn_seconds": 1}), "out-of-range"),
    ] {
        assert_eq!(
            api.post("/api/duplicates", None, &body).expect(422).code(),
            code,
            "{body}"
        );
    }
    api.post("/api/duplicates", None, &json!({"tables": 2})).expect(422);
    assert_eq!(
        api.get("/api/duplicates/nosuchsession", None).expect(404).code(),
        "no-duplicate"
    );
    // A table's host key is not the session's organiser key.
    let created = api
        .post("/api/duplicates", None, &json!({"tables": 2, "boards": 1}))
        .expect(201)
        .json();
    let table = created["tables"][0]["id"].as_str().unwrap();
    let (_, host) = common::table::create(&api, json!({}));
    api.post(&format!("/api/tables/{table}/fill"), Some(&host), &json!({}))
        .expect(403);
    let id = created["id"].as_str().unwrap();
    api.get(&format!("/api/duplicates/{id}"), Some(&host)).expect(403);
}
