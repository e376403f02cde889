//! `tourney history` and `tourney rate`: questions answered from the results store
//! (docs/guide/history.md). `list` prints the runs a filter picks (and is what `tourney db
//! runs` prints), `fit` rates every stored game of one game and rule set jointly with the
//! report's own rating code, and `bot` shows one bot's versions with their joint ratings and,
//! on request, its page. `gate` decides `tourney check`'s history gates by that fit.

mod bot;
pub(super) mod fit;
pub mod gate;
mod list;

pub use list::print_runs;

use super::dates::time;
use super::store_plan::open_store;
use crate::cli::{HistoryArgs, RateArgs, RunFilterArgs};
use crate::error::UsageError;
use crate::store::{RunFilter, Store, StoredRun};

pub fn execute(args: &HistoryArgs) -> anyhow::Result<()> {
    let filter = Filter::of(&args.filter)?;
    let mut store = open_store(&args.filter.store, false)?;
    match &args.name {
        Some(name) => bot::show(&mut store, &filter, name, args.json, args.html.as_deref()),
        None => {
            let mut runs = filter.runs(&mut store)?;
            runs.truncate(args.limit.unwrap_or(usize::MAX));
            if runs.is_empty() {
                eprintln!(
                    "no stored run in {} matches ({})",
                    store.location().shown(),
                    filter.shown()
                );
            }
            print_runs(&mut store, &runs, args.json)
        }
    }
}

pub fn rate(args: &RateArgs) -> anyhow::Result<()> {
    let filter = Filter::of(&args.filter)?;
    let mut store = open_store(&args.filter.store, false)?;
    let runs = filter.runs(&mut store)?;
    let joint = fit::fit(&mut store, &runs, &filter.shown(), None)?;
    match args.json {
        true => println!("{}", serde_json::to_string_pretty(&joint.json())?),
        false => joint.print(),
    }
    Ok(())
}

/// The command line's filter, checked: the store's part and the format, which the store keeps
/// inside each run's configuration and is matched here.
struct Filter {
    store: RunFilter,
    format: Option<String>,
}

impl Filter {
    fn of(args: &RunFilterArgs) -> Result<Filter, UsageError> {
        Ok(Filter {
            store: RunFilter {
                game: args.game.clone(),
                rules: args.rules.clone(),
                bot: args.bot.clone(),
                version: args.version.clone(),
                tag: args.tag.clone(),
                since: args
                    .since
                    .as_deref()
                    .map(|d| time("--since", d, "00:00:00"))
                    .transpose()?,
                until: args
                    .until
                    .as_deref()
                    .map(|d| time("--until", d, "23:59:59"))
                    .transpose()?,
            },
            format: args.format.clone(),
        })
    }

    /// The runs picked, newest first.
    fn runs(&self, store: &mut Store) -> anyhow::Result<Vec<StoredRun>> {
        let mut runs = store.find_runs(&self.store)?;
        if let Some(format) = &self.format {
            runs.retain(|run| format_kind(run) == *format);
        }
        Ok(runs)
    }

    /// The filter as the options that gave it, for messages: `--game t2r --tag nightly`.
    fn shown(&self) -> String {
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
