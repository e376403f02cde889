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
        // The bot's stream is drawn from in this order: cards, tickets, the chance seed.
        let (deck, opponent_hand) = deal_hidden_cards(view, rng);
        let tickets = deal_hidden_tickets(self.map().tickets.len(), view, rng);
        let mut players = players_as_seen(self.map().trains_per_player, view);
        let opponent = &mut players[1 - seat];
        opponent.hand = opponent_hand;
        opponent.tickets = tickets.held;
        set_offer(opponent, &tickets.offer);

        // Final round: the seat to act triggered it iff it has ≤ 2 trains (had the opponent
        // triggered first, this seat could not have reached ≤ 2 without triggering earlier).
        let final_turns_left =
            view.final_round
                .then_some(if view.trains[seat] <= 2 { 1 } else { 2 });
        State {
            deck,
            discard: view.discard,
            face_up: view.face_up,
            ticket_pile: tickets.pile,
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
            final_scores: None,
            chance: ChanceLog::off(),
        }
    }
}

/// Both players as far as `view` shows them: trains and route points, this seat's hand,
/// tickets and offer, and the cards the opponent is known to hold (`known`).
fn players_as_seen(trains_per_player: u8, view: &View) -> [Player; 2] {
    let (seat, opponent) = (view.seat, 1 - view.seat);
    let mut players = [
        Player::new(trains_per_player),
        Player::new(trains_per_player),
    ];
    for (player, s) in players.iter_mut().zip(0..2) {
        player.trains = view.trains[s];
        player.route_points = view.route_points[s];
    }
    players[seat].hand = view.hand;
    players[seat].tickets = view.tickets.clone();
    set_offer(&mut players[seat], &view.offer);
    players[opponent].known = view.opponent_known;
    players
}

/// The cards the seat cannot see, shuffled: the deck, and the opponent's hand (its known cards
/// plus the first unseen cards drawn from the shuffle).
fn deal_hidden_cards(view: &View, rng: &mut Rng) -> (Vec<Colour>, [u8; 9]) {
    let opponent = 1 - view.seat;
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
    (pool, opponent_hand)
}

/// Where the tickets the seat cannot see were dealt.
struct HiddenTickets {
    /// The opponent's tickets.
    held: Vec<u16>,
    /// The opponent's offer, if it is choosing tickets.
    offer: Vec<u16>,
    pile: VecDeque<u16>,
}

/// Shuffles the map's tickets (`tickets` of them) that the seat neither holds nor is offered,
/// and deals them in this order to the opponent's hand, its offer and the pile.
fn deal_hidden_tickets(tickets: usize, view: &View, rng: &mut Rng) -> HiddenTickets {
    let mut unseen: Vec<u16> = (0..u16::try_from(tickets).expect("few"))
        .filter(|t| !view.tickets.contains(t) && !view.offer.contains(t))
        .collect();
    unseen.shuffle(rng);
    let held = usize::from(view.tickets_held[1 - view.seat]);
    let pile_len = usize::from(view.ticket_pile_len);
    let offer_len = unseen.len() - held - pile_len;
    let pile = unseen.split_off(held + offer_len).into();
    let offer = unseen.split_off(held);
    HiddenTickets {
        held: unseen,
        offer,
        pile,
    }
}

fn set_offer(player: &mut Player, offer: &[u16]) {
    player.offer[..offer.len()].copy_from_slice(offer);
    player.offer_len = u8::try_from(offer.len()).expect("offers hold at most 3 tickets");
}
