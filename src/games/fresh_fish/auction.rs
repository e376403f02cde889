//! The sealed-bid auction of §5: who is eligible, who is asked, and who wins.

use super::board::Kind;
use super::state::{MAX_SEATS, Player};

/// Seats that have not yet received `kind`, as a bit set.
pub fn eligible(players: &[Player], kind: Kind) -> u8 {
    let mut set = 0;
    for (seat, p) in players.iter().enumerate() {
        if !p.has_received(kind) {
            set |= 1 << seat;
        }
    }
    set
}

/// The highest bid wins; on a tie the drawer wins if tied, else the first tied seat after the
/// drawer in turn order (§5.4). `None` when nobody bid.
pub fn winner(bids: &[Option<u8>; MAX_SEATS], seats: usize, drawer: usize) -> Option<usize> {
    let best = bids[..seats].iter().flatten().max()?;
    (0..seats)
        .map(|i| (drawer + i) % seats)
        .find(|&seat| bids[seat] == Some(*best))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_drawer_then_to_the_next_in_turn_order() {
        // §11 check 4: drawer 3, P 3, Q 2 → the drawer (seat 0) wins.
        assert_eq!(
            winner(&[Some(3), Some(3), Some(2), None, None], 3, 0),
            Some(0)
        );
        // Drawer bids 1, P and Q bid 3: the first of them after the drawer wins.
        assert_eq!(
            winner(&[Some(3), Some(1), Some(3), None, None], 3, 1),
            Some(2)
        );
        assert_eq!(
            winner(&[Some(3), Some(3), Some(1), None, None], 3, 2),
            Some(0)
        );
        // The drawer not eligible: the first tied seat after it.
        assert_eq!(
            winner(&[Some(2), None, Some(2), Some(2), None], 4, 1),
            Some(2)
        );
        assert_eq!(winner(&[None; 5], 2, 0), None);
    }

    #[test]
    fn eligible_seats_are_those_without_the_type() {
        let mut players = [Player::new(); 3];
        players[1].received[Kind::C.index()] = super::super::state::Received::Eliminated;
        assert_eq!(eligible(&players, Kind::C), 0b101);
        assert_eq!(eligible(&players, Kind::A), 0b111);
    }
}
