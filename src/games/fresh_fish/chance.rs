//! What chance draws in Fresh Fish, for records and replays: the producers' cells at setup
//! (§3) and every tile out of the bag.

use super::FreshFish;
use super::chance_event::ChanceEvent;
use super::rules;
use super::state::State;
use crate::game::{Chance, ChanceLog};
use crate::seed::Rng;

impl Chance for FreshFish {
    type Event = ChanceEvent;

    fn describe_event(&self, event: &ChanceEvent) -> String {
        super::notation::event(event)
    }

    fn new_logged_state(&self, chance: Rng) -> State {
        rules::new_state(self, chance, ChanceLog::on())
    }

    fn chance_log(state: &mut State) -> Option<&mut ChanceLog<ChanceEvent>> {
        Some(&mut state.chance)
    }
}
