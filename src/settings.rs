//! Settings kept in the browser's localStorage. A stored value that cannot
//! be read is reported to the user and replaced, never silently dropped.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

const KEY: &str = "ddz.settings";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// `zh-CN` or `en`.
    pub lang: String,
}

impl Settings {
    pub fn lang(&self) -> Lang {
        Lang::from_code(&self.lang).unwrap_or(Lang::Zh)
    }

    pub fn with_lang(lang: Lang) -> Settings {
        Settings {
            lang: lang.code().to_string(),
        }
    }
}

/// What was stored, checked: `Ok(None)` if nothing was, `Err` with the
/// reason if it cannot be used.
pub fn parse(stored: Option<&str>) -> Result<Option<Settings>, String> {
    let Some(text) = stored else {
        return Ok(None);
    };
    let settings: Settings = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if Lang::from_code(&settings.lang).is_none() {
        return Err(format!("unknown language '{}'", settings.lang));
    }
    Ok(Some(settings))
}

/// Loads the settings: stored ones, else the browser language's default.
/// The second value is the reason stored settings were replaced, if they were.
pub fn load() -> (Settings, Option<String>) {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let stored = storage.as_ref().and_then(|s| s.get_item(KEY).ok().flatten());
    let default = || {
        let locale = web_sys::window()
            .and_then(|w| w.navigator().language())
            .unwrap_or_default();
        Settings::with_lang(Lang::from_locale(&locale))
    };
    match parse(stored.as_deref()) {
        Ok(Some(settings)) => (settings, None),
        Ok(None) => (default(), None),
        Err(reason) => {
            let settings = default();
            save(&settings);
            (settings, Some(reason))
        }
    }
}

pub fn save(settings: &Settings) {
    if let (Some(storage), Ok(text)) = (
        web_sys::window().and_then(|w| w.local_storage().ok().flatten()),
        serde_json::to_string(settings),
    ) {
        // A full or disabled storage only loses the preference, not the page.
        let _ = storage.set_item(KEY, &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_are_checked() {
        assert_eq!(parse(None), Ok(None));
        assert_eq!(parse(Some(r#"{"lang":"en"}"#)), Ok(Some(Settings::with_lang(Lang::En))));
        assert!(parse(Some("{not json")).is_err());
        assert_eq!(parse(Some(r#"{"lang":"fr"}"#)), Err("unknown language 'fr'".into()));
    }
}
