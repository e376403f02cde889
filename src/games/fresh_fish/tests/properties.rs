//! Properties over seeded games with 2 to 5 seats and every mix of bots: no panic, every game
//! ends, every cell and marker accounted for, coins conserved between the players and the
//! bank, bots only play listed legal actions, `legal_actions` ⇔ `is_legal`, scores equal the
//! sum of their parts, and resampling keeps the view.

use super::*;
use crate::game::Resample;
use crate::games::fresh_fish::board::Content;
use crate::games::fresh_fish::scoring::score_all;
use crate::games::fresh_fish::state::Received;
use crate::outcome::Termination;
use rand::RngExt;

const BOTS: [&str; 3] = ["random", "greedy", "lookahead"];

/// Games per seat count: 1,000 in release test runs (4,000 in all), 40 in debug builds.
const GAMES: u64 = if cfg!(debug_assertions) { 40 } else { 1_000 };

fn lineup(seats: usize, seed: u64) -> Vec<&'static str> {
    let mut rng = Rng::seed_from_u64(seed ^ 0x5EA7);
    (0..seats).map(|_| BOTS[rng.random_range(0..3)]).collect()
}

fn games_with(seats: usize) {
    let mut terminations = std::collections::BTreeMap::new();
    for seed in 0..GAMES {
        let names = lineup(seats, seed);
        let state = play_bots(&names, seed, |_, state| {
            if let Err(e) = state.check_invariants() {
                panic!("seed {seed} {names:?} after {:?}: {e}", state.last_action);
            }
        });
        let outcome = state.outcome.clone().expect("the game is over");
        *terminations.entry(outcome.termination).or_insert(0) += 1;
        assert!(
            state.board.cells().iter().all(|c| !c.is_free()),
            "board closed"
        );
        let scores = score_all(&state.board, state.players());
        for (seat, p) in state.players().iter().enumerate() {
            assert!(p.received.iter().all(|r| *r != Received::No));
            assert_eq!(p.supply, 6, "every marker back in supply");
            assert_eq!(outcome.scores[seat], scores[seat].total());
            let built = p
                .received
                .iter()
                .filter(|r| matches!(r, Received::Shop(_)))
                .count();
            assert_eq!(usize::from(scores[seat].shops_built), built);
        }
        let shops_on_board = state
            .board
            .cells()
            .iter()
            .filter(|c| matches!(c, Content::Shop(..)))
            .count();
        let built: usize = scores.iter().map(|s| usize::from(s.shops_built)).sum();
        assert_eq!(shops_on_board, built);
        for (seat, &rank) in outcome.ranks.iter().enumerate() {
            let better = outcome
                .scores
                .iter()
                .filter(|&&s| s < outcome.scores[seat])
                .count();
            assert_eq!(usize::from(rank), 1 + better);
        }
    }
    // The bag runs out, or, with 4-5 seats, the board may fill up before it does and every
    // seat passes (§8 stalemate). The turn limit is never needed.
    let normal = terminations.get(&Termination::Normal).copied().unwrap_or(0);
    let stalemates = terminations
        .get(&Termination::Stalemate)
        .copied()
        .unwrap_or(0);
    assert_eq!(
        normal + stalemates,
        GAMES,
        "{seats} seats: {terminations:?}"
    );
    eprintln!("{seats} seats: {terminations:?}");
}

#[test]
fn games_with_2_seats_end_and_conserve_everything() {
    games_with(2);
}

#[test]
fn games_with_3_seats_end_and_conserve_everything() {
    games_with(3);
}

#[test]
fn games_with_4_seats_end_and_conserve_everything() {
    games_with(4);
}

#[test]
fn games_with_5_seats_end_and_conserve_everything() {
    games_with(5);
}

/// Every syntactically possible action worth trying.
fn candidates() -> Vec<Action> {
    let mut actions = vec![Action::Draw, Action::Pass];
    actions.extend((0..=101).map(Action::PlaceMarker));
    actions.extend((0..=101).map(Action::Build));
    actions.extend((0..=16).map(Action::Bid));
    actions
}

#[test]
fn legal_actions_agree_with_is_legal_and_resampling_keeps_the_view() {
    let all = candidates();
    for seed in 0..if cfg!(debug_assertions) { 8 } else { 60 } {
        let seats = 2 + (seed as usize % 4);
        let (game, mut state) = new_game(seats, seed);
        let mut rng = Rng::seed_from_u64(seed + 99);
        while game.outcome(&state).is_none() {
            let acting = match game.to_act(&state) {
                ToAct::Seat(s) => vec![s],
                ToAct::Simultaneous(s) => s,
                ToAct::Over => unreachable!("checked above"),
            };
            for seat in 0..seats {
                let view = game.view(&state, seat);
                let legal = game.legal_actions(&view);
                assert_eq!(legal.is_empty(), !acting.contains(&seat), "seed {seed}");
                for action in &all {
                    assert_eq!(
                        legal.contains(action),
                        game.is_legal(&state, seat, action),
                        "seed {seed} seat {seat} {action:?}"
                    );
                }
                let resampled = game.resample(&view, &mut rng);
                assert_eq!(
                    format!("{:?}", game.view(&resampled, seat)),
                    format!("{view:?}")
                );
                assert_eq!(game.to_act(&resampled), game.to_act(&state));
            }
            let views: Vec<_> = acting.iter().map(|&s| game.view(&state, s)).collect();
            let chosen: Vec<Action> = views
                .iter()
                .map(|v| {
                    let legal = game.legal_actions(v);
                    legal[rng.random_range(0..legal.len())]
                })
                .collect();
            for (&seat, action) in acting.iter().zip(chosen) {
                play(&game, &mut state, seat, action);
            }
        }
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let names = ["lookahead", "greedy", "random"];
    let a = play_bots(&names, 11, |_, _| {});
    let b = play_bots(&names, 11, |_, _| {});
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(a.board, b.board);
}
