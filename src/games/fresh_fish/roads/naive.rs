//! The naive road algorithm of §6.2, the test oracle: for each free cell, pretend it is built
//! and check by a breadth-first search that every traversable cell is still reached and every
//! building still touches a reached cell. Quadratic, allocates, and deliberately shares no code
//! with [`super::fast`] beyond reading the board, so the two can check each other.

use crate::games::fresh_fish::board::{Board, Cells};
use std::collections::VecDeque;

/// The Empty and Marker cells whose building would make the board unsound.
pub fn critical_cells_naive(board: &Board) -> Cells {
    let n = board.len();
    let mut critical: Cells = 0;
    for v in 0..n {
        if !board.get(v).is_free() {
            continue;
        }
        // Step 1: pretend v is built.
        let traversable = |cell: usize| cell != v && board.get(cell).is_traversable();
        // Step 2: the first other traversable cell.
        let Some(start) = (0..n).find(|&c| traversable(c)) else {
            if board.neighbours(v).any(|w| !board.get(w).is_traversable()) {
                critical |= 1 << v;
            }
            continue;
        };
        // Step 3: breadth-first search, marking reached cells and the buildings they touch.
        let mut marked = vec![false; n];
        let mut queue = VecDeque::from([start]);
        marked[start] = true;
        while let Some(u) = queue.pop_front() {
            for w in board.neighbours(u) {
                if marked[w] {
                    continue;
                }
                if traversable(w) {
                    marked[w] = true;
                    queue.push_back(w);
                } else {
                    // A building (or v itself): touched, never walked through.
                    marked[w] = true;
                }
            }
        }
        // Step 4: anything unmarked means v is critical.
        if (0..n).any(|c| !marked[c]) {
            critical |= 1 << v;
        }
    }
    critical
}
