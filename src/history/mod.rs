//! Questions answered from the results store (docs/guide/history.md), for `tourney history`,
//! `tourney rate` and `tourney check`. `list` prints the runs a filter picks (and is what
//! `tourney db runs` prints), `fit` rates every stored game of one game and rule set jointly
//! with the report's own rating code, and `bot` shows one bot's versions with their joint
//! ratings and, on request, its page. `gate` decides `tourney check`'s history gates by that
//! fit.

pub mod bot;
pub mod fit;
pub mod gate;
mod list;

pub use list::print_runs;

use crate::store::{RunFilter, Store, StoredRun};

/// A filter of stored runs: the store's part and the format, which the store keeps inside each
/// run's configuration and is matched here.
pub struct Filter {
    pub store: RunFilter,
    pub format: Option<String>,
}

impl Filter {
    /// The runs picked, newest first.
    pub fn runs(&self, store: &mut Store) -> anyhow::Result<Vec<StoredRun>> {
        let mut runs = store.find_runs(&self.store)?;
        if let Some(format) = &self.format {
            runs.retain(|run| format_kind(run) == *format);
        }
        Ok(runs)
    }

    /// The filter as the options that gave it, for messages: `--game t2r --tag nightly`.
    pub fn shown(&self) -> String {
        let f = &self.store;
        let options = [
            ("--game", &f.game),
            ("--rules", &f.rules),
            ("--bot", &f.bot),
            ("--version", &f.version),
            ("--tag", &f.tag),
            ("--since", &f.since),
            ("--until", &f.until),
            ("--format", &self.format),
        ];
        let given: Vec<String> = (options.iter())
            .filter_map(|(flag, value)| Some(format!("{flag} {}", value.as_ref()?)))
            .collect();
        match given.is_empty() {
            true => "no filter".to_string(),
            false => given.join(" "),
        }
    }
}

/// A run's format as its configuration names it, without its settings: `round-robin`,
/// `gauntlet`, `field`, `knockout` or `swiss`.
fn format_kind(run: &StoredRun) -> String {
    let configuration: serde_json::Value =
        serde_json::from_str(&run.run.configuration).unwrap_or_default();
    let format = configuration["format"].as_str().unwrap_or("");
    format.split(':').next().unwrap_or("").to_string()
}
