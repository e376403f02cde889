//! `dont-move` (§9.1), the server's DONTMOVE: a random insertion, then it stays where it is.
//! Its pawn starts on a fixed corner, so it never moves and never plays illegally.

use super::steps::{random_insertion, simulate};
use crate::games::labyrinth::{Action, Labyrinth, View};
use crate::seed::Rng;

pub fn decide(_: &Labyrinth, view: &View, rng: &mut Rng) -> Action {
    let (insertion, rotation) = random_insertion(&view.position, rng);
    // The position after the shift: on a corner it is the current one, and it is always
    // reachable even if a hand-built position put the pawn on a movable line.
    let (x, y) = simulate(&view.position, insertion, rotation).pawns[view.seat];
    Action::new(insertion, rotation, (x, y))
}
