//! Event settings through the API: times, standings shown after enough
//! entrants, the CSV, the daily contest, the AI queue's 503, CORS, the
//! site served at /.

mod common;

use common::{duplicate, Api, Server, Store};
use serde_json::json;

#[test]
fn standings_show_after_enough_entrants_and_csv_cells_are_text() {
    let store = Store::new();
    let server = Server::start(&store);
    let api = Api::new(&server);
    let (id, org, _) = api.create(&duplicate(1), json!({"standings_after": 2}));
    let a = api.enter(&id, "=1+1");
    let b = api.enter(&id, "Bob");
    api.play_board(&id, &a, 1, false);
    let hidden = api.get(&format!("/api/events/{id}/standings"), None).expect(200).json();
    assert_eq!(hidden["hidden"], true);
    assert!(hidden["standings"]["entrants"].as_array().unwrap().is_empty());
    // The organiser sees them; seeds stay out until close.
    let org_view = api.get(&format!("/api/events/{id}/standings"), Some(&org)).expect(200);
    let v = org_view.json();
    assert_eq!(v["hidden"], false);
    assert_eq!(v["standings"]["entrants"][0]["entrant"], "=1+1");
    assert!(!org_view.text.contains("\"seed\""), "{}", org_view.text);
    api.play_board(&id, &b, 1, false);
    let shown = api.get(&format!("/api/events/{id}/standings"), None).expect(200).json();
    assert_eq!(shown["hidden"], false);
    assert_eq!(shown["state"], "provisional");
    assert_eq!(shown["standings"]["entrants"].as_array().unwrap().len(), 2);
    let csv = api.get(&format!("/api/events/{id}/standings.csv"), None).expect(200);
    assert!(csv.headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(csv.text.contains("'=1+1"), "{}", csv.text);
    assert!(!csv.text.contains(",=1+1"), "{}", csv.text);
}

#[test]
fn scheduled_and_timed_events() {
    let store = Store::new();
    let server = Server::start(&store);
    let api = Api::new(&server);
    let (id, org, v) = api.create(
        &duplicate(1),
        json!({"opens": "2099-01-01T00:00:00Z", "closes": "2099-01-02T00:00:00Z"}),
    );
    assert_eq!(v["event"]["state"], "scheduled");
    assert_eq!(v["event"]["opens"], "2099-01-01T00:00:00Z");
    assert_eq!(
        api.post(&format!("/api/events/{id}/entries"), None, &json!({"name": "Ann"}))
            .expect(403)
            .code(),
        "event-not-open"
    );
    api.post(
        &format!("/api/events/{id}/extend"),
        Some(&org),
        &json!({"closes": "2098-01-01T00:00:00Z"}),
    )
    .expect(422);
    // Test cases cannot be sealed.
    let tc = engine::contest::Event::new(engine::contest::Settings {
        deals: engine::contest::Deals::TestCases {
            players: 8,
            top: 3,
            seeds: vec![1, 2],
        },
        ..duplicate(2).settings()
    })
    .unwrap();
    assert_eq!(
        api.post("/api/events", None, &json!({"event": tc.code()}))
            .expect(422)
            .code(),
        "test-cases"
    );
    // A full event.
    let (id, _, _) = api.create(&duplicate(1), json!({"max_entrants": 1}));
    api.enter(&id, "Ann");
    assert_eq!(
        api.post(&format!("/api/events/{id}/entries"), None, &json!({"name": "Bob"}))
            .expect(403)
            .code(),
        "event-full"
    );
}

#[test]
fn the_daily_contest_is_made_once_a_day() {
    let store = Store::new();
    let server = Server::start(&store);
    let api = Api::new(&server);
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as f64;
    let today = engine::Date::of_unix_ms(ms).unwrap().to_string();
    let a = api.get(&format!("/api/daily/{today}"), None).expect(200).json();
    let b = api.get(&format!("/api/daily/{today}"), None).expect(200).json();
    assert_eq!(a["id"], b["id"]);
    assert_eq!(a["daily"], today);
    assert_eq!(a["boards"], 6);
    assert_eq!(a["state"], "open");
    assert!(a["secret"].is_null());
    let id = a["id"].as_str().unwrap();
    // A name of this run's own: a database kept between runs has the day's event.
    let key = api.enter(id, &format!("Ann{}", std::process::id()));
    let v = api.board(id, &key, 1);
    assert_eq!(v["seat"], "landlord");
    api.get("/api/daily/2001-01-01", None).expect(404);
}

#[test]
fn a_full_ai_queue_answers_503_with_retry_after() {
    let store = Store::new();
    let mut server = Server::with_args(
        &store,
        &[
            "--ai-workers",
            "1",
            "--ai-queue",
            "1",
            "--rate-per-ip",
            "100000",
            "--rate-per-key",
            "100000",
        ],
    );
    let api = Api::new(&server);
    let (id, _, _) = api.create(&duplicate(1), json!({}));
    let keys: Vec<String> = (0..6).map(|i| api.enter(&id, &format!("P{i}"))).collect();
    server.restart_with_env(&[("DDZ_TEST_AI_DELAY_MS", "400")]);
    let statuses: Vec<(u16, Option<String>)> = std::thread::scope(|s| {
        let hs: Vec<_> = keys
            .iter()
            .map(|k| {
                let api = Api::new(&server);
                let id = id.clone();
                s.spawn(move || {
                    let a = api.get(&format!("/api/events/{id}/entry/boards/1"), Some(k));
                    let retry = a.headers.get("retry-after").map(|v| v.to_str().unwrap().to_string());
                    (a.status, retry)
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(statuses.iter().all(|(s, _)| *s == 200 || *s == 503), "{statuses:?}");
    assert!(statuses.iter().any(|(s, _)| *s == 503), "{statuses:?}");
    assert!(statuses.iter().any(|(s, _)| *s == 200), "{statuses:?}");
    assert!(statuses.iter().filter(|(s, _)| *s == 503).all(|(_, r)| r.is_some()));
}

#[test]
fn cors_allows_only_the_sites_origin_and_the_site_is_served() {
    let store = Store::new();
    let dir = std::env::temp_dir().join(format!("ddz-site-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>ddz</title>").unwrap();
    let server = Server::with_args(
        &store,
        &[
            "--site",
            dir.to_str().unwrap(),
            "--public-url",
            "https://ddz.example.org/",
        ],
    );
    let client = common::client();
    let page = client.get(server.url("/")).send().unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().unwrap().contains("<title>ddz</title>"));
    let ask = |origin: &str| {
        client
            .request(reqwest::Method::OPTIONS, server.url("/api/events"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .send()
            .unwrap()
            .headers()
            .get("access-control-allow-origin")
            .map(|v| v.to_str().unwrap().to_string())
    };
    assert_eq!(
        ask("https://ddz.example.org").as_deref(),
        Some("https://ddz.example.org")
    );
    // Another origin is never allowed (the header names only the site's, which a browser refuses to match).
    let evil = ask("https://evil.example.com");
    assert!(
        evil.is_none() || evil.as_deref() == Some("https://ddz.example.org"),
        "{evil:?}"
    );
    let api = Api::new(&server);
    let (_, _, v) = api.create(&duplicate(1), json!({}));
    assert!(v["link"]
        .as_str()
        .unwrap()
        .starts_with("https://ddz.example.org/#/contest?online="));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn forwarded_addresses_are_believed_only_with_the_flag() {
    let store = Store::new();
    let server = Server::with_args(&store, &["--trust-forwarded-for", "--rate-per-ip", "1"]);
    let client = common::client();
    let get = |xff: &str| {
        client
            .get(server.url("/api/health"))
            .header("x-forwarded-for", xff)
            .send()
            .unwrap()
            .status()
            .as_u16()
    };
    // Ten a client's burst, then 429; other (forwarded) clients are not held back.
    let same: Vec<u16> = (0..30).map(|_| get("192.0.2.1")).collect();
    assert!(same.contains(&429), "{same:?}");
    let others: Vec<u16> = (0..30).map(|i| get(&format!("203.0.113.9, 198.51.100.{i}"))).collect();
    assert!(others.iter().all(|&s| s == 200), "{others:?}");
}
