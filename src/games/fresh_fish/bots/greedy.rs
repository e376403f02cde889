//! `greedy` (§10.2): reserve the cells nearest the producers of the types it still needs,
//! draw once a marker is within half the cap, build shops on the nearest marker and trees on
//! the least useful one, and bid half the distance a shop would save.

use super::estimate::{Reach, est, reach};
use crate::games::fresh_fish::board::{Kind, bits};
use crate::games::fresh_fish::{Action, FreshFish, Phase, View};
use crate::seed::Rng;

/// Sentinel above any capped estimate: "∞" of §10.2.
const INFINITE: u8 = u8::MAX;

/// min over T in `need` of est(x, T); [`INFINITE`] when `need` is empty.
fn best_needed(view: &View, reach: &Reach, x: usize, need: &[Kind]) -> u8 {
    need.iter()
        .map(|&k| est(&view.board, reach, x, k, view.cap()))
        .min()
        .unwrap_or(INFINITE)
}

/// The cell of `set` with the smallest key, ties to the lowest (row, column): cells iterate
/// row-major and `min_by_key` keeps the first of equal keys.
fn argmin(set: u128, key: impl Fn(usize) -> u8) -> Option<u8> {
    bits(set).min_by_key(|&c| key(c)).map(|c| c as u8)
}

pub fn decide(_: &FreshFish, view: &View, _: &mut Rng) -> Action {
    let need: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|&k| !view.me().has_received(k))
        .collect();
    let reach = reach(&view.board);
    let markers = view.my_markers();
    let cap = view.cap();
    match view.phase {
        Phase::Turn => {
            let cells = view.placement_cells();
            if need.is_empty() {
                return if view.can_draw() {
                    Action::Draw
                } else if cells != 0 {
                    Action::PlaceMarker(cells.trailing_zeros() as u8)
                } else {
                    Action::Pass
                };
            }
            let best = bits(markers)
                .map(|m| best_needed(view, &reach, m, &need))
                .min()
                .unwrap_or(INFINITE);
            if view.can_draw() && (best <= cap / 2 || cells == 0) {
                Action::Draw
            } else if let Some(x) = argmin(cells, |x| best_needed(view, &reach, x, &need)) {
                Action::PlaceMarker(x)
            } else if view.can_draw() {
                Action::Draw
            } else {
                Action::Pass
            }
        }
        Phase::BuildTree => {
            // The largest key wins; ties to the lowest cell, hence the reversed key.
            let cell = argmin(markers, |m| INFINITE - best_needed(view, &reach, m, &need));
            Action::Build(cell.expect("a tree is drawn only with a marker on the board"))
        }
        Phase::BuildShop { kind, .. } => {
            let cell = argmin(markers, |m| est(&view.board, &reach, m, kind, cap));
            Action::Build(cell.expect("a shop is built only with a marker on the board"))
        }
        Phase::Auction(kind) => {
            let nearest = bits(markers)
                .map(|m| est(&view.board, &reach, m, kind, cap))
                .min();
            match nearest {
                None => Action::Bid(0),
                Some(e) => Action::Bid(view.me().coins.min((cap - e) / 2)),
            }
        }
        Phase::Over => unreachable!("nobody acts once the game is over"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::fresh_fish::board::{Board, Content};
    use crate::seed::Stream;
    use rand::SeedableRng;

    /// Seat 0's view of a 2-seat game on `board` (cap 8), in `phase`.
    fn view(board: Board, phase: Phase) -> View {
        let game = FreshFish::new(2, 20, 500);
        let mut view = game.view(&game.new_state(Rng::seed_from_u64(1)), 0);
        view.board = board;
        view.phase = phase;
        view.turn_seat = 0;
        view.bidders = 0b11;
        view.players[0].placed_first = true;
        view
    }

    /// Producer A at (0,0), B at (9,9), the others far in the bottom row.
    fn board(markers: &[(usize, u8)]) -> Board {
        let mut b = Board::new(10, 10);
        for (cell, kind) in [
            (0, Kind::A),
            (99, Kind::B),
            (90, Kind::C),
            (93, Kind::D),
            (96, Kind::E),
        ] {
            b.set(cell, Content::Producer(kind));
        }
        for &(cell, seat) in markers {
            b.set(cell, Content::Marker(seat));
        }
        b
    }

    fn act(v: &View) -> Action {
        decide(
            &FreshFish::new(2, 20, 500),
            v,
            &mut crate::seed::rng(1, 2, Stream::Seat(0)),
        )
    }

    #[test]
    fn bids_half_the_saving_of_its_nearest_marker() {
        // The marker at (0,3) is 2 cells from A: s = 8 − 2 = 6, bid 3.
        let v = view(board(&[(3, 0), (55, 0)]), Phase::Auction(Kind::A));
        assert_eq!(act(&v), Action::Bid(3));
        let mut poor = v.clone();
        poor.players[0].coins = 2;
        assert_eq!(act(&poor), Action::Bid(2));
        assert_eq!(
            act(&view(board(&[(3, 1)]), Phase::Auction(Kind::A))),
            Action::Bid(0)
        );
    }

    #[test]
    fn builds_shops_on_the_nearest_marker_and_trees_on_the_least_useful() {
        let b = board(&[(55, 0), (3, 0), (2, 0)]);
        let shop = Phase::BuildShop {
            kind: Kind::A,
            winner: 0,
        };
        assert_eq!(act(&view(b, shop)), Action::Build(2));
        // (5,5) is the farthest from every producer it still needs.
        assert_eq!(act(&view(b, Phase::BuildTree)), Action::Build(55));
    }

    #[test]
    fn draws_with_a_marker_within_half_the_cap_else_reserves_next_to_a_producer() {
        // Best est 2 ≤ 4: draw.
        assert_eq!(act(&view(board(&[(3, 0)]), Phase::Turn)), Action::Draw);
        // Best est from (2,5) is 6 > 4 (A): place next to a producer, the lowest cell first.
        assert_eq!(
            act(&view(board(&[(25, 0)]), Phase::Turn)),
            Action::PlaceMarker(1)
        );
    }
}
