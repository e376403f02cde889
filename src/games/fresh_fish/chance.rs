//! What chance draws in Fresh Fish, for records and replays: the producers' cells at setup
//! (§3) and every tile out of the bag.

use super::FreshFish;
use super::action::Tile;
use super::board::Kind;
use super::rules;
use super::state::State;
use crate::game::{Chance, ChanceLog};
use crate::seed::Rng;

/// One chance outcome, in the order the engine drew it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// Setup put the producer of `kind` on `cell` (row × 10 + column).
    Producer { kind: Kind, cell: u8 },
    /// A draw took this tile off the bag.
    Drew(Tile),
}

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
