//! The Fresh Fish bots of rules §10, one file each, and the table that names them. `estimate`
//! holds the est(x, T) distances they share.

pub mod estimate;
mod greedy;
pub mod lookahead;
mod random;
mod test_doubles;

use super::FreshFish;
use crate::bot::BotEntry;

pub use test_doubles::ILLEGAL_ACTION;

/// Every Fresh Fish bot, in the order `tourney list` shows them.
pub const BOTS: &[BotEntry<FreshFish>] = &[
    BotEntry {
        name: "random",
        summary: "Coin flip between placing and drawing; random cells, markers and bids",
        hidden: false,
        make: random::make,
        params: crate::bot::no_params,
    },
    BotEntry {
        name: "greedy",
        summary: "Reserves cells nearest needed producers, draws once one is close, bids half the saving",
        hidden: false,
        make: greedy::make,
        params: crate::bot::no_params,
    },
    BotEntry {
        name: "lookahead",
        summary: "Simulates each action with the road rule and maximises its lead over the best opponent",
        hidden: false,
        make: lookahead::make,
        params: crate::bot::no_params,
    },
    BotEntry {
        name: "mcts",
        summary: "Information-set MCTS over sampled bag orders, sealed bids decoupled (see README)",
        hidden: false,
        make: crate::search::make::<FreshFish>,
        params: crate::search::params::<FreshFish>,
    },
    crate::bot::test_panic(),
    crate::tune::test_optimum(),
    BotEntry {
        name: "test-illegal",
        summary: "Test double: places a marker off the board",
        hidden: true,
        make: test_doubles::make_illegal,
        params: crate::bot::no_params,
    },
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<FreshFish>> {
    BOTS.iter().find(|entry| entry.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Params;
    use crate::seed::{Stream, rng};

    #[test]
    fn table_lists_the_bots_then_hidden_doubles() {
        let names: Vec<_> = BOTS.iter().map(|b| (b.name, b.hidden)).collect();
        assert_eq!(
            names,
            [
                ("random", false),
                ("greedy", false),
                ("lookahead", false),
                ("mcts", false),
                ("test-panic", true),
                ("test-optimum", true),
                ("test-illegal", true),
            ]
        );
        assert!(find("greedy").is_some() && find("gredy").is_none());
    }

    #[test]
    fn every_bot_refuses_parameters() {
        let mut params = Params::default();
        params.0.insert("bogus".into(), "3".into());
        let game = FreshFish::new(2, 20, 500);
        for entry in BOTS {
            let err = (entry.make)(&game, 0, rng(1, 2, Stream::Seat(0)), &params).err();
            assert!(err.is_some_and(|e| e.contains(entry.name) && e.contains("bogus")));
        }
    }
}
