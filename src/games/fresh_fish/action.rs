//! One decision of a Fresh Fish seat, and the tiles of the bag. Cells are indices on the
//! 10×10 board: row × 10 + column.

use super::board::Kind;

/// One decision. A turn is one of `PlaceMarker`, `Draw` or `Pass`; drawing may then ask the
/// drawer to `Build` a tree, every eligible seat to `Bid`, and the auction's winner to `Build`
/// its shop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Put a marker from supply on this Empty cell (§4).
    PlaceMarker(u8),
    /// Draw the top tile of the bag.
    Draw,
    /// Only when neither placing nor drawing is legal.
    Pass,
    /// A sealed bid, 0 to the bidder's coins (§5).
    Bid(u8),
    /// Build the drawn tree, or the shop just won, on this cell holding one's own marker.
    Build(u8),
}

/// A tile of the bag (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Tile {
    Tree,
    Shop(Kind),
}

/// What is left in the bag, by kind: public (§9), unlike the order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BagCounts {
    pub trees: u8,
    /// Shops left per type, by `Kind::index()`.
    pub shops: [u8; 5],
}

impl BagCounts {
    pub fn of(bag: &[Tile]) -> BagCounts {
        let mut counts = BagCounts::default();
        for tile in bag {
            match tile {
                Tile::Tree => counts.trees += 1,
                Tile::Shop(kind) => counts.shops[kind.index()] += 1,
            }
        }
        counts
    }

    pub fn total(&self) -> usize {
        usize::from(self.trees) + self.shops.iter().map(|&n| usize::from(n)).sum::<usize>()
    }

    /// The tiles, trees first then shops A to E: an order for resampling to shuffle.
    pub fn tiles(&self) -> Vec<Tile> {
        let mut tiles = vec![Tile::Tree; usize::from(self.trees)];
        for kind in super::board::Kind::ALL {
            tiles.extend(std::iter::repeat_n(
                Tile::Shop(kind),
                usize::from(self.shops[kind.index()]),
            ));
        }
        tiles
    }
}
