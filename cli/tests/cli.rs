//! The `ddz` binary end to end: JSON shapes, agreement with the engine,
//! errors with exit code 2.

use std::process::Command;

use engine::agents::bidding::assess;
use engine::{Auction, AuctionState, Bid, Cards, Deal, Seat};
use serde_json::Value;

mod support;
use support::{fails_with, json, run, run_job, Job, Sink};

#[test]
fn deal_json_matches_the_engine_and_is_canonical() {
    for seed in [0u64, 1, 42, u64::MAX] {
        let v = json(&["deal", "--seed", &seed.to_string(), "--json"]);
        let d = Deal::from_seed(seed);
        assert_eq!(v["seed"], seed);
        assert_eq!(v["deal"], d.to_string());
        for (key, seat) in [
            ("landlord", Seat::Landlord),
            ("farmer1", Seat::Farmer1),
            ("farmer2", Seat::Farmer2),
        ] {
            let text = v[key].as_str().unwrap();
            assert_eq!(text, d.hand(seat).to_string());
            assert_eq!(text.parse::<Cards>().unwrap().to_string(), text, "canonical");
        }
        let bottom: Cards = v["bottom"].as_str().unwrap().parse().unwrap();
        assert_eq!(bottom.len(), 3);
        assert!(d.hand(Seat::Landlord).contains(bottom));
    }
    let text = run(&["deal", "--seed", "42"]).stdout;
    assert!(
        text.contains("[3344566778889JQKKA2X][3445589TTTJJQQKKA][35667799TJQAA222D]"),
        "{text}"
    );
}

#[test]
fn deal_without_seed_prints_a_seed_that_reproduces_it() {
    let v = json(&["deal", "--json"]);
    let seed = v["seed"].as_u64().unwrap();
    assert_eq!(v["deal"], Deal::from_seed(seed).to_string());
}

#[test]
fn moves_lists_leads_and_follows() {
    let v = json(&["moves", "33xd", "--json"]);
    assert_eq!(v["moves"], serde_json::json!(["3", "X", "D", "33", "XD"]));
    let v = json(&["moves", "3456789tt", "--follow", "34567", "--json"]);
    assert_eq!(v["moves"], serde_json::json!(["45678", "56789", "6789T", "pass"]));
    // Cards with several readings: one move per reading, each written
    // main+kickers (the one written form); plain cards otherwise.
    let v = json(&["moves", "333444555666", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    let plays = v["plays"].as_array().unwrap();
    let readings: Vec<_> = plays
        .iter()
        .filter(|p| p["cards"] == "333444555666")
        .map(|p| p["play"].clone())
        .collect();
    assert_eq!(readings, ["333444555666+", "333444555+666", "444555666+333"]);
    assert!(readings.iter().all(|r| moves.contains(r)));
    assert!(moves.contains(&serde_json::json!("3334")) && !moves.contains(&serde_json::json!("333+4")));
    let v = json(&["moves", "2", "--follow", "444555666+333", "--json"]);
    assert_eq!(v["moves"], serde_json::json!(["pass"]));
}

#[test]
fn bad_input_is_explained() {
    fails_with(&["moves", "33z4"], "'z' at position 3 is not a card");
    fails_with(&["moves", "33333"], "too many '3'");
    fails_with(&["moves", "3", "--follow", "3456"], "'3456' is not a legal combination");
    fails_with(
        &["moves", "3", "--follow", "333444555666"],
        "write the one you mean as main+kickers",
    );
    fails_with(
        &["moves", "3333", "--follow", "3"],
        "more cards of a rank than a deck has",
    );
    fails_with(&["play", "--players", "random,greedy"], "needs three names");
    fails_with(
        &["play", "--players", "random,greedy,nobody"],
        "unknown player 'nobody'",
    );
    fails_with(&["play", "--deal", "[345][6]"], "found 2");
    fails_with(
        &[
            "play",
            "--deal",
            "[TTKA379Q2D69K5Q94J6][3JX8Q885TTK3265AK][29Q435J426787JA7A]",
        ],
        "missing 4",
    );
    let out = run(&["moves", "3z", "--json"]);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("position 2"));
}

#[test]
fn play_reaches_the_end_with_a_consistent_score() {
    for seed in 0..20u64 {
        let v = json(&["play", "--seed", &seed.to_string(), "--json"]);
        let record = v["record"].as_array().unwrap();
        let last = record.last().unwrap();
        // `out` is the seat that went out; `winner` its side, as in `ddz solve`.
        assert_eq!(last[0], v["out"]);
        let side = if v["out"] == "landlord" { "landlord" } else { "farmer" };
        assert_eq!(v["winner"], side);
        let bombs = record
            .iter()
            .filter(|t| {
                let cards = t[1].as_str().unwrap();
                cards == "XD" || (cards.len() == 4 && cards.chars().all(|c| cards.starts_with(c)))
            })
            .count() as i64;
        assert_eq!(v["bombs"], bombs);
        let sign = if v["winner"] == "landlord" { 1 } else { -1 };
        assert_eq!(v["score"], sign * (1 + bombs));
        // The same seed replays the same game.
        assert_eq!(json(&["play", "--seed", &seed.to_string(), "--json"]), v);
    }
    let v = json(&[
        "play",
        "--seed",
        "3",
        "--players",
        "greedy,greedy,greedy",
        "--scoring",
        "online",
        "--json",
    ]);
    assert_eq!(v["scoring"], "online");
}

#[test]
fn split_json_lists_groups_with_kinds() {
    let v = json(&["split", "34445556789TA22XD", "--json"]);
    assert_eq!(v["plays"], 4);
    let groups: Vec<(&str, &str)> = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["kind"].as_str().unwrap(), g["cards"].as_str().unwrap()))
        .collect();
    assert_eq!(
        groups,
        [
            ("airplane_singles", "3444555A"),
            ("straight", "6789T"),
            ("pair", "22"),
            ("rocket", "XD")
        ]
    );
    let v = json(&["split", "34445556789TA22XD", "--method", "greedy", "--json"]);
    assert_eq!(v["plays"], 4);
    assert_eq!(v["labels"], "02222220000001133");
    let v = json(&["split", "3456789TJQKA2", "--alternatives", "3", "--json"]);
    let alternatives = v["alternatives"].as_array().unwrap();
    assert_eq!(alternatives.len(), 3);
    let best = v["plays"].as_u64().unwrap();
    assert!(alternatives.iter().all(|a| a["plays"].as_u64().unwrap() >= best));
    fails_with(&["split", "33z"], "'z' at position 3");
    fails_with(
        &["split", "33", "--method", "greedy", "--alternatives", "1"],
        "--alternatives needs --method exact",
    );
}

#[test]
fn split_learned_shows_tags_and_groups() {
    let hand = "34445556789TA22XD";
    let v = json(&["split", hand, "--method", "learned", "--json"]);
    assert_eq!(v["method"], "learned");
    assert_eq!(v["hand"], hand);
    let tags = v["tags"].as_str().unwrap();
    assert_eq!(tags.len(), 17);
    assert!(tags.chars().all(|c| ('0'..='3').contains(&c)));
    assert_eq!(v["labels"], tags, "the plays' labels are the tags");
    assert_eq!(v["alternatives"], serde_json::json!([]));
    // The groups (with kickers) and the tag groups (without) each hold the hand.
    for key in ["groups", "tag_groups"] {
        let cards: String = v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["cards"].as_str().unwrap())
            .collect();
        assert_eq!(cards.parse::<Cards>().unwrap().to_string(), hand, "{key}");
    }
    assert_eq!(
        v["plays"].as_u64().unwrap() as usize,
        v["groups"].as_array().unwrap().len()
    );
    // The same as the library with the shipped model.
    let model = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/splitter.safetensors")).unwrap();
    let learned = learn::LearnedSplitter::from_bytes(&model).unwrap();
    assert_eq!(learned.split(hand.parse().unwrap()).unwrap().tags, tags);
    let text = run(&["split", hand, "--method", "learned"]).stdout;
    assert!(text.contains(&format!("tags  {tags}")), "{text}");

    fails_with(&["split", "33z", "--method", "learned"], "'z' at position 3");
    fails_with(
        &["split", "33", "--method", "learned", "--alternatives", "1"],
        "--alternatives needs --method exact",
    );
    fails_with(
        &["split", "33", "--method", "learned", "--model", "/nonexistent/model"],
        "/nonexistent/model",
    );
    let junk = std::env::temp_dir().join(format!("ddz-junk-model-{}", std::process::id()));
    std::fs::write(&junk, b"not a model").unwrap();
    fails_with(
        &["split", "33", "--method", "learned", "--model", junk.to_str().unwrap()],
        "--model",
    );
    let out = run(&[
        "split",
        "33",
        "--method",
        "learned",
        "--model",
        junk.to_str().unwrap(),
        "--json",
    ]);
    let _ = std::fs::remove_file(&junk);
    let err: Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(err["error"].as_str().unwrap().contains("could not be read"));
}

#[test]
fn train_splitter_tiny_run_is_reproducible_and_usable() {
    let dir = std::env::temp_dir();
    let paths = [0, 1].map(|i| dir.join(format!("ddz-tiny-splitter-{}-{i}.safetensors", std::process::id())));
    let mut reports = vec![];
    for path in &paths {
        let out = path.to_str().unwrap();
        reports.push(json(&[
            "train-splitter",
            "--games",
            "16",
            "--test-games",
            "4",
            "--epochs",
            "2",
            "--batch",
            "4",
            "--player",
            "heuristic",
            "--seed",
            "5",
            "--out",
            out,
            "--json",
        ]));
    }
    let v = &reports[0];
    assert_eq!(v["train_hands"], 16);
    assert_eq!(v["test_hands"], 4);
    assert_eq!(v["epochs"].as_array().unwrap().len(), 2);
    let accuracy = v["accuracy"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&accuracy));
    assert!(v["model_bytes"].as_u64().unwrap() < 1_000_000);
    let [a, b] = paths.clone().map(|p| std::fs::read(p).unwrap());
    assert_eq!(a, b, "the same seed gives the same weights");
    let split = json(&[
        "split",
        "3456789",
        "--method",
        "learned",
        "--model",
        paths[0].to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(split["tags"].as_str().unwrap().len(), 7);
    for p in &paths {
        let _ = std::fs::remove_file(p);
    }
    fails_with(&["train-splitter", "--epochs", "0", "--out", "x"], "--epochs");
    fails_with(
        &["train-splitter", "--player", "nobody", "--games", "1", "--out", "x"],
        "nobody",
    );
}

#[test]
fn split_compare_and_lead_agreement_report_their_measures() {
    let v = json(&["split-compare", "--deals", "20", "--json"]);
    assert_eq!(v["hands"], 60);
    let histogram: u64 = v["difference_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[1].as_u64().unwrap())
        .sum();
    assert_eq!(histogram, 60);
    assert!(v["exact_micros_20_cards"]["median"].as_f64().unwrap() > 0.0);
    let v = json(&["lead-agreement", "--deals", "10", "--json"]);
    for method in ["exact", "greedy", "learned"] {
        let share = v[method]["landlord"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&share));
        assert!(v[method]["counts"]["landlord"]["leads"].as_u64().unwrap() >= 10);
    }
    fails_with(&["lead-agreement", "--players", "greedy"], "needs three names");
}

#[test]
fn solve_explains_its_answer() {
    let v = json(&["solve", "--landlord", "32", "--farmer", "A", "--json"]);
    assert_eq!(
        (v["winner"].as_str(), v["exact"].as_bool(), v["best"].as_str()),
        (Some("landlord"), Some(true), Some("2"))
    );
    assert_eq!(v["pv"], serde_json::json!(["2", "pass", "3"]));
    assert!(v["nodes"].as_u64().unwrap() > 0 && v["ms"].as_f64().is_some());
    // Following a play: the seat after --last-by is to move.
    let v = json(&[
        "solve",
        "--landlord",
        "33",
        "--farmer",
        "44",
        "--last",
        "22",
        "--last-by",
        "landlord",
        "--json",
    ]);
    assert_eq!(
        (v["to_move"].as_str(), v["best"].as_str(), v["winner"].as_str()),
        (Some("farmer1"), Some("pass"), Some("landlord"))
    );
    // Three seats and the other utilities.
    let v = json(&[
        "solve",
        "--landlord",
        "3333",
        "--farmer",
        "4",
        "--farmer2",
        "5",
        "--utility",
        "score",
        "--json",
    ]);
    assert_eq!(v["value"], 2);
    fails_with(
        &["solve", "--landlord", "3z", "--farmer", "4"],
        "'3z' for '--landlord <LANDLORD>': 'z' at position 2",
    );
    fails_with(
        &[
            "solve",
            "--landlord",
            "3",
            "--farmer",
            "4",
            "--last",
            "5",
            "--last-by",
            "nobody",
        ],
        "'nobody' is not a seat",
    );
    fails_with(
        &["solve", "--landlord", "3", "--farmer", ""],
        "the farmer 1 has no cards",
    );
    let v = json(&["solve-bench", "--sizes", "4+4", "--positions", "3", "--json"]);
    assert_eq!(v["sizes"][0]["solved"], 3);
    // Every case is listed, with the hands it was cut from.
    let cases = v["sizes"][0]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0]["landlord"].as_str().unwrap().len(), 4);
    fails_with(&["solve-bench", "--sizes", "4-4"], "is not LANDLORD+FARMER");
    // Three seats, and whole deals.
    let v = json(&["solve-bench", "--sizes", "5+4+4", "--positions", "3", "--json"]);
    assert_eq!(v["sizes"][0]["solved"], 3);
    assert_eq!(v["sizes"][0]["cases"][0]["farmer2"].as_str().unwrap().len(), 4);
    fails_with(&["solve-bench", "--sizes", "21+4+4"], "1 to 20 each");
    let v = json(&[
        "solve-bench",
        "--full",
        "--deals",
        "2",
        "--seed",
        "22",
        "--time-limit",
        "2000",
        "--json",
    ]);
    assert_eq!(v["deals"], 2);
    let case = &v["cases"][0];
    assert_eq!(case["seed"], 22);
    assert_eq!(case["landlord"], Deal::from_seed(22).hand(Seat::Landlord).to_string());
    assert!(v["proven"].as_u64().unwrap() >= 1, "{v}");
    let alone = &case["anatomy"]["alone"];
    // Unwrapped: a missing field must fail, not compare as `None`.
    assert!(
        alone["given_up"]["nodes"].as_u64().unwrap() <= case["nodes"].as_u64().unwrap(),
        "{v}"
    );
    // Full deals are not proven in 20 ms: each answer comes on time, give
    // or take a busy machine's scheduling (a gross limit: 5× the limit;
    // the figures are printed).
    let v = json(&["solve-limits", "--deals", "3", "--time-limit", "20", "--json"]);
    assert!(v["stopped"].as_u64().unwrap() >= 1);
    println!("solve-limits, 20 ms: {v}");
    assert!(v["worst"].as_f64().unwrap() < 4.0, "{v}");
    fails_with(&["solve-limits", "--time-limit", "0"], "must be above 0");
}

#[test]
fn all_moves_lists_every_play_with_its_verdict() {
    // Following a farmer's 7 in three seats: every legal answer, best first.
    let v = json(&[
        "solve",
        "--landlord",
        "3456KK",
        "--farmer",
        "89TA",
        "--farmer2",
        "QQJ",
        "--last",
        "7",
        "--last-by",
        "farmer1",
        "--all-moves",
        "--json",
    ]);
    assert_eq!(v["to_move"], "farmer2");
    let moves = v["moves"].as_array().unwrap();
    let plays: Vec<&str> = moves.iter().map(|m| m["play"].as_str().unwrap()).collect();
    let mut sorted = plays.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["J", "Q", "pass"]);
    for m in moves {
        assert!(m["exact"].as_bool().unwrap());
        assert!(["landlord", "farmer"].contains(&m["winner"].as_str().unwrap()));
    }
    assert_eq!(v["best"], moves[0]["play"]);
    // A puzzle the landlord wins, though not with every first play (the
    // engine's tests check each verdict against minimax).
    let v = json(&[
        "solve",
        "--landlord",
        "3445667",
        "--farmer",
        "349QA2",
        "--all-moves",
        "--json",
    ]);
    assert_eq!(v["winner"], "landlord");
    assert!(
        v["moves"].as_array().unwrap().iter().any(|m| m["winner"] == "farmer"),
        "a losing play exists"
    );
    fails_with(
        &[
            "solve",
            "--landlord",
            "333344445555666677778",
            "--farmer",
            "9",
            "--all-moves",
        ],
        "a hand holds at most 20",
    );
}

#[test]
fn par_is_the_deal_solved_from_the_landlords_lead() {
    // Seed 1 is proven quickly; `ddz solve` on its hands says the same.
    let v = json(&["par", "--seed", "1", "--json"]);
    let d = Deal::from_seed(1);
    assert_eq!(
        (v["seed"].as_u64(), v["deal"].as_str()),
        (Some(1), Some(d.to_string().as_str()))
    );
    assert_eq!(
        (v["exact"].as_bool(), v["winner"].as_str()),
        (Some(true), Some("landlord"))
    );
    let hands = d.hands().map(|h| h.to_string());
    let solved = json(&[
        "solve",
        "--landlord",
        &hands[0],
        "--farmer",
        &hands[1],
        "--farmer2",
        &hands[2],
        "--json",
    ]);
    assert_eq!(v["winner"], solved["winner"]);
    assert_eq!(v["pv"].as_array().unwrap().first(), Some(&v["best"]));
    // Where the nodes went: the probe that found the win among them.
    let probes = &v["anatomy"]["probes"];
    assert!(probes["won"]["count"].as_u64() >= Some(1), "{v}");
    assert!(
        probes["given_up"]["nodes"].as_u64().unwrap() <= v["nodes"].as_u64().unwrap(),
        "{v}"
    );
    // The same deal written out in brackets, and the score.
    let v2 = json(&["par", &d.to_string(), "--utility", "score", "--json"]);
    assert_eq!((v2["winner"].as_str(), v2["seed"].as_u64()), (Some("landlord"), None));
    assert!(v2["value"].as_i64().unwrap() >= 1);
    // Probes and a farmer alone serve win/loss only.
    assert_eq!(v2["anatomy"]["probes"]["given_up"]["count"], 0, "{v2}");
    assert_eq!(v2["anatomy"]["alone"]["won"]["count"], 0, "{v2}");
    // Under a tight limit the answer is marked as not proven.
    let v = json(&["par", "--seed", "0", "--time-limit", "50", "--json"]);
    assert_eq!(v["exact"], false);
    fails_with(&["par", "[33]"], "DEAL:");
    fails_with(&["par", "--seed", "1", "--time-limit", "0"], "--time-limit");
    fails_with(&["par", "--seed", "1", "--time-limit", "nan"], "--time-limit");
}

#[test]
fn par_within_a_node_budget_is_the_librarys() {
    // Seed 1349 is not proven by the full-depth search within its half of
    // 2,000,000 nodes; the iterations that ask a farmer alone, which a
    // budget that large gets, prove it a farmer win.
    let library: Value =
        serde_json::from_slice(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/library.json")).unwrap())
            .unwrap();
    assert_eq!(library["par_nodes"], 2_000_000);
    let entry = library["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["seed"] == 1349)
        .unwrap();
    let v = json(&["par", "--seed", "1349", "--nodes", "2000000", "--json"]);
    assert_eq!(v["exact"], true, "{v}");
    assert_eq!(v["winner"], "farmer");
    assert!(v["depth"].as_u64() < Some(128), "an iteration's proof: {v}");
    assert_eq!(
        (&v["exact"], &v["winner"], &v["nodes"]),
        (&entry["par"]["exact"], &entry["par"]["winner"], &entry["par"]["nodes"]),
        "the library's par of seed 1349"
    );
    // Under 2,000,000 nodes there are none of those iterations, and no proof.
    let v = json(&["par", "--seed", "1349", "--nodes", "1999999", "--json"]);
    assert_eq!(v["exact"], false, "{v}");
    // The estimate comes with its line, at least to its horizon.
    assert!(
        v["pv"].as_array().unwrap().len() as u64 >= v["depth"].as_u64().unwrap(),
        "{v}"
    );
}

/// Feeds `lines` to `ddz agent` and returns its answers, one per line.
fn agent(player: &str, lines: &[&str]) -> Vec<Value> {
    let out = run_job(&Job {
        stdin: lines.iter().map(|l| format!("{l}\n")).collect::<String>().into_bytes(),
        ..Job::new(&["agent", "--player", player])
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn the_agent_protocol_answers_and_survives_malformed_requests() {
    let deal = Deal::from_seed(5);
    let f1 = deal.hand(Seat::Farmer1).to_string();
    let landlord_lead = engine::plays(deal.hand(Seat::Landlord), None)[0];
    let request = format!(
        r#"{{"seat": "farmer1", "hand": "{f1}", "history": [["landlord", "{}"]], "counts": {{"landlord": {}, "farmer1": 17, "farmer2": 17}}, "bottom": "{}"}}"#,
        landlord_lead,
        20 - landlord_lead.cards().len(),
        deal.bottom().unwrap()
    );
    let with_legal = r#"{"seat": "landlord", "hand": "3444", "history": [], "counts": {"landlord": 4, "farmer1": 5}, "legal": ["3", "4", "44", "444", "444+3", "3444"]}"#;
    let answers = agent(
        "heuristic",
        &[
            &request,
            "not json",
            r#"{"seat": "farmer9", "hand": "3", "history": [], "counts": {"landlord": 1, "farmer1": 1}}"#,
            r#"{"seat": "farmer1", "hand": "3", "history": [["landlord", "4"], ["farmer1", "3"]], "counts": {"landlord": 19, "farmer1": 1}}"#,
            r#"{"seat": "landlord", "hand": "34", "history": [], "counts": {"landlord": 2, "farmer1": 3}, "legal": ["3", "5"]}"#,
            with_legal,
            &request,
            r#"{"seat": "farmer1", "hand": "3", "history": [], "counts": {"landlord": 20, "farmer1": 17, "farmer2": 17}, "three_landlord_cards": "45"}"#,
        ],
    );
    assert_eq!(answers.len(), 8, "{answers:?}");
    // DouZero's form of the bottom cards is named, and what to send instead.
    let douzero = answers[7]["error"].as_str().unwrap();
    assert!(
        douzero.contains("three_landlord_cards") && douzero.contains("send bottom"),
        "{douzero}"
    );
    // A legal answer: a pass or cards from the hand that beat the lead.
    let play = answers[0]["play"].as_str().expect("a play");
    let hand: Cards = f1.parse().unwrap();
    if play != "pass" {
        let cards: Cards = play.parse().unwrap();
        assert!(hand.contains(cards));
        assert!(engine::readings(cards).iter().any(|p| p.beats(landlord_lead)));
    }
    assert!(answers[1]["error"].as_str().unwrap().contains("not JSON"));
    assert!(answers[2]["error"]
        .as_str()
        .unwrap()
        .contains("'farmer9' is not a seat"));
    assert!(
        answers[3]["error"].as_str().unwrap().contains("turn 2"),
        "{:?}",
        answers[3]
    );
    assert!(answers[4]["error"].as_str().unwrap().contains("legal[1]"));
    // With a legal list the answer is one of its entries, as spelled there.
    let legal = ["3", "4", "44", "444", "444+3", "3444"];
    assert!(
        legal.contains(&answers[5]["play"].as_str().unwrap()),
        "{:?}",
        answers[5]
    );
    // The agent kept serving: the same request, the same answer.
    assert_eq!(answers[6], answers[0]);
    // Every answer names its reading, which reads back to the cards played.
    for answer in [&answers[0], &answers[5]] {
        let reading = answer["reading"].as_str().expect("a reading");
        let mv = engine::Move::parse(reading).unwrap();
        let play = answer["play"].as_str().unwrap();
        assert_eq!(mv.cards(), engine::Move::parse(play).unwrap().cards(), "{answer:?}");
    }
}

#[test]
fn the_agent_says_which_reading_of_its_cards_it_means() {
    // Four trios in a row, alone in the hand: the agent goes out with them,
    // and the reading says whether as four trios or as an airplane of three
    // with three kickers.
    let answers = agent(
        "heuristic",
        &[r#"{"seat": "landlord", "hand": "333444555666", "history": [], "counts": {"landlord": 12, "farmer1": 17}}"#],
    );
    assert_eq!(answers[0]["play"], "333444555666", "{answers:?}");
    let reading = answers[0]["reading"].as_str().unwrap();
    assert!(reading.contains('+'), "{reading}");
    let play = engine::Play::parse(reading).unwrap();
    assert_eq!(play.cards().to_string(), "333444555666");
}

#[test]
fn the_lab_commands_agree_with_each_other() {
    let dir = std::env::temp_dir().join(format!("ddz-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("lib.json");
    let out = out.to_str().unwrap();
    let built = json(&[
        "library",
        "build",
        "--deals",
        "40",
        "--panel",
        "quick",
        "--par-nodes",
        "0",
        "--out",
        out,
        "--json",
    ]);
    assert_eq!(built["deals"], 40);
    // Building again resumes nothing and gives the same file.
    let first = std::fs::read_to_string(out).unwrap();
    json(&[
        "library",
        "build",
        "--deals",
        "40",
        "--panel",
        "quick",
        "--par-nodes",
        "0",
        "--out",
        out,
        "--json",
    ]);
    assert_eq!(std::fs::read_to_string(out).unwrap(), first);
    let lib: Value = serde_json::from_str(&first).unwrap();
    let entry = &lib["entries"][3];
    // ddz dist on the same seed gives the library's counts and GDI.
    let d = json(&["dist", "3", "--panel", "quick", "--json"]);
    assert_eq!(d["counts"], entry["counts"]);
    assert_eq!(d["gdi"], entry["gdi"]);
    assert_eq!(d["seed"], 3, "the players' seed is the deal's by default");
    // --seed is another run of the same deal: the same games, other players' dice.
    let again = json(&["dist", "3", "--panel", "quick", "--seed", "3", "--json"]);
    assert_eq!(again["counts"], d["counts"]);
    let other = json(&[
        "dist", "3", "--panel", "quick", "--games", "20", "--seed", "9", "--json",
    ]);
    assert_eq!(other["seed"], 9);
    assert_eq!(other["games"], 160);
    // DIH from the entry equals DIH from the distribution written out.
    let dist: Vec<String> = d["scores"]
        .as_array()
        .unwrap()
        .iter()
        .zip(d["probabilities"].as_array().unwrap())
        .filter(|(_, p)| p.as_f64().unwrap() > 0.0)
        .map(|(s, p)| format!("{s}:{p}"))
        .collect();
    let args = ["--players", "20", "--rounds", "3", "--top", "2", "--json"];
    let from_entry = json(&[&["dih", "--library", out, "--entry", "3"][..], &args].concat());
    let from_text = json(&[&["dih", "--dist", &dist.join(",")][..], &args].concat());
    assert!((from_entry["dih"].as_f64().unwrap() - from_text["dih"].as_f64().unwrap()).abs() < 1e-9);
    // Selection is ordered by DIH; equal strength is within eps.
    let sel = json(&[
        "select",
        "--library",
        out,
        "--players",
        "20",
        "--rounds",
        "4",
        "--top",
        "2",
        "--json",
    ]);
    let dihs: Vec<f64> = sel["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["dih"].as_f64().unwrap())
        .collect();
    assert_eq!(dihs.len(), 4);
    assert!(dihs.windows(2).all(|w| w[0] >= w[1]));
    // Each with its 95% interval from the deal's games, holding it.
    for c in sel["cases"].as_array().unwrap() {
        let (v, lo, hi) = (
            c["dih"].as_f64().unwrap(),
            c["dih_interval"][0].as_f64().unwrap(),
            c["dih_interval"][1].as_f64().unwrap(),
        );
        assert!(lo <= v && v <= hi, "{c}");
    }
    let centre: Vec<String> = entry["gdi"].as_array().unwrap().iter().map(|g| g.to_string()).collect();
    let eq = json(&[
        "equal",
        "--library",
        out,
        "--centre",
        &centre.join(","),
        "--eps",
        "0.2",
        "--json",
    ]);
    assert_eq!(eq["deals"][0]["seed"], 3);
    // Tournaments in every format: place probabilities, and distances
    // between formats that are zero only on the diagonal's own format.
    let pool = eq["deals"].as_array().unwrap().len();
    let tables = if pool >= 3 { "L0,L5,L7" } else { "L0,L7" };
    let t = json(&[
        "tournament",
        "--library",
        out,
        "--centre",
        &centre.join(","),
        "--eps",
        "0.2",
        "--tables",
        tables,
        "--rounds",
        "2",
        "--matches",
        "12",
        "--json",
    ]);
    let names: Vec<&str> = t["formats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["format"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["duplicate", "duplicate-equal", "equal", "random"]);
    for f in t["formats"].as_array().unwrap() {
        for row in f["places"].as_array().unwrap() {
            let sum: f64 = row.as_array().unwrap().iter().map(|q| q.as_f64().unwrap()).sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }
    let d = t["distances"].as_array().unwrap();
    for (i, row) in d.iter().enumerate() {
        for (j, x) in row.as_array().unwrap().iter().enumerate() {
            let x = x.as_f64().unwrap();
            assert!((0.0..=1.0).contains(&x));
            assert_eq!(x, d[j][i].as_f64().unwrap());
            if i == j {
                assert_eq!(x, 0.0);
            }
        }
    }
    fails_with(&["tournament", "--format", "equal"], "formats need --library");
    fails_with(&["tournament", "--format", "swiss"], "'swiss' is not a format");
    fails_with(
        &[
            "dih",
            "--dist",
            "1:0.5,x",
            "--players",
            "3",
            "--rounds",
            "1",
            "--top",
            "2",
        ],
        "'x' (item 2)",
    );
    fails_with(&["dist", "3", "--panel", "nobody"], "unknown panel 'nobody'");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_library_with_par_sets_the_panel_against_it() {
    let dir = std::env::temp_dir().join(format!("ddz-par-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("lib.json");
    let out = out.to_str().unwrap();
    json(&[
        "library",
        "build",
        "--deals",
        "12",
        "--par-nodes",
        "0",
        "--out",
        out,
        "--json",
    ]);
    fails_with(&["library", "par", "--library", out], "records no par; add it with");
    json(&[
        "library",
        "build",
        "--deals",
        "12",
        "--par-nodes",
        "20000",
        "--out",
        out,
        "--json",
    ]);
    let lib: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    let r = json(&["library", "par", "--library", out, "--count", "100", "--json"]);
    // Every deal is counted once: proven for one side, or not proven.
    let proven = |side: &str| r[side]["deals"].as_u64().unwrap();
    let unproven = r["unproven"].as_u64().unwrap();
    assert_eq!(proven("landlord_par") + proven("farmer_par") + unproven, 12);
    let exact = lib["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["par"]["exact"] == true)
        .count();
    assert_eq!((proven("landlord_par") + proven("farmer_par")) as usize, exact);
    // Eight tables play each deal once; the shares are within their intervals.
    for side in ["landlord_par", "farmer_par"] {
        assert_eq!(r[side]["games"].as_u64().unwrap(), 8 * proven(side));
        let (share, low, high) = (
            r[side]["share"].as_f64().unwrap(),
            r[side]["low"].as_f64().unwrap(),
            r[side]["high"].as_f64().unwrap(),
        );
        assert!(
            low <= share && share <= high && (0.0..=1.0).contains(&low) && high <= 1.0,
            "{r}"
        );
    }
    // The teaching cases: the proven deals, widest gap first, each gap the
    // share of games the par's winner lost.
    let cases = r["teaching_cases"].as_array().unwrap();
    assert_eq!(cases.len(), exact);
    for w in cases.windows(2) {
        assert!(w[0]["gap"].as_f64() >= w[1]["gap"].as_f64());
    }
    for c in cases {
        let wins = c["landlord_wins"].as_f64().unwrap();
        let gap = if c["par"] == "landlord" { 1.0 - wins } else { wins };
        assert!((c["gap"].as_f64().unwrap() - gap).abs() < 1e-12);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bid_plays_the_ai_auction_and_agrees_with_the_engine() {
    // Seed 316: every hand passes.
    for seed in [0u64, 1, 42, 316, u64::MAX] {
        let v = json(&["bid", "--seed", &seed.to_string(), "--json"]);
        assert_eq!(v["seed"], seed);
        let auction = Auction::from_seed(seed);
        assert_eq!(v["bottom"], auction.bottom().to_string());
        let bids: Vec<Bid> = serde_json::from_value(v["bids"].clone()).unwrap();
        let hands = v["hands"].as_array().unwrap();
        assert_eq!(hands.len(), 3);
        for (i, h) in hands.iter().enumerate() {
            let s = assess(auction.hand(i));
            assert_eq!(h["bidder"], i);
            assert_eq!(h["hand"], auction.hand(i).to_string());
            assert_eq!(h["plays"], s.plays);
            assert_eq!(h["score"], s.score);
            assert_eq!(h["max_bid"], s.max_bid.name());
            assert_eq!(h["controls"]["points"], s.controls.points());
            assert_eq!(h["controls"]["big_joker"], s.controls.big_joker);
            assert_eq!(h["controls"]["twos"], s.controls.twos);
            assert_eq!(h["call"], serde_json::json!(bids.get(i).map(|b| b.name())));
        }
        // The calls are a legal, finished auction, and the landlord and
        // the deal are the ones they make.
        let done = auction.with_bids(&bids).unwrap();
        match done.state() {
            AuctionState::Won { landlord, bid } => {
                assert_eq!(v["landlord"], landlord);
                assert_eq!(v["bid"], bid.name());
                assert_eq!(bids.iter().max(), Some(&bid));
                let deal: Deal = v["deal"].as_str().unwrap().parse().unwrap();
                assert_eq!(deal.hands(), done.deal().unwrap().hands());
                assert_eq!(
                    deal.hand(Seat::Landlord),
                    auction.hand(landlord).checked_add(auction.bottom()).unwrap()
                );
                assert_eq!(deal.hand(Seat::Farmer1), auction.hand((landlord + 1) % 3));
            }
            AuctionState::AllPassed => {
                assert_eq!(seed, 316);
                assert!(v["landlord"].is_null() && v["bid"].is_null() && v["deal"].is_null());
            }
            AuctionState::Open { .. } => panic!("seed {seed}: the auction did not end: {bids:?}"),
        }
    }
    let text = run(&["bid", "--seed", "42"]).stdout;
    assert!(text.contains("bidder 2 is the landlord with a bid of 3"), "{text}");
    let text = run(&["bid", "--seed", "316"]).stdout;
    assert!(text.contains("all passed"), "{text}");
    // Without a seed: one that reproduces the auction.
    let v = json(&["bid", "--json"]);
    let seed = v["seed"].as_u64().unwrap();
    assert_eq!(json(&["bid", "--json", "--seed", &seed.to_string()]), v);
}

#[test]
fn bid_calibration_counts_every_hand_once() {
    let v = json(&["bid", "--deals", "12", "--seed", "3", "--json"]);
    assert_eq!(v["hands"], 36);
    assert_eq!(v["player"], "L7");
    let rows = v["by_max_bid"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["max_bid"].as_str().unwrap()).collect();
    assert_eq!(names, ["pass", "1", "2", "3"]);
    let hands: u64 = rows.iter().map(|r| r["hands"].as_u64().unwrap()).sum();
    let wins: u64 = rows.iter().map(|r| r["landlord_wins"].as_u64().unwrap()).sum();
    assert_eq!(hands, 36);
    assert_eq!(v["all"]["landlord_wins"], wins);
    for r in rows.iter().chain(v["by_score"].as_array().unwrap()) {
        let (low, p, high) = (
            r["low"].as_f64().unwrap(),
            r["win_rate"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!((0.0..=p).contains(&low) && (p..=1.0).contains(&high), "{r}");
    }
    // Each hand's maximum bid is the one `ddz bid` shows for it.
    let shown: u64 = (3..15)
        .map(|s| json(&["bid", "--seed", &s.to_string(), "--json"]))
        .flat_map(|b| b["hands"].as_array().unwrap().clone())
        .filter(|h| h["max_bid"] == "3")
        .count() as u64;
    assert_eq!(rows[3]["hands"], shown);
}

#[test]
fn bid_explains_bad_input() {
    fails_with(&["bid", "--seed", "x"], "invalid value 'x' for '--seed");
    fails_with(&["bid", "--seed=-1"], "invalid value '-1' for '--seed");
    fails_with(
        &["bid", "--deals", "0"],
        "invalid value '0' for '--deals <DEALS>': 0 is not in 1..=10000000",
    );
    fails_with(
        &["bid", "--deals", "2", "--player", "nobody"],
        "unknown player 'nobody'",
    );
    fails_with(&["bid", "--player", "L5"], "--deals");
    fails_with(
        &["bid", "--deals", "2", "--seed", &u64::MAX.to_string()],
        "run past the last seed",
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    // `ddz moves HAND | head -1`: the pipe closes before the output is written.
    let out = run_job(&Job {
        stdout: Sink::Closed,
        ..Job::new(&["moves", "33344455566677788899", "--json"])
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn solve_match_scores_the_solver_against_the_heuristic_by_size() {
    let v = json(&[
        "solve-match",
        "--sizes",
        "2,6",
        "--deals",
        "12",
        "--time-limit",
        "200",
        "--json",
    ]);
    let sizes = v["sizes"].as_array().unwrap();
    assert_eq!(sizes.len(), 2);
    for (r, size) in sizes.iter().zip([2, 6]) {
        assert_eq!((r["size"].as_u64(), r["deals"].as_u64()), (Some(size), Some(12)));
        // Small deals are proven each move: never behind the heuristic.
        let net = &r["net"];
        assert!(net["mean"].as_f64().unwrap() >= 0.0, "{v}");
        assert!(net["half_width"].as_f64().unwrap() >= 0.0);
        let wins = r["solver_wins"].as_u64().unwrap();
        assert!((12..=24).contains(&wins), "{v}");
    }
    // The same seeds, the same result.
    let again = json(&[
        "solve-match",
        "--sizes",
        "2,6",
        "--deals",
        "12",
        "--time-limit",
        "200",
        "--json",
    ]);
    assert_eq!(again["sizes"], v["sizes"]);
    fails_with(&["solve-match", "--sizes", "21"], "--sizes");
    fails_with(&["solve-match", "--sizes", "0"], "--sizes");
}

#[test]
fn equal_deals_are_generated_on_demand_within_eps() {
    let args = [
        "equal",
        "--generate",
        "--centre",
        "0.7,0.27,0.05",
        "--eps",
        "0.2",
        "--count",
        "3",
        "--games",
        "2",
        "--seed",
        "40",
        "--json",
    ];
    let v = json(&args);
    let deals = v["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 3, "{v}");
    let (first, last) = (v["first_seed"].as_u64().unwrap(), v["last_seed"].as_u64().unwrap());
    assert_eq!(first, 40);
    assert_eq!(v["tried"].as_u64().unwrap(), last - first + 1);
    let mut previous = None;
    for d in deals {
        let seed = d["seed"].as_u64().unwrap();
        assert!((first..=last).contains(&seed) && previous < Some(seed));
        previous = Some(seed);
        // The distance again, from ddz dist of the same seed.
        let dist = json(&["dist", &seed.to_string(), "--games", "2", "--json"]);
        let gdi: Vec<f64> = dist["gdi"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_f64().unwrap())
            .collect();
        assert_eq!(gdi.len(), 3);
        let distance = gdi
            .iter()
            .zip([0.7, 0.27, 0.05])
            .map(|(a, b)| (a - b).powi(2))
            .sum::<f64>()
            .sqrt();
        assert!((distance - d["distance"].as_f64().unwrap()).abs() < 1e-12 && distance < 0.2);
    }
    // The last seed dealt is the last deal kept, and a run is reproduced by its settings.
    assert_eq!(deals[2]["seed"].as_u64(), Some(last));
    assert_eq!(json(&args)["deals"], v["deals"]);
    // Too few seeds to find them all: say so.
    let out = run(&[
        "equal",
        "--generate",
        "--centre",
        "0.7,0.27,0.05",
        "--eps",
        "0.01",
        "--count",
        "3",
        "--max-deals",
        "5",
    ]);
    assert!(&out.stdout.contains("raise --max-deals or --eps"));
    fails_with(
        &["equal", "--generate", "--library", "x.json", "--centre", "0.5"],
        "cannot be used with",
    );
    fails_with(&["equal", "--centre", "0.5", "--count", "3"], "--generate");
}

/// The commands `ddz --help` lists, by name.
fn commands() -> Vec<String> {
    let help = run(&["--help"]).stdout;
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn completions_and_the_manual_page_name_every_command() {
    let commands = commands();
    assert!(
        commands.len() >= 25 && commands.iter().any(|c| c == "solve-bench"),
        "{commands:?}"
    );
    for (shell, marker) in [
        ("bash", "_ddz()"),
        ("zsh", "#compdef ddz"),
        ("fish", "complete -c ddz"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer"),
    ] {
        let out = run(&["completions", shell]);
        assert!(out.code == 0, "{shell}: {}", &out.stderr);
        let script = out.stdout;
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell} does not complete {command}");
        }
        if shell == "bash" {
            // The script is one bash would source: no syntax error.
            let file = std::env::temp_dir().join(format!("ddz-completion-{}.bash", std::process::id()));
            std::fs::write(&file, &script).unwrap();
            let checked = Command::new("bash").arg("-n").arg(&file).output().expect("run bash");
            std::fs::remove_file(&file).unwrap();
            assert!(checked.status.success(), "{}", String::from_utf8_lossy(&checked.stderr));
        }
    }
    let out = run(&["man"]);
    assert!(out.code == 0);
    let page = out.stdout;
    assert!(page.contains(".TH ddz"), "{}", &page[..page.len().min(300)]);
    for command in &commands {
        // roff writes a hyphen as \-.
        let written = command.replace('-', "\\-");
        assert!(page.contains(&written), "the manual page does not list {command}");
    }
    fails_with(&["completions", "tcsh"], "tcsh");
    fails_with(&["completions", "bash", "--json"], "not JSON");
    fails_with(&["man", "--json"], "not JSON");
}
