//! Greedy's value without copying the board (`value.rs`) against the plain definition of
//! §10.3: every legal action played on a copy of the board, scoring and follower returns
//! included, then valued from the scores and the §7.2 points of the copy.

use super::super::board::Board;
use super::super::rules::legal_actions;
use super::super::value::{Evaluator, FollowerCost};
use super::super::{Action, Carcassonne};
use crate::game::{Game, Seat, ToAct};
use crate::seed::{Stream, rng};

/// Games per seat count: 40 in release builds, 3 in debug builds.
const GAMES: u64 = if cfg!(debug_assertions) { 3 } else { 40 };

/// The follower costs compared: the first one `greedy` had, its tuned default, and one far
/// from both.
const COSTS: [FollowerCost; 3] = [
    FollowerCost { kept: 1, last: 2 },
    FollowerCost { kept: 1, last: 3 },
    FollowerCost { kept: 4, last: 9 },
];

/// §10.3 by the letter: V(self) − max over the others of V(q) on a copy with the action
/// played, less `cost.kept` for a follower left on the board and `cost.last` more when the
/// supply is then at most 1.
fn by_copy(board: &Board, tile: u8, seat: Seat, action: &Action, cost: FollowerCost) -> i32 {
    let mut after = board.clone();
    after.place(tile, action.x, action.y, action.rot, action.follower, seat);
    let end = after.end_points();
    let v: Vec<i32> = (0..after.seats())
        .map(|s| after.scores[s] + end[s].total())
        .collect();
    let best_other = (0..v.len()).filter(|&q| q != seat).map(|q| v[q]).max();
    let stays = after.supply[seat] < board.supply[seat];
    let charged = match (stays, after.supply[seat]) {
        (false, _) => 0,
        (true, left) if left <= 1 => cost.kept + cost.last,
        (true, _) => cost.kept,
    };
    v[seat] - best_other.expect("two seats or more") - charged
}

/// Plays seeded games of `random` and `greedy` and compares both values for every legal
/// action of every position; returns how many actions were compared.
fn compare(seats: usize, seed: u64) -> usize {
    let game = Carcassonne::new(seats);
    let mut s = game.new_state(rng(seed, 0, Stream::Chance));
    let names = ["random", "greedy", "random"];
    let mut players = super::seat_bots(&game, seed, |seat| names[(seat + seed as usize) % 3]);
    let mut compared = 0;
    while let ToAct::Seat(seat) = game.to_act(&s) {
        let board = s.board();
        let tile = s.current().expect("a drawn tile");
        let eval = Evaluator::new(board, seat);
        for a in legal_actions(board, tile, seat) {
            let p = eval.placement(tile, a.x, a.y, a.rot);
            let cost = COSTS[compared % COSTS.len()];
            assert_eq!(
                eval.value(&p, a.follower, cost),
                by_copy(board, tile, seat, &a, cost),
                "seed {seed}, {seats} seats, turn {}: {a} at {cost:?}",
                board.placed.len()
            );
            compared += 1;
        }
        let action = players[seat].act(&game, &game.view(&s, seat));
        game.apply(&mut s, seat, action);
    }
    compared
}

#[test]
fn the_value_without_a_copy_equals_the_value_on_a_copy() {
    let mut compared = 0;
    for seats in 2..=5 {
        for seed in 0..GAMES {
            compared += compare(seats, seed);
        }
    }
    assert!(compared > 1000, "{compared} actions compared");
}
