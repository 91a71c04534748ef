//! The files around `ddz library build --out` and every library read
//! (issue 50): a build never touches a file it did not make, never shrinks
//! a library, refuses an `--out` that is not a regular file (or sits in a
//! folder it cannot write) before any work, and a library read is bounded
//! in bytes and memory. Every run has a deadline. `DDZ_BIN` runs the suite
//! against another binary (an older build, to see these tests fail there).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const JOURNAL: &str = ".ddz-build-journal";

mod support;
use support::{answered, binary, run_job, Job, Run};

/// Runs `ddz args`, killed (and the test failed) after `limit`; with
/// `memory_kib`, under that cap on its address space (`ulimit -v`). Every
/// run ends in an answer (0) or a refusal (2).
fn run_capped(args: &[&str], limit: Duration, memory_kib: Option<u64>) -> Run {
    answered(
        args,
        run_job(&Job {
            limit,
            memory_kib,
            ..Job::new(args)
        }),
    )
}

fn run(args: &[&str]) -> Run {
    run_capped(args, Duration::from_secs(60), None)
}

/// `ddz library build` of `deals` deals from `seed` into `out` with the
/// cheapest settings, and `extra` flags.
fn build_args<'a>(deals: &'a str, seed: &'a str, out: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "library",
        "build",
        "--deals",
        deals,
        "--seed",
        seed,
        "--games",
        "1",
        "--panel",
        "quick",
        "--par-nodes",
        "0",
        "--out",
        path(out),
    ];
    args.extend_from_slice(extra);
    args
}

/// Builds and expects success; its `--json` report.
fn build(deals: &str, seed: &str, out: &Path) -> Value {
    let r = run(&build_args(deals, seed, out, &["--json"]));
    assert_eq!(r.code, 0, "build into {} failed: {}", out.display(), r.stderr);
    serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {}", r.stdout))
}

/// `args` is refused (exit 2) within a few seconds, every needle on stderr.
/// The builds refused here ask for a million deals, so one that started
/// the work would miss the deadline instead of passing.
fn refused_at_once(args: &[&str], needles: &[&str]) -> Run {
    let r = run_capped(args, Duration::from_secs(20), None);
    assert_eq!(r.code, 2, "ddz {args:?} should be refused; stdout {}", r.stdout);
    for needle in needles {
        assert!(
            r.stderr.contains(needle),
            "ddz {args:?}: expected {needle:?} in {:?}",
            r.stderr
        );
    }
    println!("refused in {:.3} s: {}", r.seconds, r.stderr.trim());
    r
}

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-libfiles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// The names in `dir`.
fn names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn a_users_tmp_files_next_to_out_survive_a_build() {
    let dir = folder("tmp");
    let out = dir.join("lib.json");
    // The old build wrote (and renamed) OUT with the extension .tmp.
    for name in ["lib.tmp", "lib.json.tmp"] {
        std::fs::write(dir.join(name), format!("{name}: my own notes\n")).expect("write");
    }
    build("3", "0", &out);
    for name in ["lib.tmp", "lib.json.tmp"] {
        assert_eq!(
            std::fs::read_to_string(dir.join(name)).ok(),
            Some(format!("{name}: my own notes\n")),
            "{name} was changed"
        );
    }
    // Nothing of the build's is left behind: no temporary file, no journal.
    assert_eq!(names(&dir), set(&["lib.json", "lib.tmp", "lib.json.tmp"]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_at_the_journals_name_that_is_not_a_journal_is_refused_and_kept() {
    let dir = folder("foreign");
    let out = dir.join("lib.json");
    let journal = dir.join(format!("lib.json{JOURNAL}"));
    let contents: [&[u8]; 3] = [
        b"my notes, not a journal\n",
        // The old journal's header line: a journal, but not marked as ours.
        b"{\"build\":{\"panel\":\"quick\",\"games\":1,\"par_nodes\":0}}\n",
        b"",
    ];
    for content in contents {
        std::fs::write(&journal, content).expect("write");
        let r = refused_at_once(&build_args("1000000", "0", &out, &[]), &[path(&journal)]);
        assert!(r.stderr.contains("not a journal"), "{}", r.stderr);
        assert_eq!(bytes(&journal), content, "the file at the journal's name was changed");
        assert_eq!(names(&dir), set(&["lib.json.ddz-build-journal"]));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_old_partial_file_is_never_read_or_removed() {
    let dir = folder("partial");
    let out = dir.join("lib.json");
    let partial = dir.join("lib.partial");
    // Whatever it holds: words, or what the old build's journal held.
    let words = b"a file of my own that happens to end in .partial\n".to_vec();
    std::fs::write(&partial, &words).expect("write");
    build("2", "0", &out);
    assert_eq!(bytes(&partial), words, "lib.partial was changed or removed");
    let lib: Value = serde_json::from_slice(&bytes(&out)).expect("JSON");
    std::fs::remove_file(&out).expect("remove");
    // An old journal with an entry of other settings: not read, so no
    // refusal, and not removed.
    let old = format!(
        "{{\"build\":{{\"panel\":\"quick\",\"games\":2}}}}\n{}\n",
        lib["entries"][0]
    );
    std::fs::write(&partial, &old).expect("write");
    let v = build("2", "0", &out);
    assert_eq!(v["built"], 2, "{v}");
    assert_eq!(bytes(&partial), old.as_bytes(), "lib.partial was changed or removed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rebuilding_a_library_with_fewer_deals_is_refused_and_keeps_it() {
    let dir = folder("shrink");
    let out = dir.join("lib.json");
    build("10", "0", &out);
    let before = bytes(&out);
    let r = refused_at_once(&build_args("3", "0", &out, &[]), &["10 deals", "drop 7"]);
    assert!(r.stderr.contains("--out"), "{}", r.stderr);
    refused_at_once(&build_args("10", "5", &out, &[]), &["10 deals", "drop 5"]);
    assert_eq!(bytes(&out), before, "the library was changed");
    assert_eq!(names(&dir), set(&["lib.json"]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extending_a_library_equals_a_fresh_build() {
    let dir = folder("extend");
    let fresh = dir.join("fresh.json");
    build("10", "0", &fresh);
    // Up: seeds 0..=2, then 0..=9.
    let up = dir.join("up.json");
    build("3", "0", &up);
    let v = build("10", "0", &up);
    assert_eq!((v["deals"].as_u64(), v["built"].as_u64()), (Some(10), Some(7)), "{v}");
    assert!(
        bytes(&up) == bytes(&fresh),
        "an extended library differs from a fresh one"
    );
    // Down: seeds 5..=9, then 0..=9.
    let down = dir.join("down.json");
    build("5", "5", &down);
    let v = build("10", "0", &down);
    assert_eq!(v["built"], 5, "{v}");
    assert!(
        bytes(&down) == bytes(&fresh),
        "an extended library differs from a fresh one"
    );
    assert_eq!(names(&dir), set(&["down.json", "fresh.json", "up.json"]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_out_that_is_not_a_regular_file_is_refused_before_any_work() {
    let dir = folder("kinds");
    let target = dir.join("target.json");
    build("2", "0", &target);
    let library = bytes(&target);
    // A symbolic link to a library of the same settings, and one to nowhere.
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let dangling = dir.join("dangling.json");
    std::os::unix::fs::symlink(dir.join("nowhere.json"), &dangling).expect("symlink");
    for l in [&link, &dangling] {
        refused_at_once(&build_args("1000000", "0", l, &[]), &["--out", "symbolic link"]);
        assert!(std::fs::symlink_metadata(l).expect("link").file_type().is_symlink());
    }
    assert_eq!(std::fs::read_link(&link).ok(), Some(target.clone()));
    assert_eq!(bytes(&target), library, "the link's target was changed");
    // A device.
    if Path::new("/dev/null").exists() {
        refused_at_once(
            &build_args("1000000", "0", Path::new("/dev/null"), &[]),
            &["--out", "/dev/null", "not a regular file"],
        );
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata("/dev/null")
            .expect("/dev/null")
            .file_type()
            .is_char_device());
    }
    // A folder.
    refused_at_once(&build_args("1000000", "0", &dir, &[]), &["--out", "is a directory"]);
    assert_eq!(names(&dir), set(&["dangling.json", "link.json", "target.json"]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether a file can be created in `dir` (permission bits do not stop
/// root, so a read-only folder is only read-only to others).
fn writable(dir: &Path) -> bool {
    let probe = dir.join(format!("ddz-test-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            true
        }
        Err(_) => false,
    }
}

#[test]
fn an_out_in_a_folder_that_cannot_be_written_is_refused_before_any_work() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("readonly");
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).expect("folder");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    // As root the bits do not hold: then /sys, which refuses new files.
    let folder = [locked.clone(), PathBuf::from("/sys")]
        .into_iter()
        .find(|d| d.is_dir() && !writable(d));
    match folder {
        Some(folder) => {
            let out = folder.join("lib.json");
            refused_at_once(
                &build_args("1000000", "0", &out, &[]),
                &["--out", path(&folder), "cannot write"],
            );
            assert!(!out.exists());
        }
        None => println!("skipped: no folder here refuses a new file"),
    }
    let _ = std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_oversized_library_file_is_refused_at_once_with_the_bound() {
    let dir = folder("oversized");
    let big = dir.join("big.json");
    // A sparse file one byte past what a library of the most deals can hold.
    let bound = engine::lab::library::MAX_LIBRARY_BYTES;
    let file = std::fs::File::create(&big).expect("create");
    file.set_len(bound + 1).expect("sparse file");
    drop(file);
    let select = [
        "select",
        "--library",
        path(&big),
        "--players",
        "20",
        "--rounds",
        "3",
        "--top",
        "2",
    ];
    // A gross cap: refusing must not read the file into memory.
    let r = run_capped(&select, Duration::from_secs(20), Some(1 << 20));
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(&bound.to_string()),
        "the bound is not stated: {}",
        r.stderr
    );
    println!("refused in {:.3} s: {}", r.seconds, r.stderr.trim());
    let r = run_capped(
        &build_args("1000000", "0", &big, &[]),
        Duration::from_secs(20),
        Some(1 << 20),
    );
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(&bound.to_string()),
        "the bound is not stated: {}",
        r.stderr
    );
    assert_eq!(std::fs::metadata(&big).expect("big").len(), bound + 1);
    assert_eq!(names(&dir), set(&["big.json"]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_library_with_a_huge_entry_is_refused_in_little_memory() {
    let dir = folder("huge-entry");
    let huge = dir.join("huge.json");
    // 150 MB: one entry whose counts run on for 75 million numbers.
    let mut f = std::io::BufWriter::new(std::fs::File::create(&huge).expect("create"));
    write!(
        f,
        "{{\"panel\":\"quick\",\"games\":1,\"entries\":[{{\"seed\":0,\"deal\":\"x\",\"scores\":[-2,-1,1,2],\"counts\":["
    )
    .expect("write");
    let chunk = "0,".repeat(1_000_000);
    for _ in 0..75 {
        f.write_all(chunk.as_bytes()).expect("write");
    }
    f.write_all(b"0],\"gdi\":[]}]}").expect("write");
    f.flush().expect("flush");
    drop(f);
    let select = [
        "select",
        "--library",
        path(&huge),
        "--players",
        "20",
        "--rounds",
        "3",
        "--top",
        "2",
    ];
    let r = run_capped(&select, Duration::from_secs(30), Some(1 << 20));
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("counts"), "{}", r.stderr);
    println!("refused in {:.3} s: {}", r.seconds, r.stderr.trim());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_build_resumes_from_its_journal_to_the_same_bytes() {
    let dir = folder("resume");
    let fresh = dir.join("fresh.json");
    let deals = "3000";
    build(deals, "0", &fresh);
    let out = dir.join("lib.json");
    let journal = dir.join(format!("lib.json{JOURNAL}"));
    let mut child = Command::new(binary())
        .args(build_args(deals, "0", &out, &[]))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run ddz");
    // Killed once its journal holds some entries (its header and 20 lines).
    let started = Instant::now();
    loop {
        let lines = std::fs::read(&journal).map(|b| b.iter().filter(|&&c| c == b'\n').count());
        if lines.is_ok_and(|n| n > 20) {
            break;
        }
        assert!(
            child.try_wait().expect("wait").is_none(),
            "the build ended before it could be interrupted"
        );
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no journal at {}",
            journal.display()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().expect("kill");
    let _ = child.wait();
    assert!(!out.exists());
    let text = std::fs::read_to_string(&journal).expect("journal");
    assert!(
        text.starts_with("{\"ddz_library_build_journal\""),
        "{}",
        &text[..text.len().min(200)]
    );
    let v = build(deals, "0", &out);
    let built = v["built"].as_u64().expect("built");
    assert!(built < 3000, "the journal's entries were built again: {v}");
    println!("resumed: {built} of 3000 built after the interrupt");
    assert!(
        bytes(&out) == bytes(&fresh),
        "a resumed build differs from an uninterrupted one"
    );
    assert_eq!(names(&dir), set(&["fresh.json", "lib.json"]));
    let _ = std::fs::remove_dir_all(&dir);
}
