//! The generic `mcts` on Labyrinth (plain MCTS: everything is public): a solved position,
//! determinism, and legal play over seeded games.

use super::{cgs, open_board, state_on};
use crate::bot::table::test_bot;
use crate::game::Game;
use crate::games::labyrinth::{Labyrinth, Tile};
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
