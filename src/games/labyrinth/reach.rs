//! Reachability (rules §2) as a bitboard: one `u16` per line, bit x for column x. A flood fill
//! is a few dozen shifts and masks per line instead of a graph search, which matters because
//! every legality check and every node of a search bot runs one.

use super::board::{Board, MAX_SIDE};

impl Board {
    /// The cells reachable from (x, y) (§2).
    pub fn reach(&self, x: u8, y: u8) -> Reach {
        Links::of(self).flood(x, y)
    }
}

/// Which neighbouring cells are connected: `east[y]` bit x links (x, y) with (x+1, y);
/// `south[y]` bit x links (x, y) with (x, y+1). Nothing wraps around the edges.
#[derive(Clone, Copy, Debug, Default)]
pub struct Links {
    east: [u16; MAX_SIDE],
    south: [u16; MAX_SIDE],
    width: u8,
    height: u8,
}

impl Links {
    pub fn of(board: &Board) -> Links {
        let (width, height) = (board.width(), board.height());
        let [open_n, open_e, open_s, open_w] = board.open();
        let mut links = Links {
            width,
            height,
            ..Links::default()
        };
        for y in 0..usize::from(height) {
            links.east[y] = open_e[y] & (open_w[y] >> 1);
            if y + 1 < usize::from(height) {
                links.south[y] = open_s[y] & open_n[y + 1];
            }
        }
        links
    }

    /// Every cell connected to (x, y), (x, y) included.
    pub fn flood(&self, x: u8, y: u8) -> Reach {
        self.fill((x, y), None).0
    }

    /// Whether `from` and `to` are connected: the flood of [`Links::flood`], stopped as soon as
    /// it reaches `to`, for a legality check that needs one cell, not the whole set.
    pub fn connects(&self, from: (u8, u8), to: (u8, u8)) -> bool {
        from == to || self.fill(from, Some(to)).1
    }

    /// The flood from `(x, y)`, and whether it reached `stop`; it ends as soon as it does, the
    /// set then partial. A line is (re)spread only when it is new or a neighbour gained a cell
    /// linked to it, so no pass over the board confirms the end: the lines left to spread are
    /// bits of one word, lowest first.
    fn fill(&self, (x, y): (u8, u8), stop: Option<(u8, u8)>) -> (Reach, bool) {
        let h = usize::from(self.height);
        let start = (usize::from(y), 1u16 << x);
        let mut rows = [0u16; MAX_SIDE];
        let mut pending = 1u16 << y;
        let mut reached = false;
        while pending != 0 {
            let y = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            // The start joins its line here, so that its links count as gained.
            let mut row = rows[y] | if y == start.0 { start.1 } else { 0 };
            if y > 0 {
                row |= rows[y - 1] & self.south[y - 1];
            }
            if y + 1 < h {
                row |= rows[y + 1] & self.south[y];
            }
            let row = spread(row, self.east[y]);
            let gained = row & !rows[y];
            rows[y] = row;
            if y > 0 && gained & self.south[y - 1] != 0 {
                pending |= 1 << (y - 1);
            }
            if y + 1 < h && gained & self.south[y] != 0 {
                pending |= 1 << (y + 1);
            }
            if let Some((sx, sy)) = stop
                && usize::from(sy) == y
                && row >> sx & 1 == 1
            {
                reached = true;
                break;
            }
        }
        let reach = Reach {
            rows,
            width: self.width,
            height: self.height,
        };
        (reach, reached)
    }
}

/// `row` grown along the line through every open link of `east` (bit x links x and x+1).
fn spread(row: u16, east: u16) -> u16 {
    let mut row = row;
    loop {
        let next = row | ((row & east) << 1) | ((row >> 1) & east);
        if next == row {
            return row;
        }
        row = next;
    }
}

/// A set of cells of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    rows: [u16; MAX_SIDE],
    width: u8,
    height: u8,
}

impl Reach {
    pub fn contains(&self, x: u8, y: u8) -> bool {
        x < self.width && y < self.height && self.rows[usize::from(y)] >> x & 1 == 1
    }

    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Never true: the start cell is always reachable. Here for clippy's `len_without_is_empty`.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cells in column-major order (x outer, y inner), the scan order of the bots (§9).
    pub fn cells(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.width)
            .flat_map(move |x| (0..self.height).map(move |y| (x, y)))
            .filter(|&(x, y)| self.contains(x, y))
    }

    /// The cell nearest to `(tx, ty)`, the first in column-major order on ties, by
    /// `distance(dx, dy)` of the absolute differences, which must grow with dx for a given dy
    /// (the Euclidean and the Manhattan distance do): what `cells().min_by_key(..)` finds,
    /// but a line offers only its set cells nearest column tx on either side (a random game
    /// spent a sixth of its time walking every cell of the board for its nearest one).
    pub fn nearest(
        &self,
        (tx, ty): (u8, u8),
        distance: impl Fn(u8, u8) -> u32,
    ) -> Option<(u8, u8)> {
        let inside = (1u16 << self.width) - 1;
        let mut best: Option<(u32, u8, u8)> = None;
        for (y, &row) in (0u8..).zip(&self.rows[..usize::from(self.height)]) {
            let row = row & inside;
            let right = row >> tx;
            let left = row & ((1u16 << tx) - 1);
            let sides = [
                (right != 0).then(|| tx + right.trailing_zeros() as u8),
                (left != 0).then(|| 15 - left.leading_zeros() as u8),
            ];
            for x in sides.into_iter().flatten() {
                // Column-major order is (x, y) order, so ties go to the smaller pair.
                let candidate = (distance(x.abs_diff(tx), y.abs_diff(ty)), x, y);
                if best.is_none_or(|b| candidate < b) {
                    best = Some(candidate);
                }
            }
        }
        best.map(|(_, x, y)| (x, y))
    }

    /// The smallest Manhattan distance from a cell of the set to (tx, ty); 0 if it holds it.
    pub fn manhattan_to(&self, tx: u8, ty: u8) -> u32 {
        let mut best = u32::MAX;
        for (y, &row) in self.rows[..usize::from(self.height)].iter().enumerate() {
            if row == 0 {
                continue;
            }
            let dy = (y as i32 - i32::from(ty)).unsigned_abs();
            if dy >= best {
                continue;
            }
            // Nearest set bit at or right of tx, and left of tx.
            let right = row >> tx;
            let dx_right = if right == 0 {
                u32::MAX
            } else {
                right.trailing_zeros()
            };
            let left = row & ((1u16 << tx) - 1);
            let dx_left = if left == 0 {
                u32::MAX
            } else {
                u32::from(tx) - (15 - left.leading_zeros())
            };
            best = best.min(dy + dx_right.min(dx_left));
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(u8, u8)]) -> Reach {
        let mut rows = [0u16; MAX_SIDE];
        for &(x, y) in cells {
            rows[usize::from(y)] |= 1 << x;
        }
        Reach {
            rows,
            width: 7,
            height: 7,
        }
    }

    #[test]
    fn connects_agrees_with_the_whole_flood() {
        use crate::games::labyrinth::generator;
        use rand::SeedableRng;
        for seed in 0..20 {
            let mut rng = crate::seed::Rng::seed_from_u64(seed);
            let board = generator::cgs(Some((9, 7)), &mut rng);
            let links = Links::of(&board);
            for from in [(0, 0), (3, 4), (8, 6)] {
                let reach = links.flood(from.0, from.1);
                for x in 0..9 {
                    for y in 0..7 {
                        assert_eq!(links.connects(from, (x, y)), reach.contains(x, y));
                    }
                }
            }
        }
    }

    /// The cells a breadth-first search over the links reaches from `from`, cell by cell.
    fn searched(links: &Links, from: (u8, u8)) -> Vec<(u8, u8)> {
        let linked = |(x, y): (u8, u8), (u, v): (u8, u8)| match (u.abs_diff(x), v.abs_diff(y)) {
            (1, 0) => links.east[usize::from(y)] >> x.min(u) & 1 == 1,
            (0, 1) => links.south[usize::from(y.min(v))] >> x & 1 == 1,
            _ => false,
        };
        let mut seen = vec![from];
        let mut next = 0;
        while next < seen.len() {
            let here = seen[next];
            next += 1;
            for x in 0..links.width {
                for y in 0..links.height {
                    if linked(here, (x, y)) && !seen.contains(&(x, y)) {
                        seen.push((x, y));
                    }
                }
            }
        }
        seen.sort_unstable();
        seen
    }

    #[test]
    fn flood_is_the_breadth_first_search_of_the_links() {
        use crate::games::labyrinth::generator;
        use rand::SeedableRng;
        for seed in 0..30 {
            let mut rng = crate::seed::Rng::seed_from_u64(seed);
            let size = [(7, 7), (13, 9), (9, 13), (13, 13)][seed as usize % 4];
            let board = generator::cgs(Some(size), &mut rng);
            let links = Links::of(&board);
            for x in 0..size.0 {
                for y in 0..size.1 {
                    let mut flooded: Vec<_> = links.flood(x, y).cells().collect();
                    flooded.sort_unstable();
                    assert_eq!(
                        flooded,
                        searched(&links, (x, y)),
                        "seed {seed} from ({x}, {y})"
                    );
                }
            }
        }
    }

    #[test]
    fn manhattan_takes_the_nearest_cell_on_either_side() {
        let r = set(&[(0, 0), (6, 3), (2, 5)]);
        assert_eq!(r.manhattan_to(6, 3), 0);
        assert_eq!(r.manhattan_to(4, 3), 2);
        assert_eq!(r.manhattan_to(1, 5), 1);
        assert_eq!(r.manhattan_to(0, 2), 2);
        assert_eq!(r.len(), 3);
        assert_eq!(r.cells().collect::<Vec<_>>(), [(0, 0), (2, 5), (6, 3)]);
    }

    #[test]
    fn nearest_is_the_first_minimum_in_column_major_order() {
        use crate::games::labyrinth::generator;
        use rand::SeedableRng;
        let euclidean: fn(u8, u8) -> u32 =
            |dx, dy| u32::from(dx) * u32::from(dx) + u32::from(dy) * u32::from(dy);
        let manhattan: fn(u8, u8) -> u32 = |dx, dy| u32::from(dx) + u32::from(dy);
        for seed in 0..20 {
            let mut rng = crate::seed::Rng::seed_from_u64(seed);
            let board = generator::cgs(Some((13, 9)), &mut rng);
            let links = Links::of(&board);
            for from in [(0, 0), (5, 4), (12, 8)] {
                let reach = links.flood(from.0, from.1);
                for x in 0..13 {
                    for y in 0..9 {
                        for distance in [euclidean, manhattan] {
                            let by_cell =
                                |(cx, cy): (u8, u8)| distance(cx.abs_diff(x), cy.abs_diff(y));
                            let expected = reach.cells().min_by_key(|&c| by_cell(c));
                            assert_eq!(reach.nearest((x, y), distance), expected);
                        }
                    }
                }
            }
        }
    }
}
