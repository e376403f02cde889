//! What a seat sees: everything (§8, perfect information), plus which seat it is, and the
//! last insertion a bot tried on it through [`View::after`], so the runner's legality check of
//! the action the bot then picks is a bit test instead of the same insertion and flood fill
//! again.

use super::action::Insertion;
use super::reach::Reach;
use super::state::Position;
use crate::game::Seat;
use std::cell::Cell;

#[derive(Clone, Debug)]
pub struct View {
    pub seat: Seat,
    pub position: Position,
    /// The last [`View::after`]: its insertion, rotation and the cells `seat` could reach.
    /// Written only by the engine's own code here, from `position`, so it is as true as a
    /// fresh flood; a clone carries it, a refilled view starts without it.
    tried: Cell<Option<Tried>>,
}

#[derive(Clone, Copy, Debug)]
struct Tried {
    insertion: Insertion,
    rotation: u8,
    reach: Reach,
}

impl View {
    pub fn new(seat: Seat, position: Position) -> View {
        View {
            seat,
            position,
            tried: Cell::new(None),
        }
    }

    /// This view made over for `seat` in `position`, forgetting what was tried on the last.
    pub fn refill(&mut self, seat: Seat, position: &Position) {
        self.seat = seat;
        self.position = *position;
        self.tried.set(None);
    }

    /// The position after inserting the extra tile turned `rotation` at `insertion` (a slot
    /// of the board), and the cells the seat's pawn can then reach; remembered for
    /// [`View::reach_after`].
    pub fn after(&self, insertion: Insertion, rotation: u8) -> (Position, Reach) {
        let mut after = self.position;
        after.insert(insertion, rotation);
        let reach = after.reach(self.seat);
        self.tried.set(Some(Tried {
            insertion,
            rotation,
            reach,
        }));
        (after, reach)
    }

    /// The seat's reachable cells after `insertion` turned `rotation`, if the last
    /// [`View::after`] computed them.
    pub fn reach_after(&self, insertion: Insertion, rotation: u8) -> Option<Reach> {
        self.tried
            .get()
            .filter(|t| t.insertion == insertion && t.rotation == rotation)
            .map(|t| t.reach)
    }
}
