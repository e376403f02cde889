//! `greedy` (§5.4, ours): claims the most valuable route it can pay, and otherwise draws toward
//! the route it is fewest turns from. Its tickets only break ties. It ignores blocking and the
//! endgame.

use super::OnMap;
use super::fallback::draw_blind;
use super::path::Paths;
use super::payment::best_claim_by_points;
use super::plan::TicketPlan;
use super::tickets::{is_cgs_first_turn, is_first_choice, keep_cheapest};
use crate::bot::Simple;
use crate::game::Seat;
use crate::games::t2r::maps::Map;
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, Phase, TicketToRide};
use crate::seed::Rng;
use std::cmp::Reverse;

#[derive(Default)]
pub struct Greedy {
    paths: Paths,
    /// P: the routes on the paths of its incomplete, reachable tickets.
    plan: TicketPlan,
}

impl Simple<TicketToRide> for Greedy {
    fn start(_: &TicketToRide, _: Seat, _: Rng) -> Self {
        Greedy::default()
    }
}

impl OnMap for Greedy {
    fn decide(&mut self, map: &Map, view: &View) -> Action {
        match view.phase {
            Phase::SetupTickets | Phase::ChooseTickets => {
                let (costs, count) = self.plan.offer_costs(&mut self.paths, map, view);
                let keep = if is_first_choice(view) { 2 } else { 1 };
                keep_cheapest(&costs[..count], keep)
            }
            Phase::TurnStart if is_cgs_first_turn(view) => Action::DrawTickets,
            Phase::TurnStart => {
                self.plan.refresh(&mut self.paths, map, view);
                let plan = &self.plan;
                best_claim_by_points(map, view, |r| plan.contains(r))
                    .unwrap_or_else(|| self.draw(map, view))
            }
            Phase::SecondCard => {
                self.plan.refresh(&mut self.paths, map, view);
                self.draw(map, view)
            }
        }
    }
}

impl Greedy {
    /// How far a route is from being paid with colour k: cards missing beyond the locomotives held.
    /// The card decision: the face-up card of the target's colour, else blind. The target
    /// (r, k) minimises (turns, −points, r ∉ P, missing, `track_id`, k) over the unclaimed
    /// routes that fit the trains; never a locomotive, as k is always a card colour.
    fn draw(&self, map: &Map, view: &View) -> Action {
        let trains = view.my_trains();
        let loco = view.locomotives();
        let missing = |length: u8, colour: Colour| Missing {
            cards: length
                .saturating_sub(view.hand[colour.index()])
                .saturating_sub(loco),
            colour,
        };
        // A gray route's best colour depends only on its length.
        let mut gray_best = [None; 9];
        for (length, best) in gray_best.iter_mut().enumerate().skip(1) {
            let length = u8::try_from(length).expect("length ≤ 8");
            *best = Colour::CARD_COLOURS
                .iter()
                .map(|&k| missing(length, k))
                .min();
        }
        let mut target: Option<(TargetKey, Colour)> = None;
        for route in &map.routes {
            if !view.is_unclaimed(usize::from(route.id)) || route.length > trains {
                continue;
            }
            let best = if route.is_gray() {
                gray_best[usize::from(route.length)]
            } else {
                route
                    .colours
                    .iter()
                    .map(|&k| missing(route.length, k))
                    .min()
            }
            .expect("a route has a colour");
            let turns = best.cards.div_ceil(2);
            let key = (
                turns,
                Reverse(route.points()),
                !self.plan.contains(route.id),
                best.cards,
            );
            if target.is_none_or(|(best_key, _)| key < best_key) {
                target = Some((key, best.colour));
            }
        }
        target
            .and_then(|(_, colour)| view.take_face_up(colour))
            .unwrap_or_else(|| draw_blind(map, view))
    }
}

/// The target keys before k, smallest best: (turns, −points, r ∉ P, missing). Routes are
/// scanned in `track_id` order and only a strictly smaller key replaces the target.
type TargetKey = (u8, Reverse<i32>, bool, u8);

/// How far a route is from being paid with colour k: cards missing beyond the locomotives held.
/// Ordered by (missing, colour code), the order in which the target keys compare them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Missing {
    cards: u8,
    colour: Colour,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::RuleSet;
    use crate::games::t2r::bots::test_support::{GRAY, build_map, face_up, hand, view};
    use crate::games::t2r::view::UNCLAIMED;

    /// 0-1 Red 2, 1-2 gray 3, 2-3 Blue/Green 3, 0-3 Yellow 3; ticket 0→2.
    fn board() -> Map {
        build_map(
            4,
            &[
                (0, 1, 2, &[Colour::Red]),
                (1, 2, 3, GRAY),
                (2, 3, 3, &[Colour::Blue, Colour::Green]),
                (0, 3, 3, &[Colour::Yellow]),
            ],
            &[(0, 2, 5), (0, 3, 4), (1, 3, 8)],
        )
    }

    fn bot(map: &Map, v: &View) -> Greedy {
        let mut bot = Greedy::default();
        bot.plan.refresh(&mut bot.paths, map, v);
        bot
    }

    #[test]
    fn claims_most_points_then_planned_then_lowest_id() {
        let map = board();
        let mut v = view(&map);
        v.hand = hand(&[(Colour::Locomotive, 3)]);
        // Three 3-long routes, none planned: the lowest id, gray route 1, all locomotives.
        let got = bot(&map, &v).decide(&map, &v);
        let want = Action::Claim {
            route: 1,
            colour: Colour::Locomotive,
            locomotives: 3,
        };
        assert_eq!(got, want);
        // Holding ticket 0→3 (path 0-3 Yellow), the planned route 3 wins the tie.
        v.tickets = vec![1];
        let got = bot(&map, &v).decide(&map, &v);
        assert!(matches!(got, Action::Claim { route: 3, .. }), "{got:?}");
    }

    #[test]
    fn card_target_keys_turns_then_points_then_plan_then_missing() {
        let map = board();
        let mut v = view(&map);
        v.owners[1] = 1; // gray 1-2 is the opponent's
        v.face_up = [
            Some(Colour::Red),
            Some(Colour::Blue),
            Some(Colour::Yellow),
            Some(Colour::Locomotive),
            Some(Colour::Purple),
        ];
        // Red 1: route 0 is 1 turn away (2 points), the 3-long ones 2 turns (4 points).
        v.hand = hand(&[(Colour::Red, 1)]);
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawSlot(0));
        // Blue 2 too: route 2 is also 1 turn away and scores more.
        v.hand = hand(&[(Colour::Red, 1), (Colour::Blue, 2)]);
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawSlot(1));
        // Yellow 2 as well, with route 3 planned: equal turns and points, the plan wins.
        v.hand = hand(&[(Colour::Red, 1), (Colour::Blue, 2), (Colour::Yellow, 2)]);
        v.tickets = vec![1];
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawSlot(2));
        // Unplanned: Blue 1 misses 2 and Yellow 2 misses 1, both 1 turn: fewer missing wins.
        v.tickets.clear();
        v.hand = hand(&[(Colour::Blue, 1), (Colour::Yellow, 2)]);
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawSlot(2));
        // Gray route 1 alone, no cards: every colour misses 3; Purple, the lowest code.
        v.hand = [0; 9];
        v.owners = vec![1, UNCLAIMED, 1, 1];
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawSlot(4));
        v.rules = RuleSet::Cgs;
        assert_eq!(
            bot(&map, &v).draw(&map, &v),
            Action::DrawColour(Colour::Purple)
        );
        // Too long for the trains left: no target, blind.
        v.trains[0] = 2;
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawBlind);
    }

    #[test]
    fn missing_ties_go_to_the_lowest_colour_and_never_a_locomotive() {
        let map = board();
        let mut v = view(&map);
        // Route 2 (Blue/Green, 3): Green 3 and Blue 4 both miss 0; k = Blue (code 3 < 8).
        v.owners = vec![0, 0, UNCLAIMED, 0];
        v.hand = hand(&[(Colour::Green, 3), (Colour::Blue, 4)]);
        v.face_up = face_up(&[Colour::Locomotive, Colour::Green, Colour::Blue]);
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawSlot(2));
        v.face_up = face_up(&[Colour::Locomotive, Colour::Green]);
        assert_eq!(bot(&map, &v).draw(&map, &v), Action::DrawBlind);
    }

    #[test]
    fn ticket_choice_keeps_two_cheapest_first_then_one() {
        let map = board();
        let mut v = view(&map);
        v.phase = Phase::SetupTickets;
        v.offer = vec![0, 1, 2]; // costs 5, 3, 5
        let mut bot = Greedy::default();
        assert_eq!(bot.decide(&map, &v), Action::KeepTickets(0b011));
        v.phase = Phase::ChooseTickets;
        v.tickets = vec![1];
        assert_eq!(bot.decide(&map, &v), Action::KeepTickets(0b010));
    }
}
