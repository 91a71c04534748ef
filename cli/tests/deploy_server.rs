//! deploy/server/'s files (the container build, the Kubernetes manifests,
//! the systemd unit) pass ddz-server only flags and environment variables
//! it has: each is checked against `ddz-server --help`, as
//! library_shards.rs checks the cluster files against `ddz library`.

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy/server")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `--flag` words (a `--flag=value`'s name).
fn flags_in(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | '[' | ']'))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| w.split('=').next().unwrap_or(w).to_string())
        .collect()
}

/// `DDZ_…` names.
fn env_in(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with("DDZ_") && w.len() > 4)
        .map(str::to_string)
        .collect()
}

/// The flags each file passes the server, and the variables it sets.
fn passed() -> Vec<(&'static str, Vec<String>, Vec<String>)> {
    let container = file("Containerfile");
    // The server's own command: ENTRYPOINT and CMD (cargo's flags in the
    // build stage are cargo's).
    let run: String = container
        .lines()
        .filter(|l| l.starts_with("ENTRYPOINT") || l.starts_with("CMD"))
        .collect::<Vec<_>>()
        .join("\n");
    let unit = file("ddz-server.service").replace("\\\n", " ");
    let exec: String = unit
        .lines()
        .filter(|l| l.starts_with("ExecStart="))
        .collect::<Vec<_>>()
        .join("\n");
    let kube = file("kubernetes.yaml");
    // The Deployment's `args:` items (kubectl's flags are in comments).
    let args: String = kube
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.trim().strip_prefix("- --"))
        .map(|f| format!("--{f}\n"))
        .collect();
    vec![
        ("Containerfile", flags_in(&run), env_in(&container)),
        ("ddz-server.service", flags_in(&exec), env_in(&unit)),
        ("kubernetes.yaml", flags_in(&args), env_in(&kube)),
    ]
}

#[test]
fn the_deploy_files_pass_the_server_only_its_own_flags_and_variables() {
    let help = Command::new(support::server::server_binary())
        .arg("--help")
        .output()
        .expect("ddz-server --help runs");
    assert!(help.status.success(), "ddz-server --help: {}", help.status);
    let help = String::from_utf8_lossy(&help.stdout).to_string();
    let words: BTreeSet<&str> = help
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '='))
        .collect();
    let mut seen = BTreeSet::new();
    for (name, flags, vars) in passed() {
        assert!(
            !flags.is_empty() || !vars.is_empty(),
            "{name} passes the server nothing"
        );
        for flag in flags {
            assert!(
                words.contains(flag.as_str()),
                "{name}: ddz-server has no flag {flag}:\n{help}"
            );
            seen.insert(flag);
        }
        for var in vars {
            assert!(
                help.contains(&format!("env: {var}=")),
                "{name}: ddz-server reads no {var}:\n{help}"
            );
            seen.insert(var);
        }
    }
    for needed in [
        "--listen",
        "--site",
        "--public-url",
        "--ai-queue",
        "--ai-workers",
        "--database",
        "DDZ_DATABASE",
        "DDZ_LISTEN",
        "DDZ_SITE",
    ] {
        assert!(seen.contains(needed), "the deploy files never set {needed}: {seen:?}");
    }
}

#[test]
fn the_deploy_files_are_what_docs_server_md_says() {
    let container = file("Containerfile");
    let stages: Vec<&str> = container.lines().filter(|l| l.starts_with("FROM ")).collect();
    assert_eq!(stages.len(), 2, "a two-stage build: {stages:?}");
    assert!(stages[0].contains(" AS build") && stages[1].contains("debian:") && stages[1].contains("-slim"));
    assert!(container.contains("COPY --from=build /src/target/release/ddz-server"));
    assert!(container.contains("trunk build --release") && container.contains("COPY --from=build /src/dist"));
    let unit = file("ddz-server.service");
    for line in [
        "DynamicUser=yes",
        "StateDirectory=ddz-server",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
    ] {
        assert!(unit.lines().any(|l| l == line), "the unit lacks {line}");
    }
    let kube = file("kubernetes.yaml");
    for kind in ["kind: Deployment", "kind: Service", "kind: StatefulSet", "kind: Secret"] {
        assert!(kube.contains(kind), "the manifests lack a {kind}");
    }
    assert!(kube.contains("secretKeyRef"), "the database URL comes from the Secret");
    assert!(kube.contains("path: /api/health"), "the probes ask /api/health");
}

/// The unit as systemd reads it (`systemd-analyze verify`, where it is
/// installed), its ExecStart pointed at the built server.
#[test]
fn systemd_reads_the_unit() {
    let Ok(out) = Command::new("systemd-analyze").arg("--version").output() else {
        return;
    };
    if !out.status.success() {
        return;
    }
    let bin = support::server::server_binary();
    let unit = file("ddz-server.service").replace("/usr/local/bin/ddz-server", &bin.display().to_string());
    let dir = std::env::temp_dir().join(format!("ddz-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ddz-server.service");
    std::fs::write(&path, unit).unwrap();
    let verify = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&path)
        .output()
        .expect("systemd-analyze verify runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        verify.status.success() && verify.stderr.is_empty(),
        "systemd-analyze verify: {}{}",
        String::from_utf8_lossy(&verify.stdout),
        String::from_utf8_lossy(&verify.stderr)
    );
}
