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
    BotEntry::policy(
        "random",
        "Coin flip between placing and drawing; random cells, markers and bids",
        random::decide,
    ),
    BotEntry::policy(
        "greedy",
        "Reserves cells nearest needed producers, draws once one is close, bids half the saving",
        greedy::decide,
    ),
    BotEntry::new(
        "lookahead",
        "Simulates each action with the road rule and maximises its lead over the best opponent (risk tuned)",
        lookahead::make,
    )
    .tunable(lookahead::params),
    crate::search::entry(
        "Information-set MCTS over sampled bag orders, sealed bids decoupled (see docs/guide/search-bots.md)",
    ),
    crate::bot::doubles::test_panic(),
    crate::bot::doubles::test_optimum(),
    crate::bot::doubles::test_illegal(
        "Test double: places a marker off the board",
        test_doubles::decide,
    ),
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<FreshFish>> {
    BOTS.iter().find(|entry| entry.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
