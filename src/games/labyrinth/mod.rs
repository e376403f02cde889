//! Labyrinth (*Das verrückte Labyrinth*) for two players with every treasure known, as
//! `docs/rules/labyrinth.md` specifies: rule sets `cgs` (the contest server's generator, any
//! odd size from 7×7 to 13×13) and `classic` (the 7×7 box), and the contest's bots.
//!
//! Where things are: tiles and rotation in `tile.rs`, the board and its shifting insertion in
//! `board.rs`, bitboard reachability in `reach.rs`, the two initial boards in `generator.rs`,
//! turns in `action.rs`, the public position in `state.rs`, the turn rules in `rules.rs`, the
//! `Game` impl in `engine.rs`, and one file per bot in `bots/`.

pub mod action;
pub mod board;
pub mod bots;
mod cgs_wire;
pub mod chance;
pub mod chance_event;
mod engine;
pub mod generator;
mod notation;
mod picture;
pub mod reach;
mod rules;
mod self_test;
pub mod state;
pub mod tile;
pub mod view;
mod wire;

pub use action::{Action, Insertion, Side};
pub use board::Board;
pub use state::{Position, State};
pub use tile::{Shape, Tile};
pub use view::View;

use crate::error::UsageError;
use crate::game::GameInfo;
use crate::games::{GameConfig, OptionSpec, Registered, check_option_names, option, rule_set};

/// Default turns per player before the safety turn limit ends the game (§7).
pub const DEFAULT_TURN_LIMIT: u32 = 500;

/// The two rule sets of the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    /// The contest server's generator (§3): random or chosen size, no straight tiles.
    Cgs,
    /// The physical 7×7 box (§4).
    Classic,
}

impl RuleSet {
    pub const ALL: [RuleSet; 2] = [RuleSet::Cgs, RuleSet::Classic];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleSet::Cgs => "cgs",
            RuleSet::Classic => "classic",
        }
    }

    pub fn parse(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// A configured Labyrinth game. The board size lives on the board, not here: in `cgs`
/// without a `size` option every game draws its own.
#[derive(Clone, Debug)]
pub struct Labyrinth {
    info: GameInfo,
    rules: RuleSet,
    /// (L, H) forced by the `size` option; `None` draws them per game (`cgs`) or is 7×7.
    size: Option<(u8, u8)>,
    turn_limit: u32,
}

impl Labyrinth {
    /// A configured game. `size` is only meaningful for `cgs`; [`Registered::configure`]
    /// refuses it with `classic` (§1).
    pub fn new(rules: RuleSet, size: Option<(u8, u8)>, turn_limit: u32) -> Labyrinth {
        let size_text = match (rules, size) {
            (RuleSet::Classic, _) => "7x7".to_string(),
            (RuleSet::Cgs, Some((w, h))) => format!("{w}x{h}"),
            (RuleSet::Cgs, None) => "random".to_string(),
        };
        Labyrinth {
            info: GameInfo {
                name: "labyrinth",
                rules: rules.as_str(),
                options: vec![("size", size_text), ("turn_limit", turn_limit.to_string())],
                seats: 2,
                lower_score_is_better: false,
            },
            rules,
            size,
            turn_limit,
        }
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }
}

/// Parses `LxH` with each side odd, 7 to 13.
pub fn parse_size(text: &str) -> Option<(u8, u8)> {
    let (w, h) = text.split_once(['x', 'X'])?;
    let side = |s: &str| {
        s.parse::<u8>()
            .ok()
            .filter(|n| generator::SIDES.contains(n))
    };
    Some((side(w)?, side(h)?))
}

impl Registered for Labyrinth {
    const NAME: &'static str = "labyrinth";
    const SUMMARY: &'static str =
        "Labyrinth, 2 players, all treasures known (rules: docs/rules/labyrinth.md)";
    const RULE_SETS: &'static [&'static str] = &["cgs", "classic"];
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            name: "size",
            values: "LxH, each odd from 7 to 13, e.g. 9x13 (cgs only)",
            default: "random",
        },
        crate::games::TURN_LIMIT_OPTION,
    ];
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;

    fn configure(config: &GameConfig) -> Result<Self, UsageError> {
        let rules = RuleSet::parse(rule_set::<Self>(config)?).expect("listed rule sets parse");
        check_option_names::<Self>(config)?;
        let size = option::<Self, _>(config, "size", parse_size)?;
        let turn_limit = crate::games::turn_limit::<Self>(config, DEFAULT_TURN_LIMIT)?;
        if rules == RuleSet::Classic && size.is_some() {
            return Err(UsageError::Invalid(
                "labyrinth: the size option is for the cgs rule set only; classic is always 7x7"
                    .to_string(),
            ));
        }
        Ok(Labyrinth::new(rules, size, turn_limit))
    }
}

#[cfg(test)]
mod tests;

impl crate::bot::BotTable for Labyrinth {
    fn bots() -> &'static [crate::bot::BotEntry<Self>] {
        bots::BOTS
    }
}
