//! `ddz contest … --server URL`: online events on a `ddz-server`, through
//! its JSON API (docs/server.md). `new` creates one (the server seals the
//! link event's settings with a secret of its own), `enter` seats an AI
//! entrant that plays through the API, `standings`, `close`, and `export`
//! (after close: every result file, the sealed event's code, the secret
//! and the commitment, for `ddz contest score DIR` to check offline).
//!
//! [`api`] is the HTTP client, [`entrant`] the AI entrant's loop; the
//! load benchmark (`cli/examples/bench_server.rs`) includes both.

pub mod api;
pub mod entrant;

use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde_json::{json, Value};

use engine::contest::{EntrantName, Event, Secret, Standings};
use engine::PlayerSpec;

use super::out;
use crate::error::CliError;
use crate::report::Report;
use api::{str_field, ApiError, Repeat, Server};
use entrant::{Entry, Tally};

/// The files an export folder holds, beside `results/`.
pub const EVENT_FILE: &str = "event.txt";
pub const SECRET_FILE: &str = "secret.txt";
pub const COMMITMENT_FILE: &str = "commitment.txt";
pub const RESULTS_DIR: &str = "results";

impl From<ApiError> for CliError {
    fn from(e: ApiError) -> CliError {
        CliError::Other(e.to_string())
    }
}

fn connect(url: &str) -> Result<Server, CliError> {
    Server::new(url, api::TIMEOUT).map_err(|e| CliError::arg("--server", e))
}

/// What `contest new --server` sends beside the event.
pub struct NewOnline {
    pub server: String,
    pub opens: Option<String>,
    pub closes: Option<String>,
    pub standings_after: Option<u32>,
    pub max_entrants: Option<u32>,
}

/// `ddz contest new … --server URL`: the link event's settings sent to the
/// server, which seals them with a secret of its own; prints the link and
/// the organiser key (shown once).
pub fn create(online: &NewOnline, event: &Event, note: Option<String>) -> Result<Report, CliError> {
    let server = connect(&online.server)?;
    let mut body = json!({ "event": event.code() });
    let fields = [
        ("opens", online.opens.clone().map(Value::from)),
        ("closes", online.closes.clone().map(Value::from)),
        ("standings_after", online.standings_after.map(Value::from)),
        ("max_entrants", online.max_entrants.map(Value::from)),
    ];
    for (name, value) in fields {
        if let Some(v) = value {
            body[name] = v;
        }
    }
    // Not sent again after a network error: a second event would not be
    // the first, whose key would be lost.
    let reply = server.post("events", None, &body, Repeat::WhenBusy)?;
    let id = str_field(&reply, "id")?;
    let link = str_field(&reply, "link")?;
    let key = str_field(&reply, "organiser_key")?;
    let view = api::field(&reply, "event")?;
    let commitment = view.get("commitment").and_then(Value::as_str).unwrap_or("");
    // The rules as the server words them: its boards come from its secret,
    // not from the link event's seed.
    let rules = view.get("rules").and_then(Value::as_str).unwrap_or_default();
    let mut text = format!("{rules}\nonline event: {id} on {}\nlink: {link}\n", server.url());
    text += &format!(
        "organiser key: {key}\n  (shown once: the server keeps only its hash. It closes, extends and disqualifies, and shows the standings early.)\n"
    );
    text += &format!(
        "commitment: {commitment}\n  (SHA-256 of the event's secret, revealed at close: keep it to check the boards)\n"
    );
    if let Some(note) = &note {
        text += &format!("({note})\n");
    }
    Ok(Report {
        json: json!({
            "id": id, "link": link, "organiser_key": key, "commitment": commitment,
            "server": server.url(), "event": view, "note": note,
            "key_note": "shown once: the server keeps only its hash",
        }),
        text,
    })
}

/// `ddz contest enter ID --server URL`: an AI entrant plays every board
/// through the API; prints the entry key and the totals.
pub fn enter(
    url: &str,
    id: &str,
    entrant: Option<EntrantName>,
    key: Option<String>,
    player: &PlayerSpec,
    seed: u64,
    time_limit_ms: f64,
) -> Result<Report, CliError> {
    let server = connect(url)?;
    let event = server.get(&format!("events/{id}"), None)?;
    let key = match key {
        Some(key) => key,
        None => {
            let name = entrant
                .as_ref()
                .ok_or_else(|| CliError::arg("--entrant", "name the entrant (or resume with --key)"))?;
            // Entered once: after a network error the entry may exist, and a
            // second try would be refused as a taken name.
            let reply = server
                .post(
                    &format!("events/{id}/entries"),
                    None,
                    &json!({ "name": name.as_str() }),
                    Repeat::WhenBusy,
                )
                .map_err(|e| match e {
                    ApiError::Network(_) => CliError::Other(format!(
                        "{e}; the entry may have been made: if the name is now taken, its key was lost"
                    )),
                    e => e.into(),
                })?;
            let key = str_field(&reply, "entry_key")?.to_string();
            // Said at once, so a run cut short can be resumed.
            crate::report::write_stderr(&format!("entry key: {key} (keep it: --key {key} resumes the entry)\n"));
            key
        }
    };
    let entry = Entry {
        server: &server,
        id,
        key: &key,
    };
    let mut tally = Tally::default();
    let view = entrant::play_entry(&entry, player, seed, Some(time_limit_ms), &mut tally)
        .map_err(|e| CliError::Other(format!("{e} (the entry goes on with --key {key})")))?;
    let name = str_field(&view, "name")?;
    if let Some(given) = &entrant {
        if given.as_str() != name {
            return Err(CliError::arg(
                "--entrant",
                format!("the key's entry is {name}'s, not {given}'s"),
            ));
        }
    }
    let total = view.get("total").and_then(Value::as_i64).unwrap_or(0);
    let title = event.get("rules").and_then(Value::as_str).unwrap_or(id);
    let mut text = format!("{name} ({player}) on {title} (online event {id}):\n");
    let boards = view
        .get("boards")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for b in &boards {
        let score = b.get("score").and_then(Value::as_i64);
        text += &format!(
            "  board {:>2}  {:<8}  {}\n",
            b.get("number").and_then(Value::as_u64).unwrap_or(0),
            b.get("seat").and_then(Value::as_str).unwrap_or("?"),
            score.map_or("-".into(), |s| format!("{s:+}"))
        );
    }
    text += &format!(
        "score {total:+} ({} moves sent)\nentry key: {key} (the server keeps only its hash)\n",
        tally.acknowledged.len()
    );
    Ok(Report {
        json: json!({
            "id": id, "entrant": name, "player": player.to_string(), "entry_key": key,
            "score": total, "finished": view.get("finished"), "boards": boards,
            "moves": tally.acknowledged.len(),
        }),
        text,
    })
}

/// `ddz contest standings ID --server URL`.
pub fn standings(url: &str, id: &str, organiser: Option<&str>, csv: bool) -> Result<Report, CliError> {
    let server = connect(url)?;
    if csv {
        let text = server.get_text(&format!("events/{id}/standings.csv"), organiser, api::MAX_REPLY)?;
        return Ok(Report {
            json: json!({ "csv": text }),
            text,
        });
    }
    let event = server.get(&format!("events/{id}"), None)?;
    let reply = server.get(&format!("events/{id}/standings"), organiser)?;
    let state = reply.get("state").and_then(Value::as_str).unwrap_or("?");
    let hidden = reply.get("hidden").and_then(Value::as_bool).unwrap_or(false);
    let rules = event.get("rules").and_then(Value::as_str).unwrap_or(id);
    let mut text = match state {
        "final" => format!("{rules}\nfinal standings (the event is closed)\n"),
        _ => format!("{rules}\nprovisional standings (the event is open)\n"),
    };
    if hidden {
        text += &format!(
            "hidden until {} entrants have finished ({} have; the organiser's key shows them)\n",
            event.get("standings_after").and_then(Value::as_u64).unwrap_or(1),
            event.get("finished").and_then(Value::as_u64).unwrap_or(0),
        );
    }
    match reply.get("standings") {
        Some(Value::Null) | None => {}
        Some(s) => {
            // The server leaves the boards' seeds out until close; the
            // text shows none, so any stands in for them here.
            let mut s = s.clone();
            if let Some(entrants) = s.get_mut("entrants").and_then(Value::as_array_mut) {
                for board in entrants
                    .iter_mut()
                    .filter_map(|e| e.get_mut("boards").and_then(Value::as_array_mut))
                    .flatten()
                    .filter_map(|b| b.get_mut("board").and_then(Value::as_object_mut))
                {
                    board.entry("seed").or_insert(json!(0));
                }
            }
            let s: Standings = serde_json::from_value(s)
                .map_err(|e| ApiError::Reply(format!("'standings' is not the engine's standings ({e})")))?;
            text += "\n";
            text += &super::contest::standings_body(&s);
        }
    }
    if let Some(list) = reply.get("disqualified").and_then(Value::as_array) {
        if !list.is_empty() {
            text += &format!("\n{} disqualified:\n", list.len());
            for d in list {
                text += &format!(
                    "  {}: {}\n",
                    d.get("name").and_then(Value::as_str).unwrap_or("?"),
                    d.get("reason").and_then(Value::as_str).unwrap_or("")
                );
            }
        }
    }
    let mut json = reply;
    json["id"] = json!(id);
    Ok(Report { json, text })
}

/// `ddz contest close ID --server URL --organiser KEY`: closes, then reads
/// the event back and checks the revealed secret against the commitment.
pub fn close(url: &str, id: &str, organiser: &str) -> Result<Report, CliError> {
    let server = connect(url)?;
    server.post(
        &format!("events/{id}/close"),
        Some(organiser),
        &json!({}),
        Repeat::WhenBusy,
    )?;
    let view = server.get(&format!("events/{id}"), None)?;
    let secret = str_field(&view, "secret")?;
    let commitment = str_field(&view, "commitment")?;
    check_commitment(secret, commitment)?;
    let text = format!(
        "online event {id} closed: its standings are final\nsecret: {secret}\ncommitment: {commitment} (SHA-256 of the secret: checked)\n\
         ddz contest export {id} --server {} --out DIR writes every result for ddz contest score DIR\n",
        server.url()
    );
    Ok(Report {
        json: json!({ "id": id, "state": view.get("state"), "secret": secret, "commitment": commitment, "checked": true }),
        text,
    })
}

/// That `secret` (hex) hashes to `commitment`; a mismatch is an error.
pub fn check_commitment(secret: &str, commitment: &str) -> Result<Secret, CliError> {
    let parsed = Secret::from_str(secret.trim())
        .map_err(|_| CliError::Other(format!("the revealed secret '{secret}' is not 64 hex digits")))?;
    let computed = parsed.commitment();
    if computed != commitment.trim().to_ascii_lowercase() {
        return Err(CliError::Other(format!(
            "the revealed secret does not match the commitment: its SHA-256 is {computed}, the commitment published is {}",
            commitment.trim()
        )));
    }
    Ok(parsed)
}

/// `ddz contest export ID --server URL --out DIR`: after close, a new
/// folder with `event.txt` (the sealed event's code), `secret.txt`,
/// `commitment.txt` and `results/NNN-NAME.json` (each entrant's result
/// file), for `ddz contest score DIR`.
pub fn export(url: &str, id: &str, dir: &Path) -> Result<Report, CliError> {
    check_new_dir(dir)?;
    let server = connect(url)?;
    let text = server.get_text(&format!("events/{id}/export"), None, api::MAX_EXPORT)?;
    let reply: Value = serde_json::from_str(&text).map_err(|e| ApiError::Reply(format!("not JSON ({e})")))?;
    let code = str_field(&reply, "event_code")?;
    let secret = str_field(&reply, "secret")?;
    let commitment = str_field(&reply, "commitment")?;
    let results = api::field(&reply, "results")?
        .as_array()
        .ok_or_else(|| ApiError::Reply("'results' is not a list".into()))?;
    let mut files = Vec::new();
    for (i, r) in results.iter().enumerate() {
        let name = str_field(r, "name")?;
        let file = str_field(r, "file")?;
        files.push((format!("{:03}-{}.json", i + 1, slug(name)), file));
    }
    // Written before they are judged: the folder is the evidence, and
    // `contest score DIR` says what is wrong with it.
    std::fs::create_dir(dir).map_err(|e| CliError::io(dir, e))?;
    out::write_new(&dir.join(EVENT_FILE), &format!("{code}\n"))?;
    out::write_new(&dir.join(SECRET_FILE), &format!("{secret}\n"))?;
    out::write_new(&dir.join(COMMITMENT_FILE), &format!("{commitment}\n"))?;
    let results_dir = dir.join(RESULTS_DIR);
    std::fs::create_dir(&results_dir).map_err(|e| CliError::io(&results_dir, e))?;
    for (name, file) in &files {
        out::write_new(&results_dir.join(name), file)?;
    }
    let event = Event::from_code(code).map_err(|e| CliError::Other(format!("the exported event code: {e}")))?;
    check_sealed(&event, secret, commitment)?;
    let text = format!(
        "{event}\nwrote {}: the sealed event's code, its secret, the commitment (checked) and {} result files\n\
         ddz contest score {} scores them offline\n",
        dir.display(),
        files.len(),
        dir.display()
    );
    Ok(Report {
        json: json!({ "id": id, "out": dir.display().to_string(), "results": files.len(), "secret": secret, "commitment": commitment, "checked": true }),
        text,
    })
}

/// That `event` is sealed with `secret`, which hashes to `commitment`.
fn check_sealed(event: &Event, secret: &str, commitment: &str) -> Result<(), CliError> {
    let revealed = check_commitment(secret, commitment)?;
    match event.secret() {
        Some(s) if s == &revealed => Ok(()),
        Some(_) => Err(CliError::Other(
            "the event's code is sealed with another secret than the one revealed".into(),
        )),
        None => Err(CliError::Other(
            "the event's code is not an online (sealed) event's: it has no secret to check".into(),
        )),
    }
}

/// A name as part of a file name: letters and digits kept (any script),
/// the rest `_`, at most 40 characters.
fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .take(40)
        .map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' })
        .collect();
    if s.is_empty() {
        "_".into()
    } else {
        s
    }
}

/// Refuses `dir` unless it is a new folder in a folder we can write in.
fn check_new_dir(dir: &Path) -> Result<(), CliError> {
    if dir.symlink_metadata().is_ok() {
        return Err(CliError::arg(
            "--out",
            format!(
                "{} already exists; the export is written only to a new folder",
                dir.display()
            ),
        ));
    }
    let trimmed = PathBuf::from(dir.to_string_lossy().trim_end_matches('/'));
    out::check_writable_dir(out::folder(&trimmed))
}

/// An export folder, read back: the sealed event (its secret checked
/// against the commitment) and its result files.
#[derive(Debug)]
pub struct Export {
    pub event: Event,
    pub commitment: String,
    pub results: Vec<String>,
}

/// Reads the folder `export` wrote; a secret that does not match the
/// commitment is an error.
pub fn read_export(dir: &Path) -> Result<Export, CliError> {
    let read = |name: &str| super::read_bounded(&dir.join(name), crate::args::CODE_FILE_BYTES, "an export's file");
    let code = read(EVENT_FILE)?;
    let secret = read(SECRET_FILE)?;
    let commitment = read(COMMITMENT_FILE)?.trim().to_string();
    let event = Event::from_code(code.trim())
        .map_err(|e| CliError::Other(format!("{}: {e}", dir.join(EVENT_FILE).display())))?;
    check_sealed(&event, &secret, &commitment)?;
    let results_dir = dir.join(RESULTS_DIR);
    let mut results: Vec<String> = std::fs::read_dir(&results_dir)
        .map_err(|e| CliError::io(&results_dir, e))?
        .map(|entry| entry.map(|e| e.path().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::io(&results_dir, e))?;
    results.sort();
    Ok(Export {
        event,
        commitment,
        results,
    })
}

/// `contest score`'s check of a sealed event against a commitment given
/// on the command line.
pub fn check_event_commitment(event: &Event, commitment: &str) -> Result<(), CliError> {
    let secret = event.secret().ok_or_else(|| {
        CliError::arg(
            "--commitment",
            "the event is not an online (sealed) event's: it has no secret to check",
        )
    })?;
    check_commitment(&secret.to_string(), commitment).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commitments_are_checked() {
        let secret = Secret::from_bytes([7; 32]);
        let hex = secret.to_string();
        assert!(check_commitment(&hex, &secret.commitment()).is_ok());
        let other = Secret::from_bytes([8; 32]).commitment();
        let e = check_commitment(&hex, &other).unwrap_err().to_string();
        assert!(e.contains("does not match the commitment"), "{e}");
        assert!(check_commitment("12", &other).is_err());
    }

    #[test]
    fn slugs_are_file_names() {
        assert_eq!(slug("Ann"), "Ann");
        assert_eq!(slug("../etc/passwd"), "___etc_passwd");
        assert_eq!(slug("张三 bot"), "张三_bot");
        assert_eq!(slug(""), "_");
        assert_eq!(slug(&"x".repeat(100)).len(), 40);
    }

    /// An export folder written by hand, as `export` writes it, reads back
    /// with its secret checked, and a changed commitment is refused.
    #[test]
    fn an_export_folder_reads_back_and_its_commitment_is_checked() {
        let secret = Secret::from_bytes([3; 32]);
        let public = Event::daily("2026-11-28".parse().unwrap());
        let event = Event::sealed(public.settings(), secret).unwrap();
        let dir = std::env::temp_dir().join(format!("ddz-export-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir(&dir).unwrap();
        std::fs::create_dir(dir.join(RESULTS_DIR)).unwrap();
        std::fs::write(dir.join(EVENT_FILE), event.code()).unwrap();
        std::fs::write(dir.join(SECRET_FILE), secret.to_string()).unwrap();
        std::fs::write(dir.join(COMMITMENT_FILE), secret.commitment()).unwrap();
        let read = read_export(&dir).unwrap();
        assert_eq!(read.event, event);
        assert!(read.results.is_empty());
        std::fs::write(dir.join(COMMITMENT_FILE), Secret::from_bytes([4; 32]).commitment()).unwrap();
        assert!(read_export(&dir).is_err());
        // The right commitment with a secret the event was not sealed with.
        let other = Secret::from_bytes([4; 32]);
        std::fs::write(dir.join(SECRET_FILE), other.to_string()).unwrap();
        let e = read_export(&dir).unwrap_err().to_string();
        assert!(e.contains("another secret"), "{e}");
        assert!(check_new_dir(&dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
