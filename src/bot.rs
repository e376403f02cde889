//! The one abstraction for strategies, and how a bot name on the command line becomes a bot.

use crate::game::{Game, Seat};
use crate::seed::Rng;
use std::collections::BTreeMap;

/// A strategy for one seat of one game. Created fresh for every game, so it may keep state
/// (caches, plans) between its own decisions.
pub trait Bot<G: Game>: Send {
    /// Decides for the seat that owns `view`. The game is passed for its fixed description (the
    /// map, the board size) and for `legal_actions`; the bot never sees the full state.
    fn act(&mut self, game: &G, view: &G::View) -> G::Action;
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
