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
//! The harness itself must weigh at least as much as a thinking program ([`harness_weight`]):
//! it relays every move, and a program spinning on the core it wakes on would otherwise hold
//! up the relay, and so its opponent's clock. Where it may raise its priority (root, or
//! `CAP_SYS_NICE`) every thread of the harness runs at nice -20 (88,761 against a thinking
//! program's 65,536) and stays in the `cpu` group it was in; a program starts at the harness's
//! own nice again ([`ORIGINAL_NICE`]). Elsewhere the harness moves into a `cpu` group of its
//! own of a thinking program's weight. The nice is the cheaper of the two: a group of the
//! harness's own puts a group's bookkeeping on every wake-up of a harness thread (twice a
//! move), and a league of fast contest programs played 0.82x the games per second of
//! `--sandbox off` with it, 0.89x with the harness's threads outside any group of their own
//! (8 interleaved rounds of 1,800 games, `docs/guide/untrusted-programs.md`).
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
use std::sync::atomic::{AtomicI32, Ordering};

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

/// What [`ORIGINAL_NICE`] holds while the harness's threads are not raised.
pub const NOT_RAISED: i32 = i32::MIN;

/// The nice the harness had before its threads were raised to [`RAISED`], which a program's
/// child takes back before its `exec` ([`super::vfork`]); [`NOT_RAISED`] otherwise.
pub static ORIGINAL_NICE: AtomicI32 = AtomicI32::new(NOT_RAISED);

/// The nice of the harness's threads while they relay for confined programs: the most weight
/// a thread may have, more than a thinking program's group.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const RAISED: i32 = -20;

/// Gives the harness at least a thinking program's weight: its threads raised to nice -20
/// where it may raise them (`None`: it stays in its group), else the `cpu` group of its own
/// that [`harness_group`] makes in `base`, returned.
pub fn harness_weight(base: &Path, v2: bool) -> Option<PathBuf> {
    match raise_threads() {
        true => None,
        false => harness_group(base, v2),
    }
}

/// Raises every thread of the harness to [`RAISED`], once; whether it is raised. A thread made
/// later inherits its maker's nice, so all are.
#[cfg(target_os = "linux")]
fn raise_threads() -> bool {
    let _held = HARNESS.lock().unwrap_or_else(|e| e.into_inner());
    if ORIGINAL_NICE.load(Ordering::Relaxed) != NOT_RAISED {
        return true;
    }
    let Some(original) = own_nice() else {
        return false;
    };
    if !set_nice(thread_id(), RAISED) {
        return false;
    }
    ORIGINAL_NICE.store(original, Ordering::Relaxed);
    set_every_thread(RAISED);
    true
}

/// Puts every thread of the harness back to its nice before [`raise_threads`].
#[cfg(target_os = "linux")]
fn lower_threads() {
    let original = ORIGINAL_NICE.swap(NOT_RAISED, Ordering::Relaxed);
    if original != NOT_RAISED {
        set_every_thread(original);
    }
}

/// The calling thread's nice (`None` if it cannot be read).
#[cfg(target_os = "linux")]
fn own_nice() -> Option<i32> {
    // SAFETY: `getpriority` reads the calling thread's nice; -1 is a nice too, so the error
    // number tells a failure.
    unsafe {
        *libc::__errno_location() = 0;
        let nice = libc::getpriority(libc::PRIO_PROCESS, 0);
        (*libc::__errno_location() == 0).then_some(nice)
    }
}

/// Sets the nice of the thread `tid` of this process; whether it was set.
#[cfg(target_os = "linux")]
fn set_nice(tid: libc::id_t, nice: i32) -> bool {
    // SAFETY: a system call on numbers; with `PRIO_PROCESS` a thread id names that thread.
    unsafe { libc::setpriority(libc::PRIO_PROCESS, tid, nice) == 0 }
}

#[cfg(target_os = "linux")]
fn thread_id() -> libc::id_t {
    // SAFETY: `gettid` cannot fail.
    unsafe { libc::gettid() as libc::id_t }
}

/// Sets the nice of every thread of this process, in two passes: a thread made during the
/// first by one not yet set is set in the second.
#[cfg(target_os = "linux")]
fn set_every_thread(nice: i32) {
    for _ in 0..2 {
        for entry in fs::read_dir("/proc/self/task")
            .into_iter()
            .flatten()
            .flatten()
        {
            if let Some(tid) = entry.file_name().to_str().and_then(|t| t.parse().ok()) {
                set_nice(tid, nice);
            }
        }
    }
}

/// Elsewhere the harness does not raise its threads (it moves into a group).
#[cfg(not(target_os = "linux"))]
fn raise_threads() -> bool {
    false
}

#[cfg(not(target_os = "linux"))]
fn lower_threads() {}

/// Moves the harness into a `cpu` group of its own in the hierarchy folder `base`, weighing
/// as a thinking program does, and returns the group; `None` (the harness stays where it is) where
/// that cannot be done.
fn harness_group(base: &Path, v2: bool) -> Option<PathBuf> {
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

/// Gives the harness its own weight back (the end of a command): its threads their nice, or
/// the harness the group it came from, its own removed. A harness that dies in its group
/// leaves an empty group the next run sweeps.
pub fn leave_harness_weight() {
    let mut harness = HARNESS.lock().unwrap_or_else(|e| e.into_inner());
    lower_threads();
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

    /// The nice in a process's `stat` (its 19th field).
    #[cfg(target_os = "linux")]
    fn nice_in_stat(stat: &str) -> i32 {
        let after_name = &stat[stat.rfind(')').unwrap() + 2..];
        after_name
            .split(' ')
            .nth(16)
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn raised_harness_threads_start_their_programs_at_the_harnesss_own_nice() {
        let Some(before) = own_nice() else {
            return;
        };
        if !set_nice(thread_id(), RAISED) || !set_nice(thread_id(), before) {
            eprintln!("skipped: this process may not raise its threads' priority");
            return;
        }
        assert!(raise_threads());
        // Held: no other test's end of a command lowers the threads meanwhile.
        let _held = HARNESS.lock().unwrap_or_else(|e| e.into_inner());
        let original = ORIGINAL_NICE.load(Ordering::Relaxed);
        assert_ne!(original, NOT_RAISED);
        assert_eq!(own_nice(), Some(RAISED), "this thread is raised");
        let later = std::thread::spawn(own_nice).join().unwrap();
        assert_eq!(later, Some(RAISED), "a thread made later inherits it");
        let dir = tempfile::tempdir().unwrap();
        let script = ["-c".to_string(), "cat /proc/self/stat".to_string()];
        let started = super::super::Confinement::none()
            .spawn(Path::new("sh"), &script, dir.path(), false)
            .unwrap();
        let mut stat = String::new();
        io::Read::read_to_string(&mut { started.stdout }, &mut stat).unwrap();
        let mut status = 0;
        // SAFETY: reaps the child just started, which has ended (its stdout closed).
        unsafe { libc::waitpid(started.pid as i32, &mut status, 0) };
        assert_eq!(nice_in_stat(&stat), original, "the program: {stat}");
    }
}
