//! Engine tests too big to sit next to the code: hand-built positions with known answers
//! (`positions.rs`, `cgs.rs`) and properties over many seeded random games (`properties.rs`).

mod cgs;
mod illegal;
mod positions;
mod properties;
mod scoring;

use super::action::{Action, Colour};
use super::maps::MapName;
use super::state::State;
use super::{RuleSet, TicketToRide};
use crate::game::{Game, ToAct};
use crate::seed::Rng;
use rand::{RngExt, SeedableRng};

pub(super) fn game(map: MapName, rules: RuleSet) -> TicketToRide {
    TicketToRide::new(map, rules, super::DEFAULT_TURN_LIMIT)
}

pub(super) fn new_game(map: MapName, rules: RuleSet, seed: u64) -> (TicketToRide, State) {
    let game = game(map, rules);
    let state = game.new_state(Rng::seed_from_u64(seed));
    (game, state)
}

/// The seat to act; panics once the game is over.
pub(super) fn acting(game: &TicketToRide, state: &State) -> usize {
    match game.to_act(state) {
        ToAct::Seat(seat) => seat,
        other => panic!("no seat to act: {other:?}"),
    }
}

/// Plays `action` for the seat to act after checking that it is legal.
pub(super) fn play(game: &TicketToRide, state: &mut State, action: Action) {
    let seat = acting(game, state);
    assert!(
        game.is_legal(state, seat, &action),
        "{action:?} should be legal"
    );
    game.apply(state, seat, action);
}

/// A uniformly random legal action of the seat to act.
pub(super) fn random_action(game: &TicketToRide, state: &State, rng: &mut Rng) -> Action {
    let legal = game.legal_actions(&game.view(state, acting(game, state)));
    legal[rng.random_range(0..legal.len())]
}

/// Skips the `official` setup choice, both seats keeping all three tickets.
pub(super) fn keep_all_at_setup(game: &TicketToRide, state: &mut State) {
    play(game, state, Action::KeepTickets(0b111));
    play(game, state, Action::KeepTickets(0b111));
}

/// Brings a new USA game past the setup to seat 0 holding 4 blue cards, 5 locomotives and 5
/// red, with Atlanta–Miami (blue, length 5) free: a position where each rule of §3.5 can be
/// broken alone. Returns how to claim that route with a colour and some locomotives.
pub(super) fn atlanta_miami(
    game: &TicketToRide,
    state: &mut State,
) -> impl Fn(Colour, u8) -> Action + use<> {
    keep_all_at_setup(game, state);
    let hand = [(Colour::Blue, 4), (Colour::Locomotive, 5), (Colour::Red, 5)];
    set_hand(state, 0, &hand);
    let route = route_between(game, "Atlanta", "Miami");
    move |colour, locomotives| Action::Claim {
        route,
        colour,
        locomotives,
    }
}

/// Empties `seat`'s hand into the discard pile, then gives it exactly `cards`, taken from the
/// discard pile, deck or face-up row as needed so the 110 cards stay conserved.
pub(super) fn set_hand(state: &mut State, seat: usize, cards: &[(Colour, u8)]) {
    for (index, count) in state.players[seat].hand.iter_mut().enumerate() {
        state.discard[index] += *count;
        *count = 0;
    }
    state.players[seat].known = [0; 9];
    for &(colour, count) in cards {
        for _ in 0..count {
            take_card(state, colour);
            state.players[seat].hand[colour.index()] += 1;
        }
    }
}

/// Removes one card of `colour` from the discard pile, else the deck, else the other hand.
pub(super) fn take_card(state: &mut State, colour: Colour) {
    let index = colour.index();
    if state.discard[index] > 0 {
        state.discard[index] -= 1;
    } else if let Some(pos) = state.deck.iter().position(|&c| c == colour) {
        state.deck.remove(pos);
    } else if let Some(slot) = state.face_up.iter().position(|&c| c == Some(colour)) {
        state.face_up[slot] = None;
    } else {
        let other = (0..2)
            .find(|&s| state.players[s].hand[index] > 0)
            .expect("card somewhere");
        state.players[other].hand[index] -= 1;
    }
}

/// The route between two named cities.
pub(super) fn route_between(game: &TicketToRide, a: &str, b: &str) -> u8 {
    let map = game.map();
    let city = |name: &str| map.cities.iter().position(|c| c == name).expect("city") as u8;
    let (a, b) = (city(a).min(city(b)), city(a).max(city(b)));
    map.routes
        .iter()
        .find(|r| r.a == a && r.b == b)
        .expect("route")
        .id
}

/// Puts exactly `row` face up (old face-up cards go to the deck bottom), then stacks `top` on
/// the deck so the next cards drawn are known (last element drawn first).
pub(super) fn set_cards(state: &mut State, row: [Colour; 5], top: &[Colour]) {
    for slot in 0..5 {
        if let Some(card) = state.face_up[slot].take() {
            state.deck.insert(0, card);
        }
    }
    for (slot, &colour) in row.iter().enumerate() {
        take_card(state, colour);
        state.face_up[slot] = Some(colour);
    }
    for &colour in top {
        take_card(state, colour);
        state.deck.push(colour);
    }
}

/// A face-up row holding `cards` in its first slots and nothing in the rest: the engine's and
/// the bots' tests both set rows with empty slots, so they share this.
pub(in crate::games::t2r) fn face_up(cards: &[Colour]) -> [Option<Colour>; 5] {
    let mut row = [None; 5];
    for (slot, &card) in row.iter_mut().zip(cards) {
        *slot = Some(card);
    }
    row
}

/// Moves every card of the deck and the discard pile into `seat`'s hand.
pub(super) fn empty_deck_and_discard(state: &mut State, seat: usize) {
    for card in state.deck.drain(..) {
        state.players[seat].hand[card.index()] += 1;
    }
    for (index, count) in state.discard.iter_mut().enumerate() {
        state.players[seat].hand[index] += *count;
        *count = 0;
    }
}

/// The end of a game that ended by its rules: ranks 1 and 2, every score the sum of its parts
/// (routes + tickets + trail bonus), the reported scores equal to that sum, one extra value per
/// extra column, and the trail bonus given to at least one seat.
pub(in crate::games::t2r) fn check_final_scoring(game: &TicketToRide, state: &State) {
    let outcome = game.outcome(state).expect("over");
    let mut ranks = outcome.ranks.clone();
    ranks.sort_unstable();
    assert_eq!(ranks, vec![1, 2]);
    assert_eq!(game.to_act(state), ToAct::Over);
    let scores = super::scoring::score(game, state);
    for (seat, s) in scores.iter().enumerate() {
        assert_eq!(s.total, s.route_points + s.ticket_points + s.trail_bonus);
        assert!(s.tickets_completed <= s.tickets);
        assert_eq!(outcome.scores[seat], s.total);
        let extra = game.extra_values(state, seat);
        assert_eq!(extra.len(), game.extra_columns().len());
    }
    assert!(scores.iter().any(|s| s.trail_bonus == 10));
}
