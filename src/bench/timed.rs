//! The runs `tourney bench` times: games per second of the real runner (scheduling, bots,
//! engine, tallies, no files written) on one thread and on every core, and of `tune` against
//! `run` on games that cost the same. The edge makes each plan from its command line and hands
//! down how a run and a tuning are played, so nothing here names a game.

use crate::error::{Interrupted, UsageError};
use crate::report::table::Table;
use crate::run::plan::RunPlan;
use crate::run::{RunFn, STOP};
use crate::summary::Summary;
use crate::tune::plan::TunePlan;
use crate::tune::play::TuneFn;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A run's plan for a matchup (`a,b`) on a number of threads.
pub type MatchupPlan<'a> = &'a dyn Fn(&str, usize) -> Result<RunPlan, UsageError>;

/// One thread, then every core when there are more.
pub fn thread_counts() -> Vec<usize> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match cores {
        1 => vec![1],
        _ => vec![1, cores],
    }
}

/// Games per second of each matchup on one thread and on every core, and the speed-up.
pub fn throughput(
    matchups: &[String],
    plan: MatchupPlan<'_>,
    play: RunFn,
) -> anyhow::Result<Table> {
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
            let (games, seconds) = timed_run(&plan(matchup, threads)?, play)?;
            let rate = games as f64 / seconds;
            let base = *single.get_or_insert(rate);
            table.row(vec![
                matchup.clone(),
                threads.to_string(),
                games.to_string(),
                format!("{seconds:.2}"),
                format!("{rate:.0}"),
                format!("{:.0}", rate / threads as f64),
                format!("{:.2}x", rate / base),
            ]);
        }
    }
    Ok(table)
}

/// How the tuning that [`tune_overhead`] times is made: its threads and its folder.
pub type TuningPlan<'a> = &'a dyn Fn(usize, PathBuf) -> Result<TunePlan, UsageError>;

/// Games per second of `run` (`matchup`'s plans) and of `tune` (`tuning`'s plans, `games`
/// games each) on games that cost about the same, best of three alternating so that a busy
/// machine slows both alike; the difference is tune's own cost: the idle workers when an
/// iteration waits for the step before it, the makers of every iteration, the step.
pub fn tune_overhead(
    games: u64,
    matchup: &str,
    (plan, play): (MatchupPlan<'_>, RunFn),
    (tuning, tune): (TuningPlan<'_>, TuneFn),
) -> anyhow::Result<Table> {
    let mut table = Table::new(&[
        "threads",
        "games",
        "run games/s",
        "tune games/s",
        "overhead",
    ]);
    let folder = std::env::temp_dir().join(format!("tourney-bench-tune-{}", std::process::id()));
    for threads in thread_counts() {
        let (mut run_rate, mut tune_rate) = (0.0_f64, 0.0_f64);
        for _ in 0..3 {
            let (played, seconds) = timed_run(&plan(matchup, threads)?, play)?;
            run_rate = run_rate.max(played as f64 / seconds);
            remove(&folder);
            let tuning = tuning(threads, folder.clone())?;
            let started = Instant::now();
            tune(&tuning)?;
            tune_rate = tune_rate.max(games as f64 / started.elapsed().as_secs_f64());
        }
        table.row(vec![
            threads.to_string(),
            games.to_string(),
            format!("{run_rate:.0}"),
            format!("{tune_rate:.0}"),
            format!("{:+.1}%", 100.0 * (run_rate / tune_rate - 1.0)),
        ]);
    }
    remove(&folder);
    Ok(table)
}

/// A tuning's folder from an earlier measurement; none is fine.
fn remove(folder: &Path) {
    let _ = std::fs::remove_dir_all(folder);
}

/// The games a run played and the seconds it took, when it played every game: a run cut short
/// by Ctrl-C or SIGTERM would print a speed it did not measure, so the bench ends there with no
/// numbers.
fn timed_run(plan: &RunPlan, play: RunFn) -> anyhow::Result<(u64, f64)> {
    let started = Instant::now();
    let run: Summary = play(plan, None)?;
    let seconds = started.elapsed().as_secs_f64();
    if run.interrupted {
        return Err(Interrupted(format!(
            "a measurement stopped after {} games, so no numbers are printed; run the bench \
             again",
            run.analysis.games_played
        ))
        .into());
    }
    Ok((run.analysis.games_played, seconds))
}

/// Ends the bench when Ctrl-C or SIGTERM came during a measurement that does not stop for it
/// (the search speed, a child run): what follows would be printed as if nothing happened.
pub fn not_stopped() -> anyhow::Result<()> {
    if STOP.load(Ordering::SeqCst) {
        return Err(Interrupted(
            "stopped, so the rest is not measured; run the bench again".into(),
        )
        .into());
    }
    Ok(())
}
