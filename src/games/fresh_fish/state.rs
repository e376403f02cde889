//! The full Fresh Fish position, bag order and pending bids included. Only `rules.rs` moves
//! it; bots see a [`super::View`] copied out of it.

use super::action::{Action, Tile};
use super::board::{Board, Cells, Content, Kind, bits};
use super::chance_event::ChanceEvent;
use crate::game::ChanceLog;
use crate::outcome::Outcome;

pub const MAX_SEATS: usize = 5;
/// Coins and markers each player starts with (§3).
pub const START_COINS: u8 = 15;
pub const MARKERS: u8 = 6;

/// Whether and how a player got a shop type (§4 "Received").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Received {
    No,
    /// Built on this cell.
    Shop(u8),
    /// Eliminated in the player's name: scores the cap.
    Eliminated,
}

/// One seat's public part of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    pub coins: u8,
    /// Markers in supply; the others are on the board.
    pub supply: u8,
    /// Whether the player placed a marker yet: its very first one may go anywhere.
    pub placed_first: bool,
    /// By `Kind::index()`.
    pub received: [Received; 5],
    /// Coins paid to the bank in auctions, for the `coins_paid` column.
    pub paid: u8,
}

impl Player {
    pub fn new() -> Player {
        Player {
            coins: START_COINS,
            supply: MARKERS,
            placed_first: false,
            received: [Received::No; 5],
            paid: 0,
        }
    }

    pub fn has_received(&self, kind: Kind) -> bool {
        self.received[kind.index()] != Received::No
    }
}

impl Default for Player {
    fn default() -> Player {
        Player::new()
    }
}

/// Where a game stands: whose decision, and of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The seat to move chooses: place a marker, draw or pass.
    Turn,
    /// The drawer drew a tree and chooses one of its markers for it.
    BuildTree,
    /// A shop of this kind is auctioned; the seats in `State::bidders` bid.
    Auction(Kind),
    /// `winner` won a shop of this kind and chooses one of its markers for it.
    BuildShop {
        kind: Kind,
        winner: u8,
    },
    Over,
}

/// The last finished auction, revealed to all (§5.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AuctionResult {
    pub kind: Kind,
    pub drawer: u8,
    /// Bids by seat; `None` for seats that were not eligible. A sole eligible seat is shown
    /// bidding 0.
    pub bids: [Option<u8>; MAX_SEATS],
    /// `None` when nobody was eligible.
    pub winner: Option<u8>,
}

/// All chance happens at setup (producers, then the bag order), so the state keeps no RNG:
/// the bag order is the only hidden chance left.
#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: Board,
    pub(super) seats: u8,
    pub(super) players: [Player; MAX_SEATS],
    /// The top of the bag (next tile drawn) is the last element.
    pub(super) bag: Vec<Tile>,
    pub(super) phase: Phase,
    /// The seat whose turn it is; during a draw's resolution, the drawer.
    pub(super) seat: u8,
    /// Seats asked to bid in the open auction (bit per seat).
    pub(super) bidders: u8,
    /// Sealed bids received so far in the open auction; hidden from every view.
    pub(super) bids: [Option<u8>; MAX_SEATS],
    pub(super) last_auction: Option<AuctionResult>,
    /// Shops eliminated with nobody eligible (§5.1): score for nobody.
    pub(super) unowned_eliminated: u8,
    /// Coins paid to the bank so far.
    pub(super) bank: u16,
    /// Turns played, all seats, extra turns and passes included (§8).
    pub(super) turns: u32,
    /// Consecutive turns that were passes (§8 stalemate).
    pub(super) passes: u8,
    pub(super) outcome: Option<Outcome>,
    /// The last action applied, for debugging messages.
    pub(super) last_action: Option<Action>,
    /// What chance drew, for records; off outside `run --record` and `replay`.
    pub(super) chance: ChanceLog<ChanceEvent>,
}

impl State {
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    pub fn players(&self) -> &[Player] {
        &self.players[..self.seats()]
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// Coins paid to the bank: with the players' coins, always 15 per seat.
    pub fn bank(&self) -> u16 {
        self.bank
    }

    /// Every cell accounted for: markers on the board plus supply is 6 per player, one
    /// producer of each type, each built shop where its owner's record says, and coins
    /// conserved with the bank. Returns the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        let b = &self.board;
        let mut on_board = [0u8; MAX_SEATS];
        let mut producers = [0u8; 5];
        for (cell, &content) in b.cells().iter().enumerate() {
            match content {
                Content::Marker(p) => on_board[usize::from(p)] += 1,
                Content::Producer(k) => producers[k.index()] += 1,
                Content::Shop(k, p) => {
                    let received = self.players[usize::from(p)].received[k.index()];
                    if received != Received::Shop(u8::try_from(cell).expect("< 100")) {
                        return Err(format!("shop {k:?} of {p} at {cell} not recorded"));
                    }
                }
                _ => {}
            }
        }
        if producers != [1; 5] {
            return Err(format!("producers {producers:?}"));
        }
        let mut coins = self.bank;
        for (seat, p) in self.players().iter().enumerate() {
            if on_board[seat] + p.supply != MARKERS {
                return Err(format!(
                    "seat {seat}: markers {} + {}",
                    on_board[seat], p.supply
                ));
            }
            coins += u16::from(p.coins);
            for kind in Kind::ALL {
                if let Received::Shop(cell) = p.received[kind.index()]
                    && b.get(usize::from(cell))
                        != Content::Shop(kind, u8::try_from(seat).expect("< 5"))
                {
                    return Err(format!("seat {seat}: shop {kind:?} missing at {cell}"));
                }
            }
        }
        if coins != u16::from(START_COINS) * u16::from(self.seats) {
            return Err(format!("coins {coins} with the bank"));
        }
        if !b.is_sound() {
            return Err("board unsound".into());
        }
        Ok(())
    }
}

/// The cells holding a marker of `seat`.
pub fn own_markers(board: &Board, seat: u8) -> Cells {
    board.select(|c| c == Content::Marker(seat))
}

/// The cells where `seat` may place a marker: Empty, and next to a non-empty cell unless it is
/// the player's very first marker (§4). Empty when its supply is.
pub fn placement_cells(board: &Board, player: &Player) -> Cells {
    if player.supply == 0 {
        return 0;
    }
    let empty = board.select(|c| c == Content::Empty);
    if !player.placed_first {
        return empty;
    }
    board.around(board.all() & !empty) & empty
}

/// Row-major list of a set of cells as action cell numbers.
pub fn cell_list(set: Cells) -> impl Iterator<Item = u8> {
    bits(set).map(|c| u8::try_from(c).expect("cell index < 100"))
}
