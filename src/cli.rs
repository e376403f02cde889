//! The command line, as clap derive types and help text only: no logic, nothing from the crate,
//! so it could be `include!`d by a build script for shell completions.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Plays thousands of seeded games between bots, in parallel, and rates them.
#[derive(Debug, Parser)]
#[command(name = "tourney", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the games, their rule sets, options and bots.
    List,
    /// Play a tournament and report ratings, win rates and score distributions.
    #[command(after_help = RUN_EXAMPLES)]
    Run(RunArgs),
    /// Re-analyse the games.csv of one or more results folders: tables, plots, report.html/.md.
    #[command(after_help = REPORT_EXAMPLES)]
    Report(ReportArgs),
    /// Measure games per second and peak memory (no files written).
    Bench(BenchArgs),
}

const REPORT_EXAMPLES: &str = "\
Examples:
  tourney report results/t2r-nice-greedy-seed20261121
  tourney report results/a results/b --out results/merged --anchor random=0
  tourney report results/a --no-plots --sprt-elo0 0 --sprt-elo1 10

Writes ratings.csv, winrates.csv, scores.csv, report.md, report.html and the plots (PNG and
SVG) into the first folder, or --out. Folders are merged; seeds of different folders count as
different seed groups. Exit codes: 0 done, 2 bad input (unreadable games.csv, unknown anchor
bot), 3 harness failure (I/O).";

/// Options of the statistics and the report files, shared by `run` and `report`.
#[derive(Debug, Args, Clone)]
pub struct AnalysisArgs {
    /// Pin one bot's rating, as BOT=RATING (default: ratings have mean 0).
    #[arg(long, value_name = "BOT=RATING")]
    pub anchor: Option<String>,
    /// GSPRT null hypothesis, in normalized Elo.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub sprt_elo0: f64,
    /// GSPRT alternative hypothesis, in normalized Elo.
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    pub sprt_elo1: f64,
    /// GSPRT false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub sprt_alpha: f64,
    /// GSPRT false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub sprt_beta: f64,
    /// Skip the PNG and SVG plot files (tables, report.md and report.html are still written).
    #[arg(long)]
    pub no_plots: bool,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Results folders holding a games.csv each.
    #[arg(required = true, num_args = 1.., value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Where to write the report (default: the first folder).
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

const RUN_EXAMPLES: &str = "\
Examples:
  tourney run --bots nice,greedy --games 10000
  tourney run --bots random,nice,greedy --map europe --rules cgs --seed 7 --out results/europe
  tourney run --bots nice,greedy --games 2000 --threads 1 --quiet

Two bots play a head-to-head, more play a round robin of every pair. Each seed is played in
both seat orders (same deck), so --games is rounded up to an even number per pairing.
Exit codes: 0 done, 2 bad input, 3 harness failure (I/O), 130 stopped by Ctrl-C (results kept).";

/// What the game is and who plays it.
#[derive(Debug, Args, Clone)]
pub struct MatchArgs {
    /// Game to play (see `tourney list`).
    #[arg(long, default_value = "t2r")]
    pub game: String,
    /// Comma-separated bot names (see `tourney list`), at least two.
    #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
    pub bots: Vec<String>,
    /// Rule set (default: the game's first, e.g. `official` for t2r).
    #[arg(long)]
    pub rules: Option<String>,
    /// Map, for games that have maps (shortcut for `--option map=NAME`).
    #[arg(long)]
    pub map: Option<String>,
    /// Any other game option, as NAME=VALUE (e.g. `--option turn_limit=300`); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Seats per game, for games of 2 to 5 players (default: the game's smallest).
    #[arg(long)]
    pub players: Option<usize>,
    /// Master seed; every game's seed derives from it and the game index.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub matchup: MatchArgs,
    /// Games per pairing (rounded up to whole seed pairs).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Output folder (default: a new folder under `results/`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// No progress bar and no tables; files are still written.
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Print the process's peak resident memory at the end (used by `tourney bench`).
    #[arg(long, hide = true)]
    pub print_peak_memory: bool,
}

#[derive(Debug, Args)]
#[command(after_help = BENCH_EXAMPLES)]
pub struct BenchArgs {
    /// Game to measure.
    #[arg(long, default_value = "t2r")]
    pub game: String,
    /// A matchup as a comma-separated pair; repeatable (default: random,random and nice,greedy).
    #[arg(long = "bots")]
    pub matchups: Vec<String>,
    #[arg(long)]
    pub rules: Option<String>,
    #[arg(long)]
    pub map: Option<String>,
    /// Games per measurement.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Also measure the peak memory of `tourney run` (files written to a temporary folder) for
    /// each of these game counts, using the last matchup.
    #[arg(long, value_delimiter = ',')]
    pub memory: Vec<u64>,
}

const BENCH_EXAMPLES: &str = "\
Examples:
  tourney bench
  tourney bench --bots nice,greedy --games 50000 --memory 10000,1000000";
