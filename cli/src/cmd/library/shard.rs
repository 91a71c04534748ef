//! A library built on many machines: `ddz library build --shard K/N`
//! builds one slice of the seeds into a part file ([`part`] picks the
//! slice), and `ddz library merge` joins the parts ([`merge`]).
//! `docs/cluster.md` shows both under Slurm and Kubernetes.

use std::path::{Path, PathBuf};

use serde_json::json;

use engine::lab::library::Library;
use engine::lab::shard::Shard;
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
/// (the same settings, slices 0 to N − 1 of the same seeds, each once, each
/// a valid part), joined into the library a single build of those seeds
/// writes, byte for byte; only to a new file.
pub fn merge(parts: &[PathBuf], out_path: &Path) -> Result<Report, CliError> {
    out::check_new(out_path, "the library is")?;
    let mut read: Vec<(&Path, Library, Shard)> = Vec::with_capacity(parts.len());
    for path in parts {
        let lib = library::read("PARTS", path)?;
        let Some(shard) = lib.shard else {
            return Err(CliError::Other(format!(
                "{}: not a part (its header records no shard); merge takes the files of ddz library build --shard K/N",
                path.display()
            )));
        };
        read.push((path, lib, shard));
    }
    let Some((first_path, first, first_shard)) = read.first() else {
        return Err(CliError::Other("no parts to merge".into()));
    };
    for (path, lib, shard) in &read[1..] {
        if lib.digest != first.digest {
            return Err(CliError::Other(format!(
                "{} was built with {}, but {} with {}: parts of one library share their settings",
                path.display(),
                settings(lib),
                first_path.display(),
                settings(first)
            )));
        }
        if (shard.n, shard.whole()) != (first_shard.n, first_shard.whole()) {
            return Err(CliError::Other(format!(
                "{} is shard {shard}, but {} is shard {first_shard}: parts of one library slice the same seeds the same way",
                path.display(),
                first_path.display()
            )));
        }
    }
    let n = first_shard.n;
    let mut by_k: Vec<Option<&Path>> = vec![None; usize::try_from(n).unwrap_or(usize::MAX).min(read.len() + 1)];
    for (path, _, shard) in &read {
        match usize::try_from(shard.k).ok().and_then(|k| by_k.get_mut(k)) {
            Some(Some(earlier)) => {
                return Err(CliError::Other(format!(
                    "{} and {} are both shard {shard}: the slice would be merged twice (overlapping parts)",
                    earlier.display(),
                    path.display()
                )))
            }
            Some(slot) => *slot = Some(path),
            // K beyond the parts given: some slice below it is missing.
            None => {}
        }
    }
    if read.len() as u64 != n || by_k.iter().any(Option::is_none) {
        let missing: Vec<String> = (0..n)
            .filter(|&k| by_k.get(k as usize).is_none_or(Option::is_none))
            .take(10)
            .map(|k| k.to_string())
            .collect();
        return Err(CliError::Other(format!(
            "shards {} of {n} missing: the parts must cover seeds {} once, one part per slice ({} given)",
            missing.join(", "),
            first_shard.whole(),
            read.len()
        )));
    }
    let (parts_given, whole) = (read.len(), *first_shard);
    let mut library = Library {
        panel: first.panel.clone(),
        games: first.games,
        par_nodes: first.par_nodes,
        digest: first.digest,
        shard: None,
        entries: Vec::new(),
    };
    // Moved, not copied: a library of millions of deals is held once.
    for (_, part, _) in read {
        library.entries.extend(part.entries);
    }
    library.entries.sort_by_key(|e| e.seed);
    // The GDI as the build computes it from the counts, so the merged file
    // is byte for byte the single build's whatever JSON's float reading did.
    for e in &mut library.entries {
        e.gdi = e.distribution.gdi();
    }
    // Each part held exactly its slice, so the whole range is covered once;
    // checked again as any library is before it is written.
    library
        .validate()
        .map_err(|e| CliError::Other(format!("the merged library: {e}")))?;
    if library.entries.len() as u64 != whole.deals {
        return Err(CliError::Other(format!(
            "the parts hold {} deals, but seeds {} are {}",
            library.entries.len(),
            whole.whole(),
            whole.deals
        )));
    }
    let text = serde_json::to_string(&library).map_err(|e| e.to_string())?;
    out::write_new(out_path, &text)?;
    Ok(Report {
        json: json!({ "out": out_path.display().to_string(), "parts": parts_given, "deals": library.entries.len(), "seeds": whole.whole().to_string(), "bytes": text.len() }),
        text: format!(
            "{} parts merged: {} deals (seeds {}) in {}, {} bytes\n",
            parts_given,
            library.entries.len(),
            whole.whole(),
            out_path.display(),
            text.len()
        ),
    })
}

/// A library's settings as build flags.
fn settings(lib: &Library) -> String {
    format!(
        "--panel {} --games {} --par-nodes {}",
        lib.panel, lib.games, lib.par_nodes
    )
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
