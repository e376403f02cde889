//! Why an action is illegal, in the rules' words, for fault messages: the same checks as
//! [`super::rules::is_legal`], in the same order, each naming the rule it applies. Only called
//! once a bot has lost, so it favours clarity over speed.

use super::action::{Action, Colour, Phase};
use super::maps::Route;
use super::rules::{face_up_slot, min_keep, must_draw_tickets};
use super::state::State;
use super::view::UNCLAIMED;
use super::wire::{colour_name, track_name};
use super::{RuleSet, TicketToRide};

/// The rule `action` breaks for `seat` in `state` (the caller knows it is illegal).
pub(super) fn explain(game: &TicketToRide, state: &State, seat: usize, action: &Action) -> String {
    if state.outcome.is_some() {
        return "the game is over".to_string();
    }
    if seat != state.seat {
        return format!("not its turn: seat {} is to act", state.seat);
    }
    let rules = game.rules();
    match (state.phase, *action) {
        (Phase::SetupTickets | Phase::ChooseTickets, Action::KeepTickets(mask)) => {
            keep_tickets(rules, state, seat, mask)
        }
        (Phase::SetupTickets | Phase::ChooseTickets, _) => {
            "tickets are on offer: the only legal answer is keep-tickets".to_string()
        }
        (Phase::SecondCard, Action::DrawBlind | Action::DrawSlot(_) | Action::DrawColour(_)) => {
            if *action == Action::DrawBlind {
                empty_deck()
            } else if face_up_slot(rules, &state.face_up, action).is_none() {
                no_face_up_card(rules, &state.face_up, action)
            } else {
                "a face-up locomotive cannot be the second card of a draw".to_string()
            }
        }
        (Phase::SecondCard, _) => "this is the second card of a draw: only a blind draw or a \
                                   face-up card other than a locomotive is legal"
            .to_string(),
        (Phase::TurnStart, _) if must_draw_tickets(rules, seat, state.turns_taken) => {
            "under the cgs rules the first player's first action must be draw-tickets".to_string()
        }
        (Phase::TurnStart, action) => turn_start(game, state, seat, action),
    }
}

/// Why a choice of tickets fails: it names a ticket not offered, or keeps too few (§3.6, §4.3).
fn keep_tickets(rules: RuleSet, state: &State, seat: usize, mask: u8) -> String {
    let player = &state.players[seat];
    let offered = player.offer_len;
    let min = min_keep(rules, state.phase, player.tickets.len());
    if mask >> offered != 0 {
        format!("it keeps a ticket that is not offered (the offer holds {offered})")
    } else {
        format!(
            "it keeps {} of the {offered} offered tickets; at least {min} must be kept",
            mask.count_ones()
        )
    }
}

/// Why an action at the start of a turn fails (§3.3), once the `cgs` forced first draw of
/// tickets is ruled out.
fn turn_start(game: &TicketToRide, state: &State, seat: usize, action: Action) -> String {
    let rules = game.rules();
    match action {
        Action::DrawBlind => empty_deck(),
        Action::DrawSlot(_) | Action::DrawColour(_) => {
            no_face_up_card(rules, &state.face_up, &action)
        }
        Action::Claim {
            route,
            colour,
            locomotives,
        } => match game.map().routes.get(usize::from(route)) {
            None => format!(
                "route {route} does not exist (the map has {} routes)",
                game.map().routes.len()
            ),
            Some(r) => claim(rules, r, state, seat, colour, locomotives),
        },
        Action::DrawTickets => "the ticket pile is empty".to_string(),
        Action::Pass => "passing is legal only when no card can be drawn, no route claimed and \
                         no ticket drawn"
            .to_string(),
        Action::KeepTickets(_) => {
            "no tickets are on offer: keep-tickets answers draw-tickets".to_string()
        }
    }
}

fn empty_deck() -> String {
    "the deck and the discard pile are both empty".to_string()
}

/// A face-up draw that names no card on show.
fn no_face_up_card(rules: RuleSet, face_up: &[Option<Colour>; 5], action: &Action) -> String {
    match (rules, *action) {
        (RuleSet::Official, Action::DrawSlot(slot)) if slot > 4 => {
            format!("face-up slot {slot} does not exist (slots are 0-4)")
        }
        (RuleSet::Official, Action::DrawSlot(slot)) => format!("face-up slot {slot} is empty"),
        (RuleSet::Official, _) => {
            "the official rules take a face-up card by slot (draw-slot), not by colour".to_string()
        }
        (RuleSet::Cgs, Action::DrawColour(colour)) => {
            let shown: Vec<&str> = face_up.iter().flatten().map(|&c| colour_name(c)).collect();
            format!(
                "no face-up {} card (face up: {})",
                colour_name(colour),
                shown.join(", ")
            )
        }
        (RuleSet::Cgs, _) => {
            "the cgs rules take a face-up card by colour (draw-colour), not by slot".to_string()
        }
    }
}

/// Why a claim of an existing route fails: taken, too few trains, wrong colour, or a payment
/// the hand cannot cover.
fn claim(
    rules: RuleSet,
    route: &Route,
    state: &State,
    seat: usize,
    colour: Colour,
    locomotives: u8,
) -> String {
    let player = &state.players[seat];
    let length = route.length;
    let owner = state.owners[usize::from(route.id)];
    if owner != UNCLAIMED {
        return format!(
            "the route is taken (by seat {owner}); a double route is one route with one owner"
        );
    }
    if player.trains < length {
        return format!(
            "the route needs {length} trains and the seat has {} left",
            player.trains
        );
    }
    if locomotives > length {
        return format!("{locomotives} locomotives named for a route of length {length}");
    }
    let in_hand = |c: Colour| player.hand[c.index()];
    let locos = in_hand(Colour::Locomotive);
    let colours: Vec<&str> = route.colours.iter().map(|&c| track_name(c)).collect();
    match (rules, colour) {
        (RuleSet::Official, Colour::Locomotive) if locomotives != length => format!(
            "colour locomotive means paying only locomotives: name {length} locomotives, or \
             the colour of the other cards"
        ),
        (RuleSet::Cgs, Colour::Locomotive) if !route.is_gray() => format!(
            "colour locomotive (a payment of locomotives only) is for gray routes under the cgs \
             rules; the route is {}",
            colours.join(" or ")
        ),
        (_, Colour::Locomotive) => {
            format!("cannot pay: {length} locomotives needed, the hand holds {locos}")
        }
        _ if !route.is_gray() && !route.colours.contains(&colour) => format!(
            "the route is {}, so {} cards cannot pay for it",
            colours.join(" or "),
            colour_name(colour)
        ),
        _ if locos < locomotives => {
            format!("cannot pay: {locomotives} locomotives named, the hand holds {locos}")
        }
        _ => format!(
            "cannot pay: {} {} cards needed, the hand holds {}",
            length - locomotives,
            colour_name(colour),
            in_hand(colour)
        ),
    }
}
