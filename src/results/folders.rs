//! Checks on results folders before they are read together or written into, so that no game is
//! counted twice and no finished run is lost: `report` and `merge` refuse a folder given twice
//! and two folders holding the same games of one run; `run`, `check` and `merge` do not write
//! over a run already in their output folder unless `--force` says to replace it, and `report`
//! never writes its files into another run's folder.

use super::manifest::{MANIFEST, Manifest};
use crate::error::UsageError;
use crate::replay::RECORDS_FILE;
use std::path::{Path, PathBuf};

/// The files that make a folder a run's; anything else (reports, plots) may be rewritten.
const RUN_FILES: [&str; 2] = ["games.csv", MANIFEST];

/// What `--force` removes of the run it replaces: its files and those that describe its games
/// only (a records file left behind would replay the old games against the new `games.csv`).
const REPLACED: [&str; 4] = ["games.csv", MANIFEST, "summary.json", RECORDS_FILE];

/// Whether two paths name one folder (canonically equal; as written when one does not exist).
pub fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Refuses a folder given twice, and two folders whose manifests say they hold games of one run
/// (the same configuration hash) with overlapping game ranges: their games would count twice.
/// A folder without a manifest is compared by its path only.
pub fn distinct(folders: &[(&Path, Option<&Manifest>)]) -> Result<(), UsageError> {
    for (i, (dir, manifest)) in folders.iter().enumerate() {
        for (other, other_manifest) in &folders[..i] {
            if same_folder(dir, other) {
                let names = match dir == other {
                    true => format!("{} is given twice", dir.display()),
                    false => format!("{} and {} are one folder", other.display(), dir.display()),
                };
                return Err(UsageError::Invalid(format!(
                    "{names}: its games would count twice"
                )));
            }
            let (Some(mine), Some(theirs)) = (manifest, other_manifest) else {
                continue;
            };
            let start = mine.first_game.max(theirs.first_game);
            let end = mine.end_game.min(theirs.end_game);
            if mine.configuration_sha256 == theirs.configuration_sha256 && start < end {
                return Err(UsageError::Invalid(format!(
                    "{} and {} both hold games {start}..{end} of one run (the same \
                     configuration in their {MANIFEST}): give each game's folder once",
                    other.display(),
                    dir.display()
                )));
            }
        }
    }
    Ok(())
}

/// What to do with a run already in an output folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Existing {
    /// Refuse it (`run`): `--resume` continues it, `--force` replaces it.
    #[default]
    Refuse,
    /// Go on with it when it is this very run, refuse another: `check` continues it (its
    /// games, and so its verdict, are the same either way, and a finished run is not played
    /// again); `merge` writes it again from the shards, byte for byte.
    ContinueSame,
    /// Remove its files first (`--force`).
    Replace,
}

/// Whether `dir` holds a run's files (`games.csv` or `manifest.json`).
pub fn holds_run(dir: &Path) -> bool {
    RUN_FILES.iter().any(|name| dir.join(name).exists())
}

/// Makes `dir` ready for the run `wanted` (if known) and says whether to continue the run
/// already there. A missing or empty folder, or one without a `games.csv` or `manifest.json`,
/// is fine. A run there is refused (with how it differs from `wanted` and how to continue or
/// replace it), continued, or removed, as `existing` says.
pub fn claim(dir: &Path, wanted: Option<&Manifest>, existing: Existing) -> anyhow::Result<bool> {
    if !holds_run(dir) {
        return Ok(false);
    }
    if existing == Existing::Replace {
        for path in REPLACED.iter().map(|name| dir.join(name)) {
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    anyhow::bail!("cannot remove {}: {e}", path.display())
                }
                _ => {}
            }
        }
        return Ok(false);
    }
    // A knockout's or a Swiss system's rounds are drawn from the results before them: it
    // cannot be resumed yet, so the advice must not be `--resume`.
    let mut resumable = true;
    let what = match Manifest::load(dir) {
        Ok(Some(found)) => {
            let format = &found.configuration.format;
            resumable = !(format.starts_with("knockout:") || format.starts_with("swiss:"));
            let state = match found.complete {
                true => "a finished run",
                false => "an unfinished run",
            };
            match wanted.map(|wanted| found.refusal(wanted)) {
                Some(None) if existing == Existing::ContinueSame => return Ok(true),
                Some(Some(why)) => format!("{state} that differs from this one: {why}"),
                Some(None) => format!("{state} of this same configuration"),
                None => state.to_string(),
            }
        }
        Ok(None) => "a games.csv without manifest.json (not written by `tourney run`?)".into(),
        Err(e) => format!("a run whose manifest cannot be read ({e})"),
    };
    let continues = match resumable {
        true => format!(
            "`tourney run --resume {}` continues a run there",
            dir.display()
        ),
        false => "a knockout or Swiss system cannot be resumed yet (the same --seed plays the \
                  same games again)"
            .to_string(),
    };
    Err(UsageError::Invalid(format!(
        "{} already holds {what}; refused so that it is not lost. {continues}, --force \
         replaces it, or choose another folder",
        dir.display(),
    ))
    .into())
}

/// Refuses `report --out OUT` when OUT holds another run's files (a `games.csv` or
/// `manifest.json`, and OUT is none of the reported folders `dirs`): the report would write
/// over that run's reports and tables, which then no longer describe its games.
pub fn refuse_other_run(out: &Path, dirs: &[PathBuf]) -> Result<(), UsageError> {
    if !holds_run(out) || dirs.iter().any(|dir| same_folder(dir, out)) {
        return Ok(());
    }
    let reported = dirs
        .iter()
        .map(|dir| dir.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    Err(UsageError::Invalid(format!(
        "--out {} holds another run (its games.csv or {MANIFEST}), whose reports and tables \
         this report of {reported} would replace; refused so that they are not lost: choose a \
         new or empty folder, or leave --out out to write into {}",
        out.display(),
        dirs[0].display()
    )))
}

/// `root/base`, or `root/base-2`, `-3`… the first that does not exist yet: a default output
/// folder never lands on an earlier run.
pub fn unused(root: &Path, base: &str) -> PathBuf {
    let mut candidate = root.join(base);
    let mut n = 2;
    while candidate.exists() {
        candidate = root.join(format!("{base}-{n}"));
        n += 1;
    }
    candidate
}

/// Refuses two folders whose runs differ: `differences` lists what differs, given the words
/// that name each folder ("in DIR"); `what` says why that matters to the caller.
pub fn refuse_differences(
    (first, other): (&Path, &Path),
    differences: impl FnOnce((&str, &str)) -> Vec<String>,
    what: &str,
) -> Result<(), UsageError> {
    let differences = differences((
        &format!("in {}", first.display()),
        &format!("in {}", other.display()),
    ));
    if differences.is_empty() {
        return Ok(());
    }
    Err(UsageError::Invalid(format!(
        "{} and {} {what}: {}",
        first.display(),
        other.display(),
        differences.join("; ")
    )))
}
