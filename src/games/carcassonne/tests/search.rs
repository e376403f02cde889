//! The generic `mcts` on Carcassonne: a solved position, determinism, and legal play over
//! seeded games with 2 and 3 seats under every kind of rollout.

use super::super::bots;
use super::super::{Action, Carcassonne, State};
use super::{after_moves, seat_rng};
use crate::bot::Params;
use crate::bot::table::test_bot;
use crate::game::Game;
use crate::search::checked::play_checked;
use crate::seed::{Stream, rng};

fn mcts(
    game: &Carcassonne,
    seat: usize,
    params: &[(&str, &str)],
) -> Box<dyn crate::bot::Bot<Carcassonne>> {
    test_bot("mcts", game, seat, seat_rng(), params)
}

#[test]
fn closing_an_own_city_with_a_knight_beats_every_other_move() {
    // E then U: the knight on E's cap closes the two-tile city for 4 points and comes back;
    // the farmer is worth 3 at the end and keeps a follower away; nothing else scores.
    let game = Carcassonne::new(2);
    let s = State::with_order(2, "EU");
    let best = Action::new(0, -1, 2, Some(0));
    for params in [&[][..], &[("depth", "none"), ("rollout", "random")][..]] {
        let mut bot = mcts(&game, 0, params);
        assert_eq!(bot.act(&game, &game.view(&s, 0)), best, "{params:?}");
    }
}

#[test]
fn same_seed_same_choice_and_the_choice_is_legal() {
    let game = Carcassonne::new(3);
    let s = after_moves(&game, 9, 6, |legal| legal[0]);
    let seat = s.seat();
    let params = [("iterations", "60"), ("determinizations", "4")];
    let first = mcts(&game, seat, &params).act(&game, &game.view(&s, seat));
    assert!(game.is_legal(&s, seat, &first));
    assert_eq!(
        mcts(&game, seat, &params).act(&game, &game.view(&s, seat)),
        first
    );
}

#[test]
fn mcts_plays_only_legal_actions_in_seeded_games() {
    let spec = [
        "mcts:iterations=8",
        "mcts:iterations=4,rollout=greedy,depth=2,determinizations=2",
        "mcts:iterations=3,rollout=uniform,depth=none",
    ];
    for seed in 0..3 {
        let game = Carcassonne::new(2);
        play_checked(&game, seed, &[spec[seed as usize], "greedy"]);
        let game = Carcassonne::new(3);
        play_checked(
            &game,
            seed,
            &["random", spec[seed as usize], "mcts:iterations=5"],
        );
    }
}

#[test]
fn bad_parameters_are_refused_by_name() {
    let game = Carcassonne::new(2);
    let entry = bots::find("mcts").expect("listed");
    for (key, value, expect) in [
        ("iterations", "0", "iterations"),
        ("c", "-1", "c must be"),
        ("rollout", "mcts", "rollout must be"),
        ("rollout", "gredy", "greedy"),
        ("depth", "deep", "depth"),
        ("ms", "0", "ms must be"),
        ("ms", "soon", "ms must be"),
        ("bogus", "1", "bogus"),
    ] {
        let mut params = Params::default();
        params.0.insert(key.into(), value.into());
        let err = entry.make(&game, 0, seat_rng(), &params).err();
        assert!(err.is_some_and(|e| e.contains(expect)), "{key}={value}");
    }
}

#[test]
fn a_time_budget_searches_for_about_that_long_and_plays_legally() {
    let game = Carcassonne::new(2);
    let s = game.new_state(rng(4, 0, Stream::Chance));
    let view = game.view(&s, 0);
    let started = std::time::Instant::now();
    let action = mcts(&game, 0, &[("ms", "30")]).act(&game, &view);
    let spent = started.elapsed();
    assert!(game.is_legal(&s, 0, &action));
    assert!(spent >= std::time::Duration::from_millis(30), "{spent:?}");
    assert!(spent < std::time::Duration::from_secs(2), "{spent:?}");
}
