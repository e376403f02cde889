//! Labyrinth on the wire (`docs/protocol.md`): perfect information, so the view is the whole
//! position and every action is shown as played. Walls are masks N=1, E=2, S=4, W=8; items are
//! 0 (none) or 1–24; coordinates are (x, y) with (0, 0) the top-left corner.

use super::Labyrinth;
use super::action::{Action, Side};
use super::state::ITEMS;
use super::tile::Tile;
use super::view::View;
use crate::external::Wire;
use crate::external::wire::read::{int_field, str_field};
use serde_json::{Value, json};

const SIDES: [(Side, &str); 4] = [
    (Side::LineLeft, "line-left"),
    (Side::LineRight, "line-right"),
    (Side::ColumnTop, "column-top"),
    (Side::ColumnBottom, "column-bottom"),
];

fn side_name(side: Side) -> &'static str {
    SIDES
        .iter()
        .find(|(s, _)| *s == side)
        .map(|(_, name)| *name)
        .expect("every side is listed")
}

fn tile(tile: Tile) -> Value {
    json!({"walls": tile.walls, "item": tile.item})
}

impl Wire for Labyrinth {
    /// The board size can change from game to game, so it travels in the view.
    fn wire_setup(&self) -> Value {
        json!({"items_per_player": ITEMS})
    }

    fn wire_view(&self, view: &View) -> Value {
        let p = &view.position;
        let (width, height) = (p.board.width(), p.board.height());
        let grid = |f: fn(Tile) -> u8| -> Vec<Vec<u8>> {
            (0..height)
                .map(|y| (0..width).map(|x| f(p.board.tile(x, y))).collect())
                .collect()
        };
        json!({
            "seat": view.seat,
            "width": width,
            "height": height,
            "walls": grid(|t| t.walls),
            "items": grid(|t| t.item),
            "extra": tile(p.board.extra),
            "pawns": p.pawns.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
            "collected": p.collected,
            "targets": [p.target(0), p.target(1)],
            "forbidden": p.forbidden().map(|f| json!({"side": side_name(f.side), "index": f.index})),
            "turn": p.turn,
        })
    }

    fn wire_action(&self, action: &Action) -> Value {
        json!({
            "side": side_name(action.side),
            "index": action.index,
            "rotation": action.rotation,
            "x": action.x,
            "y": action.y,
        })
    }

    fn parse_action(&self, value: &Value) -> Result<Action, String> {
        let side = str_field(value, "side")?;
        let side = SIDES
            .iter()
            .find(|(_, name)| *name == side)
            .map(|(s, _)| *s)
            .ok_or_else(|| format!("unknown side '{side}'"))?;
        Ok(Action {
            side,
            index: int_field(value, "index")?,
            rotation: int_field(value, "rotation")?,
            x: int_field(value, "x")?,
            y: int_field(value, "y")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, ToAct};
    use crate::games::labyrinth::RuleSet;
    use crate::seed::{Stream, rng};

    #[test]
    fn every_legal_action_survives_the_round_trip_and_the_view_is_the_board() {
        let game = Labyrinth::new(RuleSet::Cgs, Some((9, 7)), 500);
        let mut state = game.new_state(rng(3, 0, Stream::Chance));
        for _ in 0..20 {
            let ToAct::Seat(seat) = game.to_act(&state) else {
                break;
            };
            let view = game.view(&state, seat);
            let wire = game.wire_view(&view);
            assert_eq!(wire["width"], 9);
            assert_eq!(wire["walls"].as_array().unwrap().len(), 7);
            let (x, y) = view.position.pawns[seat];
            assert_eq!(wire["pawns"][seat], json!([x, y]));
            assert_eq!(
                wire["walls"][usize::from(y)][usize::from(x)],
                view.position.board.tile(x, y).walls
            );
            let legal = game.legal_actions(&view);
            for action in &legal {
                let back = game.parse_action(&game.wire_action(action)).unwrap();
                assert_eq!(&back, action);
            }
            game.apply(&mut state, seat, legal[legal.len() / 3]);
        }
        let err = game
            .parse_action(&json!({"side": "diagonal", "index": 1}))
            .unwrap_err();
        assert!(err.contains("unknown side 'diagonal'"), "{err}");
    }
}
