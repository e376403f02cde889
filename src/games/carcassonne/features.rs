//! Features as merged records (rules §8): a union-find over (tile, segment) nodes whose roots
//! keep everything scoring needs, so completion and score queries never walk the board.
//!
//! Union by size without path compression keeps `find` read-only (depth ≤ log2 of the node
//! count), so bots can query a borrowed board.

use super::tiles::Kind;

/// Most players of a game.
pub const MAX_SEATS: usize = 5;

/// One (tile, segment) node. The fields below `parent` and `size` are meaningful at roots only.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub(super) parent: u16,
    /// Number of nodes under this root (for union by size).
    size: u16,
    pub kind: Kind,
    /// Placement index of this node's tile (0 = the start tile).
    pub tile: u8,
    /// Placement indices of the distinct tiles the feature covers (72 tiles fit in a u128).
    pub tiles: u128,
    /// Road and city edges not yet facing a placed tile; 0 means complete.
    pub open: u16,
    pub followers: [u8; MAX_SEATS],
    /// Fields: the city segments touched, as bit t of `cities[j]` for segment cj of tile t.
    pub cities: [u128; 2],
}

impl Node {
    pub fn new(kind: Kind, tile: u8, open: u16, cities: u8) -> Node {
        let bit = 1u128 << tile;
        Node {
            parent: 0,
            size: 1,
            kind,
            tile,
            tiles: bit,
            open,
            followers: [0; MAX_SEATS],
            cities: [0, 1].map(|j| if cities & (1 << j) != 0 { bit } else { 0 }),
        }
    }

    /// Distinct tiles covered.
    pub fn size(&self) -> u32 {
        self.tiles.count_ones()
    }

    pub fn occupied(&self) -> bool {
        self.followers.iter().any(|&n| n > 0)
    }

    /// Adds `other`'s counters and sets to this record, as a merge does at the new root.
    pub(super) fn absorb(&mut self, other: &Node) {
        debug_assert_eq!(self.kind, other.kind, "only like segments join");
        self.size += other.size;
        self.tiles |= other.tiles;
        self.open += other.open;
        for (f, g) in self.followers.iter_mut().zip(other.followers) {
            *f += g;
        }
        self.cities[0] |= other.cities[0];
        self.cities[1] |= other.cities[1];
    }
}

/// All nodes of a board; node ids are assigned in placement order, a tile's segments in table
/// order, so the id of segment s of a tile is its base id + s.
#[derive(Debug, Default)]
pub struct Features {
    nodes: Vec<Node>,
}

/// `clone_from` copies into the vector already there, as [`super::board::Board`]'s does.
impl Clone for Features {
    fn clone(&self) -> Features {
        Features {
            nodes: self.nodes.clone(),
        }
    }

    fn clone_from(&mut self, source: &Features) {
        self.nodes.clone_from(&source.nodes);
    }
}

impl Features {
    /// Adds a node as its own feature; returns its id.
    pub fn push(&mut self, mut node: Node) -> u16 {
        let id = u16::try_from(self.nodes.len()).expect("fewer than 65536 nodes");
        node.parent = id;
        self.nodes.push(node);
        id
    }

    /// Number of nodes, the id the next one gets.
    pub fn count(&self) -> usize {
        self.nodes.len()
    }

    pub fn find(&self, mut n: u16) -> u16 {
        while self.nodes[usize::from(n)].parent != n {
            n = self.nodes[usize::from(n)].parent;
        }
        n
    }

    /// The record of the feature containing `n`.
    pub fn root(&self, n: u16) -> &Node {
        &self.nodes[usize::from(self.find(n))]
    }

    pub fn root_mut(&mut self, n: u16) -> &mut Node {
        let r = self.find(n);
        &mut self.nodes[usize::from(r)]
    }

    /// Merges the features of `a` and `b`, adding their counters and joining their sets;
    /// returns the new root. Merging a feature with itself changes nothing.
    pub fn union(&mut self, a: u16, b: u16) -> u16 {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        if self.nodes[usize::from(ra)].size < self.nodes[usize::from(rb)].size {
            std::mem::swap(&mut ra, &mut rb);
        }
        let small = self.nodes[usize::from(rb)];
        self.nodes[usize::from(ra)].absorb(&small);
        self.nodes[usize::from(rb)].parent = ra;
        ra
    }
}
