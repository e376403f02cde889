//! The hook `run --record` plays through: a log told every applied action, turned into one line
//! when the game is over. The runner only calls it; `crate::replay` implements it (typed by the
//! game's actions and chance events) and writes the lines out.

use super::record::GameRecord;
use crate::bot::Think;
use crate::game::{Game, Seat};
use crate::seed::Rng;

/// One game's log while it is played.
pub trait GameLog<G: Game> {
    /// Told after `seat`'s `action` was applied to `state`; may read what chance drew.
    /// `think` is the harness's measurement of the decision, when the seat is timed.
    fn step(
        &mut self,
        game: &G,
        state: &mut G::State,
        seat: Seat,
        action: G::Action,
        think: Option<Think>,
    );

    /// The finished log as one line (no newline), once the game's record is known.
    fn finish(self: Box<Self>, record: &GameRecord) -> String;
}

/// Starts a logged game from its chance stream: the first state and the log.
pub type StartLog<G> = fn(&G, Rng) -> (<G as Game>::State, Box<dyn GameLog<G>>);

/// Applies `action`, telling the log if there is one. Without a log it is `Game::apply`.
#[inline]
pub(super) fn apply<G: Game>(
    game: &G,
    state: &mut G::State,
    seat: Seat,
    action: G::Action,
    think: Option<Think>,
    log: &mut Option<Box<dyn GameLog<G>>>,
) {
    match log {
        None => game.apply(state, seat, action),
        Some(log) => {
            game.apply(state, seat, action.clone());
            log.step(game, state, seat, action, think);
        }
    }
}
