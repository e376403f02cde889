//! A stored run written back as its results folder (`tourney db export`): games.csv and
//! manifest.json rebuilt from its rows. A complete run is then finished by the code that
//! finishes a resumed run with nothing left to play, as `merge` does, so summary.json and the
//! reports are the run's.

use super::binary::binary_sha256;
use super::plan::RunPlan;
use crate::error::UsageError;
use crate::games::FindGame;
use crate::results::folders::{self, Existing};
use crate::results::manifest::{Configuration, MANIFEST, Manifest, Shard};
use crate::store::{RunStatus, Store};
use anyhow::Context;
use std::path::Path;

/// Writes run `run` (an id or its prefix) of `store` into the new folder `out` and hands back
/// the plan that finishes it, or nothing when the run is not complete: its folder is then
/// resumed by `tourney run --resume`, which the note (unless `quiet`) says. `find_game` is the
/// edge's, which alone knows the games.
pub fn export(
    store: &mut Store,
    run: &str,
    out: &Path,
    quiet: bool,
    find_game: FindGame,
) -> anyhow::Result<Option<RunPlan>> {
    let id = store.resolve(run)?;
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
    folders::claim(out, Some(&manifest), Existing::Refuse)?;
    std::fs::create_dir_all(out)
        .with_context(|| format!("cannot create output folder {}", out.display()))?;
    store.write_games_csv(&stored, &out.join("games.csv"))?;
    manifest.save(out)?;
    if stored.status != RunStatus::Complete.as_str() {
        if !quiet {
            println!(
                "run {id} is {}: wrote {}/games.csv and {MANIFEST}; `tourney run --resume {}` \
                 finishes it",
                stored.status,
                out.display(),
                out.display()
            );
        }
        return Ok(None);
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
    let mut plan = RunPlan::from_configuration(&configuration, find_game)?;
    plan.resume = true;
    plan.shard = shard;
    plan.out_dir = Some(out.to_path_buf());
    plan.quiet = quiet;
    plan.report = serde_json::from_str(&stored.run.report)
        .with_context(|| format!("run {id}: its report settings cannot be read"))?;
    Ok(Some(plan))
}
