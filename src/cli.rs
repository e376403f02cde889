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
    Run(Box<RunArgs>),
    /// Run a scenario and decide its gates; the exit code says the verdict.
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// Re-analyse the games.csv of one or more results folders: tables, plots, report.html/.md.
    #[command(after_help = REPORT_EXAMPLES)]
    Report(ReportArgs),
    /// Join the folders of `run --shard I/N` into the folder the whole run would have written.
    #[command(after_help = MERGE_HELP)]
    Merge(MergeArgs),
    /// Tune a bot's numeric parameters by SPSA, then test tuned against start values.
    #[command(after_help = TUNE_HELP)]
    Tune(Box<TuneArgs>),
    /// Measure games per second and peak memory (no files written).
    Bench(BenchArgs),
    /// Play training games with the contest's C clients over the contest server's protocol.
    #[command(after_help = SERVE_HELP)]
    Serve(ServeArgs),
    /// Play a recorded game again (`run --record`), check it, and print it or write its page.
    #[command(after_help = REPLAY_HELP)]
    Replay(ReplayArgs),
    /// Self-test one program (a bot manifest) before it enters a tournament: legal answers at
    /// awkward positions, whole games, answer times, a clean exit.
    #[command(after_help = DOCTOR_HELP)]
    Doctor(DoctorArgs),
    /// Serve the live page of a results folder another process is writing (a run, a shard).
    #[command(after_help = WATCH_HELP)]
    Watch(WatchArgs),
    /// The results store: list its runs, bring results folders in, write a run's folder out.
    #[command(subcommand)]
    Db(DbCommand),
    /// The stored runs, newest first, filtered; with BOT, that bot's versions and their joint
    /// ratings (and a page of them with --html).
    #[command(after_help = HISTORY_HELP, disable_version_flag = true)]
    History(HistoryArgs),
    /// One joint rating over every stored game of a game and rule set, each bot version a
    /// player of its own; the same ratings table `report` prints.
    #[command(after_help = HISTORY_HELP, disable_version_flag = true)]
    Rate(RateArgs),
    /// Run a ladder: entries from a folder, every new version self-tested, games played on
    /// and on, standings from the joint rating of every stored game.
    #[command(after_help = LADDER_HELP)]
    Ladder(Box<LadderArgs>),
}

const LADDER_HELP: &str = "\
Examples:
  tourney ladder entries --game t2r --map small --games 200
  tourney ladder entries --game t2r --until 2027-01-31 --sandbox require --out results/term
  tourney ladder entries --game t2r --live 0.0.0.0:8080

DIR holds one folder per entry: its manifest (one .toml file) and its program's files. The
folder is read again every --scan seconds: a new entry or a changed program is self-tested by
`tourney doctor` and enters when it passes. The ladder's state is in the results store
(--db), so stopping it (Ctrl-C, kill) and starting it again goes on where it was. Exit codes:
0 stopped at --games or --until, 2 bad input, 3 I/O or store failure, 130 Ctrl-C.

--final FORMAT plays the final once the freeze has passed (docs/guide/ladder.md#the-final):
  tourney ladder entries --game t2r --final swiss --rounds 5 --games 20 --out results/term";

/// `tourney ladder` (docs/guide/ladder.md).
#[derive(Debug, Args)]
pub struct LadderArgs {
    /// The entries' folder: one subfolder per entry, holding its manifest and program.
    pub dir: PathBuf,
    #[command(flatten)]
    pub game: GameArgs,
    /// The ladder's name in the store [default: DIR's folder name].
    #[arg(long = "name", value_name = "NAME")]
    pub ladder: Option<String>,
    /// Folder for standings.json, standings.csv, status.json, ladder.log, the pages, the
    /// self-test reports and the copies of accepted versions [default: results/ladder-NAME].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Games played at once [default: the number of cores].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seconds between two reads of DIR (and two refreshes of the standings).
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    pub scan: f64,
    /// Games a new version plays against the field before matchmaking chooses its opponents.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub placement: u64,
    /// Stop once the ladder holds N games (counted over every start of it); with --final,
    /// the final's games per pairing.
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Stop at this time: YYYY-MM-DD (the day's end, UTC) or YYYY-MM-DDTHH:MM:SSZ.
    #[arg(long, value_name = "TIME")]
    pub until: Option<String>,
    /// No new version enters after TIME: YYYY-MM-DD (the day's end, UTC),
    /// YYYY-MM-DDTHH:MM:SSZ, or a duration from this start (90s, 30m, 12h, 14d). Kept in the
    /// store at the first start that gives it.
    #[arg(long, value_name = "TIME")]
    pub freeze: Option<String>,
    /// Master seed of the ladder's deals (fixed at its first start).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds a version's self-test may take before it fails.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub self_test_timeout: f64,
    /// Seconds a worker's claimed deals and self-tests are its own without a renewal (renewed
    /// every third of it while it runs): after that, another worker sharing the store (a
    /// `tourney ladder` on the same --db) takes them over.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub lease: u64,
    /// What the records of the games' moves and the programs' logs in --out may take (500MB,
    /// 2GB, 800MiB): past it, the oldest records go, then the logs of entries not playing;
    /// the results in the store stay.
    #[arg(long, value_name = "SIZE", default_value = "500MB")]
    pub disk_budget: String,
    #[command(flatten)]
    pub store: DbLocation,
    /// No standings on the terminal (the log still goes to stderr).
    #[arg(long)]
    pub quiet: bool,
    /// Serve the ladder's pages at ADDR (HOST:PORT, HOST or PORT; without ADDR, loopback and
    /// a free port): the standings, a page per entry, and each entry's private page at the
    /// link in OUT/private/ENTRY.url. The same pages are written to OUT/pages either way.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = crate::live::DEFAULT_ADDRESS)]
    pub live: Option<String>,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    /// Play the final between every entry's version at the freeze, in this format, into
    /// OUT/final and the store (tag ladder-final:NAME), then write OUT/pages/final.html;
    /// --games is then the games per pairing [default: 100]. Needs a freeze that has passed.
    #[arg(long = "final", value_name = "FORMAT", value_enum)]
    pub final_format: Option<FinalFlag>,
    /// The final's knockout: entries per pool (without it every entry enters the bracket).
    #[arg(long, value_name = "N", requires = "final_format")]
    pub pool_size: Option<usize>,
    /// The final's knockout: how many of each pool enter the bracket [default: 2].
    #[arg(long, value_name = "K", requires = "final_format")]
    pub advance: Option<usize>,
    /// The final's knockout: games per bracket match [default: 10].
    #[arg(long, value_name = "M", requires = "final_format")]
    pub match_games: Option<u64>,
    /// The final's Swiss system: rounds to play.
    #[arg(long, value_name = "R", requires = "final_format")]
    pub rounds: Option<usize>,
}

/// The formats of a ladder's final: `run --format`'s, but a gauntlet, which has no winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FinalFlag {
    RoundRobin,
    Swiss,
    Knockout,
}

impl FinalFlag {
    /// The same format as `run --format` names it.
    pub fn format(self) -> FormatFlag {
        match self {
            FinalFlag::RoundRobin => FormatFlag::RoundRobin,
            FinalFlag::Swiss => FormatFlag::Swiss,
            FinalFlag::Knockout => FormatFlag::Knockout,
        }
    }
}

/// Where `run`, `check`, `merge` and `tune` record their games (docs/guide/history.md).
#[derive(Debug, Args, Clone, Default)]
pub struct StoreArgs {
    /// The results store: an SQLite file, or a postgres:// (postgresql://) URL [default: the
    /// TOURNEY_DB environment variable, else results/tourney.db].
    #[arg(long, value_name = "PATH|URL", conflicts_with = "no_db")]
    pub db: Option<String>,
    /// Record nothing in a results store.
    #[arg(long)]
    pub no_db: bool,
    /// A word recorded with the run, to find it by later (e.g. nightly, a branch name).
    #[arg(long, value_name = "TAG", conflicts_with = "no_db")]
    pub tag: Option<String>,
}

/// The store a `db` sub-command reads or writes.
#[derive(Debug, Args, Clone, Default)]
pub struct DbLocation {
    /// An SQLite file, or a postgres:// (postgresql://) URL [default: the TOURNEY_DB
    /// environment variable, else results/tourney.db].
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<String>,
}

const DB_HELP: &str = "\
Examples:
  tourney db runs
  tourney db import results/big-run results/shard-1 results/merged
  tourney db export 3fa2c1 --out results/3fa2c1
  tourney db runs --db postgres://tourney@localhost/results

Exit codes: 0 done, 2 bad input (a store that cannot be opened, of a newer schema, an unknown
run, a folder that is not a run's), 3 I/O.";

const HISTORY_HELP: &str = "\
Examples:
  tourney history
  tourney history --game t2r --bot greedy --since 2026-12-01 --limit 20
  tourney history mybot --game t2r --html results/mybot-history.html
  tourney rate --game t2r --rules official --tag nightly

A player of the joint rating is a bot label at one version: two versions of a bot are two
players, and runs of one version are pooled. Exit codes: 0 done, 2 bad input (no store, a store
that cannot be opened, a bad date, an unknown bot, nothing matching, or runs of several games,
rule sets or seat counts to rate without --game and --rules), 3 I/O.";

/// Which stored runs `history` and `rate` read (docs/guide/history.md).
#[derive(Debug, Args, Clone, Default)]
pub struct RunFilterArgs {
    /// Only runs of this game (e.g. t2r).
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// Only runs of this rule set.
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
    /// Only runs this bot played in: its label, or the bot as named (nice, a manifest path).
    #[arg(long = "bot", value_name = "NAME")]
    pub bot: Option<String>,
    /// Only runs a bot played in at this version: its label (v1.2), or 4 or more hex digits
    /// its digest starts with; with --bot, that bot's version.
    #[arg(long, value_name = "V")]
    pub version: Option<String>,
    /// Only runs recorded with this --tag.
    #[arg(long, value_name = "TAG")]
    pub tag: Option<String>,
    /// Only runs started on or after this day (YYYY-MM-DD, UTC) or time
    /// (YYYY-MM-DDTHH:MM:SSZ).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// Only runs started on or before this day (the whole day) or time.
    #[arg(long, value_name = "DATE")]
    pub until: Option<String>,
    /// Only runs of this format, as their configuration says.
    #[arg(long, value_name = "FORMAT", value_parser = ["round-robin", "gauntlet", "field", "knockout", "swiss"])]
    pub format: Option<String>,
    #[command(flatten)]
    pub store: DbLocation,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// A bot's label: list its versions in order of first appearance, with their joint
    /// ratings, instead of runs.
    #[arg(value_name = "BOT", conflicts_with_all = ["bot", "limit"])]
    pub name: Option<String>,
    #[command(flatten)]
    pub filter: RunFilterArgs,
    /// List at most the N newest runs that match.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Print JSON (an array of runs, or with BOT an object of its versions) instead of lines.
    #[arg(long)]
    pub json: bool,
    /// With BOT: also write its history page (rating over versions, the runs behind each) to
    /// FILE, one self-contained HTML file.
    #[arg(long, value_name = "FILE", requires = "name")]
    pub html: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub filter: RunFilterArgs,
    /// Print the fit as JSON (players and the ratings table) instead of the table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// One line per stored run, newest first: what `tourney history` lists with no filter.
    #[command(after_help = DB_HELP)]
    Runs(DbLocation),
    /// Bring results folders (runs, shards, merged runs) into the store; importing a folder
    /// again adds nothing.
    #[command(after_help = DB_HELP)]
    Import(DbImportArgs),
    /// Write a stored run's folder: games.csv, manifest.json, summary.json and the reports, as
    /// the run wrote them.
    #[command(after_help = DB_HELP)]
    Export(DbExportArgs),
}

#[derive(Debug, Args)]
pub struct DbImportArgs {
    /// Results folders, each with games.csv and manifest.json.
    #[arg(required = true, num_args = 1.., value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    #[command(flatten)]
    pub store: DbLocation,
    /// A word recorded with each run imported.
    #[arg(long, value_name = "TAG")]
    pub tag: Option<String>,
}

#[derive(Debug, Args)]
pub struct DbExportArgs {
    /// The run's id, or 4 or more of its first hex digits (`tourney db runs` lists them).
    pub run: String,
    /// The folder to write (new, or empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub store: DbLocation,
    /// No tables; files are still written.
    #[arg(long)]
    pub quiet: bool,
}

const WATCH_HELP: &str = "\
Examples:
  tourney watch results/big-run
  tourney watch results/big-run --live 0.0.0.0:8080

Reads DIR/games.csv as it grows and serves the page `run --live` serves; once summary.json
appears it shows the final report. Runs until Ctrl-C. Exit codes: 0 stopped by Ctrl-C, 2 bad
input (DIR missing or not a results folder, a damaged games.csv, an address it cannot use).";

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The results folder (a run's --out, or a shard's).
    pub dir: PathBuf,
    /// Where the page listens: HOST:PORT, HOST or PORT (default: loopback, a free port).
    #[arg(long, value_name = "ADDR", default_value = crate::live::DEFAULT_ADDRESS)]
    pub live: String,
}

const DOCTOR_HELP: &str = "\
Examples:
  tourney doctor bots/examples/t2r-random-py.toml
  tourney doctor mybot.toml --map europe --sandbox require

Prints one line per check: ok, FAIL (what happened, what the rules or the protocol expected and
where that is written) or skipped (why). Exit codes: 0 every check passes, 1 a check fails,
2 bad input (a missing or broken manifest, an unknown game, a program that cannot start).";

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// The program's manifest (`protocol = \"cgs\"` for a contest program).
    pub bot: PathBuf,
    /// The game's rules and options, as `run` takes them (the game is the manifest's).
    #[command(flatten)]
    pub game: GameArgs,
    /// Master seed of the games the positions are searched in and the whole games played.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

const SERVE_HELP: &str = "\
Examples:
  tourney serve --game t2r --port 1234
  tourney serve --game labyrinth --port 1235 --timeout 10

A client built with the contest's client library connects to this host and port and asks
WAIT_GAME \"TRAINING <BOT> [seed=N] [start=0|1] [timeout=S] [map=USA|small|Europe] [mini=1]\".
Bots: t2r DO_NOTHING, PLAY_RANDOM, NICE_BOT; labyrinth RANDOM, BASIC, DONTMOVE (played by
do-nothing, random, nice / random, basic, dont-move under the cgs rule set). To rate a client
against every bot, use `tourney run --bots nice,random,cgs:NAME --serve PORT`.";

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Game to serve: t2r or labyrinth.
    #[arg(long, default_value = "t2r")]
    pub game: String,
    /// TCP port (0 picks a free one, printed at start).
    #[arg(long, default_value_t = 1234)]
    pub port: u16,
    /// IPv4 address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Seconds per move when the client does not ask with timeout=S.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
}

const REPLAY_HELP: &str = "\
Examples:
  tourney run --bots nice,greedy --games 20 --record --out results/rec
  tourney replay results/rec --game 7
  tourney replay results/rec --game 7 --html game7.html

Replays game N of DIR/records.jsonl.gz from its seed: every recorded chance outcome must be the
one the engine draws, every action legal, and the result the one in the record and in
DIR/games.csv. Exit codes: 0 the record checks out, 1 it does not (the message says where),
2 bad input (no records file, no such game, a records file damaged or cut short), 3 I/O.";

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A results folder written by `tourney run --record`.
    pub dir: PathBuf,
    /// The game index (the `game` column of games.csv).
    #[arg(long)]
    pub game: u64,
    /// Write a self-contained page that steps through the game instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

const CHECK_HELP: &str = "\
Exit codes:
  0  every gate passes
  1  a gate fails (a regression)
  2  a gate is inconclusive at its maximum number of games, or the input is bad (message says)
  3  harness failure: crash or illegal-move rate above the scenario's max_fault_rate, or I/O
  130  interrupted (Ctrl-C or SIGTERM): no verdict; stderr says how far it got and how to go on

Gates (in the scenario's [[gates]] tables):
  kind = \"sprt\"      candidate, baseline, elo0 (0), elo1 (5), alpha (0.05), beta (0.05), max_games:
                      a generalized SPRT on game pairs with normalized-Elo bounds, decided in
                      game-index order (the same stopping point at any --threads)
  kind = \"win-rate\"  bot, against, min_lower and/or max_upper: judged by its 95% interval over seeds
  kind = \"baseline\"  bot, margin: rating not below the stored baseline by more than margin Elo

Example:
  tourney check scenarios/t2r-ci.toml
  tourney check scenarios/t2r-ci.toml --save-baseline   # writes results/baselines/t2r-ci.json";
const REPORT_EXAMPLES: &str = "\
Examples:
  tourney report results/t2r-nice-greedy-seed20261121
  tourney report results/a results/b --out results/merged --anchor random=0
  tourney report results/a --no-plots --sprt-elo0 0 --sprt-elo1 10

Writes ratings.csv, winrates.csv, scores.csv, report.md, report.html and the plots (PNG and
SVG) into the first folder, or --out. Folders are merged; seeds of different folders count as
different seed groups. Exit codes: 0 done, 2 bad input (a games.csv field that is not what a
run writes, unknown anchor bot, a folder given twice or holding the same games as another,
folders of different games, rule sets or options), 3 harness failure (I/O).";

const MERGE_HELP: &str = "\
Example:
  tourney run --bots random,nice --games 100000 --shard 1/3 --out results/part1   # machine 1
  tourney run --bots random,nice --games 100000 --shard 2/3 --out results/part2   # machine 2
  tourney run --bots random,nice --games 100000 --shard 3/3 --out results/part3   # machine 3
  tourney merge results/part1 results/part2 results/part3 --out results/all

The shards must come from one configuration and the same build, be complete, and cover every
game exactly once; --out then holds games.csv, manifest.json, summary.json and the reports,
byte for byte what one machine would have written. Exit codes: 0 done, 2 a shard is missing,
incomplete, overlapping or from another configuration, or --out already holds another run
(--force replaces it; the message says which), 3 I/O.";

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' results folders, in any order.
    #[arg(required = true, num_args = 1.., value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The folder to write (created; must not be one of the shards).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace the other run --out already holds (refused without it).
    #[arg(long)]
    pub force: bool,
    /// Worker threads for re-playing the few faulty games whose messages the summary quotes.
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// No tables; files are still written.
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub store: StoreArgs,
}

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
  tourney run --bots nice,random --games 20000 --sprt-stop   # stop once the GSPRT decides
  tourney run --bots random,nice,greedy --format gauntlet --candidate nice
  tourney run --game carcassonne --bots mcts:iterations=300,rollout=greedy,greedy
  tourney run --bots nice,random,cgs:alice --games 200 --serve 1234   # a contest client plays

Two bots play a head-to-head, more play a round robin of every pair. Each seed is played in
both seat orders (same deck), so --games is rounded up to an even number per pairing.
Without a terminal, the running score is printed every --progress-every seconds, as
`Score of A vs B: W - L - D  [score] games` lines (docs/guide/tournaments.md).
After a crash, kill or Ctrl-C:  tourney run --resume results/europe
More than one machine:         tourney run ... --shard 2/8 --out part2, then tourney merge
Exit codes: 0 done, 2 bad input (e.g. --out DIR already holds a run: --resume DIR continues it,
--force replaces it), 3 harness failure (I/O), 130 stopped by Ctrl-C or SIGTERM (results kept;
stderr says how to go on).";

/// What the game is and who plays it. Every flag overrides the scenario's field, if any.
#[derive(Debug, Args, Clone, Default)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Comma-separated bots (see `tourney list`), at least two. Parameters follow a ':' as
    /// KEY=VALUE items; every following KEY=VALUE item belongs to the same bot, the first item
    /// without '=' starts the next bot: `--bots mcts:iterations=2000,rollout=greedy,nice`.
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    pub bots: Vec<String>,
    /// Seat every other bot against copies of this one (with --players K: one bot and K-1
    /// copies per game) instead of playing every combination of the bots.
    #[arg(long, value_name = "BOT")]
    pub field: Option<String>,
    /// Master seed; every game's seed derives from it and the game index.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores; at most 4 per core and one per game are used; 0 is
    /// refused). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Which game, under which rules and options: the flags `run` and `tune` share. Each overrides
/// the scenario's field, if any.
#[derive(Debug, Args, Clone, Default)]
pub struct GameArgs {
    /// Game (see `tourney list`) [default: t2r].
    #[arg(long = "game")]
    pub name: Option<String>,
    /// Rule set (default: the game's first, e.g. `official` for t2r).
    #[arg(long)]
    pub rules: Option<String>,
    /// Map, for games that have maps (shortcut for `--option map=NAME`).
    #[arg(long)]
    pub map: Option<String>,
    /// Any other game option, as NAME=VALUE (e.g. `--option turn_limit=300`); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Seats per game, for games of 2 to 5 players (default: the game's smallest; `tune` needs
    /// --against for more than 2).
    #[arg(long)]
    pub players: Option<usize>,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// A scenario file (scenarios/NAME.toml); flags override its fields.
    pub scenario: Option<PathBuf>,
    #[command(flatten)]
    pub matchup: MatchArgs,
    /// Games per pairing, rounded up to whole seed groups [default: 1000].
    #[arg(long)]
    pub games: Option<u64>,
    /// The games' seeds from FILE, one a line (`#` comments and blank lines ignored): each is
    /// played in every seat order by every pairing, in place of the seeds the master seed
    /// numbers 0, 1, 2, … (replaces --games).
    #[arg(long, value_name = "FILE", conflicts_with = "games")]
    pub seeds: Option<PathBuf>,
    /// Output folder (default: a new folder under `results/`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the run in DIR after a crash, kill or Ctrl-C: its finished games are kept and
    /// the rest played; the files end up as an uninterrupted run's. Without a scenario or
    /// --bots the configuration is read from DIR/manifest.json; with them it must match it.
    /// A DIR that holds nothing yet starts the run there.
    #[arg(long, value_name = "DIR", conflicts_with = "out")]
    pub resume: Option<PathBuf>,
    /// Replace the run the output folder already holds (refused without it: `--resume`
    /// continues it instead).
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Play only shard I of N (1 <= I <= N): a contiguous share of the seeds, for
    /// `tourney merge` to join. Writes games.csv and manifest.json, no summary.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// No progress bar, no running score and no tables; files are still written.
    #[arg(long)]
    pub quiet: bool,
    /// Without a terminal (a pipe, a CI log), print the running score every SECONDS (0: after
    /// every block of games) and once at the end.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub progress_every: f64,
    /// Serve a live page of the run at ADDR (HOST:PORT, HOST or PORT; without ADDR, loopback
    /// and a free port): progress, ratings, head-to-heads, faults, then the final report. The
    /// URL is printed at start; the page stays after the run until Ctrl-C.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = crate::live::DEFAULT_ADDRESS)]
    pub live: Option<String>,
    /// Stop a head-to-head, and each pairing of a gauntlet, as soon as its GSPRT
    /// (--sprt-elo0/--sprt-elo1/--sprt-alpha/--sprt-beta) accepts H0 or H1.
    #[arg(long)]
    pub sprt_stop: bool,
    /// What a bot's illegal answer, timeout or crash costs: `lose` (the game; the default) or
    /// `tolerate=N` (a seeded legal action is played instead, the bot made again if it died,
    /// for up to N faults per seat per game; one more loses the game).
    #[arg(long, value_name = "POLICY")]
    pub faults: Option<String>,
    /// Withdraw a program that faulted in more than RATE of its games (0.2 or 20%), judged
    /// after each of its games from its 10th on; its later games are not played.
    #[arg(long, value_name = "RATE")]
    pub disqualify: Option<String>,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Listen on this port for contest clients playing the seats of `cgs:NAME` bots (0 picks a
    /// free port, printed at start).
    #[arg(long, value_name = "PORT")]
    pub serve: Option<u16>,
    /// IPv4 address --serve listens on.
    #[arg(long, default_value = "127.0.0.1", requires = "serve")]
    pub serve_host: String,
    /// Seconds a cgs: client has per move before it loses on time.
    #[arg(long, default_value_t = 10.0, requires = "serve")]
    pub serve_timeout: f64,
    /// Seconds a game waits for its cgs: client to connect before that seat loses on time.
    #[arg(long, default_value_t = 60.0, requires = "serve")]
    pub serve_wait: f64,
    /// Also write every game's actions and chance outcomes to records.jsonl.gz, for
    /// `tourney replay`.
    #[arg(long)]
    pub record: bool,
    #[command(flatten)]
    pub store: StoreArgs,
    /// Print the process's peak resident memory at the end (used by `tourney bench`).
    #[arg(long, hide = true)]
    pub print_peak_memory: bool,
    #[command(flatten)]
    pub tournament: TournamentArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub clock: ClockArgs,
    /// Also time the built-in bots' decisions, for records and the report's think times
    /// (programs tourney starts are always timed).
    #[arg(long)]
    pub think_times: bool,
    /// A version label for the entry labelled NAME, over its manifest's `version` and its git
    /// commit; repeatable.
    #[arg(long, value_name = "NAME=LABEL")]
    pub version_label: Vec<String>,
}

/// The time control of the programs tourney starts (docs/guide/contest.md#clocks): the flags
/// `run` and `check` share, over every manifest's `clock` and `clock_margin_ms`.
#[derive(Debug, Args, Clone, Default)]
pub struct ClockArgs {
    /// A time bank per game and an increment per move, in seconds (`60+0.5`), for every
    /// program tourney starts; running out loses the game (`timeout`). `move_ms` still limits
    /// each move.
    #[arg(long, value_name = "BANK+INC", value_parser = crate::external::clock::Clock::parse)]
    pub clock: Option<crate::external::clock::Clock>,
    /// Grace past the clock before a move loses on time, in milliseconds [default: the
    /// manifest's clock_margin_ms, else 0].
    #[arg(long, value_name = "MS", value_parser = crate::input::millis_flag)]
    pub clock_margin_ms: Option<u64>,
}

impl ClockArgs {
    /// `below` (a scenario's or a results folder's clock) with each flag given over its part.
    pub fn over(
        &self,
        below: crate::external::clock::Overrides,
    ) -> crate::external::clock::Overrides {
        crate::external::clock::Overrides {
            clock: self.clock.or(below.clock),
            margin: self
                .clock_margin_ms
                .map(std::time::Duration::from_millis)
                .or(below.margin),
        }
    }
}

/// How `run` pairs the bots beyond the round robin (docs/guide/formats.md); each flag overrides
/// a scenario's `format` and `[knockout]` table.
#[derive(Debug, Args, Clone, Default)]
pub struct TournamentArgs {
    /// `round-robin` (every pair; the default), `gauntlet` (--candidate against every other
    /// bot), `knockout` (pools, then a bracket of matches) or `swiss` (rounds of matches between
    /// bots of equal or near score).
    #[arg(long, value_enum)]
    pub format: Option<FormatFlag>,
    /// Gauntlet: the bot (a label of --bots) that meets every other bot; the others do not
    /// meet each other.
    #[arg(long, value_name = "BOT")]
    pub candidate: Option<String>,
    /// Knockout: bots per pool, dealt in list order by snake seeding (without it every bot
    /// enters the bracket, seeded in list order); pools play `--games` per pairing.
    #[arg(long, value_name = "N")]
    pub pool_size: Option<usize>,
    /// Knockout: how many of each pool enter the bracket [default: 2].
    #[arg(long, value_name = "K")]
    pub advance: Option<usize>,
    /// Knockout: games per bracket match, rounded up to whole seed pairs [default: 10].
    #[arg(long, value_name = "M")]
    pub match_games: Option<u64>,
    /// Swiss: rounds to play; each round's matches are `--games` games.
    #[arg(long, value_name = "R")]
    pub rounds: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatFlag {
    RoundRobin,
    Gauntlet,
    Knockout,
    Swiss,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The scenario whose gates to decide.
    pub scenario: PathBuf,
    /// Worker threads (default: all cores; at most 4 per core are used; 0 is refused). Verdicts
    /// and stopping points do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write the measured ratings to results/baselines/NAME.json, for later baseline gates.
    #[arg(long)]
    pub save_baseline: bool,
    /// Output folder of the fixed-games tournament (default: the scenario's, or none).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace another run the output folder already holds (refused without it; this same
    /// run is continued).
    #[arg(long)]
    pub force: bool,
    /// Print only the verdict lines.
    #[arg(long)]
    pub quiet: bool,
    /// Without a terminal, print the running score every SECONDS (0: after every block of
    /// games) and once at the end of each tournament and sequential test.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub progress_every: f64,
    #[command(flatten)]
    pub store: StoreArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    #[command(flatten)]
    pub clock: ClockArgs,
    /// A version label for the scenario's entry labelled NAME, over its manifest's `version`
    /// and its git commit; repeatable.
    #[arg(long, value_name = "NAME=LABEL")]
    pub version_label: Vec<String>,
}

const TUNE_HELP: &str = "\
Examples:
  tourney tune --game carcassonne --bot mcts --param c=0:0.05 --against greedy --games 4000
  tourney tune --bot ./mybot.toml:x=0.3 --param x=0:1 --param n=1:20 --games 20000
  tourney tune scenarios/tune-carcassonne.toml
  tourney tune --resume results/tune-carcassonne-mcts-seed20261121   # after a kill or Ctrl-C

Each iteration plays --batch seeds in every seat order: theta+c*delta against theta-c*delta
(self-play), or with --against each of the two against the listed bots on the same seeds.
Steps use the summed result of an iteration, so --batch does not change how far theta travels
per game; c ends at 10% of each range (see docs/guide/tuning.md).
Writes DIR/tune.csv, tuned.json, tune.png/.svg and report.html; prints the tuned bot spec last.
Exit codes: 0 done, 2 bad input, 3 harness failure (I/O), 130 stopped by Ctrl-C or SIGTERM
(resume it; stopped in the final verification, no tuned.json is written and the resume verifies).";

/// `tourney tune`: what to tune, against whom, for how long.
#[derive(Debug, Args, Default, Clone)]
pub struct TuneArgs {
    /// A scenario file with a [tune] table; flags override its fields.
    pub scenario: Option<PathBuf>,
    #[command(flatten)]
    pub game: GameArgs,
    /// The bot to tune, as in `run --bots`: `mcts:iterations=400` or `./mybot.toml:x=0.3`.
    /// Its values (given here, or its defaults) are the starting point.
    #[arg(long, value_name = "BOTSPEC")]
    pub bot: Option<String>,
    /// A parameter to tune and its range, NAME=MIN:MAX (just NAME for an external bot's or a
    /// bounded parameter's declared range); repeatable.
    #[arg(long = "param", value_name = "NAME=MIN:MAX")]
    pub params: Vec<String>,
    /// Bots each side plays on the same seeds, instead of the two sides playing each other.
    #[arg(long, value_delimiter = ',', value_name = "BOT,...")]
    pub against: Vec<String>,
    /// Total games to play while tuning [default: 4000].
    #[arg(long)]
    pub games: Option<u64>,
    /// Seeds per iteration, each in every seat order [default: 8].
    #[arg(long)]
    pub batch: Option<u64>,
    /// Master seed; every iteration's games and perturbation derive from it.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). tune.csv does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: a new folder under `results/`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the tuning in DIR after a kill or Ctrl-C (its settings are read from
    /// DIR/tune.json; only --threads and --quiet may be given with it).
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Skip the final GSPRT of tuned against start values.
    #[arg(long)]
    pub no_verify: bool,
    /// Most games of the final GSPRT [default: the tuning's games].
    #[arg(long)]
    pub verify_games: Option<u64>,
    /// No progress bar (nor, without a terminal, the plain progress lines); the warnings, the
    /// verdict and the tuned spec are still printed.
    #[arg(long)]
    pub quiet: bool,
    /// The results store the final verification's games are recorded into.
    #[command(flatten)]
    pub store: StoreArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

#[derive(Debug, Args)]
#[command(after_help = BENCH_EXAMPLES)]
pub struct BenchArgs {
    /// The game to measure, as `run` takes it.
    #[command(flatten)]
    pub game: GameArgs,
    /// A matchup as a comma-separated pair; repeatable (default: random,random, and nice,greedy
    /// where the game has `nice`, else greedy,greedy).
    #[arg(long = "bots")]
    pub matchups: Vec<String>,
    /// Games per measurement.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Also measure the peak memory of `tourney run` (files written to a temporary folder) for
    /// each of these game counts, using the last matchup.
    #[arg(long, value_delimiter = ',')]
    pub memory: Vec<u64>,
    /// Instead, measure what `tune` costs over `run` on games of the same cost (the hidden
    /// test-optimum double near x = 1, tuned within 0.999:1 and run at 0.9995).
    #[arg(long)]
    pub tune: bool,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

const BENCH_EXAMPLES: &str = "\
Examples:
  tourney bench
  tourney bench --bots nice,greedy --games 50000 --memory 10000,1000000
  tourney bench --tune --games 20000";

/// How the programs tourney starts (manifest bots, contest programs) are confined; see
/// docs/guide/untrusted-programs.md. The flags `run`, `check`, `tune`, `bench` and `doctor` share.
#[derive(Debug, Args, Clone, Default)]
pub struct SandboxArgs {
    /// `on`: every protection this machine offers, one line saying what it lacks (`tourney
    /// list` shows them); `require`: refuse to start programs this machine cannot fully
    /// confine (for a contest); `off`: run programs as the harness runs (trusted programs).
    #[arg(long, value_enum, default_value_t = SandboxFlag::On)]
    pub sandbox: SandboxFlag,
    /// Memory per program, everything it starts included, in MiB (over its manifest's
    /// [limits] memory_mib) [default: 2048].
    #[arg(long, value_name = "MIB")]
    pub limit_memory: Option<u64>,
    /// Processes and threads per program (over [limits] processes) [default: 64].
    #[arg(long, value_name = "N")]
    pub limit_processes: Option<u64>,
    /// Largest file a program may write, in MiB (over [limits] write_mib) [default: 64].
    #[arg(long, value_name = "MIB")]
    pub limit_write: Option<u64>,
    /// Open files per process of a program (over [limits] open_files) [default: 1024].
    #[arg(long, value_name = "N")]
    pub limit_files: Option<u64>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SandboxFlag {
    Off,
    #[default]
    On,
    Require,
}
