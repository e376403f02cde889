//! What chance draws in Labyrinth, for records and replays: the generated board (§3; rule set
//! `cgs` also draws its size). Nothing is drawn after setup.

use super::Labyrinth;
use super::chance_event::ChanceEvent;
use super::state::State;
use crate::game::Chance;

impl Chance for Labyrinth {
    type Event = ChanceEvent;

    fn describe_event(&self, event: &ChanceEvent) -> String {
        super::notation::event(event)
    }

    /// Read off the fresh board, so the state needs no log.
    fn setup_chance(&self, state: &mut State) -> Vec<ChanceEvent> {
        let board = &state.position.board;
        let (width, height) = (board.width(), board.height());
        let tiles = (0..height)
            .flat_map(|y| (0..width).map(move |x| board.tile(x, y)))
            .collect();
        vec![ChanceEvent::Board {
            width,
            height,
            tiles,
            extra: board.extra,
        }]
    }
}
