//! Leak scan, and close and verify: a 6-board duplicate event and a
//! 6-board equal event played to the end by a client that reloads in
//! every phase, every answer kept; after close the export reveals the
//! secret, and every hidden hand (in the written forms the API uses), every
//! seed, the secret and the sealed event's code are searched for in every
//! answer, headers included, received before it was allowed. Then the
//! secret is checked against the commitment and the engine's standings
//! from the exported result files are the server's.

mod common;

use common::{Answer, Api, Server, Store};
use engine::clock::MonotonicClock;
use engine::contest::standings::DEFAULT_TOP;
use engine::contest::{ContestResult, Event, ScoringRun, Secret, Submission};
use engine::{Game, Seat, Stepwise};
use serde_json::{json, Value};

/// What must not be seen: (what it is, the text).
type Secrets = Vec<(String, String)>;

/// The hidden forms of a board's hands: each other seat's dealt hand and
/// its hand before each move while it holds 8 cards or more, as the JSON
/// strings the API writes; the deal's bracket form; the seed.
fn hidden_of(result: &ContestResult, boards: &[engine::contest::Board], k: usize) -> Secrets {
    let b = boards[k];
    let deal = b.deal();
    let mut out: Secrets = vec![
        (format!("board {} seed", b.number), b.seed.to_string()),
        (format!("board {} deal", b.number), deal.to_string()),
    ];
    let mut game = Game::new(&deal);
    let mut positions = vec![game.clone()];
    for &mv in &result.records[k] {
        game.apply(mv).expect("the record replays");
        positions.push(game.clone());
    }
    for seat in Seat::ALL.into_iter().filter(|&s| s != b.seat) {
        out.push((
            format!("board {} {} dealt", b.number, seat.name()),
            format!("\"{}\"", deal.hand(seat)),
        ));
        for g in &positions {
            let hand = g.hand(seat);
            if hand.len() >= 8 {
                out.push((
                    format!("board {} {} at a ply", b.number, seat.name()),
                    format!("\"{hand}\""),
                ));
            }
        }
    }
    out
}

fn scan(label: &str, answers: &[String], secrets: &Secrets) {
    for (i, text) in answers.iter().enumerate() {
        for (what, s) in secrets {
            assert!(
                !text.contains(s.as_str()),
                "{label}: answer {i} shows {what} ({s}):\n{text}"
            );
        }
    }
}

fn taken(api: &Api) -> Vec<String> {
    std::mem::take(&mut *api.seen.borrow_mut())
}

fn run(event: &Event, extra: Value, with_records: bool) {
    let store = Store::new();
    let server = Server::start(&store);
    let a = Api::new(&server);
    let b = Api::new(&server);
    let public = Api::new(&server);
    let (id, org, created) = a.create(event, extra);
    let commitment = created["event"]["commitment"].as_str().unwrap().to_string();
    let looks = |api: &Api, key: Option<&str>| {
        api.get(&format!("/api/events/{id}"), None).expect(200);
        api.get(&format!("/api/events/{id}/standings"), None).expect(200);
        api.get(&format!("/api/events/{id}/standings.csv"), None).expect(200);
        match key {
            Some(k) => {
                api.get(&format!("/api/events/{id}/entry"), Some(k)).expect(200);
            }
            None => {
                // The organiser's pages, in the public's answers.
                api.get(&format!("/api/events/{id}/organiser"), Some(&org)).expect(200);
                api.get(&format!("/api/events/{id}/standings"), Some(&org)).expect(200);
                api.get(&format!("/api/events/{id}/standings.csv"), Some(&org))
                    .expect(200);
            }
        }
    };
    looks(&public, None);
    let ka = a.enter(&id, "Ann");
    let kb = b.enter(&id, "Bob");
    looks(&a, Some(&ka));
    looks(&b, Some(&kb));
    // Ann's answers, phase by phase: those before board k ends.
    let mut phases: Vec<Vec<String>> = Vec::new();
    let boards = event.boards();
    for n in 1..=boards {
        looks(&a, Some(&ka));
        let v = a.board(&id, &ka, n);
        let mv = common::choose(&v);
        let mut v = a
            .send_move(&id, &ka, n, v["ply"].as_u64().unwrap(), &mv.to_string())
            .expect(200)
            .json();
        looks(&a, Some(&ka));
        looks(&b, Some(&kb));
        looks(&public, None);
        while !v["over"].as_bool().unwrap() {
            assert_eq!(a.board(&id, &ka, n), v, "a reload shows the same board");
            let mv = common::choose(&v);
            let ply = v["ply"].as_u64().unwrap();
            let before = taken(&a);
            phases.push(before);
            let answer: Answer = a.send_move(&id, &ka, n, ply, &mv.to_string()).expect(200);
            v = answer.json();
            if v["over"].as_bool().unwrap() {
                // The answer that ends board n shows its hands: allowed from here.
                phases.push(Vec::new());
                let last = taken(&a);
                phases.push(last);
                phases.push(Vec::new());
                assert!(v["hands"]["landlord"].is_string());
                assert!(v["score"].is_i64());
                assert!(v["field"]["n"].is_u64() || v["field"].is_null());
            }
        }
        // Marks the end of board n.
        phases.push(vec![format!("<end of board {n}>")]);
    }
    looks(&a, Some(&ka));
    looks(&b, Some(&kb));
    looks(&public, None);
    let standings_open = public
        .get(&format!("/api/events/{id}/standings"), None)
        .expect(200)
        .json();
    assert_eq!(standings_open["state"], "provisional");
    assert_eq!(
        public.get(&format!("/api/events/{id}/export"), None).expect(403).code(),
        "event-open"
    );
    let tail_a = taken(&a);
    phases.push(tail_a);
    let seen_b = taken(&b);
    let seen_public = taken(&public);

    // Close, export, re-derive.
    a.post(&format!("/api/events/{id}/close"), Some(&org), &json!({}))
        .expect(200);
    let export = public.get(&format!("/api/events/{id}/export"), None).expect(200).json();
    let secret: Secret = export["secret"].as_str().unwrap().parse().unwrap();
    assert_eq!(secret.commitment(), commitment, "the secret matches the commitment");
    let sealed = Event::from_code(export["event_code"].as_str().unwrap()).unwrap();
    assert_eq!(sealed.secret(), Some(&secret));
    assert_eq!(sealed.public().code(), event_public_code(event, &created));
    let files = export["results"].as_array().unwrap();
    assert_eq!(files.len(), 1, "Ann finished; Bob did not");
    let ann = ContestResult::from_file(files[0]["file"].as_str().unwrap()).unwrap();
    let clock = MonotonicClock::default();
    let ann_boards = sealed.boards_for(&ann.entrant, &clock).unwrap();
    let bob_boards = sealed.boards_for(&"Bob".parse().unwrap(), &clock).unwrap();
    let always: Secrets = vec![
        ("the secret".into(), secret.to_string()),
        ("the sealed event's code".into(), sealed.code()),
        ("the result's code".into(), ann.code()),
    ];
    // Bob played nothing: his boards' seeds and every hand of them stay hidden.
    let mut bob_hidden = always.clone();
    for bb in &bob_boards {
        bob_hidden.push((format!("Bob's board {} seed", bb.number), bb.seed.to_string()));
        bob_hidden.push((format!("Bob's board {} deal", bb.number), bb.deal().to_string()));
        for s in Seat::ALL {
            bob_hidden.push((
                format!("Bob's board {} {}", bb.number, s.name()),
                format!("\"{}\"", bb.deal().hand(s)),
            ));
        }
    }
    let shared = sealed.format().is_shared();
    // Ann's answers: board k's hands hidden until it ended; the seeds always.
    let mut ended = 0usize;
    let mut in_final_answer = false;
    for phase in &phases {
        if phase.len() == 1 && phase[0].starts_with("<end of board") {
            ended += 1;
            continue;
        }
        if phase.is_empty() {
            in_final_answer = !in_final_answer;
            continue;
        }
        let mut secrets = always.clone();
        for k in 0..ann_boards.len() {
            let revealed = k < ended || (k == ended && in_final_answer);
            for (what, s) in hidden_of(&ann, &ann_boards, k) {
                if !revealed || what.ends_with("seed") || what.ends_with("deal") {
                    secrets.push((what, s));
                }
            }
        }
        if !shared {
            secrets.extend(bob_hidden.iter().cloned());
        }
        scan("Ann", phase, &secrets);
    }
    // Bob and the public: nothing of any board.
    let mut everything = bob_hidden.clone();
    for k in 0..ann_boards.len() {
        everything.extend(hidden_of(&ann, &ann_boards, k));
    }
    scan("Bob", &seen_b, &everything);
    scan("public", &seen_public, &everything);

    // Close and verify: the engine's standings from the exported files.
    let server_standings = public
        .get(&format!("/api/events/{id}/standings"), None)
        .expect(200)
        .json();
    assert_eq!(server_standings["state"], "final");
    let submissions: Vec<Submission> = files
        .iter()
        .map(|f| Submission {
            label: f["name"].as_str().unwrap().to_string(),
            text: f["file"].as_str().unwrap().to_string(),
        })
        .collect();
    let standings = ScoringRun::new(sealed.clone(), &submissions, DEFAULT_TOP)
        .finish(&mut (), &clock)
        .unwrap();
    let offline = serde_json::to_value(standings).unwrap();
    assert!(offline["rejected"].as_array().unwrap().is_empty(), "{offline}");
    let ours = &server_standings["standings"];
    // JSON floats read back within a rounding step: compare to 1e-9.
    let r9 = |v: &Value| json!(v.as_f64().map(|f| (f * 1e9).round() as i64));
    let rows = |v: &Value| -> Vec<Value> {
        v["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                json!([
                    r["place"],
                    r["entrant"],
                    r["rank_points"],
                    r["score"],
                    r9(&r["beaten"]),
                    r["boards"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|b| json!([b["board"], b["score"], b["place"], r9(&b["beaten"])]))
                        .collect::<Vec<_>>()
                ])
            })
            .collect()
    };
    assert_eq!(rows(ours), rows(&offline));
    assert_eq!(ours["distinction"]["players"], offline["distinction"]["players"]);
    assert_eq!(r9(&ours["distinction"]["dih"]), r9(&offline["distinction"]["dih"]));
    // Hand records after close (pars take seconds a board: a request that
    // times out leaves them being made, and a later one gets them).
    if with_records {
        let records = loop {
            let a = public.get(&format!("/api/events/{id}/records"), None);
            if a.status != 408 && a.status != 503 {
                break a.expect(200).json();
            }
            std::thread::sleep(std::time::Duration::from_secs(2));
        };
        assert_eq!(records.as_array().unwrap().len(), usize::from(boards));
    }
}

fn event_public_code(event: &Event, created: &Value) -> String {
    let code = created["event"]["public_code"].as_str().unwrap().to_string();
    assert_eq!(Event::from_code(&code).unwrap().title(), event.title());
    code
}

#[test]
fn a_duplicate_event_shows_no_hidden_hand_and_verifies_after_close() {
    run(&common::duplicate(6), json!({}), true);
}

#[test]
fn an_equal_event_shows_no_hidden_hand_and_verifies_after_close() {
    run(&common::equal(6), json!({}), false);
}
