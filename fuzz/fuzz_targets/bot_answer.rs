//! What an external bot writes on its stdout (`src/external/protocol.rs`): its `ready` line and
//! its answers, read for one of the four games in a position some moves into a game. An answer
//! read as an action writes back to the same action, and the runner's legality check (and the
//! move, when legal) takes it without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tourney::external::protocol;
use tourney::game::Seat;
use tourney::games::Registered;
use tourney::games::carcassonne::Carcassonne;
use tourney::games::fresh_fish::FreshFish;
use tourney::games::labyrinth::Labyrinth;
use tourney::games::t2r::TicketToRide;
use tourney_fuzz::{default_game, positions};

/// A game as configured by default and its positions.
type Setting<G> = (G, Vec<(<G as tourney::game::Game>::State, Seat)>);

fn setting<G: Registered>() -> Setting<G> {
    let game = default_game();
    let positions = positions(&game, 31);
    (game, positions)
}

static T2R: OnceLock<Setting<TicketToRide>> = OnceLock::new();
static LABYRINTH: OnceLock<Setting<Labyrinth>> = OnceLock::new();
static CARCASSONNE: OnceLock<Setting<Carcassonne>> = OnceLock::new();
static FRESH_FISH: OnceLock<Setting<FreshFish>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let [which, moves, rest @ ..] = data else {
        return;
    };
    // Lines are read as the process adapter reads them: invalid UTF-8 replaced.
    let line = String::from_utf8_lossy(rest);
    if let Err(message) = protocol::parse_ready(&line) {
        assert!(!message.is_empty());
    }
    let moves = usize::from(*moves);
    match which % 4 {
        0 => answer(T2R.get_or_init(setting), &line, moves),
        1 => answer(LABYRINTH.get_or_init(setting), &line, moves),
        2 => answer(CARCASSONNE.get_or_init(setting), &line, moves),
        _ => answer(FRESH_FISH.get_or_init(setting), &line, moves),
    }
});

fn answer<G: Registered>((game, positions): &Setting<G>, line: &str, moves: usize) {
    let action = match protocol::parse_answer(game, line) {
        Ok(action) => action,
        Err(message) => {
            assert!(!message.is_empty(), "an answer refused without a reason");
            return;
        }
    };
    let written = game.wire_action(&action);
    assert_eq!(
        game.parse_action(&written).as_ref(),
        Ok(&action),
        "{written} does not read back as the action it was written from"
    );
    let (state, seat) = &positions[moves % positions.len()];
    if game.is_legal(state, *seat, &action) {
        game.apply(&mut state.clone(), *seat, action);
    }
}
