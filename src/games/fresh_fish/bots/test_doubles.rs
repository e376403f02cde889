//! Hidden bots that exercise adjudication: one panics when asked to act (a crash), one places
//! a marker off the board (an illegal action whatever the phase).

use crate::bot::{Bot, Params};
use crate::game::Seat;
use crate::games::fresh_fish::{Action, FreshFish, View};
use crate::seed::Rng;

pub struct Panics;

pub fn make_panic(
    _: &FreshFish,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<FreshFish>>, String> {
    params.expect_none("test-panic")?;
    Ok(Box::new(Panics))
}

impl Bot<FreshFish> for Panics {
    fn act(&mut self, _: &FreshFish, _: &View) -> Action {
        panic!("test-panic: this bot panics on purpose when asked to act");
    }
}

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
