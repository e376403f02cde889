//! Hand-built positions with known answers: the shift and wrap of each side (§10.4), the
//! forbidden reversal (§10.5), reachability, collecting only where a move ends (§10.6), the
//! win on the 24th item and the turn cap (§7).

use super::*;
use crate::games::labyrinth::tile::{EAST, NORTH, SOUTH, WEST};
use crate::games::labyrinth::{Insertion, Side};
use crate::outcome::Termination;

fn tag(board: &mut Board, cells: impl Iterator<Item = (u8, u8)>, first: u8) {
    for (i, (x, y)) in cells.enumerate() {
        board.set_tile(
            x,
            y,
            Tile {
                walls: 0,
                item: first + i as u8,
            },
        );
    }
}

fn items_of(board: &Board, cells: impl Iterator<Item = (u8, u8)>) -> Vec<u8> {
    cells.map(|(x, y)| board.tile(x, y).item).collect()
}

/// A non-square 9x7 board, so a swapped width and height would show: column 3 tagged 10, 11,
/// … from the top, or line 5 tagged 20, 21, … from the left; the extra tile is 99.
fn tagged(column: bool) -> Position {
    let mut board = open_board(9, 7);
    if column {
        tag(&mut board, (0..7).map(|y| (3, y)), 10);
    } else {
        tag(&mut board, (0..9).map(|x| (x, 5)), 20);
    }
    board.extra = Tile {
        walls: NORTH,
        item: 99,
    };
    Position::new(board)
}

/// Inserts the extra tile of `tagged` (the column board for a column side, the line board
/// otherwise) at `side`, `index` turned `rotation` times, with the pawns on `pawns`
/// beforehand: the set-up every shift test below shares.
fn shift_tagged(pawns: [(u8, u8); 2], (side, index, rotation): (Side, u8, u8)) -> Position {
    let mut p = tagged(matches!(side, Side::ColumnTop | Side::ColumnBottom));
    p.pawns = pawns;
    p.insert(Insertion { side, index }, rotation);
    p
}

/// The extra tile of `tagged` (item 99) once turned so its north wall becomes `walls`: what
/// each shift test expects on the cell it was inserted at.
fn turned_extra(walls: u8) -> Tile {
    Tile { walls, item: 99 }
}

#[test]
fn column_top_shifts_down_and_wraps_the_bottom_pawn_onto_the_inserted_tile() {
    let p = shift_tagged([(3, 6), (3, 2)], (Side::ColumnTop, 3, 1));
    assert_eq!(p.board.tile(3, 0), turned_extra(EAST));
    let shifted = items_of(&p.board, (1..7).map(|y| (3, y)));
    assert_eq!(shifted, [10, 11, 12, 13, 14, 15]);
    assert_eq!(
        p.board.extra.item, 16,
        "the pushed-out tile is the new extra tile"
    );
    assert_eq!(
        p.pawns,
        [(3, 0), (3, 3)],
        "§10.4: (3, H-1) ends on the inserted tile"
    );
}

#[test]
fn column_bottom_shifts_up_and_wraps_the_top_pawn() {
    let p = shift_tagged([(3, 0), (3, 4)], (Side::ColumnBottom, 3, 2));
    let shifted = items_of(&p.board, (0..6).map(|y| (3, y)));
    assert_eq!(
        (p.board.tile(3, 6), shifted, p.board.extra.item, p.pawns),
        (
            turned_extra(SOUTH),
            vec![11, 12, 13, 14, 15, 16],
            10,
            [(3, 6), (3, 3)]
        )
    );
}

#[test]
fn line_left_shifts_right_and_wraps_the_rightmost_pawn() {
    let p = shift_tagged([(8, 5), (2, 5)], (Side::LineLeft, 5, 3));
    let shifted = items_of(&p.board, (1..9).map(|x| (x, 5)));
    assert_eq!(
        (p.board.tile(0, 5), shifted, p.board.extra.item, p.pawns),
        (turned_extra(WEST), (20..28).collect(), 28, [(0, 5), (3, 5)])
    );
}

#[test]
fn line_right_shifts_left_and_wraps_the_leftmost_pawn() {
    let p = shift_tagged([(0, 5), (4, 4)], (Side::LineRight, 5, 0));
    assert_eq!(p.board.tile(8, 5), turned_extra(NORTH));
    let shifted = items_of(&p.board, (0..8).map(|x| (x, 5)));
    assert_eq!(shifted, (21..29).collect::<Vec<_>>());
    assert_eq!(p.board.extra.item, 20);
    assert_eq!(
        p.pawns,
        [(8, 5), (4, 4)],
        "§10.4: (0, 5) ends on (L-1, 5); others stay"
    );
}

#[test]
fn a_wrapped_pawn_may_move_on_from_the_inserted_tile_through_the_game() {
    let game = cgs(Some((7, 7)));
    let mut board = open_board(7, 7);
    board.extra = Tile {
        walls: NORTH | SOUTH,
        item: 0,
    };
    let mut state = state_on(board);
    state.position.pawns[0] = (3, 6);
    assert!(game.is_legal(&state, 0, &action(Side::ColumnTop, 3, 0, (4, 0))));
    game.apply(&mut state, 0, action(Side::ColumnTop, 3, 0, (3, 0)));
    assert_eq!(state.position.pawns[0], (3, 0));
}

#[test]
fn the_immediate_reversal_is_illegal_and_the_culprit_loses() {
    let game = cgs(Some((7, 7)));
    let mut state = state_on(open_board(7, 7));
    game.apply(&mut state, 0, action(Side::LineLeft, 3, 0, (0, 0)));
    let corner = state.position.pawns[1];
    assert!(!game.is_legal(&state, 1, &action(Side::LineRight, 3, 0, corner)));
    assert!(game.is_legal(&state, 1, &action(Side::LineLeft, 3, 0, corner)));
    assert!(game.is_legal(&state, 1, &action(Side::LineRight, 5, 0, corner)));
    assert!(game.legal_actions(&game.view(&state, 1)).iter().all(|a| {
        a.insertion()
            != Insertion {
                side: Side::LineRight,
                index: 3,
            }
    }));
    let outcome = game.forfeit(&state, 1, Termination::Illegal);
    assert_eq!(outcome.ranks, [1, 2]);
    assert_eq!(outcome.culprit, Some(1));
}

#[test]
fn malformed_actions_and_the_wrong_seat_are_illegal() {
    let game = cgs(Some((7, 7)));
    let state = state_on(open_board(7, 7));
    let ok = action(Side::ColumnTop, 1, 3, (6, 6));
    assert!(game.is_legal(&state, 0, &ok));
    assert!(!game.is_legal(&state, 1, &ok), "not seat 1's turn");
    for bad in [
        Action { index: 0, ..ok },
        Action { index: 2, ..ok },
        Action { index: 7, ..ok },
        Action { index: 6, ..ok },
        Action { rotation: 4, ..ok },
        Action { x: 7, ..ok },
        Action { y: 9, ..ok },
        bots::ILLEGAL_INSERTION,
    ] {
        assert!(!game.is_legal(&state, 0, &bad), "{bad:?}");
    }
}

/// A board walled everywhere except along `path`, where consecutive cells are connected.
fn corridor(width: u8, height: u8, path: &[(u8, u8)]) -> Board {
    let mut board = open_board(width, height);
    for x in 0..width {
        for y in 0..height {
            board.set_tile(
                x,
                y,
                Tile {
                    walls: 0xF,
                    item: 0,
                },
            );
        }
    }
    for pair in path.windows(2) {
        let [(ax, ay), (bx, by)] = [pair[0], pair[1]];
        let (from_a, from_b) = match (bx as i8 - ax as i8, by as i8 - ay as i8) {
            (1, 0) => (EAST, WEST),
            (-1, 0) => (WEST, EAST),
            (0, 1) => (SOUTH, NORTH),
            (0, -1) => (NORTH, SOUTH),
            step => panic!("not a step: {step:?}"),
        };
        open_side(&mut board, (ax, ay), from_a);
        open_side(&mut board, (bx, by), from_b);
    }
    board
}

/// Opens the side `wall` of the tile at (x, y), keeping its other walls and its item: how
/// `corridor` joins each step of its path on both cells.
fn open_side(board: &mut Board, (x, y): (u8, u8), wall: u8) {
    let tile = board.tile(x, y);
    let walls = tile.walls & !wall;
    board.set_tile(x, y, Tile { walls, ..tile });
}

/// Down column 0, up column 1, down column 2, then along line 6 to the right.
fn winding() -> Vec<(u8, u8)> {
    let mut path: Vec<(u8, u8)> = (0..7).map(|y| (0, y)).collect();
    path.extend((0..7).rev().map(|y| (1, y)));
    path.extend((0..7).map(|y| (2, y)));
    path.extend((3..9).map(|x| (x, 6)));
    path
}

#[test]
fn reachability_follows_a_winding_corridor_and_nothing_else() {
    let path = winding();
    let board = corridor(9, 7, &path);
    let reach = board.reach(0, 0);
    assert_eq!(reach.len(), path.len());
    assert!(path.iter().all(|&(x, y)| reach.contains(x, y)));
    assert_eq!(board.reach(8, 6), reach, "connection is symmetric");
    assert_eq!(
        board.reach(4, 2).len(),
        1,
        "a walled cell reaches only itself"
    );
}

#[test]
fn a_single_wall_cuts_the_corridor() {
    let path = winding();
    let mut board = corridor(9, 7, &path);
    // One wall on one side is enough: (1, 3) closes north, toward (1, 2).
    let tile = board.tile(1, 3);
    board.set_tile(
        1,
        3,
        Tile {
            walls: tile.walls | NORTH,
            ..tile
        },
    );
    let reach = board.reach(0, 0);
    assert_eq!(reach.len(), 7 + 4, "column 0, then (1, 6) up to (1, 3)");
    assert!(reach.contains(1, 3) && !reach.contains(1, 2) && !reach.contains(8, 6));
}

#[test]
fn an_item_counts_only_where_the_move_ends() {
    let game = cgs(Some((7, 7)));
    let mut board = corridor(7, 7, &[(0, 0), (1, 0), (2, 0)]);
    board.set_tile(
        1,
        0,
        Tile {
            item: 1,
            ..board.tile(1, 0)
        },
    );
    board.set_tile(
        6,
        6,
        Tile {
            item: 24,
            ..board.tile(6, 6)
        },
    );
    board.extra = Tile {
        walls: 0xF,
        item: 0,
    };
    let mut state = state_on(board);
    // Seat 0 walks over item 1 and stops beyond it: nothing.
    game.apply(&mut state, 0, action(Side::LineLeft, 5, 0, (2, 0)));
    assert_eq!(state.position.collected, [0, 0]);
    // Seat 1 stands still on item 24, its target: collected.
    game.apply(&mut state, 1, action(Side::LineLeft, 5, 0, (6, 6)));
    assert_eq!(state.position.collected, [0, 1]);
    assert_eq!(state.position.target(1), Some(23));
    // Seat 0 steps back onto item 1: collected, and the target moves on.
    game.apply(&mut state, 0, action(Side::LineLeft, 5, 0, (1, 0)));
    assert_eq!(state.position.collected, [1, 1]);
    assert_eq!(state.position.target(0), Some(2));
    // Standing on a collected item again does nothing.
    game.apply(&mut state, 1, action(Side::LineLeft, 5, 0, (6, 6)));
    assert_eq!(state.position.collected, [1, 1]);
}

#[test]
fn the_twenty_fourth_item_wins_at_once() {
    let game = cgs(Some((7, 7)));
    let mut board = open_board(7, 7);
    board.set_tile(6, 6, Tile { walls: 0, item: 1 });
    let mut state = state_on(board);
    state.position.collected = [20, 23];
    state.position.turn = 41;
    assert_eq!(state.position.target(1), Some(1));
    game.apply(&mut state, 1, action(Side::ColumnTop, 1, 0, (6, 6)));
    assert_eq!(game.to_act(&state), ToAct::Over);
    let outcome = game.outcome(&state).expect("over");
    assert_eq!(outcome.termination, Termination::Normal);
    assert_eq!((outcome.scores, outcome.ranks), (vec![20, 24], vec![2, 1]));
    assert_eq!(game.extra_values(&state, 1), [24.0, 7.0, 7.0]);
}

#[test]
fn the_turn_cap_ends_after_seat_one_with_more_items_winning_or_a_draw() {
    for (collected, ranks) in [([0, 0], [1, 1]), ([3, 2], [1, 2]), ([1, 5], [2, 1])] {
        let game = Labyrinth::new(RuleSet::Cgs, Some((7, 7)), 3);
        let mut state = state_on(open_board(7, 7));
        state.position.collected = collected;
        for turn in 0..6 {
            assert!(
                game.outcome(&state).is_none(),
                "not over before turn {turn}"
            );
            let seat = turn % 2;
            let at = state.position.pawns[seat];
            game.apply(&mut state, seat, action(Side::ColumnTop, 3, 0, at));
        }
        let outcome = game
            .outcome(&state)
            .expect("over after seat 1's third turn");
        assert_eq!(outcome.termination, Termination::TurnLimit);
        assert_eq!(outcome.ranks, ranks);
        assert_eq!(game.turns(&state), 6);
    }
}
