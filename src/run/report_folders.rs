//! `tourney report DIR...` below the command line: streams the `games.csv` of one or more
//! results folders into the same [`Tally`] a run feeds, and writes the same tables, plots and
//! reports a run writes.

use super::faults::{FaultedGames, Replays, loss_links};
use super::recorded_thinks;
use super::replay::FindReplay;
use super::report_settings::ReportSettings;
use crate::error::UsageError;
use crate::format::{KnockoutResult, SwissResult};
use crate::report::games_csv::read::stream_games;
use crate::report::games_csv::row::bad;
use crate::report::standings::{Crosstable, Standings};
use crate::report::{self, terminal};
use crate::results::folders;
use crate::results::manifest::Manifest;
use crate::runner::GameRecord;
use crate::summary::{Analysis, Disqualify, SprtStop, Tally};
use std::path::{Path, PathBuf};

/// What `tourney report` was given: the folders read and where the report goes.
pub struct ReportFolders<'a> {
    pub dirs: &'a [PathBuf],
    pub out: &'a Path,
    pub quiet: bool,
}

/// Reads the folders, writes the report into `out` (held for the time it takes) and prints it.
pub fn write(
    given: &ReportFolders,
    settings: &ReportSettings,
    find_replay: FindReplay,
) -> anyhow::Result<()> {
    check_folders(given.dirs)?;
    let out = given.out;
    crate::results::lock::hold(out)?;
    folders::refuse_other_run(out, given.dirs)?;
    let mut tally = Tally::new(0);
    let mut bots: Vec<String> = Vec::new();
    let mut faults = FaultedGames::default();
    let mut crosstable = Crosstable::default();
    let mut seats: Option<(&Path, usize)> = None;
    for (folder, dir) in given.dirs.iter().enumerate() {
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
    for dir in given.dirs {
        if let Err(e) = recorded_thinks::add(dir, &bots, &mut tally) {
            eprintln!("warning: think times left out of the report: {e}");
        }
    }
    let options = settings.options(&bots)?;
    let analysis = Analysis::build(&bots, &tally, &options);
    let (knockout, swiss): (Option<KnockoutResult>, Option<SwissResult>) = match given.dirs {
        [dir] => (decided_of(dir, "knockout"), decided_of(dir, "swiss")),
        _ => (None, None),
    };
    // Where the run's GSPRT stopped pairings and which programs it withdrew: said by the run,
    // not redrawn from games.csv, and only of one run's folder.
    let (sprt_stop, disqualify): (Option<SprtStop>, Option<Disqualify>) = match given.dirs {
        [dir] => (decided_of(dir, "sprt_stop"), decided_of(dir, "disqualify")),
        _ => (None, None),
    };
    let replays = Replays {
        dirs: given.dirs,
        out,
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
    let written = report::write_all(&analysis, out, settings.plots, &pages)?;
    if !given.quiet {
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
            given.dirs.len(),
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
