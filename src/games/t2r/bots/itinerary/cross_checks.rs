//! The planner's tuned parts checked against the plain forms they replaced, on random inputs:
//! any answer that differs, a tie rule included, changes the plans and so the games.

use super::*;
use crate::games::t2r::bots::test_support::{usa, view};
use crate::seed::Rng;
use rand::{RngExt, SeedableRng};

/// The nearest-neighbour chain as first written: over city ids, weights read through a
/// closure, a new vector for every start.
fn plain_chain(all: &[u8], cities: u64, between: impl Fn(u8, u8) -> Option<u16>) -> Vec<u8> {
    let link = |a: u8, b: u8| between(a, b).map_or(BREAK, u32::from);
    let mut best: Option<(u32, Vec<u8>)> = None;
    for start in all.iter().copied().filter(|&c| cities & (1 << c) != 0) {
        let mut chain = vec![start];
        let mut left = cities & !(1 << start);
        let mut total = 0u32;
        while left != 0 {
            let here = *chain.last().expect("starts with one city");
            let next = bits(left)
                .min_by_key(|&c| (link(here, c), c))
                .expect("left is not empty");
            total += link(here, next);
            left &= !(1 << next);
            chain.push(next);
        }
        if best.as_ref().is_none_or(|(weight, _)| total < *weight) {
            best = Some((total, chain));
        }
    }
    best.map(|(_, chain)| chain).unwrap_or_default()
}

/// The settled cities as first written: keys as `Option<(distance, id)>` tuples.
fn plain_settled(search: &Paths, ids: &[u8], targets: u64, exhausted: bool) -> u64 {
    let key = |city: u8| search.distance(city).map(|d| (d, city));
    let last = ids
        .iter()
        .filter(|&&c| targets & 1 << c != 0)
        .filter_map(|&c| key(c))
        .max();
    ids.iter()
        .filter(|&&c| key(c).is_some_and(|k| exhausted || last.is_some_and(|last| k <= last)))
        .fold(0, |mask, &c| mask | 1 << c)
}

/// A board where each route is seat 0's, seat 1's or unclaimed at random (half unclaimed), for
/// seat 0.
fn random_board(map: &Map, rng: &mut Rng) -> View {
    let mut v = view(map);
    for owner in v.owners.iter_mut() {
        *owner = [0, 1, UNCLAIMED, UNCLAIMED][rng.random_range(0..4)];
    }
    v
}

/// Random cost matrices between random cities, with many equal links (ties between
/// neighbours and between whole chains) and links with no path.
#[test]
fn best_chain_is_the_plain_nearest_neighbour_chain() {
    let mut rng = Rng::seed_from_u64(32);
    let mut ties = 0;
    for round in 0..20_000 {
        let n = rng.random_range(0..=12usize);
        let mut mask: u64 = 0;
        while (mask.count_ones() as usize) < n {
            mask |= 1 << rng.random_range(0..64u32);
        }
        let ids: Vec<u8> = bits(mask).collect();
        let spread = [2, 3, 10, 1000][round % 4];
        let symmetric = round % 3 != 0;
        let mut weights: Vec<Option<u16>> = (0..n * n)
            .map(|_| (rng.random_range(0..5) != 0).then(|| rng.random_range(0..spread)))
            .collect();
        if symmetric {
            for i in 0..n {
                for j in 0..i {
                    weights[i * n + j] = weights[j * n + i];
                }
            }
        }
        let links: Vec<u32> = weights.iter().map(|w| w.map_or(BREAK, u32::from)).collect();
        let positions: u64 = rng.random::<u64>() & ((1u64 << n) - 1);
        let cities = ids
            .iter()
            .enumerate()
            .filter(|&(i, _)| positions & 1 << i != 0)
            .fold(0u64, |m, (_, &c)| m | 1 << c);
        let at = |city: u8| ids.iter().position(|&c| c == city).expect("a ticket city");
        let plain = plain_chain(&ids, cities, |a, b| weights[at(a) * n + at(b)]);
        let chain = best_chain(&links, n, positions);
        let chain: Vec<u8> = chain
            .positions()
            .iter()
            .map(|&p| ids[usize::from(p)])
            .collect();
        assert_eq!(
            chain, plain,
            "round {round}: {weights:?} over {positions:b}"
        );
        ties += usize::from(spread == 2);
    }
    assert!(ties > 0);
}

/// Searches stopped at random targets on random boards: the same cities count as settled.
#[test]
fn settled_is_the_plain_rule() {
    let map = usa();
    let cities = u8::try_from(map.cities.len()).expect("47 cities");
    let mut rng = Rng::seed_from_u64(33);
    let mut paths = Paths::default();
    for round in 0..2_000 {
        let v = random_board(&map, &mut rng);
        let weights = route_weights(&map, &v, Weighting::FALLBACKS[round % 3]);
        let mut mask: u64 = 0;
        for _ in 0..rng.random_range(1..10) {
            mask |= 1 << rng.random_range(0..cities);
        }
        let ids: Vec<u8> = bits(mask).collect();
        let city = ids[rng.random_range(0..ids.len())];
        let targets = mask & !((2 << city) - 1);
        let exhausted = !paths.search_by(&map, city, targets, &weights);
        assert_eq!(
            settled(&paths, &ids, targets, exhausted),
            plain_settled(&paths, &ids, targets, exhausted),
            "round {round}"
        );
    }
}

/// One `TicketCities` filled again and again for ticket sets of every size on random boards:
/// every weight is the distance a search of its own finds, every path it keeps is that
/// search's path, and rows left from a larger set are never read.
#[test]
fn ticket_cities_are_what_searches_of_their_own_find() {
    let map = usa();
    let mut rng = Rng::seed_from_u64(34);
    let mut cities = TicketCities::default();
    let mut own = Paths::default();
    let mut kept_paths = 0;
    for round in 0..300 {
        let v = random_board(&map, &mut rng);
        let weights = route_weights(&map, &v, Weighting::FALLBACKS[round % 3]);
        let tickets: Vec<u16> = (0..rng.random_range(1..8))
            .map(|_| rng.random_range(0..u16::try_from(map.tickets.len()).expect("few")))
            .collect();
        cities.fill(&map, &tickets, &weights);
        let mut routes = 0;
        for &a in &cities.ids {
            for &b in &cities.ids {
                let reached = own.search_by(&map, a, 1 << b, &weights);
                let distance = if reached { own.distance(b) } else { None };
                assert_eq!(cities.weight(a, b), distance, "round {round}: {a} to {b}");
                let walked: Vec<u8> = match reached {
                    true => own.walk(&map, a, b).collect(),
                    false => Vec::new(),
                };
                if let Some(path) = cities.path(&map, a, b) {
                    assert_eq!(
                        path.collect::<Vec<u8>>(),
                        walked,
                        "round {round}: {a} to {b}"
                    );
                    kept_paths += 1;
                }
                if a < b && reached {
                    routes |= mask_of(&walked);
                }
            }
        }
        assert_eq!(cities.routes, routes, "round {round}");
        let last = *cities.ids.last().expect("a ticket has two cities");
        assert!(
            cities
                .ids
                .iter()
                .all(|&b| cities.path(&map, last, b).is_none())
        );
    }
    assert!(kept_paths > 0);
}

/// Route weights on random boards, for either seat and every weighting: the weighting's for an
/// unclaimed route, 1 for the seat's own, out of the graph for the opponent's, as first
/// written with branches on the owner.
#[test]
fn route_weights_are_the_plain_ones() {
    let map = usa();
    let mut rng = Rng::seed_from_u64(35);
    for round in 0..300 {
        let mut v = random_board(&map, &mut rng);
        v.seat = round % 2;
        let weighting = Weighting::FALLBACKS[round % 3];
        let weights = route_weights(&map, &v, weighting);
        for route in &map.routes {
            let owner = v.owners[usize::from(route.id)];
            let plain = if owner == UNCLAIMED {
                weighting.unclaimed(route.length)
            } else if usize::from(owner) == v.seat {
                1
            } else {
                NOT_IN_GRAPH
            };
            assert_eq!(weights[usize::from(route.id)], plain, "round {round}");
        }
        assert!(
            weights[map.routes.len()..]
                .iter()
                .all(|&w| w == NOT_IN_GRAPH)
        );
    }
}
