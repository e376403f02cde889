//! The turn rules of §6 and the end of §7, on positions. `is_legal` simulates the one
//! insertion on a copy and runs one flood fill, unless it is given the reachable cells
//! already; it never enumerates the legal actions.

use super::action::{Action, insertions};
use super::reach::Reach;
use super::state::{ITEMS, Position, State};
use crate::game::Seat;
use crate::outcome::{Outcome, Termination, forfeit_ranks, ranks_from_keys};

/// Whether `seat` may play `action` in `position` (§6.1, 6.2, 6.6). `known`: the cells `seat`
/// reaches after the action's insertion and rotation, when the caller has them.
pub fn is_legal(position: &Position, seat: Seat, action: &Action, known: Option<&Reach>) -> bool {
    let board = &position.board;
    if seat != position.to_move()
        || action.rotation > 3
        || action.x >= board.width()
        || action.y >= board.height()
        || !position.insertion_allowed(action.insertion())
    {
        return false;
    }
    if let Some(reach) = known {
        return reach.contains(action.x, action.y);
    }
    let mut after = *position;
    after.insert(action.insertion(), action.rotation);
    after.reaches(seat, (action.x, action.y))
}

/// Why `action` is illegal for `seat` (the checks of [`is_legal`], each named), for the fault
/// message of the seat that played it.
pub fn explain_illegal(position: &Position, seat: Seat, action: &Action) -> String {
    let board = &position.board;
    let (x, y) = (action.x, action.y);
    if seat != position.to_move() {
        format!("not its turn: seat {} is to move", position.to_move())
    } else if action.rotation > 3 {
        format!(
            "rotation {} is not a quarter turn count 0-3",
            action.rotation
        )
    } else if x >= board.width() || y >= board.height() {
        format!(
            "({x}, {y}) is off the {}x{} board",
            board.width(),
            board.height()
        )
    } else if position.forbidden() == Some(action.insertion()) {
        "that insertion would undo the previous one (forbidden this turn)".to_string()
    } else if !position.insertion_allowed(action.insertion()) {
        "the extra tile can only enter by an odd line or column".to_string()
    } else {
        format!("the pawn cannot reach ({x}, {y}) after that insertion")
    }
}

/// Every legal action of the seat to move: insertions in `basic`'s order (columns 1, 3, …
/// with `ColumnBottom` then `ColumnTop`, then lines 1, 3, … with `LineLeft` then
/// `LineRight`), the forbidden reversal left out; inside each, rotations 0–3; inside each,
/// every reachable cell in column-major order (x outer, y inner).
pub fn legal_actions(position: &Position) -> Vec<Action> {
    let seat = position.to_move();
    let board = &position.board;
    let mut actions = Vec::new();
    for insertion in insertions(board.width(), board.height(), position.forbidden()) {
        for rotation in 0..4 {
            let mut after = *position;
            after.insert(insertion, rotation);
            for (x, y) in after.reach(seat).cells() {
                actions.push(Action::new(insertion, rotation, (x, y)));
            }
        }
    }
    actions
}

/// Plays a legal action and ends the game on the 24th item or at the turn cap, counted in
/// turns per player and checked when seat 1 completes its `turn_limit`-th turn (§7).
pub fn apply(state: &mut State, turn_limit: u32, action: &Action) {
    let seat = state.position.to_move();
    state.position.play(action);
    if state.position.collected[seat] == ITEMS {
        state.ended = Some(Termination::Normal);
    } else if seat == 1 && state.position.turn >= 2 * turn_limit {
        state.ended = Some(Termination::TurnLimit);
    }
}

/// The result once the game is over: the winner of a normal end has rank 1; at the turn cap
/// more items is better and equal counts are a draw, both rank 1. Scores are items collected.
pub fn outcome(state: &State) -> Option<Outcome> {
    let termination = state.ended?;
    let collected = state.position.collected;
    Some(Outcome {
        scores: collected.map(i32::from).to_vec(),
        ranks: ranks_from_keys(&collected),
        termination,
        culprit: None,
    })
}

/// The result when `culprit` loses at once: it ranks last, the other first.
pub fn forfeit(state: &State, culprit: Seat, termination: Termination) -> Outcome {
    let collected = state.position.collected;
    Outcome {
        scores: collected.map(i32::from).to_vec(),
        ranks: forfeit_ranks(&collected, culprit),
        termination,
        culprit: Some(culprit),
    }
}
