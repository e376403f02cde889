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
//! * An own claim lowers weights, which can change any path, so it recomputes every open ticket.

use super::path::Paths;
use crate::games::t2r::maps::Map;
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
    /// The unclaimed routes of the path, from the ticket's second city.
    routes: Vec<u8>,
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
        for (entry, &ticket) in self.tickets.iter_mut().zip(&view.tickets) {
            let unchanged = my_new == 0 && their_new & entry.chain == 0;
            if entry.settled || (entry.searched && unchanged) {
                continue;
            }
            entry.searched = true;
            let ticket = &map.tickets[usize::from(ticket)];
            entry.routes.clear();
            entry.chain = 0;
            if !paths.search(map, view, ticket.from, ticket.to) {
                entry.settled = true;
                continue;
            }
            for route in paths.walk(map, ticket.from, ticket.to) {
                entry.chain |= 1 << route;
                if view.is_unclaimed(usize::from(route)) {
                    entry.routes.push(route);
                }
            }
            entry.settled = entry.routes.is_empty();
        }
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

    pub fn contains(&self, route: u8) -> bool {
        self.set & (1 << route) != 0
    }
}

/// The routes each seat owns, as masks.
pub fn owned_masks(view: &View) -> [u128; 2] {
    let mut owned = [0u128; 2];
    for (route, &owner) in view.owners.iter().enumerate() {
        if owner != UNCLAIMED {
            owned[usize::from(owner)] |= 1 << route;
        }
    }
    owned
}
