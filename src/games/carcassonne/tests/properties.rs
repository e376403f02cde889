//! Properties over thousands of seeded games with 2 to 5 seats, played by the real bots: no
//! panic, every game ends after placing every placeable tile, followers are conserved at every
//! step, scores are the sum of the score log, the open cells kept are the grid's, the legal
//! list is sorted and agrees with `is_legal`, and bots only play legal actions.

use super::seat_bots;
use crate::game::{Game, ToAct};
use crate::games::carcassonne::board::FOLLOWERS;
use crate::games::carcassonne::{Action, Carcassonne, State};
use crate::seed::{Stream, rng};

/// Games per seat count: 1000 in release builds, 30 in debug builds.
const GAMES: u64 = if cfg!(debug_assertions) { 30 } else { 1000 };

fn check_invariants(game: &Carcassonne, s: &State) {
    let b = s.board();
    b.assert_frontier();
    for seat in 0..game.seats() {
        let on_board = b
            .meeples
            .iter()
            .filter(|m| usize::from(m.seat) == seat)
            .count();
        assert_eq!(
            usize::from(b.supply[seat]) + on_board,
            usize::from(FOLLOWERS)
        );
        let logged: i32 = b
            .log
            .iter()
            .filter(|e| usize::from(e.seat) == seat)
            .map(|e| e.points)
            .sum();
        assert_eq!(logged, b.scores[seat], "scores are the sum of the log");
    }
    let mut roots: Vec<u16> = b.meeples.iter().map(|m| b.features.find(m.node)).collect();
    roots.sort_unstable();
    roots.dedup();
    let counted: usize = roots
        .iter()
        .map(|&r| {
            b.features
                .root(r)
                .followers
                .iter()
                .map(|&n| usize::from(n))
                .sum::<usize>()
        })
        .sum();
    assert_eq!(
        counted,
        b.meeples.len(),
        "root follower counts match the meeples"
    );
    assert_eq!(s.tiles_accounted(), 72);
}

fn play(seats: usize, seed: u64, names: &[&str]) {
    let game = Carcassonne::new(seats);
    let mut s = game.new_state(rng(seed, 0, Stream::Chance));
    let mut players = seat_bots(&game, seed, |seat| names[seat % names.len()]);
    let mut turns = 0;
    while let ToAct::Seat(seat) = game.to_act(&s) {
        let view = game.view(&s, seat);
        let legal = game.legal_actions(&view);
        assert!(!legal.is_empty(), "a drawn tile always has a placement");
        let keys: Vec<_> = legal
            .iter()
            .map(|a| (a.y, a.x, a.rot, a.follower))
            .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
        if turns % 7 == 0 {
            for a in &legal {
                assert!(game.is_legal(&s, seat, a));
            }
            let probe = legal[0];
            for follower in [Some(9), Some(0), Some(3)] {
                let a = Action { follower, ..probe };
                assert_eq!(game.is_legal(&s, seat, &a), legal.contains(&a));
            }
            assert!(!game.is_legal(&s, (seat + 1) % seats, &probe));
        }
        let action = players[seat].act(&game, &view);
        assert!(
            game.is_legal(&s, seat, &action),
            "seed {seed}: {action} illegal"
        );
        assert!(legal.contains(&action));
        game.apply(&mut s, seat, action);
        check_invariants(&game, &s);
        turns += 1;
        assert!(turns <= 71);
    }
    let outcome = game.outcome(&s).expect("over");
    assert_eq!(s.board().placed.len() + s.discards().len(), 72);
    assert_eq!(game.turns(&s) as usize, s.board().placed.len() - 1);
    assert_eq!(outcome.scores, s.board().scores);
    assert!(s.board().end_points().iter().all(|p| p.total() >= 0));
}

fn random_games(seats: usize) {
    for seed in 0..GAMES {
        play(seats, seed, &["random", "random-tile", "random"]);
    }
}

#[test]
fn random_games_with_2_seats() {
    random_games(2);
}

#[test]
fn random_games_with_3_seats() {
    random_games(3);
}

#[test]
fn random_games_with_4_seats() {
    random_games(4);
}

#[test]
fn random_games_with_5_seats() {
    random_games(5);
}

#[test]
fn greedy_games_with_2_to_5_seats() {
    for seed in 0..GAMES / 20 {
        play(2 + (seed as usize % 4), seed, &["greedy", "random"]);
    }
}
