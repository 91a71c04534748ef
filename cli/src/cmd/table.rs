//! `ddz table`: the client side of tables for people (docs/tables.md) on
//! a `ddz-server`. `new` opens a table, `bot` seats an AI player that
//! plays through the table's WebSocket from what its chair sees, `show`
//! prints the finished deals; `duplicate` opens a duplicate session and
//! `standings` reads its standings ([`duplicate`]).
//!
//! [`link`] reads a table's link, [`socket`] is the WebSocket, [`bot`]
//! the AI's answer to each frame; the HTTP requests go through the
//! contest client ([`super::online::api`]).

mod bot;
mod duplicate;
mod link;
mod socket;

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::contest::records::PAR_NODES;
use engine::lab::par::Par;
use engine::table::{Chair, DealView, Phase};
use rayon::prelude::*;

use super::online::api::{self, field, str_field, ApiError, Repeat, Server};
use crate::args::{TableBotArgs, TableCommand, TableNewArgs};
use crate::error::CliError;
use crate::report::{hand_text, progress_in, write_stderr, Report};
use link::TableLink;

pub fn run(command: TableCommand) -> Result<Report, CliError> {
    match command {
        TableCommand::New(args) => new(&args),
        TableCommand::Bot(args) => play_bot(&args),
        TableCommand::Show { link, server, par } => show(&table_link(&link, server.as_deref())?, par),
        TableCommand::Duplicate(args) => duplicate::open(&args),
        TableCommand::Standings { link, server, key } => duplicate::standings(&link, server.as_deref(), key.as_deref()),
    }
}

fn table_link(text: &str, server: Option<&str>) -> Result<TableLink, CliError> {
    TableLink::parse(text, server).map_err(|e| CliError::arg("LINK", e))
}

fn connect(site: &str) -> Result<Server, CliError> {
    Server::new(site, api::TIMEOUT).map_err(|e| CliError::arg("--server", e))
}

/// `ddz table new --server URL`: opens a table; prints its link and the
/// host key (with `--json`, the server's answer as it is).
fn new(args: &TableNewArgs) -> Result<Report, CliError> {
    let server = connect(&args.server)?;
    let body = new_body(args);
    // Not sent again after a network error: a second table is not the first.
    let reply = server.post("tables", None, &body, Repeat::WhenBusy)?;
    let id = str_field(&reply, "id")?;
    let link = str_field(&reply, "link")?;
    let key = str_field(&reply, "host_key")?;
    let text = format!(
        "table {id} on {}\nlink: {link}\n  (share it: whoever opens it takes an empty chair or watches)\n\
         host key: {key}\n  (the host's secret, shown once: it puts AI players in empty chairs. Keep it; share the link, not the key.)\n\
         ddz table bot {link} --player L7 seats an AI player here\n",
        server.url()
    );
    Ok(Report { json: reply, text })
}

/// A new table's settings as the server reads them: those not given are
/// its defaults.
fn new_body(args: &TableNewArgs) -> Value {
    let mut body = json!({});
    if let Some(rules) = args.rules {
        body["rules"] = json!(rules.name());
    }
    if let Some(seconds) = args.turn_seconds {
        body["turn_seconds"] = json!(seconds);
    }
    if let Some(ai) = &args.ai {
        body["ai"] = json!(ai.to_string());
    }
    body
}

/// `ddz table bot LINK --player SPEC`: takes a chair, plays `--deals`
/// deals to their end through the WebSocket, and prints each one's score.
fn play_bot(args: &TableBotArgs) -> Result<Report, CliError> {
    let link = table_link(&args.link, args.server.as_deref())?;
    let server = connect(link.site())?;
    let name = args.name.clone().unwrap_or_else(|| args.player.to_string());
    let (chair, key) = take_chair(&server, &link, &name, args.chair)?;
    write_stderr(&format!(
        "{name} sits in chair {chair} at {link} (seat key {key}: whoever says hello with it plays this chair)\n"
    ));
    let mut bot = bot::Bot::new(chair, args.player.build(args.seed), args.deals as usize);
    let total = Duration::from_secs(args.timeout);
    bot::play(&link.ws_url(), &key, &mut bot, total)
        .map_err(|e| CliError::Other(format!("chair {chair} at {link}: {e}")))?;
    let deals = finished_deals(&server, &link, bot.finished())?;
    Ok(bot_report(&link, chair, &name, args, &key, &deals, bot.scores))
}

/// `POST /api/tables/{id}/seats`: the chair given and its seat key.
fn take_chair(
    server: &Server,
    link: &TableLink,
    name: &str,
    chair: Option<Chair>,
) -> Result<(Chair, String), CliError> {
    let mut body = json!({ "name": name });
    if let Some(chair) = chair {
        body["chair"] = json!(chair);
    }
    let reply = server
        .post(&link.api_path("seats"), None, &body, Repeat::WhenBusy)
        .map_err(|e| CliError::Other(format!("taking a chair at {link}: {e}")))?;
    let given = api::u64_field(&reply, "chair")?;
    let chair = Chair::new(given as usize)
        .ok_or_else(|| ApiError::Reply(format!("the server gave chair {given}: a table has chairs 0, 1 and 2")))?;
    Ok((chair, str_field(&reply, "seat_key")?.to_string()))
}

/// The finished deals, each as its last frame showed it or, for one that
/// ended between two frames, as the table's history has it.
fn finished_deals(
    server: &Server,
    link: &TableLink,
    finished: &BTreeMap<u32, Option<DealView>>,
) -> Result<Vec<DealView>, CliError> {
    if finished.values().all(Option::is_some) {
        return Ok(finished.values().flatten().cloned().collect());
    }
    let history = history(server, link)?.1;
    let lookup = |n: u32| history.iter().find(|d| d.number == n).cloned();
    finished
        .iter()
        .map(|(&n, deal)| {
            deal.clone()
                .or_else(|| lookup(n))
                .ok_or_else(|| CliError::Other(format!("deal {n} finished, but the table's history does not hold it")))
        })
        .collect()
}

fn bot_report(
    link: &TableLink,
    chair: Chair,
    name: &str,
    args: &TableBotArgs,
    key: &str,
    deals: &[DealView],
    scores: [i64; 3],
) -> Report {
    let player = args.player.to_string();
    let who = if player == name {
        player
    } else {
        format!("{name} ({player})")
    };
    let mut text = format!("{who} in chair {chair} at {link}\n");
    for deal in deals {
        text += &format!("{}\n", deal_line(deal));
    }
    text += &format!("running score: {} (chairs 0, 1, 2)\n", scores_text(&scores));
    let summaries: Vec<Value> = deals.iter().map(deal_summary).collect();
    Report {
        json: json!({
            "id": link.id(), "link": link.to_string(), "chair": chair, "name": name,
            "player": args.player.to_string(), "seat_key": key, "deals": summaries, "scores": scores,
        }),
        text,
    }
}

/// `ddz table show LINK [--par]`: every finished deal, whole (with
/// `--json`, the server's history as it is, each deal with its `par` when
/// asked).
fn show(link: &TableLink, with_par: bool) -> Result<Report, CliError> {
    let server = connect(link.site())?;
    let (mut reply, deals) = history(&server, link)?;
    let pars = if with_par {
        pars(&deals)
    } else {
        vec![None; deals.len()]
    };
    if with_par {
        if let Some(list) = reply["deals"].as_array_mut() {
            for (deal, par) in list.iter_mut().zip(&pars) {
                deal["par"] = json!(par);
            }
        }
    }
    let scores: Vec<i64> = field(&reply, "scores")?
        .as_array()
        .map(|s| s.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default();
    let mut text = format!("table {} ({link}): {} finished deals\n", link.id(), deals.len());
    for (deal, par) in deals.iter().zip(&pars) {
        text += &format!("\n{}", deal_block(deal));
        if let Some(par) = par {
            text += &format!(
                "  par: the {} {} ({} nodes), first play {}\n",
                par.winner.name(),
                if par.exact { "wins, proven" } else { "wins, estimated" },
                par.nodes,
                par.first.map_or("-".into(), |m| m.to_string())
            );
        }
    }
    text += &format!("\nrunning score: {} (chairs 0, 1, 2)\n", scores_text(&scores));
    Ok(Report { json: reply, text })
}

/// Each deal's par at the hand records' budget, on every core; `None`
/// for a deal all passed.
fn pars(deals: &[DealView]) -> Vec<Option<Par>> {
    let bar = progress_in(deals.len() as u64, "deals", false);
    bar.set_message("par");
    let clock = MonotonicClock::default();
    let pars = deals
        .par_iter()
        .map(|deal| {
            let par = deal.seated_deal().map(|d| Par::of(&d, PAR_NODES, &clock));
            bar.inc(1);
            par
        })
        .collect();
    bar.finish_and_clear();
    pars
}

/// `GET /api/tables/{id}/history`: the reply, and its deals read.
fn history(server: &Server, link: &TableLink) -> Result<(Value, Vec<DealView>), CliError> {
    let reply = server.get(&link.api_path("history"), None)?;
    let deals = serde_json::from_value(field(&reply, "deals")?.clone())
        .map_err(|e| ApiError::Reply(format!("'deals' is not a list of the engine's deals ({e})")))?;
    Ok((reply, deals))
}

/// `+12 -6 -6`.
fn scores_text(scores: &[i64]) -> String {
    let each: Vec<String> = scores.iter().map(|s| format!("{s:+}")).collect();
    each.join(" ")
}

/// One line: `deal 3: landlord chair 2, bid 3; chair 2 went out, stake 6 (1 bomb); scores +12 -6 -6`.
fn deal_line(deal: &DealView) -> String {
    let n = deal.number;
    let bid = match (deal.bid, deal.says.is_empty()) {
        (Some(bid), _) => Some(format!("bid {bid}")),
        (None, false) => Some("called".to_string()),
        (None, true) => None,
    };
    match (deal.phase, deal.landlord, bid, &deal.result) {
        (Phase::Redeal, ..) => format!("deal {n}: redeal (every chair passed)"),
        (_, Some(landlord), Some(bid), Some(r)) => {
            let mut extras = Vec::new();
            if r.bombs > 0 {
                extras.push(format!("{} bomb{}", r.bombs, if r.bombs == 1 { "" } else { "s" }));
            }
            if r.spring {
                extras.push("spring".to_string());
            }
            let extras = if extras.is_empty() {
                String::new()
            } else {
                format!(" ({})", extras.join(", "))
            };
            format!(
                "deal {n}: landlord chair {landlord}, {bid}; chair {} went out, stake {}{extras}; scores {}",
                r.winner,
                r.stake,
                scores_text(&r.scores)
            )
        }
        (phase, ..) => format!("deal {n}: {} (not finished)", phase.name()),
    }
}

/// A deal's line, then its record: the hands dealt, the calls, the
/// bottom cards and the plays.
fn deal_block(deal: &DealView) -> String {
    let mut text = format!("{}\n", deal_line(deal));
    if let Some(dealt) = &deal.dealt {
        for chair in Chair::ALL {
            text += &format!("  chair {chair} dealt {}\n", hand_text(dealt[chair.index()]));
        }
    }
    let calls: Vec<String> = deal.bids.iter().map(|(c, b)| format!("{c}: {b}")).collect();
    text += &format!("  calls from chair {}: {}\n", deal.first, calls.join(", "));
    if !deal.says.is_empty() {
        let says: Vec<String> = deal.says.iter().map(|(c, a)| format!("{c}: {a}")).collect();
        text += &format!("  said: {}\n", says.join(", "));
    }
    if let Some(bottom) = deal.bottom {
        text += &format!("  bottom: {bottom}\n");
    }
    if !deal.plays.is_empty() {
        let plays: Vec<String> = deal.plays.iter().map(|(c, m)| format!("{c}: {m}")).collect();
        text += &format!("  plays: {}\n", plays.join(", "));
    }
    text
}

/// The JSON of a deal in `table bot`'s summary.
fn deal_summary(deal: &DealView) -> Value {
    json!({
        "number": deal.number, "phase": deal.phase, "landlord": deal.landlord,
        "bid": deal.bid, "result": deal.result,
    })
}
