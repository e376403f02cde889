//! `records.jsonl.gz` of an interrupted recording run, through the real binary: a records
//! file cut short (a `kill -9`, a full disk) still replays every game recorded whole before
//! the cut, saying once where it ends; a plain `run --resume` rewrites its good part and
//! records the rest, so the folder ends as an uninterrupted recording run's, gzip bytes
//! included.

use super::resume::result_files;
use super::support::{stderr_of, tourney, words};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// [`super::resume::RUN`] (a fast run with faults, the summary quoting some, replayed on
/// resume: 6000 games), recorded: a records file of about a megabyte.
fn recorded_run() -> Vec<&'static str> {
    [&super::resume::RUN[..], &["--record"]].concat()
}

/// Each run here writes `CASE/run`, named `run` from `CASE`: the report quotes the folder as
/// it was given (in its replay commands), so runs compared must be given the same name.
fn in_case(root: &Path, case: &str) -> (PathBuf, PathBuf) {
    let case = root.join(case);
    fs::create_dir_all(&case).unwrap();
    let dir = case.join("run");
    (case, dir)
}

/// The uninterrupted [`recorded_run`], into `root/whole/run`.
fn whole(root: &Path) -> PathBuf {
    let (case, dir) = in_case(root, "whole");
    tourney()
        .current_dir(case)
        .arg("run")
        .args(recorded_run())
        .args(["--threads", "1", "--out", "run"])
        .assert()
        .success();
    dir
}

/// A plain `run --resume CASE/run`: the configuration, recording included, comes from the
/// folder.
fn resume(dir: &Path) {
    tourney()
        .current_dir(dir.parent().unwrap())
        .args(words("run --quiet --no-plots --threads 2 --resume run"))
        .assert()
        .success();
}

/// The two folders hold the same files, byte for byte (the report's think times aside).
fn assert_same(whole: &Path, dir: &Path, what: &str) {
    let (want, got) = (result_files(whole), result_files(dir));
    let names = |files: &[(String, Vec<u8>)]| files.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&want), names(&got), "{what}");
    for ((name, expected), (_, bytes)) in want.iter().zip(&got) {
        assert!(
            expected == bytes,
            "{what}: {name} differs from the uninterrupted run's"
        );
    }
}

/// `tourney replay DIR --game GAME`.
fn replay(dir: &Path, game: u64) -> assert_cmd::assert::Assert {
    tourney()
        .args(["replay", "--game", &game.to_string()])
        .arg(dir)
        .assert()
}

/// The game of each whole line of a records file cut short (the header left out).
fn games_recorded(bytes: &[u8]) -> Vec<u64> {
    use std::io::BufRead;
    let reader = std::io::BufReader::new(flate2::read::MultiGzDecoder::new(bytes));
    let mut games = Vec::new();
    for line in reader.split(b'\n').skip(1) {
        let Ok(line) = line else { break };
        let value: serde_json::Value = match serde_json::from_slice(&line) {
            Ok(value) => value,
            Err(_) => break,
        };
        games.push(value["game"].as_u64().unwrap());
    }
    games
}

#[test]
fn a_recording_run_killed_with_kill_9_replays_its_whole_games_and_resumes_to_the_same_files() {
    let root = tempfile::tempdir().unwrap();
    let whole = whole(root.path());
    let full = fs::metadata(whole.join("records.jsonl.gz")).unwrap().len();
    let (case, dir) = in_case(root.path(), "killed");
    let mut child = std::process::Command::new(super::support::tourney_path())
        .current_dir(case)
        .arg("run")
        .args(recorded_run())
        .args(["--threads", "1", "--out", "run"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed once a third of the records are out (or, on a machine too fast, after the end).
    let records = dir.join("records.jsonl.gz");
    while fs::metadata(&records).map_or(0, |m| m.len()) < full / 3
        && child.try_wait().unwrap().is_none()
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    let killed = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    let recorded = games_recorded(&fs::read(&records).unwrap());
    // Killed before the records were finished: the file is cut short.
    if killed && recorded.len() < 6000 {
        let last = *recorded.last().expect("a third of the records holds games");
        let stderr = stderr_of(replay(&dir, last).success());
        assert!(
            stderr.contains(&format!("cut short after game {last}")),
            "says where the records end: {stderr}"
        );
    }
    resume(&dir);
    assert_same(&whole, &dir, "killed");
    eprintln!("killed while playing: {killed}");
}

#[test]
fn a_records_file_cut_anywhere_replays_what_it_holds_and_resume_completes_it() {
    let root = tempfile::tempdir().unwrap();
    let whole = whole(root.path());
    let csv = fs::read(whole.join("games.csv")).unwrap();
    let gz = fs::read(whole.join("records.jsonl.gz")).unwrap();
    let manifest = fs::read(whole.join("manifest.json")).unwrap();
    let cuts = [
        // Before the first block is out: no whole line at all.
        (csv.len() / 2, 15),
        // The records end before games.csv does (the compressor holds the latest games)...
        (csv.len(), gz.len() / 3),
        (csv.len() * 2 / 3, gz.len() / 2),
        // ...or after it, when games.csv lost more (a torn row).
        (csv.len() / 4, gz.len() * 3 / 4),
        // The whole stream but its last bytes (the gzip trailer).
        (csv.len(), gz.len() - 4),
    ];
    for (i, (csv_cut, gz_cut)) in cuts.into_iter().enumerate() {
        let (_, dir) = in_case(root.path(), &format!("cut{i}"));
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("manifest.json"), &manifest).unwrap();
        fs::write(dir.join("games.csv"), &csv[..csv_cut]).unwrap();
        fs::write(dir.join("records.jsonl.gz"), &gz[..gz_cut]).unwrap();
        let recorded = games_recorded(&gz[..gz_cut]);
        if let Some(&last) = recorded.last() {
            // Early enough to be among the whole rows of games.csv too.
            let stderr = stderr_of(replay(&dir, last / 8).success());
            assert_eq!(
                stderr.matches("cut short").count(),
                1,
                "said once: {stderr}"
            );
            let after = stderr_of(replay(&dir, last + 1).code(2));
            assert!(
                after.contains(&format!("no game {}", last + 1))
                    && after.contains(&format!("cut short after game {last}"))
                    && after.contains(&format!("tourney run --resume {}", dir.display())),
                "a game after the cut is missing, and resume mends it: {after}"
            );
        }
        resume(&dir);
        assert_same(&whole, &dir, &format!("cut {i}"));
        assert!(!dir.join("records.jsonl.gz.part").exists());
    }
}

#[test]
fn recording_cannot_be_added_to_a_run_played_without_it() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("plain");
    let args = |record: bool| {
        let mut args = recorded_run();
        args[5] = "4";
        if !record {
            args.pop();
        }
        args
    };
    tourney()
        .arg("run")
        .args(args(false))
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    let before = fs::read(dir.join("games.csv")).unwrap();
    let stderr = stderr_of(
        tourney()
            .arg("run")
            .args(args(true))
            .arg("--resume")
            .arg(&dir)
            .assert()
            .code(2),
    );
    assert!(
        stderr.contains("holds games played without --record"),
        "{stderr}"
    );
    assert_eq!(fs::read(dir.join("games.csv")).unwrap(), before);
    assert!(!dir.join("records.jsonl.gz").exists());
}
