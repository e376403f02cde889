//! Hidden bots that exercise adjudication: one panics when asked to act (a crash), one inserts
//! at an even index, which no board allows (an illegal action).

use crate::bot::{Bot, Params};
use crate::game::Seat;
use crate::games::labyrinth::{Action, Labyrinth, Side, View};
use crate::seed::Rng;

pub struct Panics;

pub fn make_panic(
    _: &Labyrinth,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Labyrinth>>, String> {
    params.expect_none("test-panic")?;
    Ok(Box::new(Panics))
}

impl Bot<Labyrinth> for Panics {
    fn act(&mut self, _: &Labyrinth, _: &View) -> Action {
        panic!("test-panic: this bot panics on purpose when asked to act");
    }
}

pub struct Illegal;

pub fn make_illegal(
    _: &Labyrinth,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Labyrinth>>, String> {
    params.expect_none("test-illegal")?;
    Ok(Box::new(Illegal))
}

/// Column 0 is fixed on every board: an even index is always illegal (§6.1).
pub const ILLEGAL_INSERTION: Action = Action {
    side: Side::ColumnTop,
    index: 0,
    rotation: 0,
    x: 0,
    y: 0,
};

impl Bot<Labyrinth> for Illegal {
    fn act(&mut self, _: &Labyrinth, _: &View) -> Action {
        ILLEGAL_INSERTION
    }
}
