//! The initial boards: tile counts and placements of §10.1 (`cgs`, every size) and §10.2
//! (`classic`).

use super::*;
use crate::games::labyrinth::generator;
use crate::games::labyrinth::tile::{EAST, NORTH, SOUTH, WEST};
use rand::SeedableRng;

#[test]
fn cgs_boards_of_every_size_have_the_counts_of_section_10_1() {
    for width in generator::SIDES {
        for height in generator::SIDES {
            for seed in 0..20 {
                let mut rng = crate::seed::Rng::seed_from_u64(seed);
                let board = generator::cgs(Some((width, height)), &mut rng);
                check_cgs(&board, width, height);
            }
        }
    }
}

#[test]
fn cgs_draws_every_size_when_none_is_given() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..400 {
        let mut rng = crate::seed::Rng::seed_from_u64(seed);
        let board = generator::cgs(None, &mut rng);
        check_cgs(&board, board.width(), board.height());
        seen.insert((board.width(), board.height()));
    }
    assert_eq!(seen.len(), 16, "all 4 x 4 sizes, square or not");
}

fn check_cgs(board: &Board, width: u8, height: u8) {
    assert_eq!((board.width(), board.height()), (width, height));
    let (a, b) = (usize::from(width - 1) / 2, usize::from(height - 1) / 2);
    let mut fixed = 0;
    let mut movable = vec![board.extra];
    for x in 0..width {
        for y in 0..height {
            let tile = board.tile(x, y);
            if Board::is_fixed(x, y) {
                fixed += 1;
                assert!(tile.item <= 12, "only items 1-12 on fixed cells");
                let mut outer = 0;
                if y == 0 {
                    outer |= NORTH;
                }
                if y == height - 1 {
                    outer |= SOUTH;
                }
                if x == 0 {
                    outer |= WEST;
                }
                if x == width - 1 {
                    outer |= EAST;
                }
                match outer.count_ones() {
                    2 => assert_eq!(tile.walls, outer, "corner ({x},{y}) walled outside"),
                    1 => assert_eq!(tile.walls, outer, "border ({x},{y}) walled outside"),
                    _ => assert_eq!(tile.shape(), Some(Shape::T)),
                }
            } else {
                movable.push(tile);
            }
        }
    }
    assert_eq!(fixed, (a + 1) * (b + 1));
    assert_eq!(movable.len(), 3 * a * b + a + b + 1);
    assert!(
        board
            .all_tiles()
            .all(|t| matches!(t.shape(), Some(Shape::T | Shape::L)))
    );
    assert_eq!(items_on(board), (1..=24).collect::<Vec<_>>());
    for tile in movable.iter().filter(|t| t.item > 0) {
        let shape = if tile.item <= 18 { Shape::T } else { Shape::L };
        assert!(tile.item >= 13 && tile.shape() == Some(shape), "{tile:?}");
    }
}

#[test]
fn classic_box_has_the_counts_of_section_10_2() {
    for seed in 0..50 {
        let mut rng = crate::seed::Rng::seed_from_u64(seed);
        let board = generator::classic(&mut rng);
        assert_eq!((board.width(), board.height()), (7, 7));
        let mut fixed = Vec::new();
        let mut movable = vec![board.extra];
        for x in 0..7 {
            for y in 0..7 {
                if Board::is_fixed(x, y) {
                    fixed.push(((x, y), board.tile(x, y)));
                } else {
                    movable.push(board.tile(x, y));
                }
            }
        }
        assert_eq!(fixed.len(), 16);
        let fixed_t = fixed.iter().filter(|(_, t)| t.shape() == Some(Shape::T));
        assert!(fixed_t.clone().all(|(_, t)| (1..=12).contains(&t.item)));
        assert_eq!(fixed_t.count(), 12);
        for corner in [(0, 0), (6, 0), (0, 6), (6, 6)] {
            let tile = board.tile(corner.0, corner.1);
            assert_eq!((tile.shape(), tile.item), (Some(Shape::L), 0));
        }
        let pinwheel = [
            ((2, 2), WEST),
            ((4, 2), NORTH),
            ((4, 4), EAST),
            ((2, 4), SOUTH),
        ];
        for ((x, y), walls) in pinwheel {
            assert_eq!(board.tile(x, y).walls, walls);
        }
        let count = |shape, with_item: bool| {
            movable
                .iter()
                .filter(|t| t.shape() == Some(shape) && (t.item > 0) == with_item)
                .count()
        };
        assert_eq!(movable.len(), 34);
        assert_eq!((count(Shape::I, false), count(Shape::I, true)), (13, 0));
        assert_eq!((count(Shape::L, false), count(Shape::L, true)), (9, 6));
        assert_eq!((count(Shape::T, false), count(Shape::T, true)), (0, 6));
    }
}
