//! What a seat sees: everything (§8, perfect information), plus which seat it is.

use super::state::Position;
use crate::game::Seat;

#[derive(Clone, Debug)]
pub struct View {
    pub seat: Seat,
    pub position: Position,
}
