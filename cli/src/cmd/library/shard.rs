//! A library built on many machines: `ddz library build --shard K/N`
//! builds one slice of the seeds into a part file ([`part`] picks the
//! slice), and `ddz library merge` joins the parts ([`merge`]).
//! `docs/cluster.md` shows both under Slurm and Kubernetes.

use std::path::{Path, PathBuf};

use serde_json::json;

use engine::lab::shard::{self, Shard};
use engine::SeedRange;

use crate::args::ShardArg;
use crate::error::CliError;
use crate::report::Report;

use super as library;
use crate::cmd::out;

/// Where a scheduler puts the index of the task it runs: Slurm's job
/// arrays, then Kubernetes' Indexed Jobs.
const INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// The slice `--shard` names of `seeds`; for `auto/N`, K from the
/// scheduler's variables (refused when neither is set, when both are and
/// disagree, or when K is not 0 to N − 1).
pub fn part(arg: ShardArg, seeds: SeedRange) -> Result<Shard, CliError> {
    let k = match arg.k {
        Some(k) => k,
        None => scheduler_index(arg.n, |name| std::env::var_os(name))?,
    };
    Shard::new(k, arg.n, seeds).map_err(|e| {
        CliError::arg(
            "--shard",
            format!("{e} (the seeds: --seed {} --deals {})", seeds.first(), seeds.count()),
        )
    })
}

/// K for `--shard auto/N`, from [`INDEX_VARIABLES`] as `var` reads them.
fn scheduler_index(n: u64, var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Result<u64, CliError> {
    let mut found: Vec<(&str, u64)> = Vec::new();
    for name in INDEX_VARIABLES {
        let Some(value) = var(name) else { continue };
        let text = value.to_string_lossy();
        let k = text.trim().parse::<u64>().map_err(|_| {
            CliError::arg(
                "--shard",
                format!("auto/{n}: {name} is '{text}', not a task index (a whole number)"),
            )
        })?;
        found.push((name, k));
    }
    match found[..] {
        [] => Err(CliError::arg(
            "--shard",
            format!(
                "auto/{n}: neither {} nor {} is set; run it as a Slurm array task or a Kubernetes Indexed Job, or give K",
                INDEX_VARIABLES[0], INDEX_VARIABLES[1]
            ),
        )),
        [(a, ka), (b, kb)] if ka != kb => Err(CliError::arg(
            "--shard",
            format!("auto/{n}: {a} is {ka} but {b} is {kb}; which task this is cannot be told"),
        )),
        [(name, k), ..] if k >= n => Err(CliError::arg(
            "--shard",
            format!(
                "auto/{n}: {name} is {k}, but {n} slices are numbered 0 to {} (a Slurm array runs --array=0-{0})",
                n - 1
            ),
        )),
        [(_, k), ..] => Ok(k),
    }
}

/// `ddz library merge PARTS --out FILE`: the parts of one sharded build
/// joined by the engine ([`shard::merge`]) into the library a single
/// build of those seeds writes, byte for byte; only to a new file.
pub fn merge(parts: &[PathBuf], out_path: &Path) -> Result<Report, CliError> {
    out::check_new(out_path, "the library is")?;
    let mut read = Vec::with_capacity(parts.len());
    for path in parts {
        read.push((path.display().to_string(), library::read("PARTS", path)?));
    }
    let parts_given = read.len();
    let (library, seeds) = shard::merge(read).map_err(|e| CliError::Other(e.to_string()))?;
    let text = serde_json::to_string(&library).map_err(|e| e.to_string())?;
    out::write_new(out_path, &text)?;
    Ok(Report {
        json: json!({ "out": out_path.display().to_string(), "parts": parts_given, "deals": library.entries.len(), "seeds": seeds.to_string(), "bytes": text.len() }),
        text: format!(
            "{} parts merged: {} deals (seeds {}) in {}, {} bytes\n",
            parts_given,
            library.entries.len(),
            seeds,
            out_path.display(),
            text.len()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<std::ffi::OsString> + 'a {
        move |name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.into())
    }

    #[test]
    fn auto_reads_the_schedulers_index() {
        assert_eq!(scheduler_index(3, env(&[("SLURM_ARRAY_TASK_ID", "2")])).unwrap(), 2);
        assert_eq!(scheduler_index(3, env(&[("JOB_COMPLETION_INDEX", "0")])).unwrap(), 0);
        let both = [("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "1")];
        assert_eq!(scheduler_index(3, env(&both)).unwrap(), 1);
        let refused = |vars: &[(&str, &str)], needle: &str| {
            let e = scheduler_index(3, env(vars)).unwrap_err().to_string();
            assert!(e.contains(needle), "{e}");
        };
        refused(&[], "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set");
        refused(
            &[("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "2")],
            "SLURM_ARRAY_TASK_ID is 1 but JOB_COMPLETION_INDEX is 2",
        );
        refused(&[("SLURM_ARRAY_TASK_ID", "3")], "numbered 0 to 2");
        refused(&[("JOB_COMPLETION_INDEX", "x")], "JOB_COMPLETION_INDEX is 'x'");
    }
}
