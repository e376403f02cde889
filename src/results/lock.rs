//! One process per output folder. Every command that writes a folder (`run`, `check`, `merge`,
//! `report`, `tune`) first takes an advisory lock (`flock`) on [`LOCK_FILE`] in it and holds
//! it until the command ends; a second process is refused (bad input, exit 2) with the pid and
//! command line the holder wrote into the file. Two writers would otherwise interleave
//! `games.csv` rows and each write a manifest that calls the other's file complete.
//!
//! The kernel drops the lock when its process dies, `kill -9` included, so a lock is never
//! stuck: a lock file left behind is only a file, and the next command takes it over. A
//! command that ends removes the file (and the folder, when it made it and left it empty), so
//! a finished folder holds the files of an uninterrupted run and nothing else. Because the
//! file is removed, a process that opened it just before must check, once locked, that it
//! still holds the file at that path ([`is_at`]); otherwise it tries again.

use crate::error::UsageError;
use anyhow::Context;
use std::fs::{File, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The lock file's name in a folder being written: hidden, as it is there only while a
/// command runs (or after a `kill -9`, harmlessly).
pub const LOCK_FILE: &str = ".tourney.lock";

/// Longest holder line read back from a lock file, for the message: it is a pid and a
/// command line, and the file could be anything (this much of it is said whole).
const MAX_HOLDER_BYTES: u64 = 4096;

/// A folder this process locked.
struct Held {
    dir: PathBuf,
    /// Open for the process's life: closing it would drop the lock.
    _file: File,
    /// This process created the folder: removed again if the command left it empty.
    made: bool,
}

/// The folders this process holds: a command may lock its folder more than once (`merge`
/// writes, then finishes the merged run; `check` runs its scenario more than once), and a
/// second lock on another open file of the same path would refuse the process itself.
static HELD: Mutex<Vec<Held>> = Mutex::new(Vec::new());

/// Creates `dir` if it does not exist and locks it for the rest of the command; refuses it,
/// naming the other process, when another process holds it.
pub fn hold(dir: &Path) -> anyhow::Result<()> {
    let made = !dir.exists();
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create output folder {}", dir.display()))?;
    let canonical = dir
        .canonicalize()
        .with_context(|| format!("cannot find output folder {}", dir.display()))?;
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    if held.iter().any(|h| h.dir == canonical) {
        return Ok(());
    }
    let path = canonical.join(LOCK_FILE);
    let cannot = || format!("cannot lock {}", path.display());
    let mut file = loop {
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(cannot)?;
        match file.try_lock() {
            Ok(()) if is_at(&file, &path) => break file,
            // The holder removed the file as it ended, after this process opened it.
            Ok(()) => continue,
            Err(TryLockError::WouldBlock) => return Err(refusal(dir, file).into()),
            Err(TryLockError::Error(e)) => return Err(e).with_context(cannot),
        }
    };
    file.set_len(0).with_context(cannot)?;
    writeln!(file, "pid {}: {}", std::process::id(), command_line()).with_context(cannot)?;
    held.push(Held {
        dir: canonical,
        _file: file,
        made,
    });
    Ok(())
}

/// Ends every lock this process holds: each lock file is removed before it is closed, and a
/// folder the process made is removed when nothing else is in it (a command refused before
/// its first file leaves no folder behind).
pub fn release_all() {
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    for folder in held.drain(..) {
        let _ = std::fs::remove_file(folder.dir.join(LOCK_FILE));
        if folder.made {
            // Fails, as it should, when the folder holds anything.
            let _ = std::fs::remove_dir(&folder.dir);
        }
        // Closed last: the lock is dropped once its file is gone.
        drop(folder);
    }
}

/// The refusal of a folder another process holds, naming it by what it wrote in the file.
fn refusal(dir: &Path, file: File) -> UsageError {
    let mut text = String::new();
    // The holder writes its line just after it locks: caught in between, wait for it a little.
    for _ in 0..50 {
        text.clear();
        let _ = (&file).seek(SeekFrom::Start(0));
        let _ = (&file).take(MAX_HOLDER_BYTES).read_to_string(&mut text);
        if text.ends_with('\n') {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut holder: String = text
        .trim()
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if holder.is_empty() {
        holder = "a process that has not written its pid yet".to_string();
    }
    UsageError::Invalid(format!(
        "{} is being written by another process ({holder}); one process at a time may write \
         a folder: wait until it ends (or stop it), then run this again, or choose another \
         folder",
        dir.display()
    ))
}

/// This process's command line, as a shell would take it back (the program as `tourney`,
/// wherever it was started from).
fn command_line() -> String {
    std::iter::once("tourney".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|arg| shell_word(&arg.to_string_lossy())),
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as one shell word: unchanged when it is plain, else single-quoted.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:,=@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Whether `file` is still the file at `path` (not one removed since it was opened).
#[cfg(unix)]
fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// Whether `file` is still the file at `path`: elsewhere an open file cannot be removed.
#[cfg(not(unix))]
fn is_at(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lock file removed by its holder between another process's open and lock: the lock
    /// then taken is on a file no one else can find, so the check must see it.
    #[test]
    fn a_removed_lock_file_is_not_the_one_at_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(LOCK_FILE);
        let file = File::create(&path).unwrap();
        assert!(is_at(&file, &path));
        std::fs::remove_file(&path).unwrap();
        assert!(!is_at(&file, &path));
        File::create(&path).unwrap();
        assert!(
            !is_at(&file, &path),
            "a new file at the path is another file"
        );
    }

    #[test]
    fn folder_names_are_quoted_only_when_the_shell_needs_it() {
        assert_eq!(shell_word("results/run-1"), "results/run-1");
        assert_eq!(shell_word("/tmp/my runs"), "'/tmp/my runs'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }
}
