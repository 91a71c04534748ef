//! `ddz table duplicate` and `ddz table standings`: a duplicate session
//! (复式, docs/tables.md) opened, and its standings read as a key may see
//! them.

use serde_json::{json, Value};

use engine::table::duplicate::{Looker, SessionView};

use super::super::online::api::{ApiError, Repeat, Server};
use super::{connect, new_body};
use crate::args::TableDuplicateArgs;
use crate::error::CliError;
use crate::report::Report;

/// `ddz table duplicate --server URL --tables T --boards B`: opens the
/// session; prints its link, the organiser's key and each table's link.
pub fn open(args: &TableDuplicateArgs) -> Result<Report, CliError> {
    let server = connect(&args.table.server)?;
    let mut body = new_body(&args.table);
    body["tables"] = json!(args.tables);
    body["boards"] = json!(args.boards);
    // Not sent again after a network error: a second session is not the first.
    let reply = server.post("duplicates", None, &body, Repeat::WhenBusy)?;
    let made = session_view(&reply)?;
    let key = made
        .organiser_key
        .as_deref()
        .ok_or_else(|| ApiError::Reply("no organiser key in the answer".into()))?;
    let mut text = format!(
        "duplicate session {} on {}: {} tables, {} boards\nlink: {}\n\
         organiser key: {key}\n  (shown once: it fills the tables' empty chairs with AI and sees every result as it comes. Keep it.)\n",
        made.id,
        server.url(),
        made.standings.shape.tables(),
        made.standings.shape.boards(),
        made.link,
    );
    for table in &made.tables {
        text += &format!("table {}: {}\n", table.number, table.link);
    }
    Ok(Report { json: reply, text })
}

fn session_view(reply: &Value) -> Result<SessionView, ApiError> {
    serde_json::from_value(reply.clone())
        .map_err(|e| ApiError::Reply(format!("not a duplicate session's answer ({e})")))
}

/// A session's link, `SITE/#/duplicate/ID`, or an id with `server`: the
/// server and the id.
fn session(text: &str, server: Option<&str>) -> Result<(Server, String), CliError> {
    let bad = || {
        CliError::arg(
            "LINK",
            format!("'{text}' is not a duplicate session's link: SITE/#/duplicate/ID, or its id with --server URL"),
        )
    };
    let (site, id) = match (text.trim().split_once("/#/duplicate/"), server) {
        (Some((site, id)), None) => (site, id.split(['?', '/']).next().unwrap_or_default()),
        (None, Some(site)) => (site, text.trim()),
        _ => return Err(bad()),
    };
    if !super::link::is_id(id) {
        return Err(bad());
    }
    Ok((connect(site)?, id.to_string()))
}

/// `ddz table standings LINK [--key KEY]`: the standings, best first.
pub fn standings(link: &str, server: Option<&str>, key: Option<&str>) -> Result<Report, CliError> {
    let (server, id) = session(link, server)?;
    let reply = server.get(&format!("duplicates/{id}"), key)?;
    let session = session_view(&reply)?;
    Ok(Report {
        text: standings_text(&session),
        json: reply,
    })
}

fn standings_text(session: &SessionView) -> String {
    let view = &session.standings;
    let shown: Vec<String> = view.shown.iter().map(u32::to_string).collect();
    let state = if view.over { "over" } else { "in play" };
    let looker = match session.looker {
        Looker::Organiser => "the organiser".to_string(),
        Looker::Table(n) => format!("table {n}"),
        Looker::Public => "anyone".to_string(),
    };
    let mut text = format!(
        "duplicate session {} ({state}): {} tables, {} boards; seen as {looker}: boards {}\n",
        session.id,
        view.shape.tables(),
        view.shape.boards(),
        if shown.is_empty() {
            "none yet".to_string()
        } else {
            shown.join(", ")
        },
    );
    text += "place  points  score  table chair  name\n";
    for e in &view.entries {
        let name = e.entrant.as_ref().map_or("(empty)".to_string(), |who| {
            if who.ai {
                format!("{} (AI)", who.name)
            } else {
                who.name.clone()
            }
        });
        text += &format!(
            "{:>5}  {:>6}  {:>+5}  {:>5} {:>5}  {name}\n",
            e.place, e.rank_points, e.score, e.table, e.chair
        );
    }
    text
}
