//! The games `tourney` knows. This is the only module that names all of them, and the one
//! place where the generic runner is instantiated for each game type (no `dyn Game`, so the
//! hot loop inlines).

pub mod carcassonne;
pub mod fresh_fish;
pub mod labyrinth;
pub mod notation;
pub mod t2r;

use crate::bot::BotEntry;
use crate::error::UsageError;
use crate::external::Wire;
use crate::game::Game;
use crate::replay::Picture;
use std::collections::BTreeMap;

/// An option a game accepts, for `tourney list` and validation.
pub struct OptionSpec {
    pub name: &'static str,
    /// What values look like, for help and error messages (e.g. `usa, small, europe`).
    pub values: &'static str,
    pub default: &'static str,
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
pub trait Registered: Game + Wire + Picture + Sized {
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
    /// Every bot of the game, hidden test doubles included.
    fn bots() -> &'static [BotEntry<Self>];
    /// The bot `cgs:NAME` names: a seat played by a contest client connected through
    /// `run --serve` (`crate::serve`), for the games that speak the contest's protocol.
    fn contest_client() -> Option<&'static BotEntry<Self>> {
        None
    }
}

/// One row of the registry: a game, described without naming its type.
pub struct GameEntry {
    pub name: &'static str,
    pub summary: &'static str,
    pub rule_sets: &'static [&'static str],
    pub options: &'static [OptionSpec],
    pub seats: std::ops::RangeInclusive<usize>,
    /// (name, summary) of the visible bots.
    pub bots: fn() -> Vec<(&'static str, &'static str)>,
    /// Whether a bot of this name exists, hidden test doubles included.
    pub has_bot: fn(&str) -> bool,
    /// Checks a configuration without running anything.
    pub check: fn(&GameConfig) -> Result<(), UsageError>,
    /// Plays a validated plan for this game; see `app::run`.
    pub run: crate::app::RunFn,
    /// Replays one of its records; see `app::replay`.
    pub replay: crate::app::ReplayFn,
    /// Tunes a bot's parameters; see `app::tune`.
    pub tune: crate::app::TuneFn,
    /// Times its `mcts` for `tourney bench`; `None` for a game without search bots.
    pub search_speed: Option<crate::app::SearchSpeedFn>,
}

impl GameEntry {
    pub fn of<G: Registered>() -> GameEntry {
        GameEntry {
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
            check: |config| configure::<G>(config).map(drop),
            run: crate::app::run_game::<G>,
            replay: crate::app::replay_game::<G>,
            tune: crate::app::tune_game::<G>,
            search_speed: None,
        }
    }

    /// [`GameEntry::of`] a game with search bots (`mcts`).
    pub fn searchable<G: crate::search::Search>() -> GameEntry
    where
        G::Action: Eq + std::hash::Hash,
    {
        GameEntry {
            search_speed: Some(crate::app::search_speed::<G>),
            ..GameEntry::of::<G>()
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

/// Every game, in the order `tourney list` shows them. The first is the default.
pub fn all() -> Vec<GameEntry> {
    vec![
        GameEntry::of::<t2r::TicketToRide>(),
        GameEntry::searchable::<labyrinth::Labyrinth>(),
        GameEntry::searchable::<carcassonne::Carcassonne>(),
        GameEntry::searchable::<fresh_fish::FreshFish>(),
    ]
}

/// `tourney serve` for the games whose contest clients speak the contest server's protocol
/// (`docs/contest-protocol.md`); `None` for the others.
pub fn cgs_server(name: &str) -> Option<crate::serve::ServeFn> {
    match name {
        t2r::TicketToRide::NAME => Some(crate::serve::training::serve::<t2r::TicketToRide>),
        labyrinth::Labyrinth::NAME => Some(crate::serve::training::serve::<labyrinth::Labyrinth>),
        _ => None,
    }
}

/// Finds a game by its CLI name.
pub fn find(name: &str) -> Result<GameEntry, UsageError> {
    let games = all();
    let known = games.iter().map(|g| g.name).collect::<Vec<_>>().join(", ");
    games
        .into_iter()
        .find(|g| g.name == name)
        .ok_or_else(|| UsageError::UnknownGame {
            name: name.to_string(),
            known,
        })
}

#[cfg(test)]
mod record_tests;
