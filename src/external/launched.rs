//! The process of a contest program started for one game (`protocol = "cgs"`). It talks to the
//! run over TCP, not over its pipes: stdin is closed, and stdout and stderr both go to the
//! bot's log, a thread each, so a chatty program never blocks. Like every bot process it runs in
//! a session of its own, listed until reaped, and confined (its only connection the run's port);
//! dropping it ends it: a short grace to exit by itself (it has its final code by then), then
//! the whole group is killed, the child reaped, and whatever it left behind killed.

use super::child::Child;
use super::log::BotLog;
use super::process::{drain_stderr, forget, spawn, sys};
use crate::sandbox::{Confinement, Program, Weight};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a program whose game is over may take to exit by itself.
const EXIT_GRACE: Duration = Duration::from_millis(200);

pub struct Launched {
    child: Child,
    /// How long it may take to exit by itself when dropped.
    grace: Duration,
    /// Dropped after the child is reaped.
    confinement: Confinement,
}

impl Launched {
    /// Starts `command` with `args` in `dir`, confined as `program` says; each output line is
    /// logged under `context`.
    pub fn spawn(
        command: &Path,
        args: &[String],
        dir: &Path,
        program: &Program<'_>,
        log: &Arc<BotLog>,
        context: String,
    ) -> std::io::Result<Launched> {
        let (child, started, confinement) = spawn(command, args, dir, false, program)?;
        let context = Arc::new(Mutex::new(context));
        let (stdout, stderr) = (started.stdout, started.stderr);
        // Detached: each ends when its pipe closes, which the kill guarantees.
        let (log_out, context_out) = (Arc::clone(log), Arc::clone(&context));
        std::thread::spawn(move || drain_stderr(stdout, &log_out, &context_out));
        let log_err = Arc::clone(log);
        std::thread::spawn(move || drain_stderr(stderr, &log_err, &context));
        Ok(Launched {
            child,
            grace: EXIT_GRACE,
            confinement,
        })
    }

    /// Gives the program the CPU weight of one that thinks or waits ([`Weight`]).
    pub fn weigh(&mut self, weight: Weight) {
        self.confinement.weigh(weight);
    }

    /// No grace when dropped: for a program that is known not to exit by itself.
    pub fn end_at_once(&mut self) {
        self.grace = Duration::ZERO;
    }

    /// The program's pid, which is also its session's id (`spawn` makes it a session leader).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The name of the program's control group folder, if it has one: every process it
    /// starts stays in it.
    pub fn group(&self) -> Option<String> {
        self.confinement.group()
    }

    /// How the program ended (`exit status 1`, `signal 9`), if it has.
    pub fn exited(&self) -> Option<String> {
        sys::exit_code(self.child.id()).map(|(text, _)| text)
    }

    /// Waits up to `grace` for the program to exit by itself: `Ok` with how and when when it
    /// exits with status 0, `Err` saying what it did instead. For `tourney doctor`, which checks
    /// that a program leaves once its game is over; dropping it afterwards ends what is left.
    pub fn wait_exit(&self, grace: Duration) -> Result<String, String> {
        let asked = Instant::now();
        loop {
            match self.exited() {
                Some(how) if how == "exit status 0" => {
                    return Ok(format!(
                        "exited ({how}) {} ms after its final code",
                        asked.elapsed().as_millis()
                    ));
                }
                Some(how) => return Err(format!("it ended with {how} after its final code")),
                None if asked.elapsed() < grace => std::thread::sleep(Duration::from_millis(1)),
                None => {
                    return Err(format!(
                        "it still ran {} ms after its final code and had to be killed",
                        grace.as_millis()
                    ));
                }
            }
        }
    }

    /// The limit the program hit, if any (`memory limit 2048 MiB exceeded`).
    pub fn limit_hit(&self) -> Option<String> {
        let signal = sys::exit_code(self.child.id()).and_then(|(_, signal)| signal);
        self.confinement.limit_hit(signal)
    }
}

impl Drop for Launched {
    fn drop(&mut self) {
        let deadline = Instant::now() + self.grace;
        while self.exited().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        // The leader is not reaped yet (at most a zombie), so its group id is still its own.
        sys::kill_group(&mut self.child);
        forget(self.child.id());
        let _ = self.child.wait();
    }
}
