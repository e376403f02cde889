//! The label of a program in a git checkout: its commit, short, with `-dirty` when a tracked
//! file of the program's folder differs from it. Asked of the `git` program when it is on
//! `PATH`; without it, or outside a checkout, there is no such label and nothing is said.

use std::path::Path;
use std::process::{Command, Stdio};

/// `3f2a9c1` or `3f2a9c1-dirty` for the checkout `folder` is in, or `None`.
pub fn label(folder: &Path) -> Option<String> {
    let commit = git(folder, &["rev-parse", "--short", "HEAD"])?;
    // Only the program's folder: a change elsewhere in a larger repository is not the
    // program's. Untracked files are left out, as `git describe --dirty` does (the digest
    // sees them).
    let changes = git(
        folder,
        &["status", "--porcelain", "--untracked-files=no", "--", "."],
    )?;
    Some(match changes.is_empty() {
        true => commit,
        false => format!("{commit}-dirty"),
    })
}

/// What `git ARGS` prints in `folder`, trimmed, when it succeeds. It takes no lock and starts
/// no file-system monitor a repository's configuration may name.
fn git(folder: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["-c", "core.fsmonitor=false"])
        .args(args)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    output.status.success().then(|| text.trim().to_string())
}
