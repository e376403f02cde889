//! `tourney report DIR...`: streams the `games.csv` of one or more results folders into the same
//! [`Tally`] a run feeds, and writes the same tables, plots and reports a run writes.

use super::faults::{FaultedGames, Replays, loss_links};
use super::folders;
use super::games_row::{Columns, Row, bad};
use super::manifest::Manifest;
use super::recorded_thinks;
use super::replay::FindReplay;
use crate::cli::{AnalysisArgs, ReportArgs};
use crate::error::UsageError;
use crate::format::{KnockoutResult, SwissResult};
use crate::input::{self, LinesAtMost};
use crate::report::standings::{Crosstable, Standings};
use crate::report::{self, terminal};
use crate::runner::GameRecord;
use crate::summary::{Analysis, AnalysisOptions, Disqualify, SprtOptions, SprtStop, Tally};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// Statistics options as validated from the command line; the anchor is still a bot name,
/// resolved once the bots are known. Kept in the results store as JSON, so an export writes
/// the run's own report.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct ReportSettings {
    pub anchor: Option<(String, f64)>,
    pub sprt: SprtOptions,
    pub plots: bool,
}

impl Default for ReportSettings {
    fn default() -> Self {
        ReportSettings {
            anchor: None,
            sprt: SprtOptions::default(),
            plots: true,
        }
    }
}

impl ReportSettings {
    pub fn from_args(args: &AnalysisArgs) -> Result<ReportSettings, UsageError> {
        let anchor = match &args.anchor {
            None => None,
            Some(text) => {
                let parsed = text.split_once('=').and_then(|(bot, rating)| {
                    let rating: f64 = rating.trim().parse().ok()?;
                    (!bot.trim().is_empty() && rating.is_finite())
                        .then(|| (bot.trim().to_string(), rating))
                });
                Some(parsed.ok_or_else(|| {
                    UsageError::Invalid(format!(
                        "--anchor '{text}' is not BOT=RATING (e.g. --anchor random=0)"
                    ))
                })?)
            }
        };
        let valid = |rate: f64| rate > 0.0 && rate < 1.0;
        if !(valid(args.sprt_alpha)
            && valid(args.sprt_beta)
            && args.sprt_alpha + args.sprt_beta < 1.0)
        {
            return Err(UsageError::Invalid(format!(
                "--sprt-alpha {} and --sprt-beta {} must be in (0, 1) with a sum below 1",
                args.sprt_alpha, args.sprt_beta
            )));
        }
        if !(args.sprt_elo0.is_finite()
            && args.sprt_elo1.is_finite()
            && args.sprt_elo0 < args.sprt_elo1)
        {
            return Err(UsageError::Invalid(format!(
                "--sprt-elo0 {} must be below --sprt-elo1 {}",
                args.sprt_elo0, args.sprt_elo1
            )));
        }
        Ok(ReportSettings {
            anchor,
            sprt: SprtOptions {
                nelo0: args.sprt_elo0,
                nelo1: args.sprt_elo1,
                alpha: args.sprt_alpha,
                beta: args.sprt_beta,
            },
            plots: !args.no_plots,
        })
    }

    /// The analysis options for these bots; an anchor naming none of them is a usage error.
    pub fn options(&self, bots: &[String]) -> Result<AnalysisOptions, UsageError> {
        let anchor = match &self.anchor {
            None => None,
            Some((name, rating)) => {
                let index = bots.iter().position(|b| b == name).ok_or_else(|| {
                    UsageError::Invalid(format!(
                        "unknown anchor bot '{name}'; bots in these results: {}",
                        bots.join(", ")
                    ))
                })?;
                Some((index, *rating))
            }
        };
        Ok(AnalysisOptions {
            anchor,
            sprt: self.sprt,
            ..AnalysisOptions::default()
        })
    }
}

pub fn execute(args: &ReportArgs, find_replay: FindReplay) -> anyhow::Result<()> {
    let settings = ReportSettings::from_args(&args.analysis)?;
    check_folders(&args.dirs)?;
    let out: PathBuf = args.out.clone().unwrap_or_else(|| args.dirs[0].clone());
    super::lock::hold(&out)?;
    folders::refuse_other_run(&out, &args.dirs)?;
    let mut tally = Tally::new(0);
    let mut bots: Vec<String> = Vec::new();
    let mut faults = FaultedGames::default();
    let mut crosstable = Crosstable::default();
    let mut seats: Option<(&Path, usize)> = None;
    for (folder, dir) in args.dirs.iter().enumerate() {
        tally.start_source();
        let mut faulted = |record: &GameRecord| {
            faults.add(folder, record);
            crosstable.add(folder, record);
        };
        let these = read_games(&dir.join("games.csv"), &mut tally, &mut bots, &mut faulted)?;
        match seats {
            Some((first, before)) if before != these => {
                return Err(UsageError::Invalid(format!(
                    "{} holds games of {before} seats, {} games of {these}: one table cannot \
                     rate them together (report each on its own)",
                    first.display(),
                    dir.display()
                ))
                .into());
            }
            Some(_) => {}
            None => seats = Some((dir.as_path(), these)),
        }
    }
    for dir in &args.dirs {
        if let Err(e) = recorded_thinks::add(dir, &bots, &mut tally) {
            eprintln!("warning: think times left out of the report: {e}");
        }
    }
    let options = settings.options(&bots)?;
    let analysis = Analysis::build(&bots, &tally, &options);
    let (knockout, swiss): (Option<KnockoutResult>, Option<SwissResult>) =
        match args.dirs.as_slice() {
            [dir] => (decided_of(dir, "knockout"), decided_of(dir, "swiss")),
            _ => (None, None),
        };
    // Where the run's GSPRT stopped pairings and which programs it withdrew: said by the run,
    // not redrawn from games.csv, and only of one run's folder.
    let (sprt_stop, disqualify): (Option<SprtStop>, Option<Disqualify>) = match args.dirs.as_slice()
    {
        [dir] => (decided_of(dir, "sprt_stop"), decided_of(dir, "disqualify")),
        _ => (None, None),
    };
    let replays = Replays {
        dirs: &args.dirs,
        out: &out,
        find: find_replay,
    };
    let pages = report::Pages {
        faults: &faults.link(replays, &bots),
        standings: &Standings {
            losses: loss_links(&crosstable, replays),
            crosstable,
        },
        knockout: knockout.as_ref(),
        sprt_stop: sprt_stop.as_ref(),
        disqualify: disqualify.as_ref(),
        swiss: swiss.as_ref(),
    };
    let written = report::write_all(&analysis, &out, settings.plots, &pages)?;
    if !args.quiet {
        terminal::print_analysis(&analysis);
        if let Some(k) = &knockout {
            print!("{}", report::bracket::text(k));
        }
        if let Some(s) = &swiss {
            print!("{}", report::swiss::text(s));
        }
        if let Some(stop) = &sprt_stop {
            terminal::print_sprt_stop(stop);
        }
        for withdrawal in disqualify.iter().flat_map(|d| &d.withdrawn) {
            println!(
                "{}",
                withdrawal.text(disqualify.as_ref().map_or(0.0, |d| d.rate))
            );
        }
        println!(
            "\n{} games from {} folder(s); wrote {} files to {}",
            analysis.games_played,
            args.dirs.len(),
            written.len(),
            out.display()
        );
    }
    Ok(())
}

/// The pools and bracket a knockout run kept in its `summary.json`, a Swiss system's rounds
/// and standings, the pairings `--sprt-stop` decided or the programs `--disqualify` withdrew
/// (`key` `knockout`, `swiss`, `sprt_stop` or `disqualify`: decided as the games are played,
/// so read back rather than redrawn from `games.csv`); `None` for a run without it, or a
/// folder without a summary.
fn decided_of<T: serde::de::DeserializeOwned>(dir: &Path, key: &str) -> Option<T> {
    let text = crate::input::read_text(&dir.join("summary.json"), crate::input::SUMMARY).ok()?;
    let mut summary: serde_json::Value = serde_json::from_str(&text).ok()?;
    serde_json::from_value(summary.get_mut(key)?.take()).ok()
}

/// Refuses folders whose games must not be rated together: one folder given twice, two holding
/// the same games of one run, or folders of different games, rule sets or options (each
/// folder's `manifest.json` says; a folder without one, a `games.csv` from elsewhere, is
/// compared by its path only). Different bots and seeds are what combining is for.
fn check_folders(dirs: &[PathBuf]) -> Result<(), UsageError> {
    let manifests = dirs
        .iter()
        .map(|dir| Manifest::load(dir))
        .collect::<Result<Vec<_>, _>>()?;
    let given: Vec<(&Path, Option<&Manifest>)> = dirs
        .iter()
        .map(PathBuf::as_path)
        .zip(manifests.iter().map(Option::as_ref))
        .collect();
    folders::distinct(&given)?;
    let mut known = given.iter().filter_map(|(dir, m)| Some((dir, (*m)?)));
    let Some((first_dir, first)) = known.next() else {
        return Ok(());
    };
    for (dir, manifest) in known {
        folders::refuse_differences(
            (first_dir, dir),
            |labels| {
                first
                    .configuration
                    .game_differences(&manifest.configuration, labels)
            },
            "hold games of different kinds, which one table cannot rate",
        )?;
    }
    Ok(())
}

/// Feeds every game of `path` to `tally`, and to `faulted` (which notes the faulted ones). New
/// bot names are appended to `bots`. Returns the seats of its games (every game of a file has
/// as many).
fn read_games(
    path: &Path,
    tally: &mut Tally,
    bots: &mut Vec<String>,
    faulted: &mut dyn FnMut(&GameRecord),
) -> anyhow::Result<usize> {
    let file = std::fs::File::open(path).map_err(|e| {
        UsageError::Invalid(format!(
            "cannot read {}: {e} (is it a results folder of `tourney run`?)",
            path.display()
        ))
    })?;
    let mut seats = 0;
    let games = stream_games(path, file, bots, &mut |record, _| {
        seats = record.seats();
        tally.add(record);
        faulted(record);
        Ok(())
    })?;
    if games == 0 {
        return Err(bad(path, 2, "no games in this file").into());
    }
    Ok(seats)
}

/// Hands the games of a `games.csv` read from `input` to `on_game`, one game (its consecutive
/// rows with one `game` index) at a time, with the byte offset where its rows end; stops at
/// the first error, `on_game`'s included. Every field is checked ([`Row::parse`]), and so is
/// each game as a whole: its rows agree on everything but the seat's own columns, seats come in
/// order, ranks are within the seats, at most one seat has a fault, every game has as many
/// seats as the first, and game indices increase. Bots are indices into `bots`, which new names
/// are appended to; the game's own columns are the record's extras. Returns the number of
/// games.
pub fn stream_games(
    path: &Path,
    input: impl std::io::Read,
    bots: &mut Vec<String>,
    on_game: &mut dyn FnMut(&GameRecord, u64) -> Result<(), UsageError>,
) -> anyhow::Result<u64> {
    let mut input = std::io::BufReader::new(LinesAtMost::new(input, input::CSV_LINE));
    let start = input
        .fill_buf()
        .map_err(|e| bad(path, 1, format!("cannot read the header: {e}")))?;
    check_encoding(start).map_err(|why| bad(path, 1, why))?;
    // A byte-order mark an editor added is passed over; the ends of games stay offsets into
    // the file.
    let skipped = match start.starts_with(input::BYTE_ORDER_MARK) {
        true => input::BYTE_ORDER_MARK.len() as u64,
        false => 0,
    };
    input.consume(skipped as usize);
    let mut reader = csv::ReaderBuilder::new()
        .buffer_capacity(1 << 20)
        .from_reader(input);
    let header = reader
        .byte_headers()
        .map_err(|e| bad(path, 1, format!("cannot read the header: {e}")))?
        .clone();
    let columns = Columns::find(&header, path)?;
    let mut game = Game {
        record: GameRecord::default(),
        lines: Vec::new(),
        seats: None,
        previous: None,
    };
    let mut open = false;
    let mut row = csv::ByteRecord::new();
    let mut extras = Vec::new();
    let mut games = 0u64;
    loop {
        let more = reader.read_byte_record(&mut row).map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            bad(path, line, format!("malformed CSV: {e}"))
        })?;
        if !more {
            break;
        }
        let line = row.position().map_or(0, |p| p.line());
        extras.clear();
        let parsed = Row::parse(&row, &columns, path, line, &mut extras)?;
        if open && parsed.game != game.record.index {
            let end = skipped + row.position().map_or(0, |p| p.byte());
            game.finish(path, end, on_game)?;
            games += 1;
            open = false;
        }
        if !open {
            game.open(&parsed, path, line)?;
            open = true;
        }
        game.add(&parsed, bots, path, line)?;
        game.record.extras.extend_from_slice(&extras);
    }
    if open {
        game.finish(path, skipped + reader.position().byte(), on_game)?;
        games += 1;
    }
    Ok(games)
}

/// Refuses a file that does not start as UTF-8 text (the start of the file is given): a
/// spreadsheet saved as UTF-16 would otherwise be refused for a missing column, which hides
/// the cause. (A UTF-8 byte-order mark is passed over.)
fn check_encoding(start: &[u8]) -> Result<(), String> {
    let resave = "save it as UTF-8";
    if start.starts_with(&[0xFF, 0xFE]) || start.starts_with(&[0xFE, 0xFF]) {
        Err(format!(
            "the file is UTF-16 (it starts with a byte-order mark); {resave}"
        ))
    } else if start.iter().take(64).any(|&b| b == 0) {
        Err(format!("the file holds NUL bytes: is it UTF-16? {resave}"))
    } else {
        Ok(())
    }
}

/// The game being read, and what the games before it settled.
struct Game {
    record: GameRecord,
    /// The line of each of its rows.
    lines: Vec<u64>,
    /// Seats of every game, from the first.
    seats: Option<usize>,
    /// The index of the game before.
    previous: Option<u64>,
}

impl Game {
    /// Starts a game at its first row.
    fn open(&mut self, row: &Row<'_>, path: &Path, line: u64) -> Result<(), UsageError> {
        if let Some(previous) = self.previous.filter(|&p| row.game <= p) {
            return Err(bad(
                path,
                line,
                format!(
                    "game {} after game {previous}: each game must come once, in increasing order",
                    row.game
                ),
            ));
        }
        let record = &mut self.record;
        record.index = row.game;
        record.seed_index = row.seed;
        record.pairing = row.pairing;
        record.rotation = row.rotation;
        record.termination = row.termination;
        record.turns = row.turns;
        record.lineup.clear();
        record.scores.clear();
        record.ranks.clear();
        record.culprit = None;
        record.tolerated.clear();
        record.extras.clear();
        self.lines.clear();
        Ok(())
    }

    /// Adds a seat's row, checking that it belongs to the game.
    fn add(
        &mut self,
        row: &Row<'_>,
        bots: &mut Vec<String>,
        path: &Path,
        line: u64,
    ) -> Result<(), UsageError> {
        self.check_same_game(row, path, line)?;
        let record = &mut self.record;
        let game = record.index;
        if row.seat != record.lineup.len() {
            return Err(bad(
                path,
                line,
                format!(
                    "seat {} of game {game} out of order (expected seat {})",
                    row.seat,
                    record.lineup.len()
                ),
            ));
        }
        if row.fault {
            if let Some(other) = record.culprit {
                return Err(bad(
                    path,
                    line,
                    format!("game {game} has fault 1 on seats {other} and {}", row.seat),
                ));
            }
            record.culprit = Some(row.seat);
        }
        let bot = match bots.iter().position(|b| b == row.bot) {
            Some(b) => b,
            None => {
                bots.push(row.bot.to_string());
                bots.len() - 1
            }
        };
        record.lineup.push(bot);
        record.scores.push(row.score);
        record.ranks.push(row.rank);
        record.tolerated.extend(row.tolerated);
        self.lines.push(line);
        Ok(())
    }

    /// Checks that a seat's row says what the game's first row said of the whole game.
    fn check_same_game(&self, row: &Row<'_>, path: &Path, line: u64) -> Result<(), UsageError> {
        let record = &self.record;
        let game = record.index;
        let agree = |name: &str, mine: String, first: String| match mine == first {
            true => Ok(()),
            false => Err(bad(
                path,
                line,
                format!(
                    "column '{name}' of game {game} is '{mine}' here, '{first}' on its first row"
                ),
            )),
        };
        agree("seed", row.seed.to_string(), record.seed_index.to_string())?;
        agree(
            "pairing",
            row.pairing.to_string(),
            record.pairing.to_string(),
        )?;
        agree(
            "rotation",
            row.rotation.to_string(),
            record.rotation.to_string(),
        )?;
        agree(
            "termination",
            row.termination.as_str().to_string(),
            record.termination.as_str().to_string(),
        )?;
        agree("turns", row.turns.to_string(), record.turns.to_string())?;
        Ok(())
    }

    /// Checks the whole game and hands it on.
    fn finish(
        &mut self,
        path: &Path,
        end: u64,
        on_game: &mut dyn FnMut(&GameRecord, u64) -> Result<(), UsageError>,
    ) -> Result<(), UsageError> {
        let record = &self.record;
        let (game, seats) = (record.index, record.lineup.len());
        let first_line = self.lines.first().copied().unwrap_or(0);
        let wrong = |message: String| Err(bad(path, first_line, message));
        if seats < 2 {
            return wrong(format!("game {game} has only one seat"));
        }
        if let Some(expected) = self.seats.filter(|&s| s != seats) {
            return wrong(format!(
                "game {game} has {seats} seats, the games before it {expected}"
            ));
        }
        if let Some(seat) = record.ranks.iter().position(|&r| usize::from(r) > seats) {
            return Err(bad(
                path,
                self.lines[seat],
                format!(
                    "rank {} of game {game} is above its {seats} seats",
                    record.ranks[seat]
                ),
            ));
        }
        if record.termination.is_forfeit() && record.culprit.is_none() {
            return wrong(format!(
                "game {game} ended by '{}' but no seat has fault 1",
                record.termination.as_str()
            ));
        }
        self.seats = Some(seats);
        self.previous = Some(game);
        on_game(record, end)
    }
}
