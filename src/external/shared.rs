//! What every game of one external bot shares: its manifest, its log, its processes between
//! games, and how to start one. The maker ([`super::maker`]) makes it once per bot; each
//! game's adapter ([`super::adapter`]) holds it to give its process back.

use super::log::BotLog;
use super::manifest::{Manifest, Restart};
use super::process::{Launch, NoLine, Process};
use super::protocol::{self, ParamValues};
use crate::sandbox::Network;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How each process ended when told to quit: its exit, or what it did instead.
pub(super) type Exits = Mutex<Vec<Result<String, String>>>;

/// What every game of one external bot shares.
pub struct Shared {
    pub manifest: Manifest,
    /// The bot's label in results, used to greet it.
    pub(super) label: String,
    pub log: Arc<BotLog>,
    /// Processes between games (only with `restart = "on-fault"`).
    pub(super) idle: Mutex<Vec<Process>>,
    /// `tourney doctor` only: how long a process told to quit may take to exit, and how each
    /// one it ended went ([`Process::quit`]). `None` in a run, where a process is just dropped.
    pub(super) exits: Option<(Duration, Exits)>,
}

impl Shared {
    /// Keeps `process` for another game if the manifest reuses processes; else ends it.
    pub fn give_back(&self, process: Process) {
        if self.manifest.restart == Restart::OnFault {
            self.idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(process);
        } else {
            self.end(process);
        }
    }

    /// Ends a process: noting how it took `quit` when exits are watched, else by dropping it.
    pub(super) fn end(&self, process: Process) {
        if let Some((grace, exits)) = &self.exits {
            let exit = process.quit(*grace);
            exits.lock().unwrap_or_else(|e| e.into_inner()).push(exit);
        }
    }

    pub(super) fn take_idle(&self) -> Option<Process> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    /// Where to look for what the bot wrote to stderr, as the end of a message.
    pub fn see_log(&self) -> String {
        self.log.path().map_or(String::new(), |path| {
            format!("; its stderr is in {}", path.display())
        })
    }

    /// Starts a process and waits for its `ready` within the start-up limit.
    pub(super) fn start(&self, context: String, params: &ParamValues) -> Result<Process, String> {
        let manifest = &self.manifest;
        let launch = Launch {
            command: &manifest.command,
            args: &manifest.args,
            dir: &manifest.dir,
            max_line_bytes: manifest.max_line_bytes,
            sandbox: manifest.sandbox(Network::None),
        };
        let command = manifest.command.display();
        let mut process = Process::spawn(
            &launch,
            Arc::clone(&self.log),
            Arc::new(Mutex::new(context.clone())),
        )
        .map_err(|e| format!("cannot start {command}: {e}"))?;
        let hello = protocol::hello(&self.label, params);
        if manifest.transcript {
            self.log.line(&context, &format!("> {}", hello.trim_end()));
        }
        process.send(hello.into_bytes());
        let limit = manifest.startup_limit;
        let ready = match process.receive(limit) {
            Ok(line) => {
                if manifest.transcript {
                    self.log.line(&context, &format!("< {line}"));
                }
                protocol::parse_ready(&line).map_err(|why| {
                    format!(
                        "{command} answered hello with {why}: {}{}",
                        protocol::quote(&line),
                        self.see_log()
                    )
                })
            }
            Err(NoLine::Timeout) => Err(format!(
                "{command} did not say ready within {} ms (does it flush stdout after every \
                 line?){}",
                limit.as_millis(),
                self.see_log()
            )),
            Err(NoLine::Gone(why)) => Err(format!(
                "{command} stopped before it was ready: {why}{}",
                self.see_log()
            )),
            Err(NoLine::TooLong(max)) => Err(format!(
                "{command} answered hello with a line longer than {max} bytes"
            )),
        };
        // A program that hit a limit while starting says so first.
        match ready {
            Ok(()) => Ok(process),
            Err(why) => Err(match process.limit_hit() {
                Some(hit) => format!("{hit}: {why}"),
                None => why,
            }),
        }
    }
}
