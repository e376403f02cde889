//! Commands stopped by Ctrl-C (SIGINT) or SIGTERM part-way: each exits 130, never 0, prints and
//! writes no verdict it did not reach, and says how far it got and how to go on. Each test
//! waits for a sign that the work is under way (lines in games.csv or tune.csv, a progress
//! line), never for a time.

use super::support::{summary, tourney_path, words};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A started `tourney` whose stdout and stderr are collected as they come.
struct Started {
    child: Child,
    stderr: Arc<Mutex<String>>,
    readers: Vec<JoinHandle<String>>,
}

/// Starts `tourney LINE PATHS` (the line split at white space), collecting its output.
fn start(line: &str, paths: &[&Path]) -> Started {
    let mut child = Command::new(tourney_path())
        .args(words(line))
        .args(paths)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let shared = Arc::new(Mutex::new(String::new()));
    let into = shared.clone();
    let readers = vec![
        std::thread::spawn(move || {
            let mut text = String::new();
            stdout.read_to_string(&mut text).unwrap();
            text
        }),
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n @ 1..) = stderr.read(&mut buffer) {
                into.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
            String::new()
        }),
    ];
    Started {
        child,
        stderr: shared,
        readers,
    }
}

impl Started {
    /// Waits until `ready` (a generous limit only keeps a broken test from hanging), then
    /// sends `signal`.
    fn signal_when(&self, what: &str, signal: libc::c_int, ready: impl Fn(&str) -> bool) {
        let started = Instant::now();
        while !ready(&self.stderr.lock().unwrap()) {
            assert!(
                started.elapsed() < Duration::from_secs(600),
                "never {what}: {}",
                self.stderr.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill(2) on the test's own child; no memory is passed.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    /// Reaps the process: its exit code, stdout and stderr.
    fn end(mut self) -> (Option<i32>, String, String) {
        let status = self.child.wait().unwrap();
        let mut readers = self.readers.drain(..);
        let stdout = readers.next().unwrap().join().unwrap();
        readers.next().unwrap().join().unwrap();
        let stderr = self.stderr.lock().unwrap().clone();
        (status.code(), stdout, stderr)
    }
}

/// Lines of a file, 0 while it does not exist.
fn lines(path: &Path) -> usize {
    fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

/// A scenario on the small map of `bots`, far more games than a test waits for, and `gates`.
fn scenario(dir: &Path, bots: &str, gates: &str) -> PathBuf {
    let path = dir.join("long.toml");
    let text = format!(
        "game = \"t2r\"\noptions = {{ map = \"small\" }}\nbots = [{bots}]\ngames = 2000000\n\
         seed = 3\n{gates}"
    );
    fs::write(&path, text).unwrap();
    path
}

/// No gate line and no verdict line: a check's run may print its tables (they describe the
/// games played), never what the gates would have decided.
fn assert_no_verdict(stdout: &str) {
    for line in stdout.lines() {
        for claim in ["verdict:", "PASS", "FAIL", "INCONCLUSIVE"] {
            assert!(!line.starts_with(claim), "{claim} claimed: {stdout}");
        }
    }
}

const WIN_RATE: &str =
    "[[gates]]\nkind = \"win-rate\"\nbot = \"greedy\"\nagainst = \"random\"\nmin_lower = 0.5\n";

/// A check cancelled while its win-rate gate's games stream (as a CI job is cancelled) used to
/// judge the games it had and print `verdict: pass` with exit 0.
fn a_cancelled_check_never_passes(signal: libc::c_int, quiet: bool) {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(dir.path(), "\"greedy\", \"random\"", WIN_RATE);
    let out = dir.path().join("out");
    let quietly = if quiet { " --quiet" } else { "" };
    let check = start(&format!("check --threads 2{quietly} --out"), &[&out, &path]);
    check.signal_when("played 200 games", signal, |_| {
        lines(&out.join("games.csv")) > 400
    });
    let (code, stdout, stderr) = check.end();
    assert_eq!(code, Some(130), "{stdout}\n{stderr}");
    assert_no_verdict(&stdout);
    assert!(
        stderr.contains("interrupted: the scenario's run stopped after"),
        "{stderr}"
    );
    assert!(stderr.contains("no gate was judged"), "{stderr}");
    let again = format!(
        "continue with: tourney check {} --out {}",
        path.display(),
        out.display()
    );
    assert!(stderr.contains(&again), "{stderr}");
    assert_eq!(summary(&out)["interrupted"], true);
}

#[test]
fn a_check_stopped_by_sigterm_exits_130_without_a_verdict() {
    a_cancelled_check_never_passes(libc::SIGTERM, false);
}

#[test]
fn a_quiet_check_stopped_by_ctrl_c_exits_130_without_a_verdict() {
    a_cancelled_check_never_passes(libc::SIGINT, true);
}

/// An sprt gate stopped mid-way used to read `INCONCLUSIVE … after 0 games` (exit 2) beside the
/// other gates' verdicts; random against itself between -1 and +1 normalized Elo takes far
/// longer to decide than the test waits.
#[test]
fn a_check_stopped_in_its_sprt_gate_exits_130_without_a_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let gate = "[[gates]]\nkind = \"sprt\"\ncandidate = \"random-b\"\nbaseline = \"random\"\n\
                elo0 = -1\nelo1 = 1\nmax_games = 2000000\n";
    let bots = "\"random\", { bot = \"random\", name = \"random-b\" }";
    let path = scenario(dir.path(), bots, gate);
    let check = start("check --threads 2 --progress-every 0.05", &[&path]);
    check.signal_when("reported progress", libc::SIGTERM, |err| {
        err.contains("Progress: ") && !err.contains("Progress: 0 of")
    });
    let (code, stdout, stderr) = check.end();
    assert_eq!(code, Some(130), "{stdout}\n{stderr}");
    assert_no_verdict(&stdout);
    assert!(stderr.contains("stopped undecided after"), "{stderr}");
    assert!(stderr.contains("so the check has no verdict"), "{stderr}");
}

/// Ctrl-C during tune's final verification used to exit 0 with `"verdict": "inconclusive"`
/// in tuned.json. The tuned and start values play alike, so the verification has far more
/// games to play than the test waits for.
#[test]
fn a_tuning_stopped_in_its_verification_exits_130_and_writes_no_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tune");
    let tune = start(
        "tune --bot test-optimum:x=0.9995 --param x=0.999:1 --games 1600 --seed 3 \
         --verify-games 2000000 --threads 2 --quiet --out",
        &[&out],
    );
    // 1,600 games of 8 seeds in both seat orders an iteration: 100 rows and the header.
    tune.signal_when("finished its iterations", libc::SIGINT, |_| {
        lines(&out.join("tune.csv")) == 101
    });
    let (code, stdout, stderr) = tune.end();
    assert_eq!(code, Some(130), "{stdout}\n{stderr}");
    assert!(!out.join("tuned.json").exists(), "no file claims a verdict");
    assert!(!stdout.contains("verify:"), "{stdout}");
    assert!(
        stderr.contains("the final verification stopped after")
            && stderr.contains(&format!("tourney tune --resume {}", out.display())),
        "{stderr}"
    );
}

/// After Ctrl-C a knockout or Swiss system used to be told `--resume`, which refuses it: the
/// advice is to play it again with its seed.
#[test]
fn a_stopped_swiss_is_advised_what_works_not_resume() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("swiss");
    let run = start(
        "run --bots random,greedy,nice,random,greedy --map small --format swiss --rounds 5 \
         --games 200000 --seed 4 --threads 2 --quiet --out",
        &[&out],
    );
    run.signal_when("played 100 games", libc::SIGINT, |_| {
        lines(&out.join("games.csv")) > 200
    });
    let (code, stdout, stderr) = run.end();
    assert_eq!(code, Some(130), "{stdout}\n{stderr}");
    assert!(!stderr.contains("--resume"), "{stderr}");
    assert!(
        stderr.contains("a Swiss system cannot be resumed yet")
            && stderr.contains(&format!("--seed 4 --out {} --force", out.display())),
        "{stderr}"
    );
    // The folder's own refusal says the same.
    let again = tourney_command(&["run", "--bots", "random,greedy", "--out"], &out);
    assert_eq!(again.0, Some(2));
    assert!(!again.1.contains("--resume"), "{}", again.1);
    assert!(again.1.contains("cannot be resumed yet"), "{}", again.1);
}

/// A round robin stopped by SIGTERM keeps its games and is told `--resume`.
#[test]
fn a_stopped_round_robin_is_told_to_resume() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let run = start(
        "run --bots random,greedy --map small --games 2000000 --threads 2 --quiet --out",
        &[&out],
    );
    run.signal_when("played 100 games", libc::SIGTERM, |_| {
        lines(&out.join("games.csv")) > 200
    });
    let (code, _, stderr) = run.end();
    assert_eq!(code, Some(130), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "continue with: tourney run --resume {}",
            out.display()
        )),
        "{stderr}"
    );
}

/// `tourney ARGS DIR`, run to its end: its exit code and stderr.
fn tourney_command(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let output = Command::new(tourney_path())
        .args(args)
        .arg(dir)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
