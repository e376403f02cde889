//! The position (everything public, §8) and the game state around it. Labyrinth has no chance
//! after setup, so the state keeps no RNG: the board is drawn once in `new_state`.

use super::action::{Action, Insertion};
use super::board::Board;
use super::reach::{Links, Reach};
use crate::game::Seat;
use crate::outcome::Termination;

/// Items each player must collect (§5).
pub const ITEMS: u8 = 24;

/// The whole public position: what both seats see and what search bots simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    /// (x, y) of each seat's pawn.
    pub pawns: [(u8, u8); 2],
    /// Items collected so far by each seat.
    pub collected: [u8; 2],
    /// The previous turn's insertion, for the reversal rule (§6.2).
    pub last: Option<Insertion>,
    /// Turns played, both seats together; seat `turn % 2` acts next.
    pub turn: u32,
}

impl Position {
    /// The start of a game on `board`: seat 0 on (0, 0), seat 1 on (L−1, H−1) (§5).
    pub fn new(board: Board) -> Position {
        let corner = (board.width() - 1, board.height() - 1);
        Position {
            board,
            pawns: [(0, 0), corner],
            collected: [0, 0],
            last: None,
            turn: 0,
        }
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        (self.turn % 2) as Seat
    }

    /// The item `seat` is after: 1, 2, … for seat 0 and 24, 23, … for seat 1; `None` once it
    /// has all 24.
    pub fn target(&self, seat: Seat) -> Option<u8> {
        let done = self.collected[seat];
        (done < ITEMS).then(|| if seat == 0 { done + 1 } else { ITEMS - done })
    }

    /// The insertion that would undo the previous one, forbidden this turn (§6.2).
    pub fn forbidden(&self) -> Option<Insertion> {
        self.last.map(|last| Insertion {
            side: last.side.opposite(),
            index: last.index,
        })
    }

    /// Whether `insertion` is a slot of this board and not the reversal of the last one.
    pub fn insertion_allowed(&self, insertion: Insertion) -> bool {
        self.board.is_slot(insertion.side, insertion.index) && self.forbidden() != Some(insertion)
    }

    /// Steps 3–5 of §6: rotate and insert the extra tile, carrying both pawns with their tiles.
    /// The insertion must be a slot (see [`Position::insertion_allowed`]).
    pub fn insert(&mut self, insertion: Insertion, rotation: u8) {
        let Insertion { side, index } = insertion;
        self.board.insert(side, index, rotation);
        for pawn in &mut self.pawns {
            *pawn = self.board.shifted(side, index, *pawn);
        }
    }

    /// Whether `seat`'s pawn can reach `to` on the current board: [`Position::reach`] for one
    /// cell, which can stop early.
    pub fn reaches(&self, seat: Seat, to: (u8, u8)) -> bool {
        Links::of(&self.board).connects(self.pawns[seat], to)
    }

    /// The cells `seat`'s pawn can reach on the current board.
    pub fn reach(&self, seat: Seat) -> Reach {
        let (x, y) = self.pawns[seat];
        self.board.reach(x, y)
    }

    /// Steps 6–8 of §6 after [`Position::insert`]: move the pawn (the caller checked
    /// reachability), collect the target if the move ends on it, record the insertion and pass
    /// the turn. Returns whether an item was collected.
    pub fn finish_turn(&mut self, seat: Seat, insertion: Insertion, to: (u8, u8)) -> bool {
        self.pawns[seat] = to;
        let collected = self
            .target(seat)
            .is_some_and(|item| self.board.tile(to.0, to.1).item == item);
        if collected {
            self.collected[seat] += 1;
        }
        self.last = Some(insertion);
        self.turn += 1;
        collected
    }

    /// Plays a whole action without any check: for search bots that built it legally.
    pub fn play(&mut self, action: &Action) -> bool {
        let seat = self.to_move();
        self.insert(action.insertion(), action.rotation);
        self.finish_turn(seat, action.insertion(), (action.x, action.y))
    }
}

/// The full game state: the public position and how the game ended, if it has.
#[derive(Clone, Debug)]
pub struct State {
    pub position: Position,
    /// `Normal` once a seat has its 24th item, `TurnLimit` at the turn cap (§7).
    pub ended: Option<Termination>,
}
