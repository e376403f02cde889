//! The tiles on the board plus the extra tile, and the insertion that shifts them (§2, §6.4).
//! A fixed-size array, so a board is `Copy` and search bots clone it without allocating.

use super::action::Side;
use super::tile::Tile;

/// The largest side of a board (13 cells), so a line fits a `u16` bitboard row.
pub const MAX_SIDE: usize = 13;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// Where [`Board::find_item`]'s index points for an item not on the board.
const NOWHERE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    width: u8,
    height: u8,
    /// Line-major: (x, y) is at `y * MAX_SIDE + x`; cells past the width or height stay empty.
    tiles: [Tile; MAX_CELLS],
    /// The tile outside the board, with its item if any.
    pub extra: Tile,
    /// Per wall side (N, E, S, W), per line, bit x set when (x, y) has no wall on that side.
    /// Kept up to date by every change, so reachability starts from 4 × H words instead of
    /// reading every tile at every node of a search.
    open: [[u16; MAX_SIDE]; 4],
    /// Cell index of each item 1–24, or [`NOWHERE`] (as slot 0 always is): a hint
    /// [`Board::find_item`] checks before trusting, so a stale entry (a test overwriting a
    /// tile) costs a scan, not a bug.
    items: [u8; 25],
}

impl Board {
    /// A board of wall-less, item-less tiles, for generators and hand-built tests to fill in.
    /// Sides are odd, 3 to 13 (the rules use 7 to 13; tests may go smaller).
    pub fn empty(width: u8, height: u8) -> Board {
        assert!(
            width % 2 == 1 && height % 2 == 1,
            "board sides are odd, not {width}x{height}"
        );
        assert!((3..=MAX_SIDE as u8).contains(&width) && (3..=MAX_SIDE as u8).contains(&height));
        let mut board = Board {
            width,
            height,
            tiles: [Tile::default(); MAX_CELLS],
            extra: Tile::default(),
            open: [[0; MAX_SIDE]; 4],
            items: [NOWHERE; 25],
        };
        for y in 0..height {
            for x in 0..width {
                board.refresh(x, y);
            }
        }
        board
    }

    /// Brings the wall planes and the item index up to date with the tile at (x, y).
    fn refresh(&mut self, x: u8, y: u8) {
        let at = cell(x, y);
        let tile = self.tiles[at];
        for (side, plane) in self.open.iter_mut().enumerate() {
            let row = &mut plane[usize::from(y)];
            if tile.walls >> side & 1 == 0 {
                *row |= 1 << x;
            } else {
                *row &= !(1 << x);
            }
        }
        self.index_item(x, y);
    }

    /// Points the item index at (x, y) for the item of the tile there. A tile without one
    /// writes slot 0, set back to [`NOWHERE`] at once: two stores instead of a branch on
    /// whether the cell holds an item, which the insertion's loop over a line mispredicted.
    fn index_item(&mut self, x: u8, y: u8) {
        let at = cell(x, y);
        let item = self.tiles[at].item;
        if let Some(slot) = self.items.get_mut(usize::from(item)) {
            *slot = u8::try_from(at).expect("169 cells fit a byte");
        }
        self.items[0] = NOWHERE;
    }

    /// Shifts the wall planes as an insertion at `side` `n` shifts the tiles, the inserted
    /// tile's sides coming in at the pushed end: a shift of bits per plane, where refreshing
    /// every cell of the line cost a fifth of a random game.
    fn shift_planes(&mut self, side: Side, n: u8, inserted: Tile) {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        let (n, bit) = (usize::from(n), 1u16 << n);
        for (s, plane) in self.open.iter_mut().enumerate() {
            let open = u16::from(inserted.walls >> s & 1 == 0);
            match side {
                Side::LineLeft => plane[n] = ((plane[n] << 1) | open) & ((1 << w) - 1),
                Side::LineRight => plane[n] = (plane[n] >> 1) | (open << (w - 1)),
                Side::ColumnTop => {
                    for y in (1..h).rev() {
                        plane[y] = (plane[y] & !bit) | (plane[y - 1] & bit);
                    }
                    plane[0] = (plane[0] & !bit) | (open << n);
                }
                Side::ColumnBottom => {
                    for y in 0..h - 1 {
                        plane[y] = (plane[y] & !bit) | (plane[y + 1] & bit);
                    }
                    plane[h - 1] = (plane[h - 1] & !bit) | (open << n);
                }
            }
        }
    }

    /// The wall planes: per side N, E, S, W, per line, the cells without that wall.
    pub fn open(&self) -> &[[u16; MAX_SIDE]; 4] {
        &self.open
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    pub fn tile(&self, x: u8, y: u8) -> Tile {
        self.tiles[cell(x, y)]
    }

    pub fn set_tile(&mut self, x: u8, y: u8, tile: Tile) {
        debug_assert!(x < self.width && y < self.height);
        self.tiles[cell(x, y)] = tile;
        self.refresh(x, y);
    }

    /// Fixed cells have both coordinates even and never move (§2).
    pub fn is_fixed(x: u8, y: u8) -> bool {
        x.is_multiple_of(2) && y.is_multiple_of(2)
    }

    /// Whether `index` is a movable (odd, in range) line or column for `side` (§6.1).
    pub fn is_slot(&self, side: Side, index: u8) -> bool {
        let limit = if side.is_column() {
            self.width
        } else {
            self.height
        };
        index % 2 == 1 && index < limit - 1
    }

    /// Rotates the extra tile by `rotation`, pushes it in at `side` `index` and keeps the tile
    /// pushed out as the new extra tile (§6.3–6.4). The index must be a slot.
    pub fn insert(&mut self, side: Side, index: u8, rotation: u8) {
        debug_assert!(self.is_slot(side, index));
        let inserted = self.extra.rotated(rotation);
        let (w, h, n) = (self.width, self.height, index);
        self.extra = match side {
            Side::ColumnTop => {
                let out = self.tile(n, h - 1);
                for y in (1..h).rev() {
                    self.tiles[cell(n, y)] = self.tiles[cell(n, y - 1)];
                }
                self.tiles[cell(n, 0)] = inserted;
                out
            }
            Side::ColumnBottom => {
                let out = self.tile(n, 0);
                for y in 0..h - 1 {
                    self.tiles[cell(n, y)] = self.tiles[cell(n, y + 1)];
                }
                self.tiles[cell(n, h - 1)] = inserted;
                out
            }
            Side::LineLeft => {
                let row = cell(0, n);
                let out = self.tiles[row + usize::from(w) - 1];
                self.tiles
                    .copy_within(row..row + usize::from(w) - 1, row + 1);
                self.tiles[row] = inserted;
                out
            }
            Side::LineRight => {
                let row = cell(0, n);
                let out = self.tiles[row];
                self.tiles.copy_within(row + 1..row + usize::from(w), row);
                self.tiles[row + usize::from(w) - 1] = inserted;
                out
            }
        };
        self.shift_planes(side, n, inserted);
        if side.is_column() {
            (0..h).for_each(|y| self.index_item(n, y));
        } else {
            (0..w).for_each(|x| self.index_item(x, n));
        }
        if let Some(slot) = self.items.get_mut(usize::from(self.extra.item)) {
            *slot = NOWHERE;
        }
    }

    /// Where a pawn on (x, y) ends after the insertion shifts its line or column; a pawn pushed
    /// off wraps onto the inserted tile (§6.5).
    pub fn shifted(&self, side: Side, index: u8, (x, y): (u8, u8)) -> (u8, u8) {
        let (w, h) = (self.width, self.height);
        match side {
            Side::ColumnTop if x == index => (x, (y + 1) % h),
            Side::ColumnBottom if x == index => (x, (y + h - 1) % h),
            Side::LineLeft if y == index => ((x + 1) % w, y),
            Side::LineRight if y == index => ((x + w - 1) % w, y),
            _ => (x, y),
        }
    }

    /// The cell carrying `item`, scanning columns x = 0 … L−1 and lines y = 0 … H−1 inside each
    /// (§9 "simulate and target"); `None` when it is on the extra tile.
    pub fn find_item(&self, item: u8) -> Option<(u8, u8)> {
        let hint = self.items.get(usize::from(item)).copied();
        if let Some(at) = hint.filter(|&at| at != NOWHERE).map(usize::from)
            && self.tiles[at].item == item
        {
            return Some(((at % MAX_SIDE) as u8, (at / MAX_SIDE) as u8));
        }
        if self.extra.item == item {
            return None;
        }
        (0..self.width)
            .flat_map(|x| (0..self.height).map(move |y| (x, y)))
            .find(|&(x, y)| self.tile(x, y).item == item)
    }

    /// Every tile in play: the board in column-major order, then the extra tile.
    pub fn all_tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.width)
            .flat_map(move |x| (0..self.height).map(move |y| self.tile(x, y)))
            .chain(std::iter::once(self.extra))
    }
}

fn cell(x: u8, y: u8) -> usize {
    usize::from(y) * MAX_SIDE + usize::from(x)
}
