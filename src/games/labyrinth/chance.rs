//! What chance draws in Labyrinth, for records and replays: the generated board (§3; rule set
//! `cgs` also draws its size). Nothing is drawn after setup.

use super::Labyrinth;
use super::state::State;
use super::tile::Tile;
use crate::game::Chance;

/// One chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChanceEvent {
    /// The board setup drew: `tiles` line by line, top line first, and the extra tile.
    Board {
        width: u8,
        height: u8,
        tiles: Vec<Tile>,
        extra: Tile,
    },
}

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
