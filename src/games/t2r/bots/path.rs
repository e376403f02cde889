//! The §5.0 `path(a, b)` and `cost(ticket)` shared by several bots: Dijkstra over the routes the
//! opponent has not claimed, with the rules file's exact tie rules, so every bot using it picks
//! the same path the contest's bots did. Knows the map and one seat's view, nothing else.
//!
//! Allocation-free: the scratch arrays live in [`Paths`], which a bot keeps for the whole game.

use crate::games::t2r::maps::{Link, Map, Ticket};
use crate::games::t2r::view::{UNCLAIMED, View};

/// Cities a map may have; a city set fits in one `u64` bit mask (the largest map has 47).
pub const MAX_CITIES: usize = 64;

const INFINITE: u16 = u16::MAX;

/// A route weight for [`Paths::search_by`]: the route is not in the graph.
pub const NOT_IN_GRAPH: u16 = u16::MAX;

/// Scratch space for the search, reused between calls.
#[derive(Clone, Debug)]
pub struct Paths {
    dist: [u16; MAX_CITIES],
    /// The route by which each city was last (strictly) improved.
    pred: [u8; MAX_CITIES],
}

impl Default for Paths {
    fn default() -> Self {
        Paths {
            dist: [INFINITE; MAX_CITIES],
            pred: [0; MAX_CITIES],
        }
    }
}

impl Paths {
    /// `path(a, b)`: the unclaimed routes of the shortest path, starting next to `b`, or `None`
    /// if `b` is unreachable. Own routes weigh 0, unclaimed ones their length, and the
    /// opponent's are not in the graph.
    pub fn path<'a>(
        &'a mut self,
        map: &'a Map,
        view: &'a View,
        a: u8,
        b: u8,
    ) -> Option<impl Iterator<Item = u8> + 'a> {
        if !self.search(map, view, a, b) {
            return None;
        }
        Some(
            self.walk(map, a, b)
                .filter(|&r| view.is_unclaimed(usize::from(r))),
        )
    }

    /// Runs the search from `a` until `b` is settled; false if `b` is unreachable. Afterwards
    /// [`Paths::walk`] lists the path.
    pub fn search(&mut self, map: &Map, view: &View, a: u8, b: u8) -> bool {
        let me = u8::try_from(view.seat).expect("seat 0 or 1");
        let owners = &view.owners;
        self.dijkstra::<Buckets>(map, a, 1 << b, |link| {
            let owner = owners[usize::from(link.route)];
            if owner == UNCLAIMED {
                u16::from(link.length)
            } else if owner == me {
                0
            } else {
                NOT_IN_GRAPH
            }
        })
    }

    /// Dijkstra from `a` with any route weights, by `track_id` ([`NOT_IN_GRAPH`]: the route
    /// is left out), until every city of the mask `targets` is settled, or over the whole
    /// graph when it is empty. Returns whether every target was reached (false without
    /// targets). Afterwards [`Paths::distance`] and [`Paths::walk`] read the result for every
    /// settled city, so a caller that reads a few cities stops once they are settled rather
    /// than search the whole map.
    ///
    /// The weights come as a table, worked out once for many searches, since weighing a route
    /// from its owner and length at every relaxation cost more than the search itself.
    ///
    /// Tie rules (§5.0): the unvisited city with the lowest id is taken among equal distances,
    /// and a distance is only replaced on a strict improvement, so the first route found keeps
    /// a city on ties. Distances are `u16`: weights must keep every path below 65,535.
    pub fn search_by(&mut self, map: &Map, a: u8, targets: u64, weights: &[u16]) -> bool {
        self.dijkstra::<Scan>(map, a, targets, |link| weights[usize::from(link.route)])
    }

    /// [`Paths::search_by`] weighing links ([`NOT_IN_GRAPH`]: left out): [`Paths::search`]
    /// needs only the link's length and owner, and reading the route would cost a cache line
    /// per link. `F` keeps the frontier and relaxes the links.
    fn dijkstra<F: Frontier>(
        &mut self,
        map: &Map,
        a: u8,
        targets: u64,
        weight: impl Fn(&Link) -> u16,
    ) -> bool {
        assert!(
            map.cities.len() <= MAX_CITIES,
            "map has more cities than a u64 mask holds"
        );
        // The whole array, a fixed size: cheaper than a call to fill the map's part.
        self.dist = [INFINITE; MAX_CITIES];
        self.dist[usize::from(a)] = 0;
        let mut frontier = F::start(a);
        let mut visited: u64 = 0;
        while let Some(city) = frontier.pop(&self.dist) {
            visited |= 1 << city;
            if targets != 0 && targets & !visited == 0 {
                return true;
            }
            let here = self.dist[usize::from(city)];
            for link in &map.links_at[usize::from(city)] {
                frontier.relax(self, here, link, visited, &weight);
            }
        }
        false
    }

    /// The distance of `city` found by the last search, `None` if it was not reached. Exact
    /// for every city after a search without targets, and for the targets after one with.
    pub fn distance(&self, city: u8) -> Option<u16> {
        let dist = self.dist[usize::from(city)];
        (dist != INFINITE).then_some(dist)
    }

    /// After a search that reached `b`: the cities whose distance is at most `b`'s. They
    /// include every city the search settled (it settles in order of distance and stops at
    /// `b`), so a route with neither end among them was never relaxed, and the same search
    /// with only that route's weight changed runs exactly as this one did.
    pub fn within_target(&self, map: &Map, b: u8) -> u64 {
        let limit = self.dist[usize::from(b)];
        self.dist[..map.cities.len()]
            .iter()
            .enumerate()
            .filter(|&(_, &dist)| dist <= limit)
            .fold(0, |set, (city, _)| set | 1 << city)
    }

    /// Every route of the path found by the last successful search from `a` to `b` (or of any
    /// city a whole-graph search reached), own routes included, walking from `b` back to `a`.
    pub fn walk<'a>(&'a self, map: &'a Map, a: u8, b: u8) -> impl Iterator<Item = u8> + 'a {
        let mut city = b;
        std::iter::from_fn(move || {
            (city != a).then(|| {
                let route = self.pred[usize::from(city)];
                city = map.routes[usize::from(route)].other_end(city);
                route
            })
        })
    }

    /// `cost(ticket)`: total length of the unclaimed routes on `path(from, to)` in file order;
    /// `None` stands for ∞ (unreachable).
    pub fn cost(&mut self, map: &Map, view: &View, ticket: &Ticket) -> Option<u32> {
        let routes = self.path(map, view, ticket.from, ticket.to)?;
        Some(
            routes
                .map(|r| u32::from(map.routes[usize::from(r)].length))
                .sum(),
        )
    }
}

/// The unvisited cities with a finite distance (the others are ∞, so the next to settle is
/// here) and which comes next: the smallest distance, the lowest city id on ties.
trait Frontier {
    /// The frontier holding only `city`, at distance 0.
    fn start(city: u8) -> Self;
    /// Offers `link`, out of a city settled at distance `here` (`visited`: the settled
    /// cities), to the city at its other end, which takes it on a strict improvement only.
    fn relax(
        &mut self,
        paths: &mut Paths,
        here: u16,
        link: &Link,
        visited: u64,
        weight: &impl Fn(&Link) -> u16,
    );
    /// Takes out the next city to settle; `None` when the frontier is empty.
    fn pop(&mut self, dist: &[u16; MAX_CITIES]) -> Option<u8>;
}

/// For any weights: a city set, its minimum found by a scan.
struct Scan(u64);

impl Frontier for Scan {
    fn start(city: u8) -> Self {
        Scan(1 << city)
    }

    /// With no branch on the data, since which way each test goes is a coin toss a branch
    /// predictor misses about half the time: the distance, route and frontier take the offer
    /// or keep their value by selection. Exact without the usual "skip settled cities" test,
    /// because weights are never negative: a settled city's distance is at most `here`, so
    /// no offer improves it strictly. A route out of the graph ([`NOT_IN_GRAPH`],
    /// `u16::MAX`) saturates the sum to `u16::MAX`, which is below no distance either.
    fn relax(
        &mut self,
        paths: &mut Paths,
        here: u16,
        link: &Link,
        _: u64,
        weight: &impl Fn(&Link) -> u16,
    ) {
        let next = usize::from(link.other);
        let candidate = here.saturating_add(weight(link));
        let old = paths.dist[next];
        let better = candidate < old;
        self.0 |= u64::from(better) << next;
        paths.dist[next] = candidate.min(old);
        // All ones on a strict improvement: the new route, else the old one kept.
        let take = 0u8.wrapping_sub(u8::from(better));
        let pred = paths.pred[next];
        paths.pred[next] = pred ^ ((pred ^ link.route) & take);
    }

    /// The minimum of (distance, city) packed in one number, with no branch to mispredict.
    fn pop(&mut self, dist: &[u16; MAX_CITIES]) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let mut bits = self.0;
        let mut best = u32::MAX;
        while bits != 0 {
            let city = bits.trailing_zeros();
            bits &= bits - 1;
            best = best.min(u32::from(dist[city as usize]) << 6 | city);
        }
        let city = u8::try_from(best & 63).expect("city id < 64");
        self.0 &= !(1 << city);
        Some(city)
    }
}

/// Distances a [`Buckets`] frontier spans: more than the longest route (8, §2.2).
const BUCKETS: usize = 16;

/// For weights below [`BUCKETS`], such as route lengths: Dial's bucket queue. Every frontier
/// distance lies within `cursor..cursor + BUCKETS` (the last settled distance plus one
/// route), so each bucket holds the cities of one distance and the first non-empty bucket from
/// `cursor` holds the smallest; its lowest bit is the lowest city id, as [`Scan`] picks.
struct Buckets {
    sets: [u64; BUCKETS],
    /// The distance last settled.
    cursor: usize,
    len: u32,
}

impl Frontier for Buckets {
    fn start(city: u8) -> Self {
        let mut sets = [0; BUCKETS];
        sets[0] = 1 << city;
        Buckets {
            sets,
            cursor: 0,
            len: 1,
        }
    }

    /// With branches, unlike [`Scan`]'s: settled cities are skipped before the route is
    /// weighed (most links lead back, and weighing reads the owner), and the bucket sets live
    /// in memory, where updating them for every link cost more than the mispredictions.
    fn relax(
        &mut self,
        paths: &mut Paths,
        here: u16,
        link: &Link,
        visited: u64,
        weight: &impl Fn(&Link) -> u16,
    ) {
        let city = link.other;
        let next = usize::from(city);
        if visited & (1 << next) != 0 {
            return;
        }
        let weight = weight(link);
        if weight == NOT_IN_GRAPH {
            return;
        }
        let candidate = here + weight;
        let old = paths.dist[next];
        if candidate < old {
            let new = usize::from(candidate);
            assert!(new - self.cursor < BUCKETS, "a weight over the bucket span");
            if old == INFINITE {
                self.len += 1;
            } else {
                self.sets[usize::from(old) % BUCKETS] &= !(1 << city);
            }
            self.sets[new % BUCKETS] |= 1 << city;
            paths.dist[next] = candidate;
            paths.pred[next] = link.route;
        }
    }

    fn pop(&mut self, _: &[u16; MAX_CITIES]) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        while self.sets[self.cursor % BUCKETS] == 0 {
            self.cursor += 1;
        }
        let set = &mut self.sets[self.cursor % BUCKETS];
        let city = u8::try_from(set.trailing_zeros()).expect("city id < 64");
        *set &= *set - 1;
        self.len -= 1;
        Some(city)
    }
}

/// ∞ as a number, for bots that add or compare costs.
pub const INFINITE_COST: u32 = u32::MAX;

#[cfg(test)]
mod exact;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{give_routes, gray_map, usa, view};

    fn path_of(map: &Map, view: &View, a: u8, b: u8) -> Option<Vec<u8>> {
        Paths::default()
            .path(map, view, a, b)
            .map(Iterator::collect)
    }

    /// A diamond 0-1-3 and 0-2-3 where both ways cost 4, plus a dead end 3-4.
    fn diamond() -> Map {
        let routes = [(0, 1, 2), (0, 2, 2), (1, 3, 2), (2, 3, 2), (3, 4, 1)];
        gray_map(5, &routes, &[])
    }

    #[test]
    fn ties_go_through_the_lowest_city_id_and_list_starts_next_to_b() {
        let map = diamond();
        let v = view(&map);
        // 0→3: via 1 (id 1 popped before 2, reaches 3 first; 2's equal offer is not strict).
        assert_eq!(path_of(&map, &v, 0, 3), Some(vec![2, 0]));
        // 3→0 (reverse): 1 is popped before 2 again, so 0 is reached via 1 first.
        assert_eq!(path_of(&map, &v, 3, 0), Some(vec![0, 2]));
    }

    #[test]
    fn own_routes_weigh_zero_and_are_left_out_of_the_list() {
        let map = diamond();
        let mut v = view(&map);
        v.owners[3] = 0; // 2-3 is mine: the path via 2 now costs 2
        assert_eq!(path_of(&map, &v, 0, 3), Some(vec![1]));
        let ticket = Ticket {
            id: 0,
            from: 0,
            to: 4,
            points: 5,
        };
        assert_eq!(Paths::default().cost(&map, &v, &ticket), Some(3));
    }

    #[test]
    fn opponent_routes_are_removed_and_unreachable_is_none() {
        let map = diamond();
        let mut v = view(&map);
        v.owners[0] = 1; // 0-1 is the opponent's
        assert_eq!(path_of(&map, &v, 0, 3), Some(vec![3, 1]));
        v.owners[1] = 1;
        assert_eq!(path_of(&map, &v, 0, 3), None);
        let ticket = Ticket {
            id: 0,
            from: 0,
            to: 4,
            points: 5,
        };
        assert_eq!(Paths::default().cost(&map, &v, &ticket), None);
    }

    #[test]
    fn completed_ticket_costs_zero() {
        let map = diamond();
        let mut v = view(&map);
        give_routes(&mut v, 0, &[0, 2]);
        assert_eq!(path_of(&map, &v, 0, 3), Some(vec![]));
    }

    /// `search`'s bucket queue settles cities in the order of `search_by`'s scan, ties
    /// included, so both find the same paths: random boards where seat 0 owns many routes
    /// (zero weights, so many ties) or few.
    #[test]
    fn buckets_find_the_paths_the_scan_finds() {
        use rand::{RngExt, SeedableRng};
        let map = usa();
        let cities = u8::try_from(map.cities.len()).expect("47 cities");
        let mut rng = crate::seed::Rng::seed_from_u64(11);
        for round in 0..400 {
            let v = random_owners(&map, &mut rng, round % 5, 2);
            let (a, b) = (rng.random_range(0..cities), rng.random_range(0..cities));
            let weights = lengths_for_seat_0(&map, &v);
            let mut scan = Paths::default();
            let reached = scan.search_by(&map, a, 1 << b, &weights);
            let mut buckets = Paths::default();
            assert_eq!(buckets.search(&map, &v, a, b), reached);
            if reached {
                let scanned: Vec<u8> = scan.walk(&map, a, b).collect();
                let bucketed: Vec<u8> = buckets.walk(&map, a, b).collect();
                assert_eq!(bucketed, scanned, "round {round}: {a} to {b}");
            }
        }
    }

    /// A board where each route is seat 0's with `mine` chances in ten, seat 1's with
    /// `theirs`, unclaimed otherwise.
    pub(super) fn random_owners(
        map: &Map,
        rng: &mut crate::seed::Rng,
        mine: u32,
        theirs: u32,
    ) -> View {
        use rand::RngExt;
        let mut v = view(map);
        for owner in v.owners.iter_mut() {
            *owner = match rng.random_range(0..10u32) {
                n if n < mine => 0,
                n if n < mine + theirs => 1,
                _ => UNCLAIMED,
            };
        }
        v
    }

    /// `search`'s weights as a table for `search_by`: own routes 0, unclaimed ones their
    /// length, the opponent's out of the graph.
    pub(super) fn lengths_for_seat_0(map: &Map, v: &View) -> Vec<u16> {
        map.routes
            .iter()
            .map(|r| match v.owners[usize::from(r.id)] {
                UNCLAIMED => u16::from(r.length),
                0 => 0,
                _ => NOT_IN_GRAPH,
            })
            .collect()
    }

    /// A search that stops once a few targets are settled reads the same distances and paths
    /// for them as a search of the whole graph, and says whether it reached them all.
    #[test]
    fn a_search_stopped_at_its_targets_reads_them_as_a_whole_search_does() {
        use rand::{RngExt, SeedableRng};
        let map = usa();
        let cities = u8::try_from(map.cities.len()).expect("47 cities");
        let mut rng = crate::seed::Rng::seed_from_u64(12);
        for round in 0..300 {
            let v = random_owners(&map, &mut rng, 1, 3);
            let weights = lengths_for_seat_0(&map, &v);
            let a = rng.random_range(0..cities);
            let targets: Vec<u8> = (0..4).map(|_| rng.random_range(0..cities)).collect();
            let mask = targets.iter().fold(0u64, |m, &c| m | 1 << c);
            let mut whole = Paths::default();
            assert!(!whole.search_by(&map, a, 0, &weights));
            let mut stopped = Paths::default();
            let all = stopped.search_by(&map, a, mask, &weights);
            assert_eq!(
                all,
                targets.iter().all(|&c| whole.distance(c).is_some()),
                "round {round}"
            );
            for &city in &targets {
                assert_eq!(
                    stopped.distance(city),
                    whole.distance(city),
                    "round {round}"
                );
                if whole.distance(city).is_some() {
                    let a_to = |p: &Paths| p.walk(&map, a, city).collect::<Vec<u8>>();
                    assert_eq!(a_to(&stopped), a_to(&whole), "round {round}: {a} to {city}");
                }
            }
        }
    }

    #[test]
    fn usa_path_is_a_connected_walk_from_b_to_a() {
        let map = usa();
        let v = view(&map);
        // The first ticket of the file: walk the listed routes back from b to a.
        let (a, b) = (map.tickets[0].from, map.tickets[0].to);
        let routes = path_of(&map, &v, a, b).expect("reachable on an empty board");
        let mut city = b;
        for r in &routes {
            city = map.routes[usize::from(*r)].other_end(city);
        }
        assert_eq!(city, a);
        let cost: u32 = routes
            .iter()
            .map(|&r| u32::from(map.routes[usize::from(r)].length))
            .sum();
        assert_eq!(Paths::default().cost(&map, &v, &map.tickets[0]), Some(cost));
    }
}
