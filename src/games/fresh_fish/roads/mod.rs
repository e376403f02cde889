//! The road rule of §6: after setup and after every build, every critical cell (an
//! articulation point of the traversable graph, or the only traversable neighbour of a
//! building) becomes a road, and a marker on it goes back to its owner.
//!
//! Two algorithms compute the critical set: [`naive`] (one search per free cell, §6.2), kept as
//! the reference oracle for tests, and [`fast`] (one depth-first search with depths and
//! low-points, §6.3), which the engine and the bots use. Both take any sound rectangle.

pub mod fast;
pub mod naive;

#[cfg(test)]
mod tests;

use super::board::{Board, Cells, Content, bits};

pub use fast::critical_cells;
pub use naive::critical_cells_naive;

/// Turns every critical cell of `board` into a road and calls `returned(seat)` for each marker
/// that goes back to its owner. Returns the cells converted. One pass is enough (§6.1): roads
/// are traversable, so converting them changes nothing the computation looked at.
pub fn apply_road_rule(board: &mut Board, mut returned: impl FnMut(u8)) -> Cells {
    let critical = critical_cells(board);
    for cell in bits(critical) {
        if let Content::Marker(seat) = board.get(cell) {
            returned(seat);
        }
        board.set(cell, Content::Road);
    }
    critical
}
