//! The leaf estimate of `mcts` in Ticket to Ride: the final score each seat may expect from a
//! position, by the expert's reading of it. The game's own scoring of an unfinished position
//! counts every open ticket as lost, which makes a search shy away from tickets and from
//! drawing cards; this one weighs an open ticket by how much of its shortest path is left
//! against the trains the game still leaves to build it.

use super::path::Paths;
use crate::game::Game;
use crate::games::t2r::scoring::TRAIL_BONUS;
use crate::games::t2r::trail::longest_trail;
use crate::games::t2r::{Colour, State, TicketToRide};

/// Points a card in hand is worth while trains remain to spend it: a card pays about one
/// train of a route, and routes pay 1-2.5 points a train.
const CARD_POINTS: f64 = 0.5;

/// Estimated final scores of both seats: route points; each held ticket at its value times
/// `2q − 1`, where `q` is 1 for a completed ticket, 0 for one the opponent has cut off or whose
/// remaining path is longer than the trains left to the game, and falls linearly in between;
/// cards in hand (as many as trains remain) at [`CARD_POINTS`]; the trail bonus to the longer
/// trail as it stands.
pub fn estimate(game: &TicketToRide, state: &State) -> Vec<f64> {
    let map = game.map();
    let trains = [state.trains(0), state.trains(1)];
    // The game ends soon after either seat runs low, so that bounds what both can still build.
    let left = f64::from(trains[0].min(trains[1]));
    let trails = [0, 1].map(|seat| longest_trail(map, state.owners(), seat));
    let mut paths = Paths::default();
    (0..2)
        .map(|seat| {
            let view = game.view(state, seat);
            let mut score = f64::from(state.route_points(seat));
            for &id in state.tickets(seat) {
                let ticket = &map.tickets[usize::from(id)];
                let points = f64::from(ticket.points);
                let q = match paths.cost(map, &view, ticket) {
                    None => 0.0,
                    Some(0) => 1.0,
                    Some(d) => (1.0 - f64::from(d) / left.max(1.0)).max(0.0),
                };
                score += points * (2.0 * q - 1.0);
            }
            let cards: u8 = state.hand(seat)[..Colour::ALL.len()].iter().sum();
            score += CARD_POINTS * f64::from(cards.min(trains[seat]));
            if trails[seat] >= trails[1 - seat] {
                score += f64::from(TRAIL_BONUS);
            }
            score
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::view::UNCLAIMED;
    use crate::games::t2r::{MapName, RuleSet};
    use crate::seed::{Stream, rng};

    fn game() -> TicketToRide {
        TicketToRide::new(MapName::Usa, RuleSet::Official, 500)
    }

    /// The route between two named cities as an index into `owners`.
    fn route(game: &TicketToRide, a: &str, b: &str) -> usize {
        usize::from(crate::games::t2r::tests::route_between(game, a, b))
    }

    /// A fresh game in which seat 0 holds Denver–El Paso (4 points) and owns Denver–Santa Fe,
    /// both seats with empty hands.
    fn position(game: &TicketToRide) -> State {
        let mut state = game.new_state(rng(1, 0, Stream::Chance));
        let map = game.map();
        let ticket = map
            .tickets
            .iter()
            .position(|t| {
                map.cities[usize::from(t.from)] == "Denver"
                    && map.cities[usize::from(t.to)] == "El Paso"
            })
            .expect("a ticket");
        for player in &mut state.players {
            player.hand = [0; 9];
            player.tickets.clear();
        }
        state.players[0].tickets = vec![u16::try_from(ticket).expect("few")];
        state.owners[route(game, "Denver", "Santa Fe")] = 0;
        state.players[0].trains -= 2;
        state.players[0].route_points = 2;
        state
    }

    #[test]
    fn completing_a_ticket_beats_holding_the_cards_for_it() {
        let game = game();
        let mut holding = position(&game);
        holding.players[0].hand[Colour::Red.index()] = 2;
        let mut completed = position(&game);
        completed.owners[route(&game, "Santa Fe", "El Paso")] = 0;
        completed.players[0].trains -= 2;
        completed.players[0].route_points += 2;
        let (h, c) = (estimate(&game, &holding), estimate(&game, &completed));
        assert!(c[0] > h[0], "{c:?} {h:?}");
        // Completed: 4 route points, the 4-point ticket, the trail bonus (seat 1 has none).
        assert_eq!(c[0], 4.0 + 4.0 + 10.0);
    }

    #[test]
    fn an_open_ticket_counts_more_while_it_can_still_be_built() {
        let game = game();
        let open = position(&game);
        let mut cut = position(&game);
        for other in [
            "Santa Fe",
            "Oklahoma City",
            "Phoenix",
            "Dallas",
            "Houston",
            "Los Angeles",
        ] {
            cut.owners[route(&game, other, "El Paso")] = 1;
        }
        let (o, c) = (estimate(&game, &open), estimate(&game, &cut));
        assert!(o[0] > c[0], "{o:?} {c:?}");
        // An open ticket two trains from done with 43 trains left is nearly won.
        assert!(o[0] > 2.0 + 3.0 + 10.0, "{o:?}");
        assert_ne!(open.owners[route(&game, "Santa Fe", "El Paso")], 0);
        assert_eq!(open.owners[route(&game, "Dallas", "El Paso")], UNCLAIMED);
    }
}
