//! Builds the bot of a seat from a manifest at the start of every game: starts a process (or
//! takes an idle one, when the manifest reuses processes), greets it, and hands it the game.
//! Before the first game the run starts each program once ([`ExternalMaker::check_start`]), so a
//! program that cannot start at all is refused with its reason; one that fails to start later
//! is an `Err`, which the runner turns into a `crash` of that seat.

use super::adapter::ExternalBot;
use super::log::BotLog;
use super::manifest::Manifest;
use super::protocol::{self, ParamValues};
use super::shared::Shared;
use super::wire::Wire;
use crate::bot::{BotMaker, MadeBot};
use crate::game::Seat;
use crate::seed::Rng;
use rand::Rng as _;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
