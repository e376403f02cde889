//! `test-illegal`, the hidden bot that exercises illegal-move adjudication: it plays a placement no
//! position accepts. It never plays a real game.
//! (`test-panic` is shared by every game, in `crate::bot`.)

use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;

/// On the start tile's cell, which is never empty.
pub const ILLEGAL: Action = Action {
    x: 0,
    y: 0,
    rot: 0,
    follower: None,
};

pub fn decide(_: &Carcassonne, _: &View, _: &mut Rng) -> Action {
    ILLEGAL
}
