//! What an earlier harness left behind when it died without cleaning up (killed, crashed, a
//! test process that never ran its end): control groups and scratch folders named
//! `tourney-<pid>-…` whose process is gone. The next confined run removes them, killing any
//! process still in such a group, so neither leftovers nor their programs pile up.

use std::path::Path;

/// The pid in a name this harness gives its groups and folders (`tourney-<pid>-<n>`,
/// `tourney-<pid>-<n>-home`, `tourney-<pid>-probe`).
fn owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("tourney-")?;
    let (pid, tail) = rest.split_once('-')?;
    (!tail.is_empty()).then_some(())?;
    pid.parse().ok()
}

/// Whether process `pid` is gone: no longer in `/proc`, or a zombie (it has exited and only
/// waits for its parent to read its status; a harness killed beside a parent that does not reap
/// it stays one for as long as that parent lives). A zombie leader whose other threads still
/// run is alive. Where `/proc` is missing nothing is known: not gone.
fn gone(pid: u32) -> bool {
    if !Path::new("/proc/self").exists() {
        return false;
    }
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return !Path::new(&format!("/proc/{pid}")).exists();
    };
    exited(&stat) && threads_left(pid) <= 1
}

/// Whether a `/proc/PID/stat` line says the process has exited (state `Z` or `X`). The state
/// follows the command's name in parentheses, which may itself hold spaces and parentheses.
fn exited(stat: &str) -> bool {
    let state = stat.rsplit_once(')').map(|(_, rest)| rest.trim_start());
    state.is_some_and(|rest| rest.starts_with('Z') || rest.starts_with('X'))
}

/// How many threads of process `pid` are listed (a gone process: none).
fn threads_left(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task")).map_or(0, |tasks| tasks.count())
}

/// The entries of `folder` left by a harness that is gone.
fn left_by_the_dead(folder: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let owner = name.to_str().and_then(owner);
            owner.is_some_and(gone) && entry.file_type().is_ok_and(|t| t.is_dir())
        })
        .map(|entry| entry.path())
        .collect()
}

/// Removes the groups a dead harness left in the hierarchy folder `base`, after killing what
/// still runs in them.
pub fn sweep_groups(base: &Path) {
    for group in left_by_the_dead(base) {
        super::emptying::empty_and_remove(&group);
    }
}

/// Removes the scratch folders a dead harness left in `temp`.
pub fn sweep_scratch(temp: &Path) {
    for folder in left_by_the_dead(temp) {
        if folder.to_str().is_some_and(|f| f.ends_with("-home")) {
            super::remove::or_warn(&folder);
        }
    }
}

/// A pid no process can have: above the kernel's largest.
#[cfg(test)]
pub fn never_alive() -> u32 {
    let max = std::fs::read_to_string("/proc/sys/kernel/pid_max").unwrap_or_default();
    max.trim().parse::<u32>().unwrap_or(4_194_304) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_tell_their_owner() {
        assert_eq!(owner("tourney-123-4-home"), Some(123));
        assert_eq!(owner("tourney-123-probe"), Some(123));
        assert_eq!(owner("tourney-123-"), None);
        assert_eq!(owner("tourney-x-1"), None);
        assert_eq!(owner("other-123-1"), None);
    }

    #[test]
    fn the_state_is_read_after_the_command_name() {
        assert!(exited("42 (tourney) Z 1 42 42 0"));
        assert!(exited("42 (a) Z (b) X 1 42"));
        assert!(!exited("42 (a) Z (b) S 1 42"));
        assert!(!exited("42 (tourney) R 1 42 42 0"));
        assert!(!exited("garbage"));
    }

    #[test]
    fn a_harness_that_exited_unreaped_is_gone_and_its_scratch_removed() {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        // Unreaped, the child stays a zombie until the wait below.
        let zombie = (0..500).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| exited(&s))
        });
        assert!(zombie, "the child never became a zombie");
        let temp = tempfile::tempdir().unwrap();
        let left = temp.path().join(format!("tourney-{pid}-1-home"));
        std::fs::create_dir(&left).unwrap();
        sweep_scratch(temp.path());
        let removed = !left.exists();
        child.wait().unwrap();
        assert!(removed, "a zombie's scratch folder was kept");
        assert!(!gone(std::process::id()));
    }

    #[test]
    fn only_the_scratch_of_a_dead_harness_is_removed() {
        let temp = tempfile::tempdir().unwrap();
        let dead = temp
            .path()
            .join(format!("tourney-{}-3-home", never_alive()));
        let alive = temp
            .path()
            .join(format!("tourney-{}-3-home", std::process::id()));
        let other = temp.path().join("tourney-notes");
        for folder in [&dead, &alive, &other] {
            std::fs::create_dir(folder).unwrap();
        }
        std::fs::write(dead.join("left.txt"), "x").unwrap();
        sweep_scratch(temp.path());
        assert!(!dead.exists());
        assert!(alive.exists() && other.exists());
    }
}
