//! `ddz table` against a real `ddz-server` process (SQLite in a folder of
//! the test's; `cargo build -p ddz-server` first, as for server.rs): a
//! table opened, three bots at it playing two deals to their end through
//! the WebSocket, the history shown to the same scores, and a chair that
//! is taken refused with the server's words.

mod support;

use std::time::Duration;

use serde_json::Value;
use support::server::Server;
use support::{run_job, Job, Run};

fn ddz(args: &[&str]) -> Run {
    let mut job = Job::new(args);
    job.limit = Duration::from_secs(300);
    run_job(&job)
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = ddz(&all);
    assert_eq!(out.code, 0, "ddz {args:?}: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("ddz {args:?}: not JSON ({e}): {}", out.stdout))
}

/// `ddz table bot` in chair `chair`, for two deals.
fn bot(link: &str, chair: usize) -> Value {
    let chair = chair.to_string();
    let name = format!("bot {chair}");
    let args = [
        "table", "bot", link, "--player", "L1", "--chair", &chair, "--name", &name, "--deals", "2",
    ];
    json(&args)
}

#[test]
fn three_bots_play_two_deals_at_a_new_table_and_show_prints_them() {
    let server = Server::start("table-cli", &["--table-ai-pause-ms", "0"]);
    let new = json(&[
        "table",
        "new",
        "--server",
        &server.url,
        "--turn-seconds",
        "20",
        "--ai",
        "L1",
    ]);
    let id = new["id"].as_str().expect("an id");
    let link = new["link"].as_str().expect("a link").to_string();
    assert_eq!(link, format!("{}/#/table/{id}", server.url));
    assert!(new["host_key"].as_str().is_some_and(|k| k.starts_with("hst_")), "{new}");
    let bots: Vec<_> = (0..3)
        .map(|chair| {
            let link = link.clone();
            std::thread::spawn(move || bot(&link, chair))
        })
        .collect();
    let played: Vec<Value> = bots.into_iter().map(|b| b.join().expect("a bot")).collect();
    for (chair, v) in played.iter().enumerate() {
        assert_eq!(v["chair"], chair, "{v}");
        let numbers: Vec<_> = v["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["number"].as_u64())
            .collect();
        assert_eq!(numbers, [Some(1), Some(2)], "{v}");
        assert_eq!(v["deals"], played[0]["deals"], "every chair saw the same deals");
    }
    let shown = json(&["table", "show", &link]);
    assert!(shown["deals"].as_array().unwrap().len() >= 2, "{shown}");
    // A bot leaves after its deals; the others may have said next, and a
    // third deal may be under way: the score after two deals is the bots'.
    let two: Vec<i64> = (0..3)
        .map(|c| {
            let deals = shown["deals"].as_array().unwrap();
            deals[..2]
                .iter()
                .map(|d| d["result"]["scores"][c].as_i64().unwrap_or(0))
                .sum()
        })
        .collect();
    assert_eq!(played[0]["scores"], serde_json::json!(two));
    let text = ddz(&["table", "show", &link]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(
        text.stdout.contains("deal 1: ") && text.stdout.contains("deal 2: "),
        "{}",
        text.stdout
    );
    // Each deal's par with the hands open, from its landlord's lead.
    let with_par = json(&["table", "show", &link, "--par"]);
    for deal in with_par["deals"].as_array().unwrap() {
        match deal["landlord"].as_u64() {
            Some(_) => assert!(
                ["landlord", "farmer"].contains(&deal["par"]["winner"].as_str().unwrap_or_default())
                    && deal["par"]["nodes"].as_u64() > Some(0),
                "{deal}"
            ),
            None => assert!(deal["par"].is_null(), "{deal}"),
        }
    }
    let full = ddz(&["table", "bot", &link, "--player", "L1", "--json"]);
    assert_eq!(full.code, 2);
    assert!(full.stdout.contains("409 (table-full)"), "{}", full.stdout);
}

#[test]
fn a_chair_taken_is_refused_in_the_servers_words() {
    let server = Server::start("table-cli-taken", &[]);
    let new = json(&["table", "new", "--server", &server.url]);
    let id = new["id"].as_str().unwrap();
    // One bot waits in chair 1 for the table to fill; a second asks for it.
    let site = server.url.clone();
    let waiting = std::thread::spawn({
        let id = id.to_string();
        move || {
            ddz(&[
                "table",
                "bot",
                &id,
                "--server",
                &site,
                "--player",
                "L1",
                "--chair",
                "1",
                "--timeout",
                "3",
            ])
        }
    });
    std::thread::sleep(Duration::from_millis(1500));
    let out = ddz(&[
        "table",
        "bot",
        id,
        "--server",
        &server.url,
        "--player",
        "L1",
        "--chair",
        "1",
        "--json",
    ]);
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(
        out.stdout.contains("409 (chair-taken): chair 1 is taken"),
        "{}",
        out.stdout
    );
    let waited = waiting.join().unwrap();
    assert_eq!(waited.code, 2);
    assert!(
        waited
            .stderr
            .contains("gave up after 3 s (--timeout), 0 of 1 deals finished"),
        "{}",
        waited.stderr
    );
}

#[test]
fn a_duplicate_session_opened_from_the_cli_shows_each_key_its_boards() {
    let server = Server::start("duplicate-cli", &["--table-ai-pause-ms", "0"]);
    let new = json(&[
        "table",
        "duplicate",
        "--server",
        &server.url,
        "--tables",
        "2",
        "--boards",
        "1",
        "--ai",
        "L1",
    ]);
    let link = new["link"].as_str().expect("a link").to_string();
    let organiser = new["organiser_key"].as_str().expect("a key").to_string();
    assert!(organiser.starts_with("org_"), "{new}");
    let first = new["tables"][0]["link"].as_str().expect("table 1's link").to_string();
    // Three bots play table 1's only board; table 2 has not started.
    let bots: Vec<Value> = (0..3)
        .map(|chair| {
            let link = first.clone();
            std::thread::spawn(move || {
                let chair = chair.to_string();
                json(&[
                    "table", "bot", &link, "--player", "L1", "--chair", &chair, "--deals", "1",
                ])
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|b| b.join().expect("the bot"))
        .collect();
    let seat = bots[0]["seat_key"].as_str().expect("a seat key");
    let shown = |key: Option<&str>| {
        let mut args = vec!["table", "standings", link.as_str()];
        if let Some(key) = key {
            args.extend(["--key", key]);
        }
        json(&args)["standings"]["shown"].clone()
    };
    assert_eq!(shown(None), serde_json::json!([]), "table 2 has not played board 1");
    assert_eq!(shown(Some(seat)), serde_json::json!([1]));
    assert_eq!(shown(Some(&organiser)), serde_json::json!([1]));
    let text = ddz(&["table", "standings", &link]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("boards none yet"), "{}", text.stdout);
    let wrong = ddz(&[
        "table",
        "standings",
        &link,
        "--key",
        "org_00000000000000000000000000000000",
    ]);
    assert_ne!(wrong.code, 0);
    assert!(wrong.stderr.contains("not a key of this session"), "{}", wrong.stderr);
    let bad = ddz(&["table", "standings", "http://h/#/table/abc"]);
    assert!(bad.stderr.contains("not a duplicate session's link"), "{}", bad.stderr);
}
