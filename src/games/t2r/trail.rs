//! The longest continuous trail (§3.9): the longest walk over one seat's routes that uses no
//! route twice (cities may repeat). Public so bots can evaluate their network from a view.
//!
//! Exact depth-first search with a used-route bit mask. To keep it fast it starts only where a
//! longest trail can start, which is still exact:
//! * an open longest trail uses every route at both of its ends (else it could be extended), so
//!   both ends have odd degree;
//! * a closed longest trail covers its whole component when that component has no odd city (an
//!   unused route touching it could be appended), so any city of the component is a start.
//!
//! Hence: in each connected component, start from its odd-degree cities, or from one city if
//! it has none. Degree-1 cities alone would not do (§3.9); odd degree is the right test.

use super::maps::Map;

/// Cities a map may have (the largest has 47): city sets are `u64` masks.
const MAX_CITIES: usize = 64;
/// Routes one seat may own: the used-route set is a `u128` mask.
const MAX_EDGES: usize = 128;

/// Length in trains of the longest trail of `seat` given route owners per `track_id`.
pub fn longest_trail(map: &Map, owners: &[u8], seat: usize) -> u32 {
    let owned = map
        .routes
        .iter()
        .filter(|r| usize::from(owners[usize::from(r.id)]) == seat);
    let mut graph = Graph::new(map.cities.len());
    for route in owned {
        graph.add(route.a, route.b, route.length);
    }
    graph.longest()
}

/// The seat's network, in fixed arrays on the stack because scoring runs it for both seats
/// of every game: the edges as added, and after [`Graph::link`] each city's (edge, other
/// city) pairs, contiguous, city by city.
struct Graph {
    cities: usize,
    edges: usize,
    ends: [(u8, u8); MAX_EDGES],
    lengths: [u8; MAX_EDGES],
    /// City `c`'s pairs are `adjacent[first[c]..first[c + 1]]`.
    first: [u16; MAX_CITIES + 1],
    adjacent: [(u8, u8); 2 * MAX_EDGES],
}

impl Graph {
    fn new(cities: usize) -> Graph {
        assert!(cities <= MAX_CITIES, "a city set is a u64 mask");
        Graph {
            cities,
            edges: 0,
            ends: [(0, 0); MAX_EDGES],
            lengths: [0; MAX_EDGES],
            first: [0; MAX_CITIES + 1],
            adjacent: [(0, 0); 2 * MAX_EDGES],
        }
    }

    fn add(&mut self, a: u8, b: u8, length: u8) {
        assert!(
            self.edges < MAX_EDGES,
            "the used-route mask holds 128 routes"
        );
        self.ends[self.edges] = (a, b);
        self.lengths[self.edges] = length;
        self.edges += 1;
    }

    /// Fills `first` and `adjacent` from the edges: each city's pairs in the order added.
    fn link(&mut self) {
        let mut degree = [0u8; MAX_CITIES];
        for &(a, b) in &self.ends[..self.edges] {
            degree[usize::from(a)] += 1;
            degree[usize::from(b)] += 1;
        }
        // The running start kept in a register, not read back from `first` city after city.
        let mut next = [0u16; MAX_CITIES];
        let mut start = 0;
        for city in 0..self.cities {
            self.first[city] = start;
            next[city] = start;
            start += u16::from(degree[city]);
        }
        self.first[self.cities] = start;
        for (edge, &(a, b)) in self.ends[..self.edges].iter().enumerate() {
            let edge = u8::try_from(edge).expect("under 128 edges");
            for (here, there) in [(a, b), (b, a)] {
                let slot = &mut next[usize::from(here)];
                self.adjacent[usize::from(*slot)] = (edge, there);
                *slot += 1;
            }
        }
    }

    fn links(&self, city: usize) -> &[(u8, u8)] {
        &self.adjacent[usize::from(self.first[city])..usize::from(self.first[city + 1])]
    }

    fn longest(&mut self) -> u32 {
        self.link();
        let component = self.components();
        let odd = |city: usize| self.links(city).len() % 2 == 1;
        let mut has_odd: u64 = 0;
        for city in (0..self.cities).filter(|&c| odd(c)) {
            has_odd |= 1 << component[city];
        }
        let mut started: u64 = 0;
        let mut best = 0;
        for (city, &label) in component[..self.cities].iter().enumerate() {
            let root = 1u64 << label;
            let start = if has_odd & root != 0 {
                odd(city)
            } else {
                !self.links(city).is_empty() && started & root == 0
            };
            if start {
                started |= root;
                best = best.max(self.search(city, 0));
            }
        }
        best
    }

    /// Longest extension from `city` over routes not in `used`.
    fn search(&self, city: usize, used: u128) -> u32 {
        let mut best = 0;
        for &(edge, next) in self.links(city) {
            let bit = 1u128 << edge;
            if used & bit == 0 {
                let length = u32::from(self.lengths[usize::from(edge)])
                    + self.search(usize::from(next), used | bit);
                best = best.max(length);
            }
        }
        best
    }

    /// A component label per city (the lowest city of its component).
    fn components(&self) -> [u8; MAX_CITIES] {
        const NONE: u8 = u8::MAX;
        let mut label = [NONE; MAX_CITIES];
        let mut stack = [0u8; MAX_CITIES];
        for root in 0..self.cities {
            if label[root] != NONE {
                continue;
            }
            let root = u8::try_from(root).expect("under 64 cities");
            label[usize::from(root)] = root;
            stack[0] = root;
            let mut height = 1;
            while height > 0 {
                height -= 1;
                let city = usize::from(stack[height]);
                for &(_, next) in self.links(city) {
                    if label[usize::from(next)] == NONE {
                        label[usize::from(next)] = root;
                        stack[height] = next;
                        height += 1;
                    }
                }
            }
        }
        label
    }

    /// Reference answer for tests: the same search started from every city.
    #[cfg(test)]
    fn longest_from_every_city(&mut self) -> u32 {
        self.link();
        (0..self.cities)
            .map(|c| self.search(c, 0))
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::RuleSet;
    use crate::games::t2r::maps::MapName;
    use crate::games::t2r::view::UNCLAIMED;
    use rand::{RngExt, SeedableRng};

    fn owners_of(map: &Map, pairs: &[(&str, &str)]) -> Vec<u8> {
        let city = |name: &str| {
            map.cities
                .iter()
                .position(|c| c == name)
                .expect("known city") as u8
        };
        let mut owners = vec![UNCLAIMED; map.routes.len()];
        for (a, b) in pairs {
            let (a, b) = (city(a).min(city(b)), city(a).max(city(b)));
            let route = map
                .routes
                .iter()
                .find(|r| r.a == a && r.b == b)
                .expect("route");
            owners[usize::from(route.id)] = 0;
        }
        owners
    }

    /// Seat 0's longest trail on usa when it owns the routes between `pairs`, and seat 1's
    /// (which owns nothing).
    fn trails_on_usa(pairs: &[(&str, &str)]) -> (u32, u32) {
        let map = Map::load(MapName::Usa, RuleSet::Official);
        let owners = owners_of(&map, pairs);
        (
            longest_trail(&map, &owners, 0),
            longest_trail(&map, &owners, 1),
        )
    }

    #[test]
    fn check_4_branches_give_13() {
        let branches = [
            ("Portland", "Salt Lake City"),
            ("Helena", "Salt Lake City"),
            ("Las Vegas", "Salt Lake City"),
            ("Las Vegas", "Los Angeles"),
            ("Denver", "Salt Lake City"),
            ("Denver", "Kansas City"),
        ];
        assert_eq!(trails_on_usa(&branches), (13, 0));
    }

    #[test]
    fn check_5_two_triangles_give_22() {
        let triangles = [
            ("Vancouver", "Seattle"),
            ("Seattle", "Calgary"),
            ("Calgary", "Vancouver"),
            ("Calgary", "Helena"),
            ("Helena", "Winnipeg"),
            ("Winnipeg", "Calgary"),
        ];
        assert_eq!(trails_on_usa(&triangles), (22, 0));
    }

    #[test]
    fn odd_degree_starts_agree_with_starting_everywhere() {
        let map = Map::load(MapName::Usa, RuleSet::Official);
        let mut rng = crate::seed::Rng::seed_from_u64(5);
        for _ in 0..300 {
            let mut graph = Graph::new(map.cities.len());
            let share = rng.random_range(5..40u32);
            for route in &map.routes {
                if rng.random_range(0..100u32) < share {
                    graph.add(route.a, route.b, route.length);
                }
            }
            assert_eq!(graph.longest(), graph.longest_from_every_city());
        }
    }
}
