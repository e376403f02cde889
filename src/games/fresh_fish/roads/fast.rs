//! The engine's road algorithm (§6.3): one depth-first search over the traversable cells with
//! depth P and low-point R, buildings being dead ends (leaves) that are never walked through
//! (§6.4), plus a separate count of each building's traversable neighbours. Fixed-size arrays
//! and an explicit stack: no allocation, no recursion.

use crate::games::fresh_fish::board::{Board, Cells, MAX_CELLS, bits};

const UNSEEN: u8 = u8::MAX;

/// The Empty and Marker cells that are critical: articulation points of the traversable graph,
/// or the only traversable neighbour of a building. Same answer as
/// [`super::critical_cells_naive`] on every sound board.
pub fn critical_cells(board: &Board) -> Cells {
    let traversable = board.traversable();
    let free = board.select(|c| c.is_free());
    let critical =
        sole_neighbours_of_buildings(board, traversable) | articulation_points(board, traversable);
    critical & free
}

/// Condition 1: the cells that are the only traversable neighbour of a building. Invisible to
/// the search, since buildings are not vertices of G.
fn sole_neighbours_of_buildings(board: &Board, traversable: Cells) -> Cells {
    let mut critical: Cells = 0;
    for built in bits(board.all() & !traversable) {
        let mut count = 0;
        let mut only = 0;
        for w in board.neighbours(built) {
            if traversable >> w & 1 == 1 {
                count += 1;
                only = w;
            }
        }
        if count == 1 {
            critical |= 1 << only;
        }
    }
    critical
}

/// Conditions 2 and 3: the articulation points of G, found by one depth-first search from the
/// first traversable cell in row-major order (none if no cell is traversable).
fn articulation_points(board: &Board, traversable: Cells) -> Cells {
    if traversable == 0 {
        return 0;
    }
    let is_trav = |cell: usize| traversable >> cell & 1 == 1;
    let root = traversable.trailing_zeros() as usize;
    let mut critical: Cells = 0;
    let mut depth = [UNSEEN; MAX_CELLS];
    let mut low = [0u8; MAX_CELLS];
    // (cell, next neighbour to try), the search path from the root.
    let mut stack = [(0u8, 0u8); MAX_CELLS];
    let mut top = 1;
    stack[0] = (u8::try_from(root).expect("cell index < 100"), 0);
    depth[root] = 0;
    low[root] = 0;
    let mut root_children = 0;

    while top > 0 {
        let (u, k) = stack[top - 1];
        let u = usize::from(u);
        if k == 4 {
            // u is finished: fold its low-point into its parent and test the parent.
            top -= 1;
            if top > 0 {
                let parent = usize::from(stack[top - 1].0);
                low[parent] = low[parent].min(low[u]);
                if parent == root {
                    root_children += 1;
                } else if low[u] >= depth[parent] {
                    // Condition 2 (the French statement misprints this as R ≤ P).
                    critical |= 1 << parent;
                }
            }
            continue;
        }
        stack[top - 1].1 = k + 1;
        let Some(w) = board.neighbour(u, usize::from(k)) else {
            continue;
        };
        if !is_trav(w) {
            continue; // dead end: a building, even if u "reached" it
        }
        if depth[w] == UNSEEN {
            depth[w] = depth[u] + 1;
            low[w] = depth[w];
            stack[top] = (u8::try_from(w).expect("cell index < 100"), 0);
            top += 1;
        } else {
            low[u] = low[u].min(depth[w]);
        }
    }
    // Condition 3: the root is an articulation point when it has two or more tree children.
    if root_children >= 2 {
        critical |= 1 << root;
    }
    critical
}
