//! The ground around the commands (issue 50): the `--out` files they
//! write, stdout and stderr that cannot be written, model files that are
//! too big or hold NaN, and a thread count out of range. Every run has a
//! deadline and must end with an exit code (never a signal, never a
//! panic's 101).
//!
//! `DDZ_BIN=/path/to/ddz` runs the suite against another build (the
//! release before the fix, to see each case fail).

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

mod support;
use support::{binary, run, run_job, Job, Sink};

/// `args` is refused within `limit`, with and without `--json`: exit code
/// 2, every one of `needles` on stderr and in the `{"error"}` object.
fn refused_within(args: &[&str], limit: Duration, needles: &[&str]) {
    for json in [false, true] {
        let args: Vec<&str> = if json {
            [args, &["--json"]].concat()
        } else {
            args.to_vec()
        };
        let r = run_job(&Job {
            limit,
            ..Job::new(&args)
        });
        assert_eq!(r.code, 2, "ddz {args:?} should be refused: {}", r.stderr);
        let message = if json {
            let v: Value = serde_json::from_str(r.stdout.trim())
                .unwrap_or_else(|e| panic!("ddz {args:?}: stdout is not JSON ({e}): {:?}", r.stdout));
            v["error"]
                .as_str()
                .unwrap_or_else(|| panic!("no error in {v}"))
                .to_string()
        } else {
            r.stderr.clone()
        };
        for needle in needles {
            assert!(
                message.contains(needle),
                "ddz {args:?}: expected {needle:?} in {message:?}"
            );
        }
    }
}

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-ground-io-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// A tiny training run (as in cli.rs) writing to `out`.
fn train_args(out: &str) -> Vec<&str> {
    vec![
        "train-splitter",
        "--games",
        "16",
        "--test-games",
        "4",
        "--epochs",
        "3",
        "--batch",
        "4",
        "--player",
        "heuristic",
        "--seed",
        "5",
        "--out",
        out,
    ]
}

/// Training big enough to take minutes: a refusal within seconds came before it.
fn big_train_args(out: &str) -> Vec<&str> {
    vec!["train-splitter", "--games", "200000", "--player", "L10", "--out", out]
}

/// The model at `model` splits a hand: the file is whole.
fn model_is_whole(model: &Path) {
    let r = run(&[
        "split",
        "33344455566",
        "--method",
        "learned",
        "--model",
        path(model),
        "--json",
    ]);
    assert_eq!(r.code, 0, "the model {} does not load: {}", model.display(), r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim()).expect("JSON");
    assert_eq!(v["method"], "learned", "{v}");
}

const SOON: Duration = Duration::from_secs(10);

#[test]
fn train_splitter_out_that_is_not_a_new_file_is_refused_before_training() {
    let dir = folder("train-out");
    let target = dir.join("mine.txt");
    std::fs::write(&target, "the user's own file\n").unwrap();
    let link = dir.join("link.safetensors");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let dangling = dir.join("dangling.safetensors");
    std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
    let missing = dir.join("no-such-dir").join("m.safetensors");

    refused_within(&big_train_args(path(&link)), SOON, &["--out", "symlink"]);
    refused_within(&big_train_args(path(&dangling)), SOON, &["--out", "symlink"]);
    refused_within(&big_train_args(path(&target)), SOON, &["--out", "already exists"]);
    refused_within(&big_train_args(path(&dir)), SOON, &["--out", "directory"]);
    // A device node of our own (never /dev/null: a build without the fix
    // would replace it). mknod needs root; elsewhere the case is skipped.
    let device = dir.join("null-device");
    let made = Command::new("mknod").arg(&device).args(["c", "1", "3"]).status();
    if made.is_ok_and(|s| s.success()) {
        refused_within(&big_train_args(path(&device)), SOON, &["--out", "device"]);
        assert!(std::fs::symlink_metadata(&device).unwrap().file_type().is_char_device());
    } else {
        eprintln!("skipped the device case: mknod needs root");
    }
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    refused_within(&big_train_args(path(&fifo)), SOON, &["--out", "pipe"]);
    refused_within(
        &big_train_args(path(&missing)),
        SOON,
        &["--out", "no-such-dir", "does not exist"],
    );
    let slash = format!("{}/new/", path(&dir));
    refused_within(&big_train_args(&slash), SOON, &["--out", "names a directory"]);
    // A directory no one may create files in, even root.
    refused_within(
        &big_train_args("/proc/ddz-model.safetensors"),
        SOON,
        &["--out", "/proc", "writ"],
    );

    // Nothing was replaced or created.
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(dangling.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(!dir.join("nowhere").exists());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "the user's own file\n");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let mut left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.retain(|name| name != "null-device");
    assert_eq!(left.len(), 4, "files left in {}: {left:?}", dir.display());
}

#[test]
fn an_unwritable_directory_is_refused_before_work_when_not_root() {
    // Root writes through permission bits, so only /proc (above) tests root.
    let euid = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    if euid.trim_ascii() == b"0" {
        eprintln!("skipped: running as root, where a read-only directory is writable");
        return;
    }
    let dir = folder("read-only");
    let mut perms = std::fs::metadata(&dir).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&dir, perms).unwrap();
    let out = dir.join("m.safetensors");
    refused_within(&big_train_args(path(&out)), SOON, &["--out", "writ"]);
}

#[test]
fn every_out_refuses_a_directory_it_cannot_write_before_working() {
    // puzzles generate and contest enter share the check with train-splitter.
    refused_within(
        &[
            "puzzles",
            "generate",
            "--count",
            "320",
            "--max-deals",
            "10000000",
            "--out",
            "/proc/ddz-p.json",
        ],
        SOON,
        &["--out", "/proc"],
    );
    let dir = folder("enter-out");
    let link = dir.join("result.txt");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    let event = run(&[
        "contest",
        "new",
        "--format",
        "duplicate",
        "--boards",
        "2",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(event.code, 0, "{}", event.stderr);
    let v: Value = serde_json::from_str(event.stdout.trim()).unwrap();
    let code = v["code"].as_str().expect("the event's code").to_string();
    refused_within(
        &[
            "contest",
            "enter",
            &code,
            "--entrant",
            "bot",
            "--player",
            "heuristic",
            "--out",
            path(&link),
        ],
        SOON,
        &["--out", "symlink"],
    );
}

#[test]
fn train_splitter_writes_its_model_whatever_happens_to_stdout_and_stderr() {
    let dir = folder("train-streams");
    for (name, stdout, stderr, code) in [
        ("closed-closed", Sink::Closed, Sink::Closed, 0),
        ("read-closed", Sink::Read, Sink::Closed, 0),
        ("read-full", Sink::Read, Sink::Full, 0),
        // Output that could not be written is exit code 1; the model is still whole.
        ("full-full", Sink::Full, Sink::Full, 1),
    ] {
        let out = dir.join(format!("{name}.safetensors"));
        let args = train_args(path(&out));
        let r = run_job(&Job {
            stdout,
            stderr,
            ..Job::new(&args)
        });
        assert_eq!(r.code, code, "{name}: {}", r.stderr);
        model_is_whole(&out);
        if stdout == Sink::Read {
            assert!(r.stdout.contains("written to"), "{name}: {}", r.stdout);
        }
    }
    // As the issue ran it: `2>&1 | head -1` (both streams on one pipe that
    // closes after the first line).
    let out = dir.join("head.safetensors");
    // pipefail: the pipeline's status is ddz's unless ddz exits 0.
    let script = format!(
        "set -o pipefail; \"$0\" {} 2>&1 | head -1 >/dev/null",
        train_args(path(&out)).join(" ")
    );
    let status = Command::new("bash")
        .arg("-c")
        .arg(script)
        .arg(binary())
        .status()
        .expect("bash");
    assert!(
        matches!(status.code(), Some(0)),
        "ddz ... 2>&1 | head -1 ended with {status}"
    );
    model_is_whole(&out);
}

#[test]
fn an_error_message_on_an_unwritable_stderr_is_no_panic() {
    let bad = ["split", "333", "--method", "learned", "--model", "/no/such/model"];
    let usage = ["split", "--no-such-flag"];
    for args in [&bad[..], &usage[..]] {
        for (stdout, stderr) in [
            (Sink::Read, Sink::Full),
            (Sink::Read, Sink::Closed),
            (Sink::Closed, Sink::Closed),
            (Sink::Full, Sink::Full),
        ] {
            for json in [false, true] {
                let args: Vec<&str> = if json {
                    [args, &["--json"]].concat()
                } else {
                    args.to_vec()
                };
                let r = run_job(&Job {
                    stdout,
                    stderr,
                    ..Job::new(&args)
                });
                assert_eq!(r.code, 2, "ddz {args:?}: {}", r.stdout);
                if json && stdout == Sink::Read {
                    let v: Value = serde_json::from_str(r.stdout.trim()).expect("JSON");
                    assert!(v["error"].is_string(), "{v}");
                }
            }
        }
    }
    // An answer whose reader left: the usual code, quietly.
    let r = run_job(&Job {
        stdout: Sink::Closed,
        ..Job::new(&["split", "33344455566"])
    });
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "a closed stdout is not an error: {}", r.stderr);
}

/// The shipped model, copied to `dir` with `patch` applied to its bytes.
fn patched_model(dir: &Path, name: &str, patch: impl Fn(&mut Vec<u8>)) -> PathBuf {
    let mut bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/splitter.safetensors")).unwrap();
    patch(&mut bytes);
    let out = dir.join(name);
    std::fs::write(&out, bytes).unwrap();
    out
}

/// The first tensor's name and where its data starts, from the header.
fn first_tensor(bytes: &[u8]) -> (String, usize) {
    let n = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
    let header: Value = serde_json::from_slice(&bytes[8..8 + n]).unwrap();
    let (name, _) = header
        .as_object()
        .unwrap()
        .iter()
        .find(|(_, t)| t["data_offsets"][0] == 0)
        .expect("a tensor at offset 0");
    (name.clone(), 8 + n)
}

#[test]
fn a_model_with_nan_or_infinite_weights_names_the_weight_and_the_file() {
    let dir = folder("nan-model");
    let shipped = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/splitter.safetensors")).unwrap();
    let (tensor, data) = first_tensor(&shipped);
    // Weight 2 of the first tensor (f32, little-endian).
    for (name, value, word) in [("nan", f32::NAN, "NaN"), ("inf", f32::INFINITY, "infinite")] {
        let model = patched_model(&dir, &format!("{name}.safetensors"), |b| {
            b[data + 8..data + 12].copy_from_slice(&value.to_le_bytes());
        });
        let weight = format!("weight 2 of {tensor} is {word}");
        refused_within(
            &["split", "33344455566", "--method", "learned", "--model", path(&model)],
            SOON,
            &["--model", path(&model), &weight],
        );
    }
}

#[test]
fn a_model_read_is_bounded_by_the_architecture() {
    let dir = folder("big-model");
    // A sparse file of 1 GiB: refused by its size, without reading it.
    let sparse = dir.join("sparse.safetensors");
    std::fs::File::create(&sparse).unwrap().set_len(1 << 30).unwrap();
    let split = |model: &'static str| -> Vec<&'static str> {
        vec!["split", "33344455566", "--method", "learned", "--model", model]
    };
    let sparse_path: &'static str = Box::leak(path(&sparse).to_string().into_boxed_str());
    for (model, stdin) in [
        (sparse_path, Vec::new()),
        ("/dev/zero", Vec::new()),
        // A pipe: more than any model can hold.
        ("/dev/stdin", vec![0u8; 8 << 20]),
    ] {
        let args = split(model);
        // 1 GiB of address space: an unbounded read aborts instead of
        // taking the machine's memory.
        let r = run_job(&Job {
            stdin,
            limit: SOON,
            memory_kib: Some(1 << 20),
            ..Job::new(&args)
        });
        assert_eq!(r.code, 2, "ddz {args:?}: {}", r.stderr);
        assert!(r.stderr.contains(model), "{}", r.stderr);
        assert!(
            r.stderr.contains("at most") && r.stderr.contains("bytes"),
            "the bound is stated: {}",
            r.stderr
        );
        println!("{model}: refused in {:.3} s: {}", r.seconds, r.stderr.trim());
    }
}

#[test]
fn a_thread_count_out_of_its_range_is_refused() {
    let args = ["match", "--players", "random,heuristic", "--deals", "4"];
    for bad in ["100000", "1025", "abc", "-1", "2.5"] {
        for json in [false, true] {
            let args: Vec<&str> = if json {
                [&args[..], &["--json"]].concat()
            } else {
                args.to_vec()
            };
            let r = run_job(&Job {
                env: &[("RAYON_NUM_THREADS", bad)],
                limit: SOON,
                ..Job::new(&args)
            });
            assert_eq!(r.code, 2, "RAYON_NUM_THREADS={bad}: {}", r.stderr);
            let message = if json {
                let v: Value = serde_json::from_str(r.stdout.trim()).expect("JSON");
                v["error"].as_str().unwrap_or_default().to_string()
            } else {
                r.stderr
            };
            assert!(
                message.contains("RAYON_NUM_THREADS") && message.contains(bad) && message.contains("1024"),
                "RAYON_NUM_THREADS={bad}: {message}"
            );
        }
    }
    // Unset, empty, 0 (rayon's "one per core") and the range's ends answer.
    for good in ["", "0", "1", "1024"] {
        let r = run_job(&Job {
            env: &[("RAYON_NUM_THREADS", good)],
            limit: Duration::from_secs(30),
            ..Job::new(&args)
        });
        assert_eq!(r.code, 0, "RAYON_NUM_THREADS={good:?}: {}", r.stderr);
    }
}
