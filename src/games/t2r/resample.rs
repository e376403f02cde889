//! `impl Resample for TicketToRide`: a full state consistent with one seat's view, for search
//! bots. The hidden parts (the opponent's hand beyond its known cards, the deck order, the
//! opponent's tickets and offer, the ticket pile order, the chance RNG) are redrawn uniformly
//! from the bot's own stream.
//!
//! Assumes `view.seat` is the seat to act, as it is whenever a bot is asked. Known limits: the
//! consecutive-pass count restarts at 0, and knowledge of where returned tickets went in the
//! pile is not used.

use super::TicketToRide;
use super::action::Colour;
use super::state::{CARDS_PER_KIND, Player, State};
use super::view::View;
use crate::game::ChanceLog;
use crate::game::Resample;
use crate::seed::Rng;
use rand::RngExt;
use rand::seq::SliceRandom;
use std::collections::VecDeque;

impl Resample for TicketToRide {
    fn resample(&self, view: &View, rng: &mut Rng) -> State {
        let seat = view.seat;
        let opponent = 1 - seat;

        let mut unseen = CARDS_PER_KIND;
        let face_up = view.face_up.iter().flatten().map(|c| c.index());
        let seen_once = face_up.map(|index| (index, 1));
        let seen_counts = (0..9)
            .flat_map(|i| [view.hand[i], view.discard[i], view.opponent_known[i]].map(|n| (i, n)));
        for (index, count) in seen_once.chain(seen_counts) {
            unseen[index] -= count;
        }
        let mut pool: Vec<Colour> = Colour::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, usize::from(unseen[c.index()])))
            .collect();
        pool.shuffle(rng);
        let known: u8 = view.opponent_known.iter().sum();
        let hidden = usize::from(view.hand_sizes[opponent] - known);
        debug_assert_eq!(pool.len(), hidden + usize::from(view.deck_len));
        let mut opponent_hand = view.opponent_known;
        for card in pool.drain(..hidden) {
            opponent_hand[card.index()] += 1;
        }

        let mut tickets: Vec<u16> = (0..u16::try_from(self.map().tickets.len()).expect("few"))
            .filter(|t| !view.tickets.contains(t) && !view.offer.contains(t))
            .collect();
        tickets.shuffle(rng);
        let held = usize::from(view.tickets_held[opponent]);
        let pile_len = usize::from(view.ticket_pile_len);
        let offer_len = tickets.len() - held - pile_len;
        let pile: VecDeque<u16> = tickets.split_off(held + offer_len).into();
        let opponent_offer = tickets.split_off(held);

        let trains = self.map().trains_per_player;
        let mut players = [Player::new(trains), Player::new(trains)];
        for (player, s) in players.iter_mut().zip(0..2) {
            player.trains = view.trains[s];
            player.route_points = view.route_points[s];
        }
        players[seat].hand = view.hand;
        players[seat].tickets = view.tickets.clone();
        set_offer(&mut players[seat], &view.offer);
        players[opponent].hand = opponent_hand;
        players[opponent].tickets = tickets;
        players[opponent].known = view.opponent_known;
        set_offer(&mut players[opponent], &opponent_offer);

        // Final round: the seat to act triggered it iff it has ≤ 2 trains (had the opponent
        // triggered first, this seat could not have reached ≤ 2 without triggering earlier).
        let final_turns_left =
            view.final_round
                .then_some(if view.trains[seat] <= 2 { 1 } else { 2 });
        State {
            deck: pool,
            discard: view.discard,
            face_up: view.face_up,
            ticket_pile: pile,
            players,
            owners: view.owners.clone(),
            phase: view.phase,
            seat,
            first_card: view.first_card,
            turns_taken: view.turns_taken,
            final_turns_left,
            passes: 0,
            rng: Rng::new(rng.random()),
            outcome: None,
            chance: ChanceLog::off(),
        }
    }
}

fn set_offer(player: &mut Player, offer: &[u16]) {
    player.offer[..offer.len()].copy_from_slice(offer);
    player.offer_len = u8::try_from(offer.len()).expect("offers hold at most 3 tickets");
}
