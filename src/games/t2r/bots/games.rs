//! Whole games with the real engine: every pairing of the playing bots, on every map and rule set,
//! must play only legal actions and never panic, conserve the 110 cards and every seat's trains
//! after every action (`State::check_invariants`), and end with scores that are the sum of
//! their parts; plus the `cgs` first-turn checks of §6.9.

use super::BOTS;
use crate::bot::Bot;
use crate::bot::table::test_bot;
use crate::game::{Game, ToAct};
use crate::games::t2r::tests::{check_final_scoring, game};
use crate::games::t2r::{Action, MapName, RuleSet, TicketToRide};
use crate::outcome::Termination;
use crate::seed::{Stream, rng};

const GAMES_PER_PAIRING: u64 = 200;
const PLAYING_BOTS: [&str; 6] = [
    "do-nothing",
    "random",
    "nice",
    "greedy",
    "expert",
    "expert-plus",
];

/// The two bots `names` for seats 0 and 1 of a game seeded `seed`, each with its seat's
/// stream: every whole game below starts from such a pair.
fn seat_bots(game: &TicketToRide, names: [&str; 2], seed: u64) -> [Box<dyn Bot<TicketToRide>>; 2] {
    [0, 1].map(|seat| {
        let stream = Stream::Seat(u8::try_from(seat).expect("seat 0 or 1"));
        test_bot(names[seat], game, seat, rng(seed, 0, stream), &[])
    })
}

/// A seat and the action it played.
type Move = (usize, Action);

/// Plays one game until its end or the first illegal action; returns that illegal action, if
/// any, and the legal moves played before it. A game that ends must not end by forfeit.
fn play(game: &TicketToRide, names: [&str; 2], seed: u64) -> (Option<Move>, Vec<Move>) {
    let mut bots = seat_bots(game, names, seed);
    let mut state = game.new_state(rng(seed, 0, Stream::Chance));
    let mut history = Vec::new();
    while let ToAct::Seat(seat) = game.to_act(&state) {
        let action = bots[seat].act(game, &game.view(&state, seat));
        if !game.is_legal(&state, seat, &action) {
            return (Some((seat, action)), history);
        }
        history.push((seat, action));
        game.apply(&mut state, seat, action);
        if let Err(broken) = state.check_invariants(game) {
            panic!("{names:?} seed {seed} after {action:?}: {broken}");
        }
    }
    let outcome = game.outcome(&state).expect("over");
    assert!(
        !outcome.termination.is_forfeit(),
        "{names:?} seed {seed}: {outcome:?}"
    );
    check_final_scoring(game, &state);
    (None, history)
}

fn is_cgs_do_nothing_seat0(rules: RuleSet, names: [&str; 2]) -> bool {
    rules == RuleSet::Cgs && names[0] == "do-nothing"
}

/// Every ordered pairing, self-play included, for `GAMES_PER_PAIRING` seeds.
fn every_pairing_plays_only_legal_actions(map: MapName, rules: RuleSet) {
    let game = game(map, rules);
    for first in PLAYING_BOTS {
        for second in PLAYING_BOTS {
            let names = [first, second];
            for seed in 0..GAMES_PER_PAIRING {
                let (illegal, _) = play(&game, names, seed);
                if is_cgs_do_nothing_seat0(rules, names) {
                    assert!(matches!(illegal, Some((0, _))), "{names:?} seed {seed}");
                } else {
                    assert_eq!(illegal, None, "{map:?} {rules:?} {names:?} seed {seed}");
                }
            }
        }
    }
}

/// One test per board and rule set, so the test harness runs them in parallel: the macro
/// writes the six tests that differ only in the board and the rule set.
macro_rules! all_pairings {
    ($($test:ident: $map:ident, $rules:ident;)*) => {$(
        #[test]
        fn $test() {
            every_pairing_plays_only_legal_actions(MapName::$map, RuleSet::$rules);
        }
    )*};
}

all_pairings! {
    all_pairings_usa_official: Usa, Official;
    all_pairings_usa_cgs: Usa, Cgs;
    all_pairings_small_official: Small, Official;
    all_pairings_small_cgs: Small, Cgs;
    all_pairings_europe_official: Europe, Official;
    all_pairings_europe_cgs: Europe, Cgs;
}

/// §6.9: in `cgs`, do-nothing as seat 0 loses at its first action (a card draw), and as seat 1
/// it is never forced to draw tickets: it plays the whole game without holding one.
#[test]
fn cgs_do_nothing_loses_as_seat_0_and_never_draws_tickets_as_seat_1() {
    let game = game(MapName::Usa, RuleSet::Cgs);
    for seed in 0..20 {
        let (illegal, history) = play(&game, ["do-nothing", "greedy"], seed);
        assert!(history.is_empty());
        let (seat, action) = illegal.expect("the first action is illegal");
        assert_eq!(seat, 0);
        assert!(matches!(action, Action::DrawBlind | Action::DrawColour(_)));

        let mut bots = seat_bots(&game, ["nice", "do-nothing"], seed);
        let mut state = game.new_state(rng(seed, 0, Stream::Chance));
        while let ToAct::Seat(seat) = game.to_act(&state) {
            let view = game.view(&state, seat);
            let action = bots[seat].act(&game, &view);
            assert!(game.is_legal(&state, seat, &action));
            if seat == 1 {
                assert_ne!(action, Action::DrawTickets);
                assert_eq!(view.tickets_held[1], 0);
            }
            game.apply(&mut state, seat, action);
        }
        let outcome = game.outcome(&state).expect("over");
        assert_ne!(outcome.termination, Termination::Illegal);
    }
}

#[test]
fn hidden_doubles_are_flagged_and_test_illegal_is_refused_by_the_engine() {
    let game = game(MapName::Small, RuleSet::Official);
    assert!(
        BOTS.iter()
            .filter(|b| b.hidden)
            .all(|b| b.name.starts_with("test-"))
    );
    let (illegal, history) = play(&game, ["test-illegal", "nice"], 1);
    assert!(history.is_empty());
    assert_eq!(illegal, Some((0, super::ILLEGAL_CLAIM)));
}

/// Throughput probe, not a gate: `cargo test --release -- --ignored --nocapture speed`.
#[test]
#[ignore]
fn speed_nice_vs_greedy() {
    for map in MapName::ALL {
        let game = game(map, RuleSet::Official);
        let start = std::time::Instant::now();
        let games = 5000;
        let mut decisions = 0;
        for seed in 0..games {
            decisions += play(&game, ["nice", "greedy"], seed).1.len();
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{map:?}: {:.0} games/s, {:.1} decisions/game",
            games as f64 / secs,
            decisions as f64 / games as f64
        );
    }
}

/// The incremental ticket-path cache must equal a fresh computation at every decision, for
/// both seats' views. `PLAN_CHECK_SEEDS=2000 cargo test --release cached_plan` for a long run.
#[test]
fn cached_plan_matches_a_fresh_one_throughout_real_games() {
    use super::path::Paths;
    use super::plan::TicketPlan;
    let pairings = [
        ["nice", "greedy"],
        ["random", "nice"],
        ["greedy", "random"],
        ["nice", "nice"],
    ];
    let seeds = std::env::var("PLAN_CHECK_SEEDS").map_or(10, |s| s.parse().expect("a number"));
    for (map, rules, names) in MapName::ALL
        .into_iter()
        .flat_map(|m| RuleSet::ALL.map(|r| (m, r)))
        .flat_map(|(m, r)| pairings.map(|p| (m, r, p)))
    {
        let game = game(map, rules);
        for seed in 0..seeds {
            let mut bots = seat_bots(&game, names, seed);
            let mut cached = [TicketPlan::default(), TicketPlan::default()];
            let mut paths = Paths::default();
            let mut state = game.new_state(rng(seed, 0, Stream::Chance));
            while let ToAct::Seat(seat) = game.to_act(&state) {
                for viewer in [seat, 1 - seat] {
                    let view = game.view(&state, viewer);
                    cached[viewer].refresh(&mut paths, game.map(), &view);
                    let mut fresh = TicketPlan::default();
                    fresh.refresh(&mut paths, game.map(), &view);
                    let context = format!("{map:?} {rules:?} {names:?} seed {seed}");
                    assert_eq!(cached[viewer].routes, fresh.routes, "{context}");
                }
                let action = bots[seat].act(&game, &game.view(&state, seat));
                game.apply(&mut state, seat, action);
            }
        }
    }
}
