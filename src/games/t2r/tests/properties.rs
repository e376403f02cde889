//! Properties over seeded random games on every map and rule set: no panic, every game ends,
//! cards and trains conserved, scores equal the sum of their parts, `legal_actions` ⇔
//! `is_legal`, and resampling preserves the view.

use super::*;
use crate::game::Resample;
use crate::games::t2r::view::View;

/// Random games per (map, rule set): 500 in the README's release test run, 40 in debug builds,
/// where each random game costs a hundred times more.
const GAMES: u64 = if cfg!(debug_assertions) { 40 } else { 500 };

/// One test per map, so the test harness runs them in parallel.
fn random_games_on(map: MapName) {
    for rules in RuleSet::ALL {
        for seed in 0..GAMES {
            play_checked(map, rules, seed);
        }
    }
}

#[test]
fn random_games_on_usa_end_and_conserve_everything() {
    random_games_on(MapName::Usa);
}

#[test]
fn random_games_on_small_end_and_conserve_everything() {
    random_games_on(MapName::Small);
}

#[test]
fn random_games_on_europe_end_and_conserve_everything() {
    random_games_on(MapName::Europe);
}

fn play_checked(map: MapName, rules: RuleSet, seed: u64) {
    let (game, mut state) = new_game(map, rules, seed);
    let mut rng = Rng::seed_from_u64(seed ^ 0xBAD5EED);
    let mut steps = 0;
    while game.outcome(&state).is_none() {
        let action = random_action(&game, &state, &mut rng);
        play(&game, &mut state, action);
        if let Err(e) = state.check_invariants(&game) {
            panic!("{map:?} {rules:?} seed {seed} after {action:?}: {e}");
        }
        assert_eq!(state.total_cards(), 110);
        steps += 1;
        assert!(steps < 10_000, "game too long");
    }
    check_final_scoring(&game, &state);
}

/// Every syntactically possible action worth trying at a position.
fn candidate_actions(game: &TicketToRide, rng: &mut Rng) -> Vec<Action> {
    let mut actions = vec![Action::DrawBlind, Action::DrawTickets, Action::Pass];
    actions.extend((0..6).map(Action::DrawSlot));
    actions.extend(Colour::ALL.map(Action::DrawColour));
    actions.extend((0..16).map(Action::KeepTickets));
    for _ in 0..200 {
        actions.push(Action::Claim {
            route: rng.random_range(0..game.map().routes.len() as u8 + 2),
            colour: Colour::ALL[rng.random_range(0..9)],
            locomotives: rng.random_range(0..8),
        });
    }
    actions
}

/// Plays `seeds` random games on every map under every rule set (the random stream of game
/// `seed` seeded `seed + salt`) and calls `check` before each action: the walk the property
/// tests below share.
fn every_random_position(
    seeds: u64,
    salt: u64,
    mut check: impl FnMut(&TicketToRide, &State, &mut Rng),
) {
    for map in MapName::ALL {
        for rules in RuleSet::ALL {
            let game = game(map, rules);
            for seed in 0..seeds {
                let mut state = game.new_state(Rng::seed_from_u64(seed));
                let mut rng = Rng::seed_from_u64(seed + salt);
                while game.outcome(&state).is_none() {
                    check(&game, &state, &mut rng);
                    let action = random_action(&game, &state, &mut rng);
                    play(&game, &mut state, action);
                }
            }
        }
    }
}

#[test]
fn legal_actions_agree_with_is_legal() {
    every_random_position(6, 99, check_position);
}

fn check_position(game: &TicketToRide, state: &State, rng: &mut Rng) {
    let seat = acting(game, state);
    let view = game.view(state, seat);
    let legal = game.legal_actions(&view);
    assert!(!legal.is_empty());
    for action in &legal {
        assert!(
            game.is_legal(state, seat, action),
            "{action:?} listed but illegal"
        );
        assert!(
            !game.is_legal(state, 1 - seat, action),
            "{action:?} legal for the other seat"
        );
    }
    for action in candidate_actions(game, rng) {
        let listed = legal.contains(&action);
        if let Action::Claim {
            route,
            colour,
            locomotives,
        } = action
        {
            let route = game.map().routes.get(usize::from(route));
            let alias = game.rules() == RuleSet::Official
                && colour != Colour::Locomotive
                && route.is_some_and(|r| r.length == locomotives);
            if alias {
                // Accepted but listed only as c = Locomotive (§3.5 item 5).
                if game.is_legal(state, seat, &action) {
                    let canonical = Action::Claim {
                        route: route.expect("checked").id,
                        colour: Colour::Locomotive,
                        locomotives,
                    };
                    assert!(legal.contains(&canonical));
                }
                continue;
            }
        }
        assert_eq!(game.is_legal(state, seat, &action), listed, "{action:?}");
    }
}

#[test]
fn resampled_states_show_the_same_view() {
    every_random_position(4, 7, |game, state, rng| {
        let seat = acting(game, state);
        let view: View = game.view(state, seat);
        let sampled = game.resample(&view, rng);
        sampled.check_invariants(game).expect("consistent resample");
        assert_eq!(game.view(&sampled, seat), view);
        assert_eq!(
            game.legal_actions(&game.view(&sampled, seat)),
            game.legal_actions(&view)
        );
    });
}
