//! What a tuning was started with, as written: the settings kept in `DIR/tune.json`, so
//! `--resume DIR` needs nothing else, and read back only when they match their hash.

use crate::error::UsageError;
use crate::results::files::value_sha256;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The settings file every tuning folder holds, written before the first iteration.
pub const SETTINGS: &str = "tune.json";

/// Everything that decides the games and the tuned values, as written: what `tune.json` keeps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TuneSettings {
    pub game: String,
    pub rules: Option<String>,
    pub options: BTreeMap<String, String>,
    pub players: Option<usize>,
    /// The bot spec, as in `run --bots`.
    pub bot: String,
    /// `NAME=MIN:MAX` or `NAME`, as given.
    pub params: Vec<String>,
    /// Bot specs of the field; empty for self-play.
    pub against: Vec<String>,
    pub games: u64,
    pub batch: u64,
    pub seed: u64,
    pub verify: bool,
    pub verify_games: u64,
}

/// The key of `tune.json` that holds the SHA-256 of the rest, so an edited file is refused by
/// `--resume` instead of silently continuing another tuning's rows.
const SETTINGS_SHA256: &str = "settings_sha256";

impl TuneSettings {
    /// `tune.json`'s text: the settings and their hash.
    pub fn json(&self) -> String {
        let mut value = serde_json::to_value(self).expect("settings always encode");
        let hash = value_sha256(&value);
        value
            .as_object_mut()
            .expect("settings are an object")
            .insert(SETTINGS_SHA256.into(), hash.into());
        serde_json::to_string_pretty(&value).expect("a value always encodes") + "\n"
    }

    /// The settings of the tuning in `dir`, to resume it.
    pub fn read(dir: &Path) -> Result<TuneSettings, UsageError> {
        let path = dir.join(SETTINGS);
        let text = crate::input::read_text(&path, crate::input::TUNE_SETTINGS).map_err(|e| {
            UsageError::Invalid(format!(
                "{} has no tuning to resume ({}: {e})",
                dir.display(),
                path.display()
            ))
        })?;
        TuneSettings::from_json(&text).map_err(|message| UsageError::File {
            path,
            line: 1,
            message,
        })
    }

    /// The settings of `tune.json`'s text, refused when they do not match their hash.
    fn from_json(text: &str) -> Result<TuneSettings, String> {
        let mut value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not a tune.json: {e}"))?;
        let hash = value
            .as_object_mut()
            .and_then(|o| o.remove(SETTINGS_SHA256))
            .ok_or_else(|| format!("not a tune.json: no {SETTINGS_SHA256}"))?;
        if hash.as_str() != Some(value_sha256(&value).as_str()) {
            return Err(format!(
                "the settings differ from those the tuning was started with (their \
                 {SETTINGS_SHA256} does not match): edited? it cannot be resumed"
            ));
        }
        serde_json::from_value(value).map_err(|e| format!("not a tune.json: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tune_json_comes_back_and_an_edited_one_is_refused() {
        let settings = TuneSettings {
            game: "t2r".into(),
            bot: "test-optimum".into(),
            params: vec!["x".into()],
            games: 400,
            batch: 8,
            seed: 3,
            ..TuneSettings::default()
        };
        let text = settings.json();
        assert_eq!(TuneSettings::from_json(&text).unwrap(), settings);
        let edited = text.replace("\"seed\": 3", "\"seed\": 4");
        assert_ne!(edited, text);
        assert!(
            TuneSettings::from_json(&edited)
                .unwrap_err()
                .contains("edited")
        );
    }
}
