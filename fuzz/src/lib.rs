//! What the fuzz targets share: positions to read answers and moves in, and the checks every
//! refusal of bad input must pass (docs/guide/fuzzing.md).

use tourney::error::UsageError;
use tourney::game::{Game, Seat, ToAct};
use tourney::games::{self, GameConfig, Registered};
use tourney::seed::{self, Stream};

/// `G` as configured when nothing is asked for.
pub fn default_game<G: Registered>() -> G {
    games::configure(&GameConfig::default()).expect("every game has a default configuration")
}

/// The seat that decides in `state`, the first of several deciding at once; `None` once over.
pub fn deciding<G: Game>(game: &G, state: &G::State) -> Option<Seat> {
    match game.to_act(state) {
        ToAct::Seat(seat) => Some(seat),
        ToAct::Simultaneous(seats) => seats.first().copied(),
        ToAct::Over => None,
    }
}

/// The positions of a game of a fixed seed: the start, then after each of up to `moves` legal
/// actions, each with the seat that decides there (seat 0 once the game is over), so answers
/// are read in positions past the start too. Made once per target, as a game takes far longer
/// to play than an answer to read.
pub fn positions<G: Game>(game: &G, moves: usize) -> Vec<(G::State, Seat)> {
    let mut state = game.new_state(seed::rng(1, 0, Stream::Chance));
    let mut positions = Vec::new();
    for step in 0..=moves {
        let seat = deciding(game, &state);
        positions.push((state.clone(), seat.unwrap_or(0)));
        let Some(seat) = seat else {
            break;
        };
        let legal = game.legal_actions(&game.view(&state, seat));
        let Some(action) = legal.get(step * 7 % legal.len().max(1)) else {
            break;
        };
        game.apply(&mut state, seat, action.clone());
    }
    positions
}

/// A refusal says what is wrong, and a file's refusal names a line of the file.
pub fn check_refusal(error: &UsageError, text: &str) {
    assert!(
        !error.to_string().trim().is_empty(),
        "a refusal without a message: {error:?}"
    );
    if let UsageError::File { line, message, .. } = error {
        assert!(
            !message.trim().is_empty(),
            "a file refusal without a message"
        );
        let last = 1 + text.matches('\n').count();
        assert!(
            (1..=last).contains(line),
            "line {line} named in a text of {last} lines: {message}"
        );
    }
}
