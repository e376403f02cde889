//! What one seat may know (rules §9): everything but the order of the bag.

use super::board::Board;
use crate::game::Seat;

/// The position as seen by `seat`. The board, followers, supplies, scores, the drawn tile and
/// the bag's composition are public; it is also everything resampling needs.
#[derive(Clone, Debug)]
pub struct View {
    pub seat: Seat,
    /// The seat to place the drawn tile; `None` once the game is over.
    pub to_act: Option<Seat>,
    pub board: Board,
    /// The drawn tile (type id), to be placed by `to_act`.
    pub tile: Option<u8>,
    /// Tiles still in the bag, per type id (the drawn tile excluded).
    pub remaining: [u8; 24],
    /// Discarded tiles, in order.
    pub discards: Vec<u8>,
}

impl View {
    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.remaining.iter().map(|&n| usize::from(n)).sum()
    }
}
