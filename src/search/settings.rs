//! The parameters of `mcts`, parsed and checked once when the bot is made, so a bad value is
//! refused before any game is played.

use super::Search;
use crate::bot::{BotEntry, ParamKind, ParamSpec, Params};
use crate::game::Game;
use std::time::Duration;

/// Generic defaults; a game may override any of them with [`Search::mcts_defaults`].
const DEFAULTS: &[(&str, &str)] = &[
    ("iterations", "1000"),
    ("c", "0.7"),
    ("determinizations", "0"),
    ("rollout", "uniform"),
    ("depth", "none"),
    ("ms", "none"),
];

/// The names `mcts` accepts, for error messages.
const NAMES: &str = "iterations, ms, c, determinizations, rollout, depth, scale";

/// The numeric parameters of `mcts` with their defaults in `game` (`rollout` is a name, not
/// a number). `depth` has no numeric default where it plays to the end, `ms` none where
/// `iterations` is the budget.
pub fn params<G: Search>(game: &G) -> Vec<ParamSpec> {
    let default = |name: &str| {
        game.mcts_defaults()
            .iter()
            .chain(DEFAULTS)
            .find(|(key, _)| *key == name)
            .and_then(|(_, value)| value.parse::<f64>().ok())
    };
    let whole = f64::from(u32::MAX);
    let spec = |name: &str, kind, range, summary: &str| {
        ParamSpec::new(name, kind, default(name), range, summary)
    };
    let mut scale = spec(
        "scale",
        ParamKind::Float,
        (f64::MIN_POSITIVE, f64::INFINITY),
        "score margin worth a clear lead",
    );
    scale.default = Some(game.score_scale());
    vec![
        spec(
            "iterations",
            ParamKind::Int,
            (1.0, whole),
            "iterations per decision",
        ),
        spec(
            "ms",
            ParamKind::Int,
            (1.0, whole),
            "milliseconds per decision instead of iterations (not reproducible)",
        ),
        spec(
            "c",
            ParamKind::Float,
            (0.0, f64::INFINITY),
            "UCB exploration constant",
        ),
        spec(
            "determinizations",
            ParamKind::Int,
            (0.0, whole),
            "samples cycled per decision (0: fresh each iteration)",
        ),
        spec(
            "depth",
            ParamKind::Int,
            (0.0, whole),
            "rollout actions before the estimate",
        ),
        scale,
    ]
}

/// How a rollout picks its actions once the search leaves the tree.
pub enum Rollout<G: Game> {
    /// Uniformly among the legal actions, read from the state (no view is built).
    Uniform,
    /// A bot of the game's own table, built fresh for every seat of every rollout with a seed
    /// from the searching bot's stream.
    Bot(&'static BotEntry<G>),
}

/// Everything that shapes one `mcts` bot.
pub struct Settings<G: Game> {
    /// Iterations per decision: a deterministic budget, never wall-clock.
    pub iterations: u32,
    /// Wall-clock time per decision, replacing `iterations` when set. The number of
    /// iterations then depends on the machine and its load, so such runs are not reproducible.
    pub time: Option<Duration>,
    /// UCB exploration constant, for rewards in [0, 1].
    pub exploration: f64,
    /// Hidden-information samples drawn once per decision and cycled through; 0 draws a fresh
    /// sample every iteration (information-set MCTS).
    pub determinizations: u32,
    pub rollout: Rollout<G>,
    /// Actions a rollout plays before the position is estimated; `None` plays to the end.
    pub depth: Option<u32>,
    /// Score margin worth a clear lead (see [`Search::score_scale`]).
    pub scale: f64,
}

impl<G: Search> Settings<G> {
    /// Generic defaults, then the game's, then `params`. Errors name the parameter, the value
    /// and what is allowed.
    pub fn parse(game: &G, params: &Params) -> Result<Settings<G>, String> {
        let mut settings = Settings {
            iterations: 0,
            time: None,
            exploration: 0.0,
            determinizations: 0,
            rollout: Rollout::Uniform,
            depth: None,
            scale: game.score_scale(),
        };
        let given = params.0.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        let defaults = DEFAULTS.iter().chain(game.mcts_defaults()).copied();
        for (key, value) in defaults.chain(given) {
            settings.set(key, value)?;
        }
        Ok(settings)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = |allowed: &str| format!("bot 'mcts': {key} must be {allowed}, got '{value}'");
        match key {
            "iterations" => {
                self.iterations = value
                    .parse()
                    .ok()
                    .filter(|&n: &u32| n >= 1)
                    .ok_or_else(|| bad("a whole number of 1 or more"))?;
            }
            "ms" => {
                self.time = match value {
                    "none" => None,
                    _ => Some(Duration::from_millis(
                        value
                            .parse()
                            .ok()
                            .filter(|&n: &u64| n >= 1)
                            .ok_or_else(|| bad("a whole number of 1 or more, or 'none'"))?,
                    )),
                };
            }
            "c" => {
                self.exploration = value
                    .parse()
                    .ok()
                    .filter(|&c: &f64| c.is_finite() && c >= 0.0)
                    .ok_or_else(|| bad("a number of 0 or more"))?;
            }
            "determinizations" => {
                self.determinizations = value
                    .parse()
                    .map_err(|_| bad("a whole number (0: a fresh sample every iteration)"))?;
            }
            "depth" => {
                self.depth = match value {
                    "none" => None,
                    _ => Some(
                        value
                            .parse()
                            .map_err(|_| bad("a whole number or 'none' (play to the end)"))?,
                    ),
                };
            }
            "scale" => {
                self.scale = value
                    .parse()
                    .ok()
                    .filter(|&s: &f64| s.is_finite() && s > 0.0)
                    .ok_or_else(|| bad("a number above 0"))?;
            }
            "rollout" => self.rollout = rollout::<G>(value)?,
            _ => return Err(format!("bot 'mcts' takes {NAMES}; got '{key}'")),
        }
        Ok(())
    }
}

/// `uniform` or a visible bot of the game other than `mcts` itself (whose own rollouts would
/// nest searches without end).
fn rollout<G: Search>(name: &str) -> Result<Rollout<G>, String> {
    if name == "uniform" {
        return Ok(Rollout::Uniform);
    }
    let usable = || G::bots().iter().filter(|b| !b.hidden && b.name != "mcts");
    match usable().find(|b| b.name == name) {
        Some(entry) => Ok(Rollout::Bot(entry)),
        None => {
            let known: Vec<&str> = usable().map(|b| b.name).collect();
            Err(format!(
                "bot 'mcts': rollout must be 'uniform' or one of {}, got '{name}'",
                known.join(", ")
            ))
        }
    }
}
