//! The generic `mcts` on Labyrinth (plain MCTS: everything is public): a solved position,
//! determinism, and legal play over seeded games.

use super::{cgs, open_board, state_on};
use crate::bot::table::test_bot;
use crate::game::Game;
use crate::games::labyrinth::{Action, Labyrinth, Tile};
use crate::search::checked::play_checked;
use crate::seed::{Stream, rng};

fn mcts(game: &Labyrinth, params: &[(&str, &str)]) -> Box<dyn crate::bot::Bot<Labyrinth>> {
    test_bot("mcts", game, 0, rng(1, 2, Stream::Seat(0)), params)
}

#[test]
fn a_target_reachable_now_is_taken() {
    let game = cgs(Some((7, 7)));
    let mut board = open_board(7, 7);
    board.set_tile(3, 4, Tile { walls: 0, item: 1 });
    // The next target exists too, as in a real game, so the estimate after collecting sees it.
    board.set_tile(6, 2, Tile { walls: 0, item: 2 });
    let state = state_on(board);
    for params in [&[][..], &[("rollout", "greedy"), ("depth", "1")][..]] {
        let chosen = mcts(&game, params).act(&game, &game.view(&state, 0));
        let mut after = state.clone();
        game.apply(&mut after, 0, chosen);
        assert_eq!(after.position.collected, [1, 0], "{params:?}: {chosen:?}");
    }
}

#[test]
fn same_seed_same_choice() {
    let game = cgs(Some((7, 7)));
    let state = game.new_state(rng(4, 0, Stream::Chance));
    let params = [("iterations", "200")];
    let first = mcts(&game, &params).act(&game, &game.view(&state, 0));
    assert!(game.is_legal(&state, 0, &first));
    assert_eq!(
        mcts(&game, &params).act(&game, &game.view(&state, 0)),
        first
    );
}

#[test]
fn mcts_plays_only_legal_actions_in_seeded_games() {
    let game = Labyrinth::new(crate::games::labyrinth::RuleSet::Cgs, Some((7, 7)), 20);
    for (seed, spec) in [
        "mcts:iterations=30",
        "mcts:iterations=10,rollout=greedy,depth=3",
        "mcts:iterations=10,rollout=random,depth=none",
    ]
    .into_iter()
    .enumerate()
    {
        play_checked(&game, seed as u64, &[spec, "greedy"]);
    }
}

/// Every tile walled in but the pawn's corner, open to the east, and the extra tile carrying
/// item 1: only pushing it into column 1 from the top with its west side open (rotation 0 or
/// 1 of a corner walled north and east) reaches the target, at (1, 0).
fn one_push_away() -> crate::games::labyrinth::State {
    use crate::games::labyrinth::tile::{EAST, NORTH, SOUTH, WEST};
    let mut board = open_board(7, 7);
    for x in 0..7 {
        for y in 0..7 {
            board.set_tile(x, y, Tile { walls: 15, item: 0 });
        }
    }
    board.set_tile(
        0,
        0,
        Tile {
            walls: NORTH | SOUTH | WEST,
            item: 0,
        },
    );
    board.set_tile(4, 4, Tile { walls: 15, item: 2 });
    board.extra = Tile {
        walls: NORTH | EAST,
        item: 1,
    };
    state_on(board)
}

#[test]
fn the_pruned_turns_keep_the_push_that_reaches_the_target() {
    use crate::games::labyrinth::Side;
    use crate::games::labyrinth::bots::steps::turns;
    let game = cgs(Some((7, 7)));
    let state = one_push_away();
    let turns = turns(&state.position);
    for rotation in [0, 1] {
        let winning = Action {
            side: Side::ColumnTop,
            index: 1,
            rotation,
            x: 1,
            y: 0,
        };
        assert!(turns.contains(&winning), "{winning:?} missing");
    }
    // Everywhere else the pawn is shut in: one destination, its own cell, per insertion and
    // rotation, and every turn legal.
    assert!(turns.iter().all(|a| game.is_legal(&state, 0, a)));
    assert_eq!(turns.len(), 12 * 4);
    // Best first: the two pushes that collect lead the list.
    let mut leaders = turns[..2].to_vec();
    leaders.sort_by_key(|a| a.rotation);
    assert_eq!(
        leaders
            .iter()
            .map(|a| (a.rotation, a.x, a.y))
            .collect::<Vec<_>>(),
        [(0, 1, 0), (1, 1, 0)]
    );
    let chosen = mcts(&game, &[]).act(&game, &game.view(&state, 0));
    let mut after = state.clone();
    game.apply(&mut after, 0, chosen);
    assert_eq!(after.position.collected, [1, 0], "{chosen:?}");
}

#[test]
fn a_straight_extra_tile_is_searched_in_two_rotations() {
    use crate::games::labyrinth::bots::steps::turns;
    use crate::games::labyrinth::tile::{EAST, WEST};
    let mut state = one_push_away();
    state.position.board.extra = Tile {
        walls: EAST | WEST,
        item: 1,
    };
    let rotations: std::collections::BTreeSet<u8> =
        turns(&state.position).iter().map(|a| a.rotation).collect();
    assert_eq!(rotations, [0, 1].into());
}

/// The destinations `minimax` and `mcts` search, cross-checked against their definition: every
/// reachable cell sorted by Manhattan distance to the target (stable, so column-major on
/// ties), the first few kept. Every insertion and rotation of the positions of seeded random
/// games on each board size.
#[test]
fn destinations_are_the_nearest_reachable_cells_in_column_major_order_on_ties() {
    use crate::games::labyrinth::action::insertions;
    use crate::games::labyrinth::bots::steps::{DESTINATIONS, destinations, simulate};
    let mut checked = 0;
    for (seed, size) in [(1, 7), (2, 9), (3, 13)] {
        let game = cgs(Some((size, size)));
        let mut state = game.new_state(rng(seed, 0, Stream::Chance));
        let mut random = rng(seed, 0, Stream::Seat(0));
        for _ in 0..30 {
            let position = &state.position;
            let seat = position.to_move();
            let board = &position.board;
            for insertion in insertions(board.width(), board.height(), position.forbidden()) {
                for rotation in 0..4 {
                    let after = simulate(position, insertion, rotation);
                    let reach = after.reach(seat);
                    let expected: Vec<(u8, u8)> = match after
                        .target(seat)
                        .and_then(|item| after.board.find_item(item))
                    {
                        None => vec![after.pawns[seat]],
                        Some(target) if reach.contains(target.0, target.1) => vec![target],
                        Some((tx, ty)) => {
                            let mut cells: Vec<(u8, u8)> = reach.cells().collect();
                            cells.sort_by_key(|&(x, y)| x.abs_diff(tx) + y.abs_diff(ty));
                            cells.truncate(DESTINATIONS);
                            cells
                        }
                    };
                    let found: Vec<(u8, u8)> =
                        destinations(&after, &reach, seat).into_iter().collect();
                    assert_eq!(found, expected, "seed {seed}, {insertion:?} {rotation}");
                    checked += 1;
                }
            }
            let actions = game.legal_actions(&game.view(&state, seat));
            let pick = actions[rand::RngExt::random_range(&mut random, 0..actions.len())];
            game.apply(&mut state, seat, pick);
        }
    }
    assert!(checked > 3000, "{checked}");
}

/// The order `mcts` tries turns in, cross-checked against its definition: each turn played
/// out on a copy and valued by `minimax`'s evaluation with both reachable sets found afresh
/// after the walk; the values never rise along the list, and on equal values the insertions
/// and rotations keep the order of the full legal list. Positions of seeded random games on
/// each board size.
#[test]
fn turns_come_best_first_by_minimaxs_evaluation_then_in_listing_order() {
    use crate::games::labyrinth::bots::steps::{ITEM_WEIGHT, evaluate, in_tenths, turns};
    let weight = in_tenths(ITEM_WEIGHT);
    let mut checked = 0;
    for (seed, size) in [(4, 7), (5, 11), (6, 13)] {
        let game = cgs(Some((size, size)));
        let mut state = game.new_state(rng(seed, 0, Stream::Chance));
        let mut random = rng(seed, 0, Stream::Seat(0));
        for _ in 0..25 {
            let seat = state.position.to_move();
            let legal = game.legal_actions(&game.view(&state, seat));
            let keyed: Vec<(i32, usize)> = turns(&state.position)
                .iter()
                .map(|action| {
                    let mut after = state.position;
                    after.play(action);
                    let (reach, theirs) = (after.reach(seat), after.reach(1 - seat));
                    let value = evaluate(&after, seat, &reach, &theirs, weight);
                    let index = legal
                        .iter()
                        .position(|a| {
                            (a.insertion(), a.rotation) == (action.insertion(), action.rotation)
                        })
                        .expect("a legal turn");
                    (-value, index)
                })
                .collect();
            assert!(keyed.is_sorted(), "seed {seed}: {keyed:?}");
            checked += keyed.len();
            let pick = legal[rand::RngExt::random_range(&mut random, 0..legal.len())];
            game.apply(&mut state, seat, pick);
        }
    }
    assert!(checked > 5000, "{checked}");
}
