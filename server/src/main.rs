//! `ddz-server`: online contests whose hands stay on the server. The
//! static site needs none of it; see docs/server.md.

mod api;
mod db;
mod error;
mod keys;
mod limits;
mod pool;
mod store;
mod tables;
mod view;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;
use tracing::info;

/// The ddz server: online contests whose hands stay hidden, refereed move
/// by move (docs/server.md).
#[derive(Parser, Debug, Clone)]
#[command(name = "ddz-server", version, about, long_about = None)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "DDZ_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Database: sqlite://FILE (created if missing) or postgres://USER@HOST/DB.
    #[arg(long, env = "DDZ_DATABASE", default_value = "sqlite://ddz-server.db")]
    pub database: String,
    /// The built site (trunk build's dist/), served at /. Without it only
    /// the API is served.
    #[arg(long, env = "DDZ_SITE")]
    pub site: Option<PathBuf>,
    /// Threads for AI work (opponents' replies, dealing, fields, scoring);
    /// default: the number of cores.
    #[arg(long, env = "DDZ_AI_WORKERS")]
    pub ai_workers: Option<usize>,
    /// AI jobs that may wait for a thread; beyond them a request gets 503
    /// with Retry-After.
    #[arg(long, env = "DDZ_AI_QUEUE", default_value_t = 256)]
    pub ai_queue: usize,
    /// The site's public address, for event links and CORS
    /// (https://ddz.example.org); default: http://LISTEN.
    #[arg(long, env = "DDZ_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Take the client's address from the last X-Forwarded-For entry (only
    /// behind your own reverse proxy).
    #[arg(long, env = "DDZ_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// Requests per second allowed from one address (burst: ten times as many).
    #[arg(long, env = "DDZ_RATE_PER_IP", default_value_t = 50)]
    pub rate_per_ip: u32,
    /// Requests per second allowed with one key (burst: ten times as many).
    #[arg(long, env = "DDZ_RATE_PER_KEY", default_value_t = 20)]
    pub rate_per_key: u32,
    /// Seconds a request may take before it is answered 408.
    #[arg(long, env = "DDZ_REQUEST_TIMEOUT", default_value_t = 60)]
    pub request_timeout: u64,
    /// Milliseconds an AI waits before acting at a table, so people see
    /// the play come.
    #[arg(long, env = "DDZ_TABLE_AI_PAUSE_MS", default_value_t = 600)]
    pub table_ai_pause_ms: u64,
    /// Log format: text or json.
    #[arg(long, env = "DDZ_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub log_format: String,
}

fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    init_tracing(&config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(run(config))
}

fn init_tracing(format: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("DDZ_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    let db = db::Db::connect(&config.database).await?;
    let workers = config
        .ai_workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let delay = std::env::var("DDZ_TEST_AI_DELAY_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(std::time::Duration::ZERO, std::time::Duration::from_millis);
    let pool = pool::AiPool::new(workers, config.ai_queue.max(1), delay);
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", config.listen))
        .trim_end_matches('/')
        .to_string();
    let hub = Arc::new(tables::hub::Hub::default());
    if db.backend == db::Backend::Postgres {
        tokio::spawn(tables::hub::listen(config.database.clone(), hub.clone()));
    }
    let state = Arc::new(api::AppState {
        db,
        hub,
        table_ai_pause: std::time::Duration::from_millis(config.table_ai_pause_ms.min(10_000)),
        pool,
        public_url,
        limiter: limits::Limiter::new(config.rate_per_ip, config.rate_per_key),
        trust_forwarded_for: config.trust_forwarded_for,
    });
    let app = api::router(state.clone(), &config);
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    info!(
        listen = %listener.local_addr()?,
        database = state.db.backend.name(),
        ai_workers = workers,
        ai_queue = config.ai_queue,
        "ddz-server listening"
    );
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    info!("shut down: in-flight requests finished");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    info!("signal received: finishing in-flight requests");
}
