//! The search against a plain Dijkstra written the way the rules read (§5.0), on random boards
//! of every shipped map: the fast search selects instead of branching and leaves out the
//! "skip settled cities" test, and these tests hold it to exactly the same distances, routes,
//! stop point and answer.

use super::tests::{lengths_for_seat_0, random_owners};
use super::*;
use crate::games::t2r::RuleSet;
use crate::games::t2r::maps::MapName;
use crate::seed::Rng;
use rand::{RngExt, SeedableRng};

/// What a search leaves behind: every city's distance (`None`: not reached) and the route of
/// its last strict improvement, and whether every target was settled.
struct Found {
    dist: Vec<Option<u32>>,
    pred: Vec<u8>,
    reached: bool,
}

/// Dijkstra from `a` until every city of `targets` is settled (the whole graph without
/// targets); `weight` is `None` for a route out of the graph. The unsettled city with the
/// smallest distance settles next, the lowest id on ties; settled cities are skipped; a
/// distance is only replaced by a strictly smaller one.
fn reference(map: &Map, a: u8, targets: u64, weight: impl Fn(&Link) -> Option<u32>) -> Found {
    let n = map.cities.len();
    let mut found = Found {
        dist: vec![None; n],
        pred: vec![0; n],
        reached: false,
    };
    let mut settled = vec![false; n];
    found.dist[usize::from(a)] = Some(0);
    loop {
        let mut next: Option<(u32, usize)> = None;
        for (city, dist) in found.dist.iter().enumerate() {
            if let (false, Some(d)) = (settled[city], *dist)
                && next.is_none_or(|(best, _)| d < best)
            {
                next = Some((d, city));
            }
        }
        let Some((here, city)) = next else {
            return found;
        };
        settled[city] = true;
        if targets != 0 && (0..n).all(|c| targets & 1 << c == 0 || settled[c]) {
            found.reached = true;
            return found;
        }
        for link in &map.links_at[city] {
            let other = usize::from(link.other);
            if settled[other] {
                continue;
            }
            let Some(w) = weight(link) else { continue };
            if found.dist[other].is_none_or(|d| here + w < d) {
                found.dist[other] = Some(here + w);
                found.pred[other] = link.route;
            }
        }
    }
}

/// A weight table as the reference reads it.
fn by_table(weights: &[u16]) -> impl Fn(&Link) -> Option<u32> + '_ {
    |link| {
        let w = weights[usize::from(link.route)];
        (w != NOT_IN_GRAPH).then_some(u32::from(w))
    }
}

/// The routes from `city` back to `a` by the reference's `pred`.
fn reference_walk(map: &Map, found: &Found, a: u8, mut city: u8) -> Vec<u8> {
    let mut routes = Vec::new();
    while city != a {
        let route = found.pred[usize::from(city)];
        routes.push(route);
        city = map.routes[usize::from(route)].other_end(city);
    }
    routes
}

/// The search left what the reference found: the same answer, the same distance for every
/// city (settled, in the frontier or not reached) and the same walk to every reached city.
fn assert_same(map: &Map, paths: &Paths, reached: bool, want: &Found, a: u8, case: &str) {
    assert_eq!(reached, want.reached, "{case}: answer");
    for (city, want_dist) in (0..).zip(&want.dist) {
        let dist = paths.distance(city).map(u32::from);
        assert_eq!(dist, *want_dist, "{case}: distance of {city}");
        if dist.is_some() {
            let walk: Vec<u8> = paths.walk(map, a, city).collect();
            assert_eq!(
                walk,
                reference_walk(map, want, a, city),
                "{case}: walk to {city}"
            );
        }
    }
}

/// Every map under both rule sets (they differ in one route's length).
fn maps() -> Vec<Map> {
    MapName::ALL
        .into_iter()
        .flat_map(|name| RuleSet::ALL.map(|rules| Map::load(name, rules)))
        .collect()
}

/// A random source, and a random set of one to five targets, or none (the whole graph).
fn source_and_targets(map: &Map, rng: &mut Rng) -> (u8, u64) {
    let cities = u8::try_from(map.cities.len()).expect("at most 64 cities");
    let a = rng.random_range(0..cities);
    let targets = if rng.random_range(0..4) == 0 {
        0
    } else {
        (0..rng.random_range(1..=5)).fold(0, |m, _| m | 1 << rng.random_range(0..cities))
    };
    (a, targets)
}

/// A random weight table of one of three kinds: 0-2 (many ties, zero weights included), the
/// expert planner's weights, or anything up to 1,000; some routes out of the graph.
fn random_weights(map: &Map, rng: &mut Rng, kind: u32) -> Vec<u16> {
    const EXPERT: [u16; 9] = [1, 34, 40, 47, 66, 90, 142, 250, 500];
    map.routes
        .iter()
        .map(|_| match (rng.random_range(0..5), kind) {
            (0, _) => NOT_IN_GRAPH,
            (_, 0) => rng.random_range(0..=2),
            (_, 1) => EXPERT[rng.random_range(0..EXPERT.len())],
            _ => rng.random_range(0..=1000),
        })
        .collect()
}

#[test]
fn search_by_finds_what_a_plain_dijkstra_finds() {
    let mut rng = Rng::seed_from_u64(31);
    let mut paths = Paths::default();
    for map in maps() {
        for round in 0..1500 {
            let weights = random_weights(&map, &mut rng, round % 3);
            let (a, targets) = source_and_targets(&map, &mut rng);
            let want = reference(&map, a, targets, by_table(&weights));
            let reached = paths.search_by(&map, a, targets, &weights);
            let case = format!("{:?} round {round}: {a} to {targets:#x}", map.name);
            assert_same(&map, &paths, reached, &want, a, &case);
        }
    }
}

#[test]
fn search_finds_what_a_plain_dijkstra_finds() {
    let mut rng = Rng::seed_from_u64(32);
    let mut paths = Paths::default();
    for map in maps() {
        let cities = u8::try_from(map.cities.len()).expect("at most 64 cities");
        for round in 0..800 {
            let v = random_owners(&map, &mut rng, round % 6, 2);
            let weights = lengths_for_seat_0(&map, &v);
            let (a, b) = (rng.random_range(0..cities), rng.random_range(0..cities));
            let want = reference(&map, a, 1 << b, by_table(&weights));
            let reached = paths.search(&map, &v, a, b);
            let case = format!("{:?} round {round}: {a} to {b}", map.name);
            assert_same(&map, &paths, reached, &want, a, &case);
        }
    }
}
