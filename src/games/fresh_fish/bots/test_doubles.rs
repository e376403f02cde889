//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it places a marker off
//! the board, illegal whatever the phase.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::bot::{Bot, Simple};
use crate::game::Seat;
use crate::games::fresh_fish::{Action, FreshFish, View};
use crate::seed::Rng;

pub struct Illegal;

impl Simple<FreshFish> for Illegal {
    fn start(_: &FreshFish, _: Seat, _: Rng) -> Self {
        Illegal
    }
}

/// Cell 200 is off the 10×10 board, so no phase accepts it.
pub const ILLEGAL_ACTION: Action = Action::PlaceMarker(200);

impl Bot<FreshFish> for Illegal {
    fn act(&mut self, _: &FreshFish, _: &View) -> Action {
        ILLEGAL_ACTION
    }
}
