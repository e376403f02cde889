//! What one seat may know (§9): everything but the bag order and the other seats' sealed bids
//! while an auction is open. Legal actions are computed from the view alone.

use super::action::{Action, BagCounts};
use super::board::{Board, Cells};
use super::rules::can_draw;
use super::scoring::cap;
use super::state::{
    AuctionResult, MAX_SEATS, Phase, Player, State, cell_list, own_markers, placement_cells,
};
use crate::game::Seat;

#[derive(Clone, Debug)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    pub seats: usize,
    pub board: Board,
    /// Public per-seat records: coins, marker supply, received and eliminated shops.
    pub players: [Player; MAX_SEATS],
    pub phase: Phase,
    /// The seat whose turn it is (the drawer while a draw is resolved).
    pub turn_seat: Seat,
    /// Seats asked to bid in the open auction (bit per seat); their bids stay hidden.
    pub bidders: u8,
    pub bag: BagCounts,
    pub last_auction: Option<AuctionResult>,
    pub turns: u32,
    pub passes: u8,
    pub unowned_eliminated: u8,
}

impl View {
    pub fn of(state: &State, seat: Seat) -> View {
        View {
            seat,
            seats: state.seats(),
            board: state.board,
            players: state.players,
            phase: state.phase,
            turn_seat: usize::from(state.seat),
            bidders: state.bidders,
            bag: BagCounts::of(&state.bag),
            last_auction: state.last_auction,
            turns: state.turns,
            passes: state.passes,
            unowned_eliminated: state.unowned_eliminated,
        }
    }

    pub fn me(&self) -> &Player {
        &self.players[self.seat]
    }

    pub fn cap(&self) -> u8 {
        cap(self.seats)
    }

    fn seat_u8(&self) -> u8 {
        u8::try_from(self.seat).expect("at most 5 seats")
    }

    pub fn my_markers(&self) -> Cells {
        own_markers(&self.board, self.seat_u8())
    }

    /// Cells where this seat may place a marker now, if it is its turn.
    pub fn placement_cells(&self) -> Cells {
        placement_cells(&self.board, self.me())
    }

    pub fn can_draw(&self) -> bool {
        can_draw(&self.board, self.seat_u8(), self.bag.total())
    }

    /// Legal actions in this order: marker placements row-major, then draw, else pass; bids
    /// 0 to the seat's coins; builds on own markers row-major. Empty when this seat is not
    /// asked to decide.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Turn if self.turn_seat == self.seat => {
                let mut actions: Vec<Action> = cell_list(self.placement_cells())
                    .map(Action::PlaceMarker)
                    .collect();
                if self.can_draw() {
                    actions.push(Action::Draw);
                }
                if actions.is_empty() {
                    actions.push(Action::Pass);
                }
                actions
            }
            Phase::BuildTree if self.turn_seat == self.seat => {
                cell_list(self.my_markers()).map(Action::Build).collect()
            }
            Phase::BuildShop { winner, .. } if usize::from(winner) == self.seat => {
                cell_list(self.my_markers()).map(Action::Build).collect()
            }
            Phase::Auction(_) if self.bidders >> self.seat & 1 == 1 => {
                (0..=self.me().coins).map(Action::Bid).collect()
            }
            _ => Vec::new(),
        }
    }
}
