//! `random-tile` (§10.1): a uniformly random legal placement, never a follower. The weakest
//! rung of the ladder: it scores only through nothing at all, which makes it a floor.

use super::random_placement;
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;

pub fn decide(_: &Carcassonne, view: &View, rng: &mut Rng) -> Action {
    let tile = view.tile.expect("asked to act with a drawn tile");
    random_placement(&view.board, tile, rng)
}
