//! Cards a set of planned routes asks for: the colour each route will be paid with and what
//! the hand still lacks. Used by `expert` to draw toward its plan and to see when its hand
//! already pays the whole plan.

use crate::games::t2r::Colour;
use crate::games::t2r::maps::{Map, Route};

/// Cards of each kind (indexed by `Colour::index()`) a set of routes needs.
pub type Demand = [u32; 9];

/// The demand of the coloured routes among `routes` (gray ones are left out). A double route
/// asks for the colour the hand holds more of after the single-colour routes are counted, the
/// lower code on ties.
pub fn coloured_demand(
    map: &Map,
    routes: impl Iterator<Item = u8> + Clone,
    hand: &[u8; 9],
) -> Demand {
    let mut demand = [0; 9];
    let coloured = routes
        .map(|r| &map.routes[usize::from(r)])
        .filter(|r| !r.is_gray());
    for route in coloured.clone().filter(|r| !r.is_double()) {
        demand[route.colours[0].index()] += u32::from(route.length);
    }
    for route in coloured.filter(|r| r.is_double()) {
        let colour = roomiest(&route.colours, &demand, hand);
        demand[colour.index()] += u32::from(route.length);
    }
    demand
}

/// [`coloured_demand`] plus the gray routes, longest first, each given the card colour with the
/// most cards to spare at that point (lowest code on ties).
pub fn full_demand(map: &Map, routes: impl Iterator<Item = u8> + Clone, hand: &[u8; 9]) -> Demand {
    let mut demand = coloured_demand(map, routes.clone(), hand);
    let mut gray: Vec<&Route> = routes
        .map(|r| &map.routes[usize::from(r)])
        .filter(|r| r.is_gray())
        .collect();
    gray.sort_by_key(|r| (std::cmp::Reverse(r.length), r.id));
    for route in gray {
        let colour = roomiest(&Colour::CARD_COLOURS, &demand, hand);
        demand[colour.index()] += u32::from(route.length);
    }
    demand
}

/// The colour among `colours` with the most cards in hand beyond `demand` (lowest code on ties).
fn roomiest(colours: &[Colour], demand: &Demand, hand: &[u8; 9]) -> Colour {
    let spare = |k: Colour| i64::from(hand[k.index()]) - i64::from(demand[k.index()]);
    let mut best = colours[0];
    for &k in &colours[1..] {
        if spare(k) > spare(best) {
            best = k;
        }
    }
    best
}

/// Card colours the hand holds fewer of than `demand` asks.
pub fn is_missing(demand: &Demand, hand: &[u8; 9], colour: Colour) -> bool {
    u32::from(hand[colour.index()]) < demand[colour.index()]
}

/// Whether the hand pays a whole demand at once: what the card colours lack, locomotives cover.
pub fn pays(demand: &Demand, hand: &[u8; 9]) -> bool {
    let lacking: u32 = Colour::CARD_COLOURS
        .iter()
        .map(|k| demand[k.index()].saturating_sub(u32::from(hand[k.index()])))
        .sum();
    lacking <= u32::from(hand[Colour::Locomotive.index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{GRAY, chain_map, hand};

    /// Red 3, Blue/Green 2, gray 4, gray 2.
    fn board() -> Map {
        chain_map(&[
            (3, &[Colour::Red]),
            (2, &[Colour::Blue, Colour::Green]),
            (4, GRAY),
            (2, GRAY),
        ])
    }

    #[test]
    fn double_routes_take_the_colour_with_room_and_gray_is_left_out() {
        let map = board();
        let h = hand(&[(Colour::Green, 2)]);
        let d = coloured_demand(&map, 0..4, &h);
        assert_eq!(d[Colour::Red.index()], 3);
        assert_eq!(d[Colour::Green.index()], 2);
        assert_eq!(d[Colour::Blue.index()], 0);
        assert!(is_missing(&d, &h, Colour::Red));
        assert!(!is_missing(&d, &h, Colour::Green));
        // No cards: Blue (the lower code) on the tie.
        let d = coloured_demand(&map, 0..4, &[0; 9]);
        assert_eq!(d[Colour::Blue.index()], 2);
    }

    #[test]
    fn gray_routes_go_to_the_biggest_spare_pile_and_locomotives_cover_the_rest() {
        let map = board();
        let h = hand(&[
            (Colour::Red, 3),
            (Colour::Green, 2),
            (Colour::Yellow, 5),
            (Colour::Locomotive, 1),
        ]);
        // Gray 4 goes to Yellow (5 spare), gray 2 to Yellow again (1 spare, more than the
        // others' 0): Yellow lacks 1, which the locomotive covers.
        let d = full_demand(&map, 0..4, &h);
        assert_eq!(d[Colour::Yellow.index()], 6);
        assert!(pays(&d, &h));
        let h = hand(&[(Colour::Red, 3), (Colour::Green, 2), (Colour::Yellow, 5)]);
        assert!(!pays(&full_demand(&map, 0..4, &h), &h));
    }
}
