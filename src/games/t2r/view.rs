//! What one Ticket to Ride seat may know (rules §3.12), and nothing else.

use super::RuleSet;
use super::action::{Action, Colour, Phase};
use crate::game::Seat;

/// Marks an unclaimed route in [`View::owners`].
pub const UNCLAIMED: u8 = u8::MAX;

/// The position as seen by `seat`. Owned and copied out of the state, so a bot cannot reach
/// hidden parts; it is also everything [`crate::game::Resample`] needs to redraw them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub seat: Seat,
    pub rules: RuleSet,
    /// The decision asked for.
    pub phase: Phase,
    /// Completed turns of each seat (setup choice excluded). `turns_taken[seat] == 0` at
    /// `TurnStart` means this is the seat's first turn (the `cgs` first-turn rule).
    pub turns_taken: [u32; 2],
    /// Own hand: count per colour, indexed by `Colour::index()`.
    pub hand: [u8; 9],
    /// Own tickets in the order acquired (ticket ids of the map).
    pub tickets: Vec<u16>,
    /// Tickets offered to this seat now (at setup or after `DrawTickets`), in offer order.
    pub offer: Vec<u16>,
    /// Minimum number of offered tickets to keep now (0 outside a ticket choice).
    pub min_keep: u8,
    /// Route owner per `track_id`: a seat, or [`UNCLAIMED`].
    pub owners: Vec<u8>,
    /// Face-up row, slots 0-4; `None` for an empty slot.
    pub face_up: [Option<Colour>; 5],
    pub deck_len: u16,
    /// Discard pile composition, per colour index (public).
    pub discard: [u8; 9],
    pub ticket_pile_len: u16,
    /// Trains left per seat.
    pub trains: [u8; 2],
    /// Train cards in hand per seat.
    pub hand_sizes: [u8; 2],
    /// Tickets held per seat (not which).
    pub tickets_held: [u8; 2],
    /// Route points scored so far per seat (public: claims are public).
    pub route_points: [i32; 2],
    /// Cards the opponent is known to hold: face-up cards it took, less what it was later seen
    /// paying. A lower bound on its hand, for resampling.
    pub opponent_known: [u8; 9],
    /// Whether the final round has started.
    pub final_round: bool,
    /// This turn's first card, when the phase is `SecondCard`.
    pub first_card: Option<Colour>,
}

impl View {
    pub fn opponent(&self) -> Seat {
        1 - self.seat
    }

    pub fn my_trains(&self) -> u8 {
        self.trains[self.seat]
    }

    pub fn is_unclaimed(&self, route: usize) -> bool {
        self.owners[route] == UNCLAIMED
    }

    pub fn is_mine(&self, route: usize) -> bool {
        usize::from(self.owners[route]) == self.seat
    }

    pub fn locomotives(&self) -> u8 {
        self.hand[Colour::Locomotive.index()]
    }

    /// The lowest face-up slot showing `colour`.
    pub fn face_up_slot(&self, colour: Colour) -> Option<u8> {
        self.face_up
            .iter()
            .position(|c| *c == Some(colour))
            .map(|slot| u8::try_from(slot).expect("5 slots"))
    }

    /// The action that takes a face-up card of `colour` in this rule set's encoding: `cgs` names
    /// the colour, `official` the lowest slot showing it. `None` if it is not face up.
    pub fn take_face_up(&self, colour: Colour) -> Option<Action> {
        let slot = self.face_up_slot(colour)?;
        Some(match self.rules {
            RuleSet::Official => Action::DrawSlot(slot),
            RuleSet::Cgs => Action::DrawColour(colour),
        })
    }

    /// Whether a blind draw is possible (deck or discard not empty).
    pub fn can_draw_blind(&self) -> bool {
        self.deck_len > 0 || self.discard.iter().any(|&n| n > 0)
    }
}
