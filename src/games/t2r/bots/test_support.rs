//! Hand-built positions for the bots' unit tests: an empty board to draw routes on, and a view
//! of an untouched game that a test then edits to the position it needs.

use crate::games::t2r::maps::{Map, MapName, Route, Ticket, link};
use crate::games::t2r::view::{UNCLAIMED, View};
use crate::games::t2r::{Colour, Phase, RuleSet};

pub(in crate::games::t2r) use crate::games::t2r::tests::face_up;

/// The track colours of a gray route in `build_map` rows, shared by every bot's test boards.
pub const GRAY: &[Colour] = &[Colour::Locomotive];

/// A board with `cities` cities and no routes or tickets; tests add what they need.
pub fn small_map(cities: usize) -> Map {
    Map {
        name: MapName::Small,
        cities: (0..cities).map(|c| c.to_string()).collect(),
        routes: Vec::new(),
        tickets: Vec::new(),
        links_at: vec![Vec::new(); cities],
        trains_per_player: 45,
    }
}

pub fn usa() -> Map {
    Map::load(MapName::Usa, RuleSet::Official)
}

/// Seat 0 at an `official` turn start on `map`: nothing claimed, empty hand, 45 trains each,
/// a full deck and a face-up row of five different colours (no locomotive).
pub fn view(map: &Map) -> View {
    View {
        seat: 0,
        rules: RuleSet::Official,
        phase: Phase::TurnStart,
        turns_taken: [3, 3],
        hand: [0; 9],
        tickets: Vec::new(),
        offer: Vec::new(),
        min_keep: 0,
        owners: vec![UNCLAIMED; map.routes.len()],
        face_up: [
            Some(Colour::Purple),
            Some(Colour::White),
            Some(Colour::Blue),
            Some(Colour::Yellow),
            Some(Colour::Orange),
        ],
        deck_len: 80,
        discard: [0; 9],
        ticket_pile_len: 20,
        trains: [45, 45],
        hand_sizes: [0, 0],
        tickets_held: [0, 0],
        route_points: [0, 0],
        opponent_known: [0; 9],
        final_round: false,
        first_card: None,
    }
}

/// Sets the hand from (colour, count) pairs.
pub fn hand(pairs: &[(Colour, u8)]) -> [u8; 9] {
    let mut hand = [0; 9];
    for &(colour, count) in pairs {
        hand[colour.index()] = count;
    }
    hand
}

/// A board from (city a, city b, length, track colours) rows in map order, plus tickets as
/// (from, to, points). `Locomotive` as a track colour means gray.
pub fn build_map(
    cities: usize,
    routes: &[(u8, u8, u8, &[Colour])],
    tickets: &[(u8, u8, i32)],
) -> Map {
    let mut map = small_map(cities);
    for (index, &(a, b, length, colours)) in routes.iter().enumerate() {
        let id = u8::try_from(index).expect("few routes");
        let route = Route {
            id,
            a: a.min(b),
            b: a.max(b),
            length,
            colours: colours.to_vec(),
        };
        link(&mut map.links_at, &route);
        map.routes.push(route);
    }
    for (index, &(from, to, points)) in tickets.iter().enumerate() {
        map.tickets.push(Ticket {
            id: u16::try_from(index).expect("few tickets"),
            from,
            to,
            points,
        });
    }
    map
}

/// A board like `build_map` whose routes, (city a, city b, length) rows, are all gray: the
/// planners' tests only care about lengths, so their boards need no colours.
pub fn gray_map(cities: usize, routes: &[(u8, u8, u8)], tickets: &[(u8, u8, i32)]) -> Map {
    let routes: Vec<_> = routes.iter().map(|&(a, b, l)| (a, b, l, GRAY)).collect();
    build_map(cities, &routes, tickets)
}

/// A line of cities 0-1-2-… with no tickets, one route a step from (length, track colours)
/// rows in order: the shape of several bots' test boards.
pub fn chain_map(steps: &[(u8, &[Colour])]) -> Map {
    let routes: Vec<_> = (0..)
        .zip(steps)
        .map(|(a, &(length, colours))| (a, a + 1, length, colours))
        .collect();
    build_map(steps.len() + 1, &routes, &[])
}

/// The ids of the routes of `length` on `map`, in map order: tests that pay for routes of one
/// length pick theirs from this list.
pub fn routes_of_length(map: &Map, length: u8) -> Vec<u8> {
    map.routes
        .iter()
        .filter(|r| r.length == length)
        .map(|r| r.id)
        .collect()
}

/// Gives every route of `routes` to `seat` in the view: how tests mark what is built.
pub fn give_routes(v: &mut View, seat: u8, routes: &[usize]) {
    for &route in routes {
        v.owners[route] = seat;
    }
}
