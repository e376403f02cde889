//! The folders of `run --shard I/N` joined into the folder one machine would have written
//! (`tourney merge`). Each shard holds a contiguous range of game indices, so after checking
//! that the shards share one configuration and build, are complete and unchanged, and cover
//! every index exactly once, their `games.csv` rows are concatenated in index order under a
//! manifest of the whole run with nothing left to play. Finishing that folder (summary,
//! reports, the results store) is left to the caller, which plays it as a resumed run.

use crate::error::UsageError;
use crate::results::files::file_sha256;
use crate::results::folders::{self, Existing, same_folder};
use crate::results::manifest::{Configuration, Manifest};
use anyhow::Context;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// Joins the shards in `dirs` into `out` and hands back the run's configuration. `force`
/// replaces what `out` holds; `binary_sha256` is this build's, handed down because the shards
/// must have been played by the build that finishes them. `out` stays locked for the rest of
/// the command.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    force: bool,
    binary_sha256: &str,
) -> anyhow::Result<Configuration> {
    let mut shards = Vec::new();
    for dir in dirs {
        let manifest = Manifest::load(dir)?.ok_or_else(|| {
            UsageError::Invalid(match dir.exists() {
                true => format!(
                    "{} has no manifest.json: not a folder of `tourney run --shard`",
                    dir.display()
                ),
                false => format!("{} does not exist (a shard that never ran?)", dir.display()),
            })
        })?;
        shards.push((dir.as_path(), manifest));
    }
    check_shards(&shards)?;
    shards.sort_by_key(|(_, m)| (m.first_game, m.end_game));
    let (first_dir, first) = &shards[0];
    let configuration = &first.configuration;
    if configuration.binary_sha256 != binary_sha256 {
        return Err(UsageError::Invalid(format!(
            "{} was written by another build of tourney (binary sha256 {}); merge with the \
             binary that played the shards",
            first_dir.display(),
            &configuration.binary_sha256[..configuration.binary_sha256.len().min(12)]
        ))
        .into());
    }
    for (dir, _) in &shards {
        if same_folder(dir, out) {
            return Err(UsageError::Invalid(format!(
                "--out {} is one of the shards; choose a new folder",
                out.display()
            ))
            .into());
        }
    }
    let merged = Manifest::new(configuration.clone(), None, 0..configuration.total_games);
    // The same merged run may be merged again (a requeued job): the shards make it anew.
    let existing = match force {
        true => Existing::Replace,
        false => Existing::ContinueSame,
    };
    crate::results::lock::hold(out)?;
    folders::claim(out, Some(&merged), existing)?;
    concatenate(&shards, &out.join("games.csv"))?;
    merged.save(out)?;
    Ok(merged.configuration)
}

/// Refuses shards of different configurations, unfinished or changed shards, and a set that
/// misses or repeats a game; each message names the folders and games concerned.
fn check_shards(shards: &[(&Path, Manifest)]) -> Result<(), UsageError> {
    let (first_dir, first) = &shards[0];
    for (dir, manifest) in &shards[1..] {
        folders::refuse_differences(
            (first_dir, dir),
            |labels| {
                first
                    .configuration
                    .differences(&manifest.configuration, labels)
            },
            "come from different runs",
        )?;
    }
    for (dir, manifest) in shards {
        let name = manifest
            .shard
            .map_or("the run".to_string(), |s| format!("shard {s}"));
        if !manifest.complete {
            return Err(UsageError::Invalid(format!(
                "{} ({name}, games {}..{}) is not finished; complete it with `tourney run \
                 --resume {}`",
                dir.display(),
                manifest.first_game,
                manifest.end_game,
                dir.display()
            )));
        }
        let path = dir.join("games.csv");
        let hash = file_sha256(&path).map_err(|e| UsageError::Invalid(format!("{e:#}")))?;
        if manifest.games_csv_sha256.as_deref() != Some(hash.as_str()) {
            return Err(UsageError::Invalid(format!(
                "{} changed since {name} finished (its hash differs from manifest.json's)",
                path.display()
            )));
        }
    }
    let given: Vec<(&Path, Option<&Manifest>)> =
        shards.iter().map(|(dir, m)| (*dir, Some(m))).collect();
    folders::distinct(&given)?;
    let mut sorted: Vec<&(&Path, Manifest)> = shards.iter().collect();
    sorted.sort_by_key(|(_, m)| (m.first_game, m.end_game));
    let total = first.configuration.total_games;
    let mut covered = 0;
    for (_, manifest) in sorted {
        if manifest.first_game > covered {
            return Err(gap(covered, manifest.first_game, shards));
        }
        covered = covered.max(manifest.end_game);
    }
    if covered < total {
        return Err(gap(covered, total, shards));
    }
    Ok(())
}

/// No folder holds games `from..to`; names the missing shards when all say `I/N`.
fn gap(from: u64, to: u64, shards: &[(&Path, Manifest)]) -> UsageError {
    let counts: Vec<u64> = shards
        .iter()
        .filter_map(|(_, m)| m.shard.map(|s| s.count))
        .collect();
    let missing = match counts.first() {
        Some(&count) if counts.len() == shards.len() && counts.iter().all(|&c| c == count) => {
            let missing: Vec<String> = (1..=count)
                .filter(|i| {
                    !shards
                        .iter()
                        .any(|(_, m)| m.shard.is_some_and(|s| s.index == *i))
                })
                .map(|i| format!("{i}/{count}"))
                .collect();
            format!(" (missing shard {})", missing.join(", "))
        }
        _ => String::new(),
    };
    UsageError::Invalid(format!(
        "no folder holds games {from}..{to}{missing}: every game must be in exactly one shard"
    ))
}

/// Writes the shards' `games.csv` one after the other (sorted by first game), the header once.
fn concatenate(shards: &[(&Path, Manifest)], out: &Path) -> anyhow::Result<()> {
    let file =
        std::fs::File::create(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut writer = std::io::BufWriter::with_capacity(1 << 20, file);
    let mut first_header: Option<String> = None;
    for (dir, _) in shards {
        let path = dir.join("games.csv");
        let mut reader = BufReader::with_capacity(
            1 << 20,
            std::fs::File::open(&path)
                .with_context(|| format!("cannot read {}", path.display()))?,
        );
        let mut header = String::new();
        reader.read_line(&mut header)?;
        match &first_header {
            None => {
                writer.write_all(header.as_bytes())?;
                first_header = Some(header);
            }
            Some(expected) if *expected != header => {
                return Err(UsageError::Invalid(format!(
                    "{} has other columns than the first shard",
                    path.display()
                ))
                .into());
            }
            Some(_) => {}
        }
        std::io::copy(&mut reader, &mut writer)
            .with_context(|| format!("cannot copy {}", path.display()))?;
    }
    writer
        .flush()
        .with_context(|| format!("cannot write {}", out.display()))
}
