//! From what was typed to a plan the library can run: names parsed, defaults filled in,
//! impossible values refused. Game-specific checks happen when the game configures itself.

use super::report::ReportSettings;
use crate::bot::Params;
use crate::cli::{MatchArgs, RunArgs};
use crate::error::UsageError;
use crate::games::{self, GameConfig, GameEntry};
use crate::seed::DEFAULT_MASTER_SEED;
use std::path::{Path, PathBuf};

/// A validated tournament, ready to run.
pub struct RunPlan {
    pub game: GameEntry,
    pub config: GameConfig,
    /// Bot names with their parameters, in the order given.
    pub bots: Vec<(String, Params)>,
    pub games_per_pairing: u64,
    pub master_seed: u64,
    pub threads: usize,
    /// `None` writes no files (benchmarks).
    pub out_dir: Option<PathBuf>,
    pub quiet: bool,
    /// Statistics options and whether to draw plots.
    pub report: ReportSettings,
}

impl RunPlan {
    pub fn from_args(args: &RunArgs) -> Result<RunPlan, UsageError> {
        let mut plan = RunPlan::from_match(&args.matchup, args.games)?;
        plan.quiet = args.quiet;
        plan.report = ReportSettings::from_args(&args.analysis)?;
        if let Some((name, _)) = &plan.report.anchor
            && !plan.bots.iter().any(|(bot, _)| bot == name)
        {
            let names: Vec<&str> = plan.bots.iter().map(|(bot, _)| bot.as_str()).collect();
            return Err(UsageError::Invalid(format!(
                "--anchor names bot '{name}', which is not playing; bots: {}",
                names.join(", ")
            )));
        }
        plan.out_dir = Some(match &args.out {
            Some(dir) => dir.clone(),
            None => default_out_dir(Path::new("results"), &plan),
        });
        Ok(plan)
    }

    /// The part shared by `run` and `bench`: game, bots, seed, threads.
    pub fn from_match(args: &MatchArgs, games_per_pairing: u64) -> Result<RunPlan, UsageError> {
        let game = games::find(&args.game)?;
        if let Some(players) = args.players.filter(|p| !game.seats.contains(p)) {
            let (min, max) = (game.seats.start(), game.seats.end());
            let allowed = if min == max {
                format!("exactly {min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(UsageError::Invalid(format!(
                "{} is played by {allowed} players, not {players}",
                game.name
            )));
        }
        let mut config = GameConfig {
            rules: args.rules.clone(),
            seats: args.players,
            ..GameConfig::default()
        };
        for option in &args.options {
            let (name, value) = option.split_once('=').ok_or_else(|| {
                UsageError::Invalid(format!("--option '{option}' is not NAME=VALUE"))
            })?;
            config.options.insert(name.to_string(), value.to_string());
        }
        if let Some(map) = &args.map {
            config.options.insert("map".to_string(), map.clone());
        }
        if args.bots.len() < 2 {
            return Err(UsageError::Invalid(format!(
                "--bots needs at least two bots (got {}); a bot may play itself: --bots {0},{0}",
                args.bots.join(",")
            )));
        }
        if games_per_pairing == 0 {
            return Err(UsageError::Invalid("--games must be at least 1".into()));
        }
        let threads = match args.threads {
            Some(0) => return Err(UsageError::Invalid("--threads must be at least 1".into())),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        Ok(RunPlan {
            game,
            config,
            bots: args
                .bots
                .iter()
                .map(|name| (name.trim().to_string(), Params::default()))
                .collect(),
            games_per_pairing,
            master_seed: args.seed.unwrap_or(DEFAULT_MASTER_SEED),
            threads,
            out_dir: None,
            quiet: false,
            report: ReportSettings::default(),
        })
    }
}

/// `results/<game>-<bot>-<bot>-seed<S>`, with `-2`, `-3`… appended until the folder is new, so
/// a run never overwrites an earlier one.
fn default_out_dir(root: &Path, plan: &RunPlan) -> PathBuf {
    let names: Vec<&str> = plan.bots.iter().map(|(name, _)| name.as_str()).collect();
    let base = format!(
        "{}-{}-seed{}",
        plan.game.name,
        names.join("-"),
        plan.master_seed
    );
    let mut candidate = root.join(&base);
    let mut n = 2;
    while candidate.exists() {
        candidate = root.join(format!("{base}-{n}"));
        n += 1;
    }
    candidate
}
