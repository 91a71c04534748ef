//! A table's link, `SITE/#/table/ID` (docs/tables.md), read into the
//! site its API is under and the table's id.

use std::fmt;

use thiserror::Error;

use crate::cmd::online::api;

/// The longest table id taken: the server's are 12 characters.
const MAX_ID: usize = 64;

/// A table on a site: `SITE/#/table/ID`. The API is at `SITE/api/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLink {
    /// `http://` or `https://`, a host and an optional path, no trailing `/`.
    site: String,
    /// The table's id.
    id: String,
}

/// Why a text is not a table's link.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LinkError {
    /// Neither a link nor an id.
    #[error("'{0}' is not a table's link: SITE/#/table/ID, as `ddz table new` prints it")]
    NotALink(String),
    /// An id alone, without the site.
    #[error("'{0}' is a table's id without its site: give the link (SITE/#/table/ID) or the site with --server URL")]
    NoSite(String),
    /// A link whose id is not one.
    #[error("'{0}' is not a table's id: 1 to {MAX_ID} letters, digits, '-' or '_'")]
    BadId(String),
    /// A link whose site is not an address.
    #[error("the link's site: {0}")]
    BadSite(String),
    /// A bare id given with --server, and a link as well.
    #[error("'{0}' is a whole link: give --server only with a table's id")]
    TwoSites(String),
}

impl TableLink {
    /// Reads `SITE/#/table/ID`, `SITE/table/ID` or `SITE/api/tables/ID`
    /// (a trailing `/` or `?…` after the id is dropped); a bare ID when
    /// the site is given as `server`.
    pub fn parse(text: &str, server: Option<&str>) -> Result<TableLink, LinkError> {
        let text = text.trim();
        let is_url = text.starts_with("http://") || text.starts_with("https://");
        match (is_url, server) {
            (true, Some(_)) => Err(LinkError::TwoSites(text.to_string())),
            (true, None) => TableLink::from_url(text),
            (false, Some(site)) => TableLink::new(site, text),
            (false, None) if is_id(text) => Err(LinkError::NoSite(text.to_string())),
            (false, None) => Err(LinkError::NotALink(text.to_string())),
        }
    }

    /// The table `id` on `site`.
    pub fn new(site: &str, id: &str) -> Result<TableLink, LinkError> {
        if !is_id(id) {
            return Err(LinkError::BadId(id.to_string()));
        }
        let server = api::Server::new(site, api::TIMEOUT).map_err(LinkError::BadSite)?;
        Ok(TableLink {
            site: server.url().to_string(),
            id: id.to_string(),
        })
    }

    fn from_url(text: &str) -> Result<TableLink, LinkError> {
        let not = || LinkError::NotALink(text.to_string());
        let (site, tail) = match text.split_once('#') {
            Some((site, fragment)) => (site, fragment.strip_prefix("/table/").ok_or_else(not)?),
            None => ["/api/tables/", "/table/"]
                .iter()
                .find_map(|marker| text.rsplit_once(marker))
                .ok_or_else(not)?,
        };
        let id = tail.split(['?', '#']).next().unwrap_or_default();
        let id = id.strip_suffix('/').unwrap_or(id);
        TableLink::new(site, id)
    }

    /// The site, as requests are sent to it (`SITE/api/…`).
    pub fn site(&self) -> &str {
        &self.site
    }

    /// The table's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// `tables/ID/rest` under the API (`tables/ID` when `rest` is empty).
    pub fn api_path(&self, rest: &str) -> String {
        match rest {
            "" => format!("tables/{}", self.id),
            rest => format!("tables/{}/{rest}", self.id),
        }
    }

    /// The WebSocket's address: `ws://` for an `http://` site, `wss://`
    /// for an `https://` one.
    pub fn ws_url(&self) -> String {
        let rest = self.site.strip_prefix("http").unwrap_or(&self.site);
        format!("ws{rest}/api/{}", self.api_path("ws"))
    }
}

impl fmt::Display for TableLink {
    /// The link people open: `SITE/#/table/ID`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/#/table/{}", self.site, self.id)
    }
}

pub(super) fn is_id(text: &str) -> bool {
    (1..=MAX_ID).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(text: &str) -> TableLink {
        TableLink::parse(text, None).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn links_in_every_form_read_to_the_site_and_id() {
        for text in [
            "http://127.0.0.1:8080/#/table/k3j9x0a1b2c3",
            " http://127.0.0.1:8080#/table/k3j9x0a1b2c3 ",
            "http://127.0.0.1:8080/table/k3j9x0a1b2c3",
            "http://127.0.0.1:8080/table/k3j9x0a1b2c3/",
            "http://127.0.0.1:8080/api/tables/k3j9x0a1b2c3",
            "http://127.0.0.1:8080/#/table/k3j9x0a1b2c3?chair=1",
        ] {
            let l = link(text);
            assert_eq!(l.site(), "http://127.0.0.1:8080", "{text}");
            assert_eq!(l.id(), "k3j9x0a1b2c3", "{text}");
        }
        let l = link("https://example.org/ddz/#/table/abc");
        assert_eq!(l.site(), "https://example.org/ddz");
        assert_eq!(l.to_string(), "https://example.org/ddz/#/table/abc");
        assert_eq!(l.ws_url(), "wss://example.org/ddz/api/tables/abc/ws");
        assert_eq!(l.api_path("history"), "tables/abc/history");
        assert_eq!(link("http://h:1/#/table/x").ws_url(), "ws://h:1/api/tables/x/ws");
    }

    #[test]
    fn an_id_needs_the_site_and_takes_it_from_server() {
        let l = TableLink::parse("k3j9x0a1b2c3", Some("http://h:8080/")).unwrap();
        assert_eq!(l.to_string(), "http://h:8080/#/table/k3j9x0a1b2c3");
        assert!(matches!(
            TableLink::parse("k3j9x0a1b2c3", None),
            Err(LinkError::NoSite(_))
        ));
        assert!(matches!(
            TableLink::parse("http://h/#/table/x", Some("http://h")),
            Err(LinkError::TwoSites(_))
        ));
        assert!(matches!(
            TableLink::parse("x", Some("h:8080")),
            Err(LinkError::BadSite(_))
        ));
    }

    #[test]
    fn what_is_not_a_link_is_refused_with_its_reason() {
        for (text, want) in [
            ("", "not a table's link"),
            ("ftp://h/#/table/x", "not a table's link"),
            ("http://h/#/contest?online=abc", "not a table's link"),
            ("http://h/", "not a table's link"),
            ("http://h/#/table/", "not a table's id"),
            ("http://h/#/table/a b", "not a table's id"),
            ("http://h/table/../../x", "not a table's id"),
            ("http:///#/table/abc", "names no host"),
        ] {
            let e = TableLink::parse(text, None).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        let long = format!("http://h/#/table/{}", "a".repeat(MAX_ID + 1));
        assert!(matches!(TableLink::parse(&long, None), Err(LinkError::BadId(_))));
    }
}
