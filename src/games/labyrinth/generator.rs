//! The two initial boards: the contest server's generator (`cgs`, §3) and the physical box
//! (`classic`, §4). Every random choice comes from the game RNG; nothing else is random.

use super::board::Board;
use super::tile::{EAST, NORTH, SOUTH, Shape, Tile, WEST};
use crate::seed::Rng;
use rand::{RngExt, seq::SliceRandom};

/// Board sides the rules allow.
pub const SIDES: [u8; 4] = [7, 9, 11, 13];

/// A `cgs` board (§3). `size` is (L, H); `None` draws each side uniformly from [`SIDES`].
///
/// The rules fix the order of the steps but not the order of cells inside a step; this one
/// visits cells line by line (y outer, x inner) for the interior fixed walls, the candidate
/// cells of items 1–12 and the dealing of movable tiles, and draws each movable tile's shape
/// and then its rotation before the next tile.
pub fn cgs(size: Option<(u8, u8)>, rng: &mut Rng) -> Board {
    let (width, height) = size.unwrap_or_else(|| {
        let width = SIDES[rng.random_range(0..SIDES.len())];
        (width, SIDES[rng.random_range(0..SIDES.len())])
    });
    let mut board = Board::empty(width, height);
    let fixed = fixed_cells(width, height);
    for &(x, y) in &fixed {
        // Corners come out as L tiles and other border cells as T tiles from their outer
        // walls alone; interior fixed cells are T tiles walled on a random side.
        let tile = match border_walls(width, height, x, y) {
            0 => Tile::new(Shape::T, rng.random_range(0..4), 0),
            walls => Tile { walls, item: 0 },
        };
        board.set_tile(x, y, tile);
    }
    let mut holders = fixed.clone();
    holders.shuffle(rng);
    for (item, &(x, y)) in (1..=12).zip(&holders) {
        board.set_tile(
            x,
            y,
            Tile {
                item,
                ..board.tile(x, y)
            },
        );
    }
    let (a, b) = (usize::from(width - 1) / 2, usize::from(height - 1) / 2);
    let movable = 3 * a * b + a + b + 1;
    let mut tiles = Vec::with_capacity(movable);
    for item in 13..=18 {
        tiles.push(Tile::new(Shape::T, rng.random_range(0..4), item));
    }
    for item in 19..=24 {
        tiles.push(Tile::new(Shape::L, rng.random_range(0..4), item));
    }
    while tiles.len() < movable {
        let shape = if rng.random_range(0..8) < 5 {
            Shape::T
        } else {
            Shape::L
        };
        tiles.push(Tile::new(shape, rng.random_range(0..4), 0));
    }
    deal(&mut board, tiles, rng);
    board
}

/// The `classic` 7×7 box (§4): fixed tiles from the table, treasures 1–12 shuffled over the
/// twelve fixed T tiles (taken line by line), then 34 movable tiles shuffled and dealt.
pub fn classic(rng: &mut Rng) -> Board {
    let mut board = Board::empty(7, 7);
    let pinwheel = [
        ((2, 2), WEST),
        ((4, 2), NORTH),
        ((4, 4), EAST),
        ((2, 4), SOUTH),
    ];
    for (x, y) in fixed_cells(7, 7) {
        let walls = pinwheel
            .iter()
            .find(|(cell, _)| *cell == (x, y))
            .map_or_else(|| border_walls(7, 7, x, y), |&(_, walls)| walls);
        board.set_tile(x, y, Tile { walls, item: 0 });
    }
    let mut treasures: Vec<u8> = (1..=12).collect();
    treasures.shuffle(rng);
    let t_cells = fixed_cells(7, 7)
        .into_iter()
        .filter(|&(x, y)| board.tile(x, y).shape() == Some(Shape::T))
        .collect::<Vec<_>>();
    for ((x, y), item) in t_cells.into_iter().zip(treasures) {
        board.set_tile(
            x,
            y,
            Tile {
                item,
                ..board.tile(x, y)
            },
        );
    }
    let mut tiles = Vec::with_capacity(34);
    let mut push =
        |shape, item, rng: &mut Rng| tiles.push(Tile::new(shape, rng.random_range(0..4), item));
    for item in 13..=18 {
        push(Shape::T, item, rng);
    }
    for item in 19..=24 {
        push(Shape::L, item, rng);
    }
    for _ in 0..9 {
        push(Shape::L, 0, rng);
    }
    for _ in 0..13 {
        push(Shape::I, 0, rng);
    }
    deal(&mut board, tiles, rng);
    board
}

/// The fixed cells, line by line.
fn fixed_cells(width: u8, height: u8) -> Vec<(u8, u8)> {
    (0..height)
        .step_by(2)
        .flat_map(|y| (0..width).step_by(2).map(move |x| (x, y)))
        .collect()
}

/// The outer walls of a fixed cell: two on a corner, one on another border cell, none inside.
fn border_walls(width: u8, height: u8, x: u8, y: u8) -> u8 {
    let mut walls = 0;
    if y == 0 {
        walls |= NORTH;
    }
    if y == height - 1 {
        walls |= SOUTH;
    }
    if x == 0 {
        walls |= WEST;
    }
    if x == width - 1 {
        walls |= EAST;
    }
    walls
}

/// Shuffles `tiles` and deals them to the movable cells line by line; the one left over is
/// the extra tile.
fn deal(board: &mut Board, mut tiles: Vec<Tile>, rng: &mut Rng) {
    tiles.shuffle(rng);
    let mut tiles = tiles.into_iter();
    for y in 0..board.height() {
        for x in 0..board.width() {
            if !Board::is_fixed(x, y) {
                board.set_tile(x, y, tiles.next().expect("one tile per movable cell"));
            }
        }
    }
    board.extra = tiles.next().expect("one tile left over for the extra tile");
    assert!(tiles.next().is_none(), "exactly one extra tile");
}
