//! What chance draws in Ticket to Ride, for records and replays: the deal, every card off the
//! deck (to a hand or a face-up slot), every ticket offer, reshuffles of the discard pile and
//! the coin that breaks a complete tie.

use super::TicketToRide;
use super::action::Colour;
use super::rules;
use super::state::State;
use crate::game::{Chance, ChanceLog, Seat};
use crate::seed::Rng;

/// One chance outcome, in the order the engine drew it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// The top card of the deck went to `seat`'s hand (the setup deal, a blind draw).
    Dealt { seat: Seat, colour: Colour },
    /// The top card of the deck filled face-up `slot` (setup, refills, redeals).
    FaceUp { slot: usize, colour: Colour },
    /// The `cards` of the discard pile were shuffled into the empty deck.
    Reshuffle { cards: u16 },
    /// The top tickets of the pile were offered to `seat`, in offer order.
    Tickets { seat: Seat, tickets: Vec<u16> },
    /// A tie on every criterion was broken by a coin (§3.10): `winner` ranks first.
    CoinToss { winner: Seat },
}

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
