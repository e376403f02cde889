//! Labyrinth turns and the drawn board in words, for replays and fault messages: "pushes
//! column 3 down, turned 90°, walks to (4, 2), collects item 5". Lines and columns are pushed
//! the way the tile goes in (§6 step 4); cells are (x, y) as in §2.

use super::action::{Action, Side};
use super::chance_event::ChanceEvent;
use super::state::Position;
use super::tile::{Shape, Tile};
use crate::game::Seat;
use crate::games::notation::turned;

/// `action` of `seat` in `position`, before it is played. Whether the pawn moves and what it
/// collects is read off the position after the insertion when the insertion is a legal one.
pub(super) fn describe(position: &Position, seat: Seat, action: &Action) -> String {
    let (line, way) = pushed(action.side);
    let (x, y) = (action.x, action.y);
    let mut text = format!(
        "pushes {line} {} {way}{}",
        action.index,
        turned(action.rotation)
    );
    let board = &position.board;
    let playable = seat < 2
        && action.rotation < 4
        && x < board.width()
        && y < board.height()
        && position.insertion_allowed(action.insertion());
    if !playable {
        return text + &format!(", walks to ({x}, {y})");
    }
    let mut after = *position;
    after.insert(action.insertion(), action.rotation);
    if after.pawns[seat] == (x, y) {
        text += &format!(", stays on ({x}, {y})");
    } else {
        text += &format!(", walks to ({x}, {y})");
    }
    let item = after.board.tile(x, y).item;
    if after.target(seat) == Some(item) {
        text += &format!(", collects item {item}");
    }
    text
}

/// The drawn board (the only chance event): its size and the extra tile.
pub(super) fn event(event: &ChanceEvent) -> String {
    let ChanceEvent::Board {
        width,
        height,
        extra,
        ..
    } = event;
    format!("a {width}×{height} board, extra tile {}", tile(*extra))
}

/// A tile as its shape letter of §2 and its item: "T with item 14", "L".
fn tile(tile: Tile) -> String {
    let shape = match tile.shape() {
        Some(Shape::T) => "T",
        Some(Shape::L) => "L",
        Some(Shape::I) => "I",
        None => "without shape",
    };
    match tile.item {
        0 => shape.to_string(),
        item => format!("{shape} with item {item}"),
    }
}

/// The last insertion as the replay page shows it: "column 3 down".
pub(super) fn insertion(side: Side, index: u8) -> String {
    let (line, way) = pushed(side);
    format!("{line} {index} {way}")
}

/// What an insertion at `side` pushes, and which way (§6 step 4).
fn pushed(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::ColumnTop => ("column", "down"),
        Side::ColumnBottom => ("column", "up"),
        Side::LineLeft => ("line", "right"),
        Side::LineRight => ("line", "left"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::labyrinth::tests::{open_board, state_on};
    use crate::games::labyrinth::tile::NORTH;

    fn action(side: Side, index: u8, rotation: u8, x: u8, y: u8) -> Action {
        Action {
            side,
            index,
            rotation,
            x,
            y,
        }
    }

    #[test]
    fn a_turn_names_the_push_the_turn_and_the_walk() {
        let mut board = open_board(7, 7);
        board.set_tile(4, 2, Tile { walls: 0, item: 1 });
        let state = state_on(board);
        // Seat 1's pawn on (6, 6) is on neither pushed column 1 nor pushed line 1.
        for (seat, turn, said) in [
            (
                0,
                action(Side::ColumnTop, 3, 1, 4, 2),
                "pushes column 3 down, turned 90°, walks to (4, 2), collects item 1",
            ),
            (
                0,
                action(Side::LineRight, 5, 0, 0, 0),
                "pushes line 5 left, stays on (0, 0)",
            ),
            (
                1,
                action(Side::ColumnBottom, 1, 3, 6, 6),
                "pushes column 1 up, turned 270°, stays on (6, 6)",
            ),
            (
                1,
                action(Side::LineLeft, 1, 2, 3, 3),
                "pushes line 1 right, turned 180°, walks to (3, 3)",
            ),
        ] {
            assert_eq!(describe(&state.position, seat, &turn), said);
        }
    }

    #[test]
    fn illegal_turns_are_described_as_given() {
        let state = state_on(open_board(7, 7));
        let say = |a| describe(&state.position, 0, &a);
        assert_eq!(
            say(action(Side::ColumnTop, 2, 0, 1, 1)),
            "pushes column 2 down, walks to (1, 1)"
        );
        assert_eq!(
            say(action(Side::LineLeft, 1, 9, 40, 0)),
            "pushes line 1 right, turned 9 quarter turns, walks to (40, 0)"
        );
    }

    #[test]
    fn the_board_and_the_last_insertion_in_words() {
        let extra = Tile {
            walls: NORTH,
            item: 14,
        };
        let board = ChanceEvent::Board {
            width: 9,
            height: 7,
            tiles: Vec::new(),
            extra,
        };
        assert_eq!(event(&board), "a 9×7 board, extra tile T with item 14");
        assert_eq!(tile(Tile { walls: 3, item: 0 }), "L");
        assert_eq!(insertion(Side::LineRight, 3), "line 3 left");
    }
}
