//! What chance draws in Carcassonne, for records and replays: the tiles out of the bag, in
//! order, unplaceable ones (discarded, §4 step 1) included.

use super::Carcassonne;
use super::chance_event::ChanceEvent;
use super::state::State;
use crate::game::{Chance, ChanceLog};
use crate::seed::Rng;

impl Chance for Carcassonne {
    type Event = ChanceEvent;

    fn describe_event(&self, event: &ChanceEvent) -> String {
        super::notation::event(event)
    }

    fn new_logged_state(&self, mut chance: Rng) -> State {
        State::new_logged(self.seats, &mut chance, ChanceLog::on())
    }

    fn chance_log(state: &mut State) -> Option<&mut ChanceLog<ChanceEvent>> {
        Some(&mut state.chance)
    }
}
