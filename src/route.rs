//! Pages live in the URL fragment (`#/deal?seed=42`), so the site works from
//! any sub-path of any static host, and a link carries what the page shows.

use engine::Deal;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Deal(DealLink),
    Play,
    Endgame,
    Lab,
    NotFound(String),
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
            "play" => Route::Play,
            "endgame" => Route::Endgame,
            "lab" => Route::Lab,
            other => Route::NotFound(other.to_string()),
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
            Route::Play => "#/play".into(),
            Route::Endgame => "#/endgame".into(),
            Route::Lab => "#/lab".into(),
            Route::NotFound(path) => format!("#/{path}"),
        }
    }
}

impl DealLink {
    fn from_query(query: &str) -> DealLink {
        let mut seed = None;
        let mut hands = None;
        let mut bottom = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = decode(value);
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
            Route::Play,
            Route::Endgame,
            Route::Lab,
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
