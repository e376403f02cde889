//! `random` (§10.2): a uniformly random placement, then uniformly `none` or one of the legal
//! follower options for that placement. Two draws, so placements are not weighted by how
//! many follower options they offer.

use super::placements;
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
    let options = placements(view_board, tile);
    let mut action = options[rng.random_range(0..options.len())];
    let mut followers: Vec<Option<u8>> = vec![None];
    if view_board.supply[seat] > 0 {
        let free = view_board.free_segments(tile, action.x, action.y, action.rot);
        let segs = u8::try_from(TILES[usize::from(tile)].segments()).expect("few segments");
        followers.extend((0..segs).filter(|s| free & (1 << s) != 0).map(Some));
    }
    action.follower = followers[rng.random_range(0..followers.len())];
    action
}

pub fn decide(_: &Carcassonne, view: &View, rng: &mut Rng) -> Action {
    let tile = view.tile.expect("asked to act with a drawn tile");
    random_action(&view.board, tile, view.seat, rng)
}
