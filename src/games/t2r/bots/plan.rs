//! The routes on the `path` of each held ticket, cached between decisions. Claims only ever
//! grow and tickets are never discarded, so the pair (trains of both seats, tickets held)
//! changes whenever the paths could: every claim costs its claimer at least one train.

use super::path::Paths;
use crate::games::t2r::maps::Map;
use crate::games::t2r::view::View;

/// Route sets fit in one `u128` mask: the largest map has 90 routes.
pub const MAX_ROUTES: usize = 128;

#[derive(Clone, Debug, Default)]
pub struct TicketPlan {
    key: Option<([u8; 2], usize)>,
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
        self.routes.clear();
        self.set = 0;
        for &ticket in &view.tickets {
            let ticket = &map.tickets[usize::from(ticket)];
            let Some(path) = paths.path(map, view, ticket.from, ticket.to) else {
                continue;
            };
            for route in path {
                if self.set & (1 << route) == 0 {
                    self.set |= 1 << route;
                    self.routes.push(route);
                }
            }
        }
        true
    }

    pub fn contains(&self, route: u8) -> bool {
        self.set & (1 << route) != 0
    }
}
