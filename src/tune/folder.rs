//! The tuning's output folder. A new tuning is refused a folder that already holds a tuning or
//! a run (nothing there is replaced: `--resume` continues an unfinished tuning), and a folder
//! the tuning made is removed again when the tuning is refused before its settings are
//! written, so bad input leaves no empty folder behind.

use super::settings::{SETTINGS, TuneSettings};
use crate::error::UsageError;
use crate::results::folders;
use anyhow::Context;
use std::path::{Path, PathBuf};

/// Refuses `dir` when it holds a tuning or a run.
pub fn check_free(dir: &Path) -> Result<(), UsageError> {
    let held = if dir.join("tuned.json").exists() {
        "a finished tuning".to_string()
    } else if dir.join(SETTINGS).exists() {
        format!(
            "an unfinished tuning (`tourney tune --resume {}` continues it)",
            dir.display()
        )
    } else if folders::holds_run(dir) {
        "a run's games".to_string()
    } else {
        return Ok(());
    };
    Err(UsageError::Invalid(format!(
        "{} already holds {held}; refused so that it is not lost: choose another --out",
        dir.display()
    )))
}

/// `ROOT/tune-<game>-<bot>-seed<S>`, with `-2`, `-3`… until the folder is new.
pub fn default_dir(root: &Path, settings: &TuneSettings) -> PathBuf {
    let bot: String = settings
        .bot
        .split(':')
        .next()
        .unwrap_or("bot")
        .chars()
        .map(|c| match c {
            '/' | '\\' | ',' | '=' => '_',
            c => c,
        })
        .collect();
    let base = format!("tune-{}-{bot}-seed{}", settings.game, settings.seed);
    folders::unused(root, &base)
}

/// A folder made for this tuning, removed when dropped unless [`NewFolder::keep`] was called
/// (a folder that existed before is never removed).
pub struct NewFolder {
    made: Option<PathBuf>,
}

impl NewFolder {
    pub fn create(dir: &Path) -> anyhow::Result<NewFolder> {
        let made = (!dir.exists()).then(|| dir.to_path_buf());
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create output folder {}", dir.display()))?;
        Ok(NewFolder { made })
    }

    /// The tuning has written its settings: the folder is its, whatever happens next.
    pub fn keep(&mut self) {
        self.made = None;
    }
}

impl Drop for NewFolder {
    fn drop(&mut self) {
        if let Some(dir) = &self.made {
            // Best effort: the error that refused the tuning is the one to report.
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
