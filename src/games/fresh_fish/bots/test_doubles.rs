//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it places a marker off
//! the board, illegal whatever the phase.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::games::fresh_fish::{Action, FreshFish, View};
use crate::seed::Rng;

/// Cell 200 is off the 10×10 board, so no phase accepts it.
pub const ILLEGAL_ACTION: Action = Action::PlaceMarker(200);

pub fn decide(_: &FreshFish, _: &View, _: &mut Rng) -> Action {
    ILLEGAL_ACTION
}
