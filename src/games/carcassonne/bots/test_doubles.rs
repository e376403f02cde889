//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it plays a placement no
//! position accepts. It never plays a real game.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::bot::{Bot, Simple};
use crate::game::Seat;
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;

pub struct Illegal;

impl Simple<Carcassonne> for Illegal {
    fn start(_: &Carcassonne, _: Seat, _: Rng) -> Self {
        Illegal
    }
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
