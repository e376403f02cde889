//! The one abstraction for strategies, and how a bot name on the command line becomes a bot.

use crate::game::{Game, Seat};
use crate::outcome::{Outcome, Termination};
use crate::seed::Rng;
use std::collections::BTreeMap;

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

    /// Told once when the game is over, however it ended (forfeits included), so an adapter
    /// can tell its program the result and release it.
    fn finish(&mut self, _game: &G, _outcome: &Outcome) {}
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

/// Builds the bot of one seat at the start of every game of a run: a built-in bot with its
/// parameters ([`Configured`]), or an adapter for a program outside the harness. Parameters are
/// checked before the run, so an `Err` here is a bot that could not start (a program that is
/// missing or never answers): that seat loses the game with `crash` and the run goes on.
pub trait BotMaker<G: Game>: Sync {
    /// `game_index` names the game in a bot's own logs; randomness comes only from `rng`.
    fn make(
        &self,
        game: &G,
        seat: Seat,
        rng: Rng,
        game_index: u64,
    ) -> Result<Box<dyn Bot<G>>, String>;
}

/// A maker lent to a lineup that does not own it (`tourney tune`'s field, the same for every
/// iteration).
impl<G: Game, M: BotMaker<G> + ?Sized> BotMaker<G> for &M {
    fn make(&self, game: &G, seat: Seat, rng: Rng, index: u64) -> Result<Box<dyn Bot<G>>, String> {
        (**self).make(game, seat, rng, index)
    }
}

/// A row of a game's bot table with the parameters it was given.
pub struct Configured<'a, G: Game> {
    pub entry: &'a BotEntry<G>,
    pub params: Params,
}

impl<G: Game> BotMaker<G> for Configured<'_, G> {
    fn make(&self, game: &G, seat: Seat, rng: Rng, _: u64) -> Result<Box<dyn Bot<G>>, String> {
        (self.entry.make)(game, seat, rng, &self.params)
    }
}

/// Parameters of a bot, as `name=value` pairs from a scenario or the command line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params(pub BTreeMap<String, String>);

impl Params {
    /// Refuses any parameter: for bots that take none.
    pub fn expect_none(&self, bot: &str) -> Result<(), String> {
        match self.0.keys().next() {
            None => Ok(()),
            Some(key) => Err(format!("bot '{bot}' takes no parameters, got '{key}'")),
        }
    }
}

/// Longest name a user may give a bot (a manifest's or a scenario's `name`).
pub const MAX_LABEL_CHARS: usize = 64;

/// Checks a name a user gave a bot. A label names the bot in every table and also becomes a
/// file name (an outside bot's log), so it must be a plain printable name and never a path:
/// no separator, no `..`, no leading `.`, no control character, not empty, not overlong.
pub fn check_label(label: &str) -> Result<(), String> {
    let problem = if label.is_empty() {
        "is empty".to_string()
    } else if label.chars().count() > MAX_LABEL_CHARS {
        format!("is longer than {MAX_LABEL_CHARS} characters")
    } else if label.contains(['/', '\\']) {
        "contains a path separator ('/' or '\\'): a name is a label, not a path".to_string()
    } else if label.starts_with('.') || label.contains("..") {
        "starts with '.' or contains '..': a name is a label, not a path".to_string()
    } else if label.chars().any(char::is_control) {
        "contains a control character".to_string()
    } else {
        return Ok(());
    };
    Err(format!("bot name {label:?} {problem}"))
}

/// Builds a bot for a seat; gets the seat's own seeded RNG (the only randomness it may use).
pub type MakeBot<G> = fn(&G, Seat, Rng, &Params) -> Result<Box<dyn Bot<G>>, String>;

/// How `--bots greedy` becomes a bot: one row of a game's bot table.
pub struct BotEntry<G: Game> {
    /// CLI name, kebab-case.
    pub name: &'static str,
    /// One line for `tourney list`.
    pub summary: &'static str,
    /// Test doubles (a bot that panics, one that plays illegally) are hidden from `list`.
    pub hidden: bool,
    pub make: MakeBot<G>,
    /// The numeric parameters it takes, with their defaults in the configured game: what
    /// `tourney tune` may tune and `tourney list` shows.
    pub params: fn(&G) -> Vec<ParamSpec>,
}

/// Whether a numeric parameter takes whole numbers (rounded when tuned) or any number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ParamKind {
    Int,
    Float,
}

/// A numeric parameter a bot declares, built-in or external (a manifest's `[params]`).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    pub name: String,
    pub kind: ParamKind,
    /// The bot's own value; `None` when it has no numeric default (`mcts` depth `none`), so
    /// tuning it needs a start value in the bot spec.
    pub default: Option<f64>,
    /// The values the bot accepts, bounds included (infinite when unbounded).
    pub min: f64,
    pub max: f64,
    pub summary: String,
}

impl ParamSpec {
    pub fn new(
        name: &str,
        kind: ParamKind,
        default: Option<f64>,
        (min, max): (f64, f64),
        summary: &str,
    ) -> ParamSpec {
        ParamSpec {
            name: name.to_string(),
            kind,
            default,
            min,
            max,
            summary: summary.to_string(),
        }
    }
}

impl ParamKind {
    /// `value` as a bot spec writes it: whole numbers without a decimal point.
    pub fn format(self, value: f64) -> String {
        match self {
            ParamKind::Int => format!("{}", value.round() as i64),
            ParamKind::Float => format!("{value}"),
        }
    }

    /// `value` as JSON: an integer for whole-number parameters.
    pub fn json(self, value: f64) -> serde_json::Value {
        match self {
            ParamKind::Int => serde_json::Value::from(value.round() as i64),
            ParamKind::Float => serde_json::Value::from(value),
        }
    }
}

/// The `params` of a bot that takes no numeric parameters.
pub fn no_params<G: Game>(_: &G) -> Vec<ParamSpec> {
    Vec::new()
}

/// The hidden `test-panic` row every game lists: a bot that panics when asked to act, so crash
/// adjudication is exercised through the real binary for each game. (An illegal move needs
/// game knowledge, so each game writes its own `test-illegal`.)
pub const fn test_panic<G: Game>() -> BotEntry<G> {
    BotEntry {
        name: "test-panic",
        summary: "Test double: panics when asked to act",
        hidden: true,
        make: make_panics::<G>,
        params: crate::bot::no_params,
    }
}

struct Panics;

impl<G: Game> Bot<G> for Panics {
    fn act(&mut self, _: &G, _: &G::View) -> G::Action {
        panic!("test-panic: this bot panics on purpose when asked to act");
    }
}

fn make_panics<G: Game>(
    _: &G,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<G>>, String> {
    params.expect_none("test-panic")?;
    Ok(Box::new(Panics))
}
