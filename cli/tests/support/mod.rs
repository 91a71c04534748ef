//! Running the built `ddz` the way the CLI's test files do: every run has a
//! deadline, so a hang fails its test instead of blocking the suite, and a
//! panic or a signal fails it too. `DDZ_BIN=/path/to/ddz` runs a suite
//! against another binary (an older build, to see its tests fail there).

// Each test file is its own crate and uses part of this module.
#![allow(dead_code)]

pub mod server;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The binary under test.
pub fn binary() -> String {
    std::env::var("DDZ_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ddz").to_string())
}

/// Where a stream of the child goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sink {
    /// Read by the test.
    Read,
    /// A pipe whose read end is closed (`ddz ... | head` after head left).
    Closed,
    /// /dev/full: every write fails with "no space left".
    Full,
}

/// What to run.
pub struct Job<'a> {
    pub args: &'a [&'a str],
    pub env: &'a [(&'a str, &'a str)],
    pub stdin: Vec<u8>,
    pub stdout: Sink,
    pub stderr: Sink,
    pub limit: Duration,
    /// `ulimit -v` in KiB, so an unbounded read fails instead of taking the machine.
    pub memory_kib: Option<u64>,
}

impl<'a> Job<'a> {
    /// `ddz args`: no input, both streams read, 60 s.
    pub fn new(args: &'a [&'a str]) -> Job<'a> {
        Job {
            args,
            env: &[],
            stdin: Vec::new(),
            stdout: Sink::Read,
            stderr: Sink::Read,
            limit: Duration::from_secs(60),
            memory_kib: None,
        }
    }
}

/// How a run ended.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// Wall time from the start to the exit.
    pub seconds: f64,
}

impl Run {
    pub fn ms(&self) -> f64 {
        self.seconds * 1000.0
    }
}

fn stdio(sink: Sink) -> Stdio {
    match sink {
        Sink::Read | Sink::Closed => Stdio::piped(),
        Sink::Full => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        ),
    }
}

/// Reads a stream in a thread, so a full pipe never blocks the clock.
fn reader(stream: Option<impl Read + Send + 'static>, sink: Sink) -> JoinHandle<Vec<u8>> {
    // A closed sink's read end is dropped here, before the child writes.
    let stream = if sink == Sink::Read { stream } else { None };
    std::thread::spawn(move || {
        let mut s = Vec::new();
        if let Some(mut stream) = stream {
            let _ = stream.read_to_end(&mut s);
        }
        s
    })
}

/// Runs the job; a hang past its limit, a signal or a panic fails the test.
pub fn run_job(job: &Job) -> Run {
    let mut command = match job.memory_kib {
        Some(kib) => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                .arg(binary());
            c
        }
        None => Command::new(binary()),
    };
    // A suite run inside a Slurm or Kubernetes job must not take that job's
    // task for the test's.
    command
        .args(job.args)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX");
    for (k, v) in job.env {
        command.env(k, v);
    }
    let started = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(stdio(job.stdout))
        .stderr(stdio(job.stderr))
        .spawn()
        .expect("run ddz");
    let out_reader = reader(child.stdout.take(), job.stdout);
    let err_reader = reader(child.stderr.take(), job.stderr);
    let mut input = child.stdin.take().expect("stdin");
    let bytes = job.stdin.clone();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let args = job.args;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > job.limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ddz {args:?} hung: no answer within {:?}", job.limit);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let seconds = started.elapsed().as_secs_f64();
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    let code = status
        .code()
        .unwrap_or_else(|| panic!("ddz {args:?} was killed by a signal ({status}): {stderr}"));
    assert!(!stderr.contains("panicked"), "ddz {args:?} panicked: {stderr}");
    assert_ne!(code, 101, "ddz {args:?} panicked (101): {stderr}");
    Run {
        code,
        stdout,
        stderr,
        seconds,
    }
}

/// `run`, held to end in an answer (0) or a refusal (2), never another code.
pub fn answered(args: &[&str], run: Run) -> Run {
    assert!(
        run.code == 0 || run.code == 2,
        "ddz {args:?} exited with {}: {}",
        run.code,
        run.stderr
    );
    run
}

/// `ddz args` within 60 s.
pub fn run(args: &[&str]) -> Run {
    run_job(&Job::new(args))
}

/// `ddz args --json` (the flag added when missing), which must succeed: its JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    if !all.contains(&"--json") {
        all.push("--json");
    }
    let out = run(&all);
    assert_eq!(out.code, 0, "ddz {all:?}: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("ddz {all:?}: not JSON ({e}): {}", out.stdout))
}

/// `ddz args`, refused: exit code 2, with `needle` in the message on stderr.
pub fn fails_with(args: &[&str], needle: &str) -> Run {
    let out = run(args);
    assert_eq!(out.code, 2, "ddz {args:?} should fail: {}", out.stdout);
    assert!(
        out.stderr.contains(needle),
        "ddz {args:?}: expected {needle:?} in {:?}",
        out.stderr
    );
    out
}
