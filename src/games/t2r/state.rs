//! The full Ticket to Ride position (rules §3.1), hidden parts included. Only the engine writes
//! it; bots see a [`super::View`] copied out of it. Knows no rule: `rules.rs` moves it.

use super::TicketToRide;
use super::action::{Colour, Phase};
use super::chance_event::ChanceEvent;
use super::view::UNCLAIMED;
use crate::game::ChanceLog;
use crate::outcome::Outcome;
use crate::seed::Rng;
use std::collections::VecDeque;

/// Copies of each card kind, by `Colour::index()`: 12 per card colour, 14 locomotives.
pub const CARDS_PER_KIND: [u8; 9] = [12, 12, 12, 12, 12, 12, 12, 12, 14];

/// One seat's part of the position.
#[derive(Clone, Debug)]
pub struct Player {
    pub(super) hand: [u8; 9],
    pub(super) trains: u8,
    /// Ticket ids in the order acquired.
    pub(super) tickets: Vec<u16>,
    pub(super) route_points: i32,
    /// Tickets dealt or offered and not yet chosen, in offer order (`offer_len` of them). Kept
    /// per seat because the `official` setup deals both seats before either chooses.
    pub(super) offer: [u16; 3],
    pub(super) offer_len: u8,
    /// What the opponent knows this seat holds: face-up cards it took, less cards it was seen
    /// paying. Feeds [`super::View::opponent_known`].
    pub(super) known: [u8; 9],
}

impl Player {
    pub(super) fn new(trains: u8) -> Player {
        Player {
            hand: [0; 9],
            trains,
            tickets: Vec::new(),
            route_points: 0,
            offer: [0; 3],
            offer_len: 0,
            known: [0; 9],
        }
    }

    pub(super) fn hand_size(&self) -> usize {
        usize::from(self.cards())
    }

    /// Cards in hand, summed as bytes (there are 110 cards in all), for the view of every
    /// decision.
    pub(super) fn cards(&self) -> u8 {
        self.hand.iter().sum()
    }

    pub(super) fn offer(&self) -> &[u16] {
        &self.offer[..usize::from(self.offer_len)]
    }
}

/// A full position. Cheap to clone: three small vectors (deck, ticket pile, route owners) plus
/// the tickets held.
#[derive(Clone, Debug)]
pub struct State {
    /// Train-card deck; the top (next card drawn) is the last element.
    pub(super) deck: Vec<Colour>,
    /// Discard pile counts by `Colour::index()` (the pile is unordered).
    pub(super) discard: [u8; 9],
    pub(super) face_up: [Option<Colour>; 5],
    /// Ticket pile; the top is the front.
    pub(super) ticket_pile: VecDeque<u16>,
    pub(super) players: [Player; 2],
    /// Owner seat per `track_id`, or [`UNCLAIMED`].
    pub(super) owners: Vec<u8>,
    pub(super) phase: Phase,
    /// The seat asked to decide.
    pub(super) seat: usize,
    /// The first card of the current draw action, while `phase` is `SecondCard`.
    pub(super) first_card: Option<Colour>,
    /// Completed turns per seat; the setup choice is not a turn.
    pub(super) turns_taken: [u32; 2],
    /// Turns left in the final round (§3.8), once triggered: 2, then 1, then the game ends.
    pub(super) final_turns_left: Option<u8>,
    /// Consecutive passes, for the stalemate rule (§3.7).
    pub(super) passes: u8,
    /// The game's chance: shuffles, reshuffles and the final coin toss.
    pub(super) rng: Rng,
    /// Set once, when the game ends by its own rules, so `outcome()` never recomputes trails.
    pub(super) outcome: Option<Outcome>,
    /// The final scoring behind `outcome`, kept for the `games.csv` columns so a finished game
    /// is scored once.
    pub(super) final_scores: Option<[Score; 2]>,
    /// What chance drew, for records; off outside `run --record` and `replay`.
    pub(super) chance: ChanceLog<ChanceEvent>,
}

impl State {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat asked to decide (meaningless once the game is over).
    pub fn seat_to_act(&self) -> usize {
        self.seat
    }

    pub fn hand(&self, seat: usize) -> [u8; 9] {
        self.players[seat].hand
    }

    pub fn trains(&self, seat: usize) -> u8 {
        self.players[seat].trains
    }

    pub fn tickets(&self, seat: usize) -> &[u16] {
        &self.players[seat].tickets
    }

    pub fn route_points(&self, seat: usize) -> i32 {
        self.players[seat].route_points
    }

    pub fn owners(&self) -> &[u8] {
        &self.owners
    }

    pub fn face_up(&self) -> [Option<Colour>; 5] {
        self.face_up
    }

    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    pub fn discard(&self) -> [u8; 9] {
        self.discard
    }

    /// The ticket pile from top to bottom.
    pub fn ticket_pile(&self) -> impl Iterator<Item = u16> + '_ {
        self.ticket_pile.iter().copied()
    }

    pub fn turns_taken(&self) -> [u32; 2] {
        self.turns_taken
    }

    pub fn is_final_round(&self) -> bool {
        self.final_turns_left.is_some()
    }

    /// Deck + discard + face-up + both hands: always 110 (§3.1).
    pub fn total_cards(&self) -> usize {
        self.card_counts().iter().map(|&n| usize::from(n)).sum()
    }

    /// Cards per kind over deck, discard, face-up row and hands.
    fn card_counts(&self) -> [u8; 9] {
        let mut counts = self.discard;
        for c in self.deck.iter().chain(self.face_up.iter().flatten()) {
            counts[c.index()] += 1;
        }
        for player in &self.players {
            for (count, held) in counts.iter_mut().zip(player.hand) {
                *count += held;
            }
        }
        counts
    }

    /// Checks the conserved quantities: every card kind, trains against claimed lengths, route
    /// points against claimed routes, every ticket exactly once, known cards within the hand.
    pub fn check_invariants(&self, game: &TicketToRide) -> Result<(), String> {
        if self.card_counts() != CARDS_PER_KIND {
            return Err(format!("card counts {:?}", self.card_counts()));
        }
        let map = game.map();
        for (seat, player) in self.players.iter().enumerate() {
            let owned = map
                .routes
                .iter()
                .filter(|r| usize::from(self.owners[usize::from(r.id)]) == seat);
            let (length, points) = owned.fold((0u32, 0), |(l, p), r| {
                (l + u32::from(r.length), p + r.points())
            });
            if u32::from(player.trains) + length != u32::from(map.trains_per_player) {
                return Err(format!(
                    "seat {seat}: {} trains, {length} claimed",
                    player.trains
                ));
            }
            if player.route_points != points {
                return Err(format!("seat {seat}: {} route points", player.route_points));
            }
            if player.known.iter().zip(player.hand).any(|(k, h)| *k > h) {
                return Err(format!("seat {seat}: known cards exceed the hand"));
            }
        }
        if self.owners.iter().any(|&o| o != UNCLAIMED && o > 1) {
            return Err("bad route owner".to_string());
        }
        let mut seen = vec![false; map.tickets.len()];
        let all = self
            .players
            .iter()
            .flat_map(|p| p.tickets.iter().chain(p.offer()));
        for &ticket in all.chain(self.ticket_pile.iter()) {
            let slot = seen
                .get_mut(usize::from(ticket))
                .ok_or(format!("unknown ticket {ticket}"))?;
            if *slot {
                return Err(format!("ticket {ticket} twice"));
            }
            *slot = true;
        }
        if seen.iter().any(|s| !s) {
            return Err("a ticket is missing".to_string());
        }
        Ok(())
    }
}

/// One seat's final score and its parts; `total` is always the sum of the three point parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub route_points: i32,
    /// Completed tickets add their points, incomplete ones subtract them.
    pub ticket_points: i32,
    pub trail_bonus: i32,
    pub total: i32,
    /// Length in trains of the seat's longest trail.
    pub longest_trail: u32,
    pub tickets: u32,
    pub tickets_completed: u32,
}
