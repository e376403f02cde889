//! The tables a person reads after a run: ratings, pairwise win rates, score distributions and
//! faults. Printed to stdout; the header goes to stderr so stdout stays clean for piping.

pub use super::markup::verdict_text;
use super::markup::{
    by_rating, difference_note, head_to_head_cells, number, rating_cells, sprt_errors_text,
    terminations_text,
};
use super::table::Table;
use crate::game::GameInfo;
use crate::runner::Schedule;
use crate::stats::bootstrap::CONFIDENCE;
use crate::stats::bounds::Identification;
use crate::summary::{Analysis, Ratings, SprtStop, StopDecision, Summary};
use std::path::{Path, PathBuf};

/// The run's first line: game, rule set and options (when it has any), bots, the games and the
/// seed. A knockout or Swiss (`staged`) plays rounds that `schedule` (its first round) does not
/// show, so its line leaves the games to the line after it, which counts all of them.
pub fn print_header(
    info: &GameInfo,
    bots: &[String],
    schedule: &Schedule,
    staged: bool,
    master_seed: u64,
    threads: usize,
) {
    eprintln!(
        "{} | {} | {}seed {} | {} thread(s)",
        game_text(info),
        bots.join(" vs "),
        match staged {
            true => String::new(),
            false => format!(
                "{} pairing(s) x {} games = {} games | ",
                schedule.pairings.len(),
                schedule.seeds * schedule.group_len(),
                schedule.total_games()
            ),
        },
        master_seed,
        threads
    );
}

/// `GAME (RULES; OPTION=VALUE, …)`, or `GAME (RULES)` for a game without
/// options.
pub fn game_text(info: &GameInfo) -> String {
    let options: Vec<String> = info
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    match options.is_empty() {
        true => format!("{} ({})", info.name, info.rules),
        false => format!("{} ({}; {})", info.name, info.rules, options.join(", ")),
    }
}

/// The tables of an analysis: ratings, head-to-head, win rates, scores and faults.
pub fn print_analysis(analysis: &Analysis) {
    print_ratings(&analysis.ratings);
    print_head_to_head(analysis);
    print_win_rates(analysis);
    print_scores(analysis);
    print_fault_examples(analysis);
    println!(
        "\nTerminations: {}",
        terminations_text(&analysis.terminations)
    );
}

/// The ratings table as `report` and `rate` print it.
pub fn print_ratings(ratings: &Ratings) {
    let mut table = Table::new(&["bot", "elo", "95% interval", "games"]);
    for row in by_rating(ratings) {
        table.row(rating_cells(row));
    }
    println!("\nRatings ({}, {})", ratings.method, ratings.scale);
    print!("{}", table.render());
    println!(
        "  interval: {:.0}% bootstrap over seeds; prior: a virtual draw per pair (report.md explains)",
        100.0 * CONFIDENCE
    );
    if ratings
        .rows
        .iter()
        .any(|r| r.identification != Identification::Identified)
    {
        println!("  > x, < x: a one-sided 95% bound, for a bot that never lost or never scored");
    }
}

/// Nothing when no pairing had two seats.
fn print_head_to_head(analysis: &Analysis) {
    if analysis.head_to_head.is_empty() {
        return;
    }
    let mut h2h = Table::new(&[
        "bot",
        "vs",
        "games",
        "elo",
        "nelo",
        "LOS",
        "pentanomial",
        "LLR",
        "verdict",
    ]);
    for row in &analysis.head_to_head {
        h2h.row(head_to_head_cells(
            row,
            "+/-",
            format!("{:?}", row.pentanomial),
        ));
    }
    println!("\nHead to head (seed pairs; GSPRT on normalized Elo)");
    print!("{}", h2h.render());
    println!("  elo, nelo: {}", difference_note(analysis));
    let errors = sprt_errors_text(analysis);
    if !errors.is_empty() {
        println!(" {errors}");
    }
}

fn print_win_rates(analysis: &Analysis) {
    let mut pairs = Table::new(&["bot", "vs", "games", "seeds", "win rate", "95% interval"]);
    for row in &analysis.pairwise {
        pairs.row(vec![
            row.bot.clone(),
            row.opponent.clone(),
            row.games.to_string(),
            row.seeds.to_string(),
            format!("{:.3}", row.win_rate),
            format!("[{:.3}, {:.3}]", row.lower, row.upper),
        ]);
    }
    println!("\nWin rates (draws count half; interval over seeds as the independent units)");
    print!("{}", pairs.render());
}

fn print_scores(analysis: &Analysis) {
    let mut scores = Table::new(&[
        "bot", "mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max", "turns", "crash",
        "illegal", "timeout",
    ]);
    for row in &analysis.per_bot {
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
            row.timeouts.to_string(),
        ]);
    }
    println!("\nScores per bot (turns = mean turns per game, all seats together)");
    print!("{}", scores.render());
}

/// What went wrong in a few of each faulting bot's games, under the scores table.
fn print_fault_examples(analysis: &Analysis) {
    for row in analysis
        .per_bot
        .iter()
        .filter(|r| !r.fault_examples.is_empty())
    {
        println!("  {} faults, e.g.:", row.bot);
        for example in &row.fault_examples {
            println!("    {example}");
        }
    }
}

/// The test of `--sprt-stop`, e.g. `GSPRT nElo [0, 5], alpha 0.05, beta 0.05`.
pub fn stop_test_text(stop: &SprtStop) -> String {
    let t = stop.test;
    format!(
        "GSPRT nElo [{}, {}], alpha {}, beta {}",
        t.nelo0, t.nelo1, t.alpha, t.beta
    )
}

/// One pairing `--sprt-stop` decided: `nice vs greedy: H1 accepted after game 137 (138 games
/// of the pairing), LLR 2.970 in [-2.944, 2.944]`.
pub fn stop_decision_text(d: &StopDecision) -> String {
    format!(
        "{} vs {}: {} after game {} ({} games of the pairing), LLR {:.3} in [{:.3}, {:.3}]",
        d.bot,
        d.opponent,
        verdict_text(d.verdict),
        d.after_game,
        d.games,
        d.llr,
        d.llr_lower,
        d.llr_upper
    )
}

/// How the run ended under `--sprt-stop`.
pub fn stop_end_text(stop: &SprtStop) -> String {
    match stop.stopped_after_game {
        Some(game) => format!("Every pairing was decided: the run stopped after game {game}."),
        None if stop.decisions.is_empty() => {
            "No pairing was decided: every game was played.".to_string()
        }
        None => "The other pairings played every game.".to_string(),
    }
}

/// Where and why `--sprt-stop` stopped each pairing it decided, after the tables.
pub fn print_sprt_stop(stop: &SprtStop) {
    println!("\nSPRT stop ({})", stop_test_text(stop));
    for decision in &stop.decisions {
        println!("  {}", stop_decision_text(decision));
    }
    println!("  {}", stop_end_text(stop));
}

/// A speed with three significant digits below 100 games/s, so slow search games read
/// "0.194 games/s" instead of a rounded "0 games/s".
pub fn games_per_second(rate: f64) -> String {
    let decimals = match rate {
        r if r >= 100.0 => 0,
        r if r >= 10.0 => 1,
        r if r >= 1.0 => 2,
        _ => 3,
    };
    format!("{rate:.decimals$} games/s")
}

/// Speed, seed and the files written, after a run.
pub fn print_run_footer(summary: &Summary, seconds: f64, out: Option<&Path>, written: &[PathBuf]) {
    let rate = summary.analysis.games_played as f64 / seconds.max(1e-9);
    println!(
        "{} games in {seconds:.2} s ({}), master seed {}{}",
        summary.analysis.games_played,
        games_per_second(rate),
        summary.master_seed,
        if summary.interrupted {
            " - interrupted, finished games kept"
        } else {
            ""
        }
    );
    if let Some(dir) = out {
        println!(
            "Wrote {}/games.csv, summary.json and {} report files (report.html, report.md, ...)",
            dir.display(),
            written.len()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::games_per_second;

    #[test]
    fn slow_speeds_keep_three_significant_digits() {
        assert_eq!(games_per_second(0.19391), "0.194 games/s");
        assert_eq!(games_per_second(6.5), "6.50 games/s");
        assert_eq!(games_per_second(45.26), "45.3 games/s");
        assert_eq!(games_per_second(3712.4), "3712 games/s");
    }
}
