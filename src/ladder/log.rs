//! The ladder's log: each line with its time, on stderr and appended to `ladder.log` in the
//! output folder. A ladder that runs for weeks writes a line for every version, verdict,
//! refresh and fault, so the file is kept within the disk budget: once it passes a tenth of
//! the budget it becomes `ladder.log.1` (replacing the one before) and a new `ladder.log`
//! starts, so the two take at most a fifth of it, and the budget's pruning counts them
//! ([`files`]).

use crate::error::UsageError;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The log being written, and the older one it turns into.
const NAME: &str = "ladder.log";
const OLDER: &str = "ladder.log.1";

pub struct Log {
    folder: PathBuf,
    /// The size past which the log turns into [`OLDER`].
    turn_at: u64,
    /// The open file and its length; `None` once it could not be written.
    file: Mutex<Option<(File, u64)>>,
}

impl Log {
    /// The log of the output folder `out`, which is made if it is missing; both log files
    /// together stay within a fifth of `budget`.
    pub fn open(out: &Path, budget: u64) -> anyhow::Result<Log> {
        std::fs::create_dir_all(out).map_err(|e| {
            UsageError::Invalid(format!(
                "cannot create the output folder {}: {e}; give --out a folder that can be made",
                out.display()
            ))
        })?;
        let file = append(&out.join(NAME))?;
        let length = file.metadata()?.len();
        Ok(Log {
            folder: out.to_path_buf(),
            turn_at: (budget / 10).max(1),
            file: Mutex::new(Some((file, length))),
        })
    }

    pub fn line(&self, text: &str) {
        let line = format!("{} {}\n", crate::store::now(), text);
        eprint!("{line}");
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let Some((open, length)) = file.as_mut() else {
            return;
        };
        let written = open.write_all(line.as_bytes()).and_then(|()| {
            *length += line.len() as u64;
            match *length > self.turn_at {
                true => self.turn().map(|fresh| (*open, *length) = (fresh, 0)),
                false => Ok(()),
            }
        });
        if written.is_err() {
            eprintln!("warning: cannot write {NAME}; the log goes on on stderr only");
            *file = None;
        }
    }

    /// Turns the full log into the older one and opens a new one.
    fn turn(&self) -> std::io::Result<File> {
        std::fs::rename(self.folder.join(NAME), self.folder.join(OLDER))?;
        append(&self.folder.join(NAME))
    }
}

fn append(path: &Path) -> std::io::Result<File> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
}

/// The log files of the output folder `out` (those that exist), for the budget to count.
pub fn files(out: &Path) -> Vec<PathBuf> {
    [NAME, OLDER]
        .iter()
        .map(|name| out.join(name))
        .filter(|path| path.is_file())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past a tenth of the budget the log turns into `ladder.log.1`, replacing the older
    /// one; no line is lost from the newest two files and they stay within a fifth.
    #[test]
    fn the_log_turns_over_at_a_tenth_of_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let log = Log::open(dir.path(), 10_000).unwrap();
        for n in 0..200 {
            log.line(&format!("line {n:03} of the ladder"));
        }
        let sizes: Vec<u64> = files(dir.path())
            .iter()
            .map(|p| std::fs::metadata(p).unwrap().len())
            .collect();
        assert_eq!(sizes.len(), 2);
        assert!(sizes.iter().all(|&s| s <= 1000 + 60), "{sizes:?}");
        let older = std::fs::read_to_string(dir.path().join(OLDER)).unwrap();
        let newer = std::fs::read_to_string(dir.path().join(NAME)).unwrap();
        let numbers: Vec<u32> = (older.lines().chain(newer.lines()))
            .map(|l| l[l.find("line ").unwrap() + 5..][..3].parse().unwrap())
            .collect();
        assert_eq!(numbers.last(), Some(&199));
        assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
        // A restart appends to the log it finds.
        drop(log);
        let again = Log::open(dir.path(), 10_000).unwrap();
        again.line("after the restart");
        let both: String = [OLDER, NAME]
            .iter()
            .map(|name| std::fs::read_to_string(dir.path().join(name)).unwrap())
            .collect();
        let last: Vec<&str> = both.lines().rev().take(2).collect();
        assert!(last[0].ends_with("after the restart"), "{last:?}");
        assert!(last[1].ends_with("line 199 of the ladder"), "{last:?}");
    }
}
