//! Test doubles every game lists (hidden from `tourney list`): `test-panic`, a bot that panics
//! when asked to act, so crash adjudication is exercised through the real binary for each game
//! (an illegal move needs game knowledge, so each game writes its own `test-illegal`); and
//! `test-optimum`, a bot whose strength peaks at a known value of its one parameter, so tests
//! can check that tuning finds it. At each decision `test-optimum` plays what the game's
//! `greedy` would with probability 1 − |x − 0.3| / 0.7 (1 at the optimum [`OPTIMUM`], 0 at
//! x = 1) and a uniformly random legal action otherwise.

use super::{Bot, BotEntry, BotTable, MadeBot, ParamKind, ParamSpec, Params, Policy};
use crate::game::{Game, Seat};
use crate::seed::Rng;
use rand::RngExt;

/// The hidden `test-panic` row every game lists.
pub const fn test_panic<G: Game>() -> BotEntry<G> {
    BotEntry::policy(
        "test-panic",
        "Test double: panics when asked to act",
        panics::<G>,
    )
    .hidden()
}

/// The hidden `test-illegal` row: `decide` plays a move no position of the game accepts.
pub const fn test_illegal<G: Game>(summary: &'static str, decide: Policy<G>) -> BotEntry<G> {
    BotEntry::policy("test-illegal", summary, decide).hidden()
}

fn panics<G: Game>(_: &G, _: &G::View, _: &mut Rng) -> G::Action {
    panic!("test-panic: this bot panics on purpose when asked to act");
}

/// Where the double is strongest.
pub const OPTIMUM: f64 = 0.3;
/// Its parameter's default: away from the optimum, so tuning has somewhere to go.
const DEFAULT: f64 = 0.5;
/// The bot whose moves it plays when it plays well.
const STRONG: &str = "greedy";

/// The hidden `test-optimum` row every game lists.
pub const fn test_optimum<G: BotTable>() -> BotEntry<G> {
    BotEntry::new(
        "test-optimum",
        "Test double: plays greedy's move with probability 1 - |x - 0.3| / 0.7",
        make::<G>,
    )
    .tunable(params::<G>)
    .hidden()
}

fn params<G: BotTable>(_: &G) -> Vec<ParamSpec> {
    vec![ParamSpec::new(
        "x",
        ParamKind::Float,
        Some(DEFAULT),
        (0.0, 1.0),
        "strength peaks at 0.3",
    )]
}

struct Optimum<G: BotTable> {
    strong: Box<dyn Bot<G>>,
    /// Chance of playing the strong move.
    strength: f64,
    rng: Rng,
}

fn make<G: BotTable>(game: &G, seat: Seat, mut rng: Rng, params: &Params) -> MadeBot<G> {
    let mut x = DEFAULT;
    for (key, value) in &params.0 {
        if key != "x" {
            return Err(format!("it takes only 'x', got '{key}'"));
        }
        x = value
            .parse()
            .ok()
            .filter(|x: &f64| (0.0..=1.0).contains(x))
            .ok_or_else(|| format!("x must be in [0, 1], got '{value}'"))?;
    }
    let entry = G::bots()
        .iter()
        .find(|entry| entry.name == STRONG)
        .ok_or_else(|| format!("test-optimum needs the game's '{STRONG}' bot"))?;
    let strong_rng = Rng::new(rng.random::<u128>());
    Ok(Box::new(Optimum {
        strong: entry.make(game, seat, strong_rng, &Params::default())?,
        strength: 1.0 - (x - OPTIMUM).abs() / 0.7,
        rng,
    }))
}

impl<G: BotTable> Bot<G> for Optimum<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        if self.rng.random::<f64>() < self.strength {
            return self.strong.act(game, view);
        }
        let mut legal = game.legal_actions(view);
        let pick = self.rng.random_range(0..legal.len());
        legal.swap_remove(pick)
    }
}
