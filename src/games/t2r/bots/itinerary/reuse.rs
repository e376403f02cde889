//! When the planner's last plan or claim order still is what it would work out now, so a bot
//! that asks after every claim of either seat (the expert, and `mcts`'s rollouts of it) skips
//! the searches. The reuse is exact: the answer is the one a fresh search gives.
//!
//! Why an opponent claim off the paths a result rests on changes nothing:
//! * Every weight the planner uses is positive (own routes 1, unclaimed ones their table's
//!   weight), so a search settles cities in the order of (distance, id), and a city's route is
//!   the first route, in that order, that reaches it at its distance.
//! * An opponent claim takes one route out of the graph: no distance falls, and the distance of
//!   every city on a path that avoids the route stays. Along such a path each city's route
//!   still reaches it at its distance and still comes first, since the routes that could come
//!   before it are a subset of the old ones (a route into it at its distance now was one
//!   before). So the path found is the same, and so is every distance read off one.
//! * The plan reads the distances between ticket cities and the paths of its chain; the claim
//!   order reads the detours around each planned route. Both record those routes (`depends`).
//!
//! Anything else (tickets, the bot's own trains or claims, claims the opponent gave up) makes
//! the planner work the answer out again.

use super::Itinerary;
use crate::games::t2r::view::View;

/// The claims a kept answer was worked out for, and the routes it rests on.
#[derive(Clone, Debug)]
struct Basis {
    seat: usize,
    /// Routes owned by each seat when the answer was worked out or last found to hold.
    owned: [u128; 2],
    depends: u128,
}

impl Basis {
    /// Whether the only claims since are the opponent's, off `depends`.
    fn holds(&self, view: &View, owned: [u128; 2]) -> bool {
        let (me, them) = (view.seat, 1 - view.seat);
        let theirs = owned[them] & !self.owned[them];
        self.seat == view.seat
            && owned[me] == self.owned[me]
            && self.owned[them] & !owned[them] == 0
            && theirs & self.depends == 0
    }
}

/// The last itinerary (not extended) with the tickets and trains it was planned for.
#[derive(Clone, Debug)]
pub(super) struct KeptPlan {
    basis: Basis,
    tickets: Vec<u16>,
    trains: u8,
    pub plan: Itinerary,
}

impl KeptPlan {
    pub fn new(
        view: &View,
        tickets: &[u16],
        owned: [u128; 2],
        depends: u128,
        plan: Itinerary,
    ) -> KeptPlan {
        KeptPlan {
            basis: Basis {
                seat: view.seat,
                owned,
                depends,
            },
            tickets: tickets.to_vec(),
            trains: view.my_trains(),
            plan,
        }
    }

    /// Whether the kept plan is the itinerary of `tickets` on `view`'s board; if so, it now
    /// stands for the claims of `owned`.
    pub fn holds(&mut self, view: &View, tickets: &[u16], owned: [u128; 2]) -> bool {
        let holds = self.tickets == tickets
            && self.trains == view.my_trains()
            && self.basis.holds(view, owned);
        if holds {
            self.basis.owned = owned;
        }
        holds
    }
}

/// The last claim order with the plan it ranked.
#[derive(Clone, Debug)]
pub(super) struct KeptOrder {
    basis: Basis,
    plan: Itinerary,
    pub order: Vec<u8>,
}

impl KeptOrder {
    pub fn new(
        view: &View,
        plan: &Itinerary,
        owned: [u128; 2],
        depends: u128,
        order: Vec<u8>,
    ) -> KeptOrder {
        KeptOrder {
            basis: Basis {
                seat: view.seat,
                owned,
                depends,
            },
            plan: plan.clone(),
            order,
        }
    }

    /// Whether the kept order is the claim order of `plan` on `view`'s board; if so, it now
    /// stands for the claims of `owned`.
    pub fn holds(&mut self, view: &View, plan: &Itinerary, owned: [u128; 2]) -> bool {
        let holds = self.plan == *plan && self.basis.holds(view, owned);
        if holds {
            self.basis.owned = owned;
        }
        holds
    }
}
