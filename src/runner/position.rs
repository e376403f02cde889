//! A game steered to one of its decisions, for one bot to be asked there: the doctor puts a
//! program at real positions of its game this way. The deal is the runner's (chance from the
//! seed index under the master seed), the bot hears the game begin and every action before
//! the decision as it would have in the game that reached it, and its answer is judged as a
//! game judges one: a panic is a crash, an action the rules forbid is illegal.

use super::faults::Fault;
use super::play::{begin, decide, tell};
use crate::bot::Bot;
use crate::game::{Game, Seat};
use crate::seed::{self, Stream};

/// The position a bot was asked at, and its answer there or its fault.
pub struct Asked<G: Game> {
    pub state: G::State,
    pub answer: Result<G::Action, Fault>,
}

/// Plays the deal of `seed_index` through `actions` (each with the seat that chose it), with
/// `bot` seated at `seat` hearing all of it, then asks the bot for its decision there. A bot
/// that fails before its turn (at the start, or while hearing an action) is asked nothing.
pub fn ask_at<G: Game>(
    game: &G,
    bot: Box<dyn Bot<G>>,
    (master_seed, seed_index): (u64, u64),
    actions: &[(Seat, G::Action)],
    seat: Seat,
) -> Asked<G> {
    let mut state = game.new_state(seed::rng(master_seed, seed_index, Stream::Chance));
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = (0..=seat).map(|_| None).collect();
    bots[seat] = Some(bot);
    if let Some(fault) = begin(game, &state, &mut bots) {
        return Asked {
            state,
            answer: Err(fault),
        };
    }
    for (actor, action) in actions {
        if let Some(fault) = tell(game, &mut bots, *actor, action) {
            return Asked {
                state,
                answer: Err(fault),
            };
        }
        game.apply(&mut state, *actor, action.clone());
    }
    let view = game.view(&state, seat);
    let answer = decide(game, &state, &mut bots, seat, &view)
        .map(|(action, _)| action)
        .map_err(|(fault, _)| fault);
    Asked { state, answer }
}
