//! `random` (§10.1): a fair coin between placing and drawing when both are legal, then a
//! uniformly random cell, marker or bid.

use crate::bot::{Bot, Simple};
use crate::game::Seat;
use crate::games::fresh_fish::board::bits;
use crate::games::fresh_fish::{Action, FreshFish, Phase, View};
use crate::seed::Rng;
use rand::RngExt;

pub struct RandomBot {
    rng: Rng,
}

impl Simple<FreshFish> for RandomBot {
    fn start(_: &FreshFish, _: Seat, rng: Rng) -> Self {
        RandomBot { rng }
    }
}

impl RandomBot {
    fn pick(&mut self, set: u128) -> u8 {
        let n = set.count_ones() as usize;
        let cell = bits(set)
            .nth(self.rng.random_range(0..n))
            .expect("a cell of the set");
        u8::try_from(cell).expect("cell index < 100")
    }
}

impl Bot<FreshFish> for RandomBot {
    fn act(&mut self, _: &FreshFish, view: &View) -> Action {
        match view.phase {
            Phase::Turn => {
                let cells = view.placement_cells();
                match (cells != 0, view.can_draw()) {
                    (true, true) if self.rng.random_bool(0.5) => Action::Draw,
                    (true, _) => Action::PlaceMarker(self.pick(cells)),
                    (false, true) => Action::Draw,
                    (false, false) => Action::Pass,
                }
            }
            Phase::BuildTree | Phase::BuildShop { .. } => {
                Action::Build(self.pick(view.my_markers()))
            }
            Phase::Auction(_) => Action::Bid(self.rng.random_range(0..=view.me().coins)),
            Phase::Over => unreachable!("nobody acts once the game is over"),
        }
    }
}
