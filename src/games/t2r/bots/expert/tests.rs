//! Hand-built positions with known answers for `expert`.

use super::settings::{REPORT, Thresholds};
use super::*;
use crate::games::t2r::bots::test_support::{
    GRAY, build_map, face_up, give_routes, gray_map, hand, usa, view,
};

fn expert(payment: PaymentRule) -> Expert {
    Expert {
        settings: Settings { payment, ..EXPERT },
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
    v.face_up = face_up(&[Colour::Locomotive, Colour::Blue, Colour::Red]);
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
    let map = gray_map(3, &[(0, 1, 3), (1, 2, 3), (0, 2, 1)], &[(0, 2, 6)]);
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
    give_routes(&mut v, 0, &[0, 1]);
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
    let map = gray_map(
        6,
        &[(0, 1, 2), (1, 2, 3), (2, 3, 2), (4, 5, 4), (3, 5, 1)],
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
    let make = |name: &str, params: &Params| {
        let entry = crate::games::t2r::bots::find(name).expect("listed");
        entry.make(&game, 0, rng(), params)
    };
    assert!(make("expert", &params).is_ok());
    params.0.insert("payment".into(), "cheap".into());
    let err = make("expert-plus", &params).err().expect("refused");
    assert!(
        err.contains("expert-plus") && err.contains("cheap"),
        "{err}"
    );
}

/// An `expert` paying greedily with these thresholds.
fn with_thresholds(thresholds: Thresholds) -> Expert {
    Expert {
        settings: Settings {
            thresholds,
            ..EXPERT
        },
        ..Expert::default()
    }
}

#[test]
fn each_threshold_moves_the_decision_it_names() {
    let map = board();
    let mut v = holding_the_ticket(&map);
    // A hand of 3 that does not pay the plan, 45 trains each: it hoards...
    v.hand = hand(&[(Colour::Blue, 3)]);
    let claim_blue = Action::Claim {
        route: 1,
        colour: Colour::Blue,
        locomotives: 0,
    };
    assert_eq!(with_thresholds(REPORT).decide(&map, &v), Action::DrawBlind);
    // ...unless 3 cards are a hoard, or 45 trains the endgame.
    for thresholds in [
        Thresholds { hoard: 3, ..REPORT },
        Thresholds {
            endgame: 45,
            ..REPORT
        },
    ] {
        assert_eq!(
            with_thresholds(thresholds).decide(&map, &v),
            claim_blue,
            "{thresholds:?}"
        );
    }
    // With its plan claimed and 40 trains it draws tickets, unless it wants more than 40.
    give_routes(&mut v, 0, &[0, 1]);
    v.trains[0] = 40;
    v.hand = hand(&[(Colour::Green, 1)]);
    assert_eq!(
        with_thresholds(REPORT).decide(&map, &v),
        Action::DrawTickets
    );
    let wary = Thresholds {
        tickets_above: 40,
        ..REPORT
    };
    assert_ne!(with_thresholds(wary).decide(&map, &v), Action::DrawTickets);
}

#[test]
fn the_ticket_margin_decides_what_fits() {
    let map = usa();
    let mut v = view(&map);
    v.phase = Phase::SetupTickets;
    v.min_keep = 2;
    let mut planner = Planner::default();
    let offer = (0..map.tickets.len() as u16)
        .map(|a| [a, a + 1, a + 2])
        .find(|offer| planner.itinerary(&map, &v, offer).length <= 40)
        .expect("some offer fits");
    let length = planner.itinerary(&map, &v, &offer).length;
    v.offer = offer.to_vec();
    // 45 trains: kept whole with a margin that leaves its itinerary room, not with one more.
    let keeps = |ticket_margin: u32| {
        let thresholds = Thresholds {
            ticket_margin,
            ..REPORT
        };
        with_thresholds(thresholds).decide(&map, &v)
    };
    assert_eq!(keeps(45 - length), Action::KeepTickets(0b111));
    assert_ne!(keeps(46 - length), Action::KeepTickets(0b111));
}

/// The actions of one whole game on usa, seat 0 and seat 1 each a bot of the table with
/// its parameters.
fn whole_game(bots: [(&str, &[(&str, &str)]); 2], seed: u64) -> Vec<Action> {
    use crate::bot::table::test_bot;
    use crate::game::{Game, ToAct};
    use crate::seed::{Stream, rng};
    let game = TicketToRide::new(
        crate::games::t2r::MapName::Usa,
        RuleSet::Official,
        crate::games::t2r::DEFAULT_TURN_LIMIT,
    );
    let mut seats = [0u8, 1].map(|seat| {
        let (name, params) = bots[usize::from(seat)];
        let stream = rng(seed, 0, Stream::Seat(seat));
        test_bot(name, &game, usize::from(seat), stream, params)
    });
    let mut state = game.new_state(rng(seed, 0, Stream::Chance));
    let mut actions = Vec::new();
    while let ToAct::Seat(seat) = game.to_act(&state) {
        let action = seats[seat].act(&game, &game.view(&state, seat));
        actions.push(action);
        game.apply(&mut state, seat, action);
    }
    actions
}

/// The report's thresholds, as parameters.
const REPORT_PARAMS: [(&str, &str); 4] = [
    ("ticket-margin", "5"),
    ("endgame", "12"),
    ("hoard", "40"),
    ("tickets-above", "20"),
];

#[test]
fn the_reports_thresholds_given_as_parameters_play_as_before() {
    let thrifty = [REPORT_PARAMS.as_slice(), &[("payment", "thrifty")]].concat();
    for seed in 0..3 {
        // `expert` keeps the report's values as its defaults.
        let plain = whole_game([("expert", &[]), ("nice", &[])], seed);
        assert_eq!(
            plain,
            whole_game([("expert", &REPORT_PARAMS), ("nice", &[])], seed)
        );
        // `expert-plus` before its thresholds were tuned was `expert` paying thriftily.
        assert_eq!(
            whole_game([("expert-plus", &REPORT_PARAMS), ("nice", &[])], seed),
            whole_game([("expert", &thrifty), ("nice", &[])], seed)
        );
    }
}
