//! Library headers that must agree with their entries, `ddz library
//! verify`, and the library built on many machines (`--shard`, `merge`,
//! the Slurm and Kubernetes files) — issue 50, against the built binary.
//!
//! Every run has a deadline. `DDZ_BIN=/path/to/ddz` runs the suite against
//! another binary (an older one, to see each case fail before its fix).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use engine::lab::library::Entry;
use engine::lab::panel::PanelName;
use engine::lab::settings::Digest;
use engine::Team;

mod support;
use support::{run, run_job, Job, Run};

/// Runs `ddz args` with `env` set, killed (and the test failed) after 60 s.
fn run_env(args: &[&str], env: &[(&str, &str)]) -> Run {
    run_job(&Job { env, ..Job::new(args) })
}

/// `ddz args --json` answers (exit 0); its JSON.
fn answers(args: &[&str]) -> Value {
    answers_env(args, &[])
}

fn answers_env(args: &[&str], env: &[(&str, &str)]) -> Value {
    let with_json = [args, &["--json"]].concat();
    let r = run_env(&with_json, env);
    assert_eq!(r.code, 0, "ddz {with_json:?} should answer: {}", r.stderr);
    serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("ddz {with_json:?}: not JSON ({e})"))
}

/// `ddz args` is refused with exit code 2 and every needle on stderr, and
/// with `--json` in its `{"error"}`.
fn refused(args: &[&str], needles: &[&str]) {
    refused_env(args, &[], needles)
}

fn refused_env(args: &[&str], env: &[(&str, &str)], needles: &[&str]) {
    let r = run_env(args, env);
    assert_eq!(r.code, 2, "ddz {args:?} should be refused; stdout {}", r.stdout);
    for needle in needles {
        assert!(
            r.stderr.contains(needle),
            "ddz {args:?}: expected {needle:?} in {:?}",
            r.stderr
        );
    }
    let with_json = [args, &["--json"]].concat();
    let r = run_env(&with_json, env);
    assert_eq!(r.code, 2, "ddz {with_json:?} should be refused");
    let v: Value = serde_json::from_str(r.stdout.trim())
        .unwrap_or_else(|e| panic!("ddz {with_json:?}: stdout is not JSON ({e}): {:?}", r.stdout));
    let message = v["error"].as_str().unwrap_or_else(|| panic!("no {{\"error\"}} in {v}"));
    for needle in needles {
        assert!(
            message.contains(needle),
            "ddz {with_json:?}: expected {needle:?} in {message:?}"
        );
    }
}

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).expect("read")).expect("JSON")
}

fn write_json(p: &Path, v: &Value) {
    std::fs::write(p, v.to_string()).expect("write");
}

/// A library question every reader asks: it reads (and checks) the file.
fn select(file: &Path) -> Vec<&str> {
    vec![
        "select",
        "--library",
        path(file),
        "--players",
        "3",
        "--rounds",
        "3",
        "--top",
        "2",
    ]
}

fn build(deals: &str, games: &str, par: &str, out: &Path) {
    answers(&[
        "library",
        "build",
        "--deals",
        deals,
        "--panel",
        "quick",
        "--games",
        games,
        "--par-nodes",
        par,
        "--out",
        path(out),
    ]);
}

#[test]
fn a_relabelled_header_is_refused_naming_what_disagrees() {
    let dir = folder("relabel");
    let lib = dir.join("lib.json");
    // quick has 8 tables: 2 games each are 16 games a deal, as strong's 4
    // tables at 4 games each.
    build("3", "2", "0", &lib);
    answers(&select(&lib));
    let mut v = read_json(&lib);
    v["panel"] = "strong".into();
    v["games"] = 4.into();
    let relabelled = dir.join("relabelled.json");
    write_json(&relabelled, &v);
    refused(
        &select(&relabelled),
        &[
            "relabelled.json",
            "--panel strong --games 4",
            "the entries were built with --panel quick --games 2",
        ],
    );
    // A library without the digest (made before it, or by hand).
    let mut v = read_json(&lib);
    v.as_object_mut().expect("object").remove("digest");
    let bare = dir.join("bare.json");
    write_json(&bare, &v);
    refused(&select(&bare), &["bare.json", "digest: none"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_par_budget_written_over_is_refused() {
    let dir = folder("budget");
    let lib = dir.join("lib.json");
    // At 1,000 nodes every par's nodes are within a budget of 1 (give or
    // take the 2,048 between checks), and some deals are not proven.
    build("6", "1", "1000", &lib);
    let good = read_json(&lib);
    let entries = good["entries"].as_array().expect("entries");
    assert!(
        entries.iter().any(|e| e["par"]["exact"] == false),
        "no unproven par to test with"
    );
    for (budget, needles) in [
        (1u64, vec!["--par-nodes 1 ", "built with --par-nodes 1000"]),
        (
            1_000_000_000,
            vec![
                "par is not proven, yet its search stopped at",
                "nodes of the library's 1000000000",
            ],
        ),
        (
            1_000_000_001,
            vec!["par_nodes: 1000000001 is out of range (0 to 1000000000)"],
        ),
    ] {
        let mut v = good.clone();
        v["par_nodes"] = budget.into();
        let file = dir.join(format!("budget-{budget}.json"));
        write_json(&file, &v);
        refused(&select(&file), &needles);
    }
    // The digest can be recomputed by anyone; an unproven par that did not
    // spend the budget still tells.
    let mut v = good.clone();
    v["par_nodes"] = 1_000_000_000u64.into();
    v["digest"] = serde_json::to_value(Digest::of(&PanelName::Quick.panel(), 1, 1_000_000_000)).expect("digest");
    let forged = dir.join("forged.json");
    write_json(&forged, &v);
    refused(&select(&forged), &["par is not proven, yet its search stopped at"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_replays_entries_and_names_those_that_differ() {
    let dir = folder("verify");
    let lib = dir.join("lib.json");
    build("6", "2", "3000", &lib);
    let v = answers(&["library", "verify", path(&lib)]);
    assert_eq!(
        (v["checked"].as_u64(), v["entries"].as_u64()),
        (Some(6), Some(6)),
        "{v}"
    );
    assert_eq!(v["differ"].as_array().map(Vec::len), Some(0), "{v}");
    // A sample: chosen by its seed, the same every time; all at N ≥ entries.
    let a = answers(&["library", "verify", path(&lib), "--sample", "2", "--seed", "9"]);
    let b = answers(&["library", "verify", path(&lib), "--sample", "2", "--seed", "9"]);
    assert_eq!(a["seeds"], b["seeds"]);
    assert_eq!(a["seeds"].as_array().map(Vec::len), Some(2), "{a}");
    let all = answers(&["library", "verify", path(&lib), "--sample", "10000000"]);
    assert_eq!(all["checked"].as_u64(), Some(6));
    refused(
        &["library", "verify", path(&lib), "--sample", "0"],
        &["--sample", "1..=10000000"],
    );

    // Counts moved between scores (the total kept, the GDI made to agree)
    // and a proven par's winner flipped: both pass the reading checks.
    let mut v = read_json(&lib);
    let proven = (0..6)
        .find(|&i| v["entries"][i]["par"]["exact"] == true)
        .expect("a proven par");
    let other = (proven + 1) % 6;
    let mut moved: Entry = serde_json::from_value(v["entries"][other].clone()).expect("entry");
    let counts = &mut moved.distribution.counts;
    let from = counts.iter().position(|&c| c > 0).expect("a game");
    let to = (from + 1) % counts.len();
    counts[from] -= 1;
    counts[to] += 1;
    moved.gdi = moved.distribution.gdi();
    v["entries"][other] = serde_json::to_value(&moved).expect("entry");
    let flipped_seed = v["entries"][proven]["seed"].as_u64().expect("seed");
    let mut flipped: Entry = serde_json::from_value(v["entries"][proven].clone()).expect("entry");
    let par = flipped.par.as_mut().expect("par");
    par.winner = match par.winner {
        Team::Landlord => Team::Farmers,
        Team::Farmers => Team::Landlord,
    };
    v["entries"][proven] = serde_json::to_value(&flipped).expect("entry");
    let bad = dir.join("bad.json");
    write_json(&bad, &v);
    answers(&select(&bad));
    let r = run(&["library", "verify", path(&bad), "--json"]);
    assert_eq!(r.code, 2, "verify must fail when entries differ: {}", r.stderr);
    let report: Value = serde_json::from_str(r.stdout.trim()).expect("JSON report");
    assert!(
        report["error"]
            .as_str()
            .is_some_and(|e| e.contains("2 of 6 replayed entries differ")),
        "{report}"
    );
    let differ = report["differ"].as_array().expect("differ");
    assert_eq!(differ.len(), 2, "{report}");
    let said = |seed: u64| {
        differ
            .iter()
            .find(|d| d["seed"] == seed)
            .unwrap_or_else(|| panic!("seed {seed} not reported: {report}"))["differs"]
            .to_string()
    };
    assert!(said(moved.seed).contains("counts over scores"), "{report}");
    assert!(said(flipped_seed).contains("par (winner)"), "{report}");
    let r = run(&["library", "verify", path(&bad)]);
    assert_eq!(r.code, 2);
    assert!(
        r.stdout.contains(&format!("seed {flipped_seed}: par (winner)")),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("differ from the file"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ddz library build --deals 10 --par-nodes 2000 [--games G] --shard S --out OUT`.
fn build_part(shard: &str, games: &str, out: &Path, env: &[(&str, &str)]) -> Value {
    answers_env(
        &[
            "library",
            "build",
            "--deals",
            "10",
            "--seed",
            "100",
            "--par-nodes",
            "2000",
            "--games",
            games,
            "--shard",
            shard,
            "--out",
            path(out),
        ],
        env,
    )
}

#[test]
fn shards_built_apart_merge_into_the_single_build() {
    let dir = folder("merge");
    let whole = dir.join("whole.json");
    answers(&[
        "library",
        "build",
        "--deals",
        "10",
        "--seed",
        "100",
        "--par-nodes",
        "2000",
        "--out",
        path(&whole),
    ]);
    let parts: Vec<PathBuf> = (0..3).map(|k| dir.join(format!("part-{k}.json"))).collect();
    // Three processes: K given, K from Slurm, K from Kubernetes.
    build_part("0/3", "1", &parts[0], &[]);
    build_part("auto/3", "1", &parts[1], &[("SLURM_ARRAY_TASK_ID", "1")]);
    build_part("auto/3", "1", &parts[2], &[("JOB_COMPLETION_INDEX", "2")]);
    let sizes: Vec<usize> = parts
        .iter()
        .map(|p| read_json(p)["entries"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(sizes, [3, 3, 4]);
    assert_eq!(
        read_json(&parts[1])["shard"],
        serde_json::json!({"k": 1, "n": 3, "first": 100, "deals": 10})
    );
    // A part resumes as any build does: built again, nothing changes.
    let before = std::fs::read(&parts[0]).expect("part");
    assert_eq!(build_part("0/3", "1", &parts[0], &[])["built"], 0);
    assert_eq!(std::fs::read(&parts[0]).expect("part"), before);
    let merged = dir.join("merged.json");
    let v = answers(&[
        "library",
        "merge",
        path(&parts[2]),
        path(&parts[0]),
        path(&parts[1]),
        "--out",
        path(&merged),
    ]);
    assert_eq!(v["deals"], 10);
    assert_eq!(
        std::fs::read(&merged).expect("merged"),
        std::fs::read(&whole).expect("whole"),
        "the merged parts are not byte for byte the single build"
    );
    // The merged library reads as any other.
    answers(&select(&merged));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_overlapping_missing_and_mismatched_parts() {
    let dir = folder("refuse");
    let parts: Vec<PathBuf> = (0..3).map(|k| dir.join(format!("part-{k}.json"))).collect();
    for (k, p) in parts.iter().enumerate() {
        build_part(&format!("{k}/3"), "1", p, &[]);
    }
    let other_games = dir.join("games-2.json");
    build_part("2/3", "2", &other_games, &[]);
    let halves = dir.join("half-1.json");
    build_part("1/2", "1", &halves, &[]);
    let whole = dir.join("whole.json");
    build("3", "1", "2000", &whole);
    let out = dir.join("out.json");
    let merge = |files: &[&Path], needles: &[&str]| {
        let mut args = vec!["library", "merge"];
        args.extend(files.iter().map(|f| path(f)));
        args.extend(["--out", path(&out)]);
        refused(&args, needles);
        assert!(!out.exists(), "a refused merge wrote {}", out.display());
    };
    let (p0, p1, p2) = (parts[0].as_path(), parts[1].as_path(), parts[2].as_path());
    merge(&[p0, p1, p1, p2], &["part-1.json", "both shard 1/3", "overlapping"]);
    merge(&[p0, p1, p1], &["both shard 1/3", "overlapping"]);
    merge(&[p0, p2], &["shards 1 of 3 missing", "seeds 100..=109"]);
    merge(
        &[p0, p1, &other_games],
        &["games-2.json", "--games 2", "--games 1", "share their settings"],
    );
    merge(
        &[p0, &halves],
        &["half-1.json", "1/2 of seeds 100..=109", "0/3 of seeds 100..=109"],
    );
    merge(&[p0, p1, p2, &whole], &["whole.json", "not a part"]);
    // A part edited to hold a seed of another slice.
    let mut v = read_json(p1);
    v["entries"][0] = read_json(p0)["entries"][0].clone();
    let stray = dir.join("stray.json");
    write_json(&stray, &v);
    merge(&[p0, &stray, p2], &["stray.json", "seed 100 is not one of them"]);
    // Never over an existing file.
    std::fs::write(&out, "mine").expect("write");
    let args = ["library", "merge", path(p0), path(p1), path(p2), "--out", path(&out)];
    refused(&args, &["out.json already exists"]);
    assert_eq!(std::fs::read_to_string(&out).expect("mine"), "mine");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_is_refused_when_its_index_cannot_be_told() {
    let dir = folder("auto");
    let out = dir.join("part.json");
    let args = |shard: &'static str| -> Vec<String> {
        [
            "library",
            "build",
            "--deals",
            "10",
            "--par-nodes",
            "0",
            "--shard",
            shard,
            "--out",
            path(&out),
        ]
        .map(String::from)
        .to_vec()
    };
    let refuse = |shard: &'static str, env: &[(&str, &str)], needles: &[&str]| {
        let a = args(shard);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        refused_env(&a, env, needles);
        assert!(!out.exists());
    };
    refuse(
        "auto/3",
        &[],
        &["--shard", "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set"],
    );
    refuse(
        "auto/3",
        &[("SLURM_ARRAY_TASK_ID", "0"), ("JOB_COMPLETION_INDEX", "1")],
        &["SLURM_ARRAY_TASK_ID is 0 but JOB_COMPLETION_INDEX is 1"],
    );
    refuse(
        "auto/3",
        &[("SLURM_ARRAY_TASK_ID", "3")],
        &["SLURM_ARRAY_TASK_ID is 3", "numbered 0 to 2"],
    );
    refuse(
        "auto/3",
        &[("JOB_COMPLETION_INDEX", "-1")],
        &["JOB_COMPLETION_INDEX is '-1'"],
    );
    refuse("3/3", &[], &["--shard", "numbered 0 to 2"]);
    refuse("0/0", &[], &["--shard", "1 to 100000"]);
    refuse("1", &[], &["--shard", "K/N"]);
    refuse("0/11", &[], &["--shard", "11 slices of 10 deals", "at most the deals"]);
    // A part is not resumed as a whole library, nor as another slice.
    let a = args("1/3");
    answers(&a.iter().map(String::as_str).collect::<Vec<_>>());
    refused(
        &[
            "library",
            "build",
            "--deals",
            "10",
            "--par-nodes",
            "0",
            "--out",
            path(&out),
        ],
        &["is shard 1/3 of seeds 0..=9, not a whole library"],
    );
    refused(
        &[
            "library",
            "build",
            "--deals",
            "10",
            "--par-nodes",
            "0",
            "--shard",
            "2/3",
            "--out",
            path(&out),
        ],
        &["is shard 1/3 of seeds 0..=9, not shard 2/3 of seeds 0..=9"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every `ddz library SUB ...` command in `text` (lines joined at a
/// trailing backslash), as (SUB, its `--flags`).
fn ddz_commands(text: &str) -> Vec<(String, Vec<String>)> {
    let joined = text.replace("\\\n", " ");
    let mut found = Vec::new();
    for line in joined.lines() {
        let mut rest = line;
        while let Some(at) = rest.find("ddz library ") {
            let after = &rest[at + "ddz library ".len()..];
            let end = after.find("ddz library ").unwrap_or(after.len());
            let command = &after[..end];
            let mut words = command.split_whitespace();
            let sub = words.next().unwrap_or_default().to_string();
            let flags = words
                .filter(|w| w.starts_with("--"))
                .map(|w| {
                    w.split('=')
                        .next()
                        .unwrap_or(w)
                        .trim_matches(|c| c == '"' || c == '\'')
                        .to_string()
                })
                .collect();
            found.push((sub, flags));
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn the_cluster_files_name_real_flags() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = [
        "deploy/slurm/library-array.sh",
        "deploy/kubernetes/library-job.yaml",
        "deploy/kubernetes/library-merge-job.yaml",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let commands = ddz_commands(&text);
        assert!(!commands.is_empty(), "{file} runs no ddz library command");
        for (sub, flags) in commands {
            let help = run(&["library", &sub, "--help"]);
            assert_eq!(
                help.code, 0,
                "{file}: ddz library {sub} is not a command: {}",
                help.stderr
            );
            for flag in flags {
                let known = help.stdout.split_whitespace().any(|w| w.trim_end_matches(',') == flag);
                assert!(known, "{file}: ddz library {sub} has no flag {flag}");
                seen.insert(format!("{sub} {flag}"));
            }
        }
    }
    for needed in ["build --shard", "build --out", "merge --out", "verify --sample"] {
        assert!(seen.contains(needed), "the cluster files never use {needed}: {seen:?}");
    }
    let slurm = std::fs::read_to_string(root.join(files[0])).expect("script");
    assert!(
        slurm.contains("#SBATCH --array=0-"),
        "the Slurm script is no 0-based job array"
    );
    let job = std::fs::read_to_string(root.join(files[1])).expect("manifest");
    assert!(
        job.contains("completionMode: Indexed"),
        "the Kubernetes Job is not Indexed"
    );
    // The script at least parses as shell.
    if let Ok(status) = Command::new("bash").arg("-n").arg(root.join(files[0])).status() {
        assert!(status.success(), "bash -n {}: {status}", files[0]);
    }
}
