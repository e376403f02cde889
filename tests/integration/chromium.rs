//! Headless Chromium for the tests that check a page renders; skipped (with a message) where
//! `/usr/bin/chromium` is absent. `.ci/run` installs it.

use std::path::Path;
use std::process::Output;

/// The page script behind [`layout_problems`].
const LAYOUT_CHECK: &str = include_str!("layout_check.js");

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
            "--disable-quic",
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

/// What `layout_check.js` finds wrong on `page` as Chromium lays it out (at `query`, e.g.
/// `?step=9`): marks outside their plot's frame or without size, labels covered by marks or
/// by each other. Checks a copy of the page beside it, with the script added, so its links
/// and relative paths still hold. Returns the drawings and texts seen, and the problems.
pub fn layout_problems(page: &Path, query: &str) -> (u64, u64, Vec<String>) {
    let html = std::fs::read_to_string(page).unwrap();
    let script = format!("<script>{LAYOUT_CHECK}</script>");
    let checked = match html.rfind("</body>") {
        Some(end) => format!("{}{script}{}", &html[..end], &html[end..]),
        None => html + &script,
    };
    let copy = page.with_extension("layout-check.html");
    std::fs::write(&copy, checked).unwrap();
    let url = format!("file://{}{query}", copy.canonicalize().unwrap().display());
    let output = run(
        &url,
        &[
            "--window-size=1280,1000",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ],
    );
    std::fs::remove_file(&copy).unwrap();
    let dom = String::from_utf8_lossy(&output.stdout);
    // The script's own text holds the marker too; the report is the last one, and JSON.
    let marker = "<pre id=\"layout-check\">{";
    let start = dom
        .rfind(marker)
        .unwrap_or_else(|| panic!("the check did not run on {}: {dom:.400}", page.display()))
        + marker.len()
        - 1;
    let json = dom[start..start + dom[start..].find("</pre>").unwrap()]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    let found: serde_json::Value = serde_json::from_str(&json).unwrap();
    let problems = found["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    (
        found["drawings"].as_u64().unwrap(),
        found["texts"].as_u64().unwrap(),
        problems,
    )
}
