//! `do-nothing` (§5.1), the contest server's DO_NOTHING: it only ever draws cards, choosing
//! them at random. In `cgs` as seat 0 that first card draw is illegal, so it loses at once.

use super::random_card::random_card;
use super::tickets::keep_first;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Phase, TicketToRide};
use crate::seed::Rng;

pub fn decide(game: &TicketToRide, view: &View, rng: &mut Rng) -> Action {
    match view.phase {
        Phase::SetupTickets => Action::KeepTickets(0b011),
        // Only reached through the `official` card fallback.
        Phase::ChooseTickets => keep_first(),
        Phase::TurnStart | Phase::SecondCard => random_card(game.map(), view, rng),
    }
}
