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

use super::db;
use crate::cli::{HistoryArgs, RateArgs, RunFilterArgs};
use crate::error::UsageError;
use crate::store::{RunFilter, Store, StoredRun};

pub fn execute(args: &HistoryArgs) -> anyhow::Result<()> {
    let filter = Filter::of(&args.filter)?;
    let mut store = db::open(&args.filter.store, false)?;
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
    let mut store = db::open(&args.filter.store, false)?;
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

/// `--since`/`--until`'s value as the store keeps start times (`2026-12-05T02:15:45Z`, UTC): a
/// day (`2026-12-05`) takes `clock` as its time, a time is taken as it is.
pub(super) fn time(flag: &str, text: &str, clock: &str) -> Result<String, UsageError> {
    let whole = match text.len() {
        10 => format!("{text}T{clock}Z"),
        _ => text.to_string(),
    };
    let digits = |range: std::ops::Range<usize>, most: u32| {
        (whole.get(range))
            .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|v| v <= most)
    };
    let shaped = whole.len() == 20
        && whole.as_bytes()[4] == b'-'
        && whole.as_bytes()[7] == b'-'
        && whole.as_bytes()[10] == b'T'
        && whole.as_bytes()[13] == b':'
        && whole.as_bytes()[16] == b':'
        && whole.as_bytes()[19] == b'Z'
        && digits(0..4, 9999)
        && digits(5..7, 12)
        && digits(8..10, 31)
        && digits(11..13, 23)
        && digits(14..16, 59)
        && digits(17..19, 59);
    match shaped && !whole[5..7].starts_with("00") && !whole[8..10].starts_with("00") {
        true => Ok(whole),
        false => Err(UsageError::Invalid(format!(
            "{flag} '{}' is not a date: give a day, YYYY-MM-DD (UTC), or a time, \
             YYYY-MM-DDTHH:MM:SSZ",
            crate::error::quote(text)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::time;

    #[test]
    fn days_and_times_become_stored_start_times() {
        assert_eq!(
            time("--since", "2026-12-05", "00:00:00").unwrap(),
            "2026-12-05T00:00:00Z"
        );
        assert_eq!(
            time("--until", "2026-12-05", "23:59:59").unwrap(),
            "2026-12-05T23:59:59Z"
        );
        assert_eq!(
            time("--until", "2026-12-05T02:15:45Z", "23:59:59").unwrap(),
            "2026-12-05T02:15:45Z"
        );
        for bad in [
            "yesterday",
            "2026-13-01",
            "2026-12-00",
            "2026-1-5",
            "2026-12-05T24:00:00Z",
            "",
        ] {
            let message = time("--since", bad, "00:00:00").unwrap_err().to_string();
            assert!(
                message.contains("--since") && message.contains("YYYY-MM-DD"),
                "{message}"
            );
        }
    }
}
