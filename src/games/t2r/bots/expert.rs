//! `expert` (§5.5): the expert-system player of a 2019 student report built on interviews with
//! a strong player. It chooses tickets whose joint itinerary fits its trains, plans one
//! continuous line through their cities that favours long routes, hoards cards while nothing
//! forces its hand, then claims its line in order of how hard each route is to replace.

use super::demand::{coloured_demand, full_demand, is_missing, pays};
use super::fallback::draw_blind;
use super::itinerary::{Itinerary, Planner};
use super::payment::{Payment, claim, greedy_payment, thrifty_payment};
use super::tickets::{MAX_OFFER, is_cgs_first_turn};
use crate::bot::{Bot, Params};
use crate::game::Seat;
use crate::games::t2r::maps::Map;
use crate::games::t2r::trail::longest_trail;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, Phase, RuleSet, TicketToRide};
use crate::seed::Rng;

/// Trains kept in reserve when judging whether tickets fit (45 − 5 = the report's 40).
const TICKET_MARGIN: u32 = 5;
/// Build mode once either seat is down to this many trains: the end is near.
const ENDGAME_TRAINS: u8 = 12;
/// Build mode once the hand holds this many cards (the expert's "draw up to 40").
const HOARD_CARDS: u32 = 40;
/// New tickets only while both seats have more trains than this.
const MORE_TICKETS_ABOVE: u8 = 20;
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
    payment: PaymentRule,
    planner: Planner,
    /// (trains of both seats, tickets held) at the last refresh: nothing else changes a plan.
    key: Option<([u8; 2], usize)>,
    plan: Itinerary,
    /// The plan's routes in claim order.
    order: Vec<u8>,
    /// The plan's routes at the start of the previous turn, to see the opponent take one.
    watched: u128,
}

pub fn make(
    _: &TicketToRide,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<TicketToRide>>, String> {
    with_payment("expert", PaymentRule::Greedy, params)
}

pub fn make_plus(
    _: &TicketToRide,
    _: Seat,
    _: Rng,
    params: &Params,
) -> Result<Box<dyn Bot<TicketToRide>>, String> {
    with_payment("expert-plus", PaymentRule::Thrifty, params)
}

/// The bot with a default payment rule that the one parameter, `payment` (`greedy` or
/// `thrifty`), may override.
fn with_payment(
    name: &str,
    default: PaymentRule,
    params: &Params,
) -> Result<Box<dyn Bot<TicketToRide>>, String> {
    let mut payment = default;
    for (key, value) in &params.0 {
        if key != "payment" {
            return Err(format!("bot '{name}' takes only 'payment', got '{key}'"));
        }
        payment = PaymentRule::parse(value).ok_or_else(|| {
            format!("bot '{name}': payment must be 'greedy' or 'thrifty', got '{value}'")
        })?;
    }
    Ok(Box::new(Expert {
        payment,
        ..Expert::default()
    }))
}

impl Bot<TicketToRide> for Expert {
    fn act(&mut self, game: &TicketToRide, view: &View) -> Action {
        self.decide(game.map(), view)
    }
}

impl Expert {
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

    /// §5.5 step 4: all offered tickets if the itinerary of everything held fits in the trains
    /// less a margin; else the allowed subset that fits with the most ticket points (shorter
    /// itinerary on ties); else the smallest allowed subset with the shortest itinerary.
    fn choose_tickets(&mut self, map: &Map, view: &View) -> Action {
        let offered = view.offer.len().min(MAX_OFFER);
        let budget = u32::from(view.my_trains()).saturating_sub(TICKET_MARGIN);
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
        self.order = self.planner.claim_order(map, view, &self.plan);
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
        if self.order.is_empty() {
            return self
                .claim_for_trail(map, view)
                .unwrap_or_else(|| self.draw(map, view));
        }
        let hand: u32 = view.hand.iter().map(|&n| u32::from(n)).sum();
        let build = blocked
            || view.trains.iter().any(|&t| t <= ENDGAME_TRAINS)
            || hand >= HOARD_CARDS
            || pays(
                &full_demand(map, self.order.iter().copied(), &view.hand),
                &view.hand,
            );
        if build {
            for &id in &self.order {
                let route = &map.routes[usize::from(id)];
                if route.length <= view.my_trains()
                    && let Some(payment) = self.pay(map, view, id)
                {
                    return claim(route, payment, view.rules);
                }
            }
        }
        self.draw(map, view)
    }

    /// A payment for a planned route by the bot's payment rule; `None` if the hand falls short.
    fn pay(&self, map: &Map, view: &View, id: u8) -> Option<Payment> {
        let route = &map.routes[usize::from(id)];
        match self.payment {
            PaymentRule::Greedy => greedy_payment(route, &view.hand),
            PaymentRule::Thrifty => {
                let others = self.order.iter().copied().filter(|&r| r != id);
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
        pile_ok && view.trains.iter().all(|&t| t > MORE_TICKETS_ABOVE)
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
        let demand = coloured_demand(map, self.order.iter().copied(), &view.hand);
        COLOUR_PREFERENCE
            .iter()
            .filter(|&&k| is_missing(&demand, &view.hand, k))
            .find_map(|&k| view.take_face_up(k))
            .unwrap_or_else(|| draw_blind(map, view))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{build_map, hand, usa, view};

    const GRAY: &[Colour] = &[Colour::Locomotive];

    fn expert(payment: PaymentRule) -> Expert {
        Expert {
            payment,
            ..Expert::default()
        }
    }

    /// A ticket 0→2 over 0 -2 Red- 1 -3 Blue- 2, and an off-plan 5-long gray route 3-4.
    fn board() -> Map {
        build_map(
            5,
            &[
                (0, 1, 2, &[Colour::Red]),
                (1, 2, 3, &[Colour::Blue]),
                (3, 4, 5, GRAY),
            ],
            &[(0, 2, 6)],
        )
    }

    fn holding_the_ticket(map: &Map) -> View {
        let mut v = view(map);
        v.tickets = vec![0];
        v.face_up = [None; 5];
        v
    }

    #[test]
    fn claims_its_ticket_route_rather_than_a_richer_random_one() {
        let map = board();
        let mut v = holding_the_ticket(&map);
        // The hand pays the whole plan (Blue 3 for 1-2, Red 2 for 0-1) and also the 5-long
        // route off the plan, worth more points.
        v.hand = hand(&[(Colour::Blue, 3), (Colour::Red, 2), (Colour::Green, 5)]);
        let want = Action::Claim {
            route: 1,
            colour: Colour::Blue,
            locomotives: 0,
        };
        assert_eq!(expert(PaymentRule::Greedy).decide(&map, &v), want);
    }

    #[test]
    fn hoards_until_its_hand_pays_the_plan_then_builds() {
        let map = board();
        let mut v = holding_the_ticket(&map);
        // Blue 3 pays 1-2 but the plan also needs Red: draw, and take the face-up Red.
        v.hand = hand(&[(Colour::Blue, 3)]);
        v.face_up = [
            Some(Colour::Locomotive),
            Some(Colour::Blue),
            Some(Colour::Red),
            None,
            None,
        ];
        assert_eq!(
            expert(PaymentRule::Greedy).decide(&map, &v),
            Action::DrawSlot(2)
        );
        // Nothing missing face up: blind, never the locomotive.
        v.face_up[2] = Some(Colour::Green);
        assert_eq!(
            expert(PaymentRule::Greedy).decide(&map, &v),
            Action::DrawBlind
        );
        // Near the end it builds with what it has.
        v.trains[1] = 12;
        let claim_blue = Action::Claim {
            route: 1,
            colour: Colour::Blue,
            locomotives: 0,
        };
        assert_eq!(expert(PaymentRule::Greedy).decide(&map, &v), claim_blue);
        // So it does with 40 cards in hand.
        v.trains[1] = 45;
        v.hand = hand(&[(Colour::Blue, 3), (Colour::Yellow, 37)]);
        assert_eq!(expert(PaymentRule::Greedy).decide(&map, &v), claim_blue);
    }

    #[test]
    fn builds_at_once_when_the_opponent_takes_a_planned_route() {
        // Two ways from 0 to 2: 0 -3- 1 -3- 2 (planned: long routes) or 0 -1- 2.
        let map = build_map(
            3,
            &[(0, 1, 3, GRAY), (1, 2, 3, GRAY), (0, 2, 1, GRAY)],
            &[(0, 2, 6)],
        );
        let mut v = holding_the_ticket(&map);
        v.hand = hand(&[(Colour::Red, 3)]);
        let mut bot = expert(PaymentRule::Greedy);
        assert_eq!(bot.decide(&map, &v), Action::DrawBlind);
        // The opponent takes 0-1: the plan moves to 0-2 (then 2-1 as an extension, which the
        // hand cannot pay as well) and the bot claims 0-2 at once.
        v.owners[0] = 1;
        v.trains[1] = 42;
        let got = bot.decide(&map, &v);
        assert!(matches!(got, Action::Claim { route: 2, .. }), "{got:?}");
        // A bot that had not planned 0-1 would still be drawing.
        assert_eq!(
            expert(PaymentRule::Greedy).decide(&map, &v),
            Action::DrawBlind
        );
    }

    #[test]
    fn draws_tickets_only_with_its_plan_done_and_trains_to_spare() {
        let map = board();
        let mut v = holding_the_ticket(&map);
        v.owners[0] = 0;
        v.owners[1] = 0;
        v.trains[0] = 40;
        v.hand = hand(&[(Colour::Green, 1)]);
        assert_eq!(
            expert(PaymentRule::Greedy).decide(&map, &v),
            Action::DrawTickets
        );
        // Late in the game it extends its line instead (or draws cards), never tickets.
        for trains in [20, 12, 5] {
            v.trains[0] = trains;
            let got = expert(PaymentRule::Greedy).decide(&map, &v);
            assert_ne!(got, Action::DrawTickets, "{trains} trains");
        }
        v.trains = [40, 20];
        assert_ne!(
            expert(PaymentRule::Greedy).decide(&map, &v),
            Action::DrawTickets
        );
    }

    #[test]
    fn with_its_plan_claimed_it_lengthens_its_trail() {
        // Its ticket 0→2 is done along its own line 0-1-2-3 (7 trains), and no route touches
        // the ends of the planned line (0 and 2): nothing is left to plan. 3-5 (1 long)
        // lengthens its trail; 4-5 (4 long) is worth more but stands alone.
        let map = build_map(
            6,
            &[
                (0, 1, 2, GRAY),
                (1, 2, 3, GRAY),
                (2, 3, 2, GRAY),
                (4, 5, 4, GRAY),
                (3, 5, 1, GRAY),
            ],
            &[(0, 2, 6)],
        );
        let mut v = holding_the_ticket(&map);
        v.owners[..3].fill(0);
        v.trains = [20, 20];
        v.hand = hand(&[(Colour::Red, 4)]);
        let got = expert(PaymentRule::Greedy).decide(&map, &v);
        assert!(matches!(got, Action::Claim { route: 4, .. }), "{got:?}");
        // Without it, the longest claimable route.
        v.owners[4] = 1;
        let got = expert(PaymentRule::Greedy).decide(&map, &v);
        assert!(matches!(got, Action::Claim { route: 3, .. }), "{got:?}");
    }

    #[test]
    fn ticket_choice_keeps_what_fits_with_the_most_points() {
        let map = usa();
        let mut v = view(&map);
        v.phase = Phase::SetupTickets;
        v.min_keep = 2;
        let mut bot = expert(PaymentRule::Greedy);
        let mut planner = Planner::default();
        let length = |planner: &mut Planner, v: &View, tickets: &[u16]| {
            planner.itinerary(&map, v, tickets).length
        };
        // An offer whose three tickets fit in 40 trains is kept whole.
        let fits = (0..map.tickets.len() as u16)
            .flat_map(|a| (a + 1..map.tickets.len() as u16).map(move |b| (a, b)))
            .flat_map(|(a, b)| (b + 1..map.tickets.len() as u16).map(move |c| [a, b, c]))
            .find(|offer| length(&mut planner, &v, offer) <= 40)
            .expect("some offer fits");
        v.offer = fits.to_vec();
        assert_eq!(bot.decide(&map, &v), Action::KeepTickets(0b111));
        // Boston-Miami (0), Calgary-Phoenix (1) and a coast-to-coast ticket do not fit
        // together; the kept pair is the allowed subset that fits with the most points.
        let far = map
            .tickets
            .iter()
            .max_by_key(|t| (t.points, std::cmp::Reverse(t.id)))
            .expect("tickets")
            .id;
        v.offer = vec![0, 1, far];
        assert!(length(&mut planner, &v, &v.offer) > 40);
        let mut best = None;
        for mask in [0b011u8, 0b101, 0b110] {
            let kept: Vec<u16> = (0..3)
                .filter(|i| mask & 1 << i != 0)
                .map(|i| v.offer[i])
                .collect();
            let points: i32 = kept
                .iter()
                .map(|&t| map.tickets[usize::from(t)].points)
                .sum();
            let len = length(&mut planner, &v, &kept);
            if len <= 40
                && best.is_none_or(|(p, l, _)| {
                    (points, std::cmp::Reverse(len)) > (p, std::cmp::Reverse(l))
                })
            {
                best = Some((points, len, mask));
            }
        }
        let (_, _, mask) = best.expect("a pair fits");
        assert_eq!(bot.decide(&map, &v), Action::KeepTickets(mask));
        // With 6 trains nothing fits: the single ticket with the shortest itinerary.
        v.phase = Phase::ChooseTickets;
        v.min_keep = 1;
        v.tickets = vec![2];
        v.trains[0] = 6;
        let shortest = (0..3)
            .min_by_key(|&i| (length(&mut planner, &v, &[2, v.offer[i]]), i))
            .expect("three");
        assert_eq!(bot.decide(&map, &v), Action::KeepTickets(1 << shortest));
    }

    #[test]
    fn thrifty_payment_spares_the_colours_the_plan_still_needs() {
        // Plan: gray 0-1 (2) and Red 1-2 (2). Hand: Red 2, Green 3. Greedy pays the gray route
        // with Red (the smaller pile), leaving nothing for 1-2; thrifty pays with Green.
        let map = build_map(
            3,
            &[(0, 1, 2, GRAY), (1, 2, 2, &[Colour::Red])],
            &[(0, 2, 4)],
        );
        let mut v = holding_the_ticket(&map);
        v.hand = hand(&[(Colour::Red, 2), (Colour::Green, 3)]);
        for (rule, colour) in [
            (PaymentRule::Greedy, Colour::Red),
            (PaymentRule::Thrifty, Colour::Green),
        ] {
            let mut bot = expert(rule);
            bot.refresh(&map, &v);
            assert_eq!(
                bot.pay(&map, &v, 0),
                Some(Payment {
                    colour,
                    locomotives: 0
                }),
                "{rule:?}"
            );
        }
    }

    #[test]
    fn the_payment_parameter_is_checked() {
        let game = TicketToRide::new(
            crate::games::t2r::MapName::Small,
            RuleSet::Official,
            crate::games::t2r::DEFAULT_TURN_LIMIT,
        );
        let rng = || crate::seed::rng(1, 0, crate::seed::Stream::Seat(0));
        let mut params = Params::default();
        params.0.insert("payment".into(), "thrifty".into());
        assert!(make(&game, 0, rng(), &params).is_ok());
        params.0.insert("payment".into(), "cheap".into());
        let err = make_plus(&game, 0, rng(), &params).err().expect("refused");
        assert!(
            err.contains("expert-plus") && err.contains("cheap"),
            "{err}"
        );
    }
}
