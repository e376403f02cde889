//! One log file per external bot in the results folder: what its processes wrote to stderr,
//! and the protocol transcript when the manifest asks for it. Shared by every process of the
//! bot (they may run on several threads at once), so each line says which game and seat wrote it.

use std::fs::File;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// Stops writing past this size, so a bot that floods stderr cannot fill the disk. Its stderr
/// is still read (and dropped), so it never blocks on a full pipe.
const MAX_LOG_BYTES: u64 = 16 << 20;

/// Longest truncation notice, context included.
const MAX_NOTICE: usize = 256;

/// A bot's log; `None` inside when the run writes no files (benchmarks).
pub struct BotLog {
    file: Mutex<Option<(File, u64)>>,
    /// Where it is, for messages that send the reader there.
    path: Option<PathBuf>,
}

impl BotLog {
    /// Creates `dir/<label>.log` (truncating an old one). Labels are checked where they are
    /// read; a label that would still leave `dir` is refused here too, so no bot's name can
    /// make the harness write outside its results folder.
    pub fn create(dir: &Path, label: &str) -> std::io::Result<BotLog> {
        let name = format!("{label}.log");
        let mut parts = Path::new(&name).components();
        if !matches!(
            (parts.next(), parts.next()),
            (Some(Component::Normal(_)), None)
        ) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("bot name {label:?} is not a plain file name"),
            ));
        }
        std::fs::create_dir_all(dir)?;
        let path = dir.join(name);
        let file = File::create(&path)?;
        Ok(BotLog {
            file: Mutex::new(Some((file, 0))),
            path: Some(path),
        })
    }

    /// A log that keeps nothing.
    pub fn discard() -> BotLog {
        BotLog {
            file: Mutex::new(None),
            path: None,
        }
    }

    /// The file, unless the log keeps nothing.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Appends `line` under `context` in one write, unbuffered, so the file is complete even if
    /// the harness is stopped. Write errors are ignored: a log must not change a result.
    pub fn line(&self, context: &str, line: &str) {
        let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let Some((file, written)) = guard.as_mut() else {
            return;
        };
        if *written >= MAX_LOG_BYTES {
            return;
        }
        // Room is kept for the truncation notice, so the file never exceeds the cap.
        let mut text = format!("[{context}] {line}\n");
        if *written + (text.len() + MAX_NOTICE) as u64 > MAX_LOG_BYTES {
            text = format!("[{context}] log truncated at {MAX_LOG_BYTES} bytes\n");
            *written = MAX_LOG_BYTES;
        } else {
            *written += text.len() as u64;
        }
        let _ = file.write_all(text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_carry_their_context_and_stop_at_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let log = BotLog::create(dir.path(), "b").unwrap();
        log.line("game 3 seat 1", "hello");
        let big = "x".repeat(1 << 20);
        for _ in 0..20 {
            log.line("g", &big);
        }
        let text = std::fs::read_to_string(dir.path().join("b.log")).unwrap();
        assert!(text.starts_with("[game 3 seat 1] hello\n"));
        assert!(text.len() as u64 <= MAX_LOG_BYTES);
        assert!(text.ends_with(&format!("log truncated at {MAX_LOG_BYTES} bytes\n")));
    }

    #[test]
    fn a_label_that_would_leave_the_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for label in ["../x", "a/b", "../../escaped"] {
            assert!(BotLog::create(dir.path(), label).is_err(), "{label}");
        }
        assert!(BotLog::create(dir.path(), "fine#2").is_ok());
    }
}
