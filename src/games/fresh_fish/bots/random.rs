//! `random` (§10.1): a fair coin between placing and drawing when both are legal, then a
//! uniformly random cell, marker or bid.

use crate::games::fresh_fish::board::bits;
use crate::games::fresh_fish::{Action, FreshFish, Phase, View};
use crate::seed::Rng;
use rand::RngExt;

/// A uniformly random cell of `set`.
fn pick(rng: &mut Rng, set: u128) -> u8 {
    let n = set.count_ones() as usize;
    let cell = bits(set)
        .nth(rng.random_range(0..n))
        .expect("a cell of the set");
    u8::try_from(cell).expect("cell index < 100")
}

pub fn decide(_: &FreshFish, view: &View, rng: &mut Rng) -> Action {
    match view.phase {
        Phase::Turn => {
            let cells = view.placement_cells();
            match (cells != 0, view.can_draw()) {
                (true, true) if rng.random_bool(0.5) => Action::Draw,
                (true, _) => Action::PlaceMarker(pick(rng, cells)),
                (false, true) => Action::Draw,
                (false, false) => Action::Pass,
            }
        }
        Phase::BuildTree | Phase::BuildShop { .. } => Action::Build(pick(rng, view.my_markers())),
        Phase::Auction(_) => Action::Bid(rng.random_range(0..=view.me().coins)),
        Phase::Over => unreachable!("nobody acts once the game is over"),
    }
}
