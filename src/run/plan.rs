//! A run's plan: everything that decides its games and its outputs, in the form the layers
//! below take. `app/arguments.rs` makes one from a command line and `configuration.rs` from
//! a results folder's manifest; the plan itself imports neither, so every file that reads a plan
//! can import this one without a circle.

use super::report_settings::ReportSettings;
use super::seeds::SeedList;
use super::store_plan::StorePlan;
use crate::bot::BotChoice;
use crate::external::clock::Overrides;
use crate::games::{Description, GameConfig};
use crate::results::folders::Existing;
use crate::results::manifest::Shard;
use crate::runner::faults::FaultPolicy;
use crate::scenario::Format;
use crate::summary::SprtOptions;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// Games per pairing when neither the command line nor a scenario says.
pub const DEFAULT_GAMES: u64 = 1000;

/// Seconds between running-score lines without a terminal, unless `--progress-every` says.
pub const DEFAULT_PROGRESS_EVERY: f64 = 10.0;

/// A validated tournament, ready to run.
pub struct RunPlan {
    pub game: Description,
    pub config: GameConfig,
    /// The bots, in the order given; labels are unique.
    pub bots: Vec<BotChoice>,
    pub format: Format,
    /// Unused with `seeds`, which sets the games (see [`RunPlan::per_pairing`]).
    pub games_per_pairing: u64,
    /// `--seeds FILE`: the seed of each seed group, instead of its index.
    pub seeds: Option<SeedList>,
    pub master_seed: u64,
    pub threads: usize,
    /// `None` writes no files (benchmarks).
    pub out_dir: Option<PathBuf>,
    pub quiet: bool,
    /// Statistics options and whether to draw plots.
    pub report: ReportSettings,
    /// Where `cgs:NAME` clients connect (`--serve`); `None` without such bots.
    pub serve: Option<ServePlan>,
    /// Continue the run already in `out_dir` (see `run/resume.rs`).
    pub resume: bool,
    /// Play only this share of the games (see `tourney merge`).
    pub shard: Option<Shard>,
    /// `--record`: write `records.jsonl.gz` (needs an output folder).
    pub record: bool,
    /// What to do with a run already in `out_dir` (`--force` replaces it).
    pub existing: Existing,
    /// Seconds between two running-score lines when stderr is not a terminal.
    pub progress_every: f64,
    /// Show the progress and running score even when `quiet` (`check`'s sequential tests,
    /// whose tables are not printed).
    pub progress_when_quiet: bool,
    /// `--sprt-stop`: each two-seat pairing stops when this GSPRT decides (the report's test
    /// is then the same).
    pub sprt_stop: Option<SprtOptions>,
    /// `--faults`: what a bot's fault costs.
    pub faults: FaultPolicy,
    /// `--disqualify RATE`: the fault rate (faulty games over games) that withdraws a program.
    pub disqualify: Option<f64>,
    /// `--think-times`: time the built-in bots' decisions too.
    pub think_times: bool,
    /// `--clock` and `--clock-margin-ms` over every program's manifest; recorded in the
    /// results folder, so a resumed run keeps them.
    pub clock: Overrides,
    /// `--live`: the address of the live page.
    pub live: Option<String>,
    /// The results store the games are recorded into (`None`: `--no-db`, or a plan of a
    /// command that does not record).
    pub store: Option<StorePlan>,
    /// `--version-label NAME=LABEL`: the version labels of entries, by entry label.
    pub version_labels: VersionLabels,
}

/// The contest-protocol listener of a run with `cgs:NAME` bots.
#[derive(Clone, Debug)]
pub struct ServePlan {
    pub host: String,
    pub port: u16,
    pub move_timeout: Duration,
    pub wait: Duration,
}

/// Version labels by entry label, from `--version-label`.
pub type VersionLabels = BTreeMap<String, String>;

impl RunPlan {
    /// A plan of these games with every run option (output, report, serving, resume, shard,
    /// records) at its default, for the caller to set.
    pub fn of_games(
        game: Description,
        config: GameConfig,
        bots: Vec<BotChoice>,
        format: Format,
        games_per_pairing: u64,
        master_seed: u64,
        threads: usize,
    ) -> RunPlan {
        RunPlan {
            game,
            config,
            bots,
            format,
            games_per_pairing,
            seeds: None,
            master_seed,
            threads,
            out_dir: None,
            quiet: false,
            report: ReportSettings::default(),
            serve: None,
            resume: false,
            shard: None,
            record: false,
            existing: Existing::Refuse,
            progress_every: DEFAULT_PROGRESS_EVERY,
            progress_when_quiet: false,
            sprt_stop: None,
            faults: FaultPolicy::Lose,
            disqualify: None,
            think_times: false,
            clock: Overrides::default(),
            live: None,
            store: None,
            version_labels: VersionLabels::new(),
        }
    }

    /// What `--resume` cannot continue yet, by name, when this run is one (see
    /// `refuse_unbuilt`): the advice after an interruption must be advice that works. A run
    /// with `--record` resumes, records included.
    pub fn unresumable(&self) -> Option<&'static str> {
        staged(&self.format)
    }

    /// Whether progress and the running score are shown.
    pub fn shows_progress(&self) -> bool {
        !self.quiet || self.progress_when_quiet
    }

    pub fn labels(&self) -> Vec<String> {
        self.bots.iter().map(|b| b.label.clone()).collect()
    }

    /// Games per pairing in games of `seats` seats, rounded up to whole seed groups: each seed
    /// of a seeds file in every seat order, else `games_per_pairing`.
    pub fn per_pairing(&self, seats: usize) -> u64 {
        let seats = seats as u64;
        match &self.seeds {
            Some(seeds) => seeds.values.len() as u64 * seats,
            None => self.games_per_pairing.div_ceil(seats) * seats,
        }
    }
}

/// A format whose rounds are drawn from the results before them, by name: such a run cannot be
/// resumed or sharded yet.
pub fn staged(format: &Format) -> Option<&'static str> {
    match format {
        Format::Knockout(_) => Some("a knockout"),
        Format::Swiss(_) => Some("a Swiss system"),
        _ => None,
    }
}
