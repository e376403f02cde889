//! Ticket to Ride moves and chance in words, for replays and fault messages: "claims
//! Denver–Kansas City, 4 orange", "draws face-up red", "keeps tickets Boston–Miami, Denver–El
//! Paso"; cities and tickets by their names on the map, cards by the colour names of §2.1.

use super::TicketToRide;
use super::action::{Action, Colour, Phase};
use super::chance_event::ChanceEvent;
use super::maps::Map;
use super::state::State;
use super::wire::colour_name;
use crate::game::Seat;
use crate::games::notation::counted;

/// `action` of `seat`, read against `state` before it is applied.
pub(super) fn describe(game: &TicketToRide, state: &State, seat: Seat, action: &Action) -> String {
    let map = game.map();
    match *action {
        Action::DrawBlind => "draws blind".to_string(),
        Action::DrawSlot(slot) => match state.face_up.get(usize::from(slot)).copied().flatten() {
            Some(colour) => format!("draws face-up {}", colour_name(colour)),
            None => format!("draws face-up slot {slot}, which is empty"),
        },
        Action::DrawColour(colour) => format!("draws face-up {}", colour_name(colour)),
        Action::Claim {
            route,
            colour,
            locomotives,
        } => match map.routes.get(usize::from(route)) {
            Some(r) => format!(
                "claims {}–{}, {}",
                map.cities[usize::from(r.a)],
                map.cities[usize::from(r.b)],
                payment(r.length, colour, locomotives)
            ),
            None => format!(
                "claims route {route}, which does not exist, naming {} and {}",
                colour_name(colour),
                counted(u32::from(locomotives), "locomotive")
            ),
        },
        Action::DrawTickets => "draws tickets".to_string(),
        Action::KeepTickets(mask) => keep(map, state, seat, mask),
        Action::Pass => "passes".to_string(),
    }
}

/// The cards a claim pays for a route of `length` (§3.5): `locomotives` locomotives and the
/// rest in `colour`; a `Locomotive` colour pays locomotives only.
fn payment(length: u8, colour: Colour, locomotives: u8) -> String {
    let locos = |n: u8| counted(u32::from(n), "locomotive");
    if colour == Colour::Locomotive {
        return match locomotives == length {
            true => locos(length),
            false => format!("{} ({locomotives} named)", locos(length)),
        };
    }
    let name = colour_name(colour);
    match (length.saturating_sub(locomotives), locomotives) {
        (cards, 0) => format!("{cards} {name}"),
        (0, n) => format!("{} as {name}", locos(n)),
        (cards, n) => format!("{cards} {name} + {}", locos(n)),
    }
}

/// The offered tickets `mask` keeps, by name; a bit past the offer (an illegal keep) by its
/// position.
fn keep(map: &Map, state: &State, seat: Seat, mask: u8) -> String {
    let offer = state.players.get(seat).map_or(&[][..], |p| p.offer());
    let kept: Vec<String> = (0..8)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| match offer.get(bit) {
            Some(&ticket) => ticket_name(map, ticket),
            None => format!("unoffered ticket {}", bit + 1),
        })
        .collect();
    match kept.len() {
        0 => "keeps no ticket".to_string(),
        1 => format!("keeps ticket {}", kept[0]),
        _ => format!("keeps tickets {}", kept.join(", ")),
    }
}

fn ticket_name(map: &Map, ticket: u16) -> String {
    match map.tickets.get(usize::from(ticket)) {
        Some(t) => format!(
            "{}–{}",
            map.cities[usize::from(t.from)],
            map.cities[usize::from(t.to)]
        ),
        None => format!("{ticket}"),
    }
}

/// What chance drew, hidden cards and offers included (replays show every hand).
pub(super) fn event(game: &TicketToRide, event: &ChanceEvent) -> String {
    match event {
        ChanceEvent::Dealt { seat, colour } => {
            format!("seat {seat} drew {}", colour_name(*colour))
        }
        ChanceEvent::FaceUp { slot, colour } => {
            format!("{} face up in slot {slot}", colour_name(*colour))
        }
        ChanceEvent::Reshuffle { cards } => format!(
            "the discard pile ({}) shuffled into the deck",
            counted(u32::from(*cards), "card")
        ),
        ChanceEvent::Tickets { seat, tickets } => {
            let names: Vec<String> = tickets
                .iter()
                .map(|&t| ticket_name(game.map(), t))
                .collect();
            format!("seat {seat} offered tickets {}", names.join(", "))
        }
        ChanceEvent::CoinToss { winner } => format!("a coin toss ranks seat {winner} first"),
    }
}

/// Who is asked what, for the replay page's seat table.
pub(super) fn phase(phase: Phase) -> &'static str {
    match phase {
        Phase::SetupTickets => "keeps tickets of the deal",
        Phase::TurnStart => "to play",
        Phase::SecondCard => "draws a second card",
        Phase::ChooseTickets => "keeps tickets of the offer",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::t2r::{MapName, RuleSet};
    use crate::seed::Rng;
    use rand::SeedableRng;

    fn usa() -> (TicketToRide, State) {
        let game = TicketToRide::new(MapName::Usa, RuleSet::Official, 500);
        let state = game.new_state(Rng::seed_from_u64(1));
        (game, state)
    }

    #[test]
    fn claims_name_the_cities_and_the_cards_paid() {
        let (game, state) = usa();
        let claim = |colour, locomotives| Action::Claim {
            route: 11,
            colour,
            locomotives,
        };
        let say = |action| describe(&game, &state, 0, &action);
        for (colour, locomotives, paid) in [
            (Colour::Orange, 0, "4 orange"),
            (Colour::Black, 1, "3 black + 1 locomotive"),
            (Colour::Locomotive, 4, "4 locomotives"),
            (Colour::Locomotive, 1, "4 locomotives (1 named)"),
            (Colour::Orange, 6, "6 locomotives as orange"),
        ] {
            assert_eq!(
                say(claim(colour, locomotives)),
                format!("claims Denver–Kansas City, {paid}")
            );
        }
        let nowhere = Action::Claim {
            route: 250,
            colour: Colour::Red,
            locomotives: 2,
        };
        assert_eq!(
            say(nowhere),
            "claims route 250, which does not exist, naming red and 2 locomotives"
        );
    }

    #[test]
    fn draws_name_the_card_on_show_and_keeps_the_tickets_offered() {
        let (game, mut state) = usa();
        state.face_up = [Some(Colour::Red), None, None, None, None];
        state.players[1].offer = [0, 6, 1];
        state.players[1].offer_len = 3;
        let say = |state: &State, seat, action| describe(&game, state, seat, &action);
        for (action, said) in [
            (Action::DrawBlind, "draws blind"),
            (Action::DrawSlot(0), "draws face-up red"),
            (Action::DrawSlot(3), "draws face-up slot 3, which is empty"),
            (Action::DrawSlot(9), "draws face-up slot 9, which is empty"),
            (
                Action::DrawColour(Colour::Locomotive),
                "draws face-up locomotive",
            ),
            (Action::DrawTickets, "draws tickets"),
            (Action::Pass, "passes"),
        ] {
            assert_eq!(say(&state, 0, action), said);
        }
        for (kept, said) in [
            (0b011, "keeps tickets Boston–Miami, Denver–El Paso"),
            (0b010, "keeps ticket Denver–El Paso"),
            (0b1001, "keeps tickets Boston–Miami, unoffered ticket 4"),
            (0, "keeps no ticket"),
        ] {
            assert_eq!(say(&state, 1, Action::KeepTickets(kept)), said);
        }
        assert_eq!(
            say(&state, 7, Action::KeepTickets(1)),
            "keeps ticket unoffered ticket 1"
        );
    }

    #[test]
    fn chance_says_what_was_drawn_and_for_whom() {
        let (game, _) = usa();
        let say = |e| event(&game, &e);
        let red = Colour::Red;
        assert_eq!(
            say(ChanceEvent::Dealt {
                seat: 1,
                colour: red
            }),
            "seat 1 drew red"
        );
        assert_eq!(
            say(ChanceEvent::FaceUp {
                slot: 2,
                colour: red
            }),
            "red face up in slot 2"
        );
        assert_eq!(
            say(ChanceEvent::Reshuffle { cards: 23 }),
            "the discard pile (23 cards) shuffled into the deck"
        );
        assert_eq!(
            say(ChanceEvent::Tickets {
                seat: 0,
                tickets: vec![0, 6]
            }),
            "seat 0 offered tickets Boston–Miami, Denver–El Paso"
        );
        assert_eq!(
            say(ChanceEvent::CoinToss { winner: 1 }),
            "a coin toss ranks seat 1 first"
        );
    }
}
