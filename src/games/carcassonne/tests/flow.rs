//! The turn flow through the `Game` trait: drawing, discarding, the end, forfeits, the
//! legal-action order, resampling and the greedy choice.

use super::{after_moves, id, seat_rng};
use crate::bot::table::test_bot;
use crate::game::{Game, Resample, ToAct};
use crate::games::carcassonne::bots::{self, ILLEGAL};
use crate::games::carcassonne::{Action, Carcassonne, State};
use crate::outcome::Termination;
use crate::seed::{Stream, rng};

#[test]
fn unplaceable_tile_is_discarded_and_the_same_player_draws_again() {
    // After E closes D's city, no city edge is open: C cannot go anywhere (check 8).
    let game = Carcassonne::new(2);
    let mut s = State::with_order(2, "ECU");
    assert_eq!(s.current(), Some(id('E')));
    game.apply(&mut s, 0, Action::new(0, -1, 2, None));
    assert_eq!(s.discards(), [id('C')]);
    assert_eq!(s.current(), Some(id('U')));
    assert_eq!(game.to_act(&s), ToAct::Seat(1));
}

#[test]
fn the_game_ends_when_the_bag_is_empty() {
    let game = Carcassonne::new(3);
    let mut s = State::with_order(3, "EC");
    game.apply(&mut s, 0, Action::new(0, -1, 2, Some(0)));
    // C is discarded and the bag is empty: over, seat 0 has the 2-tile city.
    assert_eq!(game.to_act(&s), ToAct::Over);
    let outcome = game.outcome(&s).expect("over");
    assert_eq!(outcome.scores, [4, 0, 0]);
    assert_eq!(outcome.ranks, [1, 2, 2]);
    assert_eq!(outcome.termination, Termination::Normal);
    assert_eq!(game.turns(&s), 1);
}

#[test]
fn forfeit_ranks_the_culprit_last_and_scores_the_board() {
    let game = Carcassonne::new(3);
    let mut s = State::with_order(3, "MU");
    game.apply(&mut s, 0, Action::new(0, -1, 2, Some(0)));
    let outcome = game.forfeit(&s, 0, Termination::Illegal);
    // Seat 0's open city: 2 tiles + 1 shield = 3, yet it is last; the others tie on 0.
    assert_eq!(outcome.scores, [3, 0, 0]);
    assert_eq!(outcome.ranks, [3, 1, 1]);
    assert!(!game.is_legal(&s, 1, &ILLEGAL));
}

#[test]
fn legal_actions_follow_the_documented_order() {
    let game = Carcassonne::new(2);
    let s = State::with_order(2, "LU");
    let legal = game.legal_actions(&game.view(&s, 0));
    let keys: Vec<_> = legal
        .iter()
        .map(|a| (a.y, a.x, a.rot, a.follower))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
    assert!(game.legal_actions(&game.view(&s, 1)).is_empty());
    // L at (1,0) r0: none, then the city, three road stubs (the west one joins D's free road)
    // and three fields: 1 + 7 options.
    let at: Vec<_> = legal
        .iter()
        .filter(|a| (a.x, a.y, a.rot) == (1, 0, 0))
        .collect();
    assert_eq!(at.len(), 8);
    assert_eq!(at[0].follower, None);
}

#[test]
fn resampling_keeps_the_public_position_and_the_bag_contents() {
    let game = Carcassonne::new(2);
    let s = after_moves(&game, 5, 10, |legal| legal[legal.len() / 2]);
    let view = game.view(&s, 1);
    let mut r = rng(5, 0, Stream::Seat(1));
    let t = game.resample(&view, &mut r);
    let again = game.view(&t, 1);
    assert_eq!(again.remaining, view.remaining);
    assert_eq!(again.tile, view.tile);
    assert_eq!(again.to_act, view.to_act);
    assert_eq!(again.board.placed, view.board.placed);
    assert_eq!(again.board.scores, view.board.scores);
    assert_eq!(t.bag_len(), s.bag_len());
    assert_eq!(t.tiles_accounted(), 72);
}

#[test]
fn greedy_closes_the_two_tile_city_with_a_knight() {
    // Knight on E's cap: +4, knight back (value 4). The farmer instead: 3 at the end less 1
    // for the follower that stays (value 2). Anything else is worth at most 0.
    let game = Carcassonne::new(2);
    let s = State::with_order(2, "EU");
    let mut bot = test_bot("greedy", &game, 0, seat_rng(), &[]);
    assert_eq!(
        bot.act(&game, &game.view(&s, 0)),
        Action::new(0, -1, 2, Some(0))
    );
}

#[test]
fn bot_table_and_doubles() {
    let names: Vec<_> = bots::BOTS.iter().map(|b| (b.name, b.hidden)).collect();
    assert_eq!(
        names,
        [
            ("random-tile", false),
            ("random", false),
            ("greedy", false),
            ("mcts", false),
            ("test-panic", true),
            ("test-optimum", true),
            ("test-illegal", true),
        ]
    );
    let game = Carcassonne::new(2);
    let s = State::with_order(2, "EU");
    let mut bot = test_bot("test-illegal", &game, 0, seat_rng(), &[]);
    let action = bot.act(&game, &game.view(&s, 0));
    assert!(!game.is_legal(&s, 0, &action));
}

#[test]
fn configure_accepts_2_to_5_seats() {
    use crate::games::{GameConfig, configure};
    let config = |seats| GameConfig {
        seats,
        ..GameConfig::default()
    };
    assert_eq!(
        configure::<Carcassonne>(&config(None))
            .map(|g| g.seats())
            .ok(),
        Some(2)
    );
    assert_eq!(
        configure::<Carcassonne>(&config(Some(5)))
            .map(|g| g.seats())
            .ok(),
        Some(5)
    );
    assert!(configure::<Carcassonne>(&config(Some(6))).is_err());
    assert!(configure::<Carcassonne>(&config(Some(1))).is_err());
    let rules = GameConfig {
        rules: Some("river".into()),
        ..GameConfig::default()
    };
    assert!(configure::<Carcassonne>(&rules).is_err());
}
