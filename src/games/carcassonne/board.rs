//! The public position (rules §9): placed tiles, features, followers, supplies and scores.
//! Everything here is visible to every seat; the bag order lives in [`super::State`] only.
//!
//! The grid is a square array around the origin that doubles when a tile reaches its border,
//! so look-ups are cheap, nothing depends on hash order, and a copy of the board (every view,
//! every search sample) copies only the cells the game has reached. Open cells are kept sorted
//! by (y, x), the enumeration order of §4.

use super::features::{Features, MAX_SEATS, Node};
use super::tiles::{self, Edge, Kind, Oriented, TILES, TileType};

/// Half-width of the grid at the start: coordinates run from −8 to +8 until a tile goes
/// further.
const START_HALF: i32 = 8;
const EMPTY: u8 = u8::MAX;

/// Followers per player at the start (§1).
pub const FOLLOWERS: u8 = 7;

/// Neighbour offsets by edge N, E, S, W (y grows to the south).
pub const STEPS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// An empty cell next to the board with its socket: what a tile placed there must match,
/// kept up to date as tiles go down, so a decision trying every cell does not read the four
/// neighbours of each again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Open {
    y: i32,
    x: i32,
    /// The edge bits of every neighbour's facing edge, edge d at bits 2d.
    want: u8,
    /// The bits of the edges that have a neighbour.
    mask: u8,
}

/// The rotations (bits 0-3) in which `tile` matches a socket.
fn matching(tile: u8, want: u8, mask: u8) -> u8 {
    tiles::rotations_of(tile)
        .iter()
        .enumerate()
        .filter(|(_, o)| o.code & mask == want)
        .fold(0, |m, (r, _)| m | 1 << r)
}

/// One tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Type id, index into [`TILES`].
    pub tile: u8,
    pub rot: u8,
    pub x: i32,
    pub y: i32,
    /// Node id of segment 0; segment s is `base + s`.
    pub base: u16,
    /// The tile's table in its rotation, read for every neighbour of every cell a placement
    /// is tried on: kept here rather than looked up again each time.
    pub oriented: &'static Oriented,
}

/// A follower on the board: the node it stands on and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeple {
    pub node: u16,
    pub seat: u8,
}

/// What a scoring step paid, for the score log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreEvent {
    pub seat: u8,
    pub points: i32,
    pub kind: Kind,
    /// During the game (a completed feature) rather than at the end.
    pub completed: bool,
}

#[derive(Debug)]
pub struct Board {
    /// Placement index per cell of the square from −`half` to +`half` on both axes.
    grid: Vec<u8>,
    half: i32,
    /// Tiles in placement order; index 0 is the start tile.
    pub placed: Vec<Placed>,
    /// Empty cells next to a placed tile, sorted by (y, x).
    frontier: Vec<Open>,
    pub features: Features,
    /// Placement indices of the tiles with a shield.
    shields: u128,
    /// Followers on the board, in the order they were placed.
    pub meeples: Vec<Meeple>,
    pub supply: Vec<u8>,
    /// Points scored during the game, per seat.
    pub scores: Vec<i32>,
    /// Every payment of the game so far, in order; `scores` is its sum per seat.
    pub log: Vec<ScoreEvent>,
}

/// `clone_from` copies into the vectors already there: the runner refills one view's board
/// for every decision ([`crate::game::Game::view_into`]) without allocating.
impl Clone for Board {
    fn clone(&self) -> Board {
        let mut board = Board {
            grid: Vec::new(),
            half: self.half,
            placed: Vec::new(),
            frontier: Vec::new(),
            features: Features::default(),
            shields: self.shields,
            meeples: Vec::new(),
            supply: Vec::new(),
            scores: Vec::new(),
            log: Vec::new(),
        };
        board.clone_from(self);
        board
    }

    fn clone_from(&mut self, source: &Board) {
        // Named field by field, so a field added to the board cannot be left out here.
        let Board {
            grid,
            half,
            placed,
            frontier,
            features,
            shields,
            meeples,
            supply,
            scores,
            log,
        } = self;
        grid.clone_from(&source.grid);
        *half = source.half;
        placed.clone_from(&source.placed);
        frontier.clone_from(&source.frontier);
        features.clone_from(&source.features);
        *shields = source.shields;
        meeples.clone_from(&source.meeples);
        supply.clone_from(&source.supply);
        scores.clone_from(&source.scores);
        log.clone_from(&source.log);
    }
}

impl Board {
    /// The start tile at (0, 0), rotation 0 (§3).
    pub fn new(seats: usize) -> Board {
        assert!((2..=MAX_SEATS).contains(&seats), "2 to 5 seats");
        let mut board = Board {
            grid: vec![EMPTY; (2 * START_HALF as usize + 1).pow(2)],
            half: START_HALF,
            placed: Vec::with_capacity(tiles::TOTAL),
            frontier: Vec::new(),
            features: Features::default(),
            shields: 0,
            meeples: Vec::new(),
            supply: vec![FOLLOWERS; seats],
            scores: vec![0; seats],
            log: Vec::new(),
        };
        board.put(tiles::START, 0, 0, 0);
        board
    }

    pub fn seats(&self) -> usize {
        self.supply.len()
    }

    /// The grid cell of (x, y), `None` outside the grid (where no tile is).
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let side = 2 * self.half + 1;
        (x.abs() <= self.half && y.abs() <= self.half)
            .then(|| usize::try_from((y + self.half) * side + x + self.half).expect("inside"))
    }

    /// The tile at (x, y), if any.
    pub fn at(&self, x: i32, y: i32) -> Option<&Placed> {
        match self.grid[self.index(x, y)?] {
            EMPTY => None,
            i => Some(&self.placed[usize::from(i)]),
        }
    }

    /// Makes the grid reach (x, y), doubling its half-width as often as needed, and writes
    /// the placed tiles into the new grid.
    fn reach(&mut self, x: i32, y: i32) {
        if self.index(x, y).is_some() {
            return;
        }
        let mut half = self.half;
        while x.abs() > half || y.abs() > half {
            half *= 2;
        }
        let side = usize::try_from(2 * half + 1).expect("positive");
        self.half = half;
        self.grid = vec![EMPTY; side * side];
        for (i, p) in self.placed.iter().enumerate() {
            let cell = self.index(p.x, p.y).expect("inside the grown grid");
            self.grid[cell] = u8::try_from(i).expect("at most 72 tiles");
        }
    }

    /// Every empty cell adjacent to the board, sorted by y then x (the §4 order), with the
    /// rotations in which `tile` fits there as bits 0-3.
    pub fn fitting(&self, tile: u8) -> impl ExactSizeIterator<Item = (i32, i32, u8)> + '_ {
        self.frontier
            .iter()
            .map(move |o| (o.x, o.y, matching(tile, o.want, o.mask)))
    }

    /// Number of the 8 cells around (x, y) that hold a tile.
    pub fn neighbours(&self, x: i32, y: i32) -> u32 {
        let mut n = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) && self.at(x + dx, y + dy).is_some() {
                    n += 1;
                }
            }
        }
        n
    }

    /// What a tile on the empty cell (x, y) must match: the edge bits of every neighbour's
    /// facing edge, and the mask of the edges that have a neighbour (0: none, no placement).
    /// `None` when the cell holds a tile.
    fn socket(&self, x: i32, y: i32) -> Option<(u8, u8)> {
        if self.at(x, y).is_some() {
            return None;
        }
        let (mut want, mut mask) = (0, 0);
        for (d, (dx, dy)) in STEPS.iter().enumerate() {
            if let Some(p) = self.at(x + dx, y + dy) {
                let back = (d + 2) % 4;
                want |= ((p.oriented.code >> (2 * back)) & 3) << (2 * d);
                mask |= 3 << (2 * d);
            }
        }
        Some((want, mask))
    }

    /// The rotations in which `tile` may go on (x, y) (§4 step 2), as bits 0-3. The cell's
    /// neighbours are read once for all four.
    pub fn rotations(&self, tile: u8, x: i32, y: i32) -> u8 {
        match self.socket(x, y) {
            Some((want, mask)) if mask != 0 => matching(tile, want, mask),
            _ => 0,
        }
    }

    /// Whether `tile` in rotation `rot` may go on (x, y) (§4 step 2).
    pub fn fits(&self, tile: u8, x: i32, y: i32, rot: u8) -> bool {
        self.rotations(tile, x, y) & (1 << rot) != 0
    }

    /// Whether `tile` fits anywhere at all (otherwise it is discarded).
    pub fn placeable(&self, tile: u8) -> bool {
        self.fitting(tile).any(|(_, _, rotations)| rotations != 0)
    }

    /// The (node, segment) pairs a fitting placement would join, for each neighbour edge:
    /// city and road segments across C and R edges, field segments across half-edges (§5).
    pub(super) fn joins(&self, o: &Oriented, x: i32, y: i32, mut f: impl FnMut(u8, u16)) {
        for (d, (dx, dy)) in STEPS.iter().enumerate() {
            let Some(p) = self.at(x + dx, y + dy) else {
                continue;
            };
            let q = p.oriented;
            let back = (d + 2) % 4;
            if o.edges[d] != Edge::Field {
                f(o.edge_seg[d], p.base + u16::from(q.edge_seg[back]));
            }
            if o.edges[d] != Edge::City {
                f(
                    o.half_seg[2 * d],
                    p.base + u16::from(q.half_seg[2 * back + 1]),
                );
                f(
                    o.half_seg[2 * d + 1],
                    p.base + u16::from(q.half_seg[2 * back]),
                );
            }
        }
    }

    /// Bit s is set when segment s of a fitting placement would join a feature without
    /// followers (§4 step 3), supply aside. Two segments of the new tile joined through one
    /// neighbouring feature share their fate, so groups are formed before deciding.
    pub fn free_segments(&self, tile: u8, x: i32, y: i32, rot: u8) -> u16 {
        let segs = TILES[usize::from(tile)].segments();
        let mut group: [u8; 9] = std::array::from_fn(|i| u8::try_from(i).expect("small"));
        let mut refs: [(u8, u16); 16] = [(0, 0); 16];
        let mut n = 0;
        self.joins(tiles::oriented(tile, rot), x, y, |seg, node| {
            refs[n] = (seg, self.features.find(node));
            n += 1;
        });
        let top = |group: &[u8; 9], mut s: u8| {
            while group[usize::from(s)] != s {
                s = group[usize::from(s)];
            }
            s
        };
        for i in 0..n {
            for j in 0..i {
                if refs[i].1 == refs[j].1 {
                    let (a, b) = (top(&group, refs[i].0), top(&group, refs[j].0));
                    group[usize::from(a.max(b))] = a.min(b);
                }
            }
        }
        let mut taken = 0u16;
        for &(seg, root) in &refs[..n] {
            if self.features.root(root).occupied() {
                taken |= 1 << top(&group, seg);
            }
        }
        (0..segs)
            .filter(|&s| taken & (1 << top(&group, u8::try_from(s).expect("small"))) == 0)
            .fold(0, |m, s| m | 1 << s)
    }

    /// The record of segment `seg` of tile type `t` placed `index`-th, before any join: its
    /// open edges for roads and cities, the cities it touches for fields.
    pub(super) fn segment_node(t: &TileType, seg: usize, index: u8) -> Node {
        let kind = t.kind(seg);
        let (open, cities) = match kind {
            Kind::City => (t.cities[seg].edges.count_ones(), 0),
            Kind::Road => (t.roads[seg - t.cities.len()].count_ones(), 0),
            Kind::Monastery => (0, 0),
            Kind::Field => (0, t.fields[seg - t.first_field()].cities),
        };
        let open = u16::try_from(open).expect("at most 4 edges");
        Node::new(kind, index, open, cities)
    }

    /// Puts a tile down and joins its segments with the neighbours; no follower, no scoring.
    /// Returns the placement index.
    fn put(&mut self, tile: u8, x: i32, y: i32, rot: u8) -> u8 {
        let index = u8::try_from(self.placed.len()).expect("at most 72 tiles");
        let t = &TILES[usize::from(tile)];
        let base = u16::try_from(self.features.count()).expect("few nodes");
        for seg in 0..t.segments() {
            self.features.push(Board::segment_node(t, seg, index));
        }
        if t.has_shield() {
            self.shields |= 1 << index;
        }
        self.placed.push(Placed {
            tile,
            rot,
            x,
            y,
            base,
            oriented: tiles::oriented(tile, rot),
        });
        self.reach(x, y);
        let cell = self.index(x, y).expect("reached");
        self.grid[cell] = index;
        let o = tiles::oriented(tile, rot);
        let mut pairs: [(u8, u16); 16] = [(0, 0); 16];
        let mut n = 0;
        self.joins(o, x, y, |seg, node| {
            pairs[n] = (seg, node);
            n += 1;
        });
        for &(seg, node) in &pairs[..n] {
            let root = self.features.union(base + u16::from(seg), node);
            let root = self.features.root_mut(root);
            if root.kind != Kind::Field {
                root.open -= 2;
            }
        }
        let cell = |open: &Open| (open.y, open.x);
        if let Ok(at) = self.frontier.binary_search_by_key(&(y, x), cell) {
            self.frontier.remove(at);
        }
        // Each empty neighbour now faces this tile across its edge `back`. One not yet in the
        // frontier had no other neighbour, so this edge is its whole socket.
        for (d, (dx, dy)) in STEPS.iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            if self.at(nx, ny).is_some() {
                continue;
            }
            let back = (d + 2) % 4;
            let want = ((o.code >> (2 * d)) & 3) << (2 * back);
            let mask = 3 << (2 * back);
            match self.frontier.binary_search_by_key(&(ny, nx), cell) {
                Ok(at) => {
                    self.frontier[at].want |= want;
                    self.frontier[at].mask |= mask;
                }
                Err(at) => self.frontier.insert(
                    at,
                    Open {
                        y: ny,
                        x: nx,
                        want,
                        mask,
                    },
                ),
            }
        }
        index
    }

    /// A whole placement (§4 steps 2-4): the tile, an optional follower on segment
    /// `follower` for `seat`, then the scoring of every road, city and monastery it completed.
    /// The caller has checked legality.
    pub fn place(&mut self, tile: u8, x: i32, y: i32, rot: u8, follower: Option<u8>, seat: usize) {
        let index = self.put(tile, x, y, rot);
        let base = self.placed[usize::from(index)].base;
        if let Some(seg) = follower {
            let node = base + u16::from(seg);
            let root = self.features.root_mut(node);
            debug_assert!(!root.occupied(), "follower on an occupied feature");
            root.followers[seat] += 1;
            self.supply[seat] -= 1;
            let seat = u8::try_from(seat).expect("few seats");
            self.meeples.push(super::board::Meeple { node, seat });
        }
        let t = &TILES[usize::from(tile)];
        let mut done: [u16; 9] = [u16::MAX; 9];
        for seg in 0..t.cities.len() + t.roads.len() {
            let root = self
                .features
                .find(base + u16::try_from(seg).expect("small"));
            if self.features.root(root).open == 0 && !done.contains(&root) {
                done[seg] = root;
                self.score_completed(root);
            }
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                let Some(p) = self.at(x + dx, y + dy).copied() else {
                    continue;
                };
                if let Some(m) = TILES[usize::from(p.tile)].monastery_segment()
                    && self.neighbours(p.x, p.y) == 8
                {
                    let node = p.base + u16::try_from(m).expect("small");
                    self.score_completed(node);
                }
            }
        }
    }

    /// The shields in a city feature: its shield tiles.
    pub fn shields(&self, node: &Node) -> u32 {
        (node.tiles & self.shields).count_ones()
    }

    /// Placement indices of the tiles with a shield, as bits.
    pub(super) fn shield_tiles(&self) -> u128 {
        self.shields
    }

    /// Whether the feature of `node` is a finished road or city.
    pub fn completed(&self, node: u16) -> bool {
        let root = self.features.root(node);
        matches!(root.kind, Kind::Road | Kind::City) && root.open == 0
    }

    /// The majority players of a feature: those with the most followers on it (§7), as a bit
    /// mask over seats; 0 when it holds none.
    pub fn majority(node: &Node) -> u8 {
        let most = node.followers.iter().copied().max().unwrap_or(0);
        if most == 0 {
            return 0;
        }
        (0..MAX_SEATS)
            .filter(|&s| node.followers[s] == most)
            .fold(0, |m, s| m | 1 << s)
    }
}

#[cfg(test)]
impl Board {
    /// The frontier kept as tiles go down is the one the grid gives: every empty cell next to
    /// a tile, strictly sorted by (y, x), each with the socket its neighbours make now.
    pub fn assert_frontier(&self) {
        let cells: Vec<(i32, i32)> = self.frontier.iter().map(|o| (o.y, o.x)).collect();
        assert!(cells.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
        let mut expected: Vec<(i32, i32)> = self
            .placed
            .iter()
            .flat_map(|p| STEPS.map(|(dx, dy)| (p.y + dy, p.x + dx)))
            .filter(|&(y, x)| self.at(x, y).is_none())
            .collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(cells, expected);
        for o in &self.frontier {
            assert_eq!(self.socket(o.x, o.y), Some((o.want, o.mask)), "{o:?}");
        }
    }
}
