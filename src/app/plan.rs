//! From what was typed to a plan the library can run: names parsed, defaults filled in,
//! impossible values refused. Game-specific checks happen when the game configures itself.

use super::report::ReportSettings;
use crate::cli::{MatchArgs, RunArgs};
use crate::error::UsageError;
use crate::games::{self, GameConfig, GameEntry};
use crate::scenario::{BotChoice, Format, Scenario};
use crate::seed::DEFAULT_MASTER_SEED;
use std::path::{Path, PathBuf};

/// Games per pairing when neither the command line nor a scenario says.
pub const DEFAULT_GAMES: u64 = 1000;

/// A validated tournament, ready to run.
pub struct RunPlan {
    pub game: GameEntry,
    pub config: GameConfig,
    /// The bots, in the order given; labels are unique.
    pub bots: Vec<BotChoice>,
    pub format: Format,
    pub games_per_pairing: u64,
    pub master_seed: u64,
    pub threads: usize,
    /// `None` writes no files (benchmarks).
    pub out_dir: Option<PathBuf>,
    pub quiet: bool,
    /// Statistics options and whether to draw plots.
    pub report: ReportSettings,
    /// `--record`: write `records.jsonl.gz` (needs an output folder).
    pub record: bool,
}

impl RunPlan {
    pub fn from_args(args: &RunArgs) -> Result<RunPlan, UsageError> {
        let scenario = args.scenario.as_deref().map(Scenario::load).transpose()?;
        let mut plan = RunPlan::build(scenario.as_ref(), &args.matchup, args.games)?;
        plan.quiet = args.quiet;
        plan.record = args.record;
        plan.report = ReportSettings::from_args(&args.analysis)?;
        if let Some((name, _)) = &plan.report.anchor
            && !plan.bots.iter().any(|b| &b.label == name)
        {
            return Err(UsageError::Invalid(format!(
                "--anchor names bot '{name}', which is not playing; bots: {}",
                plan.labels().join(", ")
            )));
        }
        plan.out_dir = Some(
            args.out
                .clone()
                .or(scenario.and_then(|s| s.out))
                .unwrap_or_else(|| default_out_dir(Path::new("results"), &plan)),
        );
        Ok(plan)
    }

    /// A plan from an optional scenario, with every flag that was given overriding it.
    pub fn build(
        scenario: Option<&Scenario>,
        args: &MatchArgs,
        games: Option<u64>,
    ) -> Result<RunPlan, UsageError> {
        let game_name = args
            .game
            .as_deref()
            .or(scenario.map(|s| s.game.as_str()))
            .unwrap_or("t2r");
        let game = games::find(game_name)?;
        let mut config = match scenario {
            Some(s) if s.game == game.name => s.config.clone(),
            _ => GameConfig::default(),
        };
        if args.rules.is_some() {
            config.rules = args.rules.clone();
        }
        if args.players.is_some() {
            config.seats = args.players;
        }
        for option in &args.options {
            let (name, value) = option.split_once('=').ok_or_else(|| {
                UsageError::Invalid(format!("--option '{option}' is not NAME=VALUE"))
            })?;
            config.options.insert(name.to_string(), value.to_string());
        }
        if let Some(map) = &args.map {
            config.options.insert("map".to_string(), map.clone());
        }
        let (bots, format) = if !args.bots.is_empty() {
            let bots: Vec<BotChoice> = args
                .bots
                .iter()
                .map(|b| BotChoice::named(b.trim()))
                .collect();
            (unique_labels(bots), Format::RoundRobin)
        } else if let Some(s) = scenario {
            (s.bots.clone(), s.format)
        } else if args.field.is_some() {
            (Vec::new(), Format::RoundRobin)
        } else {
            return Err(UsageError::Invalid(
                "no bots: give --bots a,b (see `tourney list`) or a scenario file".into(),
            ));
        };
        let (bots, format) = match &args.field {
            None => (bots, format),
            Some(field) => {
                let mut bots = bots;
                let index = match bots.iter().position(|b| &b.label == field) {
                    Some(index) => index,
                    None => {
                        bots.push(BotChoice::named(field));
                        bots.len() - 1
                    }
                };
                (bots, Format::Field { field: index })
            }
        };
        if bots.len() < 2 {
            let names: Vec<&str> = bots.iter().map(|b| b.bot.as_str()).collect();
            return Err(UsageError::Invalid(format!(
                "--bots needs at least two bots (got {}); a bot may play itself: --bots {0},{0}",
                names.join(",")
            )));
        }
        let games_per_pairing = games
            .or(scenario.and_then(|s| s.games))
            .unwrap_or(DEFAULT_GAMES);
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
            bots,
            format,
            games_per_pairing,
            master_seed: args
                .seed
                .or(scenario.and_then(|s| s.seed))
                .unwrap_or(DEFAULT_MASTER_SEED),
            threads,
            out_dir: None,
            quiet: false,
            report: ReportSettings::default(),
            record: false,
        })
    }

    pub fn labels(&self) -> Vec<String> {
        self.bots.iter().map(|b| b.label.clone()).collect()
    }
}

/// A bot listed twice on the command line gets `#2`, `#3`… so every label names one bot.
fn unique_labels(mut bots: Vec<BotChoice>) -> Vec<BotChoice> {
    for i in 1..bots.len() {
        let copies = bots[..i].iter().filter(|b| b.bot == bots[i].bot).count();
        if copies > 0 {
            bots[i].label = format!("{}#{}", bots[i].bot, copies + 1);
        }
    }
    bots
}

/// `results/<game>-<bot>-<bot>-seed<S>`, with `-2`, `-3`… appended until the folder is new, so
/// a run never overwrites an earlier one.
fn default_out_dir(root: &Path, plan: &RunPlan) -> PathBuf {
    let names: Vec<&str> = plan.bots.iter().map(|b| b.label.as_str()).collect();
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
