//! `tourney bench`: games per second on one thread and on all threads, `mcts` iterations per
//! second for games with search bots, and the peak memory of whole `tourney run` processes.
//! Measures the real runner (scheduling, bots, engine, tallies) with no files written, except
//! for the memory runs, which write their CSV like any run.

use super::arguments::game_config;
use super::registry;
use super::tune::DEFAULT_BATCH;
use crate::bench::memory::peak_memory_of_run;
use crate::bench::search_speed::{ITERATIONS, POSITIONS};
use crate::cli::{BenchArgs, MatchArgs};
use crate::error::{Interrupted, UsageError};
use crate::games::{Description, GameConfig};
use crate::report::table::Table;
use crate::run::STOP;
use crate::run::plan::RunPlan;
use crate::seed::DEFAULT_MASTER_SEED;
use crate::summary::Summary;
use crate::tune::plan::TunePlan;
use crate::tune::settings::TuneSettings;
use std::sync::atomic::Ordering;
use std::time::Instant;

pub fn execute(args: &BenchArgs) -> anyhow::Result<()> {
    let (game, config) = game_config(&args.game, None)?;
    if args.tune {
        return tune_overhead(args, &game, config);
    }
    let matchups: Vec<String> = if args.matchups.is_empty() {
        default_matchups(&registry::describe(&game)?)
    } else {
        args.matchups.clone()
    };
    print_throughput(args, &game, &matchups)?;
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

/// Games per second of each matchup on one thread and on every core.
fn print_throughput(args: &BenchArgs, game: &str, matchups: &[String]) -> anyhow::Result<()> {
    let mut table = Table::new(&[
        "bots",
        "threads",
        "games",
        "seconds",
        "games/s",
        "per thread",
        "speedup",
    ]);
    for matchup in matchups {
        let mut single = None;
        for threads in thread_counts() {
            let plan = plan_for(args, matchup, threads)?;
            let started = Instant::now();
            let run = measured(registry::run(&plan, None)?)?;
            let seconds = started.elapsed().as_secs_f64();
            let rate = run.analysis.games_played as f64 / seconds;
            let base = *single.get_or_insert(rate);
            table.row(vec![
                matchup.clone(),
                threads.to_string(),
                run.analysis.games_played.to_string(),
                format!("{seconds:.2}"),
                format!("{rate:.0}"),
                format!("{:.0}", rate / threads as f64),
                format!("{:.2}x", rate / base),
            ]);
        }
    }
    println!("Throughput ({game}, {} games per measurement):", args.games);
    print!("{}", table.render());
    Ok(())
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

/// A measurement's run, when it played every game: a run cut short by Ctrl-C or SIGTERM would
/// print a speed it did not measure, so the bench ends there with no numbers.
fn measured(run: Summary) -> anyhow::Result<Summary> {
    if run.interrupted {
        return Err(Interrupted(format!(
            "a measurement stopped after {} games, so no numbers are printed; run the bench \
             again",
            run.analysis.games_played
        ))
        .into());
    }
    Ok(run)
}

/// Ends the bench when Ctrl-C or SIGTERM came during a measurement that does not stop for it
/// (the search speed, a child run): what follows would be printed as if nothing happened.
fn not_stopped() -> anyhow::Result<()> {
    if STOP.load(Ordering::SeqCst) {
        return Err(Interrupted(
            "stopped, so the rest is not measured; run the bench again".into(),
        )
        .into());
    }
    Ok(())
}

/// One thread, then every core when there are more.
fn thread_counts() -> Vec<usize> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match cores {
        1 => vec![1],
        _ => vec![1, cores],
    }
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
/// same games through `play_fixture`, so the difference is tune's own cost: the idle workers
/// when an iteration waits for the step before it, the makers of every iteration, the step.
fn tune_overhead(args: &BenchArgs, game: &str, config: GameConfig) -> anyhow::Result<()> {
    let settings = tune_settings(args.games, game, config);
    let mut table = Table::new(&[
        "threads",
        "games",
        "run games/s",
        "tune games/s",
        "overhead",
    ]);
    let folder = tempfile_dir();
    for threads in thread_counts() {
        // Best of three, alternating, so a busy machine slows both alike.
        let (mut run_rate, mut tune_rate) = (0.0_f64, 0.0_f64);
        for _ in 0..3 {
            let plan = plan_for(args, "test-optimum:x=0.9995,test-optimum:x=0.9995", threads)?;
            let started = Instant::now();
            let run = measured(registry::run(&plan, None)?)?;
            let seconds = started.elapsed().as_secs_f64();
            run_rate = run_rate.max(run.analysis.games_played as f64 / seconds);
            let _ = std::fs::remove_dir_all(&folder);
            let tune = TunePlan::of(
                settings.clone(),
                threads,
                folder.clone(),
                false,
                true,
                registry::describe,
            )?;
            let started = Instant::now();
            registry::tune(&tune)?;
            tune_rate = tune_rate.max(args.games as f64 / started.elapsed().as_secs_f64());
        }
        table.row(vec![
            threads.to_string(),
            args.games.to_string(),
            format!("{run_rate:.0}"),
            format!("{tune_rate:.0}"),
            format!("{:+.1}%", 100.0 * (run_rate / tune_rate - 1.0)),
        ]);
    }
    let _ = std::fs::remove_dir_all(&folder);
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

fn tempfile_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tourney-bench-tune-{}", std::process::id()))
}
