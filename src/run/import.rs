//! Results folders brought into the results store (`tourney db import`): a run's, a shard's, a
//! merged run's. A folder already in the store adds nothing, a shard whose whole run is there
//! adds nothing, and a complete whole run takes the place of its shards.

use super::recording::{add_kept, new_run};
use super::report_settings::ReportSettings;
use crate::error::UsageError;
use crate::report::games_csv::BASE_COLUMNS;
use crate::results::files::file_sha256;
use crate::results::manifest::{MANIFEST, Manifest};
use crate::store::{Recorder, RunStatus, Store};
use std::path::{Path, PathBuf};

/// Brings each of `dirs` into `store` in turn, tagging the runs it creates with `tag`.
pub fn import_folders(
    mut store: Store,
    dirs: &[PathBuf],
    tag: Option<String>,
) -> anyhow::Result<()> {
    for dir in dirs {
        store = import_folder(store, dir, tag.clone())?;
    }
    Ok(())
}

/// Brings one results folder into the store (handed on, as a recorder holds it meanwhile).
fn import_folder(mut store: Store, dir: &Path, tag: Option<String>) -> anyhow::Result<Store> {
    let manifest = Manifest::load(dir)?.ok_or_else(|| {
        UsageError::Invalid(format!(
            "{} has no {MANIFEST}: not a results folder of `tourney run`",
            dir.display()
        ))
    })?;
    let path = dir.join("games.csv");
    if manifest.complete {
        let hash = file_sha256(&path).map_err(|e| UsageError::Invalid(format!("{e:#}")))?;
        if manifest.games_csv_sha256.as_deref() != Some(hash.as_str()) {
            return Err(UsageError::Invalid(format!(
                "{} changed since its run finished (its hash differs from {MANIFEST}'s)",
                path.display()
            ))
            .into());
        }
    }
    let report = ReportSettings::default();
    let run = new_run(&manifest, Some(dir), &report, extra_columns(&path)?, tag)?;
    let hash = &run.configuration_sha256;
    let whole = manifest.configuration.total_games;
    if manifest.shard.is_some()
        && let Some(id) = store.find_same(hash, 0, whole)?
    {
        // A merged (or whole) run of its configuration holds its games already.
        println!("{}: its games are in run {id} already", dir.display());
        return Ok(store);
    }
    let found = store.find_same(hash, run.first_game, run.end_game)?;
    let id = match &found {
        Some(id) => id.clone(),
        None => store.create_run(&run)?,
    };
    let before = store.game_count(&id)?;
    let mut recorder = Recorder::new(store, id.clone(), &run.extra_columns)?;
    let bots: Vec<String> = run.bots.iter().map(|b| b.label.clone()).collect();
    add_kept(&mut recorder, &path, &bots, u64::MAX)?;
    let mut store = recorder.into_store();
    let added = store.game_count(&id)? - before;
    if manifest.complete {
        store.finish_run(&id, RunStatus::Complete)?;
        if manifest.shard.is_none() {
            store.absorb_shards(&id, hash)?;
        }
    } else if found.is_none() {
        store.finish_run(&id, RunStatus::Stopped)?;
    }
    let note = match found {
        Some(_) => " (the run was in the store already)",
        None => "",
    };
    println!("{}: run {id}, {added} games added{note}", dir.display());
    Ok(store)
}

/// games.csv's columns after the base ones, from its header.
fn extra_columns(path: &Path) -> anyhow::Result<Vec<String>> {
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| UsageError::Invalid(format!("cannot read {}: {e}", path.display())))?;
    let header = reader.headers().map_err(|e| {
        UsageError::Invalid(format!("{}: cannot read the header: {e}", path.display()))
    })?;
    Ok(header
        .iter()
        .filter(|name| !BASE_COLUMNS.contains(name))
        .map(str::to_string)
        .collect())
}
