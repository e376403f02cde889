//! Scoring on hand-built boards (rules §5, §7, checks §11). Every board starts with the start
//! tile D at (0,0): city cap N, road W–E, fields above and below the road. y grows southward.

use super::{end, id, put};
use crate::games::carcassonne::action::Action;
use crate::games::carcassonne::board::Board;
use crate::games::carcassonne::rules::is_legal_on;

#[test]
fn two_tile_city_scores_4() {
    // E at (0,-1) turned twice: its cap faces south onto D's cap. City = 2 tiles → 2·2 = 4,
    // and the knight comes home at once (check 2).
    let mut b = Board::new(2);
    put(&mut b, 'E', 0, -1, 2, Some(0), 0);
    assert_eq!(b.scores, [4, 0]);
    assert_eq!(b.supply, [7, 7]);
    assert!(b.meeples.is_empty());
}

#[test]
fn city_with_a_shield() {
    // M (city N+E, shield) turned twice covers S+W at (0,-1): joined with D's cap, open to the
    // west. Incomplete at the end: 2 tiles + 1 shield = 3. Then E at (-1,-1) turned once puts
    // its cap east and closes it: 3 tiles, 1 shield → 2·3 + 2·1 = 8.
    let mut b = Board::new(2);
    put(&mut b, 'M', 0, -1, 2, Some(0), 0);
    assert_eq!((b.scores.clone(), end(&b)), (vec![0, 0], vec![3, 0]));
    put(&mut b, 'E', -1, -1, 1, None, 1);
    assert_eq!(b.scores, [8, 0]);
    assert_eq!(end(&b), [0, 0]);
}

#[test]
fn road_loop_scores_its_tiles() {
    // Four curves V below D make a closed square loop through (0,1) (1,1) (0,2) (1,2):
    // 4 tiles → 4 points, on the placement of the fourth.
    let mut b = Board::new(2);
    put(&mut b, 'V', 0, 1, 3, Some(0), 0);
    put(&mut b, 'V', 1, 1, 0, None, 1);
    put(&mut b, 'V', 0, 2, 2, None, 0);
    assert_eq!(b.scores, [0, 0]);
    assert_eq!(end(&b), [3, 0]);
    put(&mut b, 'V', 1, 2, 1, None, 1);
    assert_eq!(b.scores, [4, 0]);
    assert_eq!(b.supply, [7, 7]);
}

#[test]
fn road_between_crossings_scores_3() {
    // Check 3: W at (1,0), then X at (-1,0) with a follower on its east stub r1. The road is
    // X's stub, D's road and W's west stub: 3 tiles → 3.
    let mut b = Board::new(2);
    put(&mut b, 'W', 1, 0, 0, None, 0);
    put(&mut b, 'X', -1, 0, 0, Some(1), 1);
    assert_eq!(b.scores, [0, 3]);
}

#[test]
fn road_ending_at_a_city_and_a_crossing() {
    // T (city N+E+W, road S ending at the city) turned once: its road faces west onto D at
    // (1,0). W at (-1,0) ends the other side at a crossing, a follower on its east stub r0.
    // Road = W's stub + D + T = 3 tiles → 3.
    let mut b = Board::new(2);
    put(&mut b, 'T', 1, 0, 1, None, 0);
    assert_eq!(end(&b), [0, 0]);
    put(&mut b, 'W', -1, 0, 0, Some(0), 1);
    assert_eq!(b.scores, [0, 3]);
}

#[test]
fn monastery_complete_and_incomplete() {
    // B below D with a monk: 1 neighbour (D) → 1 + 1 = 2 at the end. Seven more tiles around
    // it: 1 + 7 = 8 before the last, then 9 when the eighth arrives.
    let mut b = Board::new(2);
    put(&mut b, 'B', 0, 1, 0, Some(0), 0);
    assert_eq!(end(&b), [2, 0]);
    put(&mut b, 'U', -1, 0, 1, None, 1);
    put(&mut b, 'U', 1, 0, 1, None, 1);
    for (x, y) in [(-1, 1), (1, 1), (-1, 2), (0, 2)] {
        put(&mut b, 'B', x, y, 0, None, 1);
    }
    assert_eq!(end(&b), [8, 0]);
    assert_eq!(b.scores, [0, 0]);
    put(&mut b, 'B', 1, 2, 0, None, 1);
    assert_eq!(b.scores, [9, 0]);
    assert_eq!(b.supply[0], 7);
}

/// D, then R at (0,-1) turned twice (city E+S+W, field N) with seat 0's knight, and L caps
/// at (1,0) (seat 1's knight) and at (-1,0) (seat 0's knight if `two`), each cap open to the
/// north. Returns the board before the two closing tiles.
fn three_part_city(two: bool) -> Board {
    let mut b = Board::new(2);
    put(&mut b, 'R', 0, -1, 2, Some(0), 0);
    put(&mut b, 'L', 1, 0, 0, Some(0), 1);
    put(&mut b, 'L', -1, 0, 0, two.then_some(0), 0);
    b
}

#[test]
fn majority_of_two_followers_to_one_takes_it_all() {
    // N at (1,-1) turned twice (city S+W) and N at (-1,-1) turned once (city E+S) join all
    // parts: D, R, two N, two L = 6 tiles, no shield → 12, all to seat 0 (2 knights to 1).
    let mut b = three_part_city(true);
    // Incomplete now: D+R is 2 tiles; each L cap 1 tile.
    assert_eq!(end(&b), [3, 1]);
    put(&mut b, 'N', 1, -1, 2, None, 1);
    // Seat 0's R part and seat 1's L part merged: one knight each, a tie → both score 4 tiles.
    assert_eq!(end(&b), [4 + 1, 4]);
    put(&mut b, 'N', -1, -1, 1, None, 0);
    assert_eq!(b.scores, [12, 0]);
    assert_eq!(b.supply, [7, 7]);
}

#[test]
fn shared_majority_on_a_merged_city_pays_both() {
    // Same city with one knight each (seat 0 on R, seat 1 on the east L): 6 tiles → 12 each.
    let mut b = three_part_city(false);
    put(&mut b, 'N', 1, -1, 2, None, 1);
    put(&mut b, 'N', -1, -1, 1, None, 0);
    assert_eq!(b.scores, [12, 12]);
    assert_eq!(b.supply, [7, 7]);
}

#[test]
fn shared_majority_on_a_road_pays_both() {
    // Check 7. Seat 0: X at (-1,0), thief on its east stub r1 (road X + D, open east).
    // Seat 1: a curve V at (0,1) turned 3 times (road E–S), then X at (1,1) with a thief on its
    // north stub r0, a separate road. V at (1,0) (road W–S) joins them: X stub, D, V, X stub =
    // 4 tiles, both ends at crossings → 4 to each, one thief each.
    let mut b = Board::new(2);
    put(&mut b, 'X', -1, 0, 0, Some(1), 0);
    put(&mut b, 'V', 0, 1, 3, None, 1);
    put(&mut b, 'X', 1, 1, 0, Some(0), 1);
    assert_eq!(end(&b), [2, 1]);
    put(&mut b, 'V', 1, 0, 0, None, 0);
    assert_eq!(b.scores, [4, 4]);
    assert_eq!(b.supply, [7, 7]);
}

#[test]
fn incomplete_features_at_the_end() {
    // M at (0,-1) turned twice with seat 0's knight: city 2 tiles + 1 shield = 3.
    // U at (1,0) turned once (road W–E) with seat 1's thief: road D+U = 2.
    // B at (0,1) with seat 1's monk: neighbours (0,0) and (1,0) → 1 + 2 = 3.
    let mut b = Board::new(2);
    put(&mut b, 'M', 0, -1, 2, Some(0), 0);
    put(&mut b, 'U', 1, 0, 1, Some(0), 1);
    put(&mut b, 'B', 0, 1, 0, Some(0), 1);
    assert_eq!(end(&b), [3, 5]);
    b.score_end();
    assert_eq!(b.scores, [3, 5]);
    let logged: i32 = b.log.iter().map(|e| e.points).sum();
    assert_eq!(logged, 8);
}

/// E at (0,-1) turned twice closes D's city (2 tiles). L at (1,0) with a farmer (seat 0) on
/// f0, the field north of the road, which also covers D's f0 (touching D's city). E at (1,-1)
/// turned twice closes L's cap (2 tiles) and carries `second` on its field. L at (-1,0): its
/// cap is an incomplete city on the same north field.
fn farm(second: Option<usize>) -> Board {
    let mut b = Board::new(2);
    put(&mut b, 'E', 0, -1, 2, None, 1);
    put(&mut b, 'L', 1, 0, 0, Some(4), 0);
    put(
        &mut b,
        'E',
        1,
        -1,
        2,
        second.map(|_| 1),
        second.unwrap_or(1),
    );
    put(&mut b, 'L', -1, 0, 0, None, 1);
    b
}

#[test]
fn field_touching_two_completed_cities_and_an_incomplete_one() {
    // The north field touches D's city (complete), the east L's city (complete) and the west
    // L's city (incomplete): 3 · 2 = 6.
    let b = farm(None);
    assert_eq!(b.scores, [0, 0]);
    assert_eq!(end(&b), [6, 0]);
    assert_eq!(b.end_points()[0].farms, 6);
}

#[test]
fn two_fields_touching_the_same_cities_both_score() {
    // The field beyond the two E caps touches the same two completed cities: seat 1's farmer
    // there gets 3 · 2 = 6 too, and seat 0 still gets 6.
    assert_eq!(end(&farm(Some(1))), [6, 6]);
    // Check 6: both farmers of seat 0 → paid twice for each city, 12.
    assert_eq!(end(&farm(Some(0))), [12, 0]);
}

#[test]
fn farmers_of_check_5() {
    // E's farmer instead of its knight: the city completes with nobody on it (0 now), and the
    // field touches that completed 2-tile city → 3 at the end.
    let mut b = Board::new(2);
    put(&mut b, 'E', 0, -1, 2, Some(1), 0);
    assert_eq!((b.scores.clone(), end(&b)), (vec![0, 0], vec![3, 0]));
    // A B below D with a farmer: D's southern field touches no city → 0; no monk, no points.
    let mut b = Board::new(2);
    put(&mut b, 'B', 0, 1, 0, Some(1), 1);
    assert_eq!(end(&b), [0, 0]);
}

#[test]
fn h_and_i_caps_are_separate_cities() {
    // H turned once at (0,-1): caps S (c0) and N (c1). The south cap closes with D's: 2 tiles
    // → 4. The north cap is another city, open and free.
    let mut b = Board::new(2);
    assert_eq!(b.free_segments(id('H'), 0, -1, 1) & 0b11, 0b11);
    put(&mut b, 'H', 0, -1, 1, Some(0), 0);
    assert_eq!(b.scores, [4, 0]);
    // Same with the knight on the north cap: nothing completes; 1 tile at the end.
    let mut b = Board::new(2);
    put(&mut b, 'H', 0, -1, 1, Some(1), 0);
    assert_eq!((b.scores.clone(), end(&b)), (vec![0, 0], vec![1, 0]));
    // I turned twice at (0,-1): caps S (c0) and W (c1).
    let mut b = Board::new(2);
    put(&mut b, 'I', 0, -1, 2, Some(0), 1);
    assert_eq!(b.scores, [0, 4]);
    let mut b = Board::new(2);
    put(&mut b, 'I', 0, -1, 2, Some(1), 1);
    assert_eq!((b.scores.clone(), end(&b)), (vec![0, 0], vec![0, 1]));
}

#[test]
fn no_follower_on_an_occupied_feature() {
    // Seat 0 holds D's city through M; an E closing it from the west may not add a knight,
    // but its field is free.
    let mut b = Board::new(2);
    put(&mut b, 'M', 0, -1, 2, Some(0), 0);
    let knight = Action::new(-1, -1, 1, Some(0));
    assert!(!is_legal_on(&b, id('E'), 1, &knight));
    assert!(is_legal_on(
        &b,
        id('E'),
        1,
        &Action::new(-1, -1, 1, Some(1))
    ));
    // Unmatched edges and empty supplies are refused too.
    assert!(!is_legal_on(&b, id('E'), 1, &Action::new(-1, -1, 0, None)));
    b.supply[1] = 0;
    assert!(!is_legal_on(
        &b,
        id('E'),
        1,
        &Action::new(-1, -1, 1, Some(1))
    ));
}
