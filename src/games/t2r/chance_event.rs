//! One thing chance drew in Ticket to Ride, as records and replays keep it. A file of its own, so
//! the state that logs events and the notation that prints them need not import the
//! [`Chance`](crate::game::Chance) implementation that makes them.

use super::action::Colour;
use crate::game::Seat;

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
