//! `run --seeds FILE`: the seeds of a run's games read from a file, so a suite of deals can be
//! kept and played again by other bots, versions and machines.
//!
//! The file holds one seed a line, a whole number from 0 to 2^64 − 1 in decimal; blank lines
//! and everything after a `#` are ignored, as are spaces around a number. Each seed is a seed
//! group: every pairing plays it in every seat order. A seed stands where a run without the
//! file puts a seed index, so the deal of seed S under master seed M is the deal of seed index S
//! of a run with `--seed M`, and a file of the `seed` column of an earlier run's games.csv plays
//! those deals again. A seed listed twice is refused: the same deal would be played twice and
//! its games counted as one seed in the intervals.

use crate::error::{UsageError, quote};
use crate::input;
use crate::version::hex;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// The seeds of a file (a leading byte-order mark dropped), and the file's hash (which the manifest keeps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedList {
    pub values: Arc<[u64]>,
    /// SHA-256 of the file's bytes.
    pub sha256: String,
}

impl SeedList {
    /// Reads and checks `path`: a missing or unreadable file, a line that is not a seed, a seed
    /// given twice and a file without seeds are refused, each with the line concerned.
    pub fn load(path: &Path) -> Result<SeedList, UsageError> {
        let bytes = input::read_bounded(path, input::SEEDS_FILE).map_err(|e| {
            UsageError::Invalid(format!(
                "cannot read the seeds file {}: {e}",
                path.display()
            ))
        })?;
        let at = |line: usize, message: String| UsageError::File {
            path: path.to_path_buf(),
            line,
            message,
        };
        let text = std::str::from_utf8(input::without_byte_order_mark(&bytes))
            .map_err(|_| at(1, "not a text file (UTF-8): one seed a line".into()))?;
        let mut values = Vec::new();
        let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
        for (index, line) in text.lines().enumerate() {
            let number = line.split('#').next().unwrap_or("").trim();
            if number.is_empty() {
                continue;
            }
            let seed: u64 = number.parse().map_err(|_| {
                at(
                    index + 1,
                    format!(
                        "'{}' is not a seed: one whole number from 0 to {} a line (# starts a \
                         comment)",
                        quote(number),
                        u64::MAX
                    ),
                )
            })?;
            if let Some(first) = seen.insert(seed, index + 1) {
                return Err(at(
                    index + 1,
                    format!(
                        "seed {seed} is already on line {first}: list each deal once (it would \
                         be played twice and counted as one seed)"
                    ),
                ));
            }
            values.push(seed);
        }
        if values.is_empty() {
            return Err(UsageError::Invalid(format!(
                "the seeds file {} has no seed: one whole number a line",
                path.display()
            )));
        }
        Ok(SeedList {
            values: values.into(),
            sha256: hex(&Sha256::digest(&bytes)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<SeedList, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deals.txt");
        std::fs::write(&path, text).unwrap();
        SeedList::load(&path).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_a_line_with_comments_and_blank_lines_ignored() {
        let list = load("# deals of the 2026 contest\n\n 7\n18446744073709551615  # the last\n0\n")
            .unwrap();
        assert_eq!(&*list.values, &[7, u64::MAX, 0]);
        assert_eq!(list.sha256.len(), 64);
        assert_ne!(
            list.sha256,
            load("7\n18446744073709551615\n0\n").unwrap().sha256
        );
    }

    #[test]
    fn bad_lines_are_refused_with_their_line_number() {
        for (text, message) in [
            ("1\n2\nx3\n", "deals.txt:3: 'x3' is not a seed"),
            ("1\n-2\n", ":2: '-2' is not a seed"),
            ("1\n1 2\n", ":2: '1 2' is not a seed"),
            (
                "18446744073709551616\n",
                ":1: '18446744073709551616' is not a seed",
            ),
            ("5\n\n# again\n5\n", ":4: seed 5 is already on line 1"),
            ("# nothing\n\n", "has no seed"),
            ("", "has no seed"),
        ] {
            let error = load(text).unwrap_err();
            assert!(error.contains(message), "{text:?}: {error}");
        }
        let bom = load("\u{feff}1\n2\n").unwrap();
        assert_eq!(&*bom.values, &[1, 2]);
        let error = load("1\n\0x\u{1b}\n").unwrap_err();
        assert!(error.contains(":2: '\\0x\\u{1b}' is not a seed"), "{error}");
        let endless = SeedList::load(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(
            endless.contains("cannot read the seeds file /dev/zero: longer than 64 MiB"),
            "{endless}"
        );
        let missing = SeedList::load(Path::new("/nonexistent/deals.txt")).unwrap_err();
        assert!(missing.to_string().contains("cannot read the seeds file"));
    }
}
