//! Hand-built `official` positions with known answers: double routes, face-up locomotives,
//! the three-locomotive redeal, reshuffles, the final round, ticket scoring and tie-breaks.

use super::*;
use crate::games::t2r::Phase;
use crate::outcome::Termination;

/// §6 check 7: after one track of a double route is claimed, by either seat and with either
/// track's colour, the route is closed to both seats.
#[test]
fn claiming_either_track_closes_a_double_route() {
    for track in 0..2 {
        let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 1);
        keep_all_at_setup(&game, &mut state);
        let route = game
            .map()
            .routes
            .iter()
            .find(|r| r.is_double() && !r.is_gray())
            .expect("a coloured double route")
            .clone();
        let length = route.length;
        let (mine, other) = (route.colours[track], route.colours[1 - track]);
        set_hand(&mut state, 0, &[(mine, length), (other, length)]);
        set_hand(&mut state, 1, &[(mine, length), (other, length)]);
        let claim = |colour| Action::Claim {
            route: route.id,
            colour,
            locomotives: 0,
        };
        assert!(game.is_legal(&state, 0, &claim(other)));
        play(&game, &mut state, claim(mine));
        assert_eq!(state.owners()[usize::from(route.id)], 0);
        for colour in [mine, other] {
            assert!(!game.is_legal(&state, 1, &claim(colour)));
        }
        play(&game, &mut state, Action::DrawBlind);
        play(&game, &mut state, Action::DrawBlind);
        for colour in [mine, other] {
            assert!(!game.is_legal(&state, 0, &claim(colour)));
        }
        state.check_invariants(&game).expect("conserved");
    }
}

/// Claim legality of §3.5 one item at a time, on Atlanta–Miami (Blue, length 5).
#[test]
fn illegal_claims_are_refused() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 2);
    let claim = atlanta_miami(&game, &mut state);
    assert!(game.is_legal(&state, 0, &claim(Colour::Blue, 1)));
    assert!(
        game.is_legal(&state, 0, &claim(Colour::Blue, 5)),
        "pure locos, colour named"
    );
    assert!(game.is_legal(&state, 0, &claim(Colour::Locomotive, 5)));
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Blue, 0)),
        "only 4 blue"
    );
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Red, 0)),
        "wrong colour"
    );
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Locomotive, 4)),
        "c = Loco needs n = L"
    );
    assert!(!game.is_legal(&state, 0, &claim(Colour::Blue, 6)), "n > L");
    assert!(
        !game.is_legal(&state, 1, &claim(Colour::Blue, 1)),
        "not seat 1's turn"
    );
    state.players[0].trains = 4;
    assert!(
        !game.is_legal(&state, 0, &claim(Colour::Blue, 1)),
        "too few trains"
    );
    let bogus = Action::Claim {
        route: 200,
        colour: Colour::Blue,
        locomotives: 0,
    };
    assert!(!game.is_legal(&state, 0, &bogus));
}

const ROW: [Colour; 5] = [
    Colour::Locomotive,
    Colour::Red,
    Colour::Red,
    Colour::Blue,
    Colour::Blue,
];

/// §6 check 6, first half: a face-up locomotive taken first ends the turn.
#[test]
fn face_up_locomotive_first_ends_the_turn() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 3);
    keep_all_at_setup(&game, &mut state);
    set_cards(&mut state, ROW, &[Colour::Green]);
    let locos = state.hand(0)[Colour::Locomotive.index()];
    play(&game, &mut state, Action::DrawSlot(0));
    assert_eq!(state.hand(0)[Colour::Locomotive.index()], locos + 1);
    assert_eq!(state.face_up()[0], Some(Colour::Green));
    assert_eq!(
        (acting(&game, &state), state.phase()),
        (1, Phase::TurnStart)
    );
    assert_eq!(state.turns_taken(), [1, 0]);
    let view = game.view(&state, 1);
    assert_eq!(view.opponent_known[Colour::Locomotive.index()], 1);
}

/// §6 check 6, second half: refused as the second card after a blind or a face-up first card.
#[test]
fn face_up_locomotive_is_refused_as_second_card() {
    for first in [Action::DrawBlind, Action::DrawSlot(1)] {
        let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 4);
        keep_all_at_setup(&game, &mut state);
        set_cards(&mut state, ROW, &[Colour::Green, Colour::Green]);
        play(&game, &mut state, first);
        assert_eq!(state.phase(), Phase::SecondCard);
        assert!(!game.is_legal(&state, 0, &Action::DrawSlot(0)));
        let legal = game.legal_actions(&game.view(&state, 0));
        assert!(!legal.contains(&Action::DrawSlot(0)));
        assert!(legal.contains(&Action::DrawSlot(2)) && legal.contains(&Action::DrawBlind));
        assert!(!legal.iter().any(|a| matches!(a, Action::Claim { .. })));
        play(&game, &mut state, Action::DrawSlot(3));
        assert_eq!(acting(&game, &state), 1);
    }
}

#[test]
fn three_face_up_locomotives_are_redealt() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 5);
    keep_all_at_setup(&game, &mut state);
    let row = [
        Colour::Locomotive,
        Colour::Locomotive,
        Colour::Red,
        Colour::Blue,
        Colour::Green,
    ];
    set_cards(&mut state, row, &[Colour::Locomotive]);
    let discard = state.discard();
    play(&game, &mut state, Action::DrawSlot(2));
    let after = state.discard();
    assert_eq!(
        after[Colour::Locomotive.index()],
        discard[Colour::Locomotive.index()] + 3
    );
    assert_eq!(
        after[Colour::Blue.index()],
        discard[Colour::Blue.index()] + 1
    );
    assert_eq!(
        after[Colour::Green.index()],
        discard[Colour::Green.index()] + 1
    );
    let locos = state
        .face_up()
        .iter()
        .filter(|c| **c == Some(Colour::Locomotive))
        .count();
    assert!(locos < 3 && state.face_up().iter().all(Option::is_some));
    state.check_invariants(&game).expect("conserved");
}

#[test]
fn an_empty_deck_is_refilled_from_the_discard_pile() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 6);
    keep_all_at_setup(&game, &mut state);
    for card in state.deck.drain(..) {
        state.discard[card.index()] += 1;
    }
    let pile: usize = state.discard().iter().map(|&n| usize::from(n)).sum();
    play(&game, &mut state, Action::DrawBlind);
    assert_eq!(state.deck_len(), pile - 1);
    assert_eq!(state.discard(), [0; 9]);
    state.check_invariants(&game).expect("conserved");
}

/// §3.4: with deck and discard empty and only a locomotive face up, the turn ends after one card.
#[test]
fn no_legal_second_card_ends_the_turn() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 7);
    keep_all_at_setup(&game, &mut state);
    set_cards(&mut state, ROW, &[]);
    empty_deck_and_discard(&mut state, 1);
    state.face_up = face_up(&[Colour::Red, Colour::Locomotive]);
    state.players[1].hand[Colour::Red.index()] += 1;
    state.players[1].hand[Colour::Blue.index()] += 2;
    assert!(!game.is_legal(&state, 0, &Action::DrawBlind));
    play(&game, &mut state, Action::DrawSlot(0));
    assert_eq!((acting(&game, &state), state.turns_taken()), (1, [1, 0]));
    state.check_invariants(&game).expect("conserved");
}

/// §3.8: the trigger's opponent plays one more turn, then the trigger, then the game ends; a
/// second trigger changes nothing.
#[test]
fn the_final_round_gives_each_player_one_more_turn() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 8);
    keep_all_at_setup(&game, &mut state);
    state.players[0].trains = 2;
    state.players[1].trains = 1;
    for turn in 0..3 {
        assert!(game.outcome(&state).is_none(), "turn {turn}");
        play(&game, &mut state, Action::DrawBlind);
        play(&game, &mut state, Action::DrawBlind);
        assert!(state.is_final_round());
    }
    assert_eq!(state.turns_taken(), [2, 1]);
    let outcome = game.outcome(&state).expect("over");
    assert_eq!(outcome.termination, Termination::Normal);
}

#[test]
fn the_turn_limit_ends_after_seat_1s_last_turn() {
    let game = TicketToRide::new(MapName::Small, RuleSet::Official, 3);
    let mut state = game.new_state(Rng::seed_from_u64(9));
    keep_all_at_setup(&game, &mut state);
    while game.outcome(&state).is_none() {
        play(&game, &mut state, Action::DrawBlind);
    }
    assert_eq!(state.turns_taken(), [3, 3]);
    assert_eq!(game.turns(&state), 6);
    let outcome = game.outcome(&state).expect("over");
    assert_eq!(outcome.termination, Termination::TurnLimit);
}

/// §3.7: pass only when nothing else is legal; two passes in a row end the game.
#[test]
fn two_passes_are_a_stalemate() {
    let (game, mut state) = new_game(MapName::Small, RuleSet::Official, 10);
    keep_all_at_setup(&game, &mut state);
    assert!(!game.is_legal(&state, 0, &Action::Pass));
    empty_deck_and_discard(&mut state, 1);
    for slot in 0..5 {
        let card = state.face_up[slot].take().expect("full row");
        state.players[1].hand[card.index()] += 1;
    }
    let pile: Vec<u16> = state.ticket_pile.drain(..).collect();
    state.players[1].tickets.extend(pile);
    state.owners.fill(1);
    assert_eq!(
        game.legal_actions(&game.view(&state, 0)),
        vec![Action::Pass]
    );
    play(&game, &mut state, Action::Pass);
    play(&game, &mut state, Action::Pass);
    let outcome = game.outcome(&state).expect("over");
    assert_eq!(outcome.termination, Termination::Stalemate);
}

/// §3.2 step 7 and §3.6: `official` returns tickets to the bottom in offer order.
#[test]
fn official_returned_tickets_go_to_the_bottom() {
    let (game, mut state) = new_game(MapName::Usa, RuleSet::Official, 11);
    let dealt: Vec<[u16; 3]> = (0..2).map(|s| state.players[s].offer).collect();
    assert_eq!(game.view(&state, 0).min_keep, 2);
    assert!(!game.is_legal(&state, 0, &Action::KeepTickets(0b001)));
    play(&game, &mut state, Action::KeepTickets(0b011));
    play(&game, &mut state, Action::KeepTickets(0b110));
    let pile: Vec<u16> = state.ticket_pile().collect();
    assert_eq!(pile[pile.len() - 2..], [dealt[0][2], dealt[1][0]]);
    assert_eq!(state.tickets(0), &dealt[0][..2]);
    play(&game, &mut state, Action::DrawTickets);
    let offer = state.players[0].offer;
    assert_eq!(offer, [pile[0], pile[1], pile[2]]);
    assert_eq!(game.view(&state, 0).min_keep, 1);
    play(&game, &mut state, Action::KeepTickets(0b010));
    let pile: Vec<u16> = state.ticket_pile().collect();
    assert_eq!(pile[pile.len() - 2..], [offer[0], offer[2]]);
    state.check_invariants(&game).expect("conserved");
}

#[test]
fn forfeit_ranks_the_culprit_last() {
    let (game, state) = new_game(MapName::Usa, RuleSet::Official, 12);
    for (culprit, ranks) in [(0, vec![2, 1]), (1, vec![1, 2])] {
        let outcome = game.forfeit(&state, culprit, Termination::Illegal);
        assert_eq!(outcome.ranks, ranks);
        assert_eq!(outcome.termination, Termination::Illegal);
        assert_eq!(outcome.culprit, Some(culprit));
    }
}
