//! `tourney history` and `tourney rate`: their arguments into a filter of stored runs, and the
//! questions the `history` module answers from the results store (docs/guide/history.md).

use super::dates::time;
use super::store_plan::open_store;
use crate::cli::{HistoryArgs, RateArgs, RunFilterArgs};
use crate::error::UsageError;
use crate::history::{self, Filter};
use crate::store::RunFilter;

pub fn execute(args: &HistoryArgs) -> anyhow::Result<()> {
    let filter = filter(&args.filter)?;
    let mut store = open_store(&args.filter.store, false)?;
    match &args.name {
        Some(name) => {
            history::bot::show(&mut store, &filter, name, args.json, args.html.as_deref())
        }
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
            history::print_runs(&mut store, &runs, args.json)
        }
    }
}

pub fn rate(args: &RateArgs) -> anyhow::Result<()> {
    let filter = filter(&args.filter)?;
    let mut store = open_store(&args.filter.store, false)?;
    let runs = filter.runs(&mut store)?;
    let joint = history::fit::fit(&mut store, &runs, &filter.shown(), None)?;
    match args.json {
        true => println!("{}", serde_json::to_string_pretty(&joint.json())?),
        false => joint.print(),
    }
    Ok(())
}

/// The command line's filter, checked.
fn filter(args: &RunFilterArgs) -> Result<Filter, UsageError> {
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
