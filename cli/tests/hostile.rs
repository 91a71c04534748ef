//! Hostile input against the built `ddz` binary (issue 16): numbers at and
//! just past every limit, crafted library files, undecodable agent lines.
//! Every run has a deadline, so a hang fails its test instead of blocking
//! the suite; every refusal must exit with code 2 (never a panic's 101 or
//! a signal), say on stderr what was wrong, and with `--json` print an
//! `{"error": ...}` object; every value at a limit must get its answer.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

const MAX: &str = "18446744073709551615";
const H20: &str = "33334444555566667777";
const H21: &str = "333344445555666677778";
const H54: &str = "33334444555566667777888899990000JJJJQQQQKKKKAAAA2222XD";

mod support;
use support::{answered, run_job, Job, Run};

/// Runs `ddz args` with `stdin`, killed (and the test failed) after
/// `limit`; every run ends in an answer (0) or a refusal (2).
fn run_with(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    answered(
        args,
        run_job(&Job {
            stdin: stdin.to_vec(),
            limit,
            ..Job::new(args)
        }),
    )
}

fn run(args: &[&str]) -> Run {
    run_with(args, b"", Duration::from_secs(20))
}

/// `args` is refused, with and without `--json`: exit code 2, every one of
/// `needles` on stderr, and with `--json` an `{"error"}` object holding them.
fn refused(args: &[&str], needles: &[&str]) {
    let r = run(args);
    assert_eq!(r.code, 2, "ddz {args:?} should be refused; stdout {}", r.stdout);
    for needle in needles {
        assert!(
            r.stderr.contains(needle),
            "ddz {args:?}: expected {needle:?} in {:?}",
            r.stderr
        );
    }
    let with_json = [args, &["--json"]].concat();
    let r = run(&with_json);
    assert_eq!(r.code, 2, "ddz {with_json:?} should be refused");
    let v: Value = serde_json::from_str(r.stdout.trim())
        .unwrap_or_else(|e| panic!("ddz {with_json:?}: stdout is not JSON ({e}): {:?}", r.stdout));
    let message = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("ddz {with_json:?}: no {{\"error\"}} in {v}"));
    for needle in needles {
        assert!(
            message.contains(needle),
            "ddz {with_json:?}: expected {needle:?} in {message:?}"
        );
    }
}

/// `args --json` answers: exit code 0 and one JSON object.
fn answers(args: &[&str]) -> Value {
    let with_json = [args, &["--json"]].concat();
    let r = run(&with_json);
    assert_eq!(r.code, 0, "ddz {with_json:?} should answer: {}", r.stderr);
    serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("ddz {with_json:?}: not JSON ({e})"))
}

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

#[test]
fn counts_at_their_limits_are_answered_and_just_past_them_refused() {
    fn shape<'a>(n: &'a str, m: &'a str, r: &'a str) -> Vec<&'a str> {
        vec![
            "dih",
            "--dist",
            "-1:0.5,1:0.5",
            "--players",
            n,
            "--rounds",
            m,
            "--top",
            r,
        ]
    }
    let v = answers(&shape("1000", "1000", "100"));
    assert!(v["dih"].as_f64().is_some_and(|x| (0.0..=1.0).contains(&x)), "{v}");
    refused(&shape("1001", "3", "2"), &["--players", "1001", "1..=1000"]);
    refused(&shape("0", "3", "2"), &["--players", "1..=1000"]);
    refused(&shape("3", "1001", "2"), &["--rounds", "1..=1000"]);
    refused(&shape("3", "0", "2"), &["--rounds", "1..=1000"]);
    refused(&shape("3", "3", "101"), &["--top", "1..=100"]);
    refused(&shape("4294967296", "3", "2"), &["--players", "4294967296"]);
    // Scores past ±1000, and totals too wide to convolve.
    refused(
        &[
            "dih",
            "--dist",
            "-1001:0.5,1:0.5",
            "--players",
            "3",
            "--rounds",
            "3",
            "--top",
            "2",
        ],
        &["--dist", "-1001", "-1000 to 1000"],
    );
    refused(
        &[
            "dih",
            "--dist",
            "-1000:0.5,1000:0.5",
            "--players",
            "3",
            "--rounds",
            "11",
            "--top",
            "2",
        ],
        &["20000"],
    );
    refused(
        &[
            "dih",
            "--dist",
            "1:nan",
            "--players",
            "3",
            "--rounds",
            "3",
            "--top",
            "2",
        ],
        &["--dist"],
    );

    answers(&["split", "3456789TJQKA", "--alternatives", "100"]);
    refused(
        &["split", "3456789TJQKA", "--alternatives", "101"],
        &["--alternatives", "0..=100"],
    );
    refused(&["split", "345", "--alternatives", "-1"], &["--alternatives"]);
    refused(&["split-compare", "--deals", "0"], &["--deals", "1..=10000000"]);
    refused(&["split-compare", "--deals", "10000001"], &["--deals", "1..=10000000"]);
    refused(&["solve-bench", "--positions", "0"], &["--positions", "1..=100000"]);
    refused(&["solve-bench", "--sizes", "21+1"], &["--sizes", "1 to 20 each"]);
    refused(&["solve-bench", "--sizes", "20+20+20"], &["--sizes", "54 in all"]);
    refused(&["solve-bench", "--sizes", ""], &["--sizes"]);
    refused(&["dist", "1", "--games", "0"], &["--games", "1..=10000"]);
    refused(&["dist", "1", "--games", "10001"], &["--games", "1..=10000"]);
    refused(&["tournament", "--matches", "0"], &["--matches"]);
    refused(&["tournament", "--rounds", "4294967295"], &["--rounds", "1..=1000"]);
    refused(&["bid", "--deals", "0"], &["--deals", "1..=10000000"]);
    refused(&["ladder", "--rungs", "L0"], &["--rungs", "2 to 100"]);
    refused(&["match", "--players", "L0"], &["--players", "two players"]);
    refused(&["play", "--players", "greedy,greedy"], &["--players", "three names"]);
    refused(&["play", "--players", "heuristic:noise=nan,greedy,greedy"], &["noise"]);
    refused(&["play", "--players", "sampler:samples=0,greedy,greedy"], &["samples"]);
}

#[test]
fn seed_ranges_that_would_wrap_are_refused_and_the_last_seed_is_reachable() {
    let v = answers(&["deal", "--seed", MAX]);
    assert_eq!(v["seed"].as_u64(), Some(u64::MAX));
    refused(
        &["deal", "--seed", "18446744073709551616"],
        &["--seed", "18446744073709551616"],
    );
    refused(&["deal", "--seed=-1"], &["--seed"]);
    refused(
        &["bid", "--seed", MAX, "--deals", "2"],
        &["--seed", "--deals", "run past the last seed"],
    );
    refused(
        &["split-compare", "--seed", MAX, "--deals", "2"],
        &["run past the last seed"],
    );
    refused(
        &["lead-agreement", "--seed", MAX, "--deals", "2"],
        &["run past the last seed"],
    );
    refused(
        &["match", "--players", "L0,L1", "--seed", MAX, "--deals", "2"],
        &["run past the last seed"],
    );
    refused(
        &["solve-bench", "--sizes", "2+2", "--seed", MAX, "--positions", "2"],
        &["--positions", "run past the last seed"],
    );
    // One deal at the last seed is fine.
    let v = answers(&["split-compare", "--seed", MAX, "--deals", "1"]);
    assert_eq!(v["hands"], 3);
    let v = answers(&["play", "--seed", MAX]);
    assert!(
        ["landlord", "farmer"].contains(&v["winner"].as_str().unwrap_or_default()),
        "{v}"
    );
}

#[test]
fn hands_over_twenty_cards_are_refused_at_once() {
    for (args, flag) in [
        (vec!["split", H21], "<HAND>"),
        (vec!["split", H54], "<HAND>"),
        (vec!["moves", H21], "<HAND>"),
        (vec!["solve", "--landlord", H21, "--farmer", "3"], "--landlord"),
        (vec!["solve", "--landlord", "3", "--farmer", H54], "--farmer"),
    ] {
        let started = Instant::now();
        refused(&args, &[flag, "a hand holds at most 20"]);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "ddz {args:?} took {:?}",
            started.elapsed()
        );
    }
    let v = answers(&["split", H20]);
    assert!(v["plays"].as_u64().is_some(), "{v}");
    answers(&["moves", H20]);
}

#[test]
fn time_limits_are_finite_above_zero_and_at_most_an_hour() {
    let solve = ["solve", "--landlord", "345", "--farmer", "678"];
    for bad in ["nan", "inf", "-1", "0", "3600001", "1e300", "x"] {
        refused(
            &[&solve[..], &["--time-limit", bad]].concat(),
            &["--time-limit", bad, "at most 3600000 ms"],
        );
    }
    for bad in ["nan", "inf", "-5"] {
        refused(&["par", "--seed", "1", "--time-limit", bad], &["--time-limit"]);
        refused(&["par", "--seed", "1", "--nodes", bad], &["--nodes"]);
        refused(&["solve-limits", "--time-limit", bad], &["--time-limit"]);
        refused(&["agent", "--player", "greedy", "--time-limit", bad], &["--time-limit"]);
    }
    for bad in ["0", "1000000001", "1e6"] {
        refused(&["par", "--seed", "1", "--nodes", bad], &["--nodes", bad]);
    }
    refused(
        &["par", "--seed", "1", "--nodes", "1000", "--time-limit", "100"],
        &["--nodes", "--time-limit"],
    );
    let v = answers(&["solve", "--landlord", "3", "--farmer", "4", "--time-limit", "3600000"]);
    assert_eq!(v["winner"], "landlord");
    let v = answers(&["solve", "--landlord", "3", "--farmer", "4", "--time-limit", "0.001"]);
    assert_eq!(v["winner"], "landlord");
}

#[test]
fn usage_errors_are_json_errors_too_and_help_is_not_an_error() {
    refused(&["deal", "--bogus"], &["--bogus"]);
    refused(&["nosuchcommand"], &["nosuchcommand"]);
    refused(&["solve"], &["--landlord", "--farmer"]);
    refused(&["split", "345", "--method", "bogus"], &["--method", "bogus"]);
    refused(
        &["train-splitter", "--epochs", "1001", "--out", "x"],
        &["--epochs", "1001"],
    );
    refused(&["train-splitter", "--batch", "0", "--out", "x"], &["--batch", "0"]);
    refused(&["train-splitter", "--games", "0", "--out", "x"], &["--games", "0"]);
    refused(&["train-splitter", "--games", "1"], &["--out"]);
    refused(
        &["split", "345", "--method", "learned", "--model", "/nonexistent"],
        &["/nonexistent"],
    );
    refused(&["tournament", "--format", "swiss"], &["--format", "swiss"]);
    refused(&["moves", "3z"], &["position 2"]);
    for args in [
        &["--help"][..],
        &["--version"],
        &["solve", "--help"],
        &["deal", "--help", "--json"],
    ] {
        let r = run(args);
        assert_eq!(r.code, 0, "ddz {args:?}: {}", r.stderr);
        assert!(!r.stdout.starts_with('{'), "ddz {args:?}: {}", r.stdout);
    }
}

#[test]
fn crafted_library_files_are_refused_naming_the_file_and_the_entry() {
    let dir = folder("files");
    let lib = dir.join("lib.json");
    answers(&[
        "library",
        "build",
        "--deals",
        "3",
        "--par-nodes",
        "3000",
        "--out",
        path(&lib),
    ]);
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&lib).expect("library")).expect("JSON");
    let write = |name: &str, v: &Value| {
        let p = dir.join(name);
        std::fs::write(&p, v.to_string()).expect("write");
        p
    };
    let mut cases: Vec<(PathBuf, Vec<&str>)> = Vec::new();
    let mut v = good.clone();
    v["entries"] = serde_json::json!([]);
    cases.push((write("empty.json", &v), vec!["no deals"]));
    let mut v = good.clone();
    let zeros: Vec<u64> = vec![0; v["entries"][0]["counts"].as_array().map_or(0, Vec::len)];
    v["entries"][0]["counts"] = serde_json::json!(zeros);
    cases.push((write("zero.json", &v), vec!["entries[0]", "counts add up to 0"]));
    let mut v = good.clone();
    let first = v["entries"][0].clone();
    v["entries"][1] = first;
    cases.push((
        write("dup.json", &v),
        vec!["entries[1]", "seed 0 is already entries[0]"],
    ));
    let mut v = good.clone();
    v["entries"][2]["scores"][0] = serde_json::json!(-9_000_000_000_000_000_000i64);
    cases.push((write("huge.json", &v), vec!["entries[2]", "-1000 to 1000"]));
    let mut v = good.clone();
    v["games"] = serde_json::json!(5);
    cases.push((write("header.json", &v), vec!["entries[0]", "5 games per table"]));
    let mut v = good.clone();
    v["games"] = serde_json::json!(0);
    cases.push((write("games.json", &v), vec!["games: 0 is out of range"]));
    let mut v = good.clone();
    v["entries"][1]["par"]["first"] = serde_json::json!("XD");
    cases.push((
        write("par.json", &v),
        vec!["entries[1]", "par is not one found within 3000 nodes"],
    ));
    let mut v = good.clone();
    if let Some(e) = v["entries"][2].as_object_mut() {
        e.remove("par");
    }
    cases.push((write("nopar.json", &v), vec!["entries[2]", "no par"]));
    let mut v = good.clone();
    v["panel"] = serde_json::json!("nobody");
    cases.push((write("panel.json", &v), vec!["panel", "nobody"]));
    let text = dir.join("text.json");
    std::fs::write(&text, "not json").expect("write");
    cases.push((text, vec!["not a library file"]));
    let blank = dir.join("blank.json");
    std::fs::write(&blank, "").expect("write");
    cases.push((blank, vec!["not a library file"]));
    cases.push((dir.join("missing.json"), vec!["missing.json"]));
    for (file, needles) in &cases {
        let f = path(file);
        let needles: Vec<&str> = [&["--library", f][..], needles].concat();
        refused(
            &[
                "select",
                "--library",
                f,
                "--players",
                "3",
                "--rounds",
                "3",
                "--top",
                "2",
            ],
            &needles,
        );
        refused(&["equal", "--library", f, "--center", "1,0.25,0.25"], &needles);
        refused(&["library", "par", "--library", f], &needles);
        refused(
            &[
                "dih",
                "--library",
                f,
                "--entry",
                "0",
                "--players",
                "3",
                "--rounds",
                "3",
                "--top",
                "2",
            ],
            &needles,
        );
        refused(
            &[
                "p1p2",
                "--library",
                f,
                "--players",
                "4",
                "--rounds",
                "2",
                "--top",
                "2",
                "--tournaments",
                "1",
            ],
            &needles,
        );
    }
    // A "file" that never ends is read up to a bound, not forever.
    if Path::new("/dev/zero").exists() {
        refused(
            &[
                "select",
                "--library",
                "/dev/zero",
                "--players",
                "3",
                "--rounds",
                "3",
                "--top",
                "2",
            ],
            &["/dev/zero", "not a library file"],
        );
    }
    // A pipe of whitespace (valid JSON so far) is read up to its bound.
    let spaces = vec![b' '; (64 << 20) + 1024];
    let r = run_with(
        &[
            "select",
            "--library",
            "/dev/stdin",
            "--players",
            "3",
            "--rounds",
            "3",
            "--top",
            "2",
        ],
        &spaces,
        Duration::from_secs(30),
    );
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("not a regular file, and read up to 67108864 bytes"),
        "{}",
        r.stderr
    );
    // The good file answers, at the limits too.
    let v = answers(&[
        "select",
        "--library",
        path(&lib),
        "--players",
        "1000",
        "--rounds",
        "3",
        "--top",
        "100",
    ]);
    assert_eq!(v["cases"].as_array().map(Vec::len), Some(3));
    refused(
        &[
            "dih",
            "--library",
            path(&lib),
            "--entry",
            "99",
            "--players",
            "3",
            "--rounds",
            "3",
            "--top",
            "2",
        ],
        &["--entry", "99"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_library_build_never_mixes_settings_or_takes_its_own_journal_name() {
    let dir = folder("build");
    let out = dir.join("lib.json");
    refused(
        &["library", "build", "--deals", "1", "--out", path(&dir)],
        &["--out", "is a directory"],
    );
    refused(
        &[
            "library",
            "build",
            "--deals",
            "1",
            "--out",
            path(&dir.join("nodir/x.json")),
        ],
        &["--out", "does not exist"],
    );
    refused(
        &["library", "build", "--deals", "0", "--out", path(&out)],
        &["--deals", "1..=10000000"],
    );
    refused(
        &["library", "build", "--deals", "1", "--games", "0", "--out", path(&out)],
        &["--games"],
    );
    refused(
        &[
            "library",
            "build",
            "--deals",
            "1",
            "--panel",
            "nobody",
            "--out",
            path(&out),
        ],
        &["--panel", "nobody"],
    );
    refused(
        &["library", "build", "--deals", "2", "--seed", MAX, "--out", path(&out)],
        &["run past the last seed"],
    );
    // A finished library resumed with other settings.
    answers(&[
        "library",
        "build",
        "--deals",
        "2",
        "--par-nodes",
        "0",
        "--out",
        path(&out),
    ]);
    refused(
        &["library", "build", "--deals", "2", "--games", "2", "--out", path(&out)],
        &["--games 1", "--games 2"],
    );
    refused(
        &[
            "library",
            "build",
            "--deals",
            "2",
            "--panel",
            "strong",
            "--out",
            path(&out),
        ],
        &["--panel quick", "--panel strong"],
    );
    // An interrupted one: its journal, marked as ours, names its build.
    let lib: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("library")).expect("JSON");
    std::fs::remove_file(&out).expect("remove");
    let journal = dir.join("lib.json.ddz-build-journal");
    std::fs::write(
        &journal,
        format!(
            "{{\"ddz_library_build_journal\":1,\"build\":{{\"panel\":\"quick\",\"games\":1,\"par_nodes\":0}},\"seed\":0,\"deals\":2}}\n{}\n",
            lib["entries"][0]
        ),
    )
    .expect("write");
    for (deals, flags, needles) in [
        ("2", ["--games", "2"], ["lib.json.ddz-build-journal", "--games 1"]),
        ("2", ["--panel", "strong"], ["--panel quick", "--panel strong"]),
        ("3", ["--games", "1"], ["--deals 2", "--deals 3"]),
    ] {
        let mut args = vec![
            "library",
            "build",
            "--deals",
            deals,
            "--par-nodes",
            "0",
            "--out",
            path(&out),
        ];
        args.extend(flags);
        refused(&args, &needles);
    }
    // The same settings resume it.
    let v = answers(&[
        "library",
        "build",
        "--deals",
        "2",
        "--par-nodes",
        "0",
        "--out",
        path(&out),
    ]);
    assert_eq!((v["deals"].as_u64(), v["built"].as_u64()), (Some(2), Some(1)), "{v}");
    assert!(!journal.exists());
    // Par is added to a library without it, without playing again; a
    // library with par is not resumed with another budget.
    let before: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("library")).expect("JSON");
    let v = answers(&[
        "library",
        "build",
        "--deals",
        "2",
        "--par-nodes",
        "3000",
        "--out",
        path(&out),
    ]);
    assert_eq!((v["deals"].as_u64(), v["built"].as_u64()), (Some(2), Some(2)), "{v}");
    let after: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("library")).expect("JSON");
    assert_eq!(after["par_nodes"], 3000);
    for i in 0..2 {
        assert_eq!(after["entries"][i]["counts"], before["entries"][i]["counts"]);
        assert!(after["entries"][i]["par"]["nodes"]
            .as_u64()
            .is_some_and(|n| n <= 3000 + 2048));
    }
    refused(
        &[
            "library",
            "build",
            "--deals",
            "2",
            "--par-nodes",
            "4000",
            "--out",
            path(&out),
        ],
        &["--par-nodes 3000", "--par-nodes 4000"],
    );
    // A file that is not a library is not overwritten.
    std::fs::write(&out, "precious").expect("write");
    refused(
        &["library", "build", "--deals", "1", "--out", path(&out)],
        &["--out", "not a library"],
    );
    assert_eq!(std::fs::read_to_string(&out).ok().as_deref(), Some("precious"));
    let _ = std::fs::remove_dir_all(&dir);
}

const GOOD: &str = r#"{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17}}"#;

/// The agent's answers to `input`, one JSON object per line.
fn agent(input: &[u8]) -> Vec<Value> {
    let r = run_with(&["agent", "--player", "greedy"], input, Duration::from_secs(20));
    assert_eq!(r.code, 0, "{}", r.stderr);
    r.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("answer {l:?} is not JSON: {e}")))
        .collect()
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("expected an error, got {v}"))
}

#[test]
fn the_agent_answers_every_line_and_keeps_serving() {
    let mut input = b"\xff\xfe bad bytes\n".to_vec();
    input.extend_from_slice(b"{\"seat\":\"landlord\xc3\"}\n");
    input.extend_from_slice(&vec![b'a'; 3_000_000]);
    input.extend_from_slice(b"\n[]\nnull\n{}\n");
    input.extend_from_slice(GOOD.as_bytes());
    input.push(b'\n');
    let answers = agent(&input);
    assert_eq!(answers.len(), 7, "{answers:?}");
    assert!(error_of(&answers[0]).contains("line 1: not UTF-8"));
    assert!(error_of(&answers[1]).contains("line 2: not UTF-8"));
    assert!(error_of(&answers[2]).contains("longer than"));
    for a in &answers[3..6] {
        assert!(error_of(a).contains("missing field 'seat'"), "{a}");
    }
    assert!(answers[6]["play"].is_string(), "{}", answers[6]);
    // A last line without its newline is still a request.
    let answers = agent(GOOD.as_bytes());
    assert!(answers[0]["play"].is_string());
}

#[test]
fn the_agent_refuses_requests_that_contradict_themselves() {
    let hand54 =
        format!(r#"{{"seat":"landlord","hand":"{H54}","history":[],"counts":{{"landlord":54,"farmer1":17}}}}"#);
    let cases = [
        (
            r#"{"seat":"landlord","hand":"3","history":[],"counts":{"landlord":1,"farmer1":99}}"#.to_string(),
            "counts.farmer1",
        ),
        (hand54, "a hand holds at most 20"),
        (
            r#"{"seat":"farmer1","hand":"34567890JQKA2XD33","history":[["landlord","44"]],"counts":{"landlord":23,"farmer1":17,"farmer2":17}}"#.into(),
            "counts.landlord",
        ),
        (
            r#"{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17},"bottom":"34567"}"#.into(),
            "bottom",
        ),
        (
            r#"{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17},"bottom":"444"}"#.into(),
            "bottom",
        ),
        (
            r#"{"seat":"farmer1","hand":"33334444555566667","history":[["landlord","8"]],"counts":{"landlord":19,"farmer1":17,"farmer2":17},"bottom":"333"}"#.into(),
            "",
        ),
    ];
    for (request, needle) in &cases {
        let answers = agent(format!("{request}\n{GOOD}\n").as_bytes());
        assert_eq!(answers.len(), 2, "{request}: {answers:?}");
        assert!(error_of(&answers[0]).contains(needle), "{request}: {}", answers[0]);
        assert!(answers[1]["play"].is_string(), "{}", answers[1]);
    }
    refused(&["agent", "--player", "nobody"], &["--player", "nobody"]);
}
