//! Scoring on hand-built boards (§7, §11 checks 5 and 6).

use crate::games::fresh_fish::board::{Board, Kind};
use crate::games::fresh_fish::scoring::{cap, close_board, score_all};
use crate::games::fresh_fish::state::{Player, Received};

/// Shop a touches producer A (0); b reaches B over 3 road cells; c needs 9 (capped at 8);
/// d needs exactly 8; E was eliminated. Trees wall the rows apart.
const BOARD: &str = "
    A a T T T T T T T T
    b # # # B T T T T T
    T T T T T T T T T T
    c # # # # # # # # #
    T T T T T T T T T C
    d # # # # # # # # D
    T T T T T T T T T T";

fn player(coins: u8, shops: [Received; 5]) -> Player {
    Player {
        coins,
        received: shops,
        ..Player::new()
    }
}

#[test]
fn known_distances_a_cap_an_eliminated_shop_and_leftover_coins() {
    // §11 check 5: 0 + 3 + min(9, 8) + 8 + 8 − 4 = 23.
    let board = Board::parse(BOARD);
    let shops = [
        Received::Shop(1),
        Received::Shop(10),
        Received::Shop(30),
        Received::Shop(50),
        Received::Eliminated,
    ];
    let other = player(15, [Received::Eliminated; 5]);
    let scores = score_all(&board, &[player(4, shops), other]);
    assert_eq!(scores[0].total(), 23);
    assert_eq!((scores[0].distances, scores[0].coins), (27, 4));
    assert_eq!((scores[0].shops_built, scores[0].shops_eliminated), (4, 1));
    // Five eliminated shops at cap 8, 15 coins left.
    assert_eq!(scores[1].total(), 5 * 8 - 15);
}

#[test]
fn caps_grow_with_the_number_of_players() {
    assert_eq!([2, 3, 4, 5].map(cap), [8, 10, 12, 14]);
    // The same 9-cell distance counts 9 with four players (cap 12).
    let board = Board::parse(BOARD);
    let mut shops = [Received::Eliminated; 5];
    shops[Kind::C.index()] = Received::Shop(30);
    let players = [
        player(0, shops),
        Player::new(),
        Player::new(),
        Player::new(),
    ];
    assert_eq!(score_all(&board, &players)[0].distances, 9 + 4 * 12);
}

#[test]
fn the_end_turns_every_free_cell_into_road_before_distances() {
    // §11 check 6: the shop reaches its producer only through an Empty cell and a marker.
    let mut board = Board::parse(
        "
        a . 1 B
        T T T T",
    );
    let mut players = [Player::new(), Player::new()];
    players[0].received[Kind::B.index()] = Received::Shop(0);
    players[1].supply = 5;
    close_board(&mut board, &mut players);
    assert_eq!(board, Board::parse("a # # B\nT T T T"));
    assert_eq!(players[1].supply, 6, "the marker went back to its owner");
    assert_eq!(players[0].received[Kind::A.index()], Received::Eliminated);
    let scores = score_all(&board, &players);
    assert_eq!(scores[0].distances, 2 + 4 * 8);
    assert_eq!(scores[0].total(), 34 - 15);
}
