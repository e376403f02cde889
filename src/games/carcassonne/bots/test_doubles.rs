//! Hidden bots that exercise adjudication: one panics when asked to act (a crash), one plays
//! a placement no position accepts (an illegal action). Neither ever plays a real game.

use crate::bot::{Bot, Params};
use crate::game::Seat;
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;

pub struct Panics;

pub fn make_panic(
    _: &Carcassonne,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Carcassonne>>, String> {
    params.expect_none("test-panic")?;
    Ok(Box::new(Panics))
}

impl Bot<Carcassonne> for Panics {
    fn act(&mut self, _: &Carcassonne, _: &View) -> Action {
        panic!("test-panic: this bot panics on purpose when asked to act");
    }
}

pub struct Illegal;

pub fn make_illegal(
    _: &Carcassonne,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<Carcassonne>>, String> {
    params.expect_none("test-illegal")?;
    Ok(Box::new(Illegal))
}

/// On the start tile's cell, which is never empty.
pub const ILLEGAL: Action = Action {
    x: 0,
    y: 0,
    rot: 0,
    follower: None,
};

impl Bot<Carcassonne> for Illegal {
    fn act(&mut self, _: &Carcassonne, _: &View) -> Action {
        ILLEGAL
    }
}
