//! Road-rule tests: hand-built boards drawn as ASCII art with the expected roads drawn too,
//! and the cross-check of the two algorithms on random boards (§11 checks 1–3).

use super::*;
use crate::games::fresh_fish::board::Kind;
use crate::seed::Rng;
use rand::{RngExt, SeedableRng};

/// Applies the road rule to `before` with both algorithms and checks the result is `after`.
fn check_roads(before: &str, after: &str) {
    let board = Board::parse(before);
    assert!(board.is_sound(), "test board must be sound:{board:?}");
    assert_eq!(
        critical_cells(&board),
        critical_cells_naive(&board),
        "fast and naive disagree on{board:?}"
    );
    let mut converted = board;
    apply_road_rule(&mut converted, |_| {});
    assert_eq!(converted, Board::parse(after), "roads of{board:?}");
}

#[test]
fn a_corridor_between_two_areas_becomes_road() {
    // The corridor and both of its entrances: removing any of them cuts the board in two.
    check_roads(
        "
        . . T T T . .
        . . . . . . .
        . . T T T . .",
        "
        . . T T T . .
        . # # # # # .
        . . T T T . .",
    );
}

#[test]
fn the_only_free_neighbour_of_a_shop_becomes_road() {
    // (0,2) is no articulation point (row 3 joins both sides), only the shop's last access.
    check_roads(
        "
        . . . . .
        . T a T .
        . . T . .
        . . . . .",
        "
        . . # . .
        . T a T .
        . . T . .
        . . . . .",
    );
}

#[test]
fn pitfall_shop_touching_two_separate_free_areas() {
    // §11 check 2: walking through the shop would find only (0,1) and (2,1).
    check_roads(
        "
        . . . .
        T S T .
        . . . .",
        "
        . # # #
        T S T #
        . # # #",
    );
}

#[test]
fn a_late_board_keeps_only_the_cells_that_can_still_be_built() {
    // (2,0) is shop a's last access; (7,4), (8,4) and (8,5) lead into a pocket, and (8,5)
    // is also the last access of the tree at (9,5). Marker 2 at the pocket's end stays.
    check_roads(
        "
        A # # # # # # # # B
        a T T # b T T # T c
        . . T # T . 1 # T #
        # # # # # # # # # #
        T . T # C d T # . T
        T . T # T T T # . T
        # # # # # # # # # #
        D e # T . T T # E #
        T 0 # T . . 2 T b #
        # # # # T T T # # #",
        "
        A # # # # # # # # B
        a T T # b T T # T c
        # . T # T . 1 # T #
        # # # # # # # # # #
        T . T # C d T # . T
        T . T # T T T # . T
        # # # # # # # # # #
        D e # T # T T # E #
        T 0 # T # # 2 T b #
        # # # # T T T # # #",
    );
}

#[test]
fn markers_on_new_roads_go_back_to_their_owners() {
    // §11 check 3: the corridor cells hold markers of seats 1 and 3; its entrances are roads too.
    let mut board = Board::parse(
        "
        . . T T . .
        . . 1 3 . .
        . . T T . .",
    );
    let mut returned = Vec::new();
    apply_road_rule(&mut board, |seat| returned.push(seat));
    assert_eq!(returned, [1, 3]);
    assert_eq!(board, Board::parse(". . T T . .\n. # # # # .\n. . T T . ."));
}

#[test]
fn a_lone_free_cell_next_to_a_building_is_critical() {
    check_roads("A .", "A #");
    check_roads("A T\n. .", "A T\n# #");
}

/// Builds random boards as §11 check 1 says and calls `check` on every board met, before and
/// after each build; returns how many boards were checked.
fn random_build_sequence(rng: &mut Rng, mut check: impl FnMut(&Board)) -> usize {
    let rows = rng.random_range(2..=10);
    let cols = rng.random_range(2..=10);
    let producers = rng.random_range(0..=5.min(rows * cols / 3));
    let mut board = loop {
        let mut board = Board::new(rows, cols);
        let mut cells: Vec<usize> = (0..rows * cols).collect();
        for (i, &kind) in Kind::ALL.iter().take(producers).enumerate() {
            let pick = rng.random_range(i..cells.len());
            cells.swap(i, pick);
            board.set(cells[i], Content::Producer(kind));
        }
        if board.is_sound() {
            break board;
        }
    };
    let mut checked = 0;
    loop {
        check(&board);
        checked += 1;
        apply_road_rule(&mut board, |_| {});
        assert!(board.is_sound(), "unsound after the road rule:{board:?}");
        let free: Vec<usize> = (0..board.len())
            .filter(|&c| board.get(c).is_free())
            .collect();
        let Some(&cell) = free.get(rng.random_range(0..free.len().max(1))) else {
            return checked;
        };
        let content = match rng.random_range(0..6) {
            0 if board.get(cell) == Content::Empty => Content::Marker(rng.random_range(0..5)),
            1 => Content::Shop(Kind::ALL[rng.random_range(0..5)], rng.random_range(0..5)),
            _ => Content::Tree,
        };
        board.set(cell, content);
    }
}

/// Random build sequences; every intermediate board counts. 10,000 sequences in release
/// builds (193,716 boards), fewer in debug builds where the naive search is slow.
const SEQUENCES: u64 = if cfg!(debug_assertions) { 400 } else { 10_000 };

#[test]
fn naive_and_fast_agree_on_random_boards() {
    let mut boards = 0;
    for seed in 0..SEQUENCES {
        let mut rng = Rng::seed_from_u64(seed);
        boards += random_build_sequence(&mut rng, |board| {
            assert_eq!(
                critical_cells(board),
                critical_cells_naive(board),
                "seed {seed}:{board:?}"
            );
        });
    }
    eprintln!("{boards} boards from {SEQUENCES} sequences");
    assert!(boards >= SEQUENCES as usize * 2);
}

/// Release timing probe for the report, not a timed assertion:
/// `cargo test --release fresh_fish::roads -- --ignored --nocapture`.
#[test]
#[ignore]
fn time_fast_against_naive_on_full_size_boards() {
    let mut boards = Vec::new();
    let mut rng = Rng::seed_from_u64(7);
    while boards.len() < 20_000 {
        let mut seq = Vec::new();
        random_build_sequence(&mut rng, |b| seq.push(*b));
        if seq[0].len() == 100 {
            boards.extend(seq);
        }
    }
    for (name, f) in [
        ("fast", critical_cells as fn(&Board) -> Cells),
        ("naive", critical_cells_naive),
    ] {
        let started = std::time::Instant::now();
        let mut sink = 0u128;
        for b in &boards {
            sink ^= std::hint::black_box(f(std::hint::black_box(b)));
        }
        let per = started.elapsed().as_secs_f64() / boards.len() as f64;
        println!("{name}: {:.2} µs per 10×10 board ({sink:x})", per * 1e6);
    }
}
