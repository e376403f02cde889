//! Confined programs are started in the harness's place, sharing its memory until `exec`
//! (`CLONE_VM | CLONE_VFORK`), through the real binary: each program is the harness's own
//! child, and once the run is over no process of the run and no control group named after the
//! harness is left.

use super::programs::supported;
use super::sandbox::contest_script;
use super::support::{tourney_path, words};
use std::fs;
use std::path::Path;

/// The folders under `root` (three levels down: hierarchies, their delegated subtrees) whose
/// name starts with `prefix`.
fn groups_named(root: &Path, prefix: &str, depth: usize) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir(root).into_iter().flatten().flatten() {
        let path = entry.path();
        if !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            continue;
        }
        if entry.file_name().to_string_lossy().starts_with(prefix) {
            found.push(path.display().to_string());
        } else if depth > 0 {
            found.extend(groups_named(&path, prefix, depth - 1));
        }
    }
    found
}

#[test]
fn a_confined_program_is_the_harnesss_child_and_the_run_leaves_no_process_or_group() {
    if !supported("cpu") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Says its parent's pid, then leaves: its game is lost, the run goes on.
    let program = contest_script(dir.path(), "echo \"PARENT $PPID\"; exit 1");
    let out = dir.path().join("out");
    let mut harness = std::process::Command::new(tourney_path())
        .args(words(
            "run --quiet --no-plots --map small --games 2 --threads 2",
        ))
        .arg("--bots")
        .arg(format!("random,{}", program.display()))
        .arg("--out")
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = harness.id();
    assert!(harness.wait().unwrap().success());
    let log = fs::read_to_string(out.join("logs/prober.log")).unwrap();
    let parents: Vec<&str> = log
        .lines()
        .filter_map(|line| line.split("PARENT ").nth(1))
        .collect();
    assert_eq!(parents.len(), 2, "one line a game: {log}");
    assert!(parents.iter().all(|&p| p == pid.to_string()), "{log}");
    let left = groups_named(Path::new("/sys/fs/cgroup"), &format!("tourney-{pid}-"), 3);
    assert!(left.is_empty(), "groups left: {left:?}");
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let stat = fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let parent = stat
            .rsplit(')')
            .next()
            .and_then(|s| s.split_whitespace().nth(1));
        assert_ne!(
            parent,
            Some(pid.to_string().as_str()),
            "a process of the run is left"
        );
    }
}
