//! Fair CPU: a program cannot take CPU from its opponent, however many processes it starts.
//! Two control groups do it together, each program in its own:
//!
//! - a `cpuset` group pins the program, and everything it starts, to one core: the core that
//!   runs the fewest programs of the run when it starts, so while there are cores enough each
//!   program has one to itself, and sixty spinning processes of one program spin on its core
//!   only;
//! - a `cpu` group makes the program one scheduling entity however many processes it has,
//!   weighing [`WEIGHT`] ordinary processes: two programs sharing a core get half of it each,
//!   and the machine's other work (a build beside the contest) is pushed onto other cores
//!   rather than slowing a program's thinking.
//!
//! The harness itself moves into a `cpu` group of the same weight ([`harness_group`]): it
//! relays every move, and a program spinning on the core it wakes on would otherwise hold
//! up the relay, and so its opponent's clock, for a long stretch of its slice.
//!
//! Either alone is not enough (measured on a 2-core machine, a program thinking 50 ms of CPU
//! against one with 60 spinning processes: 1.5× slower with the `cpu` group alone, 1.3× with
//! the pin alone and an ordinary weight when two busy processes share the machine, within
//! 1.2× with both). A CPU cap (`cpu.cfs_quota_us`, `cpu.max`) did no better than the weight alone: a capped
//! group runs flat out until its quota is spent, and its opponent waits meanwhile.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How many ordinary processes a program's `cpu` group weighs: with 8, a program on a core
/// it shared with a build's compilers still lost a quarter of it to them.
pub const WEIGHT: u64 = 64;

/// Gives the group `folder` its weight: `cpu.weight` in v2 (100 is an ordinary process's),
/// `cpu.shares` in v1 (1024).
pub fn weigh(folder: &Path, v2: bool) -> io::Result<()> {
    match v2 {
        true => fs::write(folder.join("cpu.weight"), (100 * WEIGHT).to_string()),
        false => fs::write(folder.join("cpu.shares"), (1024 * WEIGHT).to_string()),
    }
}

/// The harness's own `cpu` group, while it is in it.
static HARNESS: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Moves the harness into a `cpu` group of its own in the hierarchy folder `base`, weighing
/// as a program does, and returns the group; `None` (the harness stays where it is) where
/// that cannot be done.
pub fn harness_group(base: &Path, v2: bool) -> Option<PathBuf> {
    let mut harness = HARNESS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(folder) = harness.as_ref() {
        return Some(folder.clone());
    }
    let folder = base.join(format!("tourney-{}-harness", std::process::id()));
    let _ = fs::create_dir(&folder);
    let moved = weigh(&folder, v2)
        .and_then(|()| fs::write(folder.join("cgroup.procs"), std::process::id().to_string()));
    if moved.is_err() {
        let _ = fs::remove_dir(&folder);
        return None;
    }
    *harness = Some(folder.clone());
    Some(folder)
}

/// Moves the harness back to the group it came from and removes its own: the end of a
/// command. A harness that dies in it leaves an empty group the next run sweeps.
pub fn leave_harness_group() {
    let mut harness = HARNESS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(folder) = harness.take() {
        if let Some(parent) = folder.parent() {
            let _ = fs::write(parent.join("cgroup.procs"), std::process::id().to_string());
        }
        let _ = fs::remove_dir(&folder);
    }
}

/// The cores programs may be pinned to, with how many live programs each runs; made from the
/// first group's hierarchy.
static CORES: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

fn cores() -> std::sync::MutexGuard<'static, Vec<(usize, usize)>> {
    CORES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A program's `cpuset` group: the file its core is written to, the core last written there,
/// and the core it holds while it runs.
pub struct Pin {
    cpus: PathBuf,
    written: Option<usize>,
    held: Option<usize>,
}

impl Pin {
    /// The `cpuset` group `folder`, made in the hierarchy folder `base`. A v1 group starts with
    /// no memory node, and no process may join it until it has one: it gets its parent's.
    pub fn new(folder: &Path, base: &Path, v2: bool) -> io::Result<Pin> {
        let mut cores = cores();
        if cores.is_empty() {
            *cores = allowed(base).into_iter().map(|core| (core, 0)).collect();
        }
        if cores.is_empty() {
            return Err(io::Error::other(format!(
                "no core is listed in {}",
                base.join("cpuset.cpus").display()
            )));
        }
        if !v2 {
            fs::write(
                folder.join("cpuset.mems"),
                fs::read_to_string(base.join("cpuset.mems"))?.trim(),
            )?;
        }
        Ok(Pin {
            cpus: folder.join("cpuset.cpus"),
            written: None,
            held: None,
        })
    }

    /// Takes the core that runs the fewest programs now and pins the group to it (no write
    /// when it is the core the group had).
    pub fn take(&mut self) -> io::Result<()> {
        self.release();
        let core = {
            let mut cores = cores();
            let at = least_busy(&cores);
            cores[at].1 += 1;
            cores[at].0
        };
        self.held = Some(core);
        if self.written != Some(core) {
            self.written = None;
            fs::write(&self.cpus, core.to_string())?;
            self.written = Some(core);
        }
        Ok(())
    }

    /// Gives back the core the program held: it has ended.
    pub fn release(&mut self) {
        let Some(core) = self.held.take() else {
            return;
        };
        if let Some(entry) = cores().iter_mut().find(|(c, _)| *c == core) {
            entry.1 = entry.1.saturating_sub(1);
        }
    }
}

impl Drop for Pin {
    fn drop(&mut self) {
        self.release();
    }
}

/// The index of the entry with the fewest programs, the first of equals.
fn least_busy(cores: &[(usize, usize)]) -> usize {
    (0..cores.len()).min_by_key(|&at| cores[at].1).unwrap_or(0)
}

/// The cores groups made in `base` may use (its `cpuset.effective_cpus`, else `cpuset.cpus`)
/// that the harness itself may run on.
fn allowed(base: &Path) -> Vec<usize> {
    let listed = ["cpuset.effective_cpus", "cpuset.cpus"]
        .iter()
        .filter_map(|file| fs::read_to_string(base.join(file)).ok())
        .map(|text| parse_list(&text))
        .find(|cores| !cores.is_empty())
        .unwrap_or_default();
    let affinity = rustix::thread::sched_getaffinity(None).ok();
    listed
        .into_iter()
        .filter(|&core| affinity.as_ref().is_none_or(|set| set.is_set(core)))
        .collect()
}

/// The cores of a kernel CPU list (`0-3,6`); an ill-formed part is left out.
fn parse_list(text: &str) -> Vec<usize> {
    let mut cores = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        let range: Option<(usize, usize)> = match part.split_once('-') {
            Some((first, last)) => first.parse().ok().zip(last.parse().ok()),
            None => part.parse().ok().map(|core| (core, core)),
        };
        if let Some((first, last)) = range {
            cores.extend(first..=last);
        }
    }
    cores
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cpu_list_is_read_as_the_kernel_writes_it() {
        assert_eq!(parse_list("0-3,6\n"), vec![0, 1, 2, 3, 6]);
        assert_eq!(parse_list("5"), vec![5]);
        assert_eq!(parse_list("\n"), Vec::<usize>::new());
        assert_eq!(parse_list("0-1,x,4"), vec![0, 1, 4]);
    }

    #[test]
    fn a_program_gets_the_core_that_runs_the_fewest() {
        assert_eq!(least_busy(&[(0, 1), (1, 0)]), 1);
        assert_eq!(
            least_busy(&[(0, 2), (1, 1), (2, 1)]),
            1,
            "the first of equals"
        );
        assert_eq!(least_busy(&[(4, 0), (6, 0)]), 0);
    }
}
