//! Builds the bot of a seat from a manifest at the start of every game: starts a process (or
//! takes an idle one, when the manifest reuses processes), greets it, and hands it the game.
//! A program that cannot start or never says `ready` is an `Err`, which the runner turns into
//! a `crash` of that seat.

use super::adapter::ExternalBot;
use super::log::BotLog;
use super::manifest::{Manifest, Restart};
use super::process::{Launch, NoLine, Process};
use super::protocol::{self, ParamValues};
use super::wire::Wire;
use crate::bot::{Bot, BotMaker};
use crate::game::Seat;
use crate::seed::Rng;
use rand::Rng as _;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What every game of one external bot shares.
pub struct Shared {
    pub manifest: Manifest,
    /// The bot's label in results, used to greet it.
    label: String,
    pub log: Arc<BotLog>,
    /// Processes between games (only with `restart = "on-fault"`).
    idle: Mutex<Vec<Process>>,
}

impl Shared {
    /// Keeps `process` for another game if the manifest reuses processes; else ends it.
    pub fn give_back(&self, process: Process) {
        if self.manifest.restart == Restart::OnFault {
            self.idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(process);
        }
    }

    fn take_idle(&self) -> Option<Process> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    /// Starts a process and waits for its `ready` within the start-up limit.
    fn start(&self, context: String, params: &ParamValues) -> Result<Process, String> {
        let manifest = &self.manifest;
        let launch = Launch {
            command: &manifest.command,
            args: &manifest.args,
            dir: &manifest.dir,
            max_line_bytes: manifest.max_line_bytes,
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
        match process.receive(limit) {
            Ok(line) => {
                if manifest.transcript {
                    self.log.line(&context, &format!("< {line}"));
                }
                protocol::parse_ready(&line)
                    .map(|()| process)
                    .map_err(|why| {
                        format!(
                            "{command} answered hello with {why}: {}",
                            protocol::quote(&line)
                        )
                    })
            }
            Err(NoLine::Timeout) => Err(format!(
                "{command} did not say ready within {} ms",
                limit.as_millis()
            )),
            Err(NoLine::Gone(why)) => Err(format!("{command} stopped before it was ready: {why}")),
            Err(NoLine::TooLong(max)) => Err(format!(
                "{command} answered hello with a line longer than {max} bytes"
            )),
        }
    }
}

/// The [`BotMaker`] of one manifest in one run, with the values of its `[params]`.
pub struct ExternalMaker {
    shared: Arc<Shared>,
    params: ParamValues,
}

impl ExternalMaker {
    /// `log_dir` receives `<label>.log` (stderr and transcripts); `None` keeps no log.
    pub fn new(
        manifest: Manifest,
        label: &str,
        log_dir: Option<&Path>,
        params: ParamValues,
    ) -> std::io::Result<ExternalMaker> {
        let log = match log_dir {
            Some(dir) => BotLog::create(dir, label)?,
            None => BotLog::discard(),
        };
        Ok(ExternalMaker {
            shared: Arc::new(Shared {
                manifest,
                label: label.to_string(),
                log: Arc::new(log),
                idle: Mutex::new(Vec::new()),
            }),
            params,
        })
    }

    /// The same bot (log, idle processes) with other parameter values: `tourney tune`'s two
    /// sides of an iteration.
    pub fn with_params(&self, params: ParamValues) -> ExternalMaker {
        ExternalMaker {
            shared: Arc::clone(&self.shared),
            params,
        }
    }
}

impl<G: Wire> BotMaker<G> for ExternalMaker {
    fn make(
        &self,
        game: &G,
        seat: Seat,
        mut rng: Rng,
        game_index: u64,
    ) -> Result<Box<dyn Bot<G>>, String> {
        let context = format!("game {game_index} seat {seat}");
        let process = match self.shared.take_idle() {
            Some(process) => {
                *process.context.lock().unwrap_or_else(|e| e.into_inner()) = context;
                process
            }
            None => self.shared.start(context, &self.params)?,
        };
        // 53 bits: exact in every JSON reader, doubles included.
        let seed = rng.next_u64() >> 11;
        let new_game = protocol::new_game(game, seat, seed, game_index, &self.params);
        Ok(Box::new(ExternalBot::<G>::new(
            process,
            Arc::clone(&self.shared),
            seat,
            new_game,
        )))
    }
}
