//! How a change at a table reaches its viewers. Each instance keeps two
//! watches per table that has viewers here: a change bumps the first, and
//! the table's driver reads the table once and publishes it on the second,
//! from which every socket builds its viewer's frame. With PostgreSQL the change
//! is a NOTIFY on `ddz_tables` that every instance LISTENs to, its own
//! included, so viewers on other instances hear it too; with SQLite (one
//! instance) it is bumped in process.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::watch;

use super::store::Loaded;
use crate::db::{Backend, Db};

/// The channel the instances NOTIFY and LISTEN on.
const CHANNEL: &str = "ddz_tables";

/// The table as last read, for the sockets.
pub type Snapshot = Option<Arc<Loaded>>;

/// One table's watches.
struct Watches {
    /// Bumped on every change: the driver's.
    changes: watch::Sender<u64>,
    /// The table as the driver last read it: the sockets'.
    snapshot: watch::Sender<Snapshot>,
}

#[derive(Default)]
pub struct Hub {
    tables: Mutex<HashMap<String, Watches>>,
}

/// A new socket's watch of a table, and the changes its driver must
/// follow if it is the first here (the driver must then be started).
pub struct Subscribed {
    pub snapshot: watch::Receiver<Snapshot>,
    pub driver: Option<watch::Receiver<u64>>,
}

impl Hub {
    fn tables(&self) -> std::sync::MutexGuard<'_, HashMap<String, Watches>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A socket's watch of table `id`.
    pub fn subscribe(&self, id: &str) -> Subscribed {
        let mut tables = self.tables();
        match tables.get(id) {
            Some(w) => Subscribed {
                snapshot: w.snapshot.subscribe(),
                driver: None,
            },
            None => {
                let (changes, driver) = watch::channel(0);
                let (snapshot, rx) = watch::channel(None);
                tables.insert(id.to_string(), Watches { changes, snapshot });
                Subscribed {
                    snapshot: rx,
                    driver: Some(driver),
                }
            }
        }
    }

    /// Whether a socket on this instance watches table `id`.
    pub fn watched(&self, id: &str) -> bool {
        self.tables().get(id).is_some_and(|w| w.snapshot.receiver_count() > 0)
    }

    /// Drops table `id`'s watches when no socket is left on it.
    pub fn forget(&self, id: &str) {
        let mut tables = self.tables();
        if tables.get(id).is_some_and(|w| w.snapshot.receiver_count() == 0) {
            tables.remove(id);
        }
    }

    /// Publishes table `id` as read, if it changed since the last time.
    pub fn publish(&self, id: &str, loaded: Arc<Loaded>) {
        if let Some(w) = self.tables().get(id) {
            w.snapshot.send_if_modified(|now| {
                let changed = now.as_ref().is_none_or(|old| old.version() != loaded.version());
                if changed {
                    *now = Some(loaded);
                }
                changed
            });
        }
    }

    /// Wakes table `id`'s driver on this instance.
    pub fn bump(&self, id: &str) {
        if let Some(w) = self.tables().get(id) {
            w.changes.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    fn bump_all(&self) {
        for w in self.tables().values() {
            w.changes.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Tells every instance that table `id` changed (after the change is
    /// committed).
    pub async fn notify(&self, db: &Db, id: &str) {
        match db.backend {
            Backend::Sqlite => self.bump(id),
            Backend::Postgres => {
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
