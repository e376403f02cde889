//! What chance draws in Carcassonne, for records and replays: the tiles out of the bag, in
//! order, unplaceable ones (discarded, §4 step 1) included.

use super::Carcassonne;
use super::state::State;
use crate::game::{Chance, ChanceLog};
use crate::seed::Rng;

/// One chance outcome, in the order the engine drew it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// A tile of this type letter (§2.3) came out of the bag.
    Drew(char),
}

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
