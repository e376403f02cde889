//! `random` (§9.2), the server's RANDOM: a random insertion, then straight to its target if it
//! can, else to the reachable cell nearest to it. Random only in where it inserts.

use super::steps::{nearest_euclidean, random_insertion, simulate, target_cell};
use crate::bot::{Bot, Simple};
use crate::game::Seat;
use crate::games::labyrinth::{Action, Labyrinth, View};
use crate::seed::Rng;

pub struct Random {
    rng: Rng,
}

impl Simple<Labyrinth> for Random {
    fn start(_: &Labyrinth, _: Seat, rng: Rng) -> Self {
        Random { rng }
    }
}

impl Bot<Labyrinth> for Random {
    fn act(&mut self, _: &Labyrinth, view: &View) -> Action {
        let (insertion, rotation) = random_insertion(&view.position, &mut self.rng);
        let after = simulate(&view.position, insertion, rotation);
        let target = target_cell(&after, view.seat);
        let reach = after.reach(view.seat);
        let (x, y) = if reach.contains(target.0, target.1) {
            target
        } else {
            nearest_euclidean(&reach, target)
        };
        Action {
            side: insertion.side,
            index: insertion.index,
            rotation,
            x,
            y,
        }
    }
}
