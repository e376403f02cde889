//! Fresh Fish, the project variant of `docs/rules/fresh-fish.md`: a 10×10 board, producers
//! A–E, 2 to 5 seats, markers, a tile bag, sealed-bid auctions and roads that appear by
//! themselves. Lower scores are better.
//!
//! Where things are: cells and contents in `board.rs`, the road rule in `roads/` (the naive
//! oracle and the one-search algorithm the engine uses), decisions and tiles in `action.rs`,
//! the full position in `state.rs`, the rules in `rules.rs`, auctions in `auction.rs`,
//! scoring in `scoring.rs`, what a seat sees in `view.rs`, the `Game` wiring in `engine.rs`,
//! and one file per bot in `bots/`.

pub mod action;
pub mod auction;
pub mod board;
pub mod bots;
pub mod chance;
pub mod chance_event;
mod engine;
mod notation;
mod picture;
pub mod roads;
mod rules;
pub mod scoring;
mod self_test;
pub mod state;
pub mod view;
mod wire;

pub use action::{Action, BagCounts, Tile};
pub use board::{Board, Content, Kind};
pub use state::{Phase, State};
pub use view::View;

use crate::error::UsageError;
use crate::game::GameInfo;
use crate::games::{GameConfig, OptionSpec, Registered, check_option_names, option, rule_set};

/// Default number of tree tiles in the bag (§1).
pub const DEFAULT_TREES: u8 = 20;
/// Default turns per player before the turn limit ends the game (§8).
pub const DEFAULT_TURN_LIMIT: u32 = 500;

/// A configured Fresh Fish game: seats, trees in the bag and turn limit.
#[derive(Clone, Debug)]
pub struct FreshFish {
    info: GameInfo,
    trees: u8,
    turn_limit: u32,
}

impl FreshFish {
    /// Panics outside 2..=5 seats: `configure` checks user input.
    pub fn new(seats: usize, trees: u8, turn_limit: u32) -> FreshFish {
        assert!(
            (2..=5).contains(&seats),
            "Fresh Fish seats 2 to 5, not {seats}"
        );
        FreshFish {
            info: GameInfo {
                name: "fresh-fish",
                rules: "project",
                options: vec![
                    ("trees", trees.to_string()),
                    ("turn_limit", turn_limit.to_string()),
                ],
                seats,
                lower_score_is_better: true,
            },
            trees,
            turn_limit,
        }
    }

    pub fn seats(&self) -> usize {
        self.info.seats
    }

    pub fn trees(&self) -> u8 {
        self.trees
    }

    /// Turns per player; the game stops after this many times the number of seats.
    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }
}

impl Registered for FreshFish {
    const NAME: &'static str = "fresh-fish";
    const SUMMARY: &'static str = "Fresh Fish, project variant, 2-5 players, lower score wins (rules: docs/rules/fresh-fish.md)";
    const RULE_SETS: &'static [&'static str] = &["project"];
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            name: "trees",
            values: "tree tiles in the bag, 0 to 100",
            default: "20",
        },
        crate::games::TURN_LIMIT_OPTION,
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=5;

    fn configure(config: &GameConfig) -> Result<Self, UsageError> {
        rule_set::<Self>(config)?;
        check_option_names::<Self>(config)?;
        let trees = option::<Self, _>(config, "trees", |v| {
            v.parse().ok().filter(|&n: &u8| n <= 100)
        })?
        .unwrap_or(DEFAULT_TREES);
        let turn_limit = crate::games::turn_limit::<Self>(config, DEFAULT_TURN_LIMIT)?;
        let seats = config.seats.unwrap_or(2);
        Ok(FreshFish::new(seats, trees, turn_limit))
    }
}

#[cfg(test)]
mod tests;

impl crate::bot::BotTable for FreshFish {
    fn bots() -> &'static [crate::bot::BotEntry<Self>] {
        bots::BOTS
    }
}
