//! Final scoring and the tie-break chain (§3.9, §3.10, §6 check 10) on hand-built endings.

use super::*;
use crate::games::t2r::scoring::{finish_scored, score};
use crate::outcome::Termination;

fn claim_for(game: &TicketToRide, state: &mut State, seat: usize, a: &str, b: &str) {
    let route = &game.map().routes[usize::from(route_between(game, a, b))];
    state.owners[usize::from(route.id)] = seat as u8;
    state.players[seat].trains -= route.length;
    state.players[seat].route_points += route.points();
}

#[test]
fn tickets_score_through_several_routes_and_incomplete_ones_subtract() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 20);
    claim_for(&game, &mut state, 0, "Calgary", "Helena");
    claim_for(&game, &mut state, 0, "Helena", "Salt Lake City");
    // Ticket 2 is Calgary–Salt Lake City (7), ticket 1 Calgary–Phoenix (13).
    state.players[0].tickets = vec![2, 1];
    let s = score(&game, &state)[0];
    assert_eq!(
        (s.ticket_points, s.tickets_completed, s.tickets),
        (7 - 13, 1, 2)
    );
    assert_eq!(
        (s.route_points, s.longest_trail, s.trail_bonus),
        (7 + 4, 7, 10)
    );
    assert_eq!(s.total, 11 - 6 + 10);
    assert_eq!(score(&game, &state)[1].trail_bonus, 0);
}

/// A finished position with equal totals so far: no routes, no tickets, 4 cards each.
fn level_state(seed: u64) -> (TicketToRide, State) {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, seed);
    for seat in 0..2 {
        let offer = state.players[seat].offer;
        state.ticket_pile.extend(offer);
        state.players[seat].offer_len = 0;
    }
    (game, state)
}

fn ranks(game: &TicketToRide, state: &mut State) -> Vec<u8> {
    let totals = score(game, state).map(|s| s.total);
    assert_eq!(totals[0], totals[1], "equal totals");
    finish_scored(game, state, Termination::Normal);
    game.outcome(state).expect("over").ranks
}

#[test]
fn equal_totals_go_to_the_longer_trail() {
    let (game, mut state) = level_state(21);
    claim_for(&game, &mut state, 1, "Calgary", "Helena");
    // Seat 1: 7 route points + 10 bonus; seat 0 gets 17 route points and no bonus.
    state.players[0].route_points = 17;
    assert_eq!(ranks(&game, &mut state), vec![2, 1]);
}

#[test]
fn then_more_tickets_held() {
    let (game, mut state) = level_state(22);
    let ticket = state.ticket_pile.pop_back().expect("tickets");
    state.players[0].tickets.push(ticket);
    state.players[0].route_points = game.map().tickets[usize::from(ticket)].points;
    assert_eq!(ranks(&game, &mut state), vec![1, 2]);
}

#[test]
fn then_fewer_cards_in_hand() {
    let (game, mut state) = level_state(23);
    let card = state.deck.pop().expect("cards");
    state.players[0].hand[card.index()] += 1;
    assert_eq!(ranks(&game, &mut state), vec![2, 1]);
}

#[test]
fn then_a_reproducible_coin_toss() {
    let mut winners = [0; 2];
    for seed in 0..40 {
        let (game, mut state) = level_state(seed);
        let mut again = state.clone();
        let first = ranks(&game, &mut state);
        assert_eq!(first, ranks(&game, &mut again), "same RNG, same toss");
        winners[usize::from(first[0] == 2)] += 1;
    }
    assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
}
