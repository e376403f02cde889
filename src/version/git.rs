//! The label of a program in a git checkout: its commit, short. Asked of the `git` program
//! when it is on `PATH`; without it, or outside a checkout, there is no such label and nothing
//! is said.
//!
//! Only `git rev-parse` runs, which reads refs and runs nothing a repository's configuration
//! names. A `-dirty` mark would need `git status`, and that runs the clean filters a checkout's
//! own configuration may define: a contestant's folder could then run a command of its choosing,
//! unconfined, in the harness. The digest already tells a changed work tree from its commit.

use std::path::Path;
use std::process::{Command, Stdio};

/// `3f2a9c1` for the checkout `folder` is in, or `None`.
pub fn label(folder: &Path) -> Option<String> {
    git(folder, &["rev-parse", "--short", "HEAD"])
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
