//! `random-tile` (§10.1): a uniformly random legal placement, never a follower. The weakest
//! rung of the ladder: it scores only through nothing at all, which makes it a floor.

use super::placements;
use crate::bot::{Bot, Simple};
use crate::game::Seat;
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;
use rand::RngExt;

pub struct RandomTile {
    rng: Rng,
}

impl Simple<Carcassonne> for RandomTile {
    fn start(_: &Carcassonne, _: Seat, rng: Rng) -> Self {
        RandomTile { rng }
    }
}

impl Bot<Carcassonne> for RandomTile {
    fn act(&mut self, _: &Carcassonne, view: &View) -> Action {
        let tile = view.tile.expect("asked to act with a drawn tile");
        let options = placements(&view.board, tile);
        options[self.rng.random_range(0..options.len())]
    }
}
