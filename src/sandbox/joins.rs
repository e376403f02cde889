//! Keeps each program's join of a cgroup v2 group fast (a v1 group is joined by a move that
//! never waits, `cgroup::join_file`, and this thread is then never started). Moving a process
//! between groups takes the kernel's migration lock for writing, and that waits for an RCU
//! grace period (several milliseconds) unless another move happened moments before: after each
//! writer the kernel leaves the lock's readers on their slow path for a while, and only then
//! does the next writer pass at once. cgroup v2's `favordynmods` mount option keeps the lock
//! that way for good, but a program cannot count on how the machine mounted its groups. So
//! while programs start, a thread of the harness moves the harness into the group it is
//! already in every few milliseconds: the move changes nothing, and each program's own join
//! passes without the wait (measured in `docs/guide/untrusted-programs.md`).

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::{Mutex, OnceLock};
use std::thread::Thread;
use std::time::{Duration, Instant};

/// How often the keeper moves the harness: well within the time the kernel keeps the lock's
/// readers on their slow path after a move (tens of milliseconds).
const EVERY: Duration = Duration::from_millis(5);

/// How long after the last program start the keeper goes on before it sleeps.
const FOR: Duration = Duration::from_secs(1);

/// When the last program was started, for the keeper to know when to sleep.
static LAST_START: Mutex<Option<Instant>> = Mutex::new(None);

/// The keeper, started at the first program start; `None` when it could not be.
static KEEPER: OnceLock<Option<Thread>> = OnceLock::new();

/// Notes that a program is about to join its groups; `own_procs` is the `cgroup.procs` of the
/// group the harness is in (a hierarchy's base), which the keeper writes to.
pub fn starting(own_procs: &Path) {
    *LAST_START.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
    let keeper = KEEPER.get_or_init(|| {
        let own = File::options().write(true).open(own_procs).ok()?;
        std::thread::Builder::new()
            .name("cgroup joins".to_string())
            .spawn(move || keep(own))
            .ok()
            .map(|handle| handle.thread().clone())
    });
    if let Some(keeper) = keeper {
        keeper.unpark();
    }
}

/// The keeper's loop: a move every [`EVERY`] while programs start, asleep otherwise; it ends
/// for good if the kernel refuses the move.
fn keep(mut own: File) {
    loop {
        let last = *LAST_START.lock().unwrap_or_else(|e| e.into_inner());
        match last {
            Some(last) if last.elapsed() < FOR => {
                // `0` is the writer itself: the harness, into the group it is in.
                if own.write_all(b"0").is_err() {
                    return;
                }
                std::thread::sleep(EVERY);
            }
            _ => std::thread::park(),
        }
    }
}
