//! Ticket-choice pieces shared by the bots: masks over the offer, the cheapest of it, and the
//! `cgs` first-turn rule that makes most bots open with action C.

use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Phase, RuleSet};

/// At most three tickets are ever offered (§3.6).
pub const MAX_OFFER: usize = 3;

/// Keeps every offered ticket.
pub fn keep_all(view: &View) -> Action {
    Action::KeepTickets((1u8 << view.offer.len()) - 1)
}

/// Keeps only the first offered ticket.
pub fn keep_first() -> Action {
    Action::KeepTickets(1)
}

/// Keeps the `count` cheapest tickets; the earlier offered wins ties (so all-∞ keeps the first).
pub fn keep_cheapest(costs: &[u32], count: usize) -> Action {
    let mut order = [0usize, 1, 2];
    let order = &mut order[..costs.len()];
    order.sort_by_key(|&i| (costs[i], i));
    Action::KeepTickets(order.iter().take(count).fold(0, |mask, &i| mask | 1 << i))
}

/// Whether this is the seat's first turn in `cgs`, where random, nice and greedy draw tickets
/// whichever seat they have (seat 0 must; seat 1 chooses to).
pub fn is_cgs_first_turn(view: &View) -> bool {
    view.rules == RuleSet::Cgs && view.phase == Phase::TurnStart && view.turns_taken[view.seat] == 0
}

/// Whether this ticket choice is the first one of the game: the setup choice, or in `cgs` the
/// choice made while holding no ticket.
pub fn is_first_choice(view: &View) -> bool {
    view.phase == Phase::SetupTickets || view.tickets.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::path::INFINITE_COST;

    #[test]
    fn cheapest_with_earlier_offered_on_ties() {
        assert_eq!(keep_cheapest(&[9, 4, 4], 1), Action::KeepTickets(0b010));
        assert_eq!(keep_cheapest(&[9, 4, 4], 2), Action::KeepTickets(0b110));
        assert_eq!(keep_cheapest(&[4, 9, 4], 2), Action::KeepTickets(0b101));
        let inf = INFINITE_COST;
        assert_eq!(
            keep_cheapest(&[inf, inf, inf], 1),
            Action::KeepTickets(0b001)
        );
        assert_eq!(keep_cheapest(&[inf, 3], 2), Action::KeepTickets(0b011));
    }
}
