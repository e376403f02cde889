//! `random` (§10.2): a uniformly random placement, then uniformly `none` or one of the legal
//! follower options for that placement. Two draws, so placements are not weighted by how
//! many follower options they offer.

use super::random_placement;
use crate::game::Seat;
use crate::games::carcassonne::tiles::TILES;
use crate::games::carcassonne::{Action, Carcassonne, View};
use crate::seed::Rng;
use rand::RngExt;

/// The random policy, shared with rollouts: placement first, then the follower option.
pub fn random_action(
    view_board: &crate::games::carcassonne::Board,
    tile: u8,
    seat: Seat,
    rng: &mut Rng,
) -> Action {
    let mut action = random_placement(view_board, tile, rng);
    // The options are no follower, then each free segment in order; counted, not collected.
    let segs = u8::try_from(TILES[usize::from(tile)].segments()).expect("few segments");
    let free = match view_board.supply[seat] {
        0 => 0,
        _ => view_board.free_segments(tile, action.x, action.y, action.rot),
    };
    let free_segments = (0..segs).filter(move |s| free & (1 << s) != 0);
    let pick = rng.random_range(0..1 + free_segments.clone().count());
    action.follower = pick.checked_sub(1).map(|n| {
        free_segments
            .clone()
            .nth(n)
            .expect("the pick is below the count")
    });
    action
}

pub fn decide(_: &Carcassonne, view: &View, rng: &mut Rng) -> Action {
    let tile = view.tile.expect("asked to act with a drawn tile");
    random_action(&view.board, tile, view.seat, rng)
}
