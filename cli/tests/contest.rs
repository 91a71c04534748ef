//! `ddz contest` end to end: events made and read back, AI entrants
//! ranked in the order of their strength, rank points checked by hand,
//! tampered results refused with their reasons, equal-strength deals
//! recomputed, files never replaced.

use serde_json::Value;

mod support;
use support::{fails_with, json, run};

fn new_event(args: &[&str]) -> String {
    let mut all = vec!["contest", "new"];
    all.extend_from_slice(args);
    json(&all)["code"].as_str().unwrap().to_string()
}

/// An AI entrant's result: its code and its scores board by board.
fn enter(event: &str, name: &str, player: &str) -> (String, Vec<i64>) {
    let v = json(&["contest", "enter", event, "--entrant", name, "--player", player]);
    let scores = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["score"].as_i64().unwrap())
        .collect();
    (v["result"].as_str().unwrap().to_string(), scores)
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-contest-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn an_event_reads_back_from_its_code_and_its_link() {
    let v = json(&[
        "contest",
        "new",
        "--format",
        "duplicate",
        "--boards",
        "4",
        "--seat",
        "farmer",
        "--opponents",
        "L9",
        "--seed",
        "7",
        "--title",
        "周五俱乐部",
        "--aids",
        "hint,undo",
        "--reveal",
        "at-end",
        "--site",
        "https://example.org/ddz/",
    ]);
    let code = v["code"].as_str().unwrap();
    assert_eq!(v["link"], format!("https://example.org/ddz/#/contest?e={code}"));
    assert_eq!(v["event"]["title"], "周五俱乐部");
    assert_eq!(v["event"]["opponents"], "L9");
    assert_eq!(v["event"]["aids"], "hint,undo");
    assert!(code.len() < 60, "{code}");
    // The link works wherever a code does.
    let deals = json(&["contest", "deals", v["link"].as_str().unwrap()]);
    let boards = deals["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 4);
    assert!(boards.iter().all(|b| b["seat"] == "farmer1"));
    assert_eq!(json(&["contest", "deals", code])["boards"], deals["boards"]);
    // The daily contest is the date's, the same every time.
    let a = json(&["contest", "daily", "--date", "2026-11-27"]);
    assert_eq!(a["code"], json(&["contest", "daily", "--date", "2026-11-27"])["code"]);
    assert_ne!(a["code"], json(&["contest", "daily", "--date", "2026-11-28"])["code"]);
    assert_eq!(a["event"]["daily"], "2026-11-27");
    // A site is an http(s) address: nothing else goes into a printed link.
    for bad in [
        "javascript:alert(1)//",
        "ftp://example.org/",
        "https://",
        "https://example.org/ddz/#x",
        "https://exa mple.org/",
    ] {
        fails_with(&["contest", "daily", "--site", bad], "--site");
        fails_with(&["contest", "new", "--boards", "2", "--site", bad], "--site");
    }
    // Bad settings, named.
    fails_with(&["contest", "new", "--format", "duplicate", "--boards", "37"], "37");
    fails_with(&["contest", "new", "--seat", "dealer"], "'dealer' is not a seat");
    fails_with(&["contest", "new", "--aids", "hint,peek"], "'peek' is not an aid");
    let code = new_event(&["--format", "duplicate", "--boards", "2"]);
    for limit in ["0", "-5", "NaN", "inf", "3600001"] {
        fails_with(
            &[
                "contest",
                "enter",
                &code,
                "--entrant",
                "A",
                "--player",
                "L1",
                "--time-limit",
                limit,
            ],
            "a time limit must be above 0",
        );
    }
    fails_with(&["contest", "new", "--format", "equal"], "needs a GDI centre");
    fails_with(
        &["contest", "new", "--format", "equal", "--centre", "0.5,0.9"],
        "a GDI never rises",
    );
    fails_with(
        &["contest", "new", "--format", "random", "--opponents", "greedy"],
        "not a ladder rung",
    );
    fails_with(&["contest", "deals", "not-a-code!"], "not a code");
    fails_with(&["contest", "daily", "--date", "2026-02-30"], "not a day");
}

#[test]
fn ai_entrants_score_in_the_order_of_their_strength() {
    let event = new_event(&[
        "--format",
        "duplicate",
        "--boards",
        "12",
        "--seed",
        "2026",
        "--opponents",
        "L7",
    ]);
    let (weak, _) = enter(&event, "L1", "L1");
    let (strong, _) = enter(&event, "L10", "L10");
    let s = json(&["contest", "score", &event, &weak, &strong]);
    // --format json prints the same JSON as --json.
    let formatted = run(&["contest", "score", &event, &weak, &strong, "--format", "json"]);
    assert_eq!(
        serde_json::from_str::<Value>(&formatted.stdout).expect("JSON from --format json"),
        s
    );
    let rows = s["entrants"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["entrant"] == name).unwrap().clone();
    let (l1, l10) = (row("L1"), row("L10"));
    println!(
        "12 boards: L10 {} rank points, score {:+}, beat {:.0}% of the field; L1 {} rank points, score {:+}, beat {:.0}%",
        l10["rank_points"],
        l10["score"].as_i64().unwrap(),
        100.0 * l10["beaten"].as_f64().unwrap(),
        l1["rank_points"],
        l1["score"].as_i64().unwrap(),
        100.0 * l1["beaten"].as_f64().unwrap()
    );
    assert_eq!(l10["place"], 1);
    assert!(l10["rank_points"].as_u64() > l1["rank_points"].as_u64());
    assert!(l10["score"].as_i64() > l1["score"].as_i64());
    assert!(l10["beaten"].as_f64() > l1["beaten"].as_f64());
    assert!(s["rejected"].as_array().unwrap().is_empty());
    let d = &s["distinction"];
    assert_eq!(
        (d["players"].as_u64(), d["boards"].as_u64(), d["top"].as_u64()),
        (Some(2), Some(12), Some(2))
    );
}

#[test]
fn rank_points_are_the_papers_checked_by_hand() {
    let event = new_event(&[
        "--format",
        "duplicate",
        "--boards",
        "2",
        "--seed",
        "11",
        "--opponents",
        "L5",
    ]);
    let entrants = [("Ann", "L0"), ("Bob", "L4"), ("Cy", "L7")];
    let played: Vec<(String, Vec<i64>)> = entrants.iter().map(|(n, p)| enter(&event, n, p)).collect();
    let codes: Vec<&str> = played.iter().map(|(c, _)| c.as_str()).collect();
    let mut args = vec!["contest", "score", &event];
    args.extend(codes);
    let s = json(&args);
    // By hand: on each board, place = 1 + entrants with a higher score;
    // points = 2 × (3 − place + 1).
    let n = 3;
    for (i, (name, _)) in entrants.iter().enumerate() {
        let mut points = 0;
        for k in 0..2 {
            let mine = played[i].1[k];
            let place = 1 + played.iter().filter(|(_, s)| s[k] > mine).count() as u64;
            points += 2 * (n - place + 1);
        }
        let row = s["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["entrant"] == *name)
            .unwrap()
            .clone();
        assert_eq!(row["rank_points"].as_u64(), Some(points), "{name}: {row}");
        assert_eq!(row["score"].as_i64(), Some(played[i].1.iter().sum::<i64>()));
    }
    // The text and CSV forms say the same.
    let csv = run(&[
        "contest",
        "score",
        &event,
        &played[0].0,
        &played[1].0,
        &played[2].0,
        "--format",
        "csv",
    ])
    .stdout;
    assert_eq!(csv.lines().count(), 4);
    assert!(csv.starts_with("place,entrant,rank_points,score,field_beaten,board1_score"));
}

#[test]
fn tampered_and_foreign_results_are_refused_with_their_reasons() {
    let event = new_event(&[
        "--format",
        "duplicate",
        "--boards",
        "2",
        "--seed",
        "5",
        "--opponents",
        "L5",
    ]);
    let other = new_event(&[
        "--format",
        "duplicate",
        "--boards",
        "2",
        "--seed",
        "6",
        "--opponents",
        "L5",
    ]);
    let (good, _) = enter(&event, "Ann", "L7");
    let (foreign, _) = enter(&other, "Dee", "L7");
    let mut corrupted = good.clone();
    corrupted.replace_range(20..21, if &good[20..21] == "A" { "B" } else { "A" });
    // A file whose record was altered: an opponent's move, and the
    // entrant's own first play swapped for cards it does not hold.
    let path = tmp("eve.json");
    let _ = std::fs::remove_file(&path);
    let out = run(&[
        "contest",
        "enter",
        &event,
        "--entrant",
        "Eve",
        "--player",
        "L3",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.code == 0);
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let record = file["boards"][0]["record"].as_array().unwrap().clone();
    let theirs = record.iter().position(|t| t[0] != "landlord").unwrap();
    let mut altered = file.clone();
    altered["boards"][0]["record"][theirs][1] = if record[theirs][1] == "pass" { "3" } else { "pass" }.into();
    let opponent_path = tmp("eve-opponent.json");
    std::fs::write(&opponent_path, altered.to_string()).unwrap();
    let mut illegal = file.clone();
    let deal = file["boards"][0]["deal"].as_str().unwrap();
    let held: &str = &deal[1..deal.find(']').unwrap()];
    let missing = ["XD", "D", "X", "2222", "AAAA"].into_iter().find(|p| {
        let cards: engine::Cards = p.parse().unwrap();
        !held.parse::<engine::Cards>().unwrap().contains(cards)
    });
    illegal["boards"][0]["record"][0][1] = missing.unwrap().into();
    illegal["entrant"] = "Fay".into();
    let illegal_path = tmp("fay.json");
    std::fs::write(&illegal_path, illegal.to_string()).unwrap();
    let s = json(&[
        "contest",
        "score",
        &event,
        &good,
        &corrupted,
        &foreign,
        opponent_path.to_str().unwrap(),
        illegal_path.to_str().unwrap(),
        path.to_str().unwrap(),
        &good,
    ]);
    let mut counted: Vec<&str> = s["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["entrant"].as_str().unwrap())
        .collect();
    counted.sort_unstable();
    // Eve's own file counts: the altered copy handed in first did not.
    assert_eq!(counted, ["Ann", "Eve"], "{s}");
    let reasons: Vec<(String, String)> = s["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap().to_string(),
                r["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let kinds: Vec<&str> = reasons.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "unreadable",
            "other-event",
            "not-the-opponents",
            "illegal-move",
            "same-entrant"
        ],
        "{reasons:?}"
    );
    assert!(reasons[0].1.contains("corrupted"));
    assert!(reasons[2].1.starts_with("board 1: move"), "{}", reasons[2].1);
    assert!(reasons[3].1.contains("does not hold"), "{}", reasons[3].1);
    assert!(
        reasons[4].1.contains("Ann has already entered (result 1)"),
        "{}",
        reasons[4].1
    );
    // The same refusals in the text report.
    let text = run(&["contest", "score", &event, &good, &corrupted]).stdout;
    assert!(
        text.contains("1 results refused") && text.contains("corrupted"),
        "{text}"
    );
}

#[test]
fn results_files_are_written_only_where_nothing_was() {
    let event = new_event(&["--format", "random", "--boards", "1", "--seed", "1"]);
    let path = tmp("taken.json");
    std::fs::write(&path, "mine").unwrap();
    fails_with(
        &[
            "contest",
            "enter",
            &event,
            "--entrant",
            "A",
            "--player",
            "L3",
            "--out",
            path.to_str().unwrap(),
        ],
        "already exists",
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    fails_with(
        &[
            "contest",
            "enter",
            &event,
            "--entrant",
            "A",
            "--player",
            "L3",
            "--out",
            "/no/such/dir/r.json",
        ],
        "is not a directory",
    );
    // Reads are bounded: an endless stream is refused, not read to the end.
    let s = json(&["contest", "score", &event, "/dev/zero"]);
    assert_eq!(s["rejected"][0]["label"], "zero");
    assert!(s["rejected"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("more than a result ever has"));
}

#[test]
fn equal_deals_differ_by_entrant_and_lie_within_eps() {
    let v = json(&[
        "contest",
        "new",
        "--format",
        "equal",
        "--boards",
        "2",
        "--centre",
        "0.875,0.4,0.36",
        "--eps",
        "0.2",
        "--seed",
        "3",
    ]);
    assert!(
        v["note"].as_str().unwrap().contains("of the library's 2000 deals"),
        "{v}"
    );
    let event = v["code"].as_str().unwrap();
    fails_with(&["contest", "deals", event], "name the entrant");
    let seeds = |name: &str| -> Vec<u64> {
        json(&["contest", "deals", event, "--entrant", name])["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["seed"].as_u64().unwrap())
            .collect()
    };
    let (ann, bob) = (seeds("Ann"), seeds("Bob"));
    assert_ne!(ann, bob);
    assert_eq!(seeds("ANN"), ann);
    // Each board judged again from its seat, with games the dealing never
    // saw: within ε, or at least not clearly beyond it.
    let f = json(&[
        "contest",
        "fairness",
        event,
        "--entrant",
        "Ann",
        "--entrant",
        "Bob",
        "--rounds",
        "32",
    ]);
    let names = f["names"].as_array().unwrap();
    assert_eq!(names.len(), 2);
    for board in names.iter().flat_map(|n| n["boards"].as_array().unwrap()) {
        let (distance, se) = (
            board["distance"][0].as_f64().unwrap(),
            board["distance"][1].as_f64().unwrap(),
        );
        assert!(distance - 3.0 * se < 0.2, "{board}");
    }
    let seeds_measured: Vec<u64> = names[0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["board"]["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds_measured, ann);
    assert_eq!(f["fairness"]["within"][1].as_u64(), Some(4));
    // Only equal events are measured.
    let random = new_event(&["--format", "random", "--seed", "1"]);
    fails_with(&["contest", "fairness", &random], "not an equal event");
    // An entrant's result scores on the entrant's own deals.
    let (result, scores) = enter(event, "Ann", "L7");
    let s = json(&["contest", "score", event, &result]);
    assert_eq!(s["entrants"][0]["score"].as_i64(), Some(scores.iter().sum::<i64>()));
    let seats_and_seeds: Vec<u64> = s["entrants"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["board"]["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seats_and_seeds, ann);
}

#[test]
fn hand_records_hold_every_board_with_par_splits_field_and_scores() {
    let event = new_event(&[
        "--format",
        "duplicate",
        "--test-cases",
        "30,2,3",
        "--seed",
        "1",
        "--opponents",
        "L5",
    ]);
    let (a, _) = enter(&event, "Ann", "L7");
    let (b, _) = enter(&event, "Bob", "L2");
    let r = json(&["contest", "records", &event, "--results", &a, &b]);
    let boards = r["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    for board in boards {
        assert_eq!(board["splits"].as_array().unwrap().len(), 3);
        assert!(board["par"]["winner"].is_string());
        assert_eq!(
            board["field"]["counts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap())
                .sum::<u64>(),
            22
        );
        assert_eq!(board["scores"].as_array().unwrap().len(), 2);
    }
    // Every entrant has the same boards here: naming one is refused, as `deals` refuses it.
    fails_with(
        &["contest", "records", &event, "--entrant", "Ann"],
        "the same boards; leave it out",
    );
    let formatted = run(&["contest", "records", &event, "--format", "json"]);
    assert_eq!(
        serde_json::from_str::<Value>(&formatted.stdout).expect("JSON from --format json"),
        json(&["contest", "records", &event])
    );
    let csv = run(&["contest", "records", &event, "--format", "csv"]).stdout;
    assert_eq!(csv.lines().count(), 3);
    assert!(csv.starts_with("board,seed,seat,landlord,farmer1,farmer2,bottom,par_winner"));
}

#[test]
fn files_that_cannot_be_read_are_refused_by_name_and_the_rest_scored() {
    let event = new_event(&["--format", "duplicate", "--boards", "2", "--seed", "1"]);
    let (code, _) = enter(&event, "Ann", "L2");
    let ann = tmp("unread-ann.txt");
    std::fs::write(&ann, &code).unwrap();
    let folder = tmp("unread-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let big = tmp("unread-big.txt");
    std::fs::write(&big, vec![b'a'; (1 << 20) + 1]).unwrap();
    let bad = tmp("unread-bad.txt");
    std::fs::write(&bad, b"\xff\xfe not UTF-8").unwrap();
    let empty = tmp("unread-empty.txt");
    std::fs::write(&empty, "  \n\n").unwrap();
    let mistyped = tmp("unread-anne.txt");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let args = [
        path(&ann),
        path(&folder),
        path(&big),
        path(&bad),
        path(&mistyped),
        path(&empty),
    ];
    let mut all = vec!["contest", "score", event.as_str()];
    all.extend(args.iter().map(String::as_str));
    let s = json(&all);
    assert_eq!(s["entrants"].as_array().unwrap().len(), 1, "Ann is scored");
    let named = |p: &std::path::Path| p.file_name().unwrap().to_str().unwrap().to_string();
    for (file, kind, words) in [
        (named(&folder), "not-opened", "a folder"),
        (named(&big), "unreadable", "1048577 bytes"),
        (named(&bad), "unreadable", "not text"),
        (path(&mistyped), "not-opened", "no such file"),
        (named(&empty), "unreadable", "empty"),
    ] {
        let r = s["rejected"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["label"] == file.as_str());
        let r = r.unwrap_or_else(|| panic!("{file} is not refused by name: {}", s["rejected"]));
        assert_eq!(r["kind"], kind, "{file}");
        assert!(r["reason"].as_str().unwrap().contains(words), "{file}: {}", r["reason"]);
    }
    for file in [&ann, &big, &bad, &empty] {
        let _ = std::fs::remove_file(file);
    }
    let _ = std::fs::remove_dir(&folder);
}

#[test]
fn the_summary_of_contest_enter_json_saved_to_a_file_is_scored() {
    let event = new_event(&["--format", "duplicate", "--boards", "2", "--seed", "2"]);
    // `> FILE` rather than `--out FILE`: the summary holds the result's code.
    let summary = tmp("summary.json");
    let entered = run(&[
        "contest",
        "enter",
        &event,
        "--entrant",
        "Bo",
        "--player",
        "L3",
        "--json",
    ]);
    std::fs::write(&summary, entered.stdout).unwrap();
    let s = json(&["contest", "score", &event, summary.to_str().unwrap()]);
    assert_eq!(s["entrants"][0]["entrant"], "Bo", "{s}");
    assert_eq!(s["rejected"].as_array().unwrap().len(), 0);
    let _ = std::fs::remove_file(&summary);
}
