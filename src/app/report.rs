//! `tourney report DIR...`: streams the `games.csv` of one or more results folders into the same
//! [`Tally`] a run feeds, and writes the same tables, plots and reports a run writes.

use super::faults::FaultedGames;
use crate::cli::{AnalysisArgs, ReportArgs};
use crate::error::UsageError;
use crate::outcome::Termination;
use crate::report::{self, terminal};
use crate::runner::GameRecord;
use crate::summary::{Analysis, AnalysisOptions, SprtOptions, Tally};
use anyhow::Context;
use std::path::{Path, PathBuf};

/// Statistics options as validated from the command line; the anchor is still a bot name,
/// resolved once the bots are known.
#[derive(Clone, Debug)]
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

pub fn execute(args: &ReportArgs) -> anyhow::Result<()> {
    let settings = ReportSettings::from_args(&args.analysis)?;
    let mut tally = Tally::new(0);
    let mut bots: Vec<String> = Vec::new();
    let mut faults = FaultedGames::default();
    for (folder, dir) in args.dirs.iter().enumerate() {
        tally.start_source();
        let mut faulted = |record: &GameRecord| faults.add(folder, record);
        read_games(&dir.join("games.csv"), &mut tally, &mut bots, &mut faulted)?;
    }
    let options = settings.options(&bots)?;
    let analysis = Analysis::build(&bots, &tally, &options);
    let out: PathBuf = args.out.clone().unwrap_or_else(|| args.dirs[0].clone());
    std::fs::create_dir_all(&out)
        .with_context(|| format!("cannot create output folder {}", out.display()))?;
    let links = faults.link(&args.dirs, &out, &bots);
    let written = report::write_all(&analysis, &out, settings.plots, &links)?;
    if !args.quiet {
        terminal::print_analysis(&analysis);
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

/// Column positions of the base columns in a `games.csv` header.
struct Columns {
    game: usize,
    seed: usize,
    pairing: usize,
    rotation: usize,
    seat: usize,
    bot: usize,
    score: usize,
    rank: usize,
    termination: usize,
    turns: usize,
    fault: usize,
}

fn bad(path: &Path, line: u64, message: impl Into<String>) -> UsageError {
    UsageError::File {
        path: path.to_path_buf(),
        line: line as usize,
        message: message.into(),
    }
}

/// Feeds every game of `path` to `tally`, and to `faulted` (which notes the faulted ones). New
/// bot names are appended to `bots`.
fn read_games(
    path: &Path,
    tally: &mut Tally,
    bots: &mut Vec<String>,
    faulted: &mut dyn FnMut(&GameRecord),
) -> anyhow::Result<()> {
    let file = std::fs::File::open(path).map_err(|e| {
        UsageError::Invalid(format!(
            "cannot read {}: {e} (is it a results folder of `tourney run`?)",
            path.display()
        ))
    })?;
    let games = stream_games(path, file, bots, &mut |record, _| {
        tally.add(record);
        faulted(record);
        Ok(())
    })?;
    if games == 0 {
        return Err(bad(path, 2, "no games in this file").into());
    }
    Ok(())
}

/// Hands the games of a `games.csv` read from `input` to `on_game`, one game (its consecutive
/// rows with one `game` index) at a time, with the byte offset where its rows end; stops at
/// the first error, `on_game`'s included. Bots are indices into `bots`, which new names are
/// appended to. Returns the number of games.
pub fn stream_games(
    path: &Path,
    input: impl std::io::Read,
    bots: &mut Vec<String>,
    on_game: &mut dyn FnMut(&GameRecord, u64) -> Result<(), UsageError>,
) -> anyhow::Result<u64> {
    let mut reader = csv::ReaderBuilder::new()
        .buffer_capacity(1 << 20)
        .from_reader(input);
    let header = reader
        .byte_headers()
        .map_err(|e| bad(path, 1, format!("cannot read the header: {e}")))?
        .clone();
    let find = |name: &str| {
        header
            .iter()
            .position(|h| h == name.as_bytes())
            .ok_or_else(|| bad(path, 1, format!("missing column '{name}'")))
    };
    let columns = Columns {
        game: find("game")?,
        seed: find("seed")?,
        pairing: find("pairing")?,
        rotation: find("rotation")?,
        seat: find("seat")?,
        bot: find("bot")?,
        score: find("score")?,
        rank: find("rank")?,
        termination: find("termination")?,
        turns: find("turns")?,
        fault: find("fault")?,
    };
    let mut record = GameRecord {
        index: 0,
        seed_index: 0,
        pairing: 0,
        rotation: 0,
        lineup: Vec::new(),
        scores: Vec::new(),
        ranks: Vec::new(),
        termination: Termination::Normal,
        culprit: None,
        turns: 0,
        extras: Vec::new(),
        fault: None,
        log: None,
    };
    let mut open = false;
    let mut open_line = 0;
    let mut row = csv::ByteRecord::new();
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
        let field = |i: usize| row.get(i).unwrap_or(b"");
        let number = |i: usize, name: &str| -> Result<i64, UsageError> {
            std::str::from_utf8(field(i))
                .ok()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| {
                    bad(
                        path,
                        line,
                        format!(
                            "column '{name}' is '{}', not an integer",
                            String::from_utf8_lossy(field(i))
                        ),
                    )
                })
        };
        let index = number(columns.game, "game")? as u64;
        if open && index != record.index {
            let end = row.position().map_or(0, |p| p.byte());
            finish(path, open_line, &record, end, on_game)?;
            games += 1;
            open = false;
        }
        let text = field(columns.termination);
        let termination = *Termination::ALL
            .iter()
            .find(|t| t.as_str().as_bytes() == text)
            .ok_or_else(|| {
                bad(
                    path,
                    line,
                    format!("unknown termination '{}'", String::from_utf8_lossy(text)),
                )
            })?;
        let seat = number(columns.seat, "seat")?;
        if !open {
            record.termination = termination;
            open = true;
            open_line = line;
            record.index = index;
            record.seed_index = number(columns.seed, "seed")? as u64;
            record.pairing = number(columns.pairing, "pairing")? as usize;
            record.rotation = number(columns.rotation, "rotation")? as usize;
            record.turns = u32::try_from(number(columns.turns, "turns")?)
                .map_err(|_| bad(path, line, "column 'turns' is negative"))?;
            record.lineup.clear();
            record.scores.clear();
            record.ranks.clear();
            record.culprit = None;
        }
        if termination != record.termination {
            return Err(bad(
                path,
                line,
                format!("game {index} has two terminations in its rows"),
            )
            .into());
        }
        if seat != record.lineup.len() as i64 {
            return Err(bad(
                path,
                line,
                format!(
                    "seat {seat} of game {index} out of order (expected seat {})",
                    record.lineup.len()
                ),
            )
            .into());
        }
        let name = field(columns.bot);
        let bot = match bots.iter().position(|b| b.as_bytes() == name) {
            Some(b) => b,
            None => {
                let text = std::str::from_utf8(name)
                    .map_err(|_| bad(path, line, "bot name is not UTF-8"))?;
                if text.is_empty() {
                    return Err(bad(path, line, "empty bot name").into());
                }
                bots.push(text.to_string());
                bots.len() - 1
            }
        };
        record.lineup.push(bot);
        record.scores.push(
            i32::try_from(number(columns.score, "score")?)
                .map_err(|_| bad(path, line, "score out of range"))?,
        );
        let rank = number(columns.rank, "rank")?;
        record.ranks.push(
            u8::try_from(rank)
                .ok()
                .filter(|&r| r >= 1)
                .ok_or_else(|| bad(path, line, format!("rank {rank} is not 1 to 255")))?,
        );
        if number(columns.fault, "fault")? != 0 {
            record.culprit = Some(record.lineup.len() - 1);
        }
    }
    if open {
        finish(path, open_line, &record, reader.position().byte(), on_game)?;
        games += 1;
    }
    Ok(games)
}

fn finish(
    path: &Path,
    line: u64,
    record: &GameRecord,
    end: u64,
    on_game: &mut dyn FnMut(&GameRecord, u64) -> Result<(), UsageError>,
) -> Result<(), UsageError> {
    if record.lineup.len() < 2 {
        return Err(bad(
            path,
            line,
            format!("game {} has only one seat", record.index),
        ));
    }
    on_game(record, end)
}
