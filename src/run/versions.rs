//! The version of each entry of a run (`crate::version`): `--version-label NAME=LABEL` read and
//! checked against the entries, and [`RunPlan::versions`] for whoever keeps them. Versions are
//! never written into games.csv, summary.json or the results folder's manifest, so a run's
//! files and its configuration hash are what they were before versions existed.

use crate::bot::BotChoice;
use crate::error::UsageError;
use crate::run::plan::{RunPlan, VersionLabels};
use crate::version::{self, BotVersion};
use std::path::Path;

/// `--version-label NAME=LABEL` items for the entries `bots`. NAME is an entry's label as the
/// run shows it (a label may hold `=` itself, `mcts:iterations=2000`: the first `=` after which
/// a known label ends is the split). An unknown NAME, one given twice or a bad label is refused,
/// naming the entries.
pub fn version_labels(given: &[String], bots: &[BotChoice]) -> Result<VersionLabels, UsageError> {
    let known = || {
        bots.iter()
            .map(|b| b.label.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut labels = VersionLabels::new();
    for item in given {
        let split = item
            .match_indices('=')
            .map(|(at, _)| (&item[..at], &item[at + 1..]))
            .find(|(name, _)| bots.iter().any(|b| b.label == *name));
        let Some((name, label)) = split else {
            return Err(UsageError::Invalid(match item.contains('=') {
                true => format!(
                    "--version-label '{item}' names no entry of this run; entries: {}",
                    known()
                ),
                false => format!("--version-label '{item}' is not NAME=LABEL"),
            }));
        };
        crate::bot::check_version_label(label)
            .map_err(|e| UsageError::Invalid(format!("--version-label '{item}': {e}")))?;
        if labels.insert(name.to_string(), label.to_string()).is_some() {
            return Err(UsageError::Invalid(format!(
                "--version-label names '{name}' twice; give one label per entry"
            )));
        }
    }
    Ok(labels)
}

impl RunPlan {
    /// Each entry's version, in the order of `bots`: a program's read from its files now, a
    /// built-in bot's from this build and its parameters. A `cgs:NAME` client, a program
    /// outside the run, is known only by its name and label.
    pub fn versions(&self) -> Result<Vec<BotVersion>, UsageError> {
        self.bots
            .iter()
            .map(|bot| {
                let label = self.version_labels.get(&bot.label).map(String::as_str);
                if bot.bot.ends_with(".toml") {
                    return Ok(version::of_program(Path::new(&bot.bot), label)?);
                }
                let params =
                    version::canonical_params(&bot.params, &(self.game.bot_params)(&bot.bot));
                let mut found = version::of_builtin(
                    env!("CARGO_PKG_VERSION"),
                    self.game.name,
                    &bot.bot,
                    &params,
                );
                if let Some(label) = label {
                    found.label = Some(label.to_string());
                }
                Ok(found)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bots(labels: &[&str]) -> Vec<BotChoice> {
        labels
            .iter()
            .map(|l| BotChoice {
                label: l.to_string(),
                bot: "x".into(),
                params: Default::default(),
            })
            .collect()
    }

    #[test]
    fn names_are_entries_and_labels_may_hold_what_names_hold() {
        let entries = bots(&["nice", "mcts:iterations=2000,rollout=greedy"]);
        let given = |items: &[&str]| {
            let items: Vec<String> = items.iter().map(|s| s.to_string()).collect();
            version_labels(&items, &entries)
        };
        let labels = given(&["nice=v1", "mcts:iterations=2000,rollout=greedy=a=b"]).unwrap();
        assert_eq!(labels["nice"], "v1");
        assert_eq!(labels["mcts:iterations=2000,rollout=greedy"], "a=b");
        let err = given(&["greedy=v1"]).unwrap_err().to_string();
        assert!(
            err.contains("names no entry of this run; entries: nice, mcts"),
            "{err}"
        );
        assert!(
            given(&["nice"])
                .unwrap_err()
                .to_string()
                .contains("NAME=LABEL")
        );
        assert!(given(&["nice="]).unwrap_err().to_string().contains("empty"));
        let err = given(&["nice=a", "nice=b"]).unwrap_err().to_string();
        assert!(err.contains("twice"), "{err}");
    }
}
