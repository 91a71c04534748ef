//! `ddz puzzles` end to end: the shipped library listed (text, JSON, one
//! level) and re-proven, a hostile file refused by line, a small library
//! generated and checked, and files never replaced.

use serde_json::Value;

mod support;
use support::{fails_with, json, run};

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-puzzles-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn the_shipped_library_lists_as_text_and_json() {
    let out = run(&["puzzles", "list"]);
    assert!(out.code == 0);
    let text = &out.stdout;
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("znmoaYh  level  1  3445667 | 349QA2  landlord leads, wins: 34567 (wins in 3)"),
        "{first}"
    );
    let v = json(&["puzzles", "list"]);
    let count = v["count"].as_u64().unwrap();
    assert!(count >= 300, "{count}");
    assert!(text.contains(&format!("\n{count} puzzles (split ")), "{text}");
    // Each puzzle's starting rating and themes; the count of each theme.
    assert!(first.ends_with("rated 1800  1v1"), "{first}");
    assert_eq!(v["puzzles"][0]["themes"], serde_json::json!(["1v1"]));
    let passes = json(&["puzzles", "list", "--theme", "pass"]);
    assert_eq!(passes["count"], v["themes"]["pass"]);
    let passes = passes["puzzles"].as_array().unwrap();
    assert!(
        !passes.is_empty()
            && passes
                .iter()
                .all(|p| p["answer"] == "pass" && p["themes"].to_string().contains("\"pass\""))
    );
    fails_with(&["puzzles", "list", "--theme", "sacrifice"], "no theme is called");
    let p = &v["puzzles"][3];
    assert_eq!(p["id"], "0S3hJT9");
    assert_eq!(p["seats"], 3);
    assert_eq!(p["hands"]["farmer2"], "458AA2");
    assert_eq!(p["to_move"], "landlord");
    assert_eq!(p["to_beat"], Value::Null);
    assert_eq!(p["answer"], "6789T");
    assert_eq!(p["moves_to_win"], 4);
    // One level: only its puzzles; level 1 opens with the built-ins.
    let l1 = json(&["puzzles", "list", "--level", "1"]);
    let l1 = l1["puzzles"].as_array().unwrap();
    assert!(l1.iter().all(|p| p["level"] == 1));
    assert_eq!(l1[4]["id"], "d5sj6VS");
    let l10 = json(&["puzzles", "list", "--level", "10"]);
    assert!(l10["count"].as_u64().unwrap() >= 20);
    assert!(l10["puzzles"].as_array().unwrap().iter().all(|p| p["level"] == 10));
    fails_with(&["puzzles", "list", "--level", "0"], "0");
}

#[test]
fn check_reproves_the_shipped_library() {
    let v = json(&["puzzles", "check"]);
    assert_eq!(v["confirmed"], v["puzzles"]);
    assert!(v["confirmed"].as_u64().unwrap() >= 300);
    let out = run(&["puzzles", "check"]);
    let text = &out.stdout;
    assert!(text.contains("puzzles confirmed by the exhaustive solver"), "{text}");
}

#[test]
fn check_refuses_a_bad_file_by_line_and_a_wrong_answer() {
    let bad = tmp("bad.txt");
    std::fs::write(
        &bad,
        "ddz-puzzles 1\n1 3445667.349QA2 L - 34567 3 7 -\n1 34z5667.349QA2 L - 34567 3 7 -\n",
    )
    .unwrap();
    fails_with(&["puzzles", "check", bad.to_str().unwrap()], "line 3: hand 1: 'z'");
    // Parses, but the answer loses: the check says which puzzle.
    let wrong = tmp("wrong.txt");
    std::fs::write(&wrong, "ddz-puzzles 1\n1 3445667.349QA2 L - 3 3 7 -\n").unwrap();
    fails_with(
        &["puzzles", "check", wrong.to_str().unwrap()],
        "0 of 1 puzzles confirmed",
    );
    // Too large, and not there.
    let big = tmp("big.txt");
    std::fs::write(&big, vec![b'#'; 300 * 1024]).unwrap();
    fails_with(
        &["puzzles", "check", big.to_str().unwrap()],
        "longer than a puzzle file may be",
    );
    fails_with(
        &["puzzles", "check", tmp("missing.txt").to_str().unwrap()],
        "missing.txt",
    );
}

#[test]
fn generate_writes_a_new_file_that_checks_and_never_replaces_one() {
    let out = tmp("small.txt");
    let path = out.to_str().unwrap();
    let v = json(&[
        "puzzles",
        "generate",
        "--seed",
        "3",
        "--count",
        "20",
        "--max-deals",
        "40",
        "--out",
        path,
    ]);
    // Never more than asked for (the built-ins count in level 1), and
    // "full" only when that many were found.
    let n = v["puzzles"].as_u64().unwrap();
    assert!(n > 5 && n <= 20, "{n} puzzles for --count 20");
    assert_eq!(v["full"].as_bool(), Some(n == 20));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("ddz-puzzles 1\n"));
    let check = json(&["puzzles", "check", path]);
    assert_eq!(check["confirmed"], v["puzzles"]);
    let listed = json(&["puzzles", "list", "--file", path]);
    assert_eq!(listed["count"], v["puzzles"]);
    // The same seed again, elsewhere: the same file.
    let again = tmp("again.txt");
    json(&[
        "puzzles",
        "generate",
        "--seed",
        "3",
        "--count",
        "20",
        "--max-deals",
        "40",
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), written);
    // An existing file is refused and left alone.
    fails_with(
        &["puzzles", "generate", "--count", "20", "--out", path],
        "already exists",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);
    // A missing directory; a symlink, even a dangling one.
    let nowhere = tmp("no-such-dir").join("p.txt");
    fails_with(
        &[
            "puzzles",
            "generate",
            "--count",
            "20",
            "--out",
            nowhere.to_str().unwrap(),
        ],
        "is not a directory",
    );
    let link = tmp("link.txt");
    std::os::unix::fs::symlink(tmp("target-not-there.txt"), &link).unwrap();
    fails_with(
        &["puzzles", "generate", "--count", "20", "--out", link.to_str().unwrap()],
        "already exists",
    );
    assert!(!tmp("target-not-there.txt").exists());
}

#[test]
fn generate_writes_as_many_puzzles_as_asked_for() {
    // Ten levels of one each, and the five built-ins in level 1: four
    // levels above it give way to them, not a library of 14.
    let out = tmp("ten.txt");
    let v = json(&[
        "puzzles",
        "generate",
        "--seed",
        "3",
        "--count",
        "10",
        "--max-deals",
        "200",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(v["puzzles"], 10);
    assert_eq!(v["full"], true);
    assert_eq!(v["per_level"], serde_json::json!([5, 0, 0, 0, 0, 1, 1, 1, 1, 1]));
    assert_eq!(json(&["puzzles", "check", out.to_str().unwrap()])["confirmed"], 10);

    // A level edited by hand is not confirmed: check grades each puzzle again.
    let text = std::fs::read_to_string(&out).unwrap();
    let edited = tmp("ten-edited.txt");
    let at = text.find("\n6 ").expect("a puzzle of level 6") + 1;
    std::fs::write(&edited, format!("{}7{}", &text[..at], &text[at + 1..])).unwrap();
    fails_with(&["puzzles", "check", edited.to_str().unwrap()], "its level is 6, not 7");
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&edited);
}
