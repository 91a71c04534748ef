//! Two server instances on one PostgreSQL database serve one event: an
//! entrant's moves alternate between them, and both show the same state.
//! Runs when DDZ_TEST_POSTGRES=postgres://… is set (scripts/test starts a
//! throwaway cluster); the rest of the suite then runs against it too.

mod common;

use common::{duplicate, Api, Server, Store};
use serde_json::json;

#[test]
fn two_instances_on_one_postgres_serve_one_event() {
    if common::postgres().is_none() {
        eprintln!("DDZ_TEST_POSTGRES is not set: the two-instance test is skipped");
        return;
    }
    let store = Store::new();
    assert!(store.is_postgres());
    let one = Server::start(&store);
    let two = Server::start(&store);
    let (a, b) = (Api::new(&one), Api::new(&two));
    assert_eq!(a.get("/api/health", None).expect(200).json()["database"], "postgres");
    let (id, org, _) = a.create(&duplicate(2), json!({}));
    let key = b.enter(&id, "Ann");
    // The same name through the other instance: taken.
    assert_eq!(
        a.post(&format!("/api/events/{id}/entries"), None, &json!({"name": "ann"}))
            .expect(409)
            .code(),
        "name-taken"
    );
    for n in 1..=2u8 {
        let mut v = a.board(&id, &key, n);
        let mut turn = 0;
        while !v["over"].as_bool().unwrap() {
            let (this, other) = if turn % 2 == 0 { (&a, &b) } else { (&b, &a) };
            let mv = common::choose(&v);
            let ply = v["ply"].as_u64().unwrap();
            v = this.send_move(&id, &key, n, ply, &mv.to_string()).expect(200).json();
            // The other instance shows the move at once, and applies a repeat once.
            assert_eq!(
                common::without_field(&other.board(&id, &key, n)),
                common::without_field(&v)
            );
            assert_eq!(
                common::without_field(&other.send_move(&id, &key, n, ply, &mv.to_string()).expect(200).json()),
                common::without_field(&v)
            );
            turn += 1;
        }
    }
    b.post(&format!("/api/events/{id}/close"), Some(&org), &json!({}))
        .expect(200);
    let sa = a.get(&format!("/api/events/{id}/standings"), None).expect(200).json();
    let sb = b.get(&format!("/api/events/{id}/standings"), None).expect(200).json();
    assert_eq!(sa, sb);
    assert_eq!(sa["state"], "final");
    assert_eq!(sa["standings"]["entrants"][0]["entrant"], "Ann");
}
