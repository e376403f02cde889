//! One thing chance drew in Fresh Fish, as records and replays keep it. A file of its own, so
//! the state that logs events and the notation that prints them need not import the
//! [`Chance`](crate::game::Chance) implementation that makes them.

use super::action::Tile;
use super::board::Kind;

/// One chance outcome, in the order the engine drew it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// Setup put the producer of `kind` on `cell` (row × 10 + column).
    Producer { kind: Kind, cell: u8 },
    /// A draw took this tile off the bag.
    Drew(Tile),
}
