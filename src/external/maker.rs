//! Builds the bot of a seat from a manifest at the start of every game: starts a process (or
//! takes an idle one, when the manifest reuses processes), greets it, and hands it the game.
//! Before the first game the run starts each program once ([`ExternalMaker::check_start`]), so a
//! program that cannot start at all is refused with its reason; one that fails to start later
//! is an `Err`, which the runner turns into a `crash` of that seat.

use super::adapter::ExternalBot;
use super::log::BotLog;
use super::manifest::{Manifest, Restart};
use super::process::{Launch, NoLine, Process};
use super::protocol::{self, ParamValues};
use super::wire::Wire;
use crate::bot::{BotMaker, MadeBot};
use crate::game::Seat;
use crate::sandbox::Network;
use crate::seed::Rng;
use rand::Rng as _;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How each process ended when told to quit: its exit, or what it did instead.
type Exits = Mutex<Vec<Result<String, String>>>;

/// What every game of one external bot shares.
pub struct Shared {
    pub manifest: Manifest,
    /// The bot's label in results, used to greet it.
    label: String,
    pub log: Arc<BotLog>,
    /// Processes between games (only with `restart = "on-fault"`).
    idle: Mutex<Vec<Process>>,
    /// `tourney doctor` only: how long a process told to quit may take to exit, and how each
    /// one it ended went ([`Process::quit`]). `None` in a run, where a process is just dropped.
    exits: Option<(Duration, Exits)>,
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
    fn end(&self, process: Process) {
        if let Some((grace, exits)) = &self.exits {
            let exit = process.quit(*grace);
            exits.lock().unwrap_or_else(|e| e.into_inner()).push(exit);
        }
    }

    fn take_idle(&self) -> Option<Process> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    /// Where to look for what the bot wrote to stderr, as the end of a message.
    pub fn see_log(&self) -> String {
        self.log.path().map_or(String::new(), |path| {
            format!("; its stderr is in {}", path.display())
        })
    }

    /// Starts a process and waits for its `ready` within the start-up limit.
    fn start(&self, context: String, params: &ParamValues) -> Result<Process, String> {
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
                exits: None,
            }),
            params,
        })
    }

    /// The same maker, noting how every process it ends after a game takes `quit` (see
    /// [`ExternalMaker::exits`]), each given `grace` to exit. For `tourney doctor`.
    pub fn watch_exits(mut self, grace: Duration) -> ExternalMaker {
        let shared = Arc::get_mut(&mut self.shared).expect("a maker not shared yet");
        shared.exits = Some((grace, Mutex::new(Vec::new())));
        self
    }

    /// Ends the idle processes, then says how every process ended so far took `quit`: `Ok`
    /// (its exit) or `Err` (what it did instead), in the order they ended. Empty unless exits
    /// are watched.
    pub fn exits(&self) -> Vec<Result<String, String>> {
        while let Some(process) = self.shared.take_idle() {
            self.shared.end(process);
        }
        self.shared
            .exits
            .as_ref()
            .map_or_else(Vec::new, |(_, exits)| {
                std::mem::take(&mut *exits.lock().unwrap_or_else(|e| e.into_inner()))
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

impl ExternalMaker {
    /// Starts the program once and waits for its `ready`: a program that cannot start at all
    /// is refused before the first game instead of losing every game. The process is kept for
    /// the first game when the manifest reuses processes, else ended. Draws from no random
    /// stream, so the games and their results are the same as without it.
    pub fn check_start(&self) -> Result<(), String> {
        let process = self
            .shared
            .start("start-up check".to_string(), &self.params)?;
        self.shared.give_back(process);
        Ok(())
    }
}

impl<G: Wire> BotMaker<G> for ExternalMaker {
    fn make(&self, game: &G, seat: Seat, mut rng: Rng, game_index: u64) -> MadeBot<G> {
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
