//! Tests of the whole game: scoring on hand-built boards (`scoring`), the engine's turn flow
//! (`flow`) and properties over thousands of seeded games (`properties`).

mod flow;
mod properties;
mod scoring;
mod search;
mod value;

use super::action::Action;
use super::board::Board;
use super::rules::is_legal_on;
use super::{Carcassonne, State};
use crate::bot::Bot;
use crate::bot::table::test_bot;
use crate::game::Game;
use crate::seed::{Rng, Stream, rng};

/// The random stream of seat 0 that the tests building a single bot give it.
fn seat_rng() -> Rng {
    rng(1, 2, Stream::Seat(0))
}

/// A game seeded `seed` after `moves` actions, each `pick` of the legal actions of the seat to
/// act: the mid-game position that the engine and search tests start from.
fn after_moves(
    game: &Carcassonne,
    seed: u64,
    moves: usize,
    pick: impl Fn(&[Action]) -> Action,
) -> State {
    let mut s = game.new_state(rng(seed, 0, Stream::Chance));
    for _ in 0..moves {
        let seat = s.seat();
        let legal = game.legal_actions(&game.view(&s, seat));
        game.apply(&mut s, seat, pick(&legal));
    }
    s
}

/// One bot per seat of `game`, seat `seat` playing `name_of(seat)` of the table with the seat's
/// own stream of `seed`: the players of the seeded whole games.
fn seat_bots<'a>(
    game: &Carcassonne,
    seed: u64,
    name_of: impl Fn(usize) -> &'a str,
) -> Vec<Box<dyn Bot<Carcassonne>>> {
    (0..game.seats())
        .map(|seat| {
            let stream = rng(seed, 1, Stream::Seat(u8::try_from(seat).expect("few")));
            test_bot(name_of(seat), game, seat, stream, &[])
        })
        .collect()
}

/// Type id of a tile letter.
fn id(letter: char) -> u8 {
    u8::try_from(letter as u32 - 'A' as u32).expect("a letter A-X")
}

/// Places tile `letter` after checking that the move is legal for `seat`.
fn put(b: &mut Board, letter: char, x: i32, y: i32, rot: u8, follower: Option<u8>, seat: usize) {
    let action = Action::new(x, y, rot, follower);
    assert!(
        is_legal_on(b, id(letter), seat, &action),
        "{letter} {action} should be legal"
    );
    b.place(id(letter), x, y, rot, follower, seat);
}

/// End-of-game points per seat (features and farms together).
fn end(b: &Board) -> Vec<i32> {
    b.end_points().iter().map(|p| p.total()).collect()
}
