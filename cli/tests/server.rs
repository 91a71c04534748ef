//! `ddz contest … --server` against a real `ddz-server` process (SQLite in
//! a folder of the test's): an online event made, three AI entrants
//! playing every board through the API (one of them resumed with its
//! key), standings hidden then shown, the event closed, exported, and
//! scored offline to the server's own standings with the secret checked
//! against the commitment; the server's errors shown with their messages.

mod support;

use std::time::Duration;

use serde_json::Value;
use support::server::Server;
use support::{run_job, Job, Run};

fn ddz(args: &[&str]) -> Run {
    let mut job = Job::new(args);
    job.limit = Duration::from_secs(600);
    run_job(&job)
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = ddz(&all);
    assert_eq!(out.code, 0, "ddz {args:?}: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("ddz {args:?}: not JSON ({e}): {}", out.stdout))
}

/// A refusal: exit 2, `{"error"}` holding `needle` with --json.
fn refused(args: &[&str], needle: &str) {
    let mut all = args.to_vec();
    all.push("--json");
    let out = ddz(&all);
    assert_eq!(out.code, 2, "ddz {args:?} should fail: {}", out.stdout);
    let v: Value = serde_json::from_str(&out.stdout).expect("an error as JSON");
    let message = v["error"].as_str().expect("an error message");
    assert!(
        message.contains(needle),
        "ddz {args:?}: expected {needle:?} in {message:?}"
    );
}

/// What a line of the standings is, for comparing the server's with the
/// offline score's.
fn lines(standings: &Value) -> Vec<(String, u64, u64, i64)> {
    standings["entrants"]
        .as_array()
        .expect("entrants")
        .iter()
        .map(|e| {
            (
                e["entrant"].as_str().unwrap().to_string(),
                e["place"].as_u64().unwrap(),
                e["rank_points"].as_u64().unwrap(),
                e["score"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn an_online_event_is_made_played_closed_exported_and_scored_offline() {
    let server = Server::start("e2e", &[]);
    let url = server.url.as_str();
    let made = json(&[
        "contest",
        "new",
        "--format",
        "duplicate",
        "--boards",
        "2",
        "--opponents",
        "L1",
        "--title",
        "CLI test",
        "--server",
        url,
        "--standings-after",
        "3",
    ]);
    let id = made["id"].as_str().expect("an id").to_string();
    let org = made["organiser_key"].as_str().expect("a key").to_string();
    let commitment = made["commitment"].as_str().expect("a commitment").to_string();
    assert!(org.starts_with("org_") && org.len() == 36, "{org}");
    assert_eq!(commitment.len(), 64);
    assert!(made["link"]
        .as_str()
        .unwrap()
        .ends_with(&format!("#/contest?online={id}")));
    // The text says the key is shown once.
    let text = ddz(&["contest", "new", "--format", "random", "--boards", "1", "--server", url]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("shown once"), "{}", text.stdout);

    // Two entrants play every board; a third is entered over the API and
    // played with its key (resuming an entry).
    let mut keys = Vec::new();
    for (name, player) in [("ann", "L1"), ("bob", "L2")] {
        let v = json(&[
            "contest",
            "enter",
            &id,
            "--server",
            url,
            "--entrant",
            name,
            "--player",
            player,
        ]);
        assert_eq!(v["finished"], true, "{v}");
        assert_eq!(v["boards"].as_array().unwrap().len(), 2);
        keys.push(v["entry_key"].as_str().unwrap().to_string());
    }
    // The name is taken whatever its case: the server's 409, with its message.
    refused(
        &[
            "contest",
            "enter",
            &id,
            "--server",
            url,
            "--entrant",
            "ANN",
            "--player",
            "L1",
        ],
        "409 (name-taken)",
    );
    // Standings stay hidden until three have finished, but for the organiser.
    let public = json(&["contest", "standings", &id, "--server", url]);
    assert_eq!(public["hidden"], true, "{public}");
    let early = json(&["contest", "standings", &id, "--server", url, "--organiser", &org]);
    assert_eq!(early["state"], "provisional");
    assert_eq!(lines(&early["standings"]).len(), 2, "{early}");

    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into();
    let mut reply = agent
        .post(&format!("{url}/api/events/{id}/entries"))
        .header("Content-Type", "application/json")
        .send(r#"{"name": "张三"}"#)
        .expect("an entry");
    let entered: Value = serde_json::from_str(&reply.body_mut().read_to_string().unwrap()).unwrap();
    let key = entered["entry_key"].as_str().expect("an entry key").to_string();
    let resumed = json(&[
        "contest", "enter", &id, "--server", url, "--key", &key, "--player", "L1",
    ]);
    assert_eq!(resumed["entrant"], "张三");
    assert_eq!(resumed["finished"], true);
    // A finished entry resumed again sends nothing and says the same.
    let again = json(&[
        "contest", "enter", &id, "--server", url, "--key", &key, "--player", "L1",
    ]);
    assert_eq!(again["moves"], 0);
    assert_eq!(again["score"], resumed["score"]);

    let open = json(&["contest", "standings", &id, "--server", url]);
    assert_eq!(open["hidden"], false);
    assert_eq!(lines(&open["standings"]).len(), 3);
    let csv = ddz(&["contest", "standings", &id, "--server", url, "--format", "csv"]);
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    assert!(csv.stdout.starts_with("place,entrant"), "{}", csv.stdout);

    // Export before close: the server's refusal, said.
    let dir = server.dir.join("export");
    refused(
        &[
            "contest",
            "export",
            &id,
            "--server",
            url,
            "--out",
            dir.to_str().unwrap(),
        ],
        "event-open",
    );
    // Closing takes the organiser's key, not an entrant's.
    refused(
        &[
            "contest",
            "close",
            &id,
            "--server",
            url,
            "--organiser",
            &keys[0].replace("ent_", "org_"),
        ],
        "the server answered 403",
    );
    let closed = json(&["contest", "close", &id, "--server", url, "--organiser", &org]);
    assert_eq!(closed["checked"], true);
    assert_eq!(closed["commitment"].as_str(), Some(commitment.as_str()));
    let last = json(&["contest", "standings", &id, "--server", url]);
    assert_eq!(last["state"], "final");

    let exported = json(&[
        "contest",
        "export",
        &id,
        "--server",
        url,
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(exported["results"], 3);
    for file in ["event.txt", "secret.txt", "commitment.txt"] {
        assert!(dir.join(file).is_file(), "{file}");
    }
    // Nothing is overwritten.
    refused(
        &[
            "contest",
            "export",
            &id,
            "--server",
            url,
            "--out",
            dir.to_str().unwrap(),
        ],
        "already exists",
    );

    // Offline: the same standings as the server's, the commitment checked.
    let scored = json(&["contest", "score", dir.to_str().unwrap()]);
    assert_eq!(lines(&scored), lines(&last["standings"]));
    assert_eq!(scored["commitment"]["checked"], true);
    assert_eq!(scored["commitment"]["published"].as_str(), Some(commitment.as_str()));
    let text = ddz(&["contest", "score", dir.to_str().unwrap()]);
    assert!(text.stdout.contains("hashes to the commitment"), "{}", text.stdout);
    // Or from its files, with the commitment seen when the event was made.
    let code = std::fs::read_to_string(dir.join("event.txt")).unwrap();
    let mut files: Vec<String> = std::fs::read_dir(dir.join("results"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut args = vec!["contest", "score", code.trim()];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--commitment", &commitment]);
    assert_eq!(lines(&json(&args)), lines(&last["standings"]));
    // Another commitment: an error, saying so.
    let wrong = "0".repeat(64);
    args.pop();
    args.push(&wrong);
    refused(&args, "does not match the commitment");
    std::fs::write(dir.join("commitment.txt"), &wrong).unwrap();
    refused(
        &["contest", "score", dir.to_str().unwrap()],
        "does not match the commitment",
    );
}

#[test]
fn errors_from_the_server_and_from_nowhere_are_said() {
    let server = Server::start("errors", &[]);
    let url = server.url.clone();
    let url = url.as_str();
    refused(
        &["contest", "standings", "aaaaaaaaaaaa", "--server", url],
        "the server answered 404",
    );
    refused(
        &[
            "contest",
            "enter",
            "aaaaaaaaaaaa",
            "--server",
            url,
            "--entrant",
            "x",
            "--player",
            "L1",
        ],
        "the server answered 404",
    );
    // Test cases are boards anyone could compute: refused before sending.
    refused(
        &[
            "contest",
            "new",
            "--format",
            "duplicate",
            "--test-cases",
            "30,6,3",
            "--server",
            url,
        ],
        "test cases",
    );
    refused(
        &["contest", "new", "--format", "random", "--seed", "5", "--server", url],
        "--seed",
    );
    refused(
        &[
            "contest", "new", "--format", "random", "--server", url, "--closes", "tomorrow",
        ],
        "RFC 3339",
    );
    drop(server);
    // Nobody listening any more.
    refused(
        &["contest", "standings", "aaaaaaaaaaaa", "--server", url],
        "no answer from the server",
    );
}

/// The equal format deals each entrant their own boards on the server:
/// the export, scored offline, gives the same standings.
#[test]
fn an_equal_event_scores_offline_to_the_servers_standings() {
    let server = Server::start("equal", &[]);
    let url = server.url.as_str();
    let made = json(&[
        "contest",
        "new",
        "--format",
        "equal",
        "--centre",
        "0.875,0.4,0.36",
        "--eps",
        "0.2",
        "--boards",
        "2",
        "--opponents",
        "L3",
        "--server",
        url,
    ]);
    let id = made["id"].as_str().unwrap().to_string();
    let org = made["organiser_key"].as_str().unwrap().to_string();
    for name in ["ann", "bob"] {
        let v = json(&[
            "contest",
            "enter",
            &id,
            "--server",
            url,
            "--entrant",
            name,
            "--player",
            "L1",
        ]);
        assert_eq!(v["finished"], true, "{v}");
    }
    json(&["contest", "close", &id, "--server", url, "--organiser", &org]);
    let last = json(&["contest", "standings", &id, "--server", url]);
    let dir = server.dir.join("export");
    json(&[
        "contest",
        "export",
        &id,
        "--server",
        url,
        "--out",
        dir.to_str().unwrap(),
    ]);
    let scored = json(&["contest", "score", dir.to_str().unwrap()]);
    assert_eq!(lines(&scored), lines(&last["standings"]));
    assert_eq!(lines(&scored).len(), 2);
}

/// A server that answers every request with the same canned reply.
fn canned(reply: Vec<u8>) -> (String, std::thread::JoinHandle<()>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let serve = std::thread::spawn(move || {
        listener.set_nonblocking(false).unwrap();
        // Enough for one command's requests (with its retries of reads).
        for _ in 0..8 {
            let Ok((mut stream, _)) = listener.accept() else { return };
            let mut buf = [0u8; 65536];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(&reply);
        }
    });
    (url, serve)
}

fn http(status: &str, body: &[u8]) -> Vec<u8> {
    let mut reply = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    reply.extend_from_slice(body);
    reply
}

/// Replies that are not the API's: refused with a message, exit 2, never
/// a panic or an unbounded read.
#[test]
fn replies_that_are_not_the_apis_are_refused() {
    let id = "abcdefabcdef";
    let cases: Vec<(Vec<u8>, Vec<&str>, &str)> = vec![
        (http("200 OK", b"<html>hello</html>"), vec!["contest", "standings", id], "not JSON"),
        (http("200 OK", b"{}"), vec!["contest", "new", "--format", "random"], "no field 'id'"),
        (
            http("302 Found", b""),
            vec!["contest", "close", id, "--organiser", "org_00000000000000000000000000000000"],
            "the server answered 302",
        ),
        (
            http("500 Internal Server Error", "\u{1b}[31mboom".as_bytes()),
            vec!["contest", "standings", id],
            "the server answered 500: [31mboom",
        ),
        (
            // 17 MiB of one JSON string: past the 16 MiB a reply may be.
            http("200 OK", format!("\"{}\"", "x".repeat(17 << 20)).as_bytes()),
            vec!["contest", "standings", id],
            "longer than 16777216 bytes",
        ),
        (
            // A board view whose plays are no game: the entrant stops, saying why.
            http(
                "200 OK",
                br#"{"id":"abcdefabcdef","rules":"x","next":1,"number":1,"seat":"landlord","ply":1,"hand":"3","counts":[1,17,17],"bottom":"345","plays":[{"seat":"farmer1","move":"3"}],"to_move":"landlord","over":false,"entry_key":"ent_00000000000000000000000000000000"}"#,
            ),
            vec!["contest", "enter", id, "--key", "ent_00000000000000000000000000000000", "--player", "L1"],
            "is not a game",
        ),
    ];
    for (reply, mut args, needle) in cases {
        let (url, serve) = canned(reply);
        args.extend(["--server", url.as_str()]);
        refused(&args, needle);
        drop(serve);
    }
}
