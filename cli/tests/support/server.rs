//! A real `ddz-server` process for the CLI's server tests: started on a
//! free loopback port with a fresh SQLite database in a folder of its
//! own, waited for until `/api/health` answers, killed when dropped.
//!
//! The binary is `DDZ_SERVER_BIN`, else the workspace's own build beside
//! the test (`target/debug/ddz-server`; `cargo test --workspace` builds it,
//! or `cargo build -p ddz-server`).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server binary under test.
pub fn server_binary() -> PathBuf {
    if let Ok(bin) = std::env::var("DDZ_SERVER_BIN") {
        return PathBuf::from(bin);
    }
    // This test is target/PROFILE/deps/NAME-HASH; the server is target/PROFILE/ddz-server.
    let exe = std::env::current_exe().expect("the test's own path");
    let bin = exe
        .parent()
        .and_then(|deps| deps.parent())
        .map(|profile| profile.join("ddz-server"))
        .expect("the target folder");
    assert!(
        bin.exists(),
        "{} is not built: run `cargo build -p ddz-server` (cargo test --workspace builds it), or set DDZ_SERVER_BIN",
        bin.display()
    );
    // `cargo test -p ddz-cli` alone does not build the server: a binary
    // older than its sources would test yesterday's server.
    let built = bin.metadata().and_then(|m| m.modified()).expect("the binary's time");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../server");
    let manifest = root.join("Cargo.toml");
    let manifest_newer = manifest
        .metadata()
        .and_then(|m| m.modified())
        .is_ok_and(|m| m > built)
        .then_some(manifest);
    if let Some(newer) = manifest_newer.or_else(|| newer_than(&root.join("src"), built)) {
        panic!(
            "{} is older than {}: run `cargo build -p ddz-server` (or cargo test --workspace)",
            bin.display(),
            newer.display()
        );
    }
    bin
}

/// A file under `dir` changed after `time`.
fn newer_than(dir: &std::path::Path, time: std::time::SystemTime) -> Option<PathBuf> {
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        let meta = entry.metadata().ok()?;
        if meta.is_dir() {
            if let Some(p) = newer_than(&path, time) {
                return Some(p);
            }
        } else if meta.modified().is_ok_and(|m| m > time) {
            return Some(path);
        }
    }
    None
}

/// A running server.
pub struct Server {
    child: Child,
    pub url: String,
    pub dir: PathBuf,
}

impl Server {
    /// A server on a fresh database, with `extra` flags.
    pub fn start(name: &str, extra: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("ddz-server-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a test folder");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let listen = format!("127.0.0.1:{port}");
        let database = format!("sqlite://{}", dir.join("ddz.db").display());
        let log = std::fs::File::create(dir.join("server.log")).expect("a log file");
        let child = Command::new(server_binary())
            .args(["--listen", &listen, "--database", &database])
            .args(extra)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("ddz-server starts");
        let mut server = Server {
            child,
            url: format!("http://{listen}"),
            dir,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = server.child.try_wait().expect("the server's status") {
                panic!("ddz-server exited at start ({status}): {}", server.log());
            }
            if get(port, "/api/health").is_some_and(|(status, body)| status == 200 && body.contains("\"ok\"")) {
                return server;
            }
            assert!(
                Instant::now() < deadline,
                "ddz-server never answered /api/health: {}",
                server.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// What the server logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A plain GET over loopback: the status and body, or None if nobody answers.
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply).ok()?;
    let status = reply.split_whitespace().nth(1)?.parse().ok()?;
    let body = reply.split_once("\r\n\r\n").map(|(_, b)| b.to_string())?;
    Some((status, body))
}
