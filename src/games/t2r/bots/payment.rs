//! Paying for routes: the §5.0 greedy payment rule, the claim with the most points that several
//! bots (and the card fallback) make with it, and the encoding of a payment as an action.

use crate::games::t2r::maps::{Map, Route};
use crate::games::t2r::view::View;
use crate::games::t2r::{Action, Colour, RuleSet};

/// `length − locomotives` cards of `colour` plus `locomotives` locomotives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub colour: Colour,
    pub locomotives: u8,
}

/// The greedy payment rule (§5.0): the allowed colour needing the fewest locomotives; on a tie
/// the colour the bot holds fewer of (it keeps its big piles for later), then the lower code.
/// `None` if even that colour needs more locomotives than the hand holds. Trains are not checked.
pub fn greedy_payment(route: &Route, hand: &[u8; 9]) -> Option<Payment> {
    let (needed, _, colour) = route
        .payable_colours()
        .iter()
        .map(|&k| {
            let cards = hand[k.index()];
            (route.length.saturating_sub(cards), cards, k)
        })
        .min()
        .expect("a route has at least one colour");
    (needed <= hand[Colour::Locomotive.index()]).then_some(Payment {
        colour,
        locomotives: needed,
    })
}

/// The payment that leaves the most for the rest of a plan: the allowed colour needing the
/// fewest locomotives, then the one with the most cards to spare beyond `demand` (what the
/// plan's other routes ask for), then the lower code. `None` if the locomotives fall short.
pub fn thrifty_payment(route: &Route, hand: &[u8; 9], demand: &[u32; 9]) -> Option<Payment> {
    let (needed, _, colour) = route
        .payable_colours()
        .iter()
        .map(|&k| {
            let cards = hand[k.index()];
            let spare = i64::from(cards) - i64::from(demand[k.index()]);
            (
                route.length.saturating_sub(cards),
                std::cmp::Reverse(spare),
                k,
            )
        })
        .min()
        .expect("a route has at least one colour");
    (needed <= hand[Colour::Locomotive.index()]).then_some(Payment {
        colour,
        locomotives: needed,
    })
}

/// The claim action for a payment. In `official` a payment made only of locomotives is sent in
/// its canonical form (c = Locomotive, n = L); in `cgs` the colour the bot's rule named is kept.
pub fn claim(route: &Route, payment: Payment, rules: RuleSet) -> Action {
    let colour = if rules == RuleSet::Official && payment.locomotives == route.length {
        Colour::Locomotive
    } else {
        payment.colour
    };
    Action::Claim {
        route: route.id,
        colour,
        locomotives: payment.locomotives,
    }
}

/// Among the unclaimed routes that fit the bot's trains and that the greedy payment rule can
/// pay, the one with the most points; ties go to `preferred` routes, then the lowest `track_id`.
/// Returns the claim action, paid with the greedy payment rule.
pub fn best_claim_by_points(
    map: &Map,
    view: &View,
    preferred: impl Fn(u8) -> bool,
) -> Option<Action> {
    let trains = view.my_trains();
    let loco = view.locomotives();
    let biggest_pile = Colour::CARD_COLOURS
        .iter()
        .map(|k| view.hand[k.index()])
        .max()
        .unwrap_or(0);
    // The greedy rule can pay iff the biggest allowed pile plus the locomotives cover the length;
    // the payment itself is only worked out for the winner.
    let payable = |route: &Route| {
        let pile = if route.is_gray() {
            biggest_pile
        } else {
            route
                .colours
                .iter()
                .map(|k| view.hand[k.index()])
                .max()
                .unwrap_or(0)
        };
        u16::from(route.length) <= u16::from(pile) + u16::from(loco)
    };
    let mut best: Option<(i32, bool, &Route)> = None;
    for route in &map.routes {
        if route.length > trains || !view.is_unclaimed(usize::from(route.id)) {
            continue;
        }
        let points = route.points();
        if best.is_some_and(|(p, pref, _)| points < p || (points == p && pref)) {
            continue;
        }
        if !payable(route) {
            continue;
        }
        let key = (points, preferred(route.id));
        if best.is_none_or(|(p, pref, _)| key > (p, pref)) {
            best = Some((key.0, key.1, route));
        }
    }
    let (_, _, route) = best?;
    let payment = greedy_payment(route, &view.hand).expect("payable was checked");
    Some(claim(route, payment, view.rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::bots::test_support::{hand, routes_of_length, usa, view};

    fn route(length: u8, colours: &[Colour]) -> Route {
        Route {
            id: 7,
            a: 0,
            b: 1,
            length,
            colours: colours.to_vec(),
        }
    }

    fn pay(colour: Colour, locomotives: u8) -> Option<Payment> {
        Some(Payment {
            colour,
            locomotives,
        })
    }

    #[test]
    fn fewest_locomotives_first() {
        let r = route(4, &[Colour::Red, Colour::Blue]);
        let h = hand(&[(Colour::Red, 2), (Colour::Blue, 3), (Colour::Locomotive, 1)]);
        assert_eq!(greedy_payment(&r, &h), pay(Colour::Blue, 1));
    }

    #[test]
    fn ties_go_to_fewer_cards_then_lower_code() {
        let gray = route(3, &[Colour::Locomotive]);
        // Red 5 and Green 3 both need no locomotive: Green, the smaller pile.
        let h = hand(&[(Colour::Red, 5), (Colour::Green, 3)]);
        assert_eq!(greedy_payment(&gray, &h), pay(Colour::Green, 0));
        // Equal need with locomotives means equal piles: the lower code.
        let h = hand(&[
            (Colour::Red, 2),
            (Colour::White, 2),
            (Colour::Locomotive, 1),
        ]);
        assert_eq!(greedy_payment(&gray, &h), pay(Colour::White, 1));
        // No cards at all on gray: Purple with all locomotives.
        let h = hand(&[(Colour::Locomotive, 3)]);
        assert_eq!(greedy_payment(&gray, &h), pay(Colour::Purple, 3));
    }

    #[test]
    fn infeasible_when_short_of_locomotives() {
        let r = route(5, &[Colour::Red]);
        let h = hand(&[(Colour::Red, 3), (Colour::Locomotive, 1), (Colour::Blue, 9)]);
        assert_eq!(greedy_payment(&r, &h), None);
    }

    #[test]
    fn all_locomotive_payment_is_canonical_only_in_official() {
        let r = route(3, &[Colour::Red]);
        let p = Payment {
            colour: Colour::Red,
            locomotives: 3,
        };
        let official = Action::Claim {
            route: 7,
            colour: Colour::Locomotive,
            locomotives: 3,
        };
        let cgs = Action::Claim {
            route: 7,
            colour: Colour::Red,
            locomotives: 3,
        };
        assert_eq!(claim(&r, p, RuleSet::Official), official);
        assert_eq!(claim(&r, p, RuleSet::Cgs), cgs);
    }

    #[test]
    fn best_claim_prefers_points_then_preferred_then_lowest_id() {
        let map = usa();
        let mut v = view(&map);
        v.hand = hand(&[(Colour::Locomotive, 6)]);
        // Every route is payable with 6 locomotives: the first 6-long route wins.
        let sixes = routes_of_length(&map, 6);
        let [first_six, second_six] = [sixes[0], sixes[1]];
        let got = best_claim_by_points(&map, &v, |_| false);
        let want = Action::Claim {
            route: first_six,
            colour: Colour::Locomotive,
            locomotives: 6,
        };
        assert_eq!(got, Some(want));
        let got = best_claim_by_points(&map, &v, |r| r == second_six);
        assert!(matches!(got, Some(Action::Claim { route, .. }) if route == second_six));
        v.trains[0] = 5;
        let got = best_claim_by_points(&map, &v, |_| false);
        assert!(
            matches!(got, Some(Action::Claim { route, locomotives: 5, .. }) if map.routes[usize::from(route)].length == 5)
        );
        v.hand = [0; 9];
        assert_eq!(best_claim_by_points(&map, &v, |_| false), None);
    }
}
