//! `tourney watch DIR`: the live page of a results folder that another process (a run, a
//! cluster's shard) is writing. `games.csv` is read as it grows (see [`Live::watch`]); the run
//! is over when `summary.json` appears (or, for a shard, when its manifest says it is
//! complete), and the page then shows the final summary and report.

use crate::cli::WatchArgs;
use crate::error::UsageError;
use crate::live::{Live, Setup};
use crate::results::manifest::Manifest;
use crate::run::live::replayer;
use crate::run::replay::FindReplay;
use crate::run::{STOP, install_ctrl_c};
use crate::summary::{AnalysisOptions, Tally};
use anyhow::Context;
use std::path::Path;
use std::process::ExitCode;

/// `find_replay` is the registry's lookup, for the replay pages of a recorded folder.
pub fn execute(args: &WatchArgs, find_replay: FindReplay) -> anyhow::Result<ExitCode> {
    let dir = &args.dir;
    let manifest = results_folder(dir)?;
    let bots: Vec<String> = manifest.as_ref().map_or_else(Vec::new, |m| {
        m.configuration
            .bots
            .iter()
            .map(|b| b.label.clone())
            .collect()
    });
    let title = match &manifest {
        Some(m) => format!("{}: {}", m.configuration.game, bots.join(", ")),
        None => dir.display().to_string(),
    };
    let setup = Setup {
        title,
        bots: bots.clone(),
        options: AnalysisOptions {
            sprt: manifest
                .as_ref()
                .and_then(|m| m.configuration.sprt_stop)
                .unwrap_or_default(),
            ..AnalysisOptions::default()
        },
        total: manifest.as_ref().map_or(0, |m| m.end_game - m.first_game),
        tally: Tally::new(bots.len()),
        replays: dir
            .join(crate::replay::RECORDS_FILE)
            .is_file()
            .then(|| replayer(dir.clone(), find_replay, None)),
    };
    install_ctrl_c();
    let live = Live::start(&args.live, setup, Some(dir.clone()))?;
    eprintln!("live: {} (watching {})", live.url, dir.display());
    if let Some(warning) = &live.warning {
        eprintln!("{warning}");
    }
    live.watch(dir, bots, &STOP, over)?;
    Ok(ExitCode::SUCCESS)
}

/// The folder's manifest, when it has one; a folder that is missing, not a folder, or holds
/// neither a manifest nor a `games.csv` is refused.
fn results_folder(dir: &Path) -> Result<Option<Manifest>, UsageError> {
    if !dir.is_dir() {
        return Err(UsageError::Invalid(format!(
            "watch: {} is not a folder (give the results folder of a run, its --out)",
            dir.display()
        )));
    }
    let manifest = Manifest::load(dir)?;
    if manifest.is_none() && !dir.join("games.csv").is_file() {
        return Err(UsageError::Invalid(format!(
            "watch: {} holds no manifest.json and no games.csv: is it the results folder of a \
             run?",
            dir.display()
        )));
    }
    Ok(manifest)
}

/// `Some` once the run is over, with summary.json's content; a shard writes none, and is over
/// when its manifest says it is complete.
fn over(dir: &Path) -> anyhow::Result<Option<Option<serde_json::Value>>> {
    let path = dir.join("summary.json");
    if let Ok(text) = std::fs::read_to_string(&path) {
        // Written atomically (renamed into place), so never seen half-written.
        let summary = serde_json::from_str(&text)
            .with_context(|| format!("cannot read {}", path.display()))?;
        return Ok(Some(Some(summary)));
    }
    let shard_done = Manifest::load(dir)?.is_some_and(|m| m.complete && m.shard.is_some());
    Ok(shard_done.then_some(None))
}
