//! The bounds of what tourney takes from a user, in one place: every number of the command
//! line, a scenario or a bot manifest has a largest value, and every file is read up to a
//! largest size. The bounds lie far beyond any real use (a billion games a pairing, a week a
//! move) yet keep every product of them in range: games × pairings × seat rotations stays
//! far below 2^64, and times added to the clock stay far below what a `Duration` or an
//! `Instant` holds. Without them `--games 18446744073709551615` wrapped to no games at all,
//! `--clock 1e18+1e18` overflowed while playing and `/dev/zero` as a seeds file was read until
//! memory ran out. A message names the input, the bound and the value given.
//!
//! Its one writer, [`write_atomically`], is the other side of the same care: a file tourney
//! writes for a user to read (a run's manifest, a ladder's standings) is there whole or not
//! at all.

use anyhow::Context;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Games of one pairing (`--games`, a scenario's `games`), of one bracket match
/// (`--match-games`), of a tuning (`tune --games`, `--verify-games`) and of a gate's test
/// (`max_games`).
pub const GAMES: u64 = 1_000_000_000;

/// Seeds of one tuning iteration (`tune --batch`): each is played in every seat order.
pub const BATCH: u64 = 1_000_000;

/// Bots of one run: a round robin of this many is half a million pairings.
pub const BOTS: usize = 1_000;

/// Pairings of one run (a round robin of many bots in games of many seats grows as a binomial
/// coefficient): with [`GAMES`] a pairing, at most 10^15 games, so game indices never wrap.
pub const PAIRINGS: u64 = 1_000_000;

/// Any time given in seconds or milliseconds: a clock's bank and increment, a move's or a
/// start-up's limit, a margin, a progress interval, a contest client's wait: one week.
pub const SECONDS: u64 = 7 * 24 * 3600;

/// Turns per player of one game (the `turn_limit` option of the games that have one): far
/// beyond any game's natural end, and small enough that 5 seats × 2 half-turns × the limit
/// stays far below `u32::MAX` (without a bound, `turn_limit=4294967295` wrapped the turn count
/// a bot compares against).
pub const TURN_LIMIT: u64 = 1_000_000;

/// Faults forgiven per seat per game (`--faults tolerate=N`): as many as a game has turns.
pub const TOLERATED_FAULTS: u64 = TURN_LIMIT;

/// `[limits] memory_mib` and `--limit-memory`: 16 TiB.
pub const MEMORY_MIB: u64 = 16 << 20;

/// `[limits] processes` and `--limit-processes`: the kernel's largest process id.
pub const PROCESSES: u64 = 4_194_304;

/// `[limits] write_mib` and `--limit-write`: 16 TiB.
pub const WRITE_MIB: u64 = 16 << 20;

/// `[limits] open_files` and `--limit-files`: the kernel's default `fs.nr_open`.
pub const OPEN_FILES: u64 = 1 << 20;

/// A manifest's `max_line_bytes`: 256 MiB.
pub const LINE_BYTES: u64 = 256 << 20;

/// `name` must be at most `most`: the message names both and the value given.
pub fn at_most(name: &str, value: u64, most: u64) -> Result<u64, String> {
    match value <= most {
        true => Ok(value),
        false => Err(format!(
            "{name} must be at most {} (got {})",
            grouped(most),
            grouped(value)
        )),
    }
}

/// A time in seconds, at most [`SECONDS`] (a week); its other checks are the caller's.
pub fn seconds_at_most(name: &str, value: f64) -> Result<f64, String> {
    match value <= SECONDS as f64 {
        true => Ok(value),
        false => Err(format!(
            "{name} must be at most {} seconds, a week (got {})",
            grouped(SECONDS),
            shown(value)
        )),
    }
}

/// A positive time in seconds, at most [`SECONDS`] (a week), as a `Duration`.
pub fn positive_seconds(name: &str, value: f64) -> Result<Duration, String> {
    seconds_at_most(name, value)?;
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            format!(
                "{name} must be a positive number of seconds (got {})",
                shown(value)
            )
        })
}

/// A time in milliseconds, at most [`SECONDS`] (a week).
pub fn millis_at_most(name: &str, value: u64) -> Result<u64, String> {
    at_most(&format!("{name} (milliseconds)"), value, SECONDS * 1000)
}

/// `--clock-margin-ms`, read by clap: a whole number of milliseconds, at most a week.
pub fn millis_flag(text: &str) -> Result<u64, String> {
    let ms = text.trim().parse::<u64>().map_err(|e| e.to_string())?;
    millis_at_most("it", ms).map(|_| ms)
}

/// A number as given, short: `1e308` rather than its 309 digits.
fn shown(value: f64) -> String {
    match value.abs() < 1e9 {
        true => value.to_string(),
        false => format!("{value:e}"),
    }
}

/// A whole number with a comma between each group of three digits: `1,000,000,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The largest size of one kind of file tourney reads, and the name its message gives it.
#[derive(Clone, Copy, Debug)]
pub struct FileBound {
    pub what: &'static str,
    pub bytes: u64,
}

pub const SEEDS_FILE: FileBound = FileBound::new("seeds file", 64 << 20);
pub const SCENARIO: FileBound = FileBound::new("scenario", 1 << 20);
pub const BOT_MANIFEST: FileBound = FileBound::new("bot manifest", 1 << 20);
pub const RUN_MANIFEST: FileBound = FileBound::new("manifest.json", 64 << 20);
pub const TUNE_SETTINGS: FileBound = FileBound::new("tuning's settings", 1 << 20);
pub const BASELINE: FileBound = FileBound::new("baseline", 64 << 20);
pub const SUMMARY: FileBound = FileBound::new("summary.json", 1 << 30);
/// A tuning's tune.csv, read whole by `tune --resume`.
pub const TUNE_CSV: FileBound = FileBound::new("tune.csv", 1 << 30);
/// One line of a games.csv (a row is one seat of one game), as a line of a records file.
pub const CSV_LINE: FileBound = FileBound::new("games.csv line", 16 << 20);

impl FileBound {
    /// At most `bytes`, for files that messages call `what`: one line for each kind of file.
    pub const fn new(what: &'static str, bytes: u64) -> FileBound {
        FileBound { what, bytes }
    }

    /// The error of a file or line longer than the bound.
    fn too_long(&self) -> std::io::Error {
        std::io::Error::new(
            ErrorKind::InvalidData,
            format!(
                "longer than {}, the most a {} may hold: is it the right file?",
                size(self.bytes),
                self.what
            ),
        )
    }
}

/// A size in bytes as a message says it: `64 MiB`, `1 GiB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{} bytes", grouped(b)),
    }
}

/// The bytes of `path`, refused past `bound` (a character device or a FIFO too: reading
/// stops there instead of when memory runs out). Not found stays `NotFound` for callers to
/// tell apart.
pub fn read_bounded(path: &Path, bound: FileBound) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(bound.bytes + 1)
        .read_to_end(&mut bytes)?;
    match bytes.len() as u64 > bound.bytes {
        true => Err(bound.too_long()),
        false => Ok(bytes),
    }
}

/// The text of `path` (UTF-8, a leading byte-order mark dropped), refused past `bound`.
pub fn read_text(path: &Path, bound: FileBound) -> std::io::Result<String> {
    let mut bytes = read_bounded(path, bound)?;
    if bytes.starts_with(BYTE_ORDER_MARK) {
        bytes.drain(..BYTE_ORDER_MARK.len());
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(ErrorKind::InvalidData, "not UTF-8 text"))
}

/// The UTF-8 byte-order mark some editors put at the start of a text file.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// `bytes` without a leading UTF-8 byte-order mark.
pub fn without_byte_order_mark(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(bytes)
}

/// A reader that fails on a line longer than its bound, for files read line by line: a
/// games.csv of one endless line is refused instead of being gathered into one record.
pub struct LinesAtMost<R> {
    inner: R,
    bound: FileBound,
    /// Bytes since the last newline.
    run: u64,
}

impl<R: Read> LinesAtMost<R> {
    pub fn new(inner: R, bound: FileBound) -> Self {
        LinesAtMost {
            inner,
            bound,
            run: 0,
        }
    }
}

impl<R: Read> Read for LinesAtMost<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut pieces = buf[..n].split(|&b| b == b'\n');
        let mut run = self.run + pieces.next().map_or(0, |p| p.len() as u64);
        let mut longest = run;
        for piece in pieces {
            run = piece.len() as u64;
            longest = longest.max(run);
        }
        if longest > self.bound.bytes {
            return Err(self.bound.too_long());
        }
        self.run = run;
        Ok(n)
    }
}

/// Writes `path` through a temporary file in the same folder, synced, then renamed over it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Makes the rename itself durable; not every system can open a folder.
            if let Ok(dir) = std::fs::File::open(dir) {
                let _ = dir.sync_all();
            }
        }
        Ok(())
    };
    write().with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_name_the_most_and_the_value_with_grouped_digits() {
        assert_eq!(at_most("--games", GAMES, GAMES), Ok(GAMES));
        assert_eq!(
            at_most("--games", u64::MAX, GAMES).unwrap_err(),
            "--games must be at most 1,000,000,000 (got 18,446,744,073,709,551,615)"
        );
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(604_800), "604,800");
        assert!(seconds_at_most("--clock", 604_800.0).is_ok());
        assert_eq!(
            seconds_at_most("--progress-every", 1e308).unwrap_err(),
            "--progress-every must be at most 604,800 seconds, a week (got 1e308)"
        );
        assert_eq!(
            seconds_at_most("--clock", 604_800.5).unwrap_err(),
            "--clock must be at most 604,800 seconds, a week (got 604800.5)"
        );
        assert_eq!(
            positive_seconds("--serve-wait", 1.5),
            Ok(Duration::from_millis(1500))
        );
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e18] {
            assert!(positive_seconds("--serve-wait", bad).is_err(), "{bad}");
        }
        assert!(millis_at_most("move_ms", 604_800_000).is_ok());
        assert!(millis_at_most("move_ms", 604_800_001).is_err());
    }

    /// Every product of the bounds that the runner forms stays in a u64.
    #[test]
    fn the_turn_limit_option_names_its_bound() {
        assert_eq!(
            crate::games::TURN_LIMIT_OPTION.values,
            format!("turns per player, 1 to {}", grouped(TURN_LIMIT))
        );
        assert!(5 * 2 * TURN_LIMIT < u64::from(u32::MAX) / 100);
    }

    #[test]
    fn products_of_the_bounds_stay_in_range() {
        let seats = 5u64;
        let games = GAMES.div_ceil(seats) * seats;
        let total = games.checked_mul(PAIRINGS).unwrap();
        assert!(total.checked_mul(120).is_some(), "room for every rotation");
        let most = std::time::Duration::from_secs(SECONDS);
        assert!(std::time::Instant::now().checked_add(most * 3).is_some());
    }

    #[test]
    fn endless_and_oversized_files_stop_at_their_bound_and_a_byte_order_mark_is_dropped() {
        let bound = FileBound::new("test file", 1 << 20);
        let error = read_bounded(Path::new("/dev/zero"), bound).unwrap_err();
        assert_eq!(
            error.to_string(),
            "longer than 1 MiB, the most a test file may hold: is it the right file?"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bom.txt");
        std::fs::write(&path, b"\xEF\xBB\xBF1\n").unwrap();
        assert_eq!(read_text(&path, bound).unwrap(), "1\n");
        assert_eq!(read_bounded(&path, bound).unwrap().len(), 5);
        std::fs::write(&path, vec![b'x'; (1 << 20) + 1]).unwrap();
        assert!(read_text(&path, bound).is_err());
        assert_eq!(
            read_text(Path::new("/nonexistent/x"), bound)
                .unwrap_err()
                .kind(),
            ErrorKind::NotFound
        );
    }

    #[test]
    fn a_line_past_its_bound_fails_the_read_wherever_the_reads_split_it() {
        let bound = FileBound::new("test line", 4);
        /// Hands out at most `.1` bytes a read.
        struct Chunked<'a>(&'a [u8], usize);
        impl Read for Chunked<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = self.1.min(buf.len()).min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let read = |text: &[u8], chunk: usize| {
            let mut reader = LinesAtMost::new(Chunked(text, chunk), bound);
            let mut out = Vec::new();
            reader.read_to_end(&mut out).map(|_| out)
        };
        for chunk in [1, 2, 3, 64] {
            assert_eq!(read(b"abcd\nabcd\n", chunk).unwrap(), b"abcd\nabcd\n");
            assert!(read(b"abcd\nabcde\n", chunk).is_err(), "{chunk}");
            assert!(read(b"abcdeabcd", chunk).is_err(), "{chunk}");
        }
        let mut endless = LinesAtMost::new(std::io::repeat(0), bound);
        assert!(std::io::copy(&mut endless, &mut std::io::sink()).is_err());
    }
}
