//! Engine tests too big to sit next to the code: hand-built positions with known answers
//! (`positions.rs`), the generators' tile counts (`generator.rs`) and properties over many
//! seeded games on every board size (`properties.rs`).

mod generator;
mod positions;
mod properties;
mod search;

use super::bots;
use super::state::{Position, State};
use super::tile::{Shape, Tile};
use super::{Action, Board, Labyrinth, RuleSet};
use crate::bot::Params;
use crate::game::{Game, ToAct};
use crate::outcome::Outcome;
use crate::seed::{self, Stream};

/// A state on `board` at the start of a game: seat 0 to move, pawns on their corners.
pub(super) fn state_on(board: Board) -> State {
    State {
        position: Position::new(board),
        ended: None,
    }
}

/// A board whose every tile is open on all sides and carries no item (not real tiles:
/// hand-built tests add the walls and items they need).
pub(super) fn open_board(width: u8, height: u8) -> Board {
    Board::empty(width, height)
}

/// Every tile of a board and the extra tile as (shape, item), sorted: what insertions conserve.
pub(super) fn tile_multiset(board: &Board) -> Vec<(Option<Shape>, u8)> {
    let mut tiles: Vec<_> = board
        .all_tiles()
        .map(|t: Tile| (t.shape(), t.item))
        .collect();
    tiles.sort_unstable();
    tiles
}

/// The items on the board's tiles, the extra tile's included, in ascending order.
pub(super) fn items_on(board: &Board) -> Vec<u8> {
    let mut items: Vec<u8> = board
        .all_tiles()
        .map(|t| t.item)
        .filter(|&i| i > 0)
        .collect();
    items.sort_unstable();
    items
}

/// Checks what must hold after every action: tiles conserved against `initial`, every item
/// 1–24 exactly once, pawns on the board, counts within 0–24.
pub(super) fn check_invariants(state: &State, initial: &[(Option<Shape>, u8)]) {
    let position = &state.position;
    let board = &position.board;
    assert_eq!(tile_multiset(board), initial, "tiles conserved");
    assert_eq!(
        items_on(board),
        (1..=24).collect::<Vec<_>>(),
        "every item exactly once"
    );
    for &(x, y) in &position.pawns {
        assert!(x < board.width() && y < board.height());
    }
    assert!(position.collected.iter().all(|&c| c <= 24));
}

/// Plays one whole game between two bots from the table, asserting that every action is
/// legal and the invariants hold after each; returns the final state and outcome.
pub(super) fn play_game(game: &Labyrinth, seed: u64, names: [&str; 2]) -> (State, Outcome) {
    let mut state = game.new_state(seed::rng(seed, 0, Stream::Chance));
    let initial = tile_multiset(&state.position.board);
    check_invariants(&state, &initial);
    let mut players: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let entry = bots::find(name).expect("a listed bot");
            let rng = seed::rng(seed, 0, Stream::Seat(seat as u8));
            entry
                .make(game, seat, rng, &Params::default())
                .expect("no params")
        })
        .collect();
    while let ToAct::Seat(seat) = game.to_act(&state) {
        let action = players[seat].act(game, &game.view(&state, seat));
        assert!(
            game.is_legal(&state, seat, &action),
            "{} played illegally in seed {seed}: {action:?}",
            names[seat]
        );
        game.apply(&mut state, seat, action);
        check_invariants(&state, &initial);
        assert!(
            state.position.turn <= 2 * game.turn_limit(),
            "the game must end"
        );
    }
    let outcome = game.outcome(&state).expect("over");
    (state, outcome)
}

pub(super) fn cgs(size: Option<(u8, u8)>) -> Labyrinth {
    Labyrinth::new(RuleSet::Cgs, size, super::DEFAULT_TURN_LIMIT)
}

/// The action made of its parts.
pub(super) fn action(side: super::Side, index: u8, rotation: u8, (x, y): (u8, u8)) -> Action {
    Action {
        side,
        index,
        rotation,
        x,
        y,
    }
}

#[test]
fn configure_parses_size_and_turn_limit_and_refuses_size_with_classic() {
    use crate::games::{GameConfig, Registered};
    let config = |rules: Option<&str>, options: &[(&str, &str)]| GameConfig {
        rules: rules.map(str::to_string),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seats: None,
    };
    let game = Labyrinth::configure(&config(None, &[("size", "9x13"), ("turn_limit", "40")]))
        .expect("valid");
    assert_eq!((game.rules(), game.turn_limit()), (RuleSet::Cgs, 40));
    let state = game.new_state(seed::rng(1, 2, Stream::Chance));
    assert_eq!(
        (state.position.board.width(), state.position.board.height()),
        (9, 13)
    );
    for bad in ["8x9", "7x15", "5x5", "9", "x", "9x9x9"] {
        assert!(
            Labyrinth::configure(&config(None, &[("size", bad)])).is_err(),
            "{bad}"
        );
    }
    let err = Labyrinth::configure(&config(Some("classic"), &[("size", "7x7")])).err();
    assert!(err.is_some_and(|e| e.to_string().contains("classic")));
    assert!(Labyrinth::configure(&config(Some("house"), &[])).is_err());
    assert!(Labyrinth::configure(&config(None, &[("map", "usa")])).is_err());
    assert!(Labyrinth::configure(&config(None, &[("turn_limit", "0")])).is_err());
}
