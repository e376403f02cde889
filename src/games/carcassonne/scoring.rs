//! Scoring (rules §7): completed features during the game, and what is left at the end,
//! farms included. Reads only the feature records at their roots, never the whole board.

use super::board::{Board, ScoreEvent};
use super::tiles::{Kind, TILES};

/// Points at the end of the game, per seat, split for reporting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndPoints {
    /// Incomplete roads, cities and monasteries (§7.2).
    pub features: i32,
    /// Fields: 3 per completed city touched (§7.2, 3rd edition).
    pub farms: i32,
}

impl EndPoints {
    pub fn total(&self) -> i32 {
        self.features + self.farms
    }
}

/// Calls `f(tile, j)` for every city segment cj of the tile placed `tile`-th that a field
/// record's `cities` sets list.
pub(super) fn city_refs(cities: &[u128; 2], mut f: impl FnMut(u8, u16)) {
    for (j, mask) in (0u16..).zip(cities) {
        let mut bits = *mask;
        while bits != 0 {
            let tile = u8::try_from(bits.trailing_zeros()).expect("< 128");
            bits &= bits - 1;
            f(tile, j);
        }
    }
}

impl Board {
    /// Scores a completed road, city or monastery (§7.1) and returns its followers to their
    /// owners. A completed feature without followers pays nothing.
    pub(super) fn score_completed(&mut self, node: u16) {
        let root = self.features.find(node);
        let record = self.features.root(root);
        let points = match record.kind {
            Kind::Road => record.size(),
            Kind::City => 2 * record.size() + 2 * self.shields(record),
            Kind::Monastery => 9,
            Kind::Field => unreachable!("fields never complete"),
        };
        let (kind, majority) = (record.kind, Board::majority(record));
        self.pay(majority, i32::try_from(points).expect("small"), kind, true);
        let record = self.features.root_mut(root);
        for (supply, n) in self.supply.iter_mut().zip(record.followers) {
            *supply += n;
        }
        record.followers = [0; super::features::MAX_SEATS];
        let features = &self.features;
        self.meeples.retain(|m| features.find(m.node) != root);
    }

    fn pay(&mut self, majority: u8, points: i32, kind: Kind, completed: bool) {
        for seat in 0..self.seats() {
            if majority & (1 << seat) != 0 {
                self.scores[seat] += points;
                let seat = u8::try_from(seat).expect("few seats");
                self.log.push(ScoreEvent {
                    seat,
                    points,
                    kind,
                    completed,
                });
            }
        }
    }

    /// Distinct features that hold followers, in the order of their first follower, so every
    /// end-of-game feature is scored once and in a fixed order.
    pub(super) fn occupied_roots(&self) -> Vec<u16> {
        let mut roots: Vec<u16> = Vec::with_capacity(self.meeples.len());
        for m in &self.meeples {
            let r = self.features.find(m.node);
            if !roots.contains(&r) {
                roots.push(r);
            }
        }
        roots
    }

    /// What feature `root` pays each majority player at the end (§7.2).
    pub(super) fn end_value(&self, root: u16) -> i32 {
        let record = self.features.root(root);
        let points = match record.kind {
            Kind::Road => record.size(),
            Kind::City => record.size() + self.shields(record),
            Kind::Monastery => {
                let p = &self.placed[usize::from(record.tile)];
                1 + self.neighbours(p.x, p.y)
            }
            Kind::Field => 3 * self.completed_cities(root),
        };
        i32::try_from(points).expect("small")
    }

    /// Distinct completed city features touched by the field `root`.
    pub fn completed_cities(&self, root: u16) -> u32 {
        let record = self.features.root(root);
        let mut seen: Vec<u16> = Vec::new();
        city_refs(&record.cities, |tile, j| {
            let base = self.placed[usize::from(tile)].base;
            let city = self.features.find(base + j);
            if self.features.root(city).open == 0 && !seen.contains(&city) {
                seen.push(city);
            }
        });
        u32::try_from(seen.len()).expect("few cities")
    }

    /// The §7.2 points every seat would get if the game ended now. Leaves the board unchanged.
    pub fn end_points(&self) -> Vec<EndPoints> {
        let mut out = vec![EndPoints::default(); self.seats()];
        for root in self.occupied_roots() {
            let record = self.features.root(root);
            let majority = Board::majority(record);
            let points = self.end_value(root);
            for (seat, p) in out.iter_mut().enumerate() {
                if majority & (1 << seat) != 0 {
                    if record.kind == Kind::Field {
                        p.farms += points;
                    } else {
                        p.features += points;
                    }
                }
            }
        }
        out
    }

    /// Applies the end-of-game scoring to the scores and the log (§6). Followers stay where
    /// they are: the game is over.
    pub fn score_end(&mut self) {
        for root in self.occupied_roots() {
            let record = self.features.root(root);
            let (kind, majority) = (record.kind, Board::majority(record));
            let points = self.end_value(root);
            self.pay(majority, points, kind, false);
        }
    }

    /// The type of the tile placed `index`-th, for tests and views.
    pub fn tile_name(&self, index: usize) -> char {
        TILES[usize::from(self.placed[index].tile)].name
    }
}
