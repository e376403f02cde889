//! The steps the contest bots share (§9): "random insertion", "simulate and target",
//! "nearest reachable cell", the distance value of `greedy` that `minimax` reuses, and the
//! few destinations per insertion that `minimax` and `mcts` search.

use crate::game::Seat;
use crate::games::labyrinth::action::{Action, Insertion, Side, insertions};
use crate::games::labyrinth::reach::Reach;
use crate::games::labyrinth::state::Position;
use crate::seed::Rng;
use rand::RngExt;
use std::cmp::Reverse;

/// Destinations tried per insertion when the target is out of reach.
pub const DESTINATIONS: usize = 2;

/// An item's worth in distance steps in [`evaluate`] unless `minimax`'s `item-weight` says
/// otherwise: 10 in §9.4.2; 23.2 since `tourney tune` (scenarios/tune-labyrinth.toml, against
/// 10) found it stronger: 76.8% [72.5, 80.5] of 424 fresh games, GSPRT H1.
pub const ITEM_WEIGHT: f64 = 23.2;
/// Evaluations count in tenths of a distance step, so that an item's weight may have a tenth:
/// at a weight of 10 every score is ten times §9.4.2's, which orders moves (and cuts a search
/// off) exactly as §9.4.2's own scores do.
pub const TENTHS: i32 = 10;

/// `steps` distance steps in the tenths [`evaluate`] counts in, to the nearest tenth.
pub fn in_tenths(steps: f64) -> i32 {
    (steps * f64::from(TENTHS)).round() as i32
}

/// "Random insertion": a side, an odd index of that dimension and a rotation, uniformly; the
/// forbidden reversal becomes a repeat of the previous insertion by flipping the side.
pub fn random_insertion(position: &Position, rng: &mut Rng) -> (Insertion, u8) {
    const SIDES: [Side; 4] = [
        Side::ColumnBottom,
        Side::ColumnTop,
        Side::LineLeft,
        Side::LineRight,
    ];
    let side = SIDES[rng.random_range(0..SIDES.len())];
    let dimension = if side.is_column() {
        position.board.width()
    } else {
        position.board.height()
    };
    let index = 2 * rng.random_range(0..(dimension - 1) / 2) + 1;
    let rotation = rng.random_range(0..4);
    let mut insertion = Insertion { side, index };
    if position.forbidden() == Some(insertion) {
        insertion.side = side.opposite();
    }
    (insertion, rotation)
}

/// A candidate insertion played on a copy, both pawns carried (§6.3–6.5).
pub fn simulate(position: &Position, insertion: Insertion, rotation: u8) -> Position {
    let mut after = *position;
    after.insert(insertion, rotation);
    after
}

/// "Simulate and target", step 2–3: the cell of `seat`'s target item in a column-major scan,
/// or `seat`'s own pawn when the item is on the extra tile (or all items are collected).
pub fn target_cell(position: &Position, seat: Seat) -> (u8, u8) {
    position
        .target(seat)
        .and_then(|item| position.board.find_item(item))
        .unwrap_or(position.pawns[seat])
}

/// "Nearest reachable cell": smallest Euclidean distance to `target`, the first in
/// column-major order on ties.
pub fn nearest_euclidean(reach: &Reach, target: (u8, u8)) -> (u8, u8) {
    nearest_by(reach, target, |dx, dy| {
        u32::from(dx) * u32::from(dx) + u32::from(dy) * u32::from(dy)
    })
}

/// The reachable cell with the smallest Manhattan distance to `target`, the first in
/// column-major order on ties (`greedy`'s move, §9.4.1).
pub fn nearest_manhattan(reach: &Reach, target: (u8, u8)) -> (u8, u8) {
    nearest_by(reach, target, |dx, dy| u32::from(dx) + u32::from(dy))
}

fn nearest_by(reach: &Reach, target: (u8, u8), distance: impl Fn(u8, u8) -> u32) -> (u8, u8) {
    reach
        .nearest(target, distance)
        .expect("the pawn's own cell is always reachable")
}

/// `greedy`'s distance value (§9.4.1) of `seat` in `position`, given its reachable set: 0 if
/// the target is reachable, else the smallest Manhattan distance from a reachable cell to
/// the target, or L + H when the target is on the extra tile.
pub fn distance_value(position: &Position, reach: &Reach, seat: Seat) -> u32 {
    let board = &position.board;
    match position.target(seat).map(|item| board.find_item(item)) {
        None => 0,
        Some(None) => u32::from(board.width()) + u32::from(board.height()),
        Some(Some((x, y))) => reach.manhattan_to(x, y),
    }
}

/// The destinations worth trying for `seat` after an insertion: the target alone when it is
/// reachable (collecting is what the turn is for), else the [`DESTINATIONS`] reachable cells
/// nearest to it (Manhattan, column-major on ties), else, when the target is on the extra
/// tile, the pawn's own cell.
pub fn destinations(after: &Position, reach: &Reach, seat: Seat) -> Destinations {
    let mut found = Destinations {
        kept: [(0, (0, 0)); DESTINATIONS],
        len: 0,
    };
    let Some((tx, ty)) = after
        .target(seat)
        .and_then(|item| after.board.find_item(item))
    else {
        found.keep(0, after.pawns[seat]);
        return found;
    };
    if reach.contains(tx, ty) {
        found.keep(0, (tx, ty));
        return found;
    }
    // The nearest few in one pass, without a list of every reachable cell. Listing and sorting
    // them took a quarter of `mcts`'s time.
    for (x, y) in reach.cells() {
        found.keep(
            u32::from(x.abs_diff(tx)) + u32::from(y.abs_diff(ty)),
            (x, y),
        );
    }
    found
}

/// The few cells [`destinations`] returns, nearest first, without an allocation: it runs for
/// every insertion and rotation of every searched turn.
#[derive(Clone, Copy, Debug)]
pub struct Destinations {
    /// Each kept cell with its distance to the target, nearest first.
    kept: [(u32, (u8, u8)); DESTINATIONS],
    len: usize,
}

impl Destinations {
    /// Keeps `cell` at `distance` if it is among the nearest: after every kept one at its
    /// distance or nearer, so that cells offered in column-major order stay in that order on
    /// ties (what a stable sort of all of them would give); the farthest falls off when full.
    fn keep(&mut self, distance: u32, cell: (u8, u8)) {
        let at = self.kept[..self.len].partition_point(|&(kept, _)| kept <= distance);
        if at < DESTINATIONS {
            self.kept.copy_within(at..DESTINATIONS - 1, at + 1);
            self.kept[at] = (distance, cell);
            self.len = (self.len + 1).min(DESTINATIONS);
        }
    }
}

impl IntoIterator for Destinations {
    type Item = (u8, u8);
    type IntoIter = std::iter::Map<
        std::iter::Take<std::array::IntoIter<(u32, (u8, u8)), DESTINATIONS>>,
        fn((u32, (u8, u8))) -> (u8, u8),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.kept.into_iter().take(self.len).map(|(_, cell)| cell)
    }
}

/// The turns worth searching for the seat to move: every allowed insertion and distinct
/// rotation with only its [`destinations`], under 90 actions on 7×7 where the legal list
/// holds some 2,400. Search spends its iterations on the insertion, which decides the game;
/// the walk that follows is nearly always "onto the target, or towards it". A rotation that
/// gives the extra tile the walls of a smaller one (a straight tile turned twice) is left
/// out, since it makes the same board. Best first by [`evaluate`] after the turn, at the
/// default item weight (what `minimax` sees one turn deep), then in listing order on ties
/// (insertions in `basic`'s order as `legal_actions` lists them, rotations 0–3, destinations
/// nearest first): a search that tries its untried turns in this order meets each seat's
/// strongest replies first.
pub fn turns(position: &Position) -> Vec<Action> {
    let seat = position.to_move();
    let board = &position.board;
    let walls = |rotation: u8| board.extra.rotated(rotation).walls;
    let rotations: Vec<u8> = (0..4)
        .filter(|&r| (0..r).all(|earlier| walls(earlier) != walls(r)))
        .collect();
    let weight = in_tenths(ITEM_WEIGHT);
    let mut scored = Vec::new();
    for insertion in insertions(board.width(), board.height(), position.forbidden()) {
        for &rotation in &rotations {
            let after = simulate(position, insertion, rotation);
            let reach = after.reach(seat);
            let theirs = after.reach(1 - seat);
            for to in destinations(&after, &reach, seat) {
                let mut moved = after;
                moved.finish_turn(seat, insertion, to);
                let value = evaluate(&moved, seat, &reach, &theirs, weight);
                scored.push((Reverse(value), Action::new(insertion, rotation, to)));
            }
        }
    }
    // Stable: equal values keep the listing order.
    scored.sort_by_key(|&(value, _)| value);
    scored.into_iter().map(|(_, action)| action).collect()
}

/// §9.4.2's leaf value for `mover` once its turn is played, in tenths of a distance step, an
/// item worth `item_weight` tenths: `reach` and `theirs` are the two seats' reachable sets,
/// which a walk does not change.
pub fn evaluate(
    after: &Position,
    mover: Seat,
    reach: &Reach,
    theirs: &Reach,
    item_weight: i32,
) -> i32 {
    let opponent = 1 - mover;
    let items = i32::from(after.collected[mover]) - i32::from(after.collected[opponent]);
    let own = distance_value(after, reach, mover) as i32;
    let theirs = distance_value(after, theirs, opponent) as i32;
    item_weight * items + TENTHS * (theirs - own)
}
