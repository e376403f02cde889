//! One thing chance drew in Labyrinth, as records and replays keep it. A file of its own, so
//! the state that logs events and the notation that prints them need not import the
//! [`Chance`](crate::game::Chance) implementation that makes them.

use super::tile::Tile;

/// One chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// The board setup drew: `tiles` line by line, top line first, and the extra tile.
    Board {
        width: u8,
        height: u8,
        tiles: Vec<Tile>,
        extra: Tile,
    },
}
