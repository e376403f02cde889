//! The distance estimates of §10: dist(x, T) and est(x, T) = min(cap, dist(x, T)), shared by
//! the bots.
//!
//! Instead of one breadth-first search from every cell x, one search per producer over the
//! traversable cells gives, for every traversable y, the number of cells on the shortest path
//! from the producer to y, y included. Then dist(x, T) = 0 when x touches Producer(T), else the
//! least of those numbers over x's traversable neighbours. The rule "inner cells different
//! from x" changes nothing: were the best neighbour's path to pass through x, x would have a
//! nearer neighbour. A test checks this against the search from x.

use crate::games::fresh_fish::board::{Board, Content, Kind, MAX_CELLS, bits};
use crate::games::fresh_fish::scoring::UNREACHED;

/// Per producer type, the cells on the shortest traversable path from the producer to each
/// traversable cell, that cell included; [`UNREACHED`] elsewhere.
pub type Reach = [[u8; MAX_CELLS]; 5];

pub fn reach(board: &Board) -> Reach {
    let mut dist = [[UNREACHED; MAX_CELLS]; 5];
    let traversable = board.traversable();
    for (cell, &content) in board.cells().iter().enumerate() {
        let Content::Producer(kind) = content else {
            continue;
        };
        // Layer by layer, each layer a set: the search moves whole sets with shifts.
        let d = &mut dist[kind.index()];
        let mut layer = board.spread(1 << cell) & traversable;
        let mut seen = layer;
        let mut depth = 1;
        while layer != 0 {
            for c in bits(layer) {
                d[c] = depth;
            }
            layer = board.spread(layer) & traversable & !seen;
            seen |= layer;
            depth += 1;
        }
    }
    dist
}

/// dist(x, T) of §10: [`UNREACHED`] when no path exists.
pub fn dist(board: &Board, reach: &Reach, x: usize, kind: Kind) -> u8 {
    let mut best = UNREACHED;
    for n in board.neighbours(x) {
        match board.get(n) {
            Content::Producer(k) if k == kind => return 0,
            c if c.is_traversable() => best = best.min(reach[kind.index()][n]),
            _ => {}
        }
    }
    best
}

/// est(x, T) = min(cap, dist(x, T)).
pub fn est(board: &Board, reach: &Reach, x: usize, kind: Kind, cap: u8) -> u8 {
    dist(board, reach, x, kind).min(cap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;
    use rand::{RngExt, SeedableRng};
    use std::collections::VecDeque;

    /// §10's definition, literally: a breadth-first search from x over traversable cells other
    /// than x, counting the cells strictly between x and the producer.
    fn dist_by_search(board: &Board, x: usize, kind: Kind) -> u8 {
        let mut seen = vec![UNREACHED; board.len()];
        let mut queue = VecDeque::new();
        for n in board.neighbours(x) {
            if board.get(n) == Content::Producer(kind) {
                return 0;
            }
            if board.get(n).is_traversable() {
                seen[n] = 1;
                queue.push_back(n);
            }
        }
        while let Some(u) = queue.pop_front() {
            for n in board.neighbours(u) {
                if board.get(n) == Content::Producer(kind) {
                    return seen[u];
                }
                if n != x && board.get(n).is_traversable() && seen[n] == UNREACHED {
                    seen[n] = seen[u] + 1;
                    queue.push_back(n);
                }
            }
        }
        UNREACHED
    }

    #[test]
    fn one_search_per_producer_matches_one_search_per_cell() {
        for seed in 0..200 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut board = Board::new(10, 10);
            let mut cells: Vec<usize> = (0..100).collect();
            for (i, kind) in Kind::ALL.into_iter().enumerate() {
                let pick = rng.random_range(i..100);
                cells.swap(i, pick);
                board.set(cells[i], Content::Producer(kind));
            }
            for &cell in &cells[5..] {
                if rng.random_range(0..3) == 0 {
                    board.set(cell, Content::Tree);
                }
            }
            let r = reach(&board);
            for x in 0..100 {
                for kind in Kind::ALL {
                    assert_eq!(
                        dist(&board, &r, x, kind),
                        dist_by_search(&board, x, kind),
                        "seed {seed} cell {x} {kind:?}"
                    );
                }
            }
        }
    }
}
