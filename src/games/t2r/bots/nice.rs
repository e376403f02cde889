//! `nice` (§5.3), the contest server's NICE_BOT without its crash on unreachable tickets: it
//! follows the shortest paths of its tickets, claiming the shortest needed routes first and
//! collecting their colours from the face-up row.

use super::OnMap;
use super::fallback::draw_blind;
use super::path::Paths;
use super::payment::{Payment, claim};
use super::plan::TicketPlan;
use super::tickets::{is_cgs_first_turn, is_first_choice, keep_all, keep_cheapest};
use crate::bot::Simple;
use crate::game::Seat;
use crate::games::t2r::maps::{Map, Route};
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, Phase, RuleSet, TicketToRide};
use crate::seed::Rng;
use std::sync::Arc;

/// Both seats need at least this many trains for `nice` to draw tickets when it has no need.
const DRAW_TICKETS_MIN_TRAINS: u8 = 8;
/// Both seats need more than this many trains for `nice` to take face-up cards it needs.
const COLLECT_ABOVE_TRAINS: u8 = 8;

/// No map has a longer route (§2.2).
const MAX_ROUTE_LENGTH: u8 = 8;

pub struct Nice {
    paths: Paths,
    plan: TicketPlan,
    /// `needed`: the plan's routes, shortest first (stable), none longer than the bot's trains.
    needed: Vec<u8>,
    longest_first: Arc<[u8]>,
}

impl Simple<TicketToRide> for Nice {
    fn start(game: &TicketToRide, _: Seat, _: Rng) -> Self {
        Nice::new(game.map(), Arc::clone(game.longest_first()))
    }
}

impl OnMap for Nice {
    /// The §5.3 decision order; steps 1-3 here, the rest in [`Nice::play`].
    fn decide(&mut self, map: &Map, view: &View) -> Action {
        match view.phase {
            Phase::SetupTickets => keep_all(view),
            Phase::ChooseTickets if is_first_choice(view) => keep_all(view),
            Phase::ChooseTickets => self.choose_later(map, view),
            Phase::TurnStart if is_cgs_first_turn(view) => Action::DrawTickets,
            Phase::TurnStart | Phase::SecondCard => self.play(map, view),
        }
    }
}

impl Nice {
    /// `longest_first`: the map's routes longest first, map order on ties.
    fn new(map: &Map, longest_first: Arc<[u8]>) -> Nice {
        Nice {
            paths: Paths::default(),
            plan: TicketPlan::default(),
            needed: Vec::with_capacity(map.routes.len()),
            longest_first,
        }
    }

    /// Later ticket choice: all of them if their total cost is below both seats' trains, else
    /// the cheapest (first offered on ties, which also covers all-∞).
    fn choose_later(&mut self, map: &Map, view: &View) -> Action {
        let (costs, count) = self.plan.offer_costs(&mut self.paths, map, view);
        let costs = &costs[..count];
        let total = costs.iter().fold(0u32, |sum, &c| sum.saturating_add(c));
        let budget = u32::from(view.trains[view.seat].min(view.trains[view.opponent()]));
        if total < budget {
            keep_all(view)
        } else {
            keep_cheapest(costs, 1)
        }
    }

    fn refresh_needed(&mut self, map: &Map, view: &View) {
        if !self.plan.refresh(&mut self.paths, map, view) {
            return;
        }
        let fits = view.my_trains().min(MAX_ROUTE_LENGTH);
        // A stable counting sort by length that also drops what no longer fits.
        let mut starts = [0; MAX_ROUTE_LENGTH as usize + 2];
        let length = |route: u8| usize::from(map.routes[usize::from(route)].length);
        let fitting = self
            .plan
            .routes
            .iter()
            .filter(|&&r| length(r) <= usize::from(fits));
        for &route in fitting.clone() {
            starts[length(route) + 1] += 1;
        }
        for length in 1..starts.len() {
            starts[length] += starts[length - 1];
        }
        self.needed.clear();
        self.needed.resize(starts[starts.len() - 1], 0);
        for &route in fitting {
            let slot = &mut starts[length(route)];
            self.needed[*slot] = route;
            *slot += 1;
        }
    }

    /// Steps 4-8 of the decision order, at a turn start or for the second card.
    fn play(&mut self, map: &Map, view: &View) -> Action {
        self.refresh_needed(map, view);
        let turn_start = view.phase == Phase::TurnStart;
        if self.needed.is_empty() && turn_start {
            let ticket_draw_legal = view.rules == RuleSet::Cgs || view.ticket_pile_len > 0;
            if view.trains.iter().all(|&t| t >= DRAW_TICKETS_MIN_TRAINS) && ticket_draw_legal {
                return Action::DrawTickets;
            }
            for &id in self.longest_first.iter() {
                let route = &map.routes[usize::from(id)];
                if view.is_unclaimed(usize::from(id))
                    && let Some(payment) = can_claim(route, view)
                {
                    return claim(route, payment, view.rules);
                }
            }
        }
        let collect = view.trains.iter().all(|&t| t > COLLECT_ABOVE_TRAINS);
        for &id in &self.needed {
            let route = &map.routes[usize::from(id)];
            if turn_start && let Some(payment) = can_claim(route, view) {
                return claim(route, payment, view.rules);
            }
            if collect {
                let wanted = route.colours.iter().filter(|&&c| c != Colour::Locomotive);
                if let Some(take) = wanted.filter_map(|&c| view.take_face_up(c)).next() {
                    return take;
                }
            }
        }
        if turn_start && let Some(take) = view.take_face_up(Colour::Locomotive) {
            return take;
        }
        draw_blind(map, view)
    }
}

/// NICE_BOT's own payment rule, `canClaim`, quirks included:
/// * a coloured route is paid with its first track colour that cards plus locomotives cover;
/// * a gray route is paid with the card colour the bot holds most of (lowest code on ties):
///   with no locomotive if that pile covers it, else only if pile + locomotives is **strictly**
///   more than the length, so an exact fit with locomotives is missed.
///
/// The rules file states the gray case as two scans; both pick the biggest pile, because a
/// colour passing either test makes the biggest pile pass it too.
pub fn can_claim(route: &Route, view: &View) -> Option<Payment> {
    let length = route.length;
    if view.my_trains() < length {
        return None;
    }
    let loco = view.locomotives();
    if !route.is_gray() {
        return route.colours.iter().find_map(|&colour| {
            let cards = view.hand[colour.index()];
            (u16::from(loco) + u16::from(cards) >= u16::from(length)).then(|| Payment {
                colour,
                locomotives: length.saturating_sub(cards),
            })
        });
    }
    let (cards, colour) = Colour::CARD_COLOURS
        .iter()
        .map(|&k| (view.hand[k.index()], k))
        .fold(
            (0, Colour::Purple),
            |best, (n, k)| if n > best.0 { (n, k) } else { best },
        );
    if cards >= length {
        Some(Payment {
            colour,
            locomotives: 0,
        })
    } else if u16::from(cards) + u16::from(loco) > u16::from(length) {
        Some(Payment {
            colour,
            locomotives: length - cards,
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::random::longest_first;
    use crate::games::t2r::bots::test_support::{build_map, hand, usa, view};

    fn nice(map: &Map) -> Nice {
        Nice::new(map, longest_first(map).into())
    }

    fn gray(length: u8) -> Route {
        Route {
            id: 0,
            a: 0,
            b: 1,
            length,
            colours: vec![Colour::Locomotive],
        }
    }

    fn pay(colour: Colour, locomotives: u8) -> Option<Payment> {
        Some(Payment {
            colour,
            locomotives,
        })
    }

    #[test]
    fn can_claim_gray_misses_an_exact_fit_with_locomotives() {
        let map = usa();
        let mut v = view(&map);
        v.hand = hand(&[(Colour::Red, 3), (Colour::Locomotive, 1)]);
        assert_eq!(can_claim(&gray(4), &v), None, "3 + 1 = 4 is not > 4");
        v.hand = hand(&[(Colour::Red, 3), (Colour::Locomotive, 2)]);
        assert_eq!(can_claim(&gray(4), &v), pay(Colour::Red, 1));
        // Enough of one colour: the biggest pile, no locomotives (unlike the greedy rule).
        v.hand = hand(&[(Colour::Blue, 4), (Colour::Red, 6), (Colour::Green, 6)]);
        assert_eq!(can_claim(&gray(4), &v), pay(Colour::Red, 0));
        v.trains[0] = 3;
        assert_eq!(can_claim(&gray(4), &v), None);
    }

    #[test]
    fn can_claim_coloured_takes_the_first_track_colour_that_fits() {
        let map = usa();
        let mut v = view(&map);
        let double = Route {
            id: 0,
            a: 0,
            b: 1,
            length: 4,
            colours: vec![Colour::Red, Colour::Blue],
        };
        v.hand = hand(&[(Colour::Red, 2), (Colour::Blue, 4), (Colour::Locomotive, 2)]);
        assert_eq!(
            can_claim(&double, &v),
            pay(Colour::Red, 2),
            "exact fit is fine on colour"
        );
        v.hand = hand(&[(Colour::Red, 1), (Colour::Blue, 2), (Colour::Locomotive, 2)]);
        assert_eq!(can_claim(&double, &v), pay(Colour::Blue, 2));
        v.hand = hand(&[(Colour::Locomotive, 4)]);
        assert_eq!(can_claim(&double, &v), pay(Colour::Red, 4));
        v.hand = hand(&[(Colour::Green, 9), (Colour::Locomotive, 1)]);
        assert_eq!(can_claim(&double, &v), None);
    }

    /// 0 -1 Red- 1 -4 Blue- 2, a ticket 0→2 held, four Blue cards, nothing face up.
    fn line() -> (Map, View) {
        let map = build_map(
            3,
            &[(0, 1, 1, &[Colour::Red]), (1, 2, 4, &[Colour::Blue])],
            &[(0, 2, 9)],
        );
        let mut v = view(&map);
        v.tickets = vec![0];
        v.hand = hand(&[(Colour::Blue, 4)]);
        v.face_up = [None; 5];
        (map, v)
    }

    #[test]
    fn face_up_card_for_a_short_needed_route_beats_claiming_a_longer_one() {
        let (map, mut v) = line();
        v.face_up[3] = Some(Colour::Red);
        assert_eq!(nice(&map).play(&map, &v), Action::DrawSlot(3));
        v.rules = RuleSet::Cgs;
        assert_eq!(nice(&map).play(&map, &v), Action::DrawColour(Colour::Red));
        // At 8 trains it stops collecting and claims the long route.
        v.trains[1] = 8;
        let claim_blue = Action::Claim {
            route: 1,
            colour: Colour::Blue,
            locomotives: 0,
        };
        assert_eq!(nice(&map).play(&map, &v), claim_blue);
        // So it does when the short route's colour is not face up.
        v.trains[1] = 45;
        v.face_up[3] = None;
        assert_eq!(nice(&map).play(&map, &v), claim_blue);
    }

    #[test]
    fn locomotive_then_blind_when_nothing_needed_is_face_up() {
        let (map, mut v) = line();
        v.hand = [0; 9];
        v.face_up[2] = Some(Colour::Locomotive);
        v.face_up[4] = Some(Colour::Green);
        let mut bot = nice(&map);
        assert_eq!(bot.play(&map, &v), Action::DrawSlot(2));
        v.phase = Phase::SecondCard;
        assert_eq!(bot.play(&map, &v), Action::DrawBlind);
        v.face_up[0] = Some(Colour::Blue);
        assert_eq!(bot.play(&map, &v), Action::DrawSlot(0));
    }

    #[test]
    fn needed_is_cached_until_a_claim_and_drops_routes_longer_than_trains() {
        let (map, mut v) = line();
        let mut bot = nice(&map);
        bot.refresh_needed(&map, &v);
        assert_eq!(bot.needed, vec![0, 1]);
        v.trains[0] = 3;
        bot.refresh_needed(&map, &v);
        assert_eq!(bot.needed, vec![0]);
        v.owners[0] = 0;
        v.trains[0] = 2;
        bot.refresh_needed(&map, &v);
        assert!(bot.needed.is_empty());
    }

    #[test]
    fn unreachable_tickets_are_skipped() {
        let (map, mut v) = line();
        v.owners[1] = 1;
        let mut bot = nice(&map);
        bot.refresh_needed(&map, &v);
        assert!(bot.needed.is_empty());
    }

    #[test]
    fn no_need_draws_tickets_then_claims_the_longest_claimable() {
        let map = usa();
        let mut v = view(&map);
        let mut bot = nice(&map);
        assert_eq!(bot.play(&map, &v), Action::DrawTickets);
        v.trains[1] = 7;
        v.hand = hand(&[(Colour::Red, 6)]);
        let want = longest_first(&map)
            .into_iter()
            .map(|r| &map.routes[usize::from(r)])
            .find(|r| r.length <= 6 && (r.is_gray() || r.colours.contains(&Colour::Red)))
            .expect("a red or gray route");
        let got = bot.play(&map, &v);
        assert_eq!(
            got,
            Action::Claim {
                route: want.id,
                colour: Colour::Red,
                locomotives: 0
            }
        );
    }

    #[test]
    fn later_ticket_choice_keeps_all_only_below_both_trains() {
        let map = usa();
        let mut v = view(&map);
        v.phase = Phase::ChooseTickets;
        v.tickets = vec![5];
        v.offer = vec![0, 1, 2];
        let mut bot = nice(&map);
        let costs: Vec<u32> = v
            .offer
            .iter()
            .map(|&t| {
                Paths::default()
                    .cost(&map, &v, &map.tickets[usize::from(t)])
                    .expect("reachable")
            })
            .collect();
        let total: u32 = costs.iter().sum();
        v.trains = [45, u8::try_from(total + 1).expect("small")];
        assert_eq!(bot.choose_later(&map, &v), Action::KeepTickets(0b111));
        v.trains[1] = u8::try_from(total).expect("small");
        let cheapest = (0..3).min_by_key(|&i| (costs[i], i)).expect("three");
        assert_eq!(
            bot.choose_later(&map, &v),
            Action::KeepTickets(1 << cheapest)
        );
    }
}
