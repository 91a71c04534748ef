//! Pages live in the URL fragment (`#/deal?seed=42`), so the site works from
//! any sub-path of any static host, and a link carries what the page shows.

use engine::Deal;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Deal(DealLink),
    Play(PlayLink),
    Endgame(EndgameLink),
    Lab(LabLink),
    Contest(ContestLink),
    /// A table for people on the server serving the site (`#/table/ID`),
    /// its id as written.
    Table(String),
    /// A duplicate session on that server (`#/duplicate/ID`), its id as
    /// written.
    Duplicate(String),
    NotFound(String),
}

/// The Contest page as a link carries it: an event's code (`e`), a board
/// to play (`board`, from 1) or a view of the event (`view`: `score` or
/// `records`), as written; the page checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContestLink {
    pub event: Option<String>,
    /// An online event's id on the server serving the site (`online`).
    pub online: Option<String>,
    pub board: Option<String>,
    pub view: Option<String>,
}

impl ContestLink {
    /// The event's own page.
    pub fn event(code: &str) -> ContestLink {
        ContestLink {
            event: Some(code.to_string()),
            ..ContestLink::default()
        }
    }

    fn from_query(query: &str) -> ContestLink {
        let mut link = ContestLink::default();
        for (key, value) in pairs(query) {
            match key {
                "e" => link.event = Some(value),
                "online" => link.online = Some(value),
                "board" => link.board = Some(value),
                "view" => link.view = Some(value),
                _ => {}
            }
        }
        link
    }

    fn to_query(&self) -> String {
        let parts: Vec<String> = [
            ("e", &self.event),
            ("online", &self.online),
            ("board", &self.board),
            ("view", &self.view),
        ]
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}={}", encode(v))))
        .collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }
}

/// A game against the AI as a link carries it: the deal's seed, the rules
/// (`classic` bidding or `tournament`), who holds the first seeded hand
/// (`first`: `me`, `right` or `left`, classic) or the user's seat
/// (tournament), the opponents' level, and optionally the pace and practice
/// mode. Values are as written; the page checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayLink {
    pub seed: Option<String>,
    pub mode: Option<String>,
    pub first: Option<String>,
    pub seat: Option<String>,
    pub level: Option<String>,
    pub practice: bool,
    /// How fast the AI's moves come: `slow`, `normal` or `fast`.
    pub pace: Option<String>,
}

impl PlayLink {
    fn from_query(query: &str) -> PlayLink {
        let mut link = PlayLink::default();
        for (key, value) in pairs(query) {
            match key {
                "seed" => link.seed = Some(value),
                "mode" => link.mode = Some(value),
                "first" => link.first = Some(value),
                "seat" => link.seat = Some(value),
                "level" => link.level = Some(value),
                "practice" => link.practice = value == "1",
                "pace" => link.pace = Some(value),
                _ => {}
            }
        }
        link
    }

    fn to_query(&self) -> String {
        let mut parts = vec![];
        for (key, value) in [
            ("seed", &self.seed),
            ("mode", &self.mode),
            ("first", &self.first),
            ("seat", &self.seat),
            ("level", &self.level),
            ("pace", &self.pace),
        ] {
            if let Some(v) = value {
                parts.push(format!("{key}={}", encode(v)));
            }
        }
        if self.practice {
            parts.push("practice=1".into());
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }
}

/// The Lab page's deal and panel, as written (checked by the page).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LabLink {
    /// A seed (`seed=42`) or a deal in bracket notation (`deal=[..][..][..]`).
    pub deal: Option<String>,
    pub panel: Option<String>,
    /// Presentation mode (`present=1`): one chart per screen, for a class.
    pub present: bool,
}

impl LabLink {
    fn from_query(query: &str) -> LabLink {
        let mut link = LabLink::default();
        for (key, value) in pairs(query) {
            match key {
                "seed" | "deal" => link.deal = Some(value),
                "panel" => link.panel = Some(value),
                "present" => link.present = value == "1",
                _ => {}
            }
        }
        link
    }

    fn to_query(&self) -> String {
        let deal_key = match &self.deal {
            Some(d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => "seed",
            _ => "deal",
        };
        let present = self.present.then(|| "1".to_string());
        let parts: Vec<String> = [(deal_key, &self.deal), ("panel", &self.panel), ("present", &present)]
            .iter()
            .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}={}", encode(v))))
            .collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }
}

/// An endgame puzzle as a link carries it: hands and the play to beat as
/// written (checked by the page), or a built-in puzzle's number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndgameLink {
    pub landlord: String,
    pub farmer: String,
    pub farmer2: String,
    pub last: String,
    pub last_by: String,
    pub to_move: String,
    /// A built-in puzzle's number as written (from 1); the page checks it.
    pub puzzle: Option<String>,
}

impl EndgameLink {
    fn from_query(query: &str) -> EndgameLink {
        let mut link = EndgameLink::default();
        for (key, value) in pairs(query) {
            match key {
                "l" => link.landlord = value,
                "f" => link.farmer = value,
                "f2" => link.farmer2 = value,
                "last" => link.last = value,
                "by" => link.last_by = value,
                "to" => link.to_move = value,
                "puzzle" => link.puzzle = Some(value),
                _ => {}
            }
        }
        link
    }

    fn to_query(&self) -> String {
        if let Some(n) = &self.puzzle {
            return format!("?puzzle={}", encode(n));
        }
        let mut parts = vec![];
        for (key, value) in [
            ("l", &self.landlord),
            ("f", &self.farmer),
            ("f2", &self.farmer2),
            ("last", &self.last),
            ("by", &self.last_by),
            ("to", &self.to_move),
        ] {
            if !value.is_empty() {
                parts.push(format!("{key}={}", encode(value)));
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }
}

fn pairs(query: &str) -> impl Iterator<Item = (&str, String)> {
    query.split('&').filter(|p| !p.is_empty()).map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key, decode(value))
    })
}

/// Escapes what a play or hand may hold that a fragment should not (`+`).
fn encode(value: &str) -> String {
    value
        .replace('%', "%25")
        .replace('+', "%2B")
        .replace('&', "%26")
        .replace(' ', "%20")
}

/// What a deal link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealLink {
    /// No deal named: the page deals a random one.
    Fresh,
    /// `seed=N`; the text as written, checked by the page.
    Seed(String),
    /// `hands=L.F1.F2[&bottom=B]`, as written.
    Hands { hands: String, bottom: Option<String> },
}

impl Route {
    /// Reads `location.hash` (with or without the leading `#`).
    pub fn from_hash(hash: &str) -> Route {
        let hash = hash.trim_start_matches('#');
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        match path.trim_matches('/') {
            "" | "deal" => Route::Deal(DealLink::from_query(query)),
            "play" => Route::Play(PlayLink::from_query(query)),
            "endgame" => Route::Endgame(EndgameLink::from_query(query)),
            "lab" => Route::Lab(LabLink::from_query(query)),
            "contest" => Route::Contest(ContestLink::from_query(query)),
            other => match (other.strip_prefix("table/"), other.strip_prefix("duplicate/")) {
                (Some(id), _) => Route::Table(id.to_string()),
                (_, Some(id)) => Route::Duplicate(id.to_string()),
                _ => Route::NotFound(other.to_string()),
            },
        }
    }

    /// Goes to this route, adding a history entry (so Back returns).
    pub fn go(&self) {
        if let Some(window) = web_sys::window() {
            let _ = window.location().set_hash(&self.to_hash());
        }
    }

    /// The fragment for this route, starting with `#`.
    pub fn to_hash(&self) -> String {
        match self {
            Route::Deal(link) => match link {
                DealLink::Fresh => "#/deal".into(),
                DealLink::Seed(seed) => format!("#/deal?seed={seed}"),
                DealLink::Hands { hands, bottom: Some(b) } => format!("#/deal?hands={hands}&bottom={b}"),
                DealLink::Hands { hands, bottom: None } => format!("#/deal?hands={hands}"),
            },
            Route::Play(link) => format!("#/play{}", link.to_query()),
            Route::Endgame(link) => format!("#/endgame{}", link.to_query()),
            Route::Lab(link) => format!("#/lab{}", link.to_query()),
            Route::Contest(link) => format!("#/contest{}", link.to_query()),
            Route::Table(id) => format!("#/table/{}", encode(id)),
            Route::Duplicate(id) => format!("#/duplicate/{}", encode(id)),
            Route::NotFound(path) => format!("#/{path}"),
        }
    }
}

impl DealLink {
    fn from_query(query: &str) -> DealLink {
        let mut seed = None;
        let mut hands = None;
        let mut bottom = None;
        for (key, value) in pairs(query) {
            match key {
                "seed" => seed = Some(value),
                "hands" => hands = Some(value),
                "bottom" => bottom = Some(value),
                _ => {}
            }
        }
        match (hands, seed) {
            (Some(hands), _) => DealLink::Hands { hands, bottom },
            (None, Some(seed)) => DealLink::Seed(seed),
            (None, None) => DealLink::Fresh,
        }
    }

    /// The link that reproduces `deal` (by seed when it came from one).
    pub fn of(deal: &Deal, seed: Option<u64>) -> DealLink {
        match seed {
            Some(s) => DealLink::Seed(s.to_string()),
            None => {
                let [l, f1, f2] = deal.hands();
                DealLink::Hands {
                    hands: format!("{l}.{f1}.{f2}"),
                    bottom: deal.bottom().map(|b| b.to_string()),
                }
            }
        }
    }

    /// Turns the link into the bracketed notation the engine parses, so
    /// errors point at the same positions a pasted deal would.
    pub fn hands_as_deal_text(hands: &str, bottom: Option<&str>) -> String {
        let mut text: String = hands.split('.').map(|h| format!("[{h}]")).collect();
        if let Some(b) = bottom {
            text.push_str(&format!("[{b}]"));
        }
        text
    }
}

/// Percent-decoding for the few characters a link may carry escaped.
fn decode(value: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16);
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_round_trip_through_the_fragment() {
        for route in [
            Route::Deal(DealLink::Fresh),
            Route::Deal(DealLink::Seed("42".into())),
            Route::Deal(DealLink::Hands {
                hands: "3.4.5".into(),
                bottom: Some("345".into()),
            }),
            Route::Deal(DealLink::Hands {
                hands: "3.4.5".into(),
                bottom: None,
            }),
            Route::Play(PlayLink::default()),
            Route::Play(PlayLink {
                seed: Some("42".into()),
                seat: Some("farmer1".into()),
                level: Some("L7".into()),
                practice: true,
                pace: Some("fast".into()),
                ..PlayLink::default()
            }),
            Route::Play(PlayLink {
                seed: Some("42".into()),
                mode: Some("classic".into()),
                first: Some("left".into()),
                level: Some("master".into()),
                ..PlayLink::default()
            }),
            Route::Endgame(EndgameLink::default()),
            Route::Endgame(EndgameLink {
                landlord: "33".into(),
                farmer: "4".into(),
                last: "444555+33".into(),
                last_by: "farmer1".into(),
                ..Default::default()
            }),
            Route::Endgame(EndgameLink {
                puzzle: Some("2".into()),
                ..Default::default()
            }),
            Route::Lab(LabLink::default()),
            Route::Lab(LabLink {
                deal: Some("42".into()),
                panel: Some("quick".into()),
                present: false,
            }),
            Route::Lab(LabLink {
                deal: Some("42".into()),
                panel: Some("strong".into()),
                present: true,
            }),
            Route::Lab(LabLink {
                deal: Some("[3456789TJQKA2XD33344][4445556667778889][99TTTJJJQQQKKKAAA]".into()),
                panel: None,
                present: false,
            }),
            Route::Contest(ContestLink::default()),
            Route::Contest(ContestLink::event("RQEKQ2x1Yi-_")),
            Route::Contest(ContestLink {
                event: Some("RQE".into()),
                board: Some("3".into()),
                view: None,
                ..ContestLink::default()
            }),
            Route::Contest(ContestLink {
                event: Some("RQE".into()),
                board: None,
                view: Some("records".into()),
                ..ContestLink::default()
            }),
            Route::Contest(ContestLink {
                online: Some("abc123def456".into()),
                board: Some("2".into()),
                ..ContestLink::default()
            }),
            Route::Table("k3j9x0a1b2c3".into()),
            Route::Duplicate("k3j9x0a1b2c3".into()),
        ] {
            assert_eq!(Route::from_hash(&route.to_hash()), route);
        }
        assert_eq!(Route::from_hash(""), Route::Deal(DealLink::Fresh));
        assert_eq!(Route::from_hash("#/nowhere"), Route::NotFound("nowhere".into()));
        assert_eq!(
            Route::from_hash("#/deal?seed=%34%32"),
            Route::Deal(DealLink::Seed("42".into()))
        );
        assert_eq!(
            Route::from_hash("#/deal?seed=%E4%B8%AD%"),
            Route::Deal(DealLink::Seed("中%".into()))
        );
    }

    #[test]
    fn a_deal_link_reproduces_the_deal() {
        let deal = Deal::from_seed(7);
        let DealLink::Hands { hands, bottom } = DealLink::of(&deal, None) else {
            panic!("hands link")
        };
        let text = DealLink::hands_as_deal_text(&hands, bottom.as_deref());
        assert_eq!(Deal::parse(&text), Ok(deal));
        assert_eq!(DealLink::of(&deal, Some(7)), DealLink::Seed("7".into()));
    }
}
