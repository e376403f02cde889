//! The rules of play (§3 and the `cgs` differences of §4): setup, legality and the effects of
//! each action. Legality is split into small predicates over plain data so that `is_legal` (on a
//! state) and `legal_actions` (on a view) share them and cannot disagree. Nothing here
//! allocates during play, because `is_legal` and `apply` run at every decision.

use super::action::{Action, Colour, Phase};
use super::chance_event::ChanceEvent;
use super::maps::Route;
use super::scoring;
use super::state::{CARDS_PER_KIND, Player, State};
use super::view::UNCLAIMED;
use super::{RuleSet, TicketToRide};
use crate::game::ChanceLog;
use crate::outcome::Termination;
use crate::seed::Rng;
use rand::seq::SliceRandom;
use std::collections::VecDeque;

const LOCO: usize = 8;

/// Three-locomotive redeals allowed in a row (§3.4), and after a `cgs` face-up draw (§4.6).
const REDEAL_CAP: u32 = 10;
const CGS_FACE_UP_REDEAL_CAP: u32 = 50;

/// A card had to come from an empty deck and an empty discard pile: a `cgs` ending (§4.6).
struct RanOut;

/// Setup, §3.2 in order (`cgs`: no tickets are dealt, §4.2); `chance` is the state's log.
pub(super) fn new_state(
    game: &TicketToRide,
    mut rng: Rng,
    chance: ChanceLog<ChanceEvent>,
) -> State {
    let map = game.map();
    let mut deck: Vec<Colour> = Colour::ALL
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, usize::from(CARDS_PER_KIND[c.index()])))
        .collect();
    deck.shuffle(&mut rng);
    let mut state = State {
        deck,
        discard: [0; 9],
        face_up: [None; 5],
        ticket_pile: VecDeque::new(),
        players: [
            Player::new(map.trains_per_player),
            Player::new(map.trains_per_player),
        ],
        owners: vec![UNCLAIMED; map.routes.len()],
        phase: Phase::TurnStart,
        seat: 0,
        first_card: None,
        turns_taken: [0; 2],
        final_turns_left: None,
        passes: 0,
        rng,
        outcome: None,
        final_scores: None,
        chance,
    };
    // The initial deal cannot run out (110 cards), and never ends the game even in `cgs`.
    let _ = refill(&mut state, false, REDEAL_CAP, false);
    for seat in 0..2 {
        for _ in 0..4 {
            let card = state.deck.pop().expect("110 cards cover the setup deal");
            state.players[seat].hand[card.index()] += 1;
            state
                .chance
                .push(|| ChanceEvent::Dealt { seat, colour: card });
        }
    }
    for player in &mut state.players {
        // Room for every ticket of the map, so keeping tickets never grows the vector mid-game.
        player.tickets.reserve_exact(map.tickets.len());
    }
    let mut tickets: Vec<u16> = map.tickets.iter().map(|t| t.id).collect();
    tickets.shuffle(&mut state.rng);
    state.ticket_pile = tickets.into();
    if game.rules() == RuleSet::Official {
        for seat in 0..2 {
            deal_offer(&mut state, seat);
        }
        state.phase = Phase::SetupTickets;
    }
    state
}

/// Moves the top min(3, pile) tickets into `seat`'s offer.
fn deal_offer(state: &mut State, seat: usize) {
    let player = &mut state.players[seat];
    player.offer_len = 0;
    while player.offer_len < 3 {
        let Some(ticket) = state.ticket_pile.pop_front() else {
            break;
        };
        player.offer[usize::from(player.offer_len)] = ticket;
        player.offer_len += 1;
    }
    let offer = player.offer();
    state.chance.push(|| ChanceEvent::Tickets {
        seat,
        tickets: offer.to_vec(),
    });
}

/// Shuffles the discard pile into the (empty) deck.
fn reshuffle(state: &mut State) {
    let cards = state.discard.iter().map(|&n| u16::from(n)).sum();
    state.chance.push(|| ChanceEvent::Reshuffle { cards });
    for (index, count) in state.discard.iter_mut().enumerate() {
        for _ in 0..*count {
            state.deck.push(Colour::from_index(index));
        }
        *count = 0;
    }
    state.deck.shuffle(&mut state.rng);
}

/// The top card of the deck, reshuffling the discard pile first if the deck is empty.
fn take_top(state: &mut State) -> Option<Colour> {
    if state.deck.is_empty() {
        reshuffle(state);
    }
    state.deck.pop()
}

/// The refill procedure of §3.4. `strict` (`cgs` after setup) turns a missing card into the
/// run-out ending; `fail_on_cap` (`cgs` after a face-up draw) also treats a redeal cap reached
/// with 3 locomotives still showing as running out.
fn refill(state: &mut State, strict: bool, cap: u32, fail_on_cap: bool) -> Result<(), RanOut> {
    let mut locomotives = fill_empty_slots(state, strict)?;
    let mut redeals = 0;
    while locomotives >= 3 {
        if redeals == cap {
            return if fail_on_cap { Err(RanOut) } else { Ok(()) };
        }
        redeals += 1;
        for slot in &mut state.face_up {
            if let Some(card) = slot.take() {
                state.discard[card.index()] += 1;
            }
        }
        locomotives = fill_empty_slots(state, strict)?;
    }
    Ok(())
}

/// Deals a card into every empty face-up slot; the locomotives then showing, counted slot by
/// slot as it goes: counting them afterwards read the row back as a whole right after its
/// single-slot writes, which the processor cannot forward, and stalled every refill.
fn fill_empty_slots(state: &mut State, strict: bool) -> Result<usize, RanOut> {
    let mut locomotives = 0;
    for slot in 0..5 {
        if state.face_up[slot].is_none() {
            match take_top(state) {
                Some(card) => {
                    state.face_up[slot] = Some(card);
                    state
                        .chance
                        .push(|| ChanceEvent::FaceUp { slot, colour: card });
                }
                None if strict => return Err(RanOut),
                None => {}
            }
        }
        locomotives += usize::from(state.face_up[slot] == Some(Colour::Locomotive));
    }
    Ok(locomotives)
}

/// Whether any face-up card other than a locomotive shows.
fn face_up_non_locomotive(face_up: &[Option<Colour>; 5]) -> bool {
    face_up
        .iter()
        .any(|c| matches!(c, Some(c) if *c != Colour::Locomotive))
}

/// Whether a blind draw may be attempted: `cgs` always allows it (an empty deck and discard end
/// the game, §4.6); `official` needs a card in the deck or the discard pile.
pub(super) fn blind_draw_legal(rules: RuleSet, deck_len: usize, discard: &[u8; 9]) -> bool {
    rules == RuleSet::Cgs || deck_len > 0 || discard.iter().any(|&n| n > 0)
}

/// The face-up slot a draw action takes, if the action is a well-formed face-up draw in this
/// rule set (`official` names a slot, `cgs` a colour, §4.7). Says nothing about locomotives.
pub(super) fn face_up_slot(
    rules: RuleSet,
    face_up: &[Option<Colour>; 5],
    action: &Action,
) -> Option<usize> {
    match (rules, *action) {
        (RuleSet::Official, Action::DrawSlot(slot)) => {
            let slot = usize::from(slot);
            face_up.get(slot).copied().flatten().map(|_| slot)
        }
        (RuleSet::Cgs, Action::DrawColour(colour)) => {
            face_up.iter().position(|c| *c == Some(colour))
        }
        _ => None,
    }
}

/// Legality of a draw as the second card: blind, or a face-up non-locomotive. In `cgs` a
/// face-up locomotive is still accepted when the refill of its slot must run out, because that
/// ending takes precedence over the locomotive check (§4.6).
pub(super) fn second_card_legal(
    rules: RuleSet,
    face_up: &[Option<Colour>; 5],
    deck_len: usize,
    discard: &[u8; 9],
    action: &Action,
) -> bool {
    if *action == Action::DrawBlind {
        return blind_draw_legal(rules, deck_len, discard);
    }
    let Some(slot) = face_up_slot(rules, face_up, action) else {
        return false;
    };
    face_up[slot] != Some(Colour::Locomotive)
        || (rules == RuleSet::Cgs && deck_len == 0 && discard.iter().all(|&n| n == 0))
}

/// Claim legality (§3.5, and `cgs` §4.8), except the phase: route free for both tracks,
/// enough trains, and a payment the hand covers.
pub(super) fn claim_legal(
    rules: RuleSet,
    route: &Route,
    owner: u8,
    trains: u8,
    hand: &[u8; 9],
    colour: Colour,
    locomotives: u8,
) -> bool {
    let length = route.length;
    if owner != UNCLAIMED || trains < length || locomotives > length {
        return false;
    }
    let locos = hand[LOCO];
    let rest = length - locomotives;
    let colour_fits = || locos >= locomotives && hand[colour.index()] >= rest;
    match (rules, colour) {
        (RuleSet::Official, Colour::Locomotive) => locomotives == length && locos >= length,
        (RuleSet::Cgs, Colour::Locomotive) => route.is_gray() && locos >= length,
        _ => (route.is_gray() || route.colours.contains(&colour)) && colour_fits(),
    }
}

/// Cards a legal claim pays: (locomotives, cards of the named colour).
fn payment(route: &Route, colour: Colour, locomotives: u8) -> (u8, u8) {
    if colour == Colour::Locomotive {
        (route.length, 0)
    } else {
        (locomotives, route.length - locomotives)
    }
}

/// Minimum number of offered tickets to keep now (0 outside a ticket choice; §3.2, §3.6, §4.3).
pub(super) fn min_keep(rules: RuleSet, phase: Phase, tickets_held: usize) -> u8 {
    match phase {
        Phase::SetupTickets => 2,
        Phase::ChooseTickets if rules == RuleSet::Cgs && tickets_held == 0 => 2,
        Phase::ChooseTickets => 1,
        Phase::TurnStart | Phase::SecondCard => 0,
    }
}

/// Whether `mask` keeps a valid subset of an offer of `offer_len` tickets.
pub(super) fn keep_legal(mask: u8, offer_len: u8, min_keep: u8) -> bool {
    mask >> offer_len == 0 && mask.count_ones() >= u32::from(min_keep)
}

/// `cgs`: seat 0's very first action must be C (§4.2).
pub(super) fn must_draw_tickets(rules: RuleSet, seat: usize, turns_taken: [u32; 2]) -> bool {
    rules == RuleSet::Cgs && seat == 0 && turns_taken[0] == 0
}

pub(super) fn is_legal(game: &TicketToRide, state: &State, seat: usize, action: &Action) -> bool {
    if state.outcome.is_some() || seat != state.seat {
        return false;
    }
    let rules = game.rules();
    let player = &state.players[seat];
    match state.phase {
        Phase::SetupTickets | Phase::ChooseTickets => match *action {
            Action::KeepTickets(mask) => {
                let min = min_keep(rules, state.phase, player.tickets.len());
                keep_legal(mask, player.offer_len, min)
            }
            _ => false,
        },
        Phase::SecondCard => second_card_legal(
            rules,
            &state.face_up,
            state.deck.len(),
            &state.discard,
            action,
        ),
        Phase::TurnStart => {
            if must_draw_tickets(rules, seat, state.turns_taken) {
                return *action == Action::DrawTickets;
            }
            match *action {
                Action::DrawBlind => blind_draw_legal(rules, state.deck.len(), &state.discard),
                Action::DrawSlot(_) | Action::DrawColour(_) => {
                    face_up_slot(rules, &state.face_up, action).is_some()
                }
                Action::Claim {
                    route,
                    colour,
                    locomotives,
                } => game.map().routes.get(usize::from(route)).is_some_and(|r| {
                    let owner = state.owners[usize::from(route)];
                    claim_legal(
                        rules,
                        r,
                        owner,
                        player.trains,
                        &player.hand,
                        colour,
                        locomotives,
                    )
                }),
                Action::DrawTickets => rules == RuleSet::Cgs || !state.ticket_pile.is_empty(),
                Action::Pass => pass_legal(game, state, seat),
                Action::KeepTickets(_) => false,
            }
        }
    }
}

/// Pass (§3.7): only when no card can be taken, no claim is possible and no ticket can be
/// drawn. Never in `cgs`, where action C is always legal.
fn pass_legal(game: &TicketToRide, state: &State, seat: usize) -> bool {
    let rules = game.rules();
    if rules == RuleSet::Cgs
        || !state.ticket_pile.is_empty()
        || blind_draw_legal(rules, state.deck.len(), &state.discard)
        || state.face_up.iter().any(Option::is_some)
    {
        return false;
    }
    let player = &state.players[seat];
    !game.map().routes.iter().any(|route| {
        (0..=route.length).any(|n| {
            Colour::ALL.iter().any(|&c| {
                let owner = state.owners[usize::from(route.id)];
                claim_legal(rules, route, owner, player.trains, &player.hand, c, n)
            })
        })
    })
}

/// Plays a legal action (the caller checked [`is_legal`]).
pub(super) fn apply(game: &TicketToRide, state: &mut State, seat: usize, action: Action) {
    debug_assert!(is_legal(game, state, seat, &action), "illegal {action:?}");
    if state.phase == Phase::TurnStart {
        if action == Action::Pass {
            state.passes += 1;
            end_turn(game, state);
            return;
        }
        state.passes = 0;
    }
    match action {
        Action::DrawBlind => draw_blind(game, state, seat),
        Action::DrawSlot(_) | Action::DrawColour(_) => draw_face_up(game, state, seat, &action),
        Action::Claim {
            route,
            colour,
            locomotives,
        } => {
            let route = &game.map().routes[usize::from(route)];
            claim(game, state, seat, route, colour, locomotives);
        }
        Action::DrawTickets => {
            if game.rules() == RuleSet::Cgs && state.ticket_pile.len() < 3 {
                return scoring::finish_tickets_ran_out(game, state, seat);
            }
            deal_offer(state, seat);
            state.phase = Phase::ChooseTickets;
        }
        Action::KeepTickets(mask) => keep_tickets(game, state, seat, mask),
        Action::Pass => unreachable!("a pass is only legal at a turn start"),
    }
}

/// A blind draw (§3.4); under `cgs` an empty deck and discard pile end the game (§4.6).
fn draw_blind(game: &TicketToRide, state: &mut State, seat: usize) {
    let Some(card) = take_top(state) else {
        return scoring::finish_ran_out(game, state, seat, 0);
    };
    state.players[seat].hand[card.index()] += 1;
    state
        .chance
        .push(|| ChanceEvent::Dealt { seat, colour: card });
    after_card(game, state, card, false);
}

/// A face-up draw, by slot or by colour (§3.4, §4.7). The card is public, so it also counts
/// in what the opponent knows of the hand.
fn draw_face_up(game: &TicketToRide, state: &mut State, seat: usize, action: &Action) {
    let slot = face_up_slot(game.rules(), &state.face_up, action).expect("legal face-up draw");
    let card = state.face_up[slot].take().expect("legal face-up draw");
    let player = &mut state.players[seat];
    player.hand[card.index()] += 1;
    player.known[card.index()] += 1;
    after_card(game, state, card, true);
}

/// Claims `route` (§3.5): the cards paid go to the discard pile, the route becomes the seat's
/// (its trains spent, its points scored), then the face-up row is refilled.
fn claim(
    game: &TicketToRide,
    state: &mut State,
    seat: usize,
    route: &Route,
    colour: Colour,
    locomotives: u8,
) {
    let (locos, coloured) = payment(route, colour, locomotives);
    let player = &mut state.players[seat];
    for (index, paid) in [(LOCO, locos), (colour.index(), coloured)] {
        player.hand[index] -= paid;
        player.known[index] -= player.known[index].min(paid);
        state.discard[index] += paid;
    }
    player.trains -= route.length;
    player.route_points += route.points();
    state.owners[usize::from(route.id)] = u8::try_from(seat).expect("two seats");
    // Refill empty `official` slots now that the discard pile holds cards again.
    let strict = game.rules() == RuleSet::Cgs;
    if refill(state, strict, REDEAL_CAP, false).is_err() {
        return scoring::finish_ran_out(game, state, seat, 0);
    }
    end_turn(game, state);
}

/// Common end of every single card draw: refill, then decide whether the turn goes on.
fn after_card(game: &TicketToRide, state: &mut State, card: Colour, face_up: bool) {
    let rules = game.rules();
    let strict = rules == RuleSet::Cgs;
    let (cap, fail_on_cap) = if strict && face_up {
        (CGS_FACE_UP_REDEAL_CAP, true)
    } else {
        (REDEAL_CAP, false)
    };
    if refill(state, strict, cap, fail_on_cap).is_err() {
        // The face-up card just taken does not count in the comparison (§4.6).
        return scoring::finish_ran_out(game, state, state.seat, usize::from(face_up));
    }
    let first = state.phase == Phase::TurnStart;
    let locomotive_up = face_up && card == Colour::Locomotive;
    let second_possible = blind_draw_legal(rules, state.deck.len(), &state.discard)
        || face_up_non_locomotive(&state.face_up);
    if first && !locomotive_up && second_possible {
        state.phase = Phase::SecondCard;
        state.first_card = Some(card);
    } else {
        end_turn(game, state);
    }
}

/// Keeps the chosen offered tickets and returns the others (§3.2 step 7, §3.6, §4.5).
fn keep_tickets(game: &TicketToRide, state: &mut State, seat: usize, mask: u8) {
    let player = &mut state.players[seat];
    for (position, &ticket) in player.offer[..usize::from(player.offer_len)]
        .iter()
        .enumerate()
    {
        if mask & (1 << position) != 0 {
            player.tickets.push(ticket);
        } else if game.rules() == RuleSet::Cgs {
            state.ticket_pile.push_front(ticket);
        } else {
            state.ticket_pile.push_back(ticket);
        }
    }
    player.offer_len = 0;
    if state.phase == Phase::SetupTickets {
        // The setup choice is not a turn: seat 1 chooses next, then seat 0 plays.
        state.seat = 1 - seat;
        state.phase = if seat == 0 {
            Phase::SetupTickets
        } else {
            Phase::TurnStart
        };
    } else {
        end_turn(game, state);
    }
}

/// Bookkeeping when a turn is fully resolved: final round (§3.8), stalemate and turn limit
/// (§3.7), in that order of precedence, then hand over to the other seat.
fn end_turn(game: &TicketToRide, state: &mut State) {
    let seat = state.seat;
    state.turns_taken[seat] += 1;
    state.first_card = None;
    match state.final_turns_left {
        Some(1) => return scoring::finish_scored(game, state, Termination::Normal),
        Some(left) => state.final_turns_left = Some(left - 1),
        None if state.players[seat].trains <= 2 => state.final_turns_left = Some(2),
        None => {}
    }
    if state.passes >= 2 {
        return scoring::finish_scored(game, state, Termination::Stalemate);
    }
    if seat == 1 && state.turns_taken[1] >= game.turn_limit() {
        return scoring::finish_scored(game, state, Termination::TurnLimit);
    }
    state.seat = 1 - seat;
    state.phase = Phase::TurnStart;
}
