//! `tourney tune`'s command line: flags, a scenario's `[tune]` table, or a folder to resume,
//! turned into the plan that `crate::tune::play` carries out.

use super::arguments::game_config;
use crate::cli::{SandboxArgs, StoreArgs, TuneArgs};
use crate::error::UsageError;
use crate::games::FindGame;
use crate::run::store_plan::StorePlan;
use crate::scenario::Scenario;
use crate::seed::DEFAULT_MASTER_SEED;
use crate::tune::folder;
use crate::tune::plan::TunePlan;
use crate::tune::settings::{SETTINGS, TuneSettings};
use std::path::Path;

/// Tuning games when neither the command line nor a scenario says.
pub const DEFAULT_GAMES: u64 = 4000;
/// Seeds per iteration (each in every seat order) when not given.
pub const DEFAULT_BATCH: u64 = 8;

/// The plan of what was typed. `find_game` is the registry's lookup, handed down so that plans
/// never name the registry.
pub fn plan(args: &TuneArgs, find_game: FindGame) -> Result<TunePlan, UsageError> {
    let threads = crate::run::threads::from_flag(args.threads)?;
    let (settings, out_dir, resume) = match &args.resume {
        Some(dir) => (resumed(dir, args)?, dir.clone(), true),
        None => {
            let scenario = args
                .scenario
                .as_deref()
                .map(|path| Scenario::load(path, find_game))
                .transpose()?;
            let settings = settings(args, scenario.as_ref())?;
            let out = args
                .out
                .clone()
                .or(scenario.and_then(|s| s.out))
                .unwrap_or_else(|| folder::default_dir(Path::new("results"), &settings));
            folder::check_free(&out)?;
            (settings, out, false)
        }
    };
    let mut plan = TunePlan::of(settings, threads, out_dir, resume, args.quiet, find_game)?;
    plan.store = StorePlan::from_args(&args.store)?;
    Ok(plan)
}

/// The settings from flags over a scenario's fields and its `[tune]` table.
fn settings(args: &TuneArgs, scenario: Option<&Scenario>) -> Result<TuneSettings, UsageError> {
    let tune = scenario.and_then(|s| s.tune.clone()).unwrap_or_default();
    let (game, config) = game_config(&args.game, scenario)?;
    let bot = args.bot.clone().or(tune.bot).ok_or_else(|| {
        UsageError::Invalid("no bot to tune: give --bot BOTSPEC (e.g. mcts:iterations=400)".into())
    })?;
    let pick = |given: &[String], fallback: Vec<String>| match given.is_empty() {
        true => fallback,
        false => given.to_vec(),
    };
    let games = args.games.or(tune.games).unwrap_or(DEFAULT_GAMES);
    Ok(TuneSettings {
        game,
        rules: config.rules,
        options: config.options,
        players: config.seats,
        bot,
        params: pick(&args.params, tune.params),
        against: pick(&args.against, tune.against),
        games,
        batch: args.batch.or(tune.batch).unwrap_or(DEFAULT_BATCH),
        seed: args
            .seed
            .or(scenario.and_then(|s| s.seed))
            .unwrap_or(DEFAULT_MASTER_SEED),
        verify: !args.no_verify,
        verify_games: args.verify_games.unwrap_or(games),
    })
}

/// The settings of the tuning in `dir`. Only --threads, --quiet, the sandbox and the store flags
/// may come with --resume: anything else would make the rest of the tuning another tuning's.
fn resumed(dir: &Path, args: &TuneArgs) -> Result<TuneSettings, UsageError> {
    let given = TuneArgs {
        resume: None,
        threads: None,
        quiet: false,
        sandbox: SandboxArgs::default(),
        store: StoreArgs::default(),
        ..TuneArgs::default()
    };
    let flags = TuneArgs {
        resume: None,
        threads: None,
        quiet: false,
        sandbox: SandboxArgs::default(),
        store: StoreArgs::default(),
        ..args.clone()
    };
    if format!("{flags:?}") != format!("{given:?}") {
        return Err(UsageError::Invalid(format!(
            "--resume reads the settings from {}; give only --threads or --quiet with it",
            dir.join(SETTINGS).display()
        )));
    }
    TuneSettings::read(dir)
}
