//! What chance draws in Ticket to Ride, for records and replays: the deal, every card off the
//! deck (to a hand or a face-up slot), every ticket offer, reshuffles of the discard pile and
//! the coin that breaks a complete tie.

use super::TicketToRide;
use super::chance_event::ChanceEvent;
use super::rules;
use super::state::State;
use crate::game::{Chance, ChanceLog};
use crate::seed::Rng;

impl Chance for TicketToRide {
    type Event = ChanceEvent;

    fn describe_event(&self, event: &ChanceEvent) -> String {
        super::notation::event(self, event)
    }

    fn new_logged_state(&self, chance: Rng) -> State {
        rules::new_state(self, chance, ChanceLog::on())
    }

    fn chance_log(state: &mut State) -> Option<&mut ChanceLog<ChanceEvent>> {
        Some(&mut state.chance)
    }
}
