//! `expert` (§5.5): the expert-system player of a 2019 student report built on interviews with
//! a strong player. It chooses tickets whose joint itinerary fits its trains, plans one
//! continuous line through their cities that favours long routes, hoards cards while nothing
//! forces its hand, then claims its line in order of how hard each route is to replace.
//!
//! Where §5.5 leaves room, this reads it so:
//! * a subset of the offer "fits" with the same budget as the whole offer (trains − 5);
//! * tickets whose cities the opponent has cut apart are left out of the itinerary;
//! * "nothing to claim or plan" (step 6.6) means the ticket part of the plan is claimed, even if
//!   extension routes remain; in `cgs` it never draws from a pile of fewer than 3 tickets,
//!   which would end the game (§4.4);
//! * "the longest claimable route at an end of its longest trail" (step 6.5) is the claimable
//!   route that lengthens the trail most, the longest on ties.

use super::OnMap;
use super::demand::{coloured_demand, full_demand, is_missing, pays};
use super::fallback::draw_blind;
use super::itinerary::{Itinerary, Planner};
use super::payment::{Payment, claim, greedy_payment, thrifty_payment};
use super::tickets::{MAX_OFFER, is_cgs_first_turn};
use crate::bot::{Bot, Params};
use crate::games::t2r::maps::Map;
use crate::games::t2r::trail::longest_trail;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, Phase, RuleSet, TicketToRide};
use settings::Settings;
pub use settings::{EXPERT, PLUS};

mod settings;

/// The expert's order of importance for face-up colours; the rest follow by code.
const COLOUR_PREFERENCE: [Colour; 8] = [
    Colour::Green,
    Colour::Orange,
    Colour::Black,
    Colour::White,
    Colour::Yellow,
    Colour::Purple,
    Colour::Blue,
    Colour::Red,
];

/// How `expert` pays for a route: the only difference between `expert` and `expert-plus`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaymentRule {
    /// The §5.0 greedy payment rule, as §5.5 specifies.
    #[default]
    Greedy,
    /// Looks ahead at the cards the rest of the plan needs ([`thrifty_payment`]).
    Thrifty,
}

impl PaymentRule {
    fn parse(value: &str) -> Option<PaymentRule> {
        match value {
            "greedy" => Some(PaymentRule::Greedy),
            "thrifty" => Some(PaymentRule::Thrifty),
            _ => None,
        }
    }
}

#[derive(Default)]
pub struct Expert {
    settings: Settings,
    planner: Planner,
    /// (trains of both seats, tickets held) at the last refresh: nothing else changes a plan.
    key: Option<([u8; 2], usize)>,
    plan: Itinerary,
    /// The plan's routes in claim order; worked out only when a search asks for the planned
    /// claims (`None` until then), as it costs a search per route: a build ranks only the
    /// routes the hand pays.
    order: Option<Vec<u8>>,
    /// The plan's routes at the start of the previous turn, to see the opponent take one.
    watched: u128,
}

/// The bot with default settings (payment rule and thresholds) that its parameters may
/// override: `expert` pays greedily, `expert-plus` thriftily.
pub fn with_defaults(
    name: &str,
    defaults: Settings,
    params: &Params,
) -> Result<Box<dyn Bot<TicketToRide>>, String> {
    Ok(Box::new(Expert {
        settings: Settings::parse(name, defaults, params)?,
        ..Expert::default()
    }))
}

impl Expert {
    /// `expert-plus` as a value rather than a boxed bot, for a search that asks it more than
    /// its move.
    pub fn plus() -> Expert {
        Expert {
            settings: PLUS,
            ..Expert::default()
        }
    }

    /// The planned routes the hand pays now, in the order the expert would claim them, each
    /// with its payment rule's payment: what a search weighs against hoarding longer.
    pub fn planned_claims(&mut self, map: &Map, view: &View) -> Vec<Action> {
        self.refresh(map, view);
        if self.order.is_none() {
            self.order = Some(self.planner.claim_order(map, view, &self.plan));
        }
        let order = self.order.as_deref().expect("just worked out");
        order
            .iter()
            .filter_map(|&id| {
                let route = &map.routes[usize::from(id)];
                let payment = self
                    .pay(map, view, id)
                    .filter(|_| route.length <= view.my_trains())?;
                Some(claim(route, payment, view.rules))
            })
            .collect()
    }
}

impl OnMap for Expert {
    fn decide(&mut self, map: &Map, view: &View) -> Action {
        match view.phase {
            Phase::SetupTickets | Phase::ChooseTickets => self.choose_tickets(map, view),
            Phase::TurnStart if is_cgs_first_turn(view) => Action::DrawTickets,
            Phase::TurnStart => self.turn(map, view),
            Phase::SecondCard => {
                self.refresh(map, view);
                self.draw(map, view)
            }
        }
    }
}

impl Expert {
    /// §5.5 step 4: all offered tickets if the itinerary of everything held fits in the trains
    /// less a margin; else the allowed subset that fits with the most ticket points (shorter
    /// itinerary on ties); else the smallest allowed subset with the shortest itinerary.
    fn choose_tickets(&mut self, map: &Map, view: &View) -> Action {
        let offered = view.offer.len().min(MAX_OFFER);
        let budget =
            u32::from(view.my_trains()).saturating_sub(self.settings.thresholds.ticket_margin);
        let min_keep = usize::from(view.min_keep).max(1);
        let mut best_fit: Option<((i32, std::cmp::Reverse<u32>), u8)> = None;
        let mut best_small: Option<(u32, u8)> = None;
        let mut tickets = Vec::with_capacity(view.tickets.len() + offered);
        for mask in 1u8..1 << offered {
            let kept = mask.count_ones() as usize;
            if kept < min_keep {
                continue;
            }
            tickets.clear();
            tickets.extend(&view.tickets);
            tickets.extend(
                (0..offered)
                    .filter(|i| mask & 1 << i != 0)
                    .map(|i| view.offer[i]),
            );
            let length = self.planner.itinerary(map, view, &tickets).length;
            if kept == offered && length <= budget {
                return Action::KeepTickets(mask);
            }
            if length <= budget {
                let points = (0..offered)
                    .filter(|i| mask & 1 << i != 0)
                    .map(|i| map.tickets[usize::from(view.offer[i])].points)
                    .sum();
                let key = (points, std::cmp::Reverse(length));
                if best_fit.is_none_or(|(k, _)| key > k) {
                    best_fit = Some((key, mask));
                }
            }
            if kept == min_keep && best_small.is_none_or(|(l, _)| length < l) {
                best_small = Some((length, mask));
            }
        }
        let mask = best_fit
            .map(|(_, m)| m)
            .or(best_small.map(|(_, m)| m))
            .expect("an offer has at least min_keep tickets");
        Action::KeepTickets(mask)
    }

    /// Replans when a claim or a ticket changed the position since the last decision.
    fn refresh(&mut self, map: &Map, view: &View) {
        let key = (view.trains, view.tickets.len());
        if self.key == Some(key) {
            return;
        }
        self.key = Some(key);
        self.plan = self.planner.extended(map, view, &view.tickets);
        self.order = None;
    }

    /// The plan's routes: the core, then the extension.
    fn planned(&self) -> impl Iterator<Item = u8> + Clone + '_ {
        self.plan.core.iter().chain(&self.plan.extension).copied()
    }

    /// §5.5 step 6 at a turn start.
    fn turn(&mut self, map: &Map, view: &View) -> Action {
        let opponent = u8::try_from(view.opponent()).expect("seat 0 or 1");
        let blocked = view
            .owners
            .iter()
            .enumerate()
            .any(|(route, &owner)| owner == opponent && self.watched & (1 << route) != 0);
        self.refresh(map, view);
        self.watched = self.plan.set;
        if self.plan.core.is_empty() && self.may_draw_tickets(view) {
            return Action::DrawTickets;
        }
        if self.plan.set == 0 {
            return self
                .claim_for_trail(map, view)
                .unwrap_or_else(|| self.draw(map, view));
        }
        let hand: u32 = view.hand.iter().map(|&n| u32::from(n)).sum();
        let thresholds = self.settings.thresholds;
        let build = blocked
            || view
                .trains
                .iter()
                .any(|&t| u32::from(t) <= thresholds.endgame)
            || hand >= thresholds.hoard
            || pays(&full_demand(map, self.planned(), &view.hand), &view.hand);
        if build {
            // Either payment rule pays a route exactly when the greedy one does.
            let claimable = |id: u8| {
                let route = &map.routes[usize::from(id)];
                route.length <= view.my_trains() && greedy_payment(route, &view.hand).is_some()
            };
            let first = match self.order.as_deref() {
                Some(order) => order.iter().copied().find(|&id| claimable(id)),
                None => self
                    .planner
                    .first_in_claim_order(map, view, &self.plan, claimable),
            };
            if let Some(id) = first {
                let payment = self.pay(map, view, id).expect("a claimable route is paid");
                return claim(&map.routes[usize::from(id)], payment, view.rules);
            }
        }
        self.draw(map, view)
    }

    /// A payment for a planned route by the bot's payment rule; `None` if the hand falls short.
    fn pay(&self, map: &Map, view: &View, id: u8) -> Option<Payment> {
        let route = &map.routes[usize::from(id)];
        match self.settings.payment {
            PaymentRule::Greedy => greedy_payment(route, &view.hand),
            PaymentRule::Thrifty => {
                let others = self.planned().filter(|&r| r != id);
                let demand = coloured_demand(map, others, &view.hand);
                thrifty_payment(route, &view.hand, &demand)
            }
        }
    }

    /// Nothing left to plan: new tickets while both seats have trains to spare and the pile can
    /// serve an offer (in `cgs` a short pile would end the game at once).
    fn may_draw_tickets(&self, view: &View) -> bool {
        let pile_ok = match view.rules {
            RuleSet::Official => view.ticket_pile_len > 0,
            RuleSet::Cgs => usize::from(view.ticket_pile_len) >= MAX_OFFER,
        };
        pile_ok
            && view
                .trains
                .iter()
                .all(|&t| u32::from(t) > self.settings.thresholds.tickets_above)
    }

    /// With its whole plan claimed: the claimable route that lengthens its longest trail the
    /// most, the longest on ties and then the lowest `track_id`. A route touching an end of
    /// the trail lengthens it by its own length, so this is "the longest claimable route at an
    /// end of the trail, else any longest claimable route".
    fn claim_for_trail(&self, map: &Map, view: &View) -> Option<Action> {
        let trail = longest_trail(map, &view.owners, view.seat);
        let mut owners = view.owners.clone();
        let me = u8::try_from(view.seat).expect("seat 0 or 1");
        let mut best: Option<((u32, u8), Action)> = None;
        for route in &map.routes {
            if !view.is_unclaimed(usize::from(route.id)) || route.length > view.my_trains() {
                continue;
            }
            let Some(payment) = greedy_payment(route, &view.hand) else {
                continue;
            };
            owners[usize::from(route.id)] = me;
            let gain = longest_trail(map, &owners, view.seat) - trail;
            owners[usize::from(route.id)] = view.owners[usize::from(route.id)];
            let key = (gain, route.length);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, claim(route, payment, view.rules)));
            }
        }
        best.map(|(_, action)| action)
    }

    /// A face-up card of a colour the plan's coloured routes still lack, in the expert's order
    /// of colours; else blind. Never a face-up locomotive.
    fn draw(&self, map: &Map, view: &View) -> Action {
        let demand = coloured_demand(map, self.planned(), &view.hand);
        COLOUR_PREFERENCE
            .iter()
            .filter(|&&k| is_missing(&demand, &view.hand, k))
            .find_map(|&k| view.take_face_up(k))
            .unwrap_or_else(|| draw_blind(map, view))
    }
}

#[cfg(test)]
mod tests;
