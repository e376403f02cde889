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
fn level_state(rules: RuleSet, seed: u64) -> (TicketToRide, State) {
    let (game, mut state) = new_game(MapName::Usa, rules, seed);
    for seat in 0..2 {
        let offered = usize::from(state.players[seat].offer_len);
        let offer = state.players[seat].offer;
        state.ticket_pile.extend(&offer[..offered]);
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

/// Gives `seat` one more ticket (incomplete, so it costs its points) and route points that
/// make up for it, keeping the totals level.
fn hold_an_incomplete_ticket(game: &TicketToRide, state: &mut State, seat: usize) {
    let ticket = state.ticket_pile.pop_back().expect("tickets");
    state.players[seat].tickets.push(ticket);
    state.players[seat].route_points += game.map().tickets[usize::from(ticket)].points;
}

/// The ranks of a level game under `rules` once seat 1 claims Calgary–Helena (7 route points
/// and the longer trail, with its bonus) and seat 0 gets 17 route points: equal totals, so the
/// tie-break of `rules` decides. Both rule sets are tested on this position.
fn ranks_with_seat_1_on_the_longer_trail(rules: RuleSet, seed: u64) -> Vec<u8> {
    let (game, mut state) = level_state(rules, seed);
    claim_for(&game, &mut state, 1, "Calgary", "Helena");
    state.players[0].route_points = 17;
    ranks(&game, &mut state)
}

#[test]
fn cgs_equal_totals_go_to_the_longer_trail() {
    // Seat 1: 7 route points + 10 bonus; seat 0 gets 17 route points and no bonus.
    assert_eq!(
        ranks_with_seat_1_on_the_longer_trail(RuleSet::Cgs, 21),
        vec![2, 1]
    );
}

#[test]
fn cgs_then_more_tickets_held() {
    let (game, mut state) = level_state(RuleSet::Cgs, 22);
    hold_an_incomplete_ticket(&game, &mut state, 0);
    assert_eq!(ranks(&game, &mut state), vec![1, 2]);
}

#[test]
fn cgs_then_fewer_cards_in_hand() {
    let (game, mut state) = level_state(RuleSet::Cgs, 23);
    let card = state.deck.pop().expect("cards");
    state.players[0].hand[card.index()] += 1;
    assert_eq!(ranks(&game, &mut state), vec![2, 1]);
}

/// The published tie-break: most completed tickets first, even against the longer trail.
#[test]
fn official_equal_totals_go_to_more_completed_tickets_before_the_trail() {
    let (game, mut state) = level_state(RuleSet::Official, 24);
    for (a, b) in [
        ("Calgary", "Helena"),
        ("Helena", "Salt Lake City"),
        ("Salt Lake City", "Denver"),
        ("Denver", "Kansas City"),
    ] {
        claim_for(&game, &mut state, 0, a, b);
    }
    // Seat 1 completes ticket 2 (Calgary–Salt Lake City, 7) on a shorter network of its own;
    // seat 0 has the longer trail (14 against 11), no ticket and the same total.
    claim_for(&game, &mut state, 1, "Calgary", "Seattle");
    claim_for(&game, &mut state, 1, "Seattle", "Portland");
    claim_for(&game, &mut state, 1, "Portland", "Salt Lake City");
    state.players[1].tickets.push(2);
    let [a, b] = score(&game, &state);
    assert!(a.longest_trail > b.longest_trail && b.tickets_completed == 1);
    state.players[0].route_points += b.total - a.total;
    assert_eq!(ranks(&game, &mut state), vec![2, 1]);
}

#[test]
fn official_then_the_longer_trail_then_a_coin_toss_not_the_handout_chain() {
    assert_eq!(
        ranks_with_seat_1_on_the_longer_trail(RuleSet::Official, 25),
        vec![2, 1]
    );
    // Tickets held and cards in hand do not break ties in `official`: with seat 0 ahead on both
    // (the handout's criteria) the toss must still go either way over a few seeds.
    let mut winners = [0; 2];
    for seed in 0..40 {
        let (game, mut state) = level_state(RuleSet::Official, seed);
        hold_an_incomplete_ticket(&game, &mut state, 0);
        let card = state.deck.pop().expect("cards");
        state.players[1].hand[card.index()] += 1;
        winners[usize::from(ranks(&game, &mut state)[0] == 2)] += 1;
    }
    assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
}

#[test]
fn then_a_reproducible_coin_toss() {
    let mut winners = [0; 2];
    for seed in 0..40 {
        let rules = RuleSet::ALL[seed as usize % 2];
        let (game, mut state) = level_state(rules, seed);
        let mut again = state.clone();
        let first = ranks(&game, &mut state);
        assert_eq!(first, ranks(&game, &mut again), "same RNG, same toss");
        winners[usize::from(first[0] == 2)] += 1;
    }
    assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
}
