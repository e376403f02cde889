//! The tables a person reads after a run: ratings, pairwise win rates, score distributions and
//! faults. Printed to stdout; the header goes to stderr so stdout stays clean for piping.

use super::table::Table;
use crate::app::RunPlan;
use crate::game::GameInfo;
use crate::runner::Schedule;
use crate::summary::Summary;
use std::path::Path;

pub fn print_header(info: &GameInfo, bots: &[String], schedule: &Schedule, plan: &RunPlan) {
    let options: Vec<String> = info
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    eprintln!(
        "{} ({}; {}) | {} | {} pairing(s) x {} games = {} games | seed {} | {} thread(s)",
        info.name,
        info.rules,
        options.join(", "),
        bots.join(" vs "),
        schedule.pairings.len(),
        schedule.seeds * schedule.group_len(),
        schedule.total_games(),
        plan.master_seed,
        plan.threads
    );
}

pub fn print_summary(summary: &Summary, seconds: f64, out: Option<&Path>) {
    let mut ratings = Table::new(&["bot", "elo", "95% interval", "games"]);
    let mut rows: Vec<_> = summary.ratings.rows.iter().collect();
    rows.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    for row in rows {
        ratings.row(vec![
            row.bot.clone(),
            format!("{:+.1}", row.elo),
            row.interval.map_or_else(
                || "-".to_string(),
                |(lo, hi)| format!("[{lo:+.1}, {hi:+.1}]"),
            ),
            row.games.to_string(),
        ]);
    }
    println!("\nRatings ({})", summary.ratings.method);
    print!("{}", ratings.render());
    println!(
        "  interval: {}; prior: {}",
        summary.ratings.interval, summary.ratings.prior
    );

    let mut pairs = Table::new(&["bot", "vs", "games", "win rate", "95% Wilson"]);
    for row in &summary.pairwise {
        pairs.row(vec![
            row.bot.clone(),
            row.opponent.clone(),
            row.games.to_string(),
            format!("{:.3}", row.win_rate),
            format!("[{:.3}, {:.3}]", row.lower, row.upper),
        ]);
    }
    println!("\nWin rates (draws count half)");
    print!("{}", pairs.render());

    let mut scores = Table::new(&[
        "bot", "mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max", "turns", "crash",
        "illegal",
    ]);
    for row in &summary.per_bot {
        let s = &row.score;
        scores.row(vec![
            row.bot.clone(),
            format!("{:.1}", s.mean),
            format!("{:.1}", s.sd),
            number(s.min),
            number(s.q05),
            number(s.q25),
            number(s.median),
            number(s.q75),
            number(s.q95),
            number(s.max),
            format!("{:.1}", row.mean_turns),
            row.crashes.to_string(),
            row.illegal.to_string(),
        ]);
    }
    println!("\nScores per bot (turns = mean turns per game, both seats)");
    print!("{}", scores.render());
    for row in summary
        .per_bot
        .iter()
        .filter(|r| !r.fault_examples.is_empty())
    {
        println!("  {} faults, e.g.:", row.bot);
        for example in &row.fault_examples {
            println!("    {example}");
        }
    }

    let ends: Vec<String> = summary
        .terminations
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    println!("\nTerminations: {}", ends.join(", "));
    let rate = summary.games_played as f64 / seconds.max(1e-9);
    println!(
        "{} games in {seconds:.2} s ({rate:.0} games/s), master seed {}{}",
        summary.games_played,
        summary.master_seed,
        if summary.interrupted {
            " - interrupted, finished games kept"
        } else {
            ""
        }
    );
    if let Some(dir) = out {
        println!("Wrote {}/games.csv and summary.json", dir.display());
    }
}

/// Whole numbers as integers, others with one decimal.
fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}
