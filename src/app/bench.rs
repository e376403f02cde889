//! `tourney bench`: the command line into the plans of the runs [`crate::bench`] times (games
//! per second on one thread and on all threads, `tune` against `run`), `mcts` iterations per
//! second for games with search bots, and the peak memory of whole `tourney run` processes
//! (whose runs write their CSV like any run); the tables printed.

use super::arguments::game_config;
use super::registry;
use super::tune::DEFAULT_BATCH;
use crate::bench::memory::peak_memory_of_run;
use crate::bench::search_speed::{ITERATIONS, POSITIONS};
use crate::bench::timed::{not_stopped, throughput, tune_overhead};
use crate::cli::{BenchArgs, MatchArgs};
use crate::error::UsageError;
use crate::games::{Description, GameConfig};
use crate::report::table::Table;
use crate::run::plan::RunPlan;
use crate::seed::DEFAULT_MASTER_SEED;
use crate::tune::plan::TunePlan;
use crate::tune::settings::TuneSettings;

pub fn execute(args: &BenchArgs) -> anyhow::Result<()> {
    let (game, config) = game_config(&args.game, None)?;
    if args.tune {
        return print_tune_overhead(args, &game, config);
    }
    let matchups: Vec<String> = if args.matchups.is_empty() {
        default_matchups(&registry::describe(&game)?)
    } else {
        args.matchups.clone()
    };
    let plan = |matchup: &str, threads| plan_for(args, matchup, threads);
    let table = throughput(&matchups, &plan, registry::run)?;
    println!("Throughput ({game}, {} games per measurement):", args.games);
    print!("{}", table.render());
    print_search_speed(args, &matchups[0])?;
    not_stopped()?;
    if !args.memory.is_empty() {
        let matchup = matchups.last().expect("at least one matchup");
        let mut memory = Table::new(&["bots", "games", "peak memory (MiB)"]);
        for &games in &args.memory {
            let kib = peak_memory_of_run((&game, &config), matchup, games)?;
            not_stopped()?;
            memory.row(vec![
                matchup.clone(),
                games.to_string(),
                format!("{:.1}", kib as f64 / 1024.0),
            ]);
        }
        println!("Peak resident memory of `tourney run` (writing games.csv):");
        print!("{}", memory.render());
    }
    Ok(())
}

/// Random against random (the engine's own cost) and two hand-written bots: `nice` against
/// `greedy` where the game has both (Ticket to Ride), else `greedy` against itself.
fn default_matchups(game: &Description) -> Vec<String> {
    let thinking = match (game.has_bot)("nice") {
        true => "nice,greedy",
        false => "greedy,greedy",
    };
    vec!["random,random".to_string(), thinking.to_string()]
}

/// The game's `mcts`: iterations per second, and the time of a decision at its defaults.
fn print_search_speed(args: &BenchArgs, matchup: &str) -> anyhow::Result<()> {
    let plan = plan_for(args, matchup, 1)?;
    match registry::find(plan.game.name)?.search_speed {
        Some(measure) => {
            let speed = measure(&plan.config)?;
            println!(
                "Search (mcts, {POSITIONS} positions x {ITERATIONS} iterations, 1 thread): {:.0} iterations/s",
                speed.iterations as f64 / speed.seconds
            );
            println!(
                "Search (mcts at its defaults, the same positions, 1 thread): {:.1} ms per decision",
                1000.0 * speed.default_seconds / speed.decisions.max(1) as f64
            );
        }
        None => println!("Search: {} has no mcts bot", plan.game.name),
    }
    Ok(())
}

fn plan_for(args: &BenchArgs, matchup: &str, threads: usize) -> Result<RunPlan, UsageError> {
    let matchup_args = MatchArgs {
        game: args.game.clone(),
        bots: matchup.split(',').map(str::to_string).collect(),
        threads: Some(threads),
        ..MatchArgs::default()
    };
    let mut plan = RunPlan::build(None, &matchup_args, Some(args.games), registry::describe)?;
    plan.quiet = true;
    // A long measurement still reports in a log as it goes.
    plan.progress_when_quiet = true;
    Ok(plan)
}

/// Games per second of `run` and of `tune` on games that cost about the same: `test-optimum`
/// near x = 1 plays uniformly random moves but for greedy's move about once in 1400 decisions,
/// tuned within 0.999:1 from its middle, and played by `run` at that middle. Both play the
/// same games through `play_fixture`.
fn print_tune_overhead(args: &BenchArgs, game: &str, config: GameConfig) -> anyhow::Result<()> {
    let settings = tune_settings(args.games, game, config);
    let plan = |matchup: &str, threads| plan_for(args, matchup, threads);
    let tuning = |threads, folder| {
        TunePlan::of(
            settings.clone(),
            threads,
            folder,
            false,
            true,
            registry::describe,
        )
    };
    let table = tune_overhead(
        args.games,
        "test-optimum:x=0.9995,test-optimum:x=0.9995",
        (&plan, registry::run),
        (&tuning, registry::tune),
    )?;
    println!("Tune against run ({game}, test-optimum near x = 1; overhead = extra time per game):");
    print!("{}", table.render());
    Ok(())
}

/// The tuning `tune_overhead` measures: the double from x = 1 within 0.999:1, no verification.
fn tune_settings(games: u64, game: &str, config: GameConfig) -> TuneSettings {
    TuneSettings {
        game: game.to_string(),
        rules: config.rules,
        options: config.options,
        players: config.seats,
        bot: "test-optimum:x=0.9995".to_string(),
        params: vec!["x=0.999:1".to_string()],
        games,
        batch: DEFAULT_BATCH,
        seed: DEFAULT_MASTER_SEED,
        ..TuneSettings::default()
    }
}
