//! This process as one worker of a ladder that several may share (docs/guide/ladder.md,
//! "Several machines"): its name in the store's claims, and the heartbeat that renews its
//! lease while it lives, on a connection of its own so that a long self-test or game on the
//! loop's thread never lets the lease run out.

use super::Log;
use crate::store::{Location, Store};
use std::io::Read;
use std::sync::Arc;
use std::sync::mpsc::{RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// A new worker's name: `HOST:PID:RANDOM`, unique across machines and restarts (a process
/// id is reused, the random part is not).
pub fn identity() -> anyhow::Result<String> {
    let mut bytes = [0u8; 4];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    let random: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    Ok(format!(
        "{}:{}:{random}",
        crate::store::host(),
        std::process::id()
    ))
}

/// Whether `worker` names a process of this machine that is gone (a ladder killed here and
/// started again): its claims need not wait for its lease. A worker of another machine, or
/// one whose process still runs (or whose number another process took), is not known gone.
pub fn gone_here(worker: &str) -> bool {
    let mut parts = worker.rsplitn(3, ':');
    let (Some(_), Some(pid), Some(host)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Ok(pid) = pid.parse::<libc::pid_t>() else {
        return false;
    };
    if host != crate::store::host() || pid <= 0 || pid == std::process::id() as libc::pid_t {
        return false;
    }
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    !alive && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

/// Renews the worker's lease every third of it until dropped.
pub struct Heartbeat {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Heartbeat {
    /// Starts renewing `worker`'s lease of `ladder` in the store at `location`; a renewal
    /// that fails is logged and tried again at the next beat.
    pub fn start(
        location: &Location,
        ladder: &str,
        worker: &str,
        lease: Duration,
        log: Arc<Log>,
    ) -> anyhow::Result<Heartbeat> {
        let mut store = Store::open(location)?;
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let (ladder, worker) = (ladder.to_string(), worker.to_string());
        let thread = std::thread::spawn(move || {
            let mut failing = false;
            loop {
                match stopped.recv_timeout(lease / 3) {
                    Err(RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
                match store.renew_lease(&ladder, &worker, lease) {
                    Ok(()) if failing => {
                        log.line("the worker's lease is renewed again");
                        failing = false;
                    }
                    Ok(()) => {}
                    Err(e) if !failing => {
                        log.line(&format!(
                            "cannot renew the worker's lease ({e:#}); tried again every {}s, \
                             and its claims go to other workers if the lease runs out",
                            (lease / 3).as_secs()
                        ));
                        failing = true;
                    }
                    Err(_) => {}
                }
            }
        });
        Ok(Heartbeat {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
