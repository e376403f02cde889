//! The full position (rules §3-§6): the public board plus the hidden bag order. Drawing and
//! discarding (§4 step 1) and the end of the game (§6) live here.

use super::board::Board;
use super::chance_event::ChanceEvent;
use super::tiles::{self, TILES};
use crate::game::{ChanceLog, Seat};
use crate::outcome::{Outcome, Termination, ranks_from_keys};
use crate::seed::Rng;
use rand::seq::SliceRandom;

#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: Board,
    /// The bag; the next tile drawn is the last element. Its order is the hidden part.
    pub(super) bag: Vec<u8>,
    /// The bag's composition per type id (public).
    pub(super) remaining: [u8; 24],
    /// The drawn tile the seat to act must place; `None` once the game is over.
    pub(super) current: Option<u8>,
    pub(super) discards: Vec<u8>,
    /// The seat to act.
    pub(super) seat: Seat,
    /// Set once, when the bag runs out.
    pub(super) outcome: Option<Outcome>,
    /// Tiles drawn, for records; off outside `run --record` and `replay`.
    pub(super) chance: ChanceLog<ChanceEvent>,
}

impl State {
    /// Start tile placed, the other 71 tiles shuffled with the game RNG, first tile drawn.
    pub fn new(seats: usize, chance: &mut Rng) -> State {
        State::new_logged(seats, chance, ChanceLog::off())
    }

    /// [`State::new`] noting every tile drawn in `log`.
    pub(super) fn new_logged(seats: usize, chance: &mut Rng, log: ChanceLog<ChanceEvent>) -> State {
        let mut bag = tiles::full_set();
        let start = bag
            .iter()
            .position(|&t| t == tiles::START)
            .expect("the set has D tiles");
        bag.remove(start);
        bag.shuffle(chance);
        State::with_bag_logged(seats, bag, log)
    }

    /// A game whose bag is `bag` (drawn from the end), for tests and resampling.
    pub fn with_bag(seats: usize, bag: Vec<u8>) -> State {
        State::with_bag_logged(seats, bag, ChanceLog::off())
    }

    fn with_bag_logged(seats: usize, bag: Vec<u8>, chance: ChanceLog<ChanceEvent>) -> State {
        let mut remaining = [0u8; 24];
        for &t in &bag {
            remaining[usize::from(t)] += 1;
        }
        let mut state = State {
            board: Board::new(seats),
            bag,
            remaining,
            current: None,
            discards: Vec::new(),
            seat: 0,
            outcome: None,
            chance,
        };
        state.draw();
        state
    }

    /// A game whose tiles are drawn in the order given (by type letter), for tests.
    pub fn with_order(seats: usize, order: &str) -> State {
        let bag = order
            .chars()
            .rev()
            .map(|c| u8::try_from(c as u32 - 'A' as u32).expect("a letter A-X"))
            .collect();
        State::with_bag(seats, bag)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn current(&self) -> Option<u8> {
        self.current
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn discards(&self) -> &[u8] {
        &self.discards
    }

    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// §4 step 1: draws until a placeable tile comes up, discarding the others; ends the game
    /// with the final scoring when the bag runs out.
    pub(super) fn draw(&mut self) {
        while let Some(tile) = self.bag.pop() {
            self.remaining[usize::from(tile)] -= 1;
            self.chance.push(|| ChanceEvent::Drew(State::letter(tile)));
            if self.board.placeable(tile) {
                self.current = Some(tile);
                return;
            }
            self.discards.push(tile);
        }
        self.current = None;
        self.board.score_end();
        let scores = self.board.scores.clone();
        self.outcome = Some(Outcome {
            ranks: ranks_from_keys(&scores),
            scores,
            termination: Termination::Normal,
            culprit: None,
        });
    }

    /// Places the drawn tile for the seat to act, scores, passes the turn and draws (§4).
    pub(super) fn play(&mut self, x: i32, y: i32, rot: u8, follower: Option<u8>) {
        let tile = self.current.expect("a tile is drawn while the game runs");
        self.board.place(tile, x, y, rot, follower, self.seat);
        self.seat = (self.seat + 1) % self.board.seats();
        self.draw();
    }

    /// Tiles placed plus discarded plus still to come: always 72.
    pub fn tiles_accounted(&self) -> usize {
        self.board.placed.len()
            + self.discards.len()
            + self.bag.len()
            + usize::from(self.current.is_some())
    }

    /// Type ids as letters, for messages.
    pub fn letter(tile: u8) -> char {
        TILES[usize::from(tile)].name
    }
}

impl State {
    /// A running game with `view`'s public position and the given bag order.
    pub(super) fn resampled(view: &super::view::View, bag: Vec<u8>) -> State {
        State {
            board: view.board.clone(),
            remaining: view.remaining,
            bag,
            current: view.tile,
            discards: view.discards.clone(),
            seat: view.to_act.unwrap_or(view.seat),
            outcome: None,
            chance: ChanceLog::off(),
        }
    }
}
