//! Fair CPU: a program cannot take CPU from its opponent, however many processes it starts.
//! Each program is in a `cpu` control group of its own, which makes it one scheduling entity
//! however many processes it has, and the group's weight follows the turn:
//!
//! - while the program thinks (from the request of its move until another seat is asked, so
//!   a seat that decides twice in a row keeps it between the two) and while it starts and
//!   ends, it weighs [`WEIGHT`] ordinary processes, so the machine's other work (a build
//!   beside the contest) takes little from it;
//! - while it waits for its turn it weighs the least the kernel allows ([`Weight::Waiting`]),
//!   1/32,768 of a thinking program on cgroup v1 and 1/6,400 on v2: whatever it runs meanwhile
//!   (sixty spinning processes, say) gets a core only where nothing else wants one, and never
//!   slows the program whose clock is running.
//!
//! The harness itself moves into a `cpu` group of the weight of a thinking program
//! ([`harness_group`]): it relays every move, and a program spinning on the core it wakes on
//! would otherwise hold up the relay, and so its opponent's clock.
//!
//! Measured on a 2-core machine (a program thinking 40 ms of CPU a move against one with sixty
//! spinning processes): 1.10x slower with a constant weight, 1.00x with the weight following
//! the turn. The weight replaced a `cpuset` pin (each program on a core of its own, which also
//! held it to 1.00x): pinned programs cannot follow the harness thread that talks to them, so
//! every move crossed cores and idle cores waited while two games' moves queued on one; a
//! league of fast contest programs played 0.66x the games per second of `--sandbox off`
//! pinned. A CPU cap (`cpu.cfs_quota_us`, `cpu.max`) does no better than a constant weight: a
//! capped group runs flat out until its quota is spent, and its opponent waits meanwhile.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How many ordinary processes a thinking program's `cpu` group weighs: with 8, a program on
/// a core it shared with a build's compilers still lost a quarter of it to them.
pub const WEIGHT: u64 = 64;

/// A program's weight, by where it is in its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Thinking, starting or ending: [`WEIGHT`] ordinary processes.
    Thinking,
    /// Waiting for its turn: the least a group may weigh.
    Waiting,
}

impl Weight {
    /// The value written to the group's weight file: `cpu.weight` in v2 (100 is an ordinary
    /// process's, 1 the least), `cpu.shares` in v1 (1024, and 2).
    fn value(self, v2: bool) -> u64 {
        match (self, v2) {
            (Weight::Thinking, true) => 100 * WEIGHT,
            (Weight::Thinking, false) => 1024 * WEIGHT,
            (Weight::Waiting, true) => 1,
            (Weight::Waiting, false) => 2,
        }
    }
}

/// The weight file of a program's group, kept open: the weight changes twice a turn.
pub struct Scale {
    file: fs::File,
    v2: bool,
    written: Weight,
}

impl Scale {
    /// The group `folder`'s weight file, set to a thinking program's weight.
    pub fn open(folder: &Path, v2: bool) -> io::Result<Scale> {
        let file = fs::OpenOptions::new().write(true).open(folder.join(if v2 {
            "cpu.weight"
        } else {
            "cpu.shares"
        }))?;
        let mut scale = Scale {
            file,
            v2,
            written: Weight::Waiting,
        };
        scale.set(Weight::Thinking)?;
        Ok(scale)
    }

    /// Gives the group `weight` (no write when it has it).
    pub fn set(&mut self, weight: Weight) -> io::Result<()> {
        if self.written != weight {
            self.file
                .write_all(weight.value(self.v2).to_string().as_bytes())?;
            self.written = weight;
        }
        Ok(())
    }
}

/// The harness's own `cpu` group, while it is in it.
static HARNESS: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Moves the harness into a `cpu` group of its own in the hierarchy folder `base`, weighing
/// as a thinking program does, and returns the group; `None` (the harness stays where it is) where
/// that cannot be done.
pub fn harness_group(base: &Path, v2: bool) -> Option<PathBuf> {
    let mut harness = HARNESS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(folder) = harness.as_ref() {
        return Some(folder.clone());
    }
    let folder = base.join(format!("tourney-{}-harness", std::process::id()));
    let _ = fs::create_dir(&folder);
    let moved = Scale::open(&folder, v2)
        .and_then(|_| fs::write(folder.join("cgroup.procs"), std::process::id().to_string()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiting_program_weighs_the_least_the_kernel_takes_and_a_thinking_one_sixty_four() {
        assert_eq!(Weight::Thinking.value(false), 64 * 1024);
        assert_eq!(Weight::Waiting.value(false), 2, "v1's least cpu.shares");
        assert_eq!(Weight::Thinking.value(true), 6400);
        assert_eq!(Weight::Waiting.value(true), 1, "v2's least cpu.weight");
    }
}
