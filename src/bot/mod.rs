//! The one abstraction for strategies, and how a bot name on the command line becomes a bot.
//!
//! [`Bot`] is what a strategy implements; [`table`] is how a game lists its bots (name,
//! summary, parameters, constructor); [`spec`] reads bots as the command line and scenarios
//! write them (`mcts:iterations=2000,nice`); [`label`] checks the names users give bots;
//! [`doubles`] holds the test doubles every game lists.

pub mod doubles;
pub mod label;
pub mod spec;
pub mod table;
pub mod timed;

pub use label::{MAX_LABEL_CHARS, check_label, check_version_label};
pub use spec::{BotChoice, parse_bot, parse_bots};
pub use table::{
    BotEntry, BotTable, MakeBot, ParamKind, ParamSpec, Params, Policy, Simple, no_params,
};

use crate::game::{Game, Seat};
use crate::outcome::{Outcome, Termination};
use crate::seed::Rng;
use std::time::Duration;

/// A strategy for one seat of one game. Created fresh for every game, so it may keep state
/// (caches, plans) between its own decisions.
pub trait Bot<G: Game>: Send {
    /// Decides for the seat that owns `view`. The game is passed for its fixed description (the
    /// map, the board size) and for `legal_actions`; the bot never sees the full state.
    fn act(&mut self, game: &G, view: &G::View) -> G::Action;

    /// What the runner calls. Bots that live outside the process (a child process, a network
    /// client) override it to report a timeout, a dead process or an unreadable answer as a
    /// [`BotFailure`] instead of panicking; built-in bots keep this default.
    fn try_act(&mut self, game: &G, view: &G::View) -> Result<G::Action, BotFailure> {
        Ok(self.act(game, view))
    }

    /// Told once before the first decision, with the seat and the starting position. Only for
    /// adapters of programs outside the harness that must tell their program what its seat
    /// sees happen (the card it drew blind, the new face-up row): they keep a mirror of the
    /// game by applying every observed action to a copy of this state, and forward only their
    /// seat's part. Built-in bots decide from their view and must not read it. An `Err` (the
    /// program never showed up) loses the game for this seat before any move.
    fn begin(&mut self, _game: &G, _seat: Seat, _start: &G::State) -> Result<(), BotFailure> {
        Ok(())
    }

    /// Told after every action that was applied, by any seat, its own included. The action is
    /// the full one: an adapter that forwards it to a program outside the harness must hide
    /// from it what its seat may not see. Built-in bots read their view instead and ignore this.
    fn observe(&mut self, _game: &G, _actor: Seat, _action: &G::Action) {}

    /// Told when its seat has decided and the next decision is another seat's, so that an
    /// adapter can lower its program's CPU weight while it waits. A seat that decides twice in
    /// a row (a second card drawn) is not told in between: its program keeps the weight of a
    /// thinking one and no weight is written. Built-in bots ignore it.
    fn turn_over(&mut self, _game: &G) {}

    /// Told once when the game is over, however it ended (forfeits included), so an adapter
    /// can tell its program the result and release it.
    fn finish(&mut self, _game: &G, _outcome: &Outcome) {}

    /// Whether a game can go on after this bot's fault (`--faults tolerate=N`): another action
    /// played in its place, and the bot made again if need be. Built-in bots and line-protocol
    /// programs decide from their view alone, so they can; a contest program cannot, as its
    /// protocol neither says that another move was played for it nor lets it rejoin a game.
    fn resumable(&self) -> bool {
        true
    }

    /// What the harness measured of the last decision, for the bots it times (the programs it
    /// starts, and built-in bots under `--think-times`); read once after each decision and
    /// kept only in records and the report, never in a game's result.
    fn think(&self) -> Option<Think> {
        None
    }
}

/// One measured decision: how long it took and, under a clock, the time left after it (the
/// increment added).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Think {
    pub took: Duration,
    pub left: Option<Duration>,
}

/// A bot that produced no usable action without panicking: the seat loses the game with this
/// termination (`timeout`, `crash` or `illegal`) and the message is kept as the fault.
#[derive(Clone, Debug, PartialEq)]
pub struct BotFailure {
    pub termination: Termination,
    pub message: String,
}

impl BotFailure {
    pub fn new(termination: Termination, message: impl Into<String>) -> BotFailure {
        debug_assert!(termination.is_forfeit(), "a bot failure loses the game");
        BotFailure {
            termination,
            message: message.into(),
        }
    }
}

/// A seat's new bot, or why it could not be made.
pub type MadeBot<G> = Result<Box<dyn Bot<G>>, String>;

/// Builds the bot of one seat at the start of every game of a run: a built-in bot with its
/// parameters ([`Configured`]), or an adapter for a program outside the harness. Parameters are
/// checked before the run, so an `Err` here is a bot that could not start (a program that is
/// missing or never answers): that seat loses the game with `crash` and the run goes on.
/// `Send` as well as `Sync`: a tuning hands each iteration's makers to the worker threads.
pub trait BotMaker<G: Game>: Send + Sync {
    /// `game_index` names the game in a bot's own logs; randomness comes only from `rng`.
    fn make(&self, game: &G, seat: Seat, rng: Rng, game_index: u64) -> MadeBot<G>;
}

/// A maker lent to a lineup that does not own it (`tourney tune`'s field, the same for every
/// iteration).
impl<G: Game, M: BotMaker<G> + ?Sized> BotMaker<G> for &M {
    fn make(&self, game: &G, seat: Seat, rng: Rng, index: u64) -> MadeBot<G> {
        (**self).make(game, seat, rng, index)
    }
}

/// A row of a game's bot table with the parameters it was given.
pub struct Configured<'a, G: Game> {
    pub entry: &'a BotEntry<G>,
    pub params: Params,
}

impl<G: Game> BotMaker<G> for Configured<'_, G> {
    fn make(&self, game: &G, seat: Seat, rng: Rng, _: u64) -> MadeBot<G> {
        self.entry.make(game, seat, rng, &self.params)
    }
}
