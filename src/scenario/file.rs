//! The scenario file as written: TOML parsed by serde with spans kept, so every later check can
//! name the line it refuses. Unknown keys are refused here.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub game: Option<Spanned<String>>,
    pub rules: Option<Spanned<String>>,
    /// Game options by name (`map = "small"`, `turn_limit = 300`).
    #[serde(default)]
    pub options: BTreeMap<String, Spanned<toml::Value>>,
    pub players: Option<Spanned<usize>>,
    /// Optional only in a tuning scenario (`[tune]`).
    pub bots: Option<Spanned<Vec<Spanned<BotSpec>>>>,
    pub format: Option<Spanned<FormatName>>,
    /// The bot facing the field in a gauntlet.
    pub candidate: Option<Spanned<String>>,
    /// The bot whose copies fill the other seats in the `field` format.
    pub field: Option<Spanned<String>>,
    /// Games per pairing.
    pub games: Option<Spanned<u64>>,
    pub seed: Option<u64>,
    pub out: Option<PathBuf>,
    /// Crash plus illegal games over games played above which `check` is a harness failure.
    pub max_fault_rate: Option<Spanned<f64>>,
    #[serde(default)]
    pub gates: Vec<Spanned<GateSpec>>,
    /// What `tourney tune` tunes (see `crate::app` tune).
    pub tune: Option<TuneTable>,
    /// The settings of `format = "knockout"`.
    pub knockout: Option<Spanned<KnockoutTable>>,
    /// The settings of `format = "swiss"`.
    pub swiss: Option<Spanned<SwissTable>>,
    /// `--faults`: `"lose"` or `"tolerate=N"`.
    pub faults: Option<Spanned<String>>,
    /// `--disqualify`: a fault rate (`0.2`) or a percentage (`"20%"`).
    pub disqualify: Option<Spanned<toml::Value>>,
    /// `--clock`: every program's time control (`"60+0.5"`), over its manifest's.
    pub clock: Option<Spanned<String>>,
    /// `--clock-margin-ms`: the grace past that clock.
    pub clock_margin_ms: Option<u64>,
}

/// A scenario's `[swiss]` table: `--rounds`, which overrides it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SwissTable {
    pub rounds: Option<usize>,
}

/// A scenario's `[knockout]` table: `--pool-size`, `--advance` and `--match-games`, which
/// override it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KnockoutTable {
    pub pool_size: Option<usize>,
    pub advance: Option<usize>,
    pub match_games: Option<u64>,
}

/// A scenario's `[tune]` table: the flags of `tourney tune`, which override it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TuneTable {
    /// The bot spec to tune, as in `--bot`.
    pub bot: Option<String>,
    /// `NAME=MIN:MAX` items, as in `--param`.
    #[serde(default)]
    pub params: Vec<String>,
    /// Bot specs each side plays instead of the other side.
    #[serde(default)]
    pub against: Vec<String>,
    pub games: Option<u64>,
    pub batch: Option<u64>,
}

/// A bot: a built-in name, or a table naming it, with an optional label and parameters.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum BotSpec {
    Name(String),
    Table(BotTable),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotTable {
    /// The built-in bot.
    pub bot: String,
    /// How results and gates name it (default: the bot's name); must be unique.
    pub name: Option<String>,
    #[serde(default)]
    pub params: BTreeMap<String, toml::Value>,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FormatName {
    HeadToHead,
    RoundRobin,
    Gauntlet,
    Field,
    Knockout,
    Swiss,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum GateSpec {
    /// Candidate against baseline by a generalized SPRT on game pairs.
    Sprt {
        candidate: String,
        baseline: String,
        #[serde(default)]
        elo0: f64,
        #[serde(default = "default_elo1")]
        elo1: f64,
        #[serde(default = "default_error_rate")]
        alpha: f64,
        #[serde(default = "default_error_rate")]
        beta: f64,
        max_games: u64,
    },
    /// A bot's win rate against another, judged by its 95% interval over seeds.
    WinRate {
        bot: String,
        against: String,
        min_lower: Option<f64>,
        max_upper: Option<f64>,
    },
    /// A bot's rating not below the stored baseline by more than `margin` Elo.
    Baseline { bot: String, margin: f64 },
    /// A candidate's version against another version of the same bot in the results store.
    History {
        candidate: String,
        /// `previous`, `best`, or a version: its label or the first digits of its digest.
        #[serde(default = "default_against")]
        against: String,
        #[serde(default)]
        margin: f64,
    },
}

fn default_against() -> String {
    "previous".into()
}

fn default_elo1() -> f64 {
    5.0
}

fn default_error_rate() -> f64 {
    0.05
}
