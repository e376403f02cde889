//! Properties over seeded games on every board size and both rule sets: no panic, every game
//! ends, tiles conserved (board plus extra tile), every item once, bots never illegal (§10.7),
//! the dont-move draw of §10.8, `legal_actions` ⇔ `is_legal`, and insertions keep the wall
//! planes of the tiles.

use super::*;
use crate::games::labyrinth::{Insertion, Side, generator};
use crate::outcome::Termination;
use crate::seed::Rng;
use rand::{RngExt, SeedableRng};

/// Seeded games per test: thousands in the release test run, fewer in debug builds.
const GAMES: u64 = if cfg!(debug_assertions) { 64 } else { 2000 };

fn size_of(seed: u64) -> (u8, u8) {
    let sides = generator::SIDES;
    (sides[(seed % 4) as usize], sides[((seed / 4) % 4) as usize])
}

fn games_between(names: [&str; 2], games: u64) {
    for seed in 0..games {
        let game = cgs(Some(size_of(seed)));
        let (_, outcome) = play_game(&game, seed, names);
        assert!(outcome.culprit.is_none());
    }
}

#[test]
fn random_and_basic_play_legally_to_the_end_on_every_size() {
    games_between(["random", "basic"], GAMES);
    games_between(["basic", "random"], GAMES);
}

#[test]
fn basic_against_itself_and_dont_move_on_every_size() {
    games_between(["basic", "basic"], GAMES);
    games_between(["dont-move", "basic"], GAMES / 4);
}

#[test]
fn greedy_plays_legally_against_basic_and_itself_on_every_size() {
    games_between(["greedy", "basic"], GAMES / 2);
    games_between(["greedy", "greedy"], GAMES / 2);
}

#[test]
fn minimax_plays_legally_against_greedy_and_basic_on_every_size() {
    games_between(["minimax", "greedy"], GAMES / 40);
    games_between(["basic", "minimax"], GAMES / 40);
}

#[test]
fn classic_games_end_and_conserve_tiles() {
    let game = Labyrinth::new(RuleSet::Classic, None, super::super::DEFAULT_TURN_LIMIT);
    for seed in 0..GAMES / 2 {
        let pairs = [
            ["random", "basic"],
            ["basic", "dont-move"],
            ["greedy", "random"],
        ];
        let names = pairs[(seed % 3) as usize];
        play_game(&game, seed, names);
    }
}

#[test]
fn two_dont_move_bots_draw_at_the_turn_limit_unless_item_1_is_on_seat_0s_corner() {
    let mut wins = 0;
    for seed in 0..GAMES / 4 {
        let game = Labyrinth::new(RuleSet::Cgs, None, 100);
        let start = game.new_state(crate::seed::rng(seed, 0, crate::seed::Stream::Chance));
        let on_corner = start.position.board.tile(0, 0).item == 1;
        let (state, outcome) = play_game(&game, seed, ["dont-move", "dont-move"]);
        assert_eq!(outcome.termination, Termination::TurnLimit);
        assert_eq!(state.position.pawns[0], (0, 0));
        if on_corner {
            wins += 1;
            assert_eq!((outcome.scores, outcome.ranks), (vec![1, 0], vec![1, 2]));
        } else {
            assert_eq!((outcome.scores, outcome.ranks), (vec![0, 0], vec![1, 1]));
        }
    }
    assert!(wins > 0, "some seed puts item 1 on (0, 0)");
}

/// Every action a bot could send: all sides, indices 0–14, rotations 0–4, and a few cells on
/// and off the board.
fn candidates(position: &Position, rng: &mut Rng) -> Vec<Action> {
    let mut out = Vec::new();
    for side in [
        Side::LineLeft,
        Side::LineRight,
        Side::ColumnTop,
        Side::ColumnBottom,
    ] {
        for index in 0..15 {
            for rotation in 0..5 {
                for _ in 0..3 {
                    let x = rng.random_range(0..position.board.width() + 1);
                    let y = rng.random_range(0..position.board.height() + 1);
                    out.push(action(side, index, rotation, (x, y)));
                }
                let (x, y) = position.pawns[position.to_move()];
                out.push(action(side, index, rotation, (x, y)));
            }
        }
    }
    out
}

#[test]
fn legal_actions_agree_with_is_legal_on_random_positions() {
    let mut rng = Rng::seed_from_u64(5);
    for seed in 0..if cfg!(debug_assertions) { 16 } else { 160 } {
        let game = cgs(Some(size_of(seed)));
        let mut state = game.new_state(Rng::seed_from_u64(seed));
        for _ in 0..rng.random_range(0..30) {
            let seat = state.position.to_move();
            let legal = game.legal_actions(&game.view(&state, seat));
            let chosen = legal[rng.random_range(0..legal.len())];
            game.apply(&mut state, seat, chosen);
            if game.outcome(&state).is_some() {
                break;
            }
        }
        if game.outcome(&state).is_some() {
            continue;
        }
        let seat = state.position.to_move();
        let legal = game.legal_actions(&game.view(&state, seat));
        assert!(legal.iter().all(|a| game.is_legal(&state, seat, a)));
        assert!(legal.iter().all(|a| !game.is_legal(&state, 1 - seat, a)));
        assert!(game.legal_actions(&game.view(&state, 1 - seat)).is_empty());
        let mut sorted = legal.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "no duplicates");
        for candidate in candidates(&state.position, &mut rng) {
            let legal = sorted.binary_search(&candidate).is_ok();
            assert_eq!(
                game.is_legal(&state, seat, &candidate),
                legal,
                "seed {seed}: {candidate:?}"
            );
            // The check from a view the bot tried the insertion on (forbidden ones too) is a
            // bit test; it must answer as the whole check does, for either seat's view.
            let board = &state.position.board;
            if board.is_slot(candidate.side, candidate.index) {
                for viewer in [seat, 1 - seat] {
                    let view = game.view(&state, viewer);
                    view.after(candidate.insertion(), candidate.rotation);
                    assert_eq!(
                        game.is_legal_from(&state, &view, viewer, &candidate),
                        legal && viewer == seat,
                        "seed {seed}, seat {viewer}'s view: {candidate:?}"
                    );
                }
            }
        }
        let slots = 4 * (state.position.board.width() as usize - 1) / 2
            + 4 * (state.position.board.height() as usize - 1) / 2;
        let insertions: std::collections::BTreeSet<(Insertion, u8)> =
            legal.iter().map(|a| (a.insertion(), a.rotation)).collect();
        let forbidden = usize::from(state.position.last.is_some());
        assert_eq!(insertions.len(), 2 * slots - 4 * forbidden);
    }
}

/// An insertion shifts the wall planes by bits rather than refreshing each moved cell: after
/// random insertions on every size, the planes are still those of the tiles, as a board built
/// cell by cell from the same tiles has them.
#[test]
fn insertions_keep_the_wall_planes_of_the_tiles() {
    let sides = [
        Side::LineLeft,
        Side::LineRight,
        Side::ColumnTop,
        Side::ColumnBottom,
    ];
    let mut rng = Rng::seed_from_u64(7);
    for seed in 0..GAMES / 8 {
        let game = cgs(Some(size_of(seed)));
        let mut board = game.new_state(Rng::seed_from_u64(seed)).position.board;
        for _ in 0..50 {
            let side = sides[rng.random_range(0..4)];
            let limit = if side.is_column() {
                board.width()
            } else {
                board.height()
            };
            let index = 2 * rng.random_range(0..(limit - 1) / 2) + 1;
            board.insert(side, index, rng.random_range(0..4));
            let mut rebuilt = crate::games::labyrinth::Board::empty(board.width(), board.height());
            for y in 0..board.height() {
                for x in 0..board.width() {
                    rebuilt.set_tile(x, y, board.tile(x, y));
                }
            }
            assert_eq!(board.open(), rebuilt.open(), "{side:?} {index}");
        }
    }
}
