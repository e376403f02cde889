//! `random` (§9.2), the server's RANDOM: a random insertion, then straight to its target if it
//! can, else to the reachable cell nearest to it. Random only in where it inserts.

use super::steps::{nearest_euclidean, random_insertion, target_cell};
use crate::games::labyrinth::{Action, Labyrinth, View};
use crate::seed::Rng;

pub fn decide(_: &Labyrinth, view: &View, rng: &mut Rng) -> Action {
    let (insertion, rotation) = random_insertion(&view.position, rng);
    let (after, reach) = view.after(insertion, rotation);
    let target = target_cell(&after, view.seat);
    let (x, y) = if reach.contains(target.0, target.1) {
        target
    } else {
        nearest_euclidean(&reach, target)
    };
    Action::new(insertion, rotation, (x, y))
}
