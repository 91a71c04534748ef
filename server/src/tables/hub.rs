//! How a change at a table reaches its viewers. Each instance keeps a
//! watch per table that has viewers here; a change bumps it, and every
//! socket and the table's driver look again. With PostgreSQL the change
//! is a NOTIFY on `ddz_tables` that every instance LISTENs to, its own
//! included, so viewers on other instances hear it too; with SQLite (one
//! instance) it is bumped in process.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::watch;

use crate::db::{Db, Kind};

/// The channel the instances NOTIFY and LISTEN on.
const CHANNEL: &str = "ddz_tables";

#[derive(Default)]
pub struct Hub {
    tables: Mutex<HashMap<String, watch::Sender<u64>>>,
}

impl Hub {
    /// A receiver of table `id`'s changes, and whether it is the first on
    /// this instance (its driver must be started).
    pub fn subscribe(&self, id: &str) -> (watch::Receiver<u64>, bool) {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        match tables.get(id) {
            Some(tx) => (tx.subscribe(), false),
            None => {
                let (tx, rx) = watch::channel(0);
                tables.insert(id.to_string(), tx);
                (rx, true)
            }
        }
    }

    /// Whether anyone besides the driver watches table `id` here.
    pub fn watched(&self, id: &str) -> bool {
        let tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables.get(id).is_some_and(|tx| tx.receiver_count() > 1)
    }

    /// Drops table `id`'s watch when nobody is left on it.
    pub fn forget(&self, id: &str) {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        if tables.get(id).is_some_and(|tx| tx.receiver_count() <= 1) {
            tables.remove(id);
        }
    }

    /// Wakes table `id`'s viewers on this instance.
    pub fn bump(&self, id: &str) {
        let tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tx) = tables.get(id) {
            tx.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    fn bump_all(&self) {
        let tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        for tx in tables.values() {
            tx.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Tells every instance that table `id` changed (after the change is
    /// committed).
    pub async fn notify(&self, db: &Db, id: &str) {
        match db.kind {
            Kind::Sqlite => self.bump(id),
            Kind::Postgres => {
                let sent = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(id)
                    .execute(&db.pool)
                    .await;
                if let Err(e) = sent {
                    // The change is stored; viewers see it at their next look.
                    tracing::warn!(error = %e, "NOTIFY failed");
                    self.bump(id);
                }
            }
        }
    }
}

/// Forwards PostgreSQL's notifications to this instance's viewers, for as
/// long as the server runs; after a lost connection it listens again and
/// wakes every table (a change may have been missed).
pub async fn listen(url: String, hub: Arc<Hub>) {
    loop {
        match PgListener::connect(&url).await {
            Ok(mut listener) => match listener.listen(CHANNEL).await {
                Ok(()) => {
                    hub.bump_all();
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(note)) => hub.bump(note.payload()),
                            // Reconnected: what was sent meanwhile is lost.
                            Ok(None) => hub.bump_all(),
                            Err(e) => {
                                tracing::warn!(error = %e, "LISTEN failed: listening again");
                                break;
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "LISTEN failed"),
            },
            Err(e) => tracing::warn!(error = %e, "LISTEN could not connect"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
