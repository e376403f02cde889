//! Headless Chromium for the tests that check a page renders; skipped (with a message) where
//! `/usr/bin/chromium` is absent. `.ci/run` installs it.

use std::path::Path;
use std::process::Output;

const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether Chromium is installed; prints why `what` is skipped when it is not.
pub fn available(what: &str) -> bool {
    let present = Path::new(CHROMIUM).exists();
    if !present {
        println!(
            "SKIPPED: {CHROMIUM} is absent; install it (apt-get install -y chromium, as \
             .ci/run does) to check that {what}"
        );
    }
    present
}

/// Loads `url` in a fresh headless profile with `extra` flags (`--dump-dom`,
/// `--screenshot=...`), and asserts that Chromium succeeded.
pub fn run(url: &str, extra: &[&str]) -> Output {
    let profile = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .output()
        .unwrap();
    assert!(output.status.success(), "chromium failed: {output:?}");
    output
}
