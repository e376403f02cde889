//! When a bot fails, the harness says why and where, and never loses track of it: names that
//! are labels and never paths, programs checked once before the first game, no bot process
//! left behind by any exit, and faulted games explained in the terminal and in `report.html`.

use super::external::{fault_double, python_manifest, seats};
use super::programs::{examples, manifest};
use super::support::{self, assert_file_contains, refused, summary, tourney, words, write_file};
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found
}

/// A two-game run on the small map of `random` against the bot of `manifest`, into `out`.
fn against_random(manifest: &Path, out: &Path) -> assert_cmd::Command {
    let mut command = tourney();
    command
        .args(["run", "--quiet", "--games", "2", "--map", "small", "--out"])
        .arg(out)
        .arg("--bots")
        .arg(format!("random,{}", manifest.display()));
    command
}

#[test]
fn a_bot_name_is_a_label_never_a_path() {
    let dir = tempfile::tempdir().unwrap();
    // The run's folder sits two levels down, so `../../escaped.log` would land in `dir`.
    let out = dir.path().join("a/b/out");
    let script = examples().join("random.py").display().to_string();
    for (name, problem) in [
        ("../../escaped", "path separator"),
        ("x/y", "path separator"),
        ("..", "'..'"),
    ] {
        let path = write_file(
            dir.path(),
            "bad.toml",
            &format!(
                "game = \"t2r\"\nname = {name:?}\ncommand = \"python3\"\nargs = [{script:?}]\n"
            ),
        );
        refused(
            &mut against_random(&path, &out),
            &format!("bad.toml:2: `name`: bot name {name:?}"),
        )
        .stderr(predicate::str::contains(problem));
    }
    let scenario = write_file(
        dir.path(),
        "s.toml",
        "game = \"t2r\"\nbots = [\n  \"random\",\n  { bot = \"nice\", name = \"../up\" },\n]\n",
    );
    refused(
        tourney()
            .args(["run", "--quiet", "--out"])
            .arg(&out)
            .arg(&scenario),
        "s.toml:4:",
    )
    .stderr(predicate::str::contains("path separator"));
    assert_eq!(
        files_under(dir.path()).len(),
        2,
        "only the two inputs exist"
    );
}

#[test]
fn a_program_that_cannot_start_is_refused_before_the_first_game() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-program");
    let double = manifest(dir.path(), "double", "t2r", &missing, &[], "");
    let out = dir.path().join("out");
    refused(
        &mut against_random(&double, &out),
        &format!("bot manifest {}", double.display()),
    )
    .stderr(predicate::str::contains("does not exist"));
    assert!(!out.exists(), "nothing was written");
}

#[test]
fn a_script_that_stops_before_it_is_ready_gives_its_exit_status_and_its_log() {
    let dir = tempfile::tempdir().unwrap();
    let double = python_manifest(dir.path(), "double", &["no-such-script.py"], "");
    let out = dir.path().join("out");
    let log = out.join("logs/double.log");
    refused(
        &mut against_random(&double, &out),
        "stopped before it was ready",
    )
    .stderr(
        predicate::str::contains("exit status: 2")
            .and(predicate::str::contains(log.display().to_string())),
    );
    assert_file_contains(&log, "no-such-script.py", "python's reason");
}

#[test]
fn a_bot_that_never_says_ready_is_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let double = fault_double(dir.path(), "double", &["silent"], "startup_ms = 300");
    refused(
        &mut against_random(&double, &dir.path().join("out")),
        "did not say ready within 300 ms",
    )
    .stderr(predicate::str::contains("flush"));
}

#[test]
fn an_answer_left_in_an_output_buffer_times_out_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let double = fault_double(dir.path(), "double", &["buffered"], "move_ms = 300");
    let out = dir.path().join("out");
    against_random(&double, &out)
        .env_remove("PYTHONUNBUFFERED")
        .arg("--no-plots")
        .assert()
        .success();
    let summary = summary(&out);
    let example = summary["per_bot"][1]["fault_examples"][0].as_str().unwrap();
    assert!(
        example.contains("timeout no answer within 300 ms to its first request (does it flush"),
        "{example}"
    );
}

/// Starts a run whose outside bot sleeps when asked to act and writes its pid into its log;
/// returns once at least one game's process is running, and the log.
fn start_sleeping_run(dir: &Path, move_ms: u64, games: &str) -> (Child, PathBuf) {
    let move_ms = format!("move_ms = {move_ms}");
    let double = fault_double(dir, "sleeper", &["sleep", "--say-pid"], &move_ms);
    let log = dir.join("out/logs/sleeper.log");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("tourney"))
        .env("TOURNEY_DB", super::support::test_db())
        .args(words("run --quiet --no-plots --map small --threads 2"))
        .args(["--games", games, "--out"])
        .arg(dir.join("out"))
        .arg("--bots")
        .arg(format!("random,{}", double.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The start-up check's process, then at least one game's.
    wait_for(Duration::from_secs(60), || started(&log).len() >= 2);
    (child, log)
}

/// The pids the double wrote into its log.
fn started(log: &Path) -> Vec<String> {
    fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split("] pid ").nth(1))
        .map(str::to_string)
        .collect()
}

fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "still waiting after {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, signal: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: kill(2) on the test's own child; no memory is passed.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// Whether `pid` is a live process (a zombie is not: it has exited).
fn is_running(pid: &str) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // The state follows the command name, which is in parentheses.
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

/// Waits for the run to exit by itself (not killed by the signal) with one of `codes`, then
/// for every process the double started to be gone.
fn assert_exits_leaving_no_bot(mut child: Child, log: &Path, codes: &[i32]) {
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the run did not stop"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        status.code().is_some_and(|code| codes.contains(&code)),
        "{status}"
    );
    let started = started(log);
    // Killed processes vanish at once; allow a moment for the kernel to deliver.
    wait_for(Duration::from_secs(5), || {
        started.iter().all(|pid| !is_running(pid))
    });
}

/// A second signal stops the run at once, where the first lets it wind down (the games in play
/// are abandoned, the summary is written).
fn a_second_signal_leaves_no_bot_running(signal_number: libc::c_int) {
    let dir = tempfile::tempdir().unwrap();
    let (child, log) = start_sleeping_run(dir.path(), 60_000, "40");
    signal(&child, signal_number);
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, signal_number);
    assert_exits_leaving_no_bot(child, &log, &[130]);
}

#[test]
fn a_second_ctrl_c_leaves_no_bot_running() {
    a_second_signal_leaves_no_bot_running(libc::SIGINT);
}

#[test]
fn a_second_sigterm_leaves_no_bot_running() {
    a_second_signal_leaves_no_bot_running(libc::SIGTERM);
}

#[test]
fn sigterm_stops_the_run_like_ctrl_c_and_leaves_no_bot_running() {
    let dir = tempfile::tempdir().unwrap();
    let (child, log) = start_sleeping_run(dir.path(), 300, "16");
    // Once a first block of games is on disk, the signal abandons the games in play; the run
    // may also have finished them all (exit 0) before it stops (130).
    let out = dir.path().join("out");
    wait_for(Duration::from_secs(120), || {
        fs::read_to_string(out.join("games.csv")).is_ok_and(|text| text.lines().count() > 1)
    });
    signal(&child, libc::SIGTERM);
    assert_exits_leaving_no_bot(child, &log, &[0, 130]);
    assert!(!seats(&out).is_empty(), "finished games are kept");
}

#[test]
fn the_terminal_and_report_say_why_each_faulted_game_was_lost() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let output = tourney()
        .args(words("run --no-plots --record --games 4 --map small"))
        .args(["--bots", "random,test-illegal", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let header = stdout
        .lines()
        .find(|l| l.contains("median"))
        .expect("the scores table");
    assert!(header.contains("crash") && header.contains("illegal") && header.contains("timeout"));
    // The double claims a route while tickets are to be kept.
    let why = "tickets are on offer: the only legal answer is keep-tickets";
    assert!(stdout.contains(why), "{stdout}");
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert_eq!(page.matches(why).count(), 4, "every faulted game says why");
    assert!(page.contains("<a href=\"replays/game-0.html\">"));
    // A report made later from the folder finds the messages in the records.
    let later = dir.path().join("later");
    support::report_later(&out, &later);
    let page = fs::read_to_string(later.join("report.html")).unwrap();
    assert_eq!(page.matches(why).count(), 4, "{page}");
}

#[test]
fn every_game_says_which_rule_an_illegal_action_breaks() {
    let dir = tempfile::tempdir().unwrap();
    for (game, why) in [
        (
            "labyrinth",
            "the extra tile can only enter by an odd line or column",
        ),
        ("carcassonne", "at (0, 0): the tile does not fit there"),
        (
            "fresh-fish",
            "places a marker on (20, 0): the cell is off the board",
        ),
    ] {
        let out = dir.path().join(game);
        support::run_game(game, "random,test-illegal", "2")
            .args(["--quiet", "--no-plots", "--out"])
            .arg(&out)
            .assert()
            .success();
        let summary = summary(&out);
        let example = summary["per_bot"][1]["fault_examples"][0].as_str().unwrap();
        assert!(example.contains(why), "{game}: {example}");
    }
}
