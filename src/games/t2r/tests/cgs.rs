//! The `cgs` differences of §4, one by one, on the engine side.

use super::*;
use crate::games::t2r::Phase;
use crate::outcome::Termination;

/// Seat 0's first turn (a ticket draw keeping `mask`), after which play is free.
fn first_turn(game: &TicketToRide, state: &mut State, mask: u8) -> [u16; 3] {
    play(game, state, Action::DrawTickets);
    let offer = state.players[0].offer;
    play(game, state, Action::KeepTickets(mask));
    offer
}

/// A `cgs` game on the USA map after seat 0's first turn kept all three tickets: where the
/// tests of free play start.
fn after_first_turn(seed: u64) -> (TicketToRide, State) {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Cgs, seed);
    first_turn(&game, &mut state, 0b111);
    (game, state)
}

/// `after_first_turn` with exactly `row` face up and `top` next on the deck (see `set_cards`):
/// the start of the tests of the card supply.
fn with_cards(seed: u64, row: [Colour; 5], top: &[Colour]) -> (TicketToRide, State) {
    let (game, mut state) = after_first_turn(seed);
    set_cards(&mut state, row, top);
    (game, state)
}

#[test]
fn seat_0_must_open_with_tickets_and_seat_1_is_never_forced() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Cgs, 30);
    assert_eq!(state.phase(), Phase::TurnStart);
    assert!(state.tickets(0).is_empty() && state.tickets(1).is_empty());
    assert!(!game.is_legal(&state, 0, &Action::DrawBlind));
    let colour = state.face_up()[0].expect("full row");
    assert!(!game.is_legal(&state, 0, &Action::DrawColour(colour)));
    assert_eq!(
        game.legal_actions(&game.view(&state, 0)),
        vec![Action::DrawTickets]
    );
    play(&game, &mut state, Action::DrawTickets);
    assert_eq!(game.view(&state, 0).min_keep, 2, "holds no ticket yet");
    assert!(!game.is_legal(&state, 0, &Action::KeepTickets(0b100)));
    play(&game, &mut state, Action::KeepTickets(0b101));
    play(&game, &mut state, Action::DrawBlind);
    play(&game, &mut state, Action::DrawBlind);
    assert!(game.is_legal(&state, 0, &Action::DrawBlind));
    play(&game, &mut state, Action::DrawTickets);
    assert_eq!(game.view(&state, 0).min_keep, 1);
}

/// §6 check 8, `cgs` half: rejected tickets go on top, the last put back drawn first.
#[test]
fn returned_tickets_are_offered_next() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Cgs, 31);
    let offer = first_turn(&game, &mut state, 0b110);
    assert_eq!(state.ticket_pile().next(), Some(offer[0]));
    play(&game, &mut state, Action::DrawTickets);
    assert_eq!(game.view(&state, 1).offer[0], offer[0]);
    play(&game, &mut state, Action::KeepTickets(0b110));
    // Seat 0 returns two: the second put back ends on top.
    play(&game, &mut state, Action::DrawTickets);
    let offer = state.players[0].offer;
    play(&game, &mut state, Action::KeepTickets(0b100));
    play(&game, &mut state, Action::DrawTickets);
    assert_eq!(game.view(&state, 1).offer[..2], [offer[1], offer[0]]);
}

#[test]
fn an_offer_of_fewer_than_three_tickets_ends_the_game() {
    // Drawer holds as many tickets as the opponent (none): it wins.
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Cgs, 32);
    state.ticket_pile.truncate(2);
    play(&game, &mut state, Action::DrawTickets);
    let outcome = game.outcome(&state).expect("over");
    assert_eq!(
        (outcome.ranks, outcome.termination),
        (vec![1, 2], Termination::Exhausted)
    );
    // Drawer holds more: it loses.
    let (game, mut state) = after_first_turn(33);
    state.ticket_pile.truncate(1);
    play(&game, &mut state, Action::DrawTickets);
    assert_eq!(game.outcome(&state).expect("over").ranks, vec![2, 1]);
}

#[test]
fn running_out_of_cards_ends_the_game() {
    for (drawer_has_more, action) in [
        (true, Action::DrawBlind),
        (false, Action::DrawBlind),
        (true, Action::DrawColour(Colour::Red)),
    ] {
        let (game, mut state) = with_cards(34, [Colour::Red; 5], &[]);
        empty_deck_and_discard(&mut state, if drawer_has_more { 1 } else { 0 });
        assert!(game.is_legal(&state, 1, &action), "{action:?}");
        play(&game, &mut state, action);
        let outcome = game.outcome(&state).expect("over");
        let ranks = if drawer_has_more {
            vec![1, 2]
        } else {
            vec![2, 1]
        };
        assert_eq!(
            (outcome.ranks, outcome.termination),
            (ranks, Termination::Exhausted)
        );
    }
}

/// §4.6: the face-up card whose slot cannot be refilled is in the drawer's hand, but the contest
/// server compares hands without it. Seat 1 holds one card fewer than seat 0 before the draw, so
/// it wins; counting the card would make the hands equal and hand it the loss.
#[test]
fn the_face_up_card_that_empties_the_supply_does_not_count() {
    let (game, mut state) = with_cards(36, [Colour::Red; 5], &[]);
    empty_deck_and_discard(&mut state, 0);
    while state.players[1].hand_size() + 1 < state.players[0].hand_size() {
        let index = (0..9)
            .find(|&k| state.players[0].hand[k] > 0)
            .expect("seat 0 holds cards");
        state.players[0].hand[index] -= 1;
        state.players[1].hand[index] += 1;
    }
    assert_eq!(
        state.players[1].hand_size() + 1,
        state.players[0].hand_size()
    );
    play(&game, &mut state, Action::DrawColour(Colour::Red));
    let outcome = game.outcome(&state).expect("over");
    assert_eq!(state.players[1].hand_size(), state.players[0].hand_size());
    assert_eq!(
        (outcome.ranks, outcome.termination),
        (vec![2, 1], Termination::Exhausted)
    );
}

/// §4.6: the run-out ending takes precedence over "no locomotive as second card".
#[test]
fn running_out_beats_the_second_locomotive_check() {
    let row = [
        Colour::Locomotive,
        Colour::Red,
        Colour::Red,
        Colour::Red,
        Colour::Red,
    ];
    let (game, mut state) = with_cards(35, row, &[Colour::Green]);
    play(&game, &mut state, Action::DrawBlind);
    assert!(!game.is_legal(&state, 1, &Action::DrawColour(Colour::Locomotive)));
    empty_deck_and_discard(&mut state, 0);
    assert!(game.is_legal(&state, 1, &Action::DrawColour(Colour::Locomotive)));
    play(&game, &mut state, Action::DrawColour(Colour::Locomotive));
    assert!(game.outcome(&state).is_some());
}

#[test]
fn face_up_draws_name_a_colour() {
    let row = [
        Colour::Red,
        Colour::Blue,
        Colour::Blue,
        Colour::Red,
        Colour::Green,
    ];
    let (game, mut state) = with_cards(36, row, &[Colour::White, Colour::Yellow]);
    assert!(!game.is_legal(&state, 1, &Action::DrawColour(Colour::Black)));
    assert!(!game.is_legal(&state, 1, &Action::DrawSlot(1)));
    play(&game, &mut state, Action::DrawColour(Colour::Blue));
    assert_eq!(
        state.face_up()[1],
        Some(Colour::Yellow),
        "lowest blue slot refilled"
    );
    assert_eq!(state.face_up()[2], Some(Colour::Blue));
    let (official, off_state) = new_game(MapName::Usa, RuleSet::Official, 36);
    let colour = off_state.face_up()[0].expect("full row");
    assert!(!official.is_legal(&off_state, 0, &Action::DrawColour(colour)));
}

#[test]
fn claims_use_the_cgs_encoding() {
    let (game, mut state) = after_first_turn(37);
    let claim = |route, colour, locomotives| Action::Claim {
        route,
        colour,
        locomotives,
    };
    let miami = route_between(&game, "Atlanta", "Miami");
    set_hand(&mut state, 1, &[(Colour::Locomotive, 5), (Colour::Red, 1)]);
    assert!(game.is_legal(&state, 1, &claim(miami, Colour::Blue, 5)));
    assert!(!game.is_legal(&state, 1, &claim(miami, Colour::Locomotive, 5)));
    // Gray Atlanta–Charleston (2): c = Locomotive with any n ≤ L pays L locomotives.
    let gray = route_between(&game, "Atlanta", "Charleston");
    assert!(game.is_legal(&state, 1, &claim(gray, Colour::Locomotive, 0)));
    assert!(!game.is_legal(&state, 1, &claim(gray, Colour::Locomotive, 3)));
    let listed = game.legal_actions(&game.view(&state, 1));
    for n in 0..=2 {
        assert!(listed.contains(&claim(gray, Colour::Locomotive, n)));
    }
    assert!(listed.contains(&claim(gray, Colour::Red, 1)));
    play(&game, &mut state, claim(gray, Colour::Locomotive, 0));
    assert_eq!(state.hand(1)[Colour::Locomotive.index()], 3);
    state.check_invariants(&game).expect("conserved");
    set_hand(&mut state, 0, &[(Colour::Locomotive, 1)]);
    let nashville = route_between(&game, "Atlanta", "Nashville");
    assert!(game.is_legal(&state, 0, &claim(nashville, Colour::Locomotive, 0)));
    set_hand(&mut state, 0, &[(Colour::Red, 1)]);
    assert!(!game.is_legal(&state, 0, &claim(nashville, Colour::Locomotive, 0)));
}
