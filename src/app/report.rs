//! `tourney report DIR...`: streams the `games.csv` of one or more results folders into the same
//! [`Tally`] a run feeds, and writes the same tables, plots and reports a run writes.

use super::recorded_thinks;
use crate::cli::{AnalysisArgs, ReportArgs};
use crate::error::UsageError;
use crate::format::{KnockoutResult, SwissResult};
use crate::report::games_csv::read::stream_games;
use crate::report::games_csv::row::bad;
use crate::results::folders;
use crate::results::manifest::Manifest;
use crate::run::faults::{FaultedGames, Replays, loss_links};
use crate::run::replay::FindReplay;

use crate::report::standings::{Crosstable, Standings};
use crate::report::{self, terminal};
use crate::run::report_settings::ReportSettings;
use crate::runner::GameRecord;
use crate::summary::{Analysis, Disqualify, SprtOptions, SprtStop, Tally};

use std::path::{Path, PathBuf};

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
}

pub fn execute(args: &ReportArgs, find_replay: FindReplay) -> anyhow::Result<()> {
    let settings = ReportSettings::from_args(&args.analysis)?;
    check_folders(&args.dirs)?;
    let out: PathBuf = args.out.clone().unwrap_or_else(|| args.dirs[0].clone());
    crate::results::lock::hold(&out)?;
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
