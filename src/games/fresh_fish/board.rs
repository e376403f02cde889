//! The board of rules §2: a rectangle of cells, each holding exactly one content, with the
//! neighbour order up, right, down, left. Any rectangle up to 10×10 is accepted so the road rule
//! can be unit-tested on small boards; the game itself always uses 10×10.
//!
//! Sets of cells are `u128` bitsets (bit i = cell i, index = row × cols + col): 100 cells fit,
//! and the road rule and the bots copy them around without allocating.

use std::fmt;

/// At most 10 rows and 10 columns.
pub const MAX_SIDE: usize = 10;
/// The side of the board every game of the rules is set up on (§3).
pub const SIDE: usize = 10;
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A set of cells, bit i for cell index i.
pub type Cells = u128;

/// The five shop and producer types, A to E.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Kind {
    A,
    B,
    C,
    D,
    E,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::A, Kind::B, Kind::C, Kind::D, Kind::E];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        char::from(b'A' + self as u8)
    }
}

/// What one cell holds (rules §2). Players are seat numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    Empty,
    Marker(u8),
    Road,
    Producer(Kind),
    Shop(Kind, u8),
    Tree,
}

impl Content {
    /// Empty, markers and roads: the cells a person may walk on (the graph G of §6.1).
    pub fn is_traversable(self) -> bool {
        matches!(self, Content::Empty | Content::Marker(_) | Content::Road)
    }

    /// Empty or a marker: the cells the road rule may convert and builds may go on.
    pub fn is_free(self) -> bool {
        matches!(self, Content::Empty | Content::Marker(_))
    }
}

/// A rectangle of cells. `Copy`, 100 cells of 3 bytes: cloning a state for search is a memcpy.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
    cells: [Content; MAX_CELLS],
    /// Every cell of the rectangle, the first column and the last column, as sets: they let
    /// [`Board::spread`] move whole sets with shifts.
    full: Cells,
    first_col: Cells,
    last_col: Cells,
}

impl Board {
    /// An all-Empty board. Panics outside 1..=10 × 1..=10: a programming error.
    pub fn new(rows: usize, cols: usize) -> Board {
        assert!(
            (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols),
            "boards are 1 to 10 cells on each side, not {rows}×{cols}"
        );
        let full = (1u128 << (rows * cols)) - 1;
        let first_col = (0..rows).fold(0, |set, r| set | 1u128 << (r * cols));
        Board {
            rows: u8::try_from(rows).expect("at most 10"),
            cols: u8::try_from(cols).expect("at most 10"),
            cells: [Content::Empty; MAX_CELLS],
            full,
            first_col,
            last_col: first_col << (cols - 1),
        }
    }

    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    pub fn len(&self) -> usize {
        self.rows() * self.cols()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn index(&self, row: usize, col: usize) -> usize {
        debug_assert!(row < self.rows() && col < self.cols());
        row * self.cols() + col
    }

    /// (row, column) of a cell index.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols(), cell % self.cols())
    }

    pub fn get(&self, cell: usize) -> Content {
        self.cells[cell]
    }

    pub fn set(&mut self, cell: usize, content: Content) {
        debug_assert!(cell < self.len());
        self.cells[cell] = content;
    }

    /// The cells in index (row-major) order.
    pub fn cells(&self) -> &[Content] {
        &self.cells[..self.len()]
    }

    /// Neighbour `k` of `cell` (0 up, 1 right, 2 down, 3 left), if it is on the board.
    #[inline]
    pub fn neighbour(&self, cell: usize, k: usize) -> Option<usize> {
        let cols = self.cols();
        match k {
            0 => cell.checked_sub(cols),
            1 => (cell % cols + 1 < cols).then_some(cell + 1),
            2 => (cell + cols < self.len()).then_some(cell + cols),
            _ => (!cell.is_multiple_of(cols)).then(|| cell - 1),
        }
    }

    /// The neighbours of `cell` in rules order: up, right, down, left.
    #[inline]
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter_map(move |k| self.neighbour(cell, k))
    }

    /// The set of cells whose content satisfies `pred`.
    pub fn select(&self, pred: impl Fn(Content) -> bool) -> Cells {
        let mut set = 0;
        for (i, &c) in self.cells().iter().enumerate() {
            if pred(c) {
                set |= 1 << i;
            }
        }
        set
    }

    pub fn traversable(&self) -> Cells {
        self.select(Content::is_traversable)
    }

    /// Every cell of the board.
    pub fn all(&self) -> Cells {
        self.full
    }

    /// The set of cells next to a cell of `set` (which may include `set` itself): four shifts.
    #[inline]
    pub fn spread(&self, set: Cells) -> Cells {
        let cols = self.cols();
        ((set >> cols)
            | (set << cols)
            | ((set & !self.last_col) << 1)
            | ((set & !self.first_col) >> 1))
            & self.full
    }

    /// The set of neighbours of the cells in `set`, `set` itself excluded.
    #[inline]
    pub fn around(&self, set: Cells) -> Cells {
        self.spread(set) & !set
    }

    /// The cell of Producer(kind), if on the board.
    pub fn producer(&self, kind: Kind) -> Option<usize> {
        self.cells()
            .iter()
            .position(|&c| c == Content::Producer(kind))
    }

    /// §6.1: (S1) the traversable cells are connected and (S2) every built cell has a
    /// traversable neighbour. A board with no traversable cell is sound only with no building.
    pub fn is_sound(&self) -> bool {
        let free = self.traversable();
        let built = self.full & !free;
        if free == 0 {
            return built == 0;
        }
        let reached = self.flood(free.trailing_zeros() as usize, free);
        reached == free && built & !self.around(reached) == 0
    }

    /// The cells of `within` reachable from `start` (which must be in `within`).
    pub fn flood(&self, start: usize, within: Cells) -> Cells {
        let mut reached: Cells = 1 << start;
        let mut frontier = reached;
        while frontier != 0 {
            let next = self.around(frontier) & within & !reached;
            reached |= next;
            frontier = next;
        }
        reached
    }

    /// Parses ASCII art, one line per row, cells separated by optional spaces: `.` Empty,
    /// `#` Road, `T` Tree, `A`–`E` producers, `a`–`e` shops of seat 0, `S` a shop A of seat 0,
    /// `0`–`4` markers of that seat. For tests and documentation.
    pub fn parse(art: &str) -> Board {
        let rows: Vec<Vec<Content>> = art
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(parse_cell)
                    .collect()
            })
            .filter(|r: &Vec<Content>| !r.is_empty())
            .collect();
        let mut board = Board::new(rows.len(), rows[0].len());
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), board.cols(), "ragged board art at row {r}");
            for (c, &content) in row.iter().enumerate() {
                let i = board.index(r, c);
                board.set(i, content);
            }
        }
        board
    }
}

fn parse_cell(ch: char) -> Content {
    match ch {
        '.' => Content::Empty,
        '#' => Content::Road,
        'T' => Content::Tree,
        'S' => Content::Shop(Kind::A, 0),
        'A'..='E' => Content::Producer(Kind::ALL[(ch as u8 - b'A') as usize]),
        'a'..='e' => Content::Shop(Kind::ALL[(ch as u8 - b'a') as usize], 0),
        '0'..='4' => Content::Marker(ch as u8 - b'0'),
        other => panic!("unknown board character '{other}'"),
    }
}

fn cell_char(content: Content) -> char {
    match content {
        Content::Empty => '.',
        Content::Road => '#',
        Content::Tree => 'T',
        Content::Producer(k) => k.letter(),
        Content::Shop(k, _) => k.letter().to_ascii_lowercase(),
        Content::Marker(p) => char::from(b'0' + p),
    }
}

/// The art [`Board::parse`] reads (shops lose their owner), one row per line, cells spaced.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            let row: Vec<String> = (0..self.cols())
                .map(|c| cell_char(self.get(self.index(r, c))).to_string())
                .collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{self}")
    }
}

/// The indices of the set bits of `set`, lowest first.
pub fn bits(mut set: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_come_up_right_down_left_and_stop_at_edges() {
        let b = Board::new(3, 4);
        assert_eq!(b.neighbours(5).collect::<Vec<_>>(), [1, 6, 9, 4]);
        assert_eq!(b.neighbours(0).collect::<Vec<_>>(), [1, 4]);
        assert_eq!(b.neighbours(11).collect::<Vec<_>>(), [7, 10]);
        assert_eq!(b.neighbours(3).collect::<Vec<_>>(), [7, 2]);
    }

    #[test]
    fn art_round_trips_and_soundness_is_checked() {
        let art = ". . . .\nT a T .\n. . . .\n";
        let b = Board::parse(art);
        assert_eq!(b.to_string(), art);
        assert!(b.is_sound());
        assert!(
            !Board::parse("A T .\nT . .").is_sound(),
            "producer walled in"
        );
        assert!(!Board::parse(". T .\n. T .").is_sound(), "free cells split");
    }
}
