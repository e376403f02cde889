//! Programs the tests start: the example players and test doubles of `bots/examples/`, their
//! manifests, and what a run left of them (faults, processes). Shared by the integration tests
//! and the tests that run alone (`tests/alone/`), so it holds no test of its own.

use super::support::{root, summary, tourney, write_file};
use std::fs;
use std::path::{Path, PathBuf};

/// The example players and test doubles.
pub fn examples() -> PathBuf {
    root().join("bots/examples")
}

/// Writes a manifest into `dir` and returns its path.
pub fn manifest(
    dir: &Path,
    name: &str,
    game: &str,
    command: &Path,
    args: &[&str],
    extra: &str,
) -> PathBuf {
    let args: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
    write_file(
        dir,
        &format!("{name}.toml"),
        &format!(
            "name = \"{name}\"\ngame = \"{game}\"\ncommand = {:?}\nargs = [{}]\n{extra}\n",
            command.display().to_string(),
            args.join(", ")
        ),
    )
}

/// Whether `tourney list` says this machine gives `protection` (its line's first word, so
/// `proc` is not `processes`); if not, says the test skips.
pub fn supported(protection: &str) -> bool {
    let output = tourney().arg("list").output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let given = text
        .lines()
        .any(|line| line.split_whitespace().take(2).eq([protection, "yes:"]));
    if !given {
        eprintln!("skipped: this machine gives no sandbox protection for {protection}");
    }
    given
}

/// A manifest in `dir/hostile/` for the double attacking as `mode` with `arg`, with `extra`
/// lines; `dir` is also in its command line, so a process it leaves shows it.
pub fn hostile(dir: &Path, mode: &str, arg: &str, extra: &str) -> PathBuf {
    double(dir, "hostile", mode, arg, extra)
}

/// A manifest in `dir/<name>/` for the double `hostile.py` named `name`, acting as `mode` with
/// `arg`, with `extra` lines; `dir` is in its command line.
pub fn double(dir: &Path, name: &str, mode: &str, arg: &str, extra: &str) -> PathBuf {
    let folder = dir.join(name);
    fs::create_dir_all(&folder).unwrap();
    let script = super::programs::examples().join("doubles/hostile.py");
    let marker = dir.display().to_string();
    let script = script.display().to_string();
    manifest(
        &folder,
        name,
        "t2r",
        Path::new("python3"),
        &[&script, mode, arg, &marker],
        &format!("move_ms = 5000\n{extra}"),
    )
}

/// No process whose command line names `dir` runs any more.
pub fn assert_no_process_left(dir: &Path) {
    let marker = dir.display().to_string();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmdline) = fs::read(entry.path().join("cmdline")) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            assert!(!cmdline.contains(&marker), "still running: {cmdline}");
        }
    }
}

/// The fault reasons of `bot`, as summary.json keeps them.
pub fn faults_of(out: &Path, bot: &str) -> Vec<String> {
    let summary = summary(out);
    let hostile = summary["per_bot"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["bot"] == bot)
        .cloned()
        .unwrap();
    hostile["fault_examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect()
}
