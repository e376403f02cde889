//! One writer per results folder, through the real binary: while a process writes a folder,
//! every other command that would write it (`run --resume`, `run --out`, `report`) is refused
//! with exit 2 naming that process, and leaves the folder as it was; two runs started together
//! on one folder play once; a `kill -9` leaves no lock that blocks the resume; and `report
//! --out` never writes into another run's folder.

use super::resume::result_files;
use super::support::{report, report_later, small_run, stderr_of, tourney};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A run whose games take minutes while the file `slow` exists in the test's folder (the
/// fault double plays legally, a second a move, and creates `acted` when asked to move), and
/// as fast as any once it is gone.
struct SlowRun {
    dir: tempfile::TempDir,
    args: Vec<String>,
}

impl SlowRun {
    fn new() -> SlowRun {
        let dir = tempfile::tempdir().unwrap();
        let mut args = super::external::slow_run_flags(dir.path());
        args.extend(["--threads", "1"].map(String::from));
        SlowRun { dir, args }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `tourney run ARGS FLAGS DIR` started in the background, its stderr kept.
    fn start(&self, flag: &str, dir: &Path) -> Child {
        std::process::Command::new(super::support::tourney_path())
            .arg("run")
            .args(&self.args)
            .arg(flag)
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// `tourney run ARGS FLAG DIR`, waited for.
    fn run(&self, flag: &str, dir: &Path) -> assert_cmd::assert::Assert {
        tourney()
            .arg("run")
            .args(&self.args)
            .arg(flag)
            .arg(dir)
            .assert()
    }

    /// Waits until the double has been asked for a move: `child` holds its folder and plays.
    fn wait_until_playing(&self, child: &mut Child) {
        while !self.path("acted").exists() {
            assert!(child.try_wait().unwrap().is_none(), "the run ended early");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// From now on the games are fast.
    fn speed_up(&self) {
        fs::remove_file(self.path("slow")).unwrap();
    }
}

/// Every file under `dir` (the bots' logs included), by path, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.insert(path.clone(), fs::read(&path).unwrap());
            }
        }
    }
    files
}

fn assert_refused_for(assert: assert_cmd::assert::Assert, holder: &Child, dir: &Path) {
    let stderr = stderr_of(assert.code(2));
    for phrase in [
        format!("{} is being written by another process", dir.display()),
        format!("pid {}: tourney run", holder.id()),
        "wait until it ends".to_string(),
    ] {
        assert!(stderr.contains(&phrase), "expected '{phrase}' in: {stderr}");
    }
}

#[test]
fn while_a_run_writes_its_folder_other_writers_are_refused_and_a_kill_9_blocks_nothing() {
    let slow = SlowRun::new();
    let dir = slow.path("run");
    let mut writer = slow.start("--out", &dir);
    slow.wait_until_playing(&mut writer);
    let before = snapshot(&dir);
    assert!(
        dir.join(".tourney.lock").exists(),
        "the lock file names the writer"
    );
    assert_refused_for(slow.run("--resume", &dir), &writer, &dir);
    assert_refused_for(slow.run("--out", &dir), &writer, &dir);
    assert_refused_for(
        report(&[&dir]).args(["--quiet", "--no-plots"]).assert(),
        &writer,
        &dir,
    );
    assert_eq!(snapshot(&dir), before, "the refused commands wrote nothing");

    // The kernel drops the lock of a killed process: the lock file left behind blocks nothing.
    writer.kill().unwrap();
    writer.wait().unwrap();
    assert!(dir.join(".tourney.lock").exists());
    slow.speed_up();
    slow.run("--resume", &dir).success();
    let whole = slow.path("whole");
    slow.run("--out", &whole).success();
    assert_eq!(result_files(&whole), result_files(&dir));
    assert!(
        !dir.join(".tourney.lock").exists(),
        "a command that ends removes its lock"
    );
}

#[test]
fn two_runs_started_together_on_one_empty_folder_play_once() {
    let slow = SlowRun::new();
    let dir = slow.path("run");
    fs::create_dir(&dir).unwrap();
    let mut both = vec![slow.start("--out", &dir), slow.start("--out", &dir)];
    // The one refused ends at once; the other plays slow games for minutes. (The bound only
    // ends a failing test.)
    let started = Instant::now();
    let refused = loop {
        if let Some(at) = both
            .iter_mut()
            .position(|c| c.try_wait().unwrap().is_some())
        {
            break at;
        }
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "neither run was refused"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = both.remove(refused).wait_with_output().unwrap();
    let mut winner = both.pop().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("pid {}: tourney run", winner.id())),
        "the refusal names the run that plays: {stderr}"
    );
    slow.speed_up();
    assert!(winner.wait().unwrap().success());
    let whole = slow.path("whole");
    slow.run("--out", &whole).success();
    assert_eq!(result_files(&whole), result_files(&dir));
}

#[test]
fn report_out_never_writes_into_another_runs_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (a, other) = (dir.path().join("a"), dir.path().join("other"));
    small_run("nice,greedy", "4", &["--seed", "1"], &a);
    small_run("random,greedy", "4", &["--seed", "2"], &other);
    let before = snapshot(&other);
    let stderr = stderr_of(
        report(&[&a])
            .args(["--quiet", "--no-plots", "--out"])
            .arg(&other)
            .assert()
            .code(2),
    );
    assert!(
        stderr.contains(&format!("--out {} holds another run", other.display()))
            && stderr.contains(&format!("write into {}", a.display())),
        "{stderr}"
    );
    assert_eq!(
        snapshot(&other),
        before,
        "the other run's files are as they were"
    );

    // Its own folder, a new one, an empty one, and one that holds only reports are fine.
    let empty = dir.path().join("empty");
    fs::create_dir(&empty).unwrap();
    for out in [&a, &dir.path().join("new"), &empty, &empty] {
        report_later(&a, out);
    }
    report(&[&a, &other])
        .args(["--quiet", "--no-plots", "--out"])
        .arg(&other)
        .assert()
        .success();
}
