//! `PLAY_MOVE` texts of the contest server's protocol (`src/serve/wire.rs`), read as a contest
//! client's move in a position some moves into a Ticket to Ride or Labyrinth game under the
//! contest's rules. A move read and legal is applied, and its canonical text (what the opponent
//! is sent) reads back as the same move; an illegal one has a reason.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use tourney::game::Seat;
use tourney::games;
use tourney::games::labyrinth::Labyrinth;
use tourney::games::t2r::TicketToRide;
use tourney::serve::connection::command_text;
use tourney::games::contest::CgsWire;
use tourney_fuzz::positions;

/// A game under the contest's default options and its positions.
type Setting<G> = (G, Vec<(<G as tourney::game::Game>::State, Seat)>);

fn setting<G: CgsWire>() -> Setting<G> {
    let config = G::training_config(&BTreeMap::new()).expect("the contest's default game");
    let game: G = games::configure(&config).expect("the contest's default game");
    let positions = positions(&game, 47);
    (game, positions)
}

static T2R: OnceLock<Setting<TicketToRide>> = OnceLock::new();
static LABYRINTH: OnceLock<Setting<Labyrinth>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let [which, moves, rest @ ..] = data else {
        return;
    };
    let text = command_text(rest);
    let moves = usize::from(*moves);
    if which % 2 == 0 {
        play(T2R.get_or_init(setting), &text, moves);
    } else {
        play(LABYRINTH.get_or_init(setting), &text, moves);
    }
});

fn play<G: CgsWire>((game, positions): &Setting<G>, text: &str, moves: usize) {
    let (before, seat) = &positions[moves % positions.len()];
    let (before, seat) = (before, *seat);
    let action = match game.parse_move(before, seat, text) {
        Ok(action) => action,
        Err(reason) => {
            assert!(!reason.is_empty(), "a move refused without a reason");
            return;
        }
    };
    if !game.is_legal(before, seat, &action) {
        assert!(!game.illegal_reason(before, seat, &action).is_empty());
        return;
    }
    let mut after = before.clone();
    game.apply(&mut after, seat, action.clone());
    let exchange = game.exchange(before, &after, seat, &action);
    assert_eq!(
        game.parse_move(before, seat, &exchange.move_text).as_ref(),
        Ok(&action),
        "'{text}' was sent on as '{}', which reads as another move",
        exchange.move_text
    );
}
