//! `manifest.json`: what a results folder was made from (the configuration that decides every
//! game, and its hash), which game indices it holds (all of them, or one shard's), and once they
//! are all written, the hash of its `games.csv`. Resume and merge read it to refuse a folder of
//! another configuration, naming the difference. It holds no time and no path, so a merged
//! folder's manifest is byte-identical to a single run's.

use super::files::value_sha256;
use crate::error::UsageError;
use crate::input::write_atomically;
use crate::summary::SprtOptions;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

/// The manifest's file name in a results folder.
pub const MANIFEST: &str = "manifest.json";

/// Everything that decides the games of a run, resolved (the game's defaults filled in), so two
/// command lines meaning the same run compare equal. Thread count and analysis options are not
/// part of it: they change no game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Configuration {
    /// `tourney` and its version.
    pub tool: String,
    /// SHA-256 of the executable: another build may play other games.
    pub binary_sha256: String,
    pub game: String,
    pub rules: String,
    /// Every option in force.
    pub options: BTreeMap<String, String>,
    pub seats: usize,
    pub bots: Vec<BotConfig>,
    /// `round-robin`, `gauntlet:LABEL`, `field:LABEL`, `knockout:SETTINGS` or `swiss:rounds=R`.
    pub format: String,
    /// Rounded up to whole seed groups.
    pub games_per_pairing: u64,
    pub master_seed: u64,
    /// `run --seeds FILE`: the file's seeds and hash (absent without one, so a manifest and
    /// its hash are as before the flag existed). Kept whole so resume and merge need no file.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seeds: Option<SeedsConfig>,
    pub total_games: u64,
    /// `--sprt-stop`: the test that stops each pairing, which decides which games are played.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sprt_stop: Option<SprtOptions>,
    /// `--faults tolerate=N` (absent under `lose`, so a manifest is as before the flag).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub faults: Option<String>,
    /// `--disqualify RATE`, which decides which games are played.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub disqualify: Option<f64>,
    /// `--clock BANK+INC` over every program's manifest (absent without it): a clock that runs
    /// out decides a game, so a resumed run keeps it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub clock: Option<String>,
    /// `--clock-margin-ms`, for the same reason.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub clock_margin_ms: Option<u64>,
    /// The game configuration as given (rules, options and seats that were asked for), to
    /// configure the game again: a value in force (e.g. a `random` size) is not always one that
    /// can be asked for. Not compared: the resolved fields above are.
    pub given: GivenConfig,
}

/// A [`GameConfig`] as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GivenConfig {
    pub rules: Option<String>,
    pub options: BTreeMap<String, String>,
    pub seats: Option<usize>,
}

/// The seeds of a run's `--seeds FILE`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeedsConfig {
    /// SHA-256 of the file's bytes.
    pub file_sha256: String,
    pub values: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotConfig {
    pub label: String,
    pub bot: String,
    pub params: BTreeMap<String, String>,
}

/// Shard `index` (1-based) of `count`: a contiguous share of the seeds, each with every game
/// that uses it, so every seed group stays whole within one shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// A results folder's `manifest.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub configuration: Configuration,
    /// SHA-256 of the configuration's JSON: equal hashes, equal games.
    pub configuration_sha256: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shard: Option<Shard>,
    /// The game indices this folder holds: `first_game..end_game`.
    pub first_game: u64,
    pub end_game: u64,
    /// Every game of the range is in `games.csv`.
    pub complete: bool,
    /// SHA-256 of `games.csv`, once complete.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub games_csv_sha256: Option<String>,
    /// Where and why `--sprt-stop` ended the run before its last game: the run is then
    /// complete, and resuming it plays nothing.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub stopped: Option<String>,
}

impl Configuration {
    /// SHA-256 of the configuration as compact JSON with its keys sorted (a JSON value's
    /// canonical form), so any tool can recompute it from `manifest.json`.
    pub fn sha256(&self) -> String {
        value_sha256(&serde_json::to_value(self).expect("a configuration always encodes"))
    }

    /// What differs from `other`, one phrase each, e.g. `master seed: 7 in the folder, 8 here`
    /// where `names` is ("in the folder", "here").
    pub fn differences(&self, other: &Configuration, names: (&str, &str)) -> Vec<String> {
        let mut out = Vec::new();
        let mut differ = |what: &str, mine: String, theirs: String| {
            difference(&mut out, names, what, mine, theirs);
        };
        differ("tool", self.tool.clone(), other.tool.clone());
        differ(
            "binary (another build plays other games)",
            format!("sha256 {}", short(&self.binary_sha256)),
            format!("sha256 {}", short(&other.binary_sha256)),
        );
        out.extend(self.game_differences(other, names));
        let mut differ = |what: &str, mine: String, theirs: String| {
            difference(&mut out, names, what, mine, theirs);
        };
        differ("seats", self.seats.to_string(), other.seats.to_string());
        let labels = |c: &Configuration| {
            c.bots
                .iter()
                .map(|b| match b.label == b.bot {
                    true => b.bot.clone(),
                    false => format!("{}={}", b.label, b.bot),
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        differ("bots", labels(self), labels(other));
        if labels(self) == labels(other) {
            for (mine, theirs) in self.bots.iter().zip(&other.bots) {
                differ(
                    &format!("parameters of bot {}", mine.label),
                    params(&mine.params),
                    params(&theirs.params),
                );
            }
        }
        differ("format", self.format.clone(), other.format.clone());
        differ(
            "games per pairing",
            self.games_per_pairing.to_string(),
            other.games_per_pairing.to_string(),
        );
        differ(
            "master seed",
            self.master_seed.to_string(),
            other.master_seed.to_string(),
        );
        let test = |c: &Configuration| {
            c.sprt_stop.map_or("no --sprt-stop".to_string(), |t| {
                format!(
                    "--sprt-stop nElo [{}, {}] alpha {} beta {}",
                    t.nelo0, t.nelo1, t.alpha, t.beta
                )
            })
        };
        differ("early stop", test(self), test(other));
        let policy = |c: &Configuration| {
            let faults = c.faults.as_deref().unwrap_or("lose");
            match c.disqualify {
                Some(rate) => format!("--faults {faults} --disqualify {rate}"),
                None => format!("--faults {faults}"),
            }
        };
        differ("fault policy", policy(self), policy(other));
        let clock = |c: &Configuration| {
            let margin = c
                .clock_margin_ms
                .map_or(String::new(), |ms| format!(" --clock-margin-ms {ms}"));
            match &c.clock {
                Some(clock) => format!("--clock {clock}{margin}"),
                None if margin.is_empty() => "no --clock".to_string(),
                None => format!("no --clock,{margin}"),
            }
        };
        differ("clock", clock(self), clock(other));
        let seeds = |c: &Configuration| {
            c.seeds
                .as_ref()
                .map_or("none (seeds 0, 1, 2, ...)".to_string(), |s| {
                    format!(
                        "file sha256 {} ({} seeds)",
                        short(&s.file_sha256),
                        s.values.len()
                    )
                })
        };
        differ("--seeds", seeds(self), seeds(other));
        out
    }

    /// The differences in the game itself (game, rule set, options in force), in the words of
    /// [`Configuration::differences`]: ratings of bots playing different games or rules do not
    /// belong in one table, whatever the bots and seeds.
    pub fn game_differences(&self, other: &Configuration, names: (&str, &str)) -> Vec<String> {
        let mut out = Vec::new();
        let mut differ = |what: &str, mine: String, theirs: String| {
            difference(&mut out, names, what, mine, theirs);
        };
        differ("game", self.game.clone(), other.game.clone());
        if self.game != other.game {
            // Rule sets and options of two different games are not comparable.
            return out;
        }
        differ("rules", self.rules.clone(), other.rules.clone());
        let options: std::collections::BTreeSet<&String> =
            self.options.keys().chain(other.options.keys()).collect();
        for name in options {
            let value = |o: &BTreeMap<String, String>| {
                o.get(name).cloned().unwrap_or_else(|| "unset".to_string())
            };
            differ(
                &format!("option {name}"),
                value(&self.options),
                value(&other.options),
            );
        }
        out
    }
}

/// Adds `what: mine NAME0, theirs NAME1` to `out` when the values differ.
fn difference(
    out: &mut Vec<String>,
    names: (&str, &str),
    what: &str,
    mine: String,
    theirs: String,
) {
    if mine != theirs {
        out.push(format!("{what}: {mine} {}, {theirs} {}", names.0, names.1));
    }
}

fn params(params: &BTreeMap<String, String>) -> String {
    if params.is_empty() {
        return "none".to_string();
    }
    params
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn short(hash: &str) -> &str {
    &hash[..hash.len().min(12)]
}

impl Shard {
    /// Parses `I/N`, 1 ≤ I ≤ N.
    pub fn parse(text: &str) -> Result<Shard, UsageError> {
        let parsed = text.split_once('/').and_then(|(i, n)| {
            let (index, count) = (i.trim().parse().ok()?, n.trim().parse().ok()?);
            (1 <= index && index <= count).then_some(Shard { index, count })
        });
        parsed.ok_or_else(|| {
            UsageError::Invalid(format!(
                "--shard '{text}' is not I/N with 1 <= I <= N (e.g. --shard 2/8)"
            ))
        })
    }

    /// This shard's game indices among `seeds` seeds of `games_per_seed` games each.
    pub fn games(&self, seeds: u64, games_per_seed: u64) -> Range<u64> {
        let seed = |i: u64| (u128::from(seeds) * u128::from(i) / u128::from(self.count)) as u64;
        seed(self.index - 1) * games_per_seed..seed(self.index) * games_per_seed
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Manifest {
    pub fn new(configuration: Configuration, shard: Option<Shard>, games: Range<u64>) -> Manifest {
        Manifest {
            configuration_sha256: configuration.sha256(),
            configuration,
            shard,
            first_game: games.start,
            end_game: games.end,
            complete: false,
            games_csv_sha256: None,
            stopped: None,
        }
    }

    pub fn games(&self) -> Range<u64> {
        self.first_game..self.end_game
    }

    /// Reads `dir/manifest.json`; `None` if there is none.
    pub fn load(dir: &Path) -> Result<Option<Manifest>, UsageError> {
        let path = dir.join(MANIFEST);
        let text = match crate::input::read_text(&path, crate::input::RUN_MANIFEST) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(UsageError::Invalid(format!(
                    "cannot read {}: {e}",
                    path.display()
                )));
            }
        };
        let manifest: Manifest = serde_json::from_str(&text).map_err(|e| UsageError::File {
            path: path.clone(),
            line: e.line(),
            message: format!("not a tourney manifest: {e}"),
        })?;
        if manifest.configuration.sha256() != manifest.configuration_sha256 {
            return Err(UsageError::Invalid(format!(
                "{}: the configuration does not match its hash (edited by hand?)",
                path.display()
            )));
        }
        Ok(Some(manifest))
    }

    /// Writes `dir/manifest.json` atomically: a crash leaves the old one or the new one.
    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        let json = serde_json::to_string_pretty(self).context("cannot encode the manifest")?;
        write_atomically(&dir.join(MANIFEST), (json + "\n").as_bytes())
    }

    /// Why `self` (the folder's manifest) cannot be continued as `wanted`, or `None`.
    pub fn refusal(&self, wanted: &Manifest) -> Option<String> {
        let mut differences = self
            .configuration
            .differences(&wanted.configuration, ("in the folder", "here"));
        let shard =
            |s: Option<Shard>| s.map_or("no shard (every game)".to_string(), |s| s.to_string());
        if self.shard != wanted.shard {
            differences.push(format!(
                "shard: {} in the folder, {} here",
                shard(self.shard),
                shard(wanted.shard)
            ));
        }
        if differences.is_empty() && self.games() != wanted.games() {
            differences.push(format!(
                "games: {:?} in the folder, {:?} here",
                self.games(),
                wanted.games()
            ));
        }
        (!differences.is_empty()).then(|| differences.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_seeds_into_contiguous_whole_groups_covering_every_game() {
        for (seeds, per_seed, count) in [(10, 6, 3), (7, 2, 7), (2, 4, 5), (1000, 20, 8)] {
            let mut next = 0;
            for index in 1..=count {
                let games = Shard { index, count }.games(seeds, per_seed);
                assert_eq!(games.start, next, "no gap, no overlap");
                assert_eq!(games.start % per_seed, 0, "whole seed groups");
                assert_eq!(games.end % per_seed, 0);
                assert!(games.end - games.start <= seeds.div_ceil(count) * per_seed);
                next = games.end;
            }
            assert_eq!(next, seeds * per_seed);
        }
    }

    #[test]
    fn a_shard_is_one_based_and_within_its_count() {
        assert_eq!(Shard::parse("2/8").unwrap(), Shard { index: 2, count: 8 });
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
