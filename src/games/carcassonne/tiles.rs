//! The 72-tile base set of rules §2.3 as data, and its rotations.
//!
//! A tile type lists its segments in table order (cities, roads, the monastery, fields); a
//! follower names a segment by that index, which rotation does not change. [`oriented`] gives
//! the per-rotation lookup tables the board uses (which segment sits on which edge and
//! half-edge), computed once.

use std::sync::LazyLock;

/// What the middle of an edge shows (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    City,
    Road,
    Field,
}

/// What a segment is; a follower on it is a knight, thief, monk or farmer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    City,
    Road,
    Monastery,
    Field,
}

/// Edge bits: N, E, S, W are 0..3 (§2.1).
pub const N: u8 = 1;
pub const E: u8 = 2;
pub const S: u8 = 4;
pub const W: u8 = 8;

/// Half-edge bits, numbered clockwise from the west half of the north edge (§2.1).
pub const NW: u8 = 1;
pub const NE: u8 = 1 << 1;
pub const EN: u8 = 1 << 2;
pub const ES: u8 = 1 << 3;
pub const SE: u8 = 1 << 4;
pub const SW: u8 = 1 << 5;
pub const WS: u8 = 1 << 6;
pub const WN: u8 = 1 << 7;
const ALL_HALVES: u8 = 0xFF;

/// A city segment: the edges it covers, and whether it carries a shield.
#[derive(Clone, Copy, Debug)]
pub struct City {
    pub edges: u8,
    pub shield: bool,
}

/// A field segment: its half-edges, and the city segments of this tile it touches (bit j = cj).
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub halves: u8,
    pub cities: u8,
}

/// One row of the §2.3 table, in its printed orientation.
#[derive(Debug)]
pub struct TileType {
    pub name: char,
    pub count: u8,
    /// N, E, S, W.
    pub edges: [Edge; 4],
    pub cities: &'static [City],
    /// Edge masks of the road segments; one edge means the road ends on this tile.
    pub roads: &'static [u8],
    pub monastery: bool,
    pub fields: &'static [Field],
}

impl TileType {
    /// Number of segments, the range of follower indices.
    pub fn segments(&self) -> usize {
        self.cities.len() + self.roads.len() + usize::from(self.monastery) + self.fields.len()
    }

    /// The kind of segment `seg` (table order: cities, roads, monastery, fields).
    pub fn kind(&self, seg: usize) -> Kind {
        let roads = self.cities.len();
        let monastery = roads + self.roads.len();
        let fields = monastery + usize::from(self.monastery);
        match seg {
            s if s < roads => Kind::City,
            s if s < monastery => Kind::Road,
            s if s < fields => Kind::Monastery,
            _ => Kind::Field,
        }
    }

    /// Segment index of the monastery, if any.
    pub fn monastery_segment(&self) -> Option<usize> {
        self.monastery
            .then_some(self.cities.len() + self.roads.len())
    }

    /// Segment index of the first field.
    pub fn first_field(&self) -> usize {
        self.cities.len() + self.roads.len() + usize::from(self.monastery)
    }

    pub fn has_shield(&self) -> bool {
        self.cities.iter().any(|c| c.shield)
    }
}

use Edge::{City as C, Field as F, Road as R};

const fn city(edges: u8, shield: bool) -> City {
    City { edges, shield }
}

const fn field(halves: u8, cities: u8) -> Field {
    Field { halves, cities }
}

const fn tile(
    name: char,
    count: u8,
    edges: [Edge; 4],
    cities: &'static [City],
    roads: &'static [u8],
    monastery: bool,
    fields: &'static [Field],
) -> TileType {
    TileType {
        name,
        count,
        edges,
        cities,
        roads,
        monastery,
        fields,
    }
}

/// Index of type D, the start tile (§3).
pub const START: u8 = 3;

/// The 24 tile types of §2.3, A to X, in table order (index = type id).
#[rustfmt::skip]
pub const TILES: [TileType; 24] = [
    tile('A', 2, [F, F, R, F], &[], &[S], true, &[field(ALL_HALVES, 0)]),
    tile('B', 4, [F, F, F, F], &[], &[], true, &[field(ALL_HALVES, 0)]),
    tile('C', 1, [C, C, C, C], &[city(N | E | S | W, true)], &[], false, &[]),
    tile('D', 4, [C, R, F, R], &[city(N, false)], &[E | W], false,
        &[field(EN | WN, 1), field(ES | SE | SW | WS, 0)]),
    tile('E', 5, [C, F, F, F], &[city(N, false)], &[], false,
        &[field(EN | ES | SE | SW | WS | WN, 1)]),
    tile('F', 2, [F, C, F, C], &[city(E | W, true)], &[], false,
        &[field(NW | NE, 1), field(SE | SW, 1)]),
    tile('G', 1, [F, C, F, C], &[city(E | W, false)], &[], false,
        &[field(NW | NE, 1), field(SE | SW, 1)]),
    tile('H', 3, [F, C, F, C], &[city(E, false), city(W, false)], &[], false,
        &[field(NW | NE | SE | SW, 0b11)]),
    tile('I', 2, [C, C, F, F], &[city(N, false), city(E, false)], &[], false,
        &[field(SE | SW | WS | WN, 0b11)]),
    tile('J', 3, [C, R, R, F], &[city(N, false)], &[E | S], false,
        &[field(ES | SE, 0), field(EN | SW | WS | WN, 1)]),
    tile('K', 3, [C, F, R, R], &[city(N, false)], &[S | W], false,
        &[field(SW | WS, 0), field(WN | EN | ES | SE, 1)]),
    tile('L', 3, [C, R, R, R], &[city(N, false)], &[E, S, W], false,
        &[field(WN | EN, 1), field(ES | SE, 0), field(SW | WS, 0)]),
    tile('M', 2, [C, C, F, F], &[city(N | E, true)], &[], false, &[field(SE | SW | WS | WN, 1)]),
    tile('N', 3, [C, C, F, F], &[city(N | E, false)], &[], false, &[field(SE | SW | WS | WN, 1)]),
    tile('O', 2, [C, R, R, C], &[city(N | W, true)], &[E | S], false,
        &[field(ES | SE, 0), field(EN | SW, 1)]),
    tile('P', 3, [C, R, R, C], &[city(N | W, false)], &[E | S], false,
        &[field(ES | SE, 0), field(EN | SW, 1)]),
    tile('Q', 1, [C, C, F, C], &[city(N | E | W, true)], &[], false, &[field(SE | SW, 1)]),
    tile('R', 3, [C, C, F, C], &[city(N | E | W, false)], &[], false, &[field(SE | SW, 1)]),
    tile('S', 2, [C, C, R, C], &[city(N | E | W, true)], &[S], false,
        &[field(SE, 1), field(SW, 1)]),
    tile('T', 1, [C, C, R, C], &[city(N | E | W, false)], &[S], false,
        &[field(SE, 1), field(SW, 1)]),
    tile('U', 8, [R, F, R, F], &[], &[N | S], false,
        &[field(NE | EN | ES | SE, 0), field(SW | WS | WN | NW, 0)]),
    tile('V', 9, [F, F, R, R], &[], &[S | W], false,
        &[field(SW | WS, 0), field(WN | NW | NE | EN | ES | SE, 0)]),
    tile('W', 4, [F, R, R, R], &[], &[E, S, W], false,
        &[field(WN | NW | NE | EN, 0), field(ES | SE, 0), field(SW | WS, 0)]),
    tile('X', 1, [R, R, R, R], &[], &[N, E, S, W], false,
        &[field(NE | EN, 0), field(ES | SE, 0), field(SW | WS, 0), field(WN | NW, 0)]),
];

/// Number of tiles in the box, the start tile included.
pub const TOTAL: usize = 72;

/// Marks "no segment" in [`Oriented`] (the halves of a city edge, the segment of a field edge).
pub const NONE: u8 = u8::MAX;

/// Rotates an edge mask `r` quarter turns clockwise: edge e goes to (e + r) mod 4.
pub fn rotate_edges(mask: u8, r: u8) -> u8 {
    let r = r % 4;
    ((mask << r) | (mask >> (4 - r))) & 0x0F
}

/// Rotates a half-edge mask `r` quarter turns clockwise: half h goes to (h + 2r) mod 8.
pub fn rotate_halves(mask: u8, r: u8) -> u8 {
    mask.rotate_left(u32::from(2 * (r % 4)))
}

/// A tile type in one rotation, as the board reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Oriented {
    /// Edge types N, E, S, W after rotation.
    pub edges: [Edge; 4],
    /// The city or road segment on each edge, [`NONE`] on field edges.
    pub edge_seg: [u8; 4],
    /// The field segment on each half-edge, [`NONE`] on city edges.
    pub half_seg: [u8; 8],
    /// The edge types packed two bits each, edge d at bits 2d (see [`edge_bits`]).
    pub code: u8,
}

/// An edge type as two bits, for comparing all four edges of a placement at once.
pub fn edge_bits(edge: Edge) -> u8 {
    match edge {
        Edge::City => 1,
        Edge::Road => 2,
        Edge::Field => 3,
    }
}

fn orient(t: &TileType, r: u8) -> Oriented {
    let mut o = Oriented {
        edges: [Edge::Field; 4],
        edge_seg: [NONE; 4],
        half_seg: [NONE; 8],
        code: 0,
    };
    for d in 0..4u8 {
        o.edges[usize::from((d + r) % 4)] = t.edges[usize::from(d)];
    }
    for (d, &edge) in o.edges.iter().enumerate() {
        o.code |= edge_bits(edge) << (2 * d);
    }
    let edge_masks = t
        .cities
        .iter()
        .map(|c| c.edges)
        .chain(t.roads.iter().copied());
    for (seg, mask) in edge_masks.enumerate() {
        let rotated = rotate_edges(mask, r);
        for d in 0..4 {
            if rotated & (1 << d) != 0 {
                o.edge_seg[d] = u8::try_from(seg).expect("few segments");
            }
        }
    }
    for (i, f) in t.fields.iter().enumerate() {
        let rotated = rotate_halves(f.halves, r);
        for h in 0..8 {
            if rotated & (1 << h) != 0 {
                o.half_seg[h] = u8::try_from(t.first_field() + i).expect("few segments");
            }
        }
    }
    o
}

static ORIENTED: LazyLock<Vec<[Oriented; 4]>> = LazyLock::new(|| {
    TILES
        .iter()
        .map(|t| [0, 1, 2, 3].map(|r| orient(t, r)))
        .collect()
});

/// The lookup tables of tile type `tile` in its four rotations, by rotation.
pub fn rotations_of(tile: u8) -> &'static [Oriented; 4] {
    &ORIENTED[usize::from(tile)]
}

/// The lookup table of tile type `tile` in rotation `r`.
pub fn oriented(tile: u8, r: u8) -> &'static Oriented {
    &ORIENTED[usize::from(tile)][usize::from(r % 4)]
}

/// The 72 tiles as type ids, in table order (the start tile is one of the D's).
pub fn full_set() -> Vec<u8> {
    (0u8..24)
        .flat_map(|t| std::iter::repeat_n(t, usize::from(TILES[usize::from(t)].count)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_are_72_tiles_10_shields_6_monasteries() {
        assert_eq!(full_set().len(), TOTAL);
        let count = |p: fn(&TileType) -> bool| -> u32 {
            TILES
                .iter()
                .filter(|t| p(t))
                .map(|t| u32::from(t.count))
                .sum()
        };
        assert_eq!(count(|t| t.has_shield()), 10);
        assert_eq!(count(|t| t.monastery), 6);
        assert_eq!(TILES[usize::from(START)].name, 'D');
        let names: String = TILES.iter().map(|t| t.name).collect();
        assert_eq!(names, "ABCDEFGHIJKLMNOPQRSTUVWX");
    }

    /// §2.3's consistency rules, in every rotation, from the rotated masks themselves.
    #[test]
    fn every_rotation_is_consistent() {
        for t in &TILES {
            for r in 0..4 {
                let edges: [Edge; 4] = std::array::from_fn(|d| t.edges[(d + 4 - r) % 4]);
                let r = u8::try_from(r).expect("small");
                let of = |e: Edge| (0..4).filter(|&d| edges[d] == e).fold(0, |m, d| m | 1 << d);
                let cities: Vec<u8> = t.cities.iter().map(|c| rotate_edges(c.edges, r)).collect();
                let roads: Vec<u8> = t.roads.iter().map(|&m| rotate_edges(m, r)).collect();
                let fields: Vec<u8> = t
                    .fields
                    .iter()
                    .map(|f| rotate_halves(f.halves, r))
                    .collect();
                for (segs, want) in [(&cities, of(Edge::City)), (&roads, of(Edge::Road))] {
                    assert_eq!(segs.iter().fold(0, |m, s| m | s), want, "{} r{r}", t.name);
                    let total: u32 = segs.iter().map(|s| s.count_ones()).sum();
                    assert_eq!(total, want.count_ones(), "{} r{r}: overlap", t.name);
                    assert!(segs.iter().all(|&s| s != 0 && s.count_ones() <= 4));
                }
                assert!(roads.iter().all(|s| s.count_ones() <= 2), "{}", t.name);
                let open = of(Edge::Road) | of(Edge::Field);
                let halves = (0..4)
                    .filter(|d| open & (1 << d) != 0)
                    .fold(0u8, |m, d| m | 3 << (2 * d));
                assert_eq!(
                    fields.iter().fold(0, |m, f| m | f),
                    halves,
                    "{} r{r}",
                    t.name
                );
                let total: u32 = fields.iter().map(|f| f.count_ones()).sum();
                assert_eq!(total, halves.count_ones(), "{} r{r}: field overlap", t.name);
                let o = oriented(u8::try_from(t.name as u32 - 'A' as u32).expect("A-X"), r);
                assert_eq!(o.edges, edges);
                for (d, edge) in edges.iter().enumerate() {
                    assert_eq!(o.edge_seg[d] == NONE, *edge == Edge::Field);
                    assert_eq!(o.half_seg[2 * d] == NONE, *edge == Edge::City);
                }
            }
            for f in t.fields {
                assert!(u32::from(f.cities) < 1 << t.cities.len(), "{}", t.name);
            }
        }
    }

    #[test]
    fn four_rotations_are_the_identity() {
        for m in 0..16u8 {
            let four = (0..4).fold(m, |acc, _| rotate_edges(acc, 1));
            assert_eq!(four, m);
        }
        for m in 0..=255u8 {
            let four = (0..4).fold(m, |acc, _| rotate_halves(acc, 1));
            assert_eq!(four, m);
        }
        assert_eq!(rotate_edges(N, 1), E);
        assert_eq!(rotate_edges(W, 1), N);
        assert_eq!(rotate_halves(NW, 1), EN);
        assert_eq!(rotate_halves(WN, 1), NE);
        // Rotation 1 of a D: its city faces east.
        assert_eq!(
            oriented(START, 1).edges,
            [Edge::Road, Edge::City, Edge::Road, Edge::Field]
        );
    }

    #[test]
    fn look_alikes_differ_by_segments() {
        let by = |c: char| &TILES[(c as u8 - b'A') as usize];
        assert_eq!(by('F').edges, by('H').edges);
        assert_eq!((by('F').cities.len(), by('H').cities.len()), (1, 2));
        assert_eq!(by('I').edges, by('N').edges);
        assert_eq!((by('I').cities.len(), by('N').cities.len()), (2, 1));
        assert_eq!(by('H').fields[0].cities, 0b11);
        assert_eq!(
            by('D').fields.iter().map(|f| f.cities).collect::<Vec<_>>(),
            [1, 0]
        );
        assert_eq!(by('L').segments(), 7);
        assert_eq!(by('A').kind(1), Kind::Monastery);
        assert_eq!(by('A').kind(2), Kind::Field);
    }
}
