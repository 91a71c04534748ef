//! The database: SQLite (default; WAL, synchronous=FULL, foreign keys) or
//! PostgreSQL, through sqlx's `Any` driver with one set of migrations
//! (server/migrations) that both read. Every query uses `$N` parameters,
//! which both drivers take.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};
use tokio::sync::{Mutex, MutexGuard};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// SQLite has one writer at a time: this instance's write transactions
    /// take turns here instead of failing with SQLITE_BUSY.
    write: Mutex<()>,
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Db {
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let (backend, url) = if let Some(rest) = url.strip_prefix("sqlite:") {
            // Create the file if missing unless the URL says otherwise.
            let url = if rest.contains("mode=") {
                url.to_string()
            } else if rest.contains('?') {
                format!("{url}&mode=rwc")
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, url)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            anyhow::bail!("--database: '{url}' is neither sqlite://FILE nor postgres://…");
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(Db {
            pool,
            backend,
            write: Mutex::new(()),
        })
    }

    /// Held for the length of a write transaction (SQLite only).
    pub async fn write_turn(&self) -> Option<MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.write.lock().await),
            Backend::Postgres => None,
        }
    }
}

/// Whether a database error is a unique-key violation (a repeated or
/// concurrent request lost the race).
pub fn is_conflict(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => d.is_unique_violation(),
        _ => false,
    }
}
