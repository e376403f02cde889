//! The routes on the `path` of each held ticket, cached between decisions and recomputed only
//! where they could have changed.
//!
//! Why the cache is exact:
//! * Claims only ever grow and every claim costs its claimer a train, so unchanged (trains of
//!   both seats, tickets held) means nothing changed.
//! * A completed ticket stays completed (own routes are never lost) and an unreachable one stays
//!   unreachable (own claims add no edge), so neither is searched again.
//! * An opponent claim off a ticket's current path leaves that path as it is: distances on the
//!   path are unchanged, the cities whose distance grew are settled later, and among the routes
//!   that reach a path city at its distance the first one relaxed is still the same one.
//! * An own claim on the path leaves it as it is too. The claimed route u-v weighs 0 instead of
//!   its length L, and the search runs as before until u is settled. After that the path's
//!   cities past v are exactly L closer, every way that reaches one at its new distance runs
//!   through the claim, and the routes that reach it there are among those that reached it at
//!   its old distance. Among these cities, all L closer, the order of settling changes only in
//!   that a city reached before through a way off the claim may come later, never a path city
//!   earlier; so the first route relaxed into each path city is still the path's own. The test
//!   below holds this against a fresh search at every step of thousands of random claims.
//! * A claim with neither end within the target's distance in the last search (see
//!   [`Paths::within_target`]) was never relaxed there: the search would run exactly the same,
//!   so the path stays, and so does that set, unless the other rules kept the path from a
//!   search that ran differently.
//! * Any other own claim lowers a weight where the search looked, which can change the path,
//!   so that ticket is searched again.

use super::path::{INFINITE_COST, Paths};
use super::tickets::MAX_OFFER;
use crate::games::t2r::maps::{Map, Ticket};
use crate::games::t2r::view::{UNCLAIMED, View};

/// Route sets fit in one `u128` mask: the largest map has 90 routes.
pub const MAX_ROUTES: usize = 128;

/// One held ticket's path.
#[derive(Clone, Debug, Default)]
struct TicketPath {
    /// False until the first search.
    searched: bool,
    /// Completed or unreachable: it never contributes again.
    settled: bool,
    /// Every route of the path, own ones included.
    chain: u128,
    /// The cities within the target's distance in the search that found `chain`, while a search
    /// on today's board would run exactly as that one did; [`UNKNOWN_REACH`] once it would not.
    reach: u64,
    /// The unclaimed routes of the path, from the ticket's second city.
    routes: Vec<u8>,
}

/// Every city: the search that found a path is no longer known to run the same today.
const UNKNOWN_REACH: u64 = u64::MAX;

impl TicketPath {
    /// Searches the path afresh on today's board.
    fn search(&mut self, paths: &mut Paths, map: &Map, view: &View, ticket: &Ticket) {
        self.searched = true;
        self.routes.clear();
        self.chain = 0;
        if !paths.search(map, view, ticket.from, ticket.to) {
            self.settled = true;
            return;
        }
        for route in paths.walk(map, ticket.from, ticket.to) {
            self.chain |= 1 << route;
            if view.is_unclaimed(usize::from(route)) {
                self.routes.push(route);
            }
        }
        self.reach = paths.within_target(map, ticket.to);
        self.settled = self.routes.is_empty();
    }

    /// `cost(ticket)` as [`Paths::cost`] gives it, from the last search: the length of the
    /// unclaimed routes, [`INFINITE_COST`] when unreachable (no path, so no route in `chain`).
    fn cost(&self, map: &Map) -> u32 {
        match self.chain {
            0 => INFINITE_COST,
            _ => self
                .routes
                .iter()
                .map(|&route| u32::from(map.routes[usize::from(route)].length))
                .sum(),
        }
    }

    /// Whether the path still holds after the claims since the last refresh (`mine`, `theirs`),
    /// by the rules in this module's comment; if so its unclaimed routes are brought up to date.
    fn keep(&mut self, map: &Map, mine: u128, theirs: u128) -> bool {
        let mine_off = mine & !self.chain;
        if theirs & self.chain != 0 || ends(map, mine_off) & self.reach != 0 {
            return false;
        }
        // Off the reach, a claim changes nothing the search saw; anything else changes its run.
        if ends(map, theirs) & self.reach != 0 || mine & self.chain != 0 {
            self.reach = UNKNOWN_REACH;
        }
        self.routes.retain(|&route| mine & 1 << route == 0);
        self.settled = self.routes.is_empty();
        true
    }
}

/// The cities at either end of the routes in `routes`.
fn ends(map: &Map, routes: u128) -> u64 {
    let mut cities = 0;
    let mut rest = routes;
    while rest != 0 {
        let route = &map.routes[rest.trailing_zeros() as usize];
        cities |= 1 << route.a | 1 << route.b;
        rest &= rest - 1;
    }
    cities
}

#[derive(Clone, Debug, Default)]
pub struct TicketPlan {
    key: Option<([u8; 2], usize)>,
    /// Routes owned by each seat at the last refresh.
    owned: [u128; 2],
    tickets: Vec<TicketPath>,
    /// Unclaimed routes on the path of each held ticket, in ticket order then path order (from
    /// the ticket's second city), each route once; unreachable tickets contribute nothing.
    pub routes: Vec<u8>,
    /// The same routes as a bit mask by `track_id`.
    pub set: u128,
    /// The paths of the tickets of the last offer, by ticket, and the routes each seat owned
    /// then: a ticket kept from it starts from that path instead of a second search.
    offered: Vec<(u16, TicketPath)>,
    offered_owned: [u128; 2],
}

impl TicketPlan {
    /// Recomputes the plan if a claim or a ticket arrived since the last call; returns whether
    /// it did, so callers can refresh what they derive from it.
    pub fn refresh(&mut self, paths: &mut Paths, map: &Map, view: &View) -> bool {
        let key = (view.trains, view.tickets.len());
        if self.key == Some(key) {
            return false;
        }
        assert!(
            map.routes.len() <= MAX_ROUTES,
            "map has more routes than a u128 mask holds"
        );
        self.key = Some(key);
        let owned = owned_masks(view);
        let me = view.seat;
        let my_new = owned[me] & !self.owned[me];
        let their_new = owned[1 - me] & !self.owned[1 - me];
        self.owned = owned;
        self.tickets
            .resize_with(view.tickets.len(), TicketPath::default);
        let since_offer = [0, 1].map(|seat| owned[seat] & !self.offered_owned[seat]);
        for (entry, &ticket) in self.tickets.iter_mut().zip(&view.tickets) {
            if !entry.searched
                && let Some(at) = self.offered.iter().position(|&(id, _)| id == ticket)
            {
                *entry = self.offered.swap_remove(at).1;
                if entry.settled || entry.keep(map, since_offer[me], since_offer[1 - me]) {
                    continue;
                }
            } else if entry.settled || (entry.searched && entry.keep(map, my_new, their_new)) {
                continue;
            }
            entry.search(paths, map, view, &map.tickets[usize::from(ticket)]);
        }
        self.offered.clear();
        self.routes.clear();
        self.set = 0;
        for route in self.tickets.iter().flat_map(|t| &t.routes) {
            if self.set & (1 << route) == 0 {
                self.set |= 1 << route;
                self.routes.push(*route);
            }
        }
        true
    }

    /// `cost` of each offered ticket, in offer order; ∞ is [`INFINITE_COST`]. Remembers their
    /// paths for the refresh after the choice.
    pub fn offer_costs(
        &mut self,
        paths: &mut Paths,
        map: &Map,
        view: &View,
    ) -> ([u32; MAX_OFFER], usize) {
        self.offered_owned = owned_masks(view);
        self.offered.resize_with(view.offer.len(), Default::default);
        let mut costs = [0; MAX_OFFER];
        let offer = costs.iter_mut().zip(&view.offer).zip(&mut self.offered);
        for ((cost, &ticket), (id, path)) in offer {
            *id = ticket;
            path.search(paths, map, view, &map.tickets[usize::from(ticket)]);
            *cost = path.cost(map);
        }
        (costs, view.offer.len().min(MAX_OFFER))
    }

    pub fn contains(&self, route: u8) -> bool {
        self.set & (1 << route) != 0
    }
}

/// The routes each seat owns, as masks. Reads the owners eight at a time: a branch per route
/// mispredicts on a half-claimed board, and this runs at every refresh.
pub fn owned_masks(view: &View) -> [u128; 2] {
    let mut owned = [0u128; 2];
    let mut words = view.owners.chunks_exact(8);
    let mut first = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight owners"));
        owned[0] |= u128::from(bytes_equal(word, 0)) << first;
        owned[1] |= u128::from(bytes_equal(word, 1)) << first;
        first += 8;
    }
    for (route, &owner) in (first..).zip(words.remainder()) {
        if owner != UNCLAIMED {
            owned[usize::from(owner)] |= 1 << route;
        }
    }
    owned
}

/// A bit for each byte of `word` equal to `byte`: byte i gives bit i.
fn bytes_equal(word: u64, byte: u8) -> u8 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let diff = word ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    // A byte's top bit ends up set where the byte is not zero, with no carry into the next.
    let nonzero = ((diff & LOW7) + LOW7) | diff;
    let equal = (!nonzero & !LOW7) >> 7;
    // The multiplication gathers bit 8i into bit 56 + i.
    u8::try_from(equal.wrapping_mul(0x0102_0408_1020_4080) >> 56).expect("one byte")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::RuleSet;
    use crate::games::t2r::bots::test_support::view;
    use crate::games::t2r::maps::MapName;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn owned_masks_read_every_owner() {
        let mut rng = crate::seed::Rng::seed_from_u64(3);
        for routes in [0, 5, 8, 90, 128] {
            let mut v = view(&crate::games::t2r::bots::test_support::small_map(2));
            v.owners = (0..routes)
                .map(|_| [0, 1, UNCLAIMED][rng.random_range(0..3)])
                .collect();
            let mut want = [0u128; 2];
            for (route, &owner) in v.owners.iter().enumerate() {
                if owner != UNCLAIMED {
                    want[usize::from(owner)] |= 1 << route;
                }
            }
            assert_eq!(owned_masks(&v), want, "{routes} routes");
        }
    }

    /// Offers up to three tickets not held, checks their costs against [`Paths::cost`] and
    /// keeps some of them, as a ticket choice does.
    fn choose(plan: &mut TicketPlan, map: &Map, v: &mut View, rng: &mut crate::seed::Rng) {
        let tickets = u16::try_from(map.tickets.len()).expect("few tickets");
        v.offer.clear();
        for _ in 0..3 {
            let ticket = rng.random_range(0..tickets);
            if !v.tickets.contains(&ticket) && !v.offer.contains(&ticket) {
                v.offer.push(ticket);
            }
        }
        if v.offer.is_empty() {
            return;
        }
        let (costs, count) = plan.offer_costs(&mut Paths::default(), map, v);
        for (&cost, &ticket) in costs[..count].iter().zip(&v.offer) {
            let want = Paths::default().cost(map, v, &map.tickets[usize::from(ticket)]);
            assert_eq!(cost, want.unwrap_or(INFINITE_COST));
        }
        let keep = rng.random_range(1..1u32 << count);
        let kept = v
            .offer
            .iter()
            .enumerate()
            .filter(|&(i, _)| keep & 1 << i != 0);
        v.tickets.extend(kept.map(|(_, &ticket)| ticket));
        v.offer.clear();
    }

    /// Random games of claims and ticket choices on every map, each seat's plan kept between
    /// refreshes (a third of them skipped, so claims pile up) and compared with a fresh plan
    /// after every step. Half the own claims take a route of the plan, as `nice` does, so the
    /// paths often keep through an own claim on them.
    #[test]
    fn a_kept_plan_equals_a_fresh_one_after_every_claim() {
        let mut rng = crate::seed::Rng::seed_from_u64(5);
        for name in MapName::ALL {
            let map = Map::load(name, RuleSet::Official);
            for game in 0..1000 {
                let mut v = view(&map);
                v.seat = game % 2;
                v.trains = [250, 250];
                let mut kept = TicketPlan::default();
                let mut paths = Paths::default();
                choose(&mut kept, &map, &mut v, &mut rng);
                loop {
                    let open: Vec<usize> = (0..map.routes.len())
                        .filter(|&r| v.is_unclaimed(r))
                        .collect();
                    if open.is_empty() {
                        break;
                    }
                    if rng.random_range(0..12) == 0 {
                        choose(&mut kept, &map, &mut v, &mut rng);
                    }
                    let seat = rng.random_range(0..2);
                    let route = match kept.routes.is_empty() || seat != v.seat || rng.random() {
                        true => open[rng.random_range(0..open.len())],
                        false => usize::from(kept.routes[rng.random_range(0..kept.routes.len())]),
                    };
                    v.owners[route] = u8::try_from(seat).expect("seat 0 or 1");
                    v.trains[seat] -= 1;
                    if rng.random_range(0..3) == 0 {
                        continue;
                    }
                    kept.refresh(&mut paths, &map, &v);
                    let mut fresh = TicketPlan::default();
                    fresh.refresh(&mut Paths::default(), &map, &v);
                    assert_eq!(kept.routes, fresh.routes, "{name:?}, game {game}");
                    assert_eq!(kept.set, fresh.set);
                }
            }
        }
    }
}
