//! A game's bot table: how `--bots greedy` becomes a bot, and the parameters each bot declares.

use super::{Bot, MadeBot};
use crate::game::{Game, Seat};
use crate::seed::Rng;
use std::collections::BTreeMap;

/// A game that lists its bots. Search bots look up their rollout policies here by name, and
/// the registry lists them in `tourney list`.
pub trait BotTable: Game {
    /// Every bot of the game, hidden test doubles included.
    fn bots() -> &'static [BotEntry<Self>];
}

/// Parameters of a bot, as `name=value` pairs from a scenario or the command line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params(pub BTreeMap<String, String>);

impl Params {
    /// Refuses any parameter: for bots that take none. The caller names the bot.
    pub fn expect_none(&self) -> Result<(), String> {
        match self.0.keys().next() {
            None => Ok(()),
            Some(key) => Err(format!("it takes no parameters, got '{key}'")),
        }
    }
}

/// Bot `name` of `G`'s table with these parameters, for a unit test: built as a scenario
/// would build it, panicking where a run would refuse.
#[cfg(test)]
pub fn test_bot<G: BotTable>(
    name: &str,
    game: &G,
    seat: Seat,
    rng: Rng,
    params: &[(&str, &str)],
) -> Box<dyn Bot<G>> {
    let params = Params(
        params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    );
    let entry = G::bots()
        .iter()
        .find(|entry| entry.name == name)
        .expect("listed");
    entry.make(game, seat, rng, &params).expect("valid params")
}

/// Builds a bot for a seat; gets the seat's own seeded RNG (the only randomness it may use).
pub type MakeBot<G> = fn(&G, Seat, Rng, &Params) -> MadeBot<G>;

/// A bot that keeps nothing between its decisions but its seat's random stream: one function
/// from the view to the action, so such a bot is a function, not a type. Its table row is
/// `BotEntry::policy(name, summary, decide)`.
pub type Policy<G> = fn(&G, &<G as Game>::View, &mut Rng) -> <G as Game>::Action;

/// How a row builds its bot.
enum Build<G: Game> {
    Make(MakeBot<G>),
    Policy(Policy<G>),
}

/// How `--bots greedy` becomes a bot: one row of a game's bot table.
pub struct BotEntry<G: Game> {
    /// CLI name, kebab-case.
    pub name: &'static str,
    /// One line for `tourney list`.
    pub summary: &'static str,
    /// Test doubles (a bot that panics, one that plays illegally) are hidden from `list`.
    pub hidden: bool,
    build: Build<G>,
    /// The numeric parameters it takes, with their defaults in the configured game: what
    /// `tourney tune` may tune and `tourney list` shows.
    pub params: fn(&G) -> Vec<ParamSpec>,
}

impl<G: Game> BotEntry<G> {
    /// A visible bot that takes no parameters, built by `make`.
    pub const fn new(name: &'static str, summary: &'static str, make: MakeBot<G>) -> Self {
        BotEntry::built(name, summary, Build::Make(make))
    }

    const fn built(name: &'static str, summary: &'static str, build: Build<G>) -> Self {
        BotEntry {
            name,
            summary,
            hidden: false,
            build,
            params: no_params,
        }
    }

    /// A visible bot that takes no parameters and is built by [`Simple::start`].
    pub const fn simple<B: Simple<G>>(name: &'static str, summary: &'static str) -> Self {
        BotEntry::new(name, summary, make_simple::<G, B>)
    }

    /// A visible bot that takes no parameters and decides by `decide` alone.
    pub const fn policy(name: &'static str, summary: &'static str, decide: Policy<G>) -> Self {
        BotEntry::built(name, summary, Build::Policy(decide))
    }

    /// The bot of one seat with these parameters, or why these parameters are refused.
    pub fn make(&self, game: &G, seat: Seat, rng: Rng, params: &Params) -> MadeBot<G> {
        match self.build {
            Build::Make(make) => make(game, seat, rng, params),
            Build::Policy(decide) => {
                params.expect_none()?;
                Ok(Box::new(PolicyBot { rng, decide }))
            }
        }
    }

    /// The same bot, declaring the numeric parameters it takes (what `tourney tune` tunes).
    pub const fn tunable(self, params: fn(&G) -> Vec<ParamSpec>) -> Self {
        BotEntry { params, ..self }
    }

    /// The same bot, hidden from `tourney list` (a test double).
    pub const fn hidden(self) -> Self {
        BotEntry {
            hidden: true,
            ..self
        }
    }
}

/// A bot that takes no parameters: all it starts from is the configured game, its seat and
/// its seat's random stream. Its table row is `BotEntry::simple::<Self>(name, summary)`.
pub trait Simple<G: Game>: Bot<G> + 'static {
    fn start(game: &G, seat: Seat, rng: Rng) -> Self;
}

/// The bot a [`Policy`] row builds: the policy and the seat's random stream.
struct PolicyBot<G: Game> {
    rng: Rng,
    decide: Policy<G>,
}

impl<G: Game> Bot<G> for PolicyBot<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        (self.decide)(game, view, &mut self.rng)
    }
}

fn make_simple<G: Game, B: Simple<G>>(
    game: &G,
    seat: Seat,
    rng: Rng,
    params: &Params,
) -> MadeBot<G> {
    params.expect_none()?;
    Ok(Box::new(B::start(game, seat, rng)))
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
    /// `value` as a bot spec writes it: whole numbers without a decimal point, and a fraction
    /// in the shortest form that reads back as the value stored. A bot that keeps its
    /// parameter as an `f32` declares `f64::from(0.1484f32)`, 0.14839999377727509 in full:
    /// a value an `f32` holds exactly is written as the `f32` it is (`0.1484`), which reads
    /// back as the same `f32`.
    pub fn format(self, value: f64) -> String {
        match self {
            ParamKind::Int => format!("{}", value.round() as i64),
            ParamKind::Float if f64::from(value as f32) == value => format!("{}", value as f32),
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

#[cfg(test)]
mod tests {
    use super::ParamKind;

    /// A parameter an `f32` holds prints as that `f32` (`tourney list` printed `risk`'s default
    /// as 0.14839999377727509); an `f64` that no `f32` holds keeps every digit it needs.
    #[test]
    fn a_fraction_prints_in_the_shortest_form_that_reads_back() {
        assert_eq!(ParamKind::Float.format(f64::from(0.1484f32)), "0.1484");
        assert_eq!(ParamKind::Float.format(0.5), "0.5");
        assert_eq!(ParamKind::Float.format(0.1), "0.1");
        assert_eq!(ParamKind::Float.format(0.123_456_789_012), "0.123456789012");
        assert_eq!(ParamKind::Int.format(40.0), "40");
        let shown = ParamKind::Float.format(f64::from(0.1484f32));
        assert_eq!(shown.parse::<f32>().unwrap(), 0.1484f32);
    }
}
