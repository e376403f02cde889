//! Labyrinth on the replay page: the maze with its items, both pawns, each seat's next item
//! and count, the extra tile and the last insertion.

use super::Labyrinth;
use super::state::State;
use crate::replay::Picture;
use serde_json::{Value, json};

impl Picture for Labyrinth {
    fn scene(&self, _first: &State) -> Value {
        json!({})
    }

    fn frame(&self, state: &State) -> Value {
        let position = &state.position;
        let board = &position.board;
        let tiles: Vec<[u8; 2]> = (0..board.height())
            .flat_map(|y| (0..board.width()).map(move |x| board.tile(x, y)))
            .map(|t| [t.walls, t.item])
            .collect();
        let last = position
            .last
            .map(|i| super::notation::insertion(i.side, i.index));
        json!({
            "width": board.width(),
            "height": board.height(),
            "tiles": tiles,
            "extra": [board.extra.walls, board.extra.item],
            "pawns": position.pawns,
            "collected": position.collected,
            "targets": [position.target(0), position.target(1)],
            "to_move": position.to_move(),
            "last": last,
            "over": state.ended.is_some(),
        })
    }

    fn script(&self) -> &'static str {
        include_str!("picture.js")
    }
}
