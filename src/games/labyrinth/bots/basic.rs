//! `basic` (§9.3), the server's BASIC: tries every insertion × rotation in a shuffled order
//! and plays the first that makes its target reachable; else the last candidate, moving to
//! the reachable cell nearest the target. No look-ahead, no defence.

use super::steps::{nearest_euclidean, target_cell};
use crate::games::labyrinth::action::insertions;
use crate::games::labyrinth::{Action, Labyrinth, View};
use crate::seed::Rng;
use rand::seq::SliceRandom;

pub fn decide(_: &Labyrinth, view: &View, rng: &mut Rng) -> Action {
    let position = &view.position;
    let board = &position.board;
    let mut candidates: Vec<_> = insertions(board.width(), board.height(), position.forbidden())
        .into_iter()
        .flat_map(|insertion| (0..4).map(move |rotation| (insertion, rotation)))
        .collect();
    candidates.shuffle(rng);
    for &(insertion, rotation) in &candidates {
        let (after, reach) = view.after(insertion, rotation);
        let target = target_cell(&after, view.seat);
        // The quirk of §9.3 falls out here: an item pushed off makes the target the
        // bot's own cell, which is always reachable.
        if reach.contains(target.0, target.1) {
            return Action::new(insertion, rotation, target);
        }
    }
    let &(insertion, rotation) = candidates.last().expect("at least one insertion slot");
    let (after, reach) = view.after(insertion, rotation);
    let target = target_cell(&after, view.seat);
    Action::new(insertion, rotation, nearest_euclidean(&reach, target))
}
