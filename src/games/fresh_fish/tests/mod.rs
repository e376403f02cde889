//! Engine tests: hand-built positions with known answers (`positions.rs`, `scoring.rs`) and
//! properties over thousands of seeded games with 2 to 5 seats (`properties.rs`).

mod positions;
mod properties;
mod scoring;
mod search;

use super::FreshFish;
use super::action::Action;
use super::state::State;
use crate::bot::Bot;
use crate::game::{Game, ToAct};
use crate::seed::{Rng, Stream, rng};
use rand::SeedableRng;

pub(super) fn new_game(seats: usize, seed: u64) -> (FreshFish, State) {
    let game = FreshFish::new(seats, super::DEFAULT_TREES, super::DEFAULT_TURN_LIMIT);
    let state = game.new_state(Rng::seed_from_u64(seed));
    (game, state)
}

/// Plays `action` for `seat` after checking that it is legal.
pub(super) fn play(game: &FreshFish, state: &mut State, seat: usize, action: Action) {
    assert!(
        game.is_legal(state, seat, &action),
        "{action:?} by {seat} should be legal"
    );
    game.apply(state, seat, action);
}

/// Plays a whole game with the named bots (bot specs: `lookahead:risk=0.4`), one per seat,
/// as the runner does (every
/// simultaneous seat's view is taken before any of their bids is applied), calling `check`
/// after every action. Panics if a bot plays an illegal action.
pub(super) fn play_bots(
    names: &[&str],
    seed: u64,
    mut check: impl FnMut(&FreshFish, &State),
) -> State {
    let (game, mut state) = new_game(names.len(), seed);
    let mut bots: Vec<Box<dyn Bot<FreshFish>>> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let choice = crate::bot::parse_bot(name).expect("a bot spec");
            let entry = super::bots::find(&choice.bot).expect("a known bot");
            let seat_rng = rng(seed, seed, Stream::Seat(seat as u8));
            entry
                .make(&game, seat, seat_rng, &choice.params)
                .expect("valid parameters")
        })
        .collect();
    loop {
        let seats = match game.to_act(&state) {
            ToAct::Over => return state,
            ToAct::Seat(seat) => vec![seat],
            ToAct::Simultaneous(seats) => seats,
        };
        let views: Vec<_> = seats.iter().map(|&s| game.view(&state, s)).collect();
        let actions: Vec<Action> = seats
            .iter()
            .zip(&views)
            .map(|(&s, v)| {
                let action = bots[s].act(&game, v);
                assert!(
                    game.legal_actions(v).contains(&action),
                    "seed {seed} {names:?}: seat {s} chose {action:?}, not in its legal list"
                );
                action
            })
            .collect();
        for (&s, action) in seats.iter().zip(actions) {
            play(&game, &mut state, s, action);
            check(&game, &state);
        }
    }
}
