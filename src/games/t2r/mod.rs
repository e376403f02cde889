//! Ticket to Ride for two players, as `docs/rules/ticket-to-ride.md` specifies: rule sets
//! `official` and `cgs`, maps `usa`, `small` and `europe`, and the contest's bots.
//!
//! Where things are: the board data in `maps.rs`, decisions in `action.rs`, what a seat sees in
//! `view.rs`, the full position in `state.rs`, the rules in `rules.rs`, scoring and the longest
//! trail in `scoring.rs` and `trail.rs`, and one file per bot in `bots/`.

pub mod action;
pub mod bots;
mod cgs_wire;
pub mod chance;
pub mod chance_event;
mod engine;
mod illegal;
pub mod maps;
mod notation;
mod picture;
mod places;
mod resample;
mod rules;
mod scoring;
mod search;
mod self_test;
mod state;
pub mod trail;
pub mod view;
mod wire;

pub use action::{Action, Colour, Phase};
pub use maps::{Map, MapName};
pub use state::State;
pub use view::View;

use crate::game::GameInfo;
use std::sync::Arc;

/// Default number of turns per player before the safety turn limit ends the game (§3.7).
pub const DEFAULT_TURN_LIMIT: u32 = 500;

/// The two rule sets of the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    /// The published two-player game, plus the safety rules of §3.7.
    Official,
    /// The contest server's behaviour (§4).
    Cgs,
}

impl RuleSet {
    pub const ALL: [RuleSet; 2] = [RuleSet::Official, RuleSet::Cgs];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleSet::Official => "official",
            RuleSet::Cgs => "cgs",
        }
    }

    pub fn parse(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// A configured Ticket to Ride game: rule set, board and turn limit.
#[derive(Clone, Debug)]
pub struct TicketToRide {
    info: GameInfo,
    map: Map,
    /// The map's route ids longest first ([`bots::random::longest_first`]), sorted once here
    /// and shared by every `random` and `nice` of every game instead of sorted by each.
    longest_first: Arc<[u8]>,
    rules: RuleSet,
    turn_limit: u32,
}

impl TicketToRide {
    pub fn new(map: MapName, rules: RuleSet, turn_limit: u32) -> TicketToRide {
        let map = Map::load(map, rules);
        TicketToRide {
            info: GameInfo {
                name: "t2r",
                rules: rules.as_str(),
                options: vec![
                    ("map", map.name.as_str().to_string()),
                    ("turn_limit", turn_limit.to_string()),
                ],
                seats: 2,
                lower_score_is_better: false,
            },
            longest_first: bots::random::longest_first(&map).into(),
            map,
            rules,
            turn_limit,
        }
    }

    /// The board, with this rule set's corrections applied.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The map's route ids longest first, map order on ties.
    pub fn longest_first(&self) -> &Arc<[u8]> {
        &self.longest_first
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }
}

impl crate::games::Registered for TicketToRide {
    const NAME: &'static str = "t2r";
    const SUMMARY: &'static str = "Ticket to Ride, 2 players (rules: docs/rules/ticket-to-ride.md)";
    const RULE_SETS: &'static [&'static str] = &["official", "cgs"];
    const OPTIONS: &'static [crate::games::OptionSpec] = &[
        crate::games::OptionSpec {
            name: "map",
            values: "usa, small, europe",
            default: "usa",
        },
        crate::games::TURN_LIMIT_OPTION,
    ];

    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;

    fn configure(config: &crate::games::GameConfig) -> Result<Self, crate::error::UsageError> {
        use crate::games::{check_option_names, option, rule_set};
        let rules = RuleSet::parse(rule_set::<Self>(config)?).expect("listed rule sets parse");
        check_option_names::<Self>(config)?;
        let map = option::<Self, _>(config, "map", MapName::parse)?.unwrap_or(MapName::Usa);
        let turn_limit = crate::games::turn_limit::<Self>(config, DEFAULT_TURN_LIMIT)?;
        Ok(TicketToRide::new(map, rules, turn_limit))
    }
}

#[cfg(test)]
mod tests;

impl crate::bot::BotTable for TicketToRide {
    fn bots() -> &'static [crate::bot::BotEntry<Self>] {
        bots::BOTS
    }
}
