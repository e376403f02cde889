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
