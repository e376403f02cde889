//! `do-nothing` (§5.1), the contest server's DO_NOTHING: it only ever draws cards, choosing
//! them at random. In `cgs` as seat 0 that first card draw is illegal, so it loses at once.

use super::random_card::random_card;
use super::tickets::keep_first;
use crate::bot::{Bot, Simple};
use crate::game::Seat;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Phase, TicketToRide};
use crate::seed::Rng;

pub struct DoNothing {
    rng: Rng,
}

impl Simple<TicketToRide> for DoNothing {
    fn start(_: &TicketToRide, _: Seat, rng: Rng) -> Self {
        DoNothing { rng }
    }
}

impl Bot<TicketToRide> for DoNothing {
    fn act(&mut self, game: &TicketToRide, view: &View) -> Action {
        match view.phase {
            Phase::SetupTickets => Action::KeepTickets(0b011),
            // Only reached through the `official` card fallback.
            Phase::ChooseTickets => keep_first(),
            Phase::TurnStart | Phase::SecondCard => random_card(game.map(), view, &mut self.rng),
        }
    }
}
