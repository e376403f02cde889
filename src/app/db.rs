//! `tourney db`: the results store from the command line. `runs` lists what it holds (as
//! `tourney history` does, by its code),
//! `import` brings results folders in (a run's, a shard's, a merged run's; a folder already in
//! the store adds nothing), and `export` writes a stored run's folder back: games.csv and
//! manifest.json rebuilt from its rows, then finished by the code that finishes a resumed run
//! with nothing left to play, as `merge` does, so summary.json and the reports are the run's.

use super::registry;
use super::store_plan::open_store;
use crate::cli::{DbCommand, DbExportArgs, DbImportArgs};
use crate::error::UsageError;
use crate::report::games_csv::{BASE_COLUMNS, GamesCsv};
use crate::results::files::file_sha256;
use crate::results::folders::{self, Existing};
use crate::results::manifest::{Configuration, MANIFEST, Manifest, Shard};
use crate::run::binary::binary_sha256;
use crate::run::plan::RunPlan;
use crate::run::recording::{add_kept, new_run};
use crate::run::report_settings::ReportSettings;
use crate::runner::RecordSink;
use crate::store::{Recorder, RunFilter, RunStatus, Store, StoredRun};
use anyhow::Context;
use std::path::Path;
use std::process::ExitCode;

pub fn execute(command: &DbCommand) -> anyhow::Result<ExitCode> {
    match command {
        DbCommand::Runs(location) => {
            let mut store = open_store(location, false)?;
            let runs = store.find_runs(&RunFilter::default())?;
            crate::history::print_runs(&mut store, &runs, false)?;
        }
        DbCommand::Import(args) => import(args)?,
        DbCommand::Export(args) => export(args)?,
    }
    Ok(ExitCode::SUCCESS)
}
fn import(args: &DbImportArgs) -> anyhow::Result<()> {
    let mut store = open_store(&args.store, true)?;
    for dir in &args.dirs {
        store = import_folder(store, dir, args.tag.clone())?;
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

fn export(args: &DbExportArgs) -> anyhow::Result<()> {
    let mut store = open_store(&args.store, false)?;
    let id = store.resolve(&args.run)?;
    let stored = store.run(&id)?;
    let configuration: Configuration = serde_json::from_str(&stored.run.configuration)
        .with_context(|| format!("run {id}: its configuration cannot be read"))?;
    if configuration.format.starts_with("knockout:") || configuration.format.starts_with("swiss:") {
        return Err(UsageError::Invalid(format!(
            "run {id} is a {}: exporting a knockout or Swiss system is not built yet",
            configuration.format
        ))
        .into());
    }
    let shard = stored.run.shard.as_deref().map(Shard::parse).transpose()?;
    let manifest = Manifest::new(
        configuration.clone(),
        shard,
        stored.run.first_game..stored.run.end_game,
    );
    let out = &args.out;
    folders::claim(out, Some(&manifest), Existing::Refuse)?;
    std::fs::create_dir_all(out)
        .with_context(|| format!("cannot create output folder {}", out.display()))?;
    write_games(&mut store, &stored, &out.join("games.csv"))?;
    manifest.save(out)?;
    if stored.status != RunStatus::Complete.as_str() {
        if !args.quiet {
            println!(
                "run {id} is {}: wrote {}/games.csv and {MANIFEST}; `tourney run --resume {}` \
                 finishes it",
                stored.status,
                out.display(),
                out.display()
            );
        }
        return Ok(());
    }
    if configuration.binary_sha256 != binary_sha256() {
        return Err(UsageError::Invalid(format!(
            "run {id} was played by another build of tourney (binary sha256 {}): wrote \
             {}/games.csv and {MANIFEST}; the summary and reports need the build that played it \
             (`tourney report {}` rates the games with this one)",
            &configuration.binary_sha256[..configuration.binary_sha256.len().min(12)],
            out.display(),
            out.display()
        ))
        .into());
    }
    let mut plan = RunPlan::from_configuration(&configuration, registry::describe)?;
    plan.resume = true;
    plan.shard = shard;
    plan.out_dir = Some(out.clone());
    plan.quiet = args.quiet;
    plan.report = serde_json::from_str(&stored.run.report)
        .with_context(|| format!("run {id}: its report settings cannot be read"))?;
    registry::run(&plan, None)?;
    Ok(())
}

/// games.csv of a stored run, written by the code that wrote the run's own.
fn write_games(store: &mut Store, stored: &StoredRun, path: &Path) -> anyhow::Result<()> {
    let records = store.games(&stored.id, &stored.run.extra_columns)?;
    let labels: Vec<String> = stored.run.bots.iter().map(|b| b.label.clone()).collect();
    let columns: Vec<&str> = stored
        .run
        .extra_columns
        .iter()
        .map(String::as_str)
        .collect();
    let mut csv = GamesCsv::create(path, labels, &columns)?;
    for record in &records {
        csv.record(record)?;
    }
    csv.block_done(0)?;
    Ok(())
}
