//! `test-optimum`, the hidden test double every game lists: a bot whose strength peaks at a
//! known value of its one parameter, so tests can check that tuning finds it. At each decision
//! it plays what the game's `greedy` would with probability 1 − |x − 0.3| / 0.7 (1 at the
//! optimum [`OPTIMUM`], 0 at x = 1) and a uniformly random legal action otherwise.

use crate::bot::{Bot, BotEntry, ParamKind, ParamSpec, Params};
use crate::game::Seat;
use crate::games::Registered;
use crate::seed::Rng;
use rand::RngExt;

/// Where the double is strongest.
pub const OPTIMUM: f64 = 0.3;
/// Its parameter's default: away from the optimum, so tuning has somewhere to go.
const DEFAULT: f64 = 0.5;
/// The bot whose moves it plays when it plays well.
const STRONG: &str = "greedy";

pub const fn test_optimum<G: Registered>() -> BotEntry<G> {
    BotEntry {
        name: "test-optimum",
        summary: "Test double: plays greedy's move with probability 1 - |x - 0.3| / 0.7",
        hidden: true,
        make: make::<G>,
        params: params::<G>,
    }
}

fn params<G: Registered>(_: &G) -> Vec<ParamSpec> {
    vec![ParamSpec::new(
        "x",
        ParamKind::Float,
        Some(DEFAULT),
        (0.0, 1.0),
        "strength peaks at 0.3",
    )]
}

struct Optimum<G: Registered> {
    strong: Box<dyn Bot<G>>,
    /// Chance of playing the strong move.
    strength: f64,
    rng: Rng,
}

fn make<G: Registered>(
    game: &G,
    seat: Seat,
    mut rng: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<G>>, String> {
    let mut x = DEFAULT;
    for (key, value) in &params.0 {
        if key != "x" {
            return Err(format!("bot 'test-optimum' takes only 'x', got '{key}'"));
        }
        x = value
            .parse()
            .ok()
            .filter(|x: &f64| (0.0..=1.0).contains(x))
            .ok_or_else(|| format!("bot 'test-optimum': x must be in [0, 1], got '{value}'"))?;
    }
    let entry = G::bots()
        .iter()
        .find(|entry| entry.name == STRONG)
        .ok_or_else(|| format!("test-optimum needs the game's '{STRONG}' bot"))?;
    let strong_rng = Rng::new(rng.random::<u128>());
    Ok(Box::new(Optimum {
        strong: (entry.make)(game, seat, strong_rng, &Params::default())?,
        strength: 1.0 - (x - OPTIMUM).abs() / 0.7,
        rng,
    }))
}

impl<G: Registered> Bot<G> for Optimum<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        if self.rng.random::<f64>() < self.strength {
            return self.strong.act(game, view);
        }
        let mut legal = game.legal_actions(view);
        let pick = self.rng.random_range(0..legal.len());
        legal.swap_remove(pick)
    }
}
