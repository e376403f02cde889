//! The `expert` bot's planner (§5.5 steps 1-3 and 5): one continuous itinerary through the
//! cities of its tickets, built from weighted shortest paths that favour long routes, extended
//! with the longest routes that still fit, and the order in which to claim its routes.
//! Knows the map and one seat's view; nothing about cards or turns.

use super::path::{MAX_CITIES, NOT_IN_GRAPH, Paths};
use super::plan::{MAX_ROUTES, owned_masks};
use crate::games::t2r::maps::{Link, Map, route_points};
use crate::games::t2r::view::{UNCLAIMED, View};
use reuse::{KeptOrder, KeptPlan};
use std::hint::select_unpredictable;
use std::sync::LazyLock;

/// How unclaimed routes are weighted; the bot's own routes always weigh 1 and the opponent's
/// are not in the graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Weighting {
    /// ⌊1000 / (length + points)⌋: 500, 250, 142, 90, 66, 47 for lengths 1-6, so paths made of
    /// long routes are the "shortest".
    #[default]
    Expert,
    /// round(√(w · 142)): the expert weights pulled toward the middle, used when the expert
    /// itinerary needs more trains than the bot has.
    Smoothed,
    /// The length in trains: the last resort, the itinerary with the fewest trains.
    Length,
}

impl Weighting {
    /// The three weightings in the order they are tried (§5.5 step 2.7).
    pub const FALLBACKS: [Weighting; 3] =
        [Weighting::Expert, Weighting::Smoothed, Weighting::Length];

    /// Weight of an unclaimed route of this length.
    pub fn unclaimed(self, length: u8) -> u16 {
        let expert = 1000 / (i32::from(length) + route_points(length));
        let expert = u16::try_from(expert).expect("a weight below 1000");
        match self {
            Weighting::Expert => expert,
            Weighting::Smoothed => {
                let smoothed = (f64::from(expert) * 142.0).sqrt().round();
                // At most √(500 · 142) ≈ 266.
                smoothed as u16
            }
            Weighting::Length => u16::from(length),
        }
    }

    /// [`Weighting::unclaimed`] for every length 0-8, worked out once for the program rather
    /// than for every plan or at every relaxation.
    fn table(self) -> &'static [u16; 9] {
        static TABLES: LazyLock<[[u16; 9]; 3]> = LazyLock::new(|| {
            let mut tables = [[0; 9]; 3];
            for weighting in Weighting::FALLBACKS {
                tables[weighting as usize] = std::array::from_fn(|length| {
                    let length = u8::try_from(length).expect("at most 8");
                    if length == 0 {
                        0
                    } else {
                        weighting.unclaimed(length)
                    }
                });
            }
            tables
        });
        &TABLES[self as usize]
    }
}

/// An added cost for a link between two ticket cities that no path joins (the opponent cut the
/// board), so chains with fewer such breaks are always preferred.
const BREAK: u32 = 1 << 24;

/// One link of the chain: the weighted shortest path between two consecutive ticket cities.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Segment {
    pub from: u8,
    pub to: u8,
    /// Weight of the path; [`Segment::routes`] is empty and the link is a break if `None`.
    pub weight: Option<u16>,
    /// Every route of the path, own ones included, walking from `to` back to `from`.
    pub routes: Vec<u8>,
}

/// The plan for a set of tickets: the chain's segments, the unclaimed routes on them (the core),
/// and the routes that extend the line at its two ends with the trains left over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Itinerary {
    /// The weights the plan was found with.
    pub weighting: Weighting,
    pub segments: Vec<Segment>,
    /// The unclaimed routes of the segments, each once, in segment order.
    pub core: Vec<u8>,
    /// Trains the core needs.
    pub length: u32,
    /// Routes appended at the ends of the line, in the order they were chosen.
    pub extension: Vec<u8>,
    /// Core and extension routes as a mask by `track_id`.
    pub set: u128,
}

impl Itinerary {
    pub fn contains(&self, route: u8) -> bool {
        self.set & (1 << route) != 0
    }

    /// Appends `segment` to the chain, and its unclaimed routes not planned yet to the core.
    fn push_segment(&mut self, map: &Map, view: &View, segment: Segment) {
        for &route in &segment.routes {
            if view.is_unclaimed(usize::from(route)) && !self.contains(route) {
                self.set |= 1 << route;
                self.core.push(route);
                self.length += u32::from(map.routes[usize::from(route)].length);
            }
        }
        self.segments.push(segment);
    }
}

/// The cities of a set of tickets, the path weights between them, and the paths themselves
/// from every city but the last (the one whose row is read off the others' columns). Kept in
/// the [`Planner`] and filled anew for each plan, so a plan allocates none of it.
#[derive(Clone, Debug)]
struct TicketCities {
    /// The city ids, ascending; a city's position here is its position in `links` and `rows`.
    ids: Vec<u8>,
    /// The position in `ids` of each of its cities, by city id.
    index: [u8; MAX_CITIES],
    /// The cost of the link from `ids[i]` to `ids[j]` at `i * ids.len() + j`: the weight of the
    /// path, or [`BREAK`] where no path joins them (above any weight, which is a `u16`).
    links: Vec<u32>,
    /// The search from `ids[i]` at `i`, for every city but the last; rows beyond are left from
    /// earlier plans, to be searched into again.
    rows: Vec<Row>,
    /// Every route of the paths between two of the cities, as a mask by `track_id`.
    routes: u128,
}

impl Default for TicketCities {
    fn default() -> Self {
        TicketCities {
            ids: Vec::new(),
            index: [0; MAX_CITIES],
            links: Vec::new(),
            rows: Vec::new(),
            routes: 0,
        }
    }
}

impl TicketCities {
    /// Fills in the cities of `tickets` and the weights of the shortest paths between every two
    /// of them (§5.5 step 2.2), with the paths. The graph is undirected, so each city's row is
    /// searched only to the cities above it, the rest being earlier rows' columns: each search
    /// stops once those are settled, and the last city's row is not searched. Each search runs
    /// in its row's own [`Paths`], so nothing is copied.
    fn fill(&mut self, map: &Map, tickets: &[u16], by_route: &[u16]) {
        let mut mask: u64 = 0;
        for &ticket in tickets {
            let ticket = &map.tickets[usize::from(ticket)];
            mask |= (1 << ticket.from) | (1 << ticket.to);
        }
        self.ids.clear();
        self.ids.extend(bits(mask));
        let n = self.ids.len();
        for (i, &city) in self.ids.iter().enumerate() {
            self.index[usize::from(city)] = u8::try_from(i).expect("city id < 64");
        }
        self.links.clear();
        self.links.resize(n * n, BREAK);
        let searched = n.saturating_sub(1);
        if self.rows.len() < searched {
            self.rows.resize_with(searched, Row::default);
        }
        self.routes = 0;
        for (i, row) in self.rows[..searched].iter_mut().enumerate() {
            let city = self.ids[i];
            let above = mask & !((2 << city) - 1);
            let exhausted = !row.search.search_by(map, city, above, by_route);
            self.routes |= paths_to(map, &row.search, city, &self.ids[i..]);
            for (j, &other) in self.ids.iter().enumerate().skip(i) {
                let link = row.search.distance(other).map_or(BREAK, u32::from);
                self.links[i * n + j] = link;
                self.links[j * n + i] = link;
            }
            row.settled = settled(&row.search, &self.ids, above, exhausted);
        }
        if let Some(last) = n.checked_sub(1) {
            self.links[last * n + last] = 0;
        }
    }

    /// The weight of the path between two of the cities, `None` if no path joins them.
    fn weight(&self, a: u8, b: u8) -> Option<u16> {
        u16::try_from(self.links[self.at(a, b)]).ok()
    }

    /// The routes of the path from `a` to `b` (joined by a path), walking from `b` back, if
    /// the search from `a` settled `b`.
    fn path<'a>(&'a self, map: &'a Map, a: u8, b: u8) -> Option<impl Iterator<Item = u8> + 'a> {
        let searched = &self.rows[..self.ids.len().saturating_sub(1)];
        let row = searched.get(usize::from(self.index[usize::from(a)]))?;
        (row.settled & 1 << b != 0).then(|| row.search.walk(map, a, b))
    }

    fn at(&self, a: u8, b: u8) -> usize {
        let index = |city: u8| usize::from(self.index[usize::from(city)]);
        index(a) * self.ids.len() + index(b)
    }

    /// The link of the chain from `from` to `to`, weighing `by_route`, with the routes of its
    /// path; a break (no path) has none. The path is the one [`TicketCities::fill`] found if
    /// its search from `from` settled `to`, else a search of its own in `paths`.
    fn segment(&self, map: &Map, paths: &mut Paths, from: u8, to: u8, by_route: &[u16]) -> Segment {
        let weight = self.weight(from, to);
        let mut segment = Segment {
            from,
            to,
            weight,
            routes: Vec::new(),
        };
        if weight.is_some() {
            match self.path(map, from, to) {
                Some(routes) => segment.routes.extend(routes),
                None => {
                    paths.search_by(map, from, 1 << to, by_route);
                    segment.routes.extend(paths.walk(map, from, to));
                }
            }
        }
        segment
    }
}

/// One search of [`TicketCities`]: its path to a city it settled is what a search towards
/// that city with the same weights would find, since a search settles a city's route for good
/// before it goes on. Walked only for the links the chain takes.
#[derive(Clone, Debug, Default)]
struct Row {
    search: Paths,
    /// The ticket cities it settled: those above its city, and any below settled before it
    /// stopped.
    settled: u64,
}

/// The ticket cities `ids` that `search` settled, stopped once the cities of `targets` were
/// (or `exhausted`: all it reached). A search settles cities in the order of (distance, id)
/// and every city waiting comes after the last settled, so a city with a distance is settled
/// when it comes no later than the last target.
fn settled(search: &Paths, ids: &[u8], targets: u64, exhausted: bool) -> u64 {
    // (distance, id) as one number in the same order, plus one; 0 for a city not reached.
    let key = |city: u8| {
        search
            .distance(city)
            .map_or(0, |d| (u32::from(d) << 6 | u32::from(city)) + 1)
    };
    let last = if exhausted {
        u32::MAX
    } else {
        ids.iter()
            .filter(|&&c| targets & 1 << c != 0)
            .map(|&c| key(c))
            .max()
            .unwrap_or(0)
    };
    ids.iter()
        .filter(|&&c| (1..=last).contains(&key(c)))
        .fold(0, |mask, &c| mask | 1 << c)
}

/// The positions in `cities.ids` of the cities of the tickets the opponent has not cut apart
/// (§5.5 step 2.1), as a mask.
fn reachable_cities(map: &Map, tickets: &[u16], cities: &TicketCities) -> u64 {
    let mut reachable: u64 = 0;
    for &ticket in tickets {
        let ticket = &map.tickets[usize::from(ticket)];
        if cities.weight(ticket.from, ticket.to).is_some() {
            let at = |city: u8| cities.index[usize::from(city)];
            reachable |= (1 << at(ticket.from)) | (1 << at(ticket.to));
        }
    }
    reachable
}

/// The planner's scratch space and its last plan and claim order, kept for the whole game.
#[derive(Clone, Debug, Default)]
pub struct Planner {
    paths: Paths,
    cities: TicketCities,
    kept: Option<KeptPlan>,
    kept_order: Option<KeptOrder>,
}

/// Every route's weight by `track_id`, as [`Paths::search_by`] reads them: the `weighting`'s
/// for an unclaimed route, 1 for one of `view`'s seat, [`NOT_IN_GRAPH`] for the opponent's.
/// Worked out once for the many searches of a plan, with selects rather than branches, since
/// which seat owns a route follows no pattern a branch predictor learns.
fn route_weights(map: &Map, view: &View, weighting: Weighting) -> [u16; MAX_ROUTES] {
    let table = weighting.table();
    let mut weights = [NOT_IN_GRAPH; MAX_ROUTES];
    for route in &map.routes {
        let owner = view.owners[usize::from(route.id)];
        let unclaimed = table[usize::from(route.length).min(8)];
        let weight = select_unpredictable(owner == UNCLAIMED, unclaimed, NOT_IN_GRAPH);
        let mine = usize::from(owner) == view.seat;
        weights[usize::from(route.id)] = select_unpredictable(mine, 1, weight);
    }
    weights
}

impl Planner {
    /// The itinerary of `tickets` (map ticket ids) on the board of `view`, with the §5.5
    /// fallbacks: if the expert weights need more trains than the bot has, smoothed weights,
    /// then plain lengths. Tickets whose cities no longer connect are left out. Not extended.
    pub fn itinerary(&mut self, map: &Map, view: &View, tickets: &[u16]) -> Itinerary {
        self.itinerary_traced(map, view, tickets).0
    }

    /// [`Planner::itinerary`], and the routes it rests on: every route of the paths it read
    /// between two ticket cities, with any weighting it tried. An opponent claim elsewhere
    /// changes neither a distance it used nor a path it chose ([`reuse`]).
    fn itinerary_traced(&mut self, map: &Map, view: &View, tickets: &[u16]) -> (Itinerary, u128) {
        let trains = u32::from(view.my_trains());
        let mut plan = Itinerary::default();
        let mut depends = 0;
        for weighting in Weighting::FALLBACKS {
            let (found, read) = self.itinerary_with(map, view, tickets, weighting);
            plan = found;
            depends |= read;
            if plan.length <= trains {
                break;
            }
        }
        (plan, depends)
    }

    /// [`Planner::itinerary`], then extended with the trains left over. The plan of the last
    /// call is reused, exactly, when only opponent claims off the paths it rests on came since
    /// (most claims in a game: [`reuse`] says why nothing else can have changed).
    pub fn extended(&mut self, map: &Map, view: &View, tickets: &[u16]) -> Itinerary {
        let owned = owned_masks(view);
        let mut plan = if let Some(kept) = self.kept.as_mut()
            && kept.holds(view, tickets, owned)
        {
            kept.plan.clone()
        } else {
            let (plan, depends) = self.itinerary_traced(map, view, tickets);
            self.kept = Some(KeptPlan::new(view, tickets, owned, depends, plan.clone()));
            plan
        };
        extend(map, view, &mut plan);
        plan
    }

    /// §5.5 steps 2.1-2.6 with one weighting: the lightest nearest-neighbour chain through the
    /// cities of the tickets still joinable, and the paths between its consecutive cities;
    /// with the routes of every path it read.
    fn itinerary_with(
        &mut self,
        map: &Map,
        view: &View,
        tickets: &[u16],
        weighting: Weighting,
    ) -> (Itinerary, u128) {
        let weights = route_weights(map, view, weighting);
        self.cities.fill(map, tickets, &weights);
        let cities = &self.cities;
        let reachable = reachable_cities(map, tickets, cities);
        let chain = best_chain(&cities.links, cities.ids.len(), reachable);
        let chain = chain.positions();
        let mut plan = Itinerary {
            weighting,
            segments: Vec::with_capacity(chain.len().saturating_sub(1)),
            ..Itinerary::default()
        };
        let mut depends = cities.routes;
        for link in chain.windows(2) {
            let [from, to] = [link[0], link[1]].map(|at| cities.ids[usize::from(at)]);
            let segment = cities.segment(map, &mut self.paths, from, to, &weights);
            depends |= mask_of(&segment.routes);
            plan.push_segment(map, view, segment);
        }
        (plan, depends)
    }

    /// The §5.5 step 5 claim order of the itinerary's routes, highest priority first; ties go
    /// to the longer route, then the lowest `track_id`. A core route's priority is how much
    /// heavier its segment becomes without it (∞ if nothing else joins the segment's ends),
    /// plus 200 for a 6-long route; extension routes have priority 0.
    ///
    /// The order of the last call is reused, exactly, for the same plan when only opponent
    /// claims off the detours it weighed came since ([`reuse`]).
    pub fn claim_order(&mut self, map: &Map, view: &View, plan: &Itinerary) -> Vec<u8> {
        let owned = owned_masks(view);
        if let Some(kept) = self.kept_order.as_mut()
            && kept.holds(view, plan, owned)
        {
            return kept.order.clone();
        }
        let (order, depends) = self.claim_order_traced(map, view, plan);
        self.kept_order = Some(KeptOrder::new(view, plan, owned, depends, order.clone()));
        order
    }

    /// The first route that `claimable` allows in [`Planner::claim_order`]'s order, or `None`:
    /// the claim a build makes. Unless the kept order holds, only the allowed routes are
    /// ranked, since the others' detours cannot change which of them comes first, and a hand
    /// pays a few planned routes at a time.
    pub fn first_in_claim_order(
        &mut self,
        map: &Map,
        view: &View,
        plan: &Itinerary,
        claimable: impl Fn(u8) -> bool,
    ) -> Option<u8> {
        let owned = owned_masks(view);
        if let Some(kept) = self.kept_order.as_mut()
            && kept.holds(view, plan, owned)
        {
            return kept.order.iter().copied().find(|&r| claimable(r));
        }
        let mut weights = route_weights(map, view, plan.weighting);
        let core = plan.core.iter().copied().filter(|&r| claimable(r));
        let core: Vec<(u32, u8)> = core
            .map(|route| (self.priority(map, plan, &mut weights, route).0, route))
            .collect();
        let extension = plan.extension.iter().filter(|&&r| claimable(r));
        core.into_iter()
            .chain(extension.map(|&r| (0, r)))
            .min_by_key(|&ranked| rank(map, ranked))
            .map(|(_, route)| route)
    }

    /// [`Planner::claim_order`] worked out, with the routes of every detour it found.
    fn claim_order_traced(&mut self, map: &Map, view: &View, plan: &Itinerary) -> (Vec<u8>, u128) {
        let mut weights = route_weights(map, view, plan.weighting);
        let mut depends = 0;
        let mut ranked: Vec<(u32, u8)> = Vec::with_capacity(plan.core.len() + plan.extension.len());
        for &route in &plan.core {
            let (priority, detour) = self.priority(map, plan, &mut weights, route);
            depends |= detour;
            ranked.push((priority, route));
        }
        ranked.extend(plan.extension.iter().map(|&r| (0, r)));
        ranked.sort_by_key(|&ranked| rank(map, ranked));
        (
            ranked.into_iter().map(|(_, route)| route).collect(),
            depends,
        )
    }

    /// The claim priority of the core route `route` of `plan`, with the routes of the detour
    /// it found; `weights` are the plan's route weights, given back as they came.
    fn priority(
        &mut self,
        map: &Map,
        plan: &Itinerary,
        weights: &mut [u16; MAX_ROUTES],
        route: u8,
    ) -> (u32, u128) {
        let segment = plan
            .segments
            .iter()
            .find(|s| s.routes.contains(&route))
            .expect("a core route lies on a segment");
        let current = u32::from(segment.weight.expect("a segment with routes has a weight"));
        let kept = std::mem::replace(&mut weights[usize::from(route)], NOT_IN_GRAPH);
        let found = self
            .paths
            .search_by(map, segment.from, 1 << segment.to, weights);
        weights[usize::from(route)] = kept;
        let mut detour = 0;
        let alternative = if found {
            for route in self.paths.walk(map, segment.from, segment.to) {
                detour |= 1 << route;
            }
            self.paths
                .distance(segment.to)
                .map_or(u32::MAX, u32::from)
                .saturating_sub(current)
        } else {
            u32::MAX
        };
        let bonus = if map.routes[usize::from(route)].length == 6 {
            200
        } else {
            0
        };
        (alternative.saturating_add(bonus), detour)
    }
}

/// The sort key of a route and its priority in the claim order: highest priority first, then
/// the longer route, then the lowest `track_id`.
fn rank(
    map: &Map,
    (priority, route): (u32, u8),
) -> (std::cmp::Reverse<u32>, std::cmp::Reverse<u8>, u8) {
    let length = map.routes[usize::from(route)].length;
    (
        std::cmp::Reverse(priority),
        std::cmp::Reverse(length),
        route,
    )
}

/// The routes of the paths the search `row` from `city` found to `cities`, as a mask.
///
/// The paths form a tree: every weight is positive, so each city's route leads back to a city
/// nearer `city`, and no two cities share their route. A walk that meets a route already
/// counted has met a path already walked, and stops there.
fn paths_to(map: &Map, row: &Paths, city: u8, cities: &[u8]) -> u128 {
    let mut routes = 0;
    for &other in cities {
        if row.distance(other).is_none() {
            continue;
        }
        for route in row.walk(map, city, other) {
            if routes & 1 << route != 0 {
                break;
            }
            routes |= 1 << route;
        }
    }
    routes
}

/// The routes in `routes` as a mask by `track_id`.
fn mask_of(routes: &[u8]) -> u128 {
    routes.iter().fold(0, |mask, &route| mask | 1 << route)
}

/// The cities set in a mask, ascending.
fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let city = u8::try_from(mask.trailing_zeros()).expect("city id < 64");
            mask &= mask - 1;
            city
        })
    })
}

/// A chain of positions in [`TicketCities::ids`], kept on the stack.
#[derive(Clone, Copy)]
struct Chain {
    at: [u8; MAX_CITIES],
    len: usize,
}

impl Chain {
    const EMPTY: Chain = Chain {
        at: [0; MAX_CITIES],
        len: 0,
    };

    fn push(&mut self, position: u8) {
        self.at[self.len] = position;
        self.len += 1;
    }

    fn positions(&self) -> &[u8] {
        &self.at[..self.len]
    }
}

/// The nearest-neighbour chain through the positions in the mask `cities` with the smallest
/// total cost: from each start (ascending), repeatedly go to the nearest position not visited
/// (lowest on ties); keep the lightest chain, the lowest start on ties. `links` holds the cost
/// from `a` to `b` at `a * n + b` ([`BREAK`] for a link with no path); positions follow city
/// ids, so the lowest position is the lowest id.
///
/// A start is given up once its chain weighs as much as the lightest so far, since a later
/// chain is kept only if strictly lighter and every link costs at least 0.
fn best_chain(links: &[u32], n: usize, cities: u64) -> Chain {
    let mut best = Chain::EMPTY;
    let mut lightest = u32::MAX;
    let mut chain = Chain::EMPTY;
    'starts: for start in bits(cities) {
        chain.len = 0;
        chain.push(start);
        let mut left = cities & !(1 << start);
        let mut here = usize::from(start);
        let mut total = 0u32;
        while left != 0 {
            let row = &links[here * n..(here + 1) * n];
            // (cost, position) as one number: a cost is at most BREAK (2^24), a position < 64.
            let mut nearest = u32::MAX;
            let mut rest = left;
            while rest != 0 {
                let at = rest.trailing_zeros();
                rest &= rest - 1;
                nearest = nearest.min(row[at as usize] << 6 | at);
            }
            let next = u8::try_from(nearest & 63).expect("a position < 64");
            total += nearest >> 6;
            if total >= lightest {
                continue 'starts;
            }
            left &= !(1 << next);
            chain.push(next);
            here = usize::from(next);
        }
        lightest = total;
        best = chain;
    }
    best
}

/// §5.5 step 3: while trains remain beyond the core's length, append at either end of the line
/// the longest unclaimed route that touches it, is not planned yet and fits (lowest `track_id`
/// on ties).
fn extend(map: &Map, view: &View, plan: &mut Itinerary) {
    assert!(map.routes.len() <= MAX_ROUTES, "route sets are u128 masks");
    let (Some(first), Some(last)) = (plan.segments.first(), plan.segments.last()) else {
        return;
    };
    let mut ends = [first.from, last.to];
    let mut spare = u32::from(view.my_trains()).saturating_sub(plan.length);
    loop {
        let mut best: Option<(u8, u8, usize)> = None;
        for (end, &city) in ends.iter().enumerate() {
            for &Link { route: id, .. } in &map.links_at[usize::from(city)] {
                let length = map.routes[usize::from(id)].length;
                let fits = u32::from(length) <= spare;
                if !fits || !view.is_unclaimed(usize::from(id)) || plan.contains(id) {
                    continue;
                }
                if best.is_none_or(|(l, r, _)| {
                    (length, std::cmp::Reverse(id)) > (l, std::cmp::Reverse(r))
                }) {
                    best = Some((length, id, end));
                }
            }
        }
        let Some((length, id, end)) = best else {
            return;
        };
        plan.set |= 1 << id;
        plan.extension.push(id);
        spare -= u32::from(length);
        ends[end] = map.routes[usize::from(id)].other_end(ends[end]);
    }
}

#[cfg(test)]
mod cross_checks;
mod reuse;
#[cfg(test)]
mod tests;
