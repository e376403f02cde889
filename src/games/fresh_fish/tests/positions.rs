//! Hand-built positions with known answers: marker placement, passing, auctions (§11 check 4),
//! the extra turn, elimination, the turn limit, information hiding and forfeits.

use super::*;
use crate::games::fresh_fish::action::Tile;
use crate::games::fresh_fish::board::{Content, Kind};
use crate::games::fresh_fish::state::{Phase, Received};
use crate::outcome::Termination;

/// A game of `seats` where every seat has a marker on the board and the bag's top is `top`.
fn with_markers(seats: usize, top: Tile) -> (FreshFish, State) {
    let (game, mut state) = new_game(seats, 1);
    let mut placed = 0;
    for cell in 0..100 {
        if placed < seats && state.board.get(cell) == Content::Empty {
            state.board.set(cell, Content::Marker(placed as u8));
            state.players[placed].supply -= 1;
            state.players[placed].placed_first = true;
            placed += 1;
        }
    }
    state.bag.push(top);
    (game, state)
}

/// The first empty cell with only empty neighbours: where a marker is legal only as a seat's
/// first, which the test below looks for before and after the first marker.
fn isolated_cell(state: &State) -> Option<u8> {
    let b = &state.board;
    (0..100u8).find(|&c| {
        b.get(usize::from(c)) == Content::Empty
            && b.neighbours(usize::from(c))
                .all(|n| b.get(n) == Content::Empty)
    })
}

#[test]
fn first_marker_goes_anywhere_later_ones_next_to_something() {
    let (game, mut state) = new_game(2, 3);
    let isolated = isolated_cell(&state).expect("an isolated empty cell on a fresh board");
    assert!(!game.is_legal(&state, 0, &Action::Draw), "no marker yet");
    assert!(!game.is_legal(&state, 0, &Action::Pass));
    assert!(
        !game.is_legal(&state, 1, &Action::PlaceMarker(isolated)),
        "not its turn"
    );
    play(&game, &mut state, 0, Action::PlaceMarker(isolated));
    state.seat = 0;
    let far = isolated_cell(&state).expect("another isolated cell");
    assert!(!game.is_legal(&state, 0, &Action::PlaceMarker(far)));
    let next_to = state
        .board
        .neighbours(usize::from(isolated))
        .next()
        .expect("a neighbour");
    assert!(game.is_legal(&state, 0, &Action::PlaceMarker(next_to as u8)));
    assert!(game.is_legal(&state, 0, &Action::Draw));
}

#[test]
fn pass_only_when_nothing_else_is_legal() {
    let (game, mut state) = new_game(2, 4);
    state.players[0].supply = 0;
    assert!(game.is_legal(&state, 0, &Action::Pass));
    assert_eq!(game.legal_actions(&game.view(&state, 0)), [Action::Pass]);
    play(&game, &mut state, 0, Action::Pass);
    state.players[1].supply = 0;
    play(&game, &mut state, 1, Action::Pass);
    let outcome = game
        .outcome(&state)
        .expect("two passes in a row end a 2-seat game");
    assert_eq!(outcome.termination, Termination::Stalemate);
    assert_eq!(outcome.ranks, [1, 1], "equal scores share the rank");
}

/// Plays each (seat, bid) of `bids` in the auction under way, then checks that `winner` is to
/// build the shop of `kind`: how both auction tie tests end their auction.
fn bid_and_check_winner(
    game: &FreshFish,
    state: &mut State,
    bids: [(usize, u8); 3],
    kind: Kind,
    winner: u8,
) {
    for (seat, bid) in bids {
        play(game, state, seat, Action::Bid(bid));
    }
    assert_eq!(state.phase, Phase::BuildShop { kind, winner });
}

#[test]
fn auction_tie_with_the_drawer_goes_to_the_drawer() {
    // §11 check 4: drawer 3, P 3, Q 2.
    let (game, mut state) = with_markers(3, Tile::Shop(Kind::A));
    play(&game, &mut state, 0, Action::Draw);
    assert_eq!(game.to_act(&state), ToAct::Simultaneous(vec![0, 1, 2]));
    bid_and_check_winner(&game, &mut state, [(0, 3), (1, 3), (2, 2)], Kind::A, 0);
    assert_eq!((state.players[0].coins, state.bank), (12, 3));
    let last = state.last_auction.expect("bids revealed");
    assert_eq!(last.bids[..3], [Some(3), Some(3), Some(2)]);
}

#[test]
fn auction_tie_without_the_drawer_goes_next_in_turn_order_then_an_extra_turn() {
    // Drawer (seat 1) bids 1, seats 2 and 0 bid 3: seat 2 comes first after the drawer.
    let (game, mut state) = with_markers(3, Tile::Shop(Kind::C));
    state.seat = 1;
    play(&game, &mut state, 1, Action::Draw);
    bid_and_check_winner(&game, &mut state, [(0, 3), (1, 1), (2, 3)], Kind::C, 2);
    let marker = (0..100u8)
        .find(|&c| state.board.get(usize::from(c)) == Content::Marker(2))
        .expect("seat 2's marker");
    play(&game, &mut state, 2, Action::Build(marker));
    assert_eq!(
        state.players[2].received[Kind::C.index()],
        Received::Shop(marker)
    );
    assert_eq!(
        game.to_act(&state),
        ToAct::Seat(1),
        "the drawer plays again"
    );
    assert_eq!(state.turns, 1, "the extra turn is still to come");
}

#[test]
fn a_sole_eligible_seat_gets_the_shop_free_and_seats_without_coins_bid_zero() {
    let (game, mut state) = with_markers(3, Tile::Shop(Kind::B));
    state.players[1].received[Kind::B.index()] = Received::Eliminated;
    state.players[2].received[Kind::B.index()] = Received::Eliminated;
    play(&game, &mut state, 0, Action::Draw);
    assert_eq!(
        state.phase,
        Phase::BuildShop {
            kind: Kind::B,
            winner: 0
        }
    );
    assert_eq!(state.players[0].coins, 15);

    let (game, mut state) = with_markers(3, Tile::Shop(Kind::B));
    state.players[2].coins = 0;
    play(&game, &mut state, 0, Action::Draw);
    assert_eq!(game.to_act(&state), ToAct::Simultaneous(vec![0, 1]));
}

#[test]
fn a_winner_without_markers_has_the_shop_eliminated_in_its_name() {
    let (game, mut state) = with_markers(2, Tile::Shop(Kind::E));
    let cell = (0..100)
        .find(|&c| state.board.get(c) == Content::Marker(1))
        .expect("marker");
    state.board.set(cell, Content::Empty);
    state.players[1].supply += 1;
    play(&game, &mut state, 0, Action::Draw);
    play(&game, &mut state, 0, Action::Bid(0));
    play(&game, &mut state, 1, Action::Bid(2));
    assert_eq!(
        state.players[1].received[Kind::E.index()],
        Received::Eliminated
    );
    assert_eq!(state.players[1].coins, 13);
    assert_eq!(
        game.to_act(&state),
        ToAct::Seat(0),
        "the drawer lost: another turn"
    );
}

#[test]
fn a_tree_goes_on_the_drawers_marker_and_the_game_ends_with_the_bag() {
    let (game, mut state) = with_markers(2, Tile::Tree);
    state.bag = vec![Tile::Tree];
    let cell = (0..100u8).find(|&c| state.board.get(usize::from(c)) == Content::Marker(0));
    play(&game, &mut state, 0, Action::Draw);
    assert_eq!(state.phase, Phase::BuildTree);
    play(&game, &mut state, 0, Action::Build(cell.expect("marker")));
    let outcome = game.outcome(&state).expect("the bag is empty");
    assert_eq!(outcome.termination, Termination::Normal);
    assert!(
        state.board.cells().iter().all(|c| !c.is_free()),
        "closed board"
    );
    assert_eq!(state.players[0].supply + state.players[1].supply, 12);
}

#[test]
fn the_turn_limit_counts_every_seat() {
    let game = FreshFish::new(3, 20, 1);
    let mut state = game.new_state(Rng::seed_from_u64(5));
    for seat in 0..3 {
        let cell = (0..100u8)
            .find(|&c| game.is_legal(&state, seat, &Action::PlaceMarker(c)))
            .expect("a legal cell");
        play(&game, &mut state, seat, Action::PlaceMarker(cell));
    }
    let outcome = game.outcome(&state).expect("1 turn × 3 seats");
    assert_eq!(outcome.termination, Termination::TurnLimit);
    assert_eq!(outcome.scores, [5 * 10 - 15; 3], "cap 10, nothing received");
}

#[test]
fn views_hide_the_bag_order_and_pending_bids() {
    let (game, mut state) = with_markers(2, Tile::Shop(Kind::A));
    let mut shuffled = state.clone();
    shuffled.bag[..20].reverse();
    assert_ne!(state.bag, shuffled.bag);
    assert_eq!(
        format!("{:?}", game.view(&state, 1)),
        format!("{:?}", game.view(&shuffled, 1))
    );
    play(&game, &mut state, 0, Action::Draw);
    let before = format!("{:?}", game.view(&state, 1));
    play(&game, &mut state, 0, Action::Bid(7));
    assert_eq!(format!("{:?}", game.view(&state, 1)), before);
    assert_eq!(game.to_act(&state), ToAct::Simultaneous(vec![1]));
}

#[test]
fn a_forfeit_puts_the_culprit_last_and_scores_the_position() {
    let (game, mut state) = new_game(3, 6);
    state.players[1].coins = 10;
    state.bank = 5;
    let outcome = game.forfeit(&state, 0, Termination::Illegal);
    assert_eq!(outcome.ranks, [3, 2, 1]);
    assert_eq!(outcome.scores, [50 - 15, 50 - 10, 50 - 15]);
    assert_eq!(outcome.culprit, Some(0));
    assert!(
        state.board.cells().iter().any(|c| c.is_free()),
        "the state is untouched"
    );
}
