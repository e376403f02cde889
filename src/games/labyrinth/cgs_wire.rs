//! Labyrinth on the contest server's wire (`docs/contest-protocol.md` §5 and §7.2): the
//! board as `N E S W item` per tile, moves `insert number rotation x y`, answers `N E S W item
//! nextItem`. Always under the `cgs` rule set: its generator is the server's LabyrinthClassic
//! (rules §3), with the size drawn per game unless the client asks for `mini` (7×7).

use super::action::{Action, Side};
use super::state::State;
use super::tile::{EAST, NORTH, SOUTH, Tile, WEST};
use super::{Labyrinth, RuleSet};
use crate::game::Seat;
use crate::games::GameConfig;
use crate::games::contest::{CgsWire, Exchange};
use crate::outcome::{Outcome, Termination};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The wire's insertion codes, in order 0–3.
const SIDES: [Side; 4] = [
    Side::LineLeft,
    Side::LineRight,
    Side::ColumnTop,
    Side::ColumnBottom,
];

impl CgsWire for Labyrinth {
    const TRAINING_BOTS: &'static [(&'static str, &'static str)] = &[
        ("RANDOM", "random"),
        ("BASIC", "basic"),
        ("DONTMOVE", "dont-move"),
    ];

    fn training_config(options: &BTreeMap<String, String>) -> Result<GameConfig, String> {
        let mut config = GameConfig {
            rules: Some(RuleSet::Cgs.as_str().to_string()),
            ..GameConfig::default()
        };
        if options.contains_key("mini") {
            config.options.insert("size".to_string(), "7x7".to_string());
        }
        Ok(config)
    }

    fn size_text(&self, start: &State) -> String {
        let board = &start.position.board;
        format!("{} {}", board.width(), board.height())
    }

    /// Every tile line by line (y outer, x inner) as `N E S W item`, then the extra tile.
    fn game_data(&self, start: &State, _: Seat) -> String {
        let board = &start.position.board;
        let tiles = (0..board.height())
            .flat_map(|y| (0..board.width()).map(move |x| board.tile(x, y)))
            .chain([board.extra]);
        let texts: Vec<String> = tiles.map(tile_text).collect();
        texts.join(" ")
    }

    fn parse_move(&self, _: &State, _: Seat, text: &str) -> Result<Action, String> {
        let form = || "The move is not in correct form ('%d %d %d %d %d') !".to_string();
        let numbers: Option<Vec<u8>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
        match numbers.ok_or_else(form)?.as_slice() {
            &[insert, index, rotation, x, y] => Ok(Action {
                side: *SIDES
                    .get(usize::from(insert))
                    .ok_or("The insertion must be 0, 1, 2 or 3 !")?,
                index,
                rotation,
                x,
                y,
            }),
            _ => Err(form()),
        }
    }

    fn illegal_reason(&self, state: &State, _: Seat, action: &Action) -> String {
        let position = &state.position;
        let board = &position.board;
        let across = if action.side.is_column() {
            board.width()
        } else {
            board.height()
        };
        if action.index.is_multiple_of(2) {
            "The column/line number must be odd !".to_string()
        } else if action.index >= across {
            "The column/line number is too large !".to_string()
        } else if action.rotation > 3 {
            "The rotation must be 0, 1, 2 or 3 !".to_string()
        } else if !position.insertion_allowed(action.insertion()) {
            "It is not allowed to cancel the previous insertion !".to_string()
        } else if action.x >= board.width() || action.y >= board.height() {
            format!(
                "The position {},{} is outside the labyrinth !",
                action.x, action.y
            )
        } else {
            format!("The position {},{} is not reachable !", action.x, action.y)
        }
    }

    /// The answer and the message are the same: the new extra tile and the mover's next item.
    fn exchange(&self, _: &State, after: &State, mover: Seat, action: &Action) -> Exchange {
        let position = &after.position;
        let next = position.target(mover).unwrap_or(0);
        let tile = format!("{} {next}", tile_text(position.board.extra));
        let code = SIDES
            .iter()
            .position(|&s| s == action.side)
            .expect("four sides");
        Exchange {
            answer: tile.clone(),
            move_text: format!(
                "{code} {} {} {} {}",
                action.index, action.rotation, action.x, action.y
            ),
            message: tile,
        }
    }

    fn end_reason(&self, end: &State, outcome: &Outcome) -> String {
        let [a, b] = end.position.collected;
        match outcome.termination {
            Termination::Normal => "The last item has been reached!".to_string(),
            other => format!("Game over ({other}): {a} items to {b}"),
        }
    }

    /// The board in ASCII, three characters per tile: `#` for walls, the pawns as `0` and
    /// `1`, `*` for an item; then the targets and the extra tile.
    fn display(&self, state: &State, seat: Seat) -> String {
        let position = &state.position;
        let board = &position.board;
        let mut text = String::new();
        for y in 0..board.height() {
            let mut rows = [String::new(), String::new(), String::new()];
            for x in 0..board.width() {
                let tile = board.tile(x, y);
                let wall = |side| if tile.has_wall(side) { '#' } else { ' ' };
                let centre = match position.pawns.iter().position(|&p| p == (x, y)) {
                    Some(pawn) => char::from(b'0' + pawn as u8),
                    None if tile.item > 0 => '*',
                    None => ' ',
                };
                let _ = write!(rows[0], "#{}#", wall(NORTH));
                let _ = write!(rows[1], "{}{centre}{}", wall(WEST), wall(EAST));
                let _ = write!(rows[2], "#{}#", wall(SOUTH));
            }
            for row in rows {
                let _ = writeln!(text, "{row}");
            }
        }
        for player in 0..2 {
            let (x, y) = position.pawns[player];
            let target = position.target(player).unwrap_or(0);
            let you = if player == seat { " (you)" } else { "" };
            let _ = writeln!(
                text,
                "Player #{player}{you} at {x},{y}: {} items, next item {target}",
                position.collected[player]
            );
        }
        let _ = writeln!(text, "Extra tile: {}", tile_text(board.extra));
        text
    }
}

/// `N E S W item`, walls as 0/1.
fn tile_text(tile: Tile) -> String {
    let wall = |side| u8::from(tile.has_wall(side));
    format!(
        "{} {} {} {} {}",
        wall(NORTH),
        wall(EAST),
        wall(SOUTH),
        wall(WEST),
        tile.item
    )
}

#[cfg(test)]
mod tests;
