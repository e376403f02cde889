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

/// The seat's network: adjacency lists of (edge index, other city) over local edge indices.
struct Graph {
    adjacent: Vec<Vec<(u8, u8)>>,
    lengths: Vec<u32>,
}

impl Graph {
    fn new(cities: usize) -> Graph {
        Graph {
            adjacent: vec![Vec::new(); cities],
            lengths: Vec::new(),
        }
    }

    fn add(&mut self, a: u8, b: u8, length: u8) {
        let edge = u8::try_from(self.lengths.len()).expect("at most 128 routes per seat");
        assert!(edge < 128, "the used-route mask holds 128 routes");
        self.lengths.push(u32::from(length));
        self.adjacent[usize::from(a)].push((edge, b));
        self.adjacent[usize::from(b)].push((edge, a));
    }

    fn longest(&self) -> u32 {
        let component = self.components();
        let mut has_odd = vec![false; self.adjacent.len()];
        for (city, edges) in self.adjacent.iter().enumerate() {
            if edges.len() % 2 == 1 {
                has_odd[component[city]] = true;
            }
        }
        let mut started = vec![false; self.adjacent.len()];
        let mut best = 0;
        for (city, edges) in self.adjacent.iter().enumerate() {
            let root = component[city];
            let start = if has_odd[root] {
                edges.len() % 2 == 1
            } else {
                !edges.is_empty() && !std::mem::replace(&mut started[root], true)
            };
            if start {
                best = best.max(self.search(city, 0));
            }
        }
        best
    }

    /// Longest extension from `city` over routes not in `used`.
    fn search(&self, city: usize, used: u128) -> u32 {
        let mut best = 0;
        for &(edge, next) in &self.adjacent[city] {
            let bit = 1u128 << edge;
            if used & bit == 0 {
                let length =
                    self.lengths[usize::from(edge)] + self.search(usize::from(next), used | bit);
                best = best.max(length);
            }
        }
        best
    }

    /// A component label per city (the lowest city of its component).
    fn components(&self) -> Vec<usize> {
        let mut label = vec![usize::MAX; self.adjacent.len()];
        let mut stack = Vec::new();
        for root in 0..self.adjacent.len() {
            if label[root] != usize::MAX {
                continue;
            }
            label[root] = root;
            stack.push(root);
            while let Some(city) = stack.pop() {
                for &(_, next) in &self.adjacent[city] {
                    let next = usize::from(next);
                    if label[next] == usize::MAX {
                        label[next] = root;
                        stack.push(next);
                    }
                }
            }
        }
        label
    }

    /// Reference answer for tests: the same search started from every city.
    #[cfg(test)]
    fn longest_from_every_city(&self) -> u32 {
        (0..self.adjacent.len())
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
