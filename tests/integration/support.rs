//! What the integration tests do alike: start the binary, make the runs most of them start
//! from, expect bad input to be refused, and read back or compare what a run wrote.

use assert_cmd::Command;
use assert_cmd::assert::Assert;
use predicates::prelude::*;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use tempfile::TempDir;

/// A command line's words written as the one line a person would type, split at white space:
/// `words("run --map small --games 4")`. A flag list reads as a command line, not a word a line.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The repository: `tourney` runs there, as a person would run it.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `tourney` binary cargo built, run in the repository and recording into the test store.
pub fn tourney() -> Command {
    let mut command = Command::cargo_bin("tourney").expect("the binary is built");
    command.current_dir(root());
    command.env("TOURNEY_DB", test_db());
    command
}

/// The results store every test's runs record into (`TOURNEY_DB`): one SQLite file per test
/// process under the target folder, so no test writes into the repository's `results/` and
/// every run also goes through the store.
pub fn test_db() -> PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR"));
    SWEPT.call_once(|| remove_ended_stores(folder));
    folder.join(format!("tests-{}.db", std::process::id()))
}

/// Removes the stores (and their `-wal`, `-shm` files) of test processes that have ended.
/// Nothing runs when a test binary exits, so each process's store outlives it: a full test
/// run leaves about 150 MB, and the target folder grew by that much at every run. Swept at
/// the first use in the next process, at most the last run's store is left behind. Only
/// where `/proc` tells which processes are alive; a store of a live process is never touched.
fn remove_ended_stores(folder: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|name| name.strip_prefix("tests-"))
            .and_then(|rest| rest.split('.').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = pid
            && !Path::new(&format!("/proc/{pid}")).exists()
        {
            // Another process may sweep the same file at once; either removal is enough.
            let _ = fs::remove_file(entry.path());
        }
    }
}

pub fn tourney_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("tourney")
}

/// `tourney run --bots BOTS --games GAMES` of Ticket to Ride, for the test to add its flags.
pub fn run(bots: &str, games: &str) -> Command {
    let mut command = tourney();
    command.args(["run", "--bots", bots, "--games", games]);
    command
}

/// [`run`] of another game.
pub fn run_game(game: &str, bots: &str, games: &str) -> Command {
    let mut command = run(bots, games);
    command.args(["--game", game]);
    command
}

/// A small, fast Ticket to Ride run (the small map, no plots) of these bots into `out`, with
/// these extra flags.
pub fn small_run(bots: &str, games: &str, extra: &[&str], out: &Path) {
    run(bots, games)
        .args(["--map", "small", "--quiet", "--no-plots"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .assert()
        .success();
}

/// Runs `command` quietly into `out`, for the test to check how it ended.
pub fn quietly_into(command: &mut Command, out: &Path) -> Assert {
    command.args(["--quiet", "--out"]).arg(out).assert()
}

/// Runs `command` quietly into `out` and asserts it succeeds.
pub fn run_quietly_into(command: &mut Command, out: &Path) {
    quietly_into(command, out).success();
}

/// [`run_game`] of these bots, quiet, into a new temporary folder: the run a game's own tests
/// read back.
pub fn quiet_game_run(game: &str, bots: &str, games: &str) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    run_quietly_into(&mut run_game(game, bots, games), dir.path());
    dir
}

/// `tourney report DIRS`, for the test to add its flags.
pub fn report<P: AsRef<std::ffi::OsStr>>(dirs: &[P]) -> Command {
    let mut command = tourney();
    command.arg("report").args(dirs);
    command
}

/// A report of the results folder `dir` made later, quietly and without plots, into `out`
/// (`dir` itself when it is the same): what a run's folder still says once the run is gone.
pub fn report_later(dir: &Path, out: &Path) {
    report(&[dir])
        .args(["--quiet", "--no-plots", "--out"])
        .arg(out)
        .assert()
        .success();
}

/// A report of the results folder `dir` made later, without plots, into `out`, for the test to
/// check what it printed.
pub fn report_printed(dir: &Path, out: &Path) -> Assert {
    report(&[dir])
        .args(["--no-plots", "--out"])
        .arg(out)
        .assert()
}

/// What a finished command printed on stdout, as text.
pub fn stdout_of(assert: Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).expect("utf-8 on stdout")
}

/// What a finished command printed on stderr, as text.
pub fn stderr_of(assert: Assert) -> String {
    String::from_utf8(assert.get_output().stderr.clone()).expect("utf-8 on stderr")
}

/// Asserts `text` (what a command printed, or `what` else it is) holds each of `parts`; a
/// failure names the missing part and shows `text`.
pub fn assert_says(what: &str, text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{what} lacks '{part}':\n{text}");
    }
}

/// The `--bots` of every manifest in `dir`: `DIR/*.toml`.
pub fn manifests_in(dir: &Path) -> String {
    format!("{}/*.toml", dir.display())
}

/// `tourney run --bots DIR/*.toml`: the programs of every manifest in `dir`.
pub fn run_manifests_in(dir: &Path) -> Command {
    let mut command = tourney();
    command.args(["run", "--bots", &manifests_in(dir)]);
    command
}

/// `tourney run --bots random,MANIFEST`: the program of `manifest` against `random`.
pub fn run_against_random(manifest: &Path) -> Command {
    let mut command = tourney();
    command
        .args(["run", "--bots"])
        .arg(format!("random,{}", manifest.display()));
    command
}

/// Runs `command` and asserts it is refused as bad input: exit code 2 and `message` on stderr.
pub fn refused(command: &mut Command, message: &str) -> Assert {
    command
        .assert()
        .code(2)
        .stderr(predicate::str::contains(message))
}

/// Starts `tourney COMMAND ARGS --threads THREADS --out OUT` in the background, its output
/// thrown away, for the test to interrupt.
pub fn start(command: &str, args: &[&str], threads: &str, out: &Path) -> Child {
    std::process::Command::new(tourney_path())
        .env("TOURNEY_DB", test_db())
        .arg(command)
        .args(args)
        .args(["--threads", threads, "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Stops `child` as a terminal's Ctrl-C would (SIGINT: it winds down and exits 130) or as a
/// crash would (SIGKILL), and reaps it.
pub fn stop(child: &mut Child, ctrl_c: bool) {
    if ctrl_c {
        std::process::Command::new("kill")
            .args(["-s", "INT", &child.id().to_string()])
            .status()
            .unwrap();
    } else {
        child.kill().unwrap();
    }
    child.wait().unwrap();
}

/// Writes `text` to DIR/NAME (a scenario, a manifest) and hands back its path.
pub fn write_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

/// A new temporary folder holding one file `name` (a scenario, a manifest), and that file's
/// path: how the tests of a single input file start.
pub fn temp_file(name: &str, text: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), name, text);
    (dir, path)
}

/// Asserts the file at `path` (a log, a summary a run wrote) holds `text`; when it does not, the
/// failure says `why` it should and shows the file.
pub fn assert_file_contains(path: &Path, text: &str, why: &str) {
    let content = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        content.contains(text),
        "{why}: {} lacks '{text}':\n{content}",
        path.display()
    );
}

/// `tourney run` of a scenario file `name` holding `text`, with these flags, quietly into a new
/// temporary folder's `out`: the folder, the scenario's path (for the test to rewrite) and `out`.
pub fn scenario_run(name: &str, text: &str, flags: &[&str]) -> (TempDir, PathBuf, PathBuf) {
    let (dir, scenario) = temp_file(name, text);
    let out = dir.path().join("out");
    run_quietly_into(tourney().arg("run").arg(&scenario).args(flags), &out);
    (dir, scenario, out)
}

/// Rewrites the scenario at `path` to `text` and asserts `tourney run` refuses it with `message`.
pub fn scenario_refused(path: &Path, text: &str, message: &str) {
    fs::write(path, text).unwrap();
    refused(tourney().arg("run").arg(path), message);
}

/// A results folder's `manifest.json`, as text.
pub fn manifest_text(dir: &Path) -> String {
    fs::read_to_string(dir.join("manifest.json")).expect("manifest.json")
}

/// A results folder's `summary.json`.
pub fn summary(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(dir.join("summary.json")).unwrap()).unwrap()
}

/// The entry of `bot` in a summary's `per_bot` list.
pub fn per_bot<'s>(summary: &'s serde_json::Value, bot: &str) -> &'s serde_json::Value {
    summary["per_bot"]
        .as_array()
        .expect("a per_bot list")
        .iter()
        .find(|b| b["bot"] == bot)
        .unwrap_or_else(|| panic!("no {bot} in per_bot"))
}

/// The words after `marker` on the first line of `log` that has it (a double's report of what
/// it saw, such as `SCRATCH HOME TMPDIR NAME=value`).
pub fn logged_words(log: &str, marker: &str) -> Vec<String> {
    let line = log.lines().find_map(|l| l.split_once(marker)).unwrap().1;
    line.split(' ').map(str::to_string).collect()
}

/// The header line of a results folder's `games.csv`, which names each game's own columns.
pub fn csv_header(dir: &Path) -> String {
    let csv = fs::read_to_string(dir.join("games.csv")).expect("games.csv");
    csv.lines().next().expect("a header").to_string()
}

/// The rows of a results folder's `games.csv` as fields, header left out.
pub fn rows(dir: &Path) -> Vec<Vec<String>> {
    fs::read_to_string(dir.join("games.csv"))
        .expect("games.csv")
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// Plays `run` (a command that only lacks `--threads` and `--out`) at one thread into DIR/1 and
/// at two into DIR/2, and asserts both wrote the same `games.csv` and `summary.json`: no result
/// may depend on the thread count. Hands back DIR/1.
pub fn same_at_one_and_two_threads(dir: &Path, run: impl Fn() -> Command) -> PathBuf {
    for threads in ["1", "2"] {
        run()
            .args(["--threads", threads, "--out"])
            .arg(dir.join(threads))
            .assert()
            .success();
    }
    for file in ["games.csv", "summary.json"] {
        let (one, two) = (dir.join("1").join(file), dir.join("2").join(file));
        assert!(
            fs::read(one).unwrap() == fs::read(two).unwrap(),
            "{file} differs between one and two threads"
        );
    }
    dir.join("1")
}

/// Where each line of a file's bytes ends: the offset just past each newline, for a test that
/// cuts a file a whole line (or part of one) at a time.
pub fn line_ends(bytes: &[u8]) -> Vec<usize> {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i + 1)
        .collect()
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
