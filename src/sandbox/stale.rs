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

/// Whether process `pid` is gone. Where `/proc` is missing nothing is known: not gone.
fn gone(pid: u32) -> bool {
    Path::new("/proc/self").exists() && !Path::new(&format!("/proc/{pid}")).exists()
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
