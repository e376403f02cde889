//! Helpers for tests that compare whole results folders.

use assert_cmd::Command;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

pub fn tourney() -> Command {
    Command::cargo_bin("tourney").expect("the binary is built")
}

pub fn tourney_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("tourney")
}

/// Every file of a folder by name, with its bytes.
pub fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let entry = entry.unwrap();
            (
                entry.file_name().to_string_lossy().into_owned(),
                fs::read(entry.path()).unwrap(),
            )
        })
        .collect()
}

/// The two folders hold the same files, byte for byte.
pub fn assert_same_files(expected: &Path, actual: &Path) {
    let (want, got) = (files(expected), files(actual));
    assert_eq!(
        want.keys().collect::<Vec<_>>(),
        got.keys().collect::<Vec<_>>(),
        "{} and {} hold different files",
        expected.display(),
        actual.display()
    );
    for (name, bytes) in &want {
        assert!(
            *bytes == got[name],
            "{name} differs between {} and {}",
            expected.display(),
            actual.display()
        );
    }
}
