//! The games `tourney` knows, one folder each, and what every game offers the rest of the
//! program beyond [`Game`](crate::game::Game): a name, rule sets, options and seats
//! ([`Registered`]), a bot table, a wire form for outside bots and a picture for replays. The
//! list of games with their entry points (run, replay, tune, serve) is `app::registry`: this
//! folder imports nothing above it.

pub mod carcassonne;
pub mod contest;
pub mod fresh_fish;
pub mod labyrinth;
pub mod notation;
pub mod self_test;
pub mod t2r;

use crate::bot::{BotTable, ParamSpec};
use crate::error::UsageError;
use crate::external::Wire;
use crate::replay::Picture;
use std::collections::BTreeMap;

/// An option a game accepts, for `tourney list` and validation.
pub struct OptionSpec {
    pub name: &'static str,
    /// What values look like, for help and error messages (e.g. `usa, small, europe`).
    pub values: &'static str,
    pub default: &'static str,
}

/// The `turn_limit` option of the games that stop a game after so many turns per player:
/// `values` names the bound, [`crate::input::TURN_LIMIT`] (a test holds them together).
pub const TURN_LIMIT_OPTION: OptionSpec = OptionSpec {
    name: "turn_limit",
    values: "turns per player, 1 to 1,000,000",
    default: "500",
};

/// The `turn_limit` option of `config` ([`TURN_LIMIT_OPTION`]), `default` when not given.
pub fn turn_limit<G: Registered>(config: &GameConfig, default: u32) -> Result<u32, UsageError> {
    let parsed = option::<G, _>(config, TURN_LIMIT_OPTION.name, |v| {
        v.parse::<u32>()
            .ok()
            .filter(|&n| n >= 1 && u64::from(n) <= crate::input::TURN_LIMIT)
    })?;
    Ok(parsed.unwrap_or(default))
}

/// A game as the command line asked for it, before validation by the game itself.
#[derive(Clone, Debug, Default)]
pub struct GameConfig {
    /// `None` means the game's default rule set.
    pub rules: Option<String>,
    /// Option values by name, e.g. `map = europe`.
    pub options: BTreeMap<String, String>,
    /// Number of seats; `None` means the game's default.
    pub seats: Option<usize>,
}

/// Implemented by each game so the registry can describe, configure and run it. Every game
/// also has a wire form, so programs outside the harness can play it, and a picture, so a
/// recorded game can be stepped through in a browser.
pub trait Registered: BotTable + Wire + Picture + Sized {
    const NAME: &'static str;
    const SUMMARY: &'static str;
    /// Rule set names, the default first.
    const RULE_SETS: &'static [&'static str];
    const OPTIONS: &'static [OptionSpec];
    /// Seat counts the game supports; the first is the default.
    const SEATS: std::ops::RangeInclusive<usize>;
    /// Builds the configured game or explains what is wrong with the configuration. Called
    /// through [`configure`], so `config.seats` is already within [`Registered::SEATS`].
    fn configure(config: &GameConfig) -> Result<Self, UsageError>;
}

/// A game described without naming its type: what `tourney list`, scenario files and bot
/// specs are checked against.
#[derive(Clone)]
pub struct Description {
    pub name: &'static str,
    pub summary: &'static str,
    pub rule_sets: &'static [&'static str],
    pub options: &'static [OptionSpec],
    pub seats: std::ops::RangeInclusive<usize>,
    /// (name, summary) of the visible bots.
    pub bots: fn() -> Vec<(&'static str, &'static str)>,
    /// The numeric parameters a bot declares, with their defaults in the game's default
    /// configuration (empty for an unknown bot).
    pub bot_params: fn(&str) -> Vec<ParamSpec>,
    /// Whether a bot of this name exists, hidden test doubles included.
    pub has_bot: fn(&str) -> bool,
    /// Checks a configuration without running anything.
    pub check: fn(&GameConfig) -> Result<(), UsageError>,
}

/// Finds a game's [`Description`] by its CLI name; given to the parts that check names against
/// the games (scenario files) by the registry that lists them.
pub type FindGame = fn(&str) -> Result<Description, UsageError>;

impl Description {
    pub fn of<G: Registered>() -> Description {
        Description {
            name: G::NAME,
            summary: G::SUMMARY,
            rule_sets: G::RULE_SETS,
            options: G::OPTIONS,
            seats: G::SEATS,
            bots: || {
                G::bots()
                    .iter()
                    .filter(|b| !b.hidden)
                    .map(|b| (b.name, b.summary))
                    .collect()
            },
            has_bot: |name| G::bots().iter().any(|b| b.name == name),
            bot_params: |name| {
                let game = configure::<G>(&GameConfig::default());
                let entry = G::bots().iter().find(|b| b.name == name);
                match (game, entry) {
                    (Ok(game), Some(entry)) => (entry.params)(&game),
                    _ => Vec::new(),
                }
            },
            check: |config| configure::<G>(config).map(drop),
        }
    }
}

/// Configures `G` after the one check every game shares: the seat count is in its range.
pub fn configure<G: Registered>(config: &GameConfig) -> Result<G, UsageError> {
    if let Some(seats) = config.seats.filter(|n| !G::SEATS.contains(n)) {
        let (min, max) = (G::SEATS.start(), G::SEATS.end());
        let allowed = if min == max {
            format!("exactly {min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(UsageError::Invalid(format!(
            "{} is played by {allowed} players, not {seats}",
            G::NAME
        )));
    }
    G::configure(config)
}

/// The rule set `config` names, or the game's default (its first); an unknown name is refused
/// with the list.
pub fn rule_set<G: Registered>(config: &GameConfig) -> Result<&'static str, UsageError> {
    match config.rules.as_deref() {
        None => Ok(G::RULE_SETS[0]),
        Some(name) => G::RULE_SETS
            .iter()
            .find(|&&r| r == name)
            .copied()
            .ok_or_else(|| UsageError::UnknownRules {
                name: name.to_string(),
                game: G::NAME,
                known: G::RULE_SETS.join(", "),
            }),
    }
}

/// Refuses any option `G` does not declare in [`Registered::OPTIONS`], naming those it has.
pub fn check_option_names<G: Registered>(config: &GameConfig) -> Result<(), UsageError> {
    match config
        .options
        .keys()
        .find(|name| !G::OPTIONS.iter().any(|o| o.name == name.as_str()))
    {
        None => Ok(()),
        Some(name) => {
            let known: Vec<&str> = G::OPTIONS.iter().map(|o| o.name).collect();
            Err(UsageError::UnknownOption {
                name: name.clone(),
                game: G::NAME,
                known: if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                },
            })
        }
    }
}

/// The value of option `name` parsed by `parse`, `None` when not given; a value `parse` refuses
/// is reported with the valid values of the option's [`OptionSpec`].
pub fn option<G: Registered, T>(
    config: &GameConfig,
    name: &'static str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, UsageError> {
    let Some(value) = config.options.get(name) else {
        return Ok(None);
    };
    let spec = G::OPTIONS
        .iter()
        .find(|o| o.name == name)
        .expect("games read only the options they declare");
    parse(value)
        .map(Some)
        .ok_or_else(|| UsageError::BadOptionValue {
            option: spec.name,
            value: value.clone(),
            game: G::NAME,
            valid: spec.values.to_string(),
        })
}

#[cfg(test)]
mod record_tests;
