//! The generic `mcts` on Fresh Fish: a solved build, determinism inside a sealed-bid auction,
//! and legal play over seeded games with 2 and 3 seats (simultaneous bids included).

use super::{new_game, play};
use crate::bot::Bot;
use crate::bot::table::test_bot;
use crate::game::{Game, ToAct};
use crate::games::fresh_fish::FreshFish;
use crate::games::fresh_fish::action::{Action, Tile};
use crate::games::fresh_fish::board::{Content, Kind};
use crate::games::fresh_fish::state::{Phase, Received, State};
use crate::search::checked::play_checked;
use crate::seed::{Stream, rng};

fn mcts(game: &FreshFish, seat: usize, params: &[(&str, &str)]) -> Box<dyn Bot<FreshFish>> {
    test_bot("mcts", game, seat, rng(3, 4, Stream::Seat(0)), params)
}

/// Seat 0 holds a marker next to producer A (the cell returned) and one on an isolated cell;
/// the bag's last tile is a shop A that only seat 0 may receive.
fn last_shop_for_seat_0() -> (FreshFish, State, usize) {
    let (game, mut state) = new_game(2, 7);
    let producer = (0..100)
        .find(|&c| state.board.get(c) == Content::Producer(Kind::A))
        .expect("producer A");
    let near = state
        .board
        .neighbours(producer)
        .find(|&c| state.board.get(c) == Content::Empty)
        .expect("an empty cell next to the producer");
    let far = (0..100)
        .find(|&c| {
            state.board.get(c) == Content::Empty
                && state
                    .board
                    .neighbours(c)
                    .all(|n| state.board.get(n) == Content::Empty)
        })
        .expect("an isolated empty cell");
    for cell in [near, far] {
        state.board.set(cell, Content::Marker(0));
        state.players[0].supply -= 1;
    }
    state.players[0].placed_first = true;
    state.players[1].received[Kind::A.index()] = Received::Eliminated;
    state.bag = vec![Tile::Shop(Kind::A)];
    (game, state, near)
}

#[test]
fn the_last_shop_is_built_next_to_its_producer() {
    // Seat 0 holds a marker next to producer A and one elsewhere; the bag's last tile is a
    // shop A that only seat 0 may receive. Building next to the producer scores distance 0;
    // the game ends with that build, so nothing else can matter.
    let (game, mut state, near) = last_shop_for_seat_0();
    play(&game, &mut state, 0, Action::Draw);
    assert_eq!(
        state.phase,
        Phase::BuildShop {
            kind: Kind::A,
            winner: 0
        }
    );
    let near = Action::Build(u8::try_from(near).expect("a cell"));
    for params in [&[][..], &[("depth", "0")][..]] {
        assert_eq!(
            mcts(&game, 0, params).act(&game, &game.view(&state, 0)),
            near
        );
    }
}

#[test]
fn a_leaf_in_the_middle_of_a_draw_is_valued_once_the_draw_is_played_out() {
    use crate::search::Search;
    // Seat 0 reserves next to producer A and on an isolated cell; it alone may receive the
    // bag's last tile, a shop A, and has just drawn it. The estimate plays `lookahead`'s build
    // (next to the producer), which ends the game, so it is the final score: the isolated
    // reservation no longer counts as a shop to come.
    let (game, mut state, near) = last_shop_for_seat_0();
    let reserved = game.estimate(&state);
    play(&game, &mut state, 0, Action::Draw);
    let mid_draw = game.estimate(&state);
    play(&game, &mut state, 0, Action::Build(near as u8));
    let end = game.outcome(&state).expect("the last tile ends the game");
    let scores: Vec<f64> = end.scores.iter().map(|&s| f64::from(s)).collect();
    assert_eq!(mid_draw, scores);
    assert_ne!(mid_draw, reserved, "the draw changed the value");
}

#[test]
fn a_sealed_bid_is_legal_and_the_same_for_the_same_seed() {
    let (game, mut state) = new_game(2, 11);
    for seat in [0, 1] {
        let cell = (0..100u8)
            .find(|&c| game.is_legal(&state, seat, &Action::PlaceMarker(c)))
            .expect("a legal cell");
        play(&game, &mut state, seat, Action::PlaceMarker(cell));
    }
    state.bag.push(Tile::Shop(Kind::C));
    play(&game, &mut state, 0, Action::Draw);
    assert_eq!(game.to_act(&state), ToAct::Simultaneous(vec![0, 1]));
    for seat in [0, 1] {
        let params = [("iterations", "150")];
        let bid = mcts(&game, seat, &params).act(&game, &game.view(&state, seat));
        assert!(game.is_legal(&state, seat, &bid), "{bid:?}");
        assert_eq!(
            mcts(&game, seat, &params).act(&game, &game.view(&state, seat)),
            bid
        );
    }
}

#[test]
fn mcts_plays_only_legal_actions_in_seeded_games() {
    for seed in 0..2 {
        let game = FreshFish::new(2, 20, 500);
        play_checked(&game, seed, &["mcts:iterations=10", "lookahead"]);
        let game = FreshFish::new(3, 20, 500);
        play_checked(
            &game,
            seed,
            &[
                "mcts:iterations=6,rollout=greedy,depth=4,determinizations=3",
                "random",
                "mcts:iterations=4",
            ],
        );
    }
}

#[test]
fn the_leaf_estimate_prefers_a_reservation_near_the_producer_and_counts_coins() {
    use crate::games::fresh_fish::board::Board;
    use crate::games::fresh_fish::state::{MAX_SEATS, Player};
    use crate::search::Search;
    // Seat 0 reserves next to producer A, seat 1 four cells away from it: seat 0's estimate
    // (lower is better) must be the smaller, by less than the cap per needed type.
    let (game, mut state) = new_game(2, 7);
    state.board = Board::parse(
        "A 0 . . . . . . . 1
         . . . . . . . . . .
         . . . . . . . . . .
         . . . . . . . . . .
         . . . . . B . . . .
         . . . . . . . . . .
         . . C . . . . . . .
         . . . . . . . D . .
         . . . . . . . . . .
         . . . . E . . . . .",
    );
    state.players = [Player::new(); MAX_SEATS];
    for p in &mut state.players[..2] {
        p.supply -= 1;
        p.placed_first = true;
    }
    let near_and_far = game.estimate(&state);
    assert!(near_and_far[0] < near_and_far[1], "{near_and_far:?}");
    // A reservation counts in full, undiscounted: seat 0's marker next to A, the four other
    // types at the cap of 8, less 15 coins (with `lookahead`'s old discount of 0.5, 21).
    assert_eq!(near_and_far[0], 17.0);
    // Three more coins are three points better, nothing else changing.
    state.players[1].coins += 3;
    let richer = game.estimate(&state);
    assert!(
        (richer[1] - (near_and_far[1] - 3.0)).abs() < 1e-6,
        "{richer:?}"
    );
    assert_eq!(richer[0], near_and_far[0]);
    // A shop next to its producer is worth what the reservation it came from was: the leaf
    // estimate counts reservations in full.
    let before = richer[0];
    state.board.set(1, Content::Shop(Kind::A, 0));
    state.players[0].received[Kind::A.index()] = Received::Shop(1);
    state.players[0].supply += 1;
    assert_eq!(game.estimate(&state)[0], before);
}
