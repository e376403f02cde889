//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it places a marker off
//! the board, illegal whatever the phase.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::bot::{Bot, Params};
use crate::game::Seat;
use crate::games::fresh_fish::{Action, FreshFish, View};
use crate::seed::Rng;

pub struct Illegal;

pub fn make_illegal(
    _: &FreshFish,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<FreshFish>>, String> {
    params.expect_none("test-illegal")?;
    Ok(Box::new(Illegal))
}

/// Cell 200 is off the 10×10 board, so no phase accepts it.
pub const ILLEGAL_ACTION: Action = Action::PlaceMarker(200);

impl Bot<FreshFish> for Illegal {
    fn act(&mut self, _: &FreshFish, _: &View) -> Action {
        ILLEGAL_ACTION
    }
}
