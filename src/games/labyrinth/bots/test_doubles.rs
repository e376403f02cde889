//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it inserts at an even
//! index, which no board allows.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::games::labyrinth::{Action, Labyrinth, Side, View};
use crate::seed::Rng;

/// Column 0 is fixed on every board: an even index is always illegal (§6.1).
pub const ILLEGAL_INSERTION: Action = Action {
    side: Side::ColumnTop,
    index: 0,
    rotation: 0,
    x: 0,
    y: 0,
};

pub fn decide(_: &Labyrinth, _: &View, _: &mut Rng) -> Action {
    ILLEGAL_INSERTION
}
