//! The keys this browser holds for a table, kept in localStorage so a
//! reload, a lost connection or a closed tab resumes the same chair.

use serde::{Deserialize, Serialize};

use crate::web;

/// A table's keys: the seat key of the chair taken here, and the host key
/// if this browser opened the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keys {
    #[serde(default)]
    pub seat: Option<String>,
    #[serde(default)]
    pub host: Option<String>,
}

fn name(id: &str) -> String {
    format!("ddz-table-{id}")
}

impl Keys {
    /// The keys kept for table `id` (none if unreadable).
    pub fn load(id: &str) -> Keys {
        web::storage_get(&name(id))
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Keeps them; `false` if the browser refused.
    pub fn save(&self, id: &str) -> bool {
        serde_json::to_string(self).is_ok_and(|text| web::storage_set(&name(id), &text).is_ok())
    }
}
