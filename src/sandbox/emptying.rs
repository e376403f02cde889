//! Emptying a control group and removing it: every process in it killed (`cgroup.kill`, or
//! each pid `cgroup.procs` lists) until none is left, then its folder removed. A program's own
//! group at its end and a group a dead harness left (`stale.rs`) are emptied alike.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long an ended program's group may take to empty after its kill.
const EMPTY_WAIT: Duration = Duration::from_secs(2);

/// Kills the group of `killer` until none of its processes is left (a bounded time); whether
/// it emptied. The list is read first: the group of a program that ended with its session,
/// the usual case, is found empty by one read.
pub fn wait_empty(killer: &Path) -> bool {
    let procs = killer.with_file_name("cgroup.procs");
    let deadline = Instant::now() + EMPTY_WAIT;
    loop {
        let empty = fs::read_to_string(&procs).map_or(true, |p| p.trim().is_empty());
        if empty || Instant::now() >= deadline {
            return empty;
        }
        kill_now(killer);
        // A killed process leaves its group within microseconds: check often.
        std::thread::sleep(Duration::from_micros(50));
    }
}

/// Kills every process in the group `folder` and in the groups below it, and removes them,
/// the deepest first: a group a dead harness left. A group with a group below it cannot be
/// removed, and a harness that died in its own `cpu` group left its programs' groups there.
pub fn empty_and_remove(folder: &Path) {
    for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            empty_and_remove(&entry.path());
        }
    }
    if wait_empty(&folder.join("cgroup.procs")) {
        remove(&[folder.to_path_buf()]);
    }
}

/// Removes the emptied groups' folders; a process just killed may take a moment to leave.
pub fn remove(folders: &[PathBuf]) {
    for folder in folders {
        for _ in 0..100 {
            if fs::remove_dir(folder).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Kills the group `killer` belongs to: `cgroup.kill`, or every process `cgroup.procs` lists.
pub fn kill_now(killer: &Path) {
    if killer.ends_with("cgroup.kill") {
        if let Ok(mut file) = fs::OpenOptions::new().write(true).open(killer) {
            let _ = file.write_all(b"1");
        }
        return;
    }
    for pid in fs::read_to_string(killer).unwrap_or_default().lines() {
        if let Some(pid) = pid
            .trim()
            .parse()
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}
