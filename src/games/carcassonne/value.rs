//! Greedy's value of a candidate action (rules §10.3), worked out without changing the board.
//!
//! Playing every candidate on a copy of the board cost more than everything else in a game,
//! and capped every search over Carcassonne. A placement changes few records, so they are
//! built on the side instead: the features the tile joins merged as `Features::union` would
//! merge them, the roads and cities it completes, the monasteries it surrounds and the farms
//! that gain a completed city. Everything else pays at the end what it paid before the turn,
//! which [`Evaluator::new`] totals once per decision.

use super::board::Board;
use super::features::{Features, MAX_SEATS, Node};
use super::scoring::city_refs;
use super::tiles::{self, Kind, TILES, TileType};
use crate::game::Seat;

/// Most segments on one tile (L and X have 7 and 8).
const SEGMENTS: usize = 9;
/// Most (segment, neighbour node) joins of one placement: three per edge.
const JOINS: usize = 12;

/// An occupied feature before the turn, with what §7.2 would pay its majority now.
struct Occupied {
    root: u16,
    kind: Kind,
    followers: [u8; MAX_SEATS],
    majority: u8,
    value: i32,
    /// Monasteries: the cell of their tile.
    cell: (i32, i32),
    /// Fields: the distinct city roots they touch, a range of [`Evaluator::touched`].
    touched: std::ops::Range<usize>,
}

/// What greedy charges an action that leaves followers of its own on the board (§10.3):
/// `kept`, plus `last` when its supply is then 1 or 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowerCost {
    pub kept: i32,
    pub last: i32,
}

/// The position before a decision, with its occupied features valued once.
pub struct Evaluator<'a> {
    board: &'a Board,
    seat: Seat,
    /// V(p) before the turn: score plus what §7.2 would pay now.
    before: [i32; MAX_SEATS],
    occupied: Vec<Occupied>,
    touched: Vec<u16>,
}

/// One placement (x, y, rot) of the drawn tile, any follower aside: the tile's segments in
/// groups, each group the record of the feature it becomes.
pub struct Placement {
    x: i32,
    y: i32,
    rot: u8,
    /// Placement index and first node id the tile would get.
    index: u8,
    base: u16,
    segments: usize,
    /// The group of each segment, named by its lowest segment.
    group: [u8; SEGMENTS],
    /// Merged records, meaningful at the segments that name a group.
    records: [Node; SEGMENTS],
    /// The distinct roots the tile joins, each with the group it joins.
    joined: [(u16, u8); JOINS],
    joined_len: usize,
    shields: u128,
    /// Tiles around (x, y) if the tile has a monastery (only it needs them).
    neighbours: u32,
    /// V of every seat after the placement, without a follower.
    v: [i32; MAX_SEATS],
    /// Followers of the deciding seat that the placement brings back, without a follower.
    returned: u8,
}

impl Placement {
    /// Whether `action` places the tile as this placement does.
    pub fn is(&self, x: i32, y: i32, rot: u8) -> bool {
        (self.x, self.y, self.rot) == (x, y, rot)
    }

    /// The group an old root joins, if the tile joins it.
    fn group_of_root(&self, root: u16) -> Option<usize> {
        self.joined[..self.joined_len]
            .iter()
            .find(|j| j.0 == root)
            .map(|j| usize::from(self.group[usize::from(j.1)]))
    }

    /// Whether the placement completes group `g`: a road or city with no open edge left, or
    /// the tile's own monastery with 8 neighbours.
    fn complete(&self, g: usize) -> bool {
        let record = &self.records[g];
        match record.kind {
            Kind::Road | Kind::City => record.open == 0,
            Kind::Monastery => self.neighbours == 8,
            Kind::Field => false,
        }
    }

    /// The group segment `s` is in: follow the links until a segment names itself.
    fn top(&self, mut s: u8) -> u8 {
        while self.group[usize::from(s)] != s {
            s = self.group[usize::from(s)];
        }
        s
    }

    /// Joins segment `seg` to the neighbour's node `node` as `Features::union` would: the first
    /// join of an old feature adds its record to the segment's group, a later one reaching it
    /// from another group merges the two groups. Each join of a road or city closes an open
    /// edge on both sides.
    fn join(&mut self, features: &Features, seg: u8, node: u16) {
        let g = self.top(seg);
        let root = features.find(node);
        match self.joined[..self.joined_len].iter().find(|j| j.0 == root) {
            None => {
                self.records[usize::from(g)].absorb(features.root(root));
                self.joined[self.joined_len] = (root, g);
                self.joined_len += 1;
            }
            Some(&(_, other)) => {
                let h = self.top(other);
                if h != g {
                    self.merge_groups(g, h);
                }
            }
        }
        let g = usize::from(self.top(seg));
        if self.records[g].kind != Kind::Field {
            self.records[g].open -= 2;
        }
    }

    /// Merges two groups into the one named by the lower segment.
    fn merge_groups(&mut self, g: u8, h: u8) {
        let (low, high) = (g.min(h), g.max(h));
        let merged = self.records[usize::from(high)];
        self.records[usize::from(low)].absorb(&merged);
        self.group[usize::from(high)] = low;
    }

    /// Points every segment straight at its group, once all joins are made, so `group` can be
    /// read without following links.
    fn flatten_groups(&mut self) {
        for s in 0..self.segments {
            self.group[s] = self.top(u8::try_from(s).expect("small"));
        }
    }
}

/// Writes the records the segments of `t` start with as the `index`-th tile placed; the slots
/// past its segments keep what they held and are never read.
fn fill_segment_records(records: &mut [Node; SEGMENTS], t: &TileType, index: u8) {
    for (seg, record) in records.iter_mut().enumerate().take(t.segments()) {
        *record = Board::segment_node(t, seg, index);
    }
}

/// Adds `points` to V of every seat in `majority`.
fn pay(v: &mut [i32; MAX_SEATS], majority: u8, points: i32) {
    for (seat, value) in v.iter_mut().enumerate() {
        if majority & (1 << seat) != 0 {
            *value += points;
        }
    }
}

fn majority(followers: &[u8; MAX_SEATS]) -> u8 {
    let most = followers.iter().copied().max().unwrap_or(0);
    if most == 0 {
        return 0;
    }
    (0..MAX_SEATS)
        .filter(|&s| followers[s] == most)
        .fold(0, |m, s| m | 1 << s)
}

fn int(n: u32) -> i32 {
    i32::try_from(n).expect("small")
}

impl<'a> Evaluator<'a> {
    /// Values the occupied features of `board` for a decision of `seat`.
    pub fn new(board: &'a Board, seat: Seat) -> Evaluator<'a> {
        let mut before = [0; MAX_SEATS];
        before[..board.seats()].copy_from_slice(&board.scores);
        let mut occupied = Vec::new();
        let mut touched = Vec::new();
        for root in board.occupied_roots() {
            let record = board.features.root(root);
            let majority = Board::majority(record);
            let value = board.end_value(root);
            pay(&mut before, majority, value);
            let start = touched.len();
            if record.kind == Kind::Field {
                city_refs(&record.cities, |tile, j| {
                    let city = board
                        .features
                        .find(board.placed[usize::from(tile)].base + j);
                    if !touched[start..].contains(&city) {
                        touched.push(city);
                    }
                });
            }
            let p = &board.placed[usize::from(record.tile)];
            occupied.push(Occupied {
                root,
                kind: record.kind,
                followers: record.followers,
                majority,
                value,
                cell: (p.x, p.y),
                touched: start..touched.len(),
            });
        }
        Evaluator {
            board,
            seat,
            before,
            occupied,
            touched,
        }
    }

    /// Groups the segments of `tile` placed on (x, y) turned `rot` with the features they
    /// join, in the order `Board::place` joins them. The placement must fit.
    pub fn placement(&self, tile: u8, x: i32, y: i32, rot: u8) -> Placement {
        let mut p = Placement {
            x,
            y,
            rot,
            index: 0,
            base: 0,
            segments: 0,
            group: [0; SEGMENTS],
            records: [Board::segment_node(&TILES[usize::from(tile)], 0, 0); SEGMENTS],
            joined: [(0u16, 0u8); JOINS],
            joined_len: 0,
            shields: 0,
            neighbours: 0,
            v: self.before,
            returned: 0,
        };
        self.replace(&mut p, tile, x, y, rot);
        p
    }

    /// [`Evaluator::placement`] written over `p`: a decision tries some thirty placements, and
    /// building each as a new value copied its kilobyte of records two or three times.
    pub fn replace(&self, p: &mut Placement, tile: u8, x: i32, y: i32, rot: u8) {
        let board = self.board;
        let t = &TILES[usize::from(tile)];
        let index = u8::try_from(board.placed.len()).expect("at most 72 tiles");
        let shield = if t.has_shield() { 1u128 << index } else { 0 };
        (p.x, p.y, p.rot, p.index) = (x, y, rot, index);
        p.base = u16::try_from(board.features.count()).expect("few nodes");
        p.segments = t.segments();
        for (s, group) in p.group.iter_mut().enumerate() {
            *group = u8::try_from(s).expect("small");
        }
        fill_segment_records(&mut p.records, t, index);
        p.joined_len = 0;
        p.shields = board.shield_tiles() | shield;
        p.neighbours = if t.monastery {
            board.neighbours(x, y)
        } else {
            0
        };
        p.v = self.before;
        p.returned = 0;
        board.joins(tiles::oriented(tile, rot), x, y, |seg, node| {
            p.join(&board.features, seg, node);
        });
        p.flatten_groups();
        self.settle(p);
    }

    fn occupied(&self, root: u16) -> Option<&Occupied> {
        self.occupied.iter().find(|o| o.root == root)
    }

    /// V of every seat after the placement without a follower, and the followers of the
    /// deciding seat that come back: old features the tile joins pay as their merged groups,
    /// completed groups and monasteries pay §7.1 and return their followers, surrounded
    /// monasteries gain a neighbour and farms gain the cities completed now.
    fn settle(&self, p: &mut Placement) {
        let seat = self.seat;
        for &(root, _) in &p.joined[..p.joined_len] {
            if let Some(o) = self.occupied(root) {
                pay(&mut p.v, o.majority, -o.value);
            }
        }
        for g in (0..p.segments).filter(|&g| usize::from(p.group[g]) == g) {
            let majority = majority(&p.records[g].followers);
            if majority != 0 {
                let worth = self.worth(p, g);
                pay(&mut p.v, majority, worth);
                if p.complete(g) {
                    p.returned += p.records[g].followers[seat];
                }
            }
        }
        for o in &self.occupied {
            match o.kind {
                Kind::Monastery if (o.cell.0 - p.x).abs() <= 1 && (o.cell.1 - p.y).abs() <= 1 => {
                    // Its value is 1 + its neighbours: 8 means the 8th neighbour comes now.
                    if o.value == 8 {
                        pay(&mut p.v, o.majority, 9 - o.value);
                        p.returned += o.followers[seat];
                    } else {
                        pay(&mut p.v, o.majority, 1);
                    }
                }
                Kind::Field if p.group_of_root(o.root).is_none() => {
                    let touched = &self.touched[o.touched.clone()];
                    let gained = (0..p.segments)
                        .filter(|&g| {
                            usize::from(p.group[g]) == g
                                && p.records[g].kind == Kind::City
                                && p.complete(g)
                                && touched.iter().any(|&c| p.group_of_root(c) == Some(g))
                        })
                        .count();
                    pay(
                        &mut p.v,
                        o.majority,
                        3 * int(u32::try_from(gained).expect("few")),
                    );
                }
                _ => {}
            }
        }
    }

    /// What group `g` pays each of its majority players: §7.1 if the placement completes it,
    /// else what §7.2 would pay.
    fn worth(&self, p: &Placement, g: usize) -> i32 {
        let record = &p.records[g];
        let size = || record.tiles.count_ones();
        let shields = || (record.tiles & p.shields).count_ones();
        int(match (record.kind, p.complete(g)) {
            (Kind::Road, _) => size(),
            (Kind::City, true) => 2 * size() + 2 * shields(),
            (Kind::City, false) => size() + shields(),
            (Kind::Monastery, true) => 9,
            (Kind::Monastery, false) => 1 + p.neighbours,
            (Kind::Field, _) => 3 * self.completed_cities(p, record),
        })
    }

    /// Greedy's value of `p` with a follower on segment `follower` (a free one, as the legal
    /// list offers): V(self) − max over the others of V(q) after the turn, less the follower
    /// cost `cost` (§10.3). Equal to playing the action on a copy of the board and valuing that.
    pub fn value(&self, p: &Placement, follower: Option<u8>, cost: FollowerCost) -> i32 {
        let seat = self.seat;
        let (mut v, mut returned) = (p.v, p.returned);
        if let Some(seg) = follower {
            let g = usize::from(p.group[usize::from(seg)]);
            debug_assert!(!p.records[g].occupied(), "a follower on a free feature");
            v[seat] += self.worth(p, g);
            returned += u8::from(p.complete(g));
        }
        let supply = self.board.supply[seat];
        let left = supply - u8::from(follower.is_some()) + returned;
        let cost = match (left < supply, left) {
            (false, _) => 0,
            (true, left) if left <= 1 => cost.kept + cost.last,
            (true, _) => cost.kept,
        };
        let best_other = (0..self.board.seats())
            .filter(|&q| q != seat)
            .map(|q| v[q])
            .max()
            .expect("at least two seats");
        v[seat] - best_other - cost
    }

    /// Distinct completed cities touched by a field group of `p` once the tile is down: old
    /// cities as their roots, or as the group that joins them; the tile's own cities as their
    /// group.
    fn completed_cities(&self, p: &Placement, record: &Node) -> u32 {
        let features = &self.board.features;
        // Bit i: node id i (an old root, or `p.base` + the group of a new city) is counted.
        let mut seen = [0u64; 12];
        let mut count = 0;
        city_refs(&record.cities, |tile, j| {
            let (id, complete) = if tile == p.index {
                let g = usize::from(p.group[usize::from(j)]);
                (p.base + u16::try_from(g).expect("small"), p.complete(g))
            } else {
                let root = features.find(self.board.placed[usize::from(tile)].base + j);
                match p.group_of_root(root) {
                    Some(g) => (p.base + u16::try_from(g).expect("small"), p.complete(g)),
                    None => (root, features.root(root).open == 0),
                }
            };
            let (word, bit) = (usize::from(id / 64), id % 64);
            if complete && seen[word] & (1 << bit) == 0 {
                seen[word] |= 1 << bit;
                count += 1;
            }
        });
        count
    }
}
