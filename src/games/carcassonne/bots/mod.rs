//! The Carcassonne bots of rules §10, one file each, and the table that names them. All
//! randomness comes from the bot's own stream.

mod greedy;
mod random;
mod random_tile;
mod test_doubles;

use super::Carcassonne;
use super::action::Action;
use super::board::Board;
use crate::bot::BotEntry;

pub use test_doubles::ILLEGAL;

/// Every Carcassonne bot, in the order `tourney list` shows them.
pub const BOTS: &[BotEntry<Carcassonne>] = &[
    BotEntry {
        name: "random-tile",
        summary: "A uniformly random legal placement, never a follower",
        hidden: false,
        make: random_tile::make,
        params: crate::bot::no_params,
    },
    BotEntry {
        name: "random",
        summary: "A uniformly random placement, then uniformly no follower or a legal one",
        hidden: false,
        make: random::make,
        params: crate::bot::no_params,
    },
    BotEntry {
        name: "greedy",
        summary: "One ply: own score minus the best opponent's, open features and farms included",
        hidden: false,
        make: greedy::make,
        params: crate::bot::no_params,
    },
    BotEntry {
        name: "mcts",
        summary: "Information-set MCTS over sampled tile draws (parameters: see README)",
        hidden: false,
        make: crate::search::make::<Carcassonne>,
        params: crate::search::params::<Carcassonne>,
    },
    crate::bot::test_panic(),
    crate::tune::test_optimum(),
    BotEntry {
        name: "test-illegal",
        summary: "Test double: always places on the start tile's cell",
        hidden: true,
        make: test_doubles::make_illegal,
        params: crate::bot::no_params,
    },
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<Carcassonne>> {
    BOTS.iter().find(|entry| entry.name == name)
}

/// Legal placements of `tile`, without followers, in the §4 order.
pub fn placements(board: &Board, tile: u8) -> Vec<Action> {
    let mut out = Vec::new();
    for &(y, x) in board.frontier() {
        let fitting = board.rotations(tile, x, y);
        for rot in (0..4).filter(|r| fitting & (1 << r) != 0) {
            out.push(Action::new(x, y, rot, None));
        }
    }
    out
}
