//! A hostile pass over the API: oversized bodies, malformed JSON, wrong
//! types, huge names, control characters, forged and replayed keys, odd
//! paths, and 10,000 requests from one address. Every answer is a 4xx in
//! the JSON error shape (or a deliberate 429/503), never another 5xx; the
//! process lives and its memory stays bounded.

mod common;

use common::{duplicate, Api, Server, Store};
use serde_json::json;

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn no_server_error(a: &common::Answer) {
    assert!(a.status < 500 || a.status == 503, "{} {}", a.status, a.text);
    if a.status >= 400 {
        let v: serde_json::Value = serde_json::from_str(&a.text).unwrap_or_else(|_| panic!("not JSON: {}", a.text));
        assert!(v["error"].is_string() && v["code"].is_string(), "{}", a.text);
    }
}

#[test]
fn hostile_requests_get_4xx_and_the_server_stays_up() {
    let store = Store::new();
    let mut server = Server::start(&store);
    let api = Api::new(&server);
    let (id, org, _) = api.create(&duplicate(2), json!({}));
    let key = api.enter(&id, "Ann");
    let board = api.board(&id, &key, 1);
    let rss_before = rss_kb(server.pid());

    let mut answers = Vec::new();
    let huge = "x".repeat(80 << 10);
    // Oversized bodies: 413 (a far larger one may also see the connection
    // closed while it is still being sent: the server refuses it unread).
    answers.push(
        api.post_raw("/api/events", None, "application/json", huge.clone().into_bytes())
            .expect(413),
    );
    let giant = common::client()
        .post(server.url("/api/events"))
        .header("content-type", "application/json")
        .body(vec![b'x'; 8 << 20])
        .send();
    if let Ok(r) = giant {
        assert_eq!(r.status().as_u16(), 413);
    }
    answers.push(api.post(&format!("/api/events/{id}/entries"), None, &json!({ "name": huge })));
    // Malformed JSON, wrong types, missing fields, not JSON.
    for body in [
        "{",
        "[]",
        "null",
        "{\"name\": 5}",
        "{\"name\": null}",
        "{\"nom\": \"x\"}",
        "\u{0}\u{1}",
        "{\"name\": \"a\", \"name\": \"b\"}",
    ] {
        answers.push(api.post_raw(
            &format!("/api/events/{id}/entries"),
            None,
            "application/json",
            body.as_bytes().to_vec(),
        ));
    }
    answers.push(api.post_raw(
        &format!("/api/events/{id}/entries"),
        None,
        "text/plain",
        b"{\"name\":\"Zed\"}".to_vec(),
    ));
    answers.push(
        api.post_raw(
            "/api/events",
            None,
            "application/json",
            b"{\"event\": \"garbage\"}".to_vec(),
        )
        .expect(422),
    );
    answers.push(api.post(
        "/api/events",
        None,
        &json!({"event": duplicate(2).code(), "max_entrants": -1}),
    ));
    answers.push(api.post(
        "/api/events",
        None,
        &json!({"event": duplicate(2).code(), "max_entrants": 1e12}),
    ));
    answers.push(
        api.post(
            "/api/events",
            None,
            &json!({"event": duplicate(2).code(), "closes": "yesterday"}),
        )
        .expect(422),
    );
    answers.push(
        api.post(
            "/api/events",
            None,
            &json!({"event": duplicate(2).code(), "closes": "2001-01-01T00:00:00Z"}),
        )
        .expect(422),
    );
    // Names: huge, control characters, empty, only spaces.
    for name in [
        "A".repeat(33),
        "A".repeat(5000),
        "Ann\u{0}".into(),
        "Ann\nBob".into(),
        "".into(),
        "   ".into(),
    ] {
        answers.push(api.post(&format!("/api/events/{id}/entries"), None, &json!({ "name": name })));
    }
    // Names the engine takes (a bidi override, a formula) are entered as
    // text: JSON-escaped in answers, a quote before a CSV formula.
    for name in ["\u{202e}evil", "=HYPERLINK(\"x\")"] {
        let v = api
            .post(&format!("/api/events/{id}/entries"), None, &json!({ "name": name }))
            .expect(201)
            .json();
        assert_eq!(v["entry"]["name"], name);
    }
    // Moves: wrong types, huge, nonsense, negative or huge plies.
    let path = format!("/api/events/{id}/entry/boards/1/moves");
    for body in [
        json!({"ply": "0", "move": "pass"}),
        json!({"ply": -1, "move": "pass"}),
        json!({"ply": 1e30, "move": "pass"}),
        json!({"ply": 0, "move": 3}),
        json!({"ply": 0, "move": "3".repeat(10_000)}),
        json!({"ply": 0, "move": "🂡🂡"}),
        json!({"ply": 18446744073709551615u64, "move": "pass"}),
        json!({"ply": 0}),
    ] {
        answers.push(api.post(&path, Some(&key), &body));
    }
    // Odd paths and methods.
    for p in [
        "/api/events/%ff%fe".to_string(),
        format!("/api/events/{}", "a".repeat(5000)),
        format!("/api/events/{id}/entry/boards/99999999999"),
        format!("/api/events/{id}/entry/boards/-1"),
        format!("/api/events/{id}/entry/boards/0"),
        "/api/nothing".into(),
        "/api/daily/2026-13-45".into(),
        "/api/daily/1999-01-01".into(),
        "/api/daily/9999-12-31".into(),
    ] {
        answers.push(api.get(&p, Some(&key)));
    }
    answers.push(api.post(&format!("/api/events/{id}"), None, &json!({})));
    // Forged and replayed keys, odd Authorization headers.
    let client = common::client();
    for auth in [
        "Bearer",
        "Bearer ",
        "Basic abc",
        "Bearer org_",
        "Bearer \u{7f}",
        &format!("Bearer {org}{org}"),
        &format!("Bearer {}", "f".repeat(10_000)),
    ] {
        let r = client
            .get(server.url(&format!("/api/events/{id}/organiser")))
            .header("authorization", auth.as_bytes())
            .send();
        if let Ok(r) = r {
            let a = common::Answer {
                status: r.status().as_u16(),
                headers: r.headers().clone(),
                text: r.text().unwrap_or_default(),
            };
            assert!(a.status >= 400);
            answers.push(a);
        }
    }
    for a in &answers {
        no_server_error(a);
        assert!(a.status >= 400, "{}", a.text);
    }
    // The board is as it was: nothing hostile was applied.
    assert_eq!(api.board(&id, &key, 1), board);
    assert!(server.alive());
    let _ = rss_before;

    // 10,000 requests from one address, against the default limits.
    let store2 = Store::new();
    let mut limited = Server::with_args(&store2, &[]);
    let lapi = Api::new(&limited);
    let (lid, _, _) = lapi.create(&duplicate(2), json!({}));
    let lkey = lapi.enter(&lid, "Ann");
    let rss_start = rss_kb(limited.pid());
    let counts = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|t| {
                let base = limited.base.clone();
                let (lid, lkey) = (lid.clone(), lkey.clone());
                s.spawn(move || {
                    let client = common::client();
                    let mut counts = std::collections::BTreeMap::<u16, u32>::new();
                    for i in 0..2500 {
                        let rq = match (i + t) % 4 {
                            0 => client.get(format!("{base}/api/events/{lid}")),
                            1 => client.get(format!("{base}/api/events/{lid}/entry")).bearer_auth(&lkey),
                            2 => client.get(format!("{base}/api/health")),
                            _ => client
                                .post(format!("{base}/api/events/{lid}/entries"))
                                .json(&json!({"name": format!("n{t}-{i}")})),
                        };
                        // A forged X-Forwarded-For changes nothing: not trusted by default.
                        let rq = rq.header("x-forwarded-for", format!("10.{t}.{}.{}", i / 256, i % 256));
                        let r = rq.send().expect("an answer");
                        let status = r.status().as_u16();
                        let text = r.text().unwrap_or_default();
                        assert!(status < 500 || status == 503, "{status} {text}");
                        if status >= 400 {
                            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON error");
                            assert!(v["code"].is_string());
                        }
                        *counts.entry(status).or_default() += 1;
                    }
                    counts
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().unwrap())
            .fold(std::collections::BTreeMap::<u16, u32>::new(), |mut all, c| {
                for (k, v) in c {
                    *all.entry(k).or_default() += v;
                }
                all
            })
    });
    assert!(
        counts.get(&429).copied().unwrap_or(0) > 0,
        "the rate limit answered: {counts:?}"
    );
    assert_eq!(counts.values().sum::<u32>(), 10_000);
    assert!(limited.alive());
    let rss_end = rss_kb(limited.pid());
    eprintln!("statuses {counts:?}; VmRSS {rss_start} kB before, {rss_end} kB after");
    assert!(rss_end < 300_000, "VmRSS {rss_end} kB");
    assert!(
        rss_end < rss_start + 100_000,
        "VmRSS grew from {rss_start} to {rss_end} kB"
    );
    drop(limited);
    drop(server);
}
