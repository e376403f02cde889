//! Bot versions, found by themselves: every entry of a run has a [`BotVersion`], a SHA-256
//! `digest` of what plays and an optional human `label`, so results can be told apart when a
//! bot changes even if its name does not.
//!
//! **A built-in bot** ([`of_builtin`]) is the tool's version, its game, its name and its
//! canonical parameters ([`canonical_params`]: every declared parameter's value, defaults
//! filled in, so `mcts` and `mcts:iterations=800` are one version); its label is the tool's
//! version.
//!
//! **A launched program** ([`of_program`]) is what runs, read fresh each time:
//! - the manifest's own bytes and file name;
//! - `command`: when it is a path inside the manifest's folder (`./random`), that file's bytes;
//!   otherwise (a name on `PATH` such as `python3`, or a path elsewhere) the system program it
//!   resolves to, by its resolved path only, so an interpreter is one version wherever the bot
//!   is;
//! - every argument that names an existing file (relative to `dir`): the script;
//! - every path of `read`: a file, or a whole folder, or its absence;
//! - when the manifest sets `dir`: the whole tree of `dir` (the program's own folder).
//!
//! Nothing else in the manifest's folder counts, so the manifests in one shared folder
//! (`bots/examples/` holds many, sharing `random.py`) never change each other's versions,
//! while a byte changed in any file a program runs does. A program of several files that
//! shares its folder names them in `read`, or moves to a folder of its own set as `dir`.
//!
//! Every file is hashed with its name (relative to the manifest's folder when inside it, so
//! copying the folder elsewhere keeps the version; a rename is a new version), framed so no
//! two sets of records read alike (`frame`). A walk ([`files`]) goes in sorted order, skips
//! `.git` and `__pycache__`, hashes a symbolic link's text without following it (no loop, no
//! escape from the tree), refuses FIFOs, sockets and devices without opening them, and stops
//! with an error past [`files::MAX_ENTRIES`] entries or [`files::MAX_BYTES`] bytes.
//!
//! **The label** is, first found: `--version-label NAME=LABEL`, the manifest's `version`, the
//! commit of the git checkout the program's folder is in (`git`).

pub mod files;
mod frame;
mod git;
mod program;

pub use frame::hex;

use crate::bot::{ParamKind, ParamSpec, Params};
use crate::error::UsageError;
use crate::external::Manifest;
use std::fmt;
use std::path::{Path, PathBuf};

/// Hex digits of a digest shown in tables and `doctor`.
pub const SHORT_DIGITS: usize = 12;

/// Which version of a bot played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotVersion {
    /// SHA-256, 64 lowercase hex digits.
    pub digest: String,
    /// What people call it (`v1.2`, a commit `3f2a9c1`, the tool's `0.1.0`), if known.
    pub label: Option<String>,
}

impl BotVersion {
    /// `3f2a9c1b04de (v1.2)`: the digest's first [`SHORT_DIGITS`] digits and the label.
    pub fn short(&self) -> String {
        let digits = &self.digest[..SHORT_DIGITS.min(self.digest.len())];
        match &self.label {
            Some(label) => format!("{digits} ({label})"),
            None => digits.to_string(),
        }
    }
}

impl fmt::Display for BotVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

/// Why a program's version could not be found. Bad input (exit 2): each message names the file
/// and what to change.
#[derive(Debug, thiserror::Error)]
pub enum VersionError {
    #[error(transparent)]
    Manifest(#[from] UsageError),
    #[error(
        "the version of {manifest}: cannot read {path}: {source}; fix the file or the path the \
         manifest gives"
    )]
    Read {
        manifest: PathBuf,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the version of {manifest}: {path} is {what}, not a file: a version is read from the \
         program's files; remove it from the program's folder, or from `read`"
    )]
    NotAFile {
        manifest: PathBuf,
        path: PathBuf,
        what: &'static str,
    },
    #[error(
        "the version of {manifest}: more than {} files and folders under {root}; give the \
         program a folder of its own as `dir`, or name fewer paths in `read`",
        files::MAX_ENTRIES
    )]
    TooManyFiles { manifest: PathBuf, root: PathBuf },
    #[error(
        "the version of {manifest}: more than {} MiB to read (reached at {path}); keep large \
         data out of the program's `dir` and `read` paths",
        files::MAX_BYTES >> 20
    )]
    TooLarge { manifest: PathBuf, path: PathBuf },
    #[error(
        "the version of {manifest}: the program {command} is not found on PATH; install it or \
         fix `command`"
    )]
    NotOnPath { manifest: PathBuf, command: PathBuf },
}

impl From<VersionError> for UsageError {
    fn from(error: VersionError) -> UsageError {
        match error {
            VersionError::Manifest(usage) => usage,
            other => UsageError::Invalid(other.to_string()),
        }
    }
}

/// A built-in bot's version: `tool_version` (`env!("CARGO_PKG_VERSION")`), the game's and the
/// bot's names and its parameters as [`canonical_params`] writes them; labelled by the tool's
/// version.
pub fn of_builtin(tool_version: &str, game: &str, bot: &str, params: &str) -> BotVersion {
    let mut frame = frame::Frame::new("tourney built-in bot version 1");
    for field in [tool_version, game, bot, params] {
        frame.field(field);
    }
    BotVersion {
        digest: frame.finish(),
        label: Some(tool_version.to_string()),
    }
}

/// A launched program's version, from its manifest (see the module's documentation), labelled
/// by `label_override` (`--version-label`), else the manifest's `version`, else its git commit.
pub fn of_program(
    manifest: &Path,
    label_override: Option<&str>,
) -> Result<BotVersion, VersionError> {
    of_manifest(&Manifest::load(manifest)?, label_override)
}

/// [`of_program`] of a manifest already read.
pub fn of_manifest(
    manifest: &Manifest,
    label_override: Option<&str>,
) -> Result<BotVersion, VersionError> {
    Ok(BotVersion {
        digest: program::digest(manifest)?,
        label: label_override
            .map(str::to_string)
            .or_else(|| manifest.version.clone())
            .or_else(|| git::label(&manifest.dir)),
    })
}

/// A bot's parameters as one text, `KEY=VALUE` items sorted by key and joined by `,`: every
/// parameter given, and every one of `declared` with a default that was not; a number of a
/// declared parameter written as its kind writes it (`800.0` as `800` for a whole number).
pub fn canonical_params(given: &Params, declared: &[ParamSpec]) -> String {
    let mut values = std::collections::BTreeMap::new();
    for spec in declared {
        if let Some(default) = spec.default {
            values.insert(spec.name.as_str(), spec.kind.format(default));
        }
    }
    for (key, text) in &given.0 {
        let kind = declared.iter().find(|s| &s.name == key).map(|s| s.kind);
        let value = match (kind, text.parse::<f64>()) {
            (Some(kind), Ok(number)) if number.is_finite() => match kind {
                ParamKind::Int if number.fract() != 0.0 => text.clone(),
                _ => kind.format(number),
            },
            _ => text.clone(),
        };
        values.insert(key.as_str(), value);
    }
    let items: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
    items.join(",")
}

#[cfg(test)]
mod tests;
