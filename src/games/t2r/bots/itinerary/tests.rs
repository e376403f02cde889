//! Hand-built positions with known answers for `itinerary`.

use super::*;
use crate::games::t2r::bots::test_support::{gray_map, usa, view};

#[test]
fn weights_favour_long_routes_and_smoothing_narrows_them() {
    let expert: Vec<u16> = (1..=6).map(|l| Weighting::Expert.unclaimed(l)).collect();
    assert_eq!(expert, [500, 250, 142, 90, 66, 47]);
    let smoothed: Vec<u16> = (1..=6).map(|l| Weighting::Smoothed.unclaimed(l)).collect();
    assert_eq!(smoothed, [266, 188, 142, 113, 97, 82]);
    assert_eq!(Weighting::Length.unclaimed(4), 4);
    assert_eq!(Weighting::Expert.table()[1..7], expert);
    assert_eq!(Weighting::Smoothed.table()[1..7], smoothed);
}

/// Two ways from 0 to 3: two 1-long routes through 1, or two 3-long routes through 2.
/// Ticket 0 is 0→3.
fn diamond() -> Map {
    gray_map(
        4,
        &[(0, 1, 1), (1, 3, 1), (0, 2, 3), (2, 3, 3)],
        &[(0, 3, 9)],
    )
}

#[test]
fn long_routes_are_planned_while_they_fit_then_the_fewest_trains() {
    let map = diamond();
    let mut v = view(&map);
    let mut planner = Planner::default();
    // 142 + 142 beats 500 + 500: six trains for 8 points rather than two for 2.
    let plan = planner.itinerary(&map, &v, &[0]);
    assert_eq!(
        (plan.weighting, plan.core.clone(), plan.length),
        (Weighting::Expert, vec![3, 2], 6)
    );
    // With 5 trains the smoothed weights still prefer the long way (284 < 532), so the
    // plain lengths decide: the short way.
    v.trains[0] = 5;
    let plan = planner.itinerary(&map, &v, &[0]);
    assert_eq!(
        (plan.weighting, plan.core, plan.length),
        (Weighting::Length, vec![1, 0], 2)
    );
}

#[test]
fn opponent_routes_are_avoided_and_own_routes_cost_no_trains() {
    let map = diamond();
    let mut v = view(&map);
    v.owners[2] = 1; // the opponent took 0-2
    let plan = Planner::default().itinerary(&map, &v, &[0]);
    assert_eq!((plan.core, plan.length), (vec![1, 0], 2));
    v.owners[0] = 0; // 0-1 is mine: only 1-3 is left to claim
    let plan = Planner::default().itinerary(&map, &v, &[0]);
    assert_eq!((plan.core, plan.length), (vec![1], 1));
    assert_eq!(plan.segments[0].routes, vec![1, 0]);
    v.owners[1] = 1; // 1-3 taken too: the ticket is cut off and dropped
    let plan = Planner::default().itinerary(&map, &v, &[0]);
    assert!(plan.core.is_empty() && plan.segments.is_empty());
}

#[test]
fn every_usa_ticket_alone_is_planned_in_the_fewest_trains_when_trains_are_short() {
    let map = usa();
    let mut v = view(&map);
    let mut paths = Paths::default();
    let mut planner = Planner::default();
    for ticket in &map.tickets {
        let fewest = paths
            .cost(&map, &v, ticket)
            .expect("reachable on an empty board");
        let fewest = u8::try_from(fewest).expect("short");
        v.trains[0] = 45;
        let roomy = planner.itinerary(&map, &v, &[ticket.id]);
        assert!(roomy.length >= u32::from(fewest), "{ticket:?}");
        v.trains[0] = fewest;
        let tight = planner.itinerary(&map, &v, &[ticket.id]);
        assert_eq!(tight.length, u32::from(fewest), "{ticket:?}");
        // The planned routes join the ticket's cities.
        let segment = &tight.segments[0];
        let mut city = segment.to;
        for &route in &segment.routes {
            city = map.routes[usize::from(route)].other_end(city);
        }
        assert_eq!(city, segment.from);
        assert_eq!(
            [segment.from, segment.to].map(|c| c == ticket.from || c == ticket.to),
            [true, true]
        );
    }
}

#[test]
fn calgary_to_salt_lake_city_goes_through_helena() {
    let map = usa();
    let ticket = map
        .tickets
        .iter()
        .find(|t| {
            [t.from, t.to].map(|c| map.cities[usize::from(c)].as_str())
                == ["Calgary", "Salt Lake City"]
        })
        .expect("a usa ticket");
    let route = |a: &str, b: &str| {
        map.routes
            .iter()
            .find(|r| {
                let names = [r.a, r.b].map(|c| map.cities[usize::from(c)].as_str());
                names == [a, b] || names == [b, a]
            })
            .expect("a usa route")
            .id
    };
    // 4 + 3 trains, weights 90 + 142: both the fewest trains and the lightest path.
    let plan = Planner::default().itinerary(&map, &view(&map), &[ticket.id]);
    assert_eq!(plan.weighting, Weighting::Expert);
    assert_eq!(
        plan.core,
        vec![
            route("Calgary", "Helena"),
            route("Helena", "Salt Lake City")
        ]
    );
    assert_eq!(plan.length, 7);
}

/// A line 0 -2- 1 -3- 2 -1- 3 -4- 4 -5- 5, and a 6-long spur 0-6.
fn line() -> Map {
    let routes = [
        (0, 1, 2),
        (1, 2, 3),
        (2, 3, 1),
        (3, 4, 4),
        (4, 5, 5),
        (0, 6, 6),
    ];
    gray_map(7, &routes, &[(0, 1, 4), (2, 3, 5)])
}

#[test]
fn the_chain_joins_every_ticket_into_one_line_then_extends_its_ends() {
    let map = line();
    let mut v = view(&map);
    // Tickets 0-1 and 2-3: the nearest-neighbour chain 0, 1, 2, 3 also claims 1-2.
    let plan = Planner::default().itinerary(&map, &v, &[0, 1]);
    let links: Vec<(u8, u8)> = plan.segments.iter().map(|s| (s.from, s.to)).collect();
    assert_eq!(links, [(0, 1), (1, 2), (2, 3)]);
    assert_eq!((plan.core, plan.length), (vec![0, 1, 2], 6));
    // 14 trains: 8 spare. The longest route at an end first (0-6, 6 long), then from 3 the
    // 4-long 3-4 no longer fits, and nothing 2 long or less touches the ends.
    v.trains[0] = 14;
    let plan = Planner::default().extended(&map, &v, &[0, 1]);
    assert_eq!(plan.extension, vec![5]);
    // 45 trains: 0-6, then 3-4, then 4-5 from the moved end.
    v.trains[0] = 45;
    let plan = Planner::default().extended(&map, &v, &[0, 1]);
    assert_eq!(plan.extension, vec![5, 3, 4]);
}

/// The planned core for ticket 0 alone on an untouched `map`, and the order its routes are
/// to be claimed in: the two answers the claim-order tests check.
fn core_and_claim_order(map: &Map) -> (Vec<u8>, Vec<u8>) {
    let v = view(map);
    let mut planner = Planner::default();
    let plan = planner.itinerary(map, &v, &[0]);
    let order = planner.claim_order(map, &v, &plan);
    (plan.core, order)
}

#[test]
fn claim_order_puts_irreplaceable_and_six_long_routes_first() {
    // 0 -1- 1 -1- 2 -6- 4, with a detour 1 -2- 3 -2- 2 around the middle route only.
    // Ticket 0→4.
    let map = gray_map(
        5,
        &[(0, 1, 1), (1, 2, 1), (1, 3, 2), (3, 2, 2), (2, 4, 6)],
        &[(0, 4, 10)],
    );
    // The detour weighs 250 + 250, as much as 1-2: the route found first is kept.
    // 2-4 and 0-1 have no alternative (∞), 2-4 is longer; 1-2 has an equal detour
    // (priority 0): last.
    assert_eq!(core_and_claim_order(&map), (vec![4, 1, 0], vec![4, 0, 1]));
}

#[test]
fn six_long_routes_get_200_more() {
    // Ticket 0→3 over 0 -6- 1 -2- 3. Without 0-1: 0 -5- 2 -5- 1, 132 instead of 47, so 85
    // + 200. Without 1-3: 1 -2- 4 -3- 3, 392 instead of 250, so 142.
    let map = gray_map(
        5,
        &[
            (0, 1, 6),
            (1, 3, 2),
            (0, 2, 5),
            (2, 1, 5),
            (1, 4, 2),
            (4, 3, 3),
        ],
        &[(0, 3, 10)],
    );
    assert_eq!(core_and_claim_order(&map), (vec![1, 0], vec![0, 1]));
}

/// The plan and claim order of a planner kept through a game's claims are those of a fresh
/// planner at every step, every segment is the path a search of its own finds (whether read
/// off a ticket city's search or not), and a build's claim is the first it may make in order.
#[test]
fn kept_plans_and_orders_are_what_a_fresh_planner_finds() {
    use crate::seed::{Stream, rng};
    use rand::RngExt;
    let map = usa();
    for seed in 0..6 {
        let mut random = rng(seed, 0, Stream::Chance);
        let mut v = view(&map);
        v.seat = usize::try_from(seed % 2).expect("a seat");
        let tickets: Vec<u16> = (0..3)
            .map(|_| u16::try_from(random.random_range(0..map.tickets.len())).expect("few"))
            .collect();
        let mut kept = Planner::default();
        let mut reused = 0;
        for _ in 0..60 {
            let open: Vec<usize> = (0..map.routes.len())
                .filter(|&r| v.is_unclaimed(r))
                .collect();
            let route = open[random.random_range(0..open.len())];
            let seat = random.random_range(0..2u8);
            let length = map.routes[route].length;
            if v.trains[usize::from(seat)] < length {
                continue;
            }
            v.owners[route] = seat;
            v.trains[usize::from(seat)] -= length;
            let holds = kept
                .kept
                .clone()
                .is_some_and(|mut k| k.holds(&v, &tickets, owned_masks(&v)));
            reused += usize::from(holds);
            let plan = kept.extended(&map, &v, &tickets);
            let mut fresh = Planner::default();
            assert_eq!(plan, fresh.extended(&map, &v, &tickets), "seed {seed}");
            let order = kept.claim_order(&map, &v, &plan);
            assert_eq!(order, fresh.claim_order(&map, &v, &plan), "seed {seed}");
            // A build that ranks only the routes a hand pays claims the first of them in order.
            let pays = |r: u8| (usize::from(r) * 7 + usize::from(v.trains[0])) % 3 != 0;
            assert_eq!(
                Planner::default().first_in_claim_order(&map, &v, &plan, pays),
                order.iter().copied().find(|&r| pays(r)),
                "seed {seed}"
            );
            let weights = route_weights(&map, &v, plan.weighting);
            for segment in &plan.segments {
                let mut paths = Paths::default();
                if paths.search_by(&map, segment.from, 1 << segment.to, &weights) {
                    let own: Vec<u8> = paths.walk(&map, segment.from, segment.to).collect();
                    assert_eq!(segment.routes, own, "seed {seed}");
                    assert_eq!(segment.weight, paths.distance(segment.to), "seed {seed}");
                } else {
                    assert!(segment.routes.is_empty() && segment.weight.is_none());
                }
            }
        }
        assert!(reused > 0, "seed {seed}: the plan was never kept");
    }
}

/// A kept plan holds through an opponent claim off its paths, and not through one on them,
/// an own claim or other tickets.
#[test]
fn a_kept_plan_holds_only_through_opponent_claims_off_its_paths() {
    let map = line();
    let mut v = view(&map);
    let mut planner = Planner::default();
    let plan = planner.extended(&map, &v, &[0]);
    let owned = |v: &View| owned_masks(v);
    let on_path = plan.segments[0].routes[0];
    let off_path = (0..map.routes.len())
        .map(|r| u8::try_from(r).expect("few routes"))
        .find(|&r| mask_of(&plan.segments[0].routes) & 1 << r == 0)
        .expect("a route off the path");
    let kept = planner.kept.as_mut().expect("kept");
    v.owners[usize::from(off_path)] = 1;
    assert!(kept.holds(&v, &[0], owned(&v)));
    assert!(!kept.holds(&v, &[0, 1], owned(&v)));
    let mut theirs = v.clone();
    theirs.owners[usize::from(on_path)] = 1;
    assert!(!kept.holds(&theirs, &[0], owned(&theirs)));
    let mut mine = v.clone();
    mine.owners[usize::from(on_path)] = 0;
    mine.trains[0] -= map.routes[usize::from(on_path)].length;
    assert!(!kept.holds(&mine, &[0], owned(&mine)));
    assert!(kept.holds(&v, &[0], owned(&v)));
}
