//! `greedy` (§9.4.1): one ply over every insertion × rotation. It takes its target when some
//! insertion makes it reachable, else the insertion that leaves it nearest, and moves there.
//!
//! Choices where the rules are open: the distance is the Manhattan distance on the grid from
//! the nearest reachable cell (walls ignored), as §9.4.1 says, not a maze distance; the tie
//! rule "prefer the opponent's target not reachable" is refined to "prefer the opponent's
//! larger distance value", which agrees with it whenever it decides and also orders the
//! candidates it leaves tied. Remaining ties are broken uniformly with the bot's RNG.

use super::steps::{distance_value, nearest_manhattan, simulate};
use crate::game::Seat;
use crate::games::labyrinth::action::insertions;
use crate::games::labyrinth::{Action, Insertion, Labyrinth, Position, View};
use crate::seed::Rng;
use rand::RngExt;
use std::cmp::Reverse;

/// A candidate's rank, lower first: own distance value, then the opponent's, larger first.
type Key = (u32, Reverse<u32>);

pub fn decide(_: &Labyrinth, view: &View, rng: &mut Rng) -> Action {
    let position = &view.position;
    let (me, opponent) = (view.seat, 1 - view.seat);
    let board = &position.board;
    let mut best: Option<(Key, (Insertion, u8))> = None;
    let mut ties = 0u32;
    for insertion in insertions(board.width(), board.height(), position.forbidden()) {
        for rotation in 0..4 {
            let after = simulate(position, insertion, rotation);
            let value = distance_value(&after, &after.reach(me), me);
            if best.is_some_and(|((v, _), _)| value > v) {
                continue; // the opponent's distance only breaks ties
            }
            let theirs = distance_value(&after, &after.reach(opponent), opponent);
            let key = (value, Reverse(theirs));
            match best {
                Some((k, _)) if key > k => {}
                Some((k, _)) if key == k => {
                    // Reservoir sampling: each tied candidate is kept with equal chance.
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = Some((key, (insertion, rotation)));
                    }
                }
                _ => {
                    ties = 1;
                    best = Some((key, (insertion, rotation)));
                }
            }
        }
    }
    let (_, (insertion, rotation)) = best.expect("at least one insertion slot");
    let after = simulate(position, insertion, rotation);
    let (x, y) = destination(&after, me);
    Action::new(insertion, rotation, (x, y))
}

/// Onto the target if reachable, else the reachable cell nearest to it (Manhattan, first in
/// column-major order); when the target is on the extra tile there is nowhere to head for,
/// so the pawn stays.
pub fn destination(after: &Position, seat: Seat) -> (u8, u8) {
    let reach = after.reach(seat);
    match after
        .target(seat)
        .and_then(|item| after.board.find_item(item))
    {
        Some(target) => nearest_manhattan(&reach, target),
        None => after.pawns[seat],
    }
}
