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
use crate::seed::Rng;
use rand::RngExt;

pub use test_doubles::ILLEGAL;

/// Every Carcassonne bot, in the order `tourney list` shows them.
pub const BOTS: &[BotEntry<Carcassonne>] = &[
    BotEntry::policy(
        "random-tile",
        "A uniformly random legal placement, never a follower",
        random_tile::decide,
    ),
    BotEntry::policy(
        "random",
        "A uniformly random placement, then uniformly no follower or a legal one",
        random::decide,
    ),
    BotEntry::new(
        "greedy",
        "One ply: own score minus the best opponent's, open features and farms included",
        greedy::make,
    )
    .tunable(greedy::params),
    crate::search::entry(
        "Information-set MCTS over sampled tile draws (parameters: docs/guide/search-bots.md)",
    ),
    crate::bot::doubles::test_panic(),
    crate::bot::doubles::test_optimum(),
    crate::bot::doubles::test_illegal(
        "Test double: always places on the start tile's cell",
        test_doubles::decide,
    ),
];

/// The bot table row named `name`.
pub fn find(name: &str) -> Option<&'static BotEntry<Carcassonne>> {
    BOTS.iter().find(|entry| entry.name == name)
}

/// Legal placements of `tile`, without followers, in the §4 order.
pub fn placements(board: &Board, tile: u8) -> impl Iterator<Item = Action> + '_ {
    board.fitting(tile).flat_map(move |(x, y, fitting)| {
        (0..4)
            .filter(move |r| fitting & (1 << r) != 0)
            .map(move |rot| Action::new(x, y, rot, None))
    })
}

/// A uniformly random legal placement of `tile`, without a follower. The placements are
/// counted, then walked to the drawn one, rather than collected: no allocation per decision.
pub fn random_placement(board: &Board, tile: u8, rng: &mut Rng) -> Action {
    let count = placements(board, tile).count();
    let pick = rng.random_range(0..count);
    placements(board, tile)
        .nth(pick)
        .expect("the pick is below the count")
}
