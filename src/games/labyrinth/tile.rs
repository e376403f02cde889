//! One tile of the maze: four wall flags and an item (rules §2). Packed into two bytes so a
//! whole board copies in a few hundred bytes, which search bots do at every node.

/// Wall bits. The order N, E, S, W makes a clockwise quarter turn a 4-bit left rotation.
pub const NORTH: u8 = 1;
pub const EAST: u8 = 2;
pub const SOUTH: u8 = 4;
pub const WEST: u8 = 8;

/// The three shapes of §2, told apart by their walls alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// Junction: one wall.
    T,
    /// Corner: two adjacent walls.
    L,
    /// Straight: two opposite walls.
    I,
}

impl Shape {
    /// The walls of the shape in rotation 0: T walled north, L walled north and east, I walled
    /// east and west (open north–south).
    pub fn walls(self) -> u8 {
        match self {
            Shape::T => NORTH,
            Shape::L => NORTH | EAST,
            Shape::I => EAST | WEST,
        }
    }
}

/// A tile: `walls` is a mask of [`NORTH`], [`EAST`], [`SOUTH`], [`WEST`]; `item` is 0 for none,
/// else 1–24.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Tile {
    pub walls: u8,
    pub item: u8,
}

impl Tile {
    pub fn new(shape: Shape, rotation: u8, item: u8) -> Tile {
        Tile {
            walls: shape.walls(),
            item,
        }
        .rotated(rotation)
    }

    /// Turned `quarters` quarter turns clockwise: new N = old W, new E = old N, new S = old E,
    /// new W = old S (§2).
    pub fn rotated(self, quarters: u8) -> Tile {
        let r = quarters % 4;
        let w = self.walls & 0xF;
        Tile {
            walls: ((w << r) | (w >> ((4 - r) % 4))) & 0xF,
            item: self.item,
        }
    }

    pub fn has_wall(self, side: u8) -> bool {
        self.walls & side != 0
    }

    /// The shape these walls make; `None` for a wall count no tile of the rules has.
    pub fn shape(self) -> Option<Shape> {
        match self.walls.count_ones() {
            1 => Some(Shape::T),
            2 if self.walls == NORTH | SOUTH || self.walls == EAST | WEST => Some(Shape::I),
            2 => Some(Shape::L),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn north_wall_turns_to_east_and_four_turns_are_the_identity() {
        let t = Tile {
            walls: NORTH,
            item: 3,
        };
        assert_eq!(
            t.rotated(1),
            Tile {
                walls: EAST,
                item: 3
            }
        );
        assert_eq!(t.rotated(1).rotated(1).rotated(1).rotated(1), t);
        assert_eq!(t.rotated(4), t);
    }

    #[test]
    fn every_shape_in_every_rotation() {
        let expected = [
            (Shape::T, [NORTH, EAST, SOUTH, WEST]),
            (
                Shape::L,
                [NORTH | EAST, EAST | SOUTH, SOUTH | WEST, WEST | NORTH],
            ),
            (
                Shape::I,
                [EAST | WEST, SOUTH | NORTH, WEST | EAST, NORTH | SOUTH],
            ),
        ];
        for (shape, walls) in expected {
            for (rotation, &w) in walls.iter().enumerate() {
                let tile = Tile::new(shape, rotation as u8, 0);
                assert_eq!(tile.walls, w, "{shape:?} rotation {rotation}");
                assert_eq!(tile.shape(), Some(shape));
                // One more quarter turn is the next rotation; the walls follow §2's mapping.
                let next = tile.rotated(1);
                assert_eq!(next.has_wall(NORTH), tile.has_wall(WEST));
                assert_eq!(next.has_wall(EAST), tile.has_wall(NORTH));
                assert_eq!(next.has_wall(SOUTH), tile.has_wall(EAST));
                assert_eq!(next.has_wall(WEST), tile.has_wall(SOUTH));
            }
        }
    }
}
