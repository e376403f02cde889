//! How many games the ladder's matchmaking needs to find the true order of a field of known
//! strengths, against a plain round robin of the same games: the simulated measurement quoted
//! in docs/guide/ladder.md ("Measured"). The simulation is `tourney::ladder::simulate`: the
//! ladder's own matchmaking and joint fit, the programs replaced by the Elo model.
//!
//! Two fields, each in a random order every trial: six entries and twelve, some close
//! together. For each budget of games, the mean Spearman correlation with the true order over
//! the whole field (with its 95% interval), the ladder's mean lead over the round robin (paired
//! by trial: the same field, outcomes of its own), and how often the first three are the true
//! first three (with its Wilson 95% interval).
//!
//! `cargo run --release --example ladder_matchmaking [TRIALS] [REFRESH]` (200 trials and a fit
//! every 10 games by default)

use rayon::prelude::*;
use tourney::ladder::simulate::{Agreement, Simulation, trial};
use tourney::stats::wilson::wilson_interval;

/// Fixed, so the table is the same at every run and thread count.
const MASTER_SEED: u64 = 43;

/// The mean of `values` and the half width of its normal 95% interval.
fn mean(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

fn rate(hits: &[bool]) -> String {
    let k = hits.iter().filter(|&&h| h).count() as f64;
    let n = hits.len() as f64;
    let (low, high) = wilson_interval(k, n, 0.95).expect("a proportion");
    format!(
        "{:.0}% [{:.0}, {:.0}]",
        100.0 * k / n,
        100.0 * low,
        100.0 * high
    )
}

fn measure(name: &str, simulation: &Simulation, trials: u64) {
    let results: Vec<Vec<(Agreement, Agreement)>> = (0..trials)
        .into_par_iter()
        .map(|t| trial(simulation, MASTER_SEED, t))
        .collect();
    let shown: Vec<String> = simulation
        .strengths
        .iter()
        .map(|s| format!("{s}"))
        .collect();
    println!(
        "\n{name}: Elo {}; {trials} trials, a fit every {} games, placement {}, draws {:.0}%\n",
        shown.join(", "),
        simulation.refresh,
        simulation.placement,
        100.0 * simulation.draws
    );
    println!(
        "| games | field Spearman, ladder | round robin | ladder − round robin | top three right, ladder | round robin |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for (b, budget) in simulation.budgets.iter().enumerate() {
        let at: Vec<(Agreement, Agreement)> = results.iter().map(|r| r[b]).collect();
        let spearman = |pick: fn(&(Agreement, Agreement)) -> f64| {
            let (m, h) = mean(&at.iter().map(pick).collect::<Vec<_>>());
            format!("{m:+.3} ± {h:.3}")
        };
        let top = |pick: fn(&(Agreement, Agreement)) -> bool| {
            rate(&at.iter().map(pick).collect::<Vec<_>>())
        };
        println!(
            "| {budget} | {} | {} | {} | {} | {} |",
            spearman(|(l, _)| l.spearman),
            spearman(|(_, r)| r.spearman),
            spearman(|(l, r)| l.spearman - r.spearman),
            top(|(l, _)| l.top_three),
            top(|(_, r)| r.top_three),
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut number = |default: u64, what: &str| {
        args.next().map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("{what} is a whole number of one or more, not {a:?}");
                std::process::exit(2)
            })
        })
    };
    let trials = number(200, "TRIALS").max(2);
    let refresh = number(10, "REFRESH").max(1);
    let six = Simulation {
        strengths: vec![320.0, 300.0, 200.0, 150.0, 100.0, 0.0],
        budgets: vec![60, 120, 240, 480],
        refresh,
        placement: 4,
        draws: 0.0,
    };
    measure("Six entries", &six, trials);
    let twelve = Simulation {
        strengths: vec![
            420.0, 400.0, 360.0, 300.0, 270.0, 240.0, 180.0, 150.0, 120.0, 60.0, 30.0, 0.0,
        ],
        budgets: vec![132, 264, 528, 1056],
        ..six
    };
    measure("Twelve entries", &twelve, trials);
}
