//! Isolation: an entry key opens only its own entry of its own event; an
//! organiser key acts only on its own event; keys of one kind do nothing
//! where the other is needed; forged keys do nothing.

mod common;

use common::{duplicate, Api, Server, Store};
use serde_json::json;

#[test]
fn keys_open_only_what_is_theirs() {
    let store = Store::new();
    let server = Server::start(&store);
    let api = Api::new(&server);
    let (e1, org1, _) = api.create(&duplicate(2), json!({}));
    let (e2, org2, _) = api.create(&duplicate(2), json!({}));
    let ann = api.enter(&e1, "Ann");
    let bob = api.enter(&e1, "Bob");
    let cat = api.enter(&e2, "Cat");
    api.play_board(&e1, &bob, 1, false);

    // Each key sees its own entry.
    let a = api
        .get(&format!("/api/events/{e1}/entry"), Some(&ann))
        .expect(200)
        .json();
    assert_eq!(a["name"], "Ann");
    assert_eq!(a["boards"][0]["state"], "unplayed", "Bob's progress is not Ann's");
    // Ann's key on another event, Cat's on this one: 403.
    for (event, key) in [(&e2, &ann), (&e1, &cat), (&e2, &bob)] {
        for path in ["entry", "entry/boards/1"] {
            let code = api
                .get(&format!("/api/events/{event}/{path}"), Some(key))
                .expect(403)
                .code();
            assert_eq!(code, "wrong-key");
        }
        api.post(
            &format!("/api/events/{event}/entry/boards/1/moves"),
            Some(key),
            &json!({"ply": 0, "move": "pass"}),
        )
        .expect(403);
    }
    // Entry keys and the other event's organiser key on organiser actions: 403.
    for key in [&ann, &bob, &org2] {
        api.get(&format!("/api/events/{e1}/organiser"), Some(key)).expect(403);
        api.post(&format!("/api/events/{e1}/close"), Some(key), &json!({}))
            .expect(403);
        api.post(
            &format!("/api/events/{e1}/extend"),
            Some(key),
            &json!({"closes": "2099-01-01T00:00:00Z"}),
        )
        .expect(403);
        api.post(
            &format!("/api/events/{e1}/disqualify"),
            Some(key),
            &json!({"name": "Bob", "reason": "no"}),
        )
        .expect(403);
    }
    api.get(&format!("/api/events/{e1}/standings"), Some(&org2)).expect(403);
    // An organiser key as an entry key: 403.
    api.get(&format!("/api/events/{e1}/entry"), Some(&org1)).expect(403);
    // No key: 401. Forged keys of the right form and malformed ones: 403.
    api.get(&format!("/api/events/{e1}/entry"), None).expect(401);
    api.get(&format!("/api/events/{e1}/organiser"), None).expect(401);
    let forged = format!("ent_{}", "0123456789abcdef".repeat(2));
    for key in [
        forged.as_str(),
        "ent_",
        "org_zz",
        "Bearer",
        "%00",
        &ann[..ann.len() - 1],
    ] {
        api.get(&format!("/api/events/{e1}/entry"), Some(key)).expect(403);
        api.get(&format!("/api/events/{e1}/organiser"), Some(key)).expect(403);
    }
    // Nothing happened to either event: still open, nobody disqualified.
    let o1 = api
        .get(&format!("/api/events/{e1}/organiser"), Some(&org1))
        .expect(200)
        .json();
    assert_eq!(o1["event"]["state"], "open");
    assert!(o1["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["disqualified"].is_null()));
    let o2 = api
        .get(&format!("/api/events/{e2}/organiser"), Some(&org2))
        .expect(200)
        .json();
    assert_eq!(o2["event"]["state"], "open");
    // Export and records before close: 403 for everyone.
    for key in [None, Some(org1.as_str()), Some(ann.as_str())] {
        assert_eq!(
            api.get(&format!("/api/events/{e1}/export"), key).expect(403).code(),
            "event-open"
        );
        api.get(&format!("/api/events/{e1}/records"), key).expect(403);
    }
    // An unknown event: 404.
    api.get("/api/events/zzzzzzzzzzzz", None).expect(404);
    api.get("/api/events/zzzzzzzzzzzz/entry", Some(&ann)).expect(404);

    // The organiser: disqualify Bob (kept with the reason), extend, close.
    let names = ["bob", "BOB", "ｂｏｂ"];
    let d = api
        .post(
            &format!("/api/events/{e1}/disqualify"),
            Some(&org1),
            &json!({"name": names[2], "reason": "shared hands"}),
        )
        .expect(200)
        .json();
    let bob_row = d["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Bob")
        .unwrap()
        .clone();
    assert_eq!(bob_row["disqualified"], "shared hands");
    let s = api.get(&format!("/api/events/{e1}/standings"), None).expect(200).json();
    assert_eq!(s["disqualified"][0]["name"], "Bob");
    api.post(
        &format!("/api/events/{e1}/entry/boards/2/moves"),
        Some(&bob),
        &json!({"ply": 0, "move": "pass"}),
    )
    .expect(403);
    // Names are one after NFKC and case folding.
    for n in names {
        assert_eq!(
            api.post(&format!("/api/events/{e1}/entries"), None, &json!({"name": n}))
                .expect(409)
                .code(),
            "name-taken"
        );
    }
    api.post(
        &format!("/api/events/{e1}/extend"),
        Some(&org1),
        &json!({"closes": "2099-01-01T00:00:00Z"}),
    )
    .expect(200);
    api.post(&format!("/api/events/{e1}/close"), Some(&org1), &json!({}))
        .expect(200);
    assert_eq!(
        api.post(&format!("/api/events/{e1}/entries"), None, &json!({"name": "Dan"}))
            .expect(403)
            .code(),
        "event-closed"
    );
    // The other event is untouched by the first's close.
    let v2 = api.get(&format!("/api/events/{e2}"), None).expect(200).json();
    assert_eq!(v2["state"], "open");
    assert!(v2["secret"].is_null());
    let v1 = api.get(&format!("/api/events/{e1}"), None).expect(200).json();
    assert!(v1["secret"].is_string());
}
