//! Carcassonne, the base game for 2 to 5 players with 3rd-edition scoring and farmers, as
//! `docs/rules/carcassonne.md` specifies.
//!
//! Where things are: the 72-tile set as data in `tiles.rs`; the public position (grid, open
//! cells, placement legality, joining) in `board.rs`; merged feature records (union-find) in
//! `features.rs`; scoring during and at the end of the game in `scoring.rs`; the bag and turn
//! order in `state.rs`; what a seat sees in `view.rs`; a turn in `action.rs`; the `Game` and
//! `Resample` impls in `rules.rs`; greedy's value of a candidate, worked out without copying
//! the board, in `value.rs`; one file per bot in `bots/`.

pub mod action;
pub mod board;
pub mod bots;
pub mod chance;
pub mod chance_event;
pub mod features;
mod notation;
mod picture;
pub mod rules;
pub mod scoring;
mod self_test;
pub mod state;
pub mod tiles;
pub mod value;
pub mod view;
mod wire;

pub use action::Action;
pub use board::Board;
pub use state::State;
pub use view::View;

use crate::error::UsageError;
use crate::game::GameInfo;
use crate::games::{GameConfig, OptionSpec, Registered, check_option_names, rule_set};

/// A configured Carcassonne game: only the number of seats varies.
#[derive(Clone, Debug)]
pub struct Carcassonne {
    info: GameInfo,
    seats: usize,
}

impl Carcassonne {
    /// A game for `seats` players (2 to 5).
    pub fn new(seats: usize) -> Carcassonne {
        assert!(Self::SEATS.contains(&seats), "Carcassonne seats 2 to 5");
        Carcassonne {
            info: GameInfo {
                name: Self::NAME,
                rules: "base",
                options: Vec::new(),
                seats,
                lower_score_is_better: false,
            },
            seats,
        }
    }

    pub fn seats(&self) -> usize {
        self.seats
    }
}

impl Registered for Carcassonne {
    const NAME: &'static str = "carcassonne";
    const SUMMARY: &'static str =
        "Carcassonne base game, 2-5 players, farmers (rules: docs/rules/carcassonne.md)";
    const RULE_SETS: &'static [&'static str] = &["base"];
    const OPTIONS: &'static [OptionSpec] = &[];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=5;

    fn configure(config: &GameConfig) -> Result<Self, UsageError> {
        rule_set::<Self>(config)?;
        check_option_names::<Self>(config)?;
        let seats = config.seats.unwrap_or(2);
        Ok(Carcassonne::new(seats))
    }
}

#[cfg(test)]
mod tests;

impl crate::bot::BotTable for Carcassonne {
    fn bots() -> &'static [crate::bot::BotEntry<Self>] {
        bots::BOTS
    }
}
