//! Settings kept in the browser's localStorage: the language and the Play
//! page's preferences. Stored settings that cannot be read are reported to
//! the user and replaced, and their text is kept aside, never silently
//! dropped.

use serde::{Deserialize, Serialize};

use crate::game::prefs::{BadValue, Prefs, Setting, StoredPrefs};
use crate::i18n::Lang;
use crate::web;

const KEY: &str = "ddz.settings";
/// Where settings that could not be read are kept.
pub const SET_ASIDE_KEY: &str = "ddz.settings.unreadable";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrowserSettings {
    pub lang: Lang,
    pub play: Prefs,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    /// `zh-CN` or `en`.
    lang: String,
    /// Absent in settings saved before the Play page had preferences.
    #[serde(default)]
    play: Option<StoredPrefs>,
}

impl BrowserSettings {
    pub fn with_lang(lang: Lang) -> BrowserSettings {
        BrowserSettings {
            lang,
            play: Prefs::default(),
        }
    }

    fn to_json(self) -> String {
        let stored = Stored {
            lang: self.lang.code().into(),
            play: Some(self.play.into()),
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }
}

/// Why stored settings cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// Not the settings' JSON at all.
    Format,
    Value(BadValue),
}

/// What was stored, checked: `Ok(None)` if nothing was, `Err` with the
/// reason if it cannot be used.
pub fn parse(stored: Option<&str>) -> Result<Option<BrowserSettings>, SettingsError> {
    let Some(text) = stored else {
        return Ok(None);
    };
    let stored: Stored = serde_json::from_str(text).map_err(|_| SettingsError::Format)?;
    let lang = Lang::from_code(&stored.lang)
        .ok_or_else(|| SettingsError::Value(BadValue::new(Setting::Language, &stored.lang)))?;
    let play = match stored.play {
        Some(p) => p.check().map_err(SettingsError::Value)?,
        None => Prefs::default(),
    };
    Ok(Some(BrowserSettings { lang, play }))
}

fn default_settings() -> BrowserSettings {
    let locale = web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default();
    BrowserSettings::with_lang(Lang::from_locale(&locale))
}

/// Loads the settings: stored ones, else the browser language's default.
/// The second value is the reason stored settings were replaced, if they
/// were; their text is then kept under [`SET_ASIDE_KEY`].
pub fn load() -> (BrowserSettings, Option<SettingsError>) {
    let stored = web::storage_get(KEY);
    match parse(stored.as_deref()) {
        Ok(Some(settings)) => (settings, None),
        Ok(None) => (default_settings(), None),
        Err(reason) => {
            // Moved, not copied: a copy might not fit beside the original.
            // BrowserSettings are a few bytes; whatever became of them, the
            // defaults take their place.
            let _ = web::set_aside(KEY, SET_ASIDE_KEY);
            let settings = default_settings();
            save(settings);
            (settings, Some(reason))
        }
    }
}

/// The settings as they are stored now (the default if none can be read).
pub fn current() -> BrowserSettings {
    parse(web::storage_get(KEY).as_deref())
        .ok()
        .flatten()
        .unwrap_or_else(default_settings)
}

pub fn save(settings: BrowserSettings) {
    // A full or disabled storage only loses the preference (the language,
    // the table's options), which the page in use keeps: not worth a notice.
    let _ = web::storage_set(KEY, &settings.to_json());
}

/// Changes what is stored, keeping the rest.
pub fn update(change: impl FnOnce(&mut BrowserSettings)) {
    let mut settings = current();
    change(&mut settings);
    save(settings);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prefs::Pace;

    #[test]
    fn stored_settings_are_checked() {
        assert_eq!(parse(None), Ok(None));
        assert_eq!(
            parse(Some(r#"{"lang":"en"}"#)),
            Ok(Some(BrowserSettings::with_lang(Lang::En)))
        );
        assert_eq!(parse(Some("{not json")), Err(SettingsError::Format));
        assert_eq!(
            parse(Some(r#"{"lang":"fr"}"#)),
            Err(SettingsError::Value(BadValue::new(Setting::Language, "fr")))
        );
        let mut settings = BrowserSettings::with_lang(Lang::Zh);
        settings.play.pace = Pace::Fast;
        settings.play.counter = true;
        assert_eq!(parse(Some(&settings.to_json())), Ok(Some(settings)));
        let broken = settings.to_json().replace("\"fast\"", "\"warp\"");
        assert_eq!(
            parse(Some(&broken)),
            Err(SettingsError::Value(BadValue::new(Setting::Pace, "warp")))
        );
    }
}
