//! `run --think-times`: a built-in bot whose every decision is timed like a program's, so the
//! report can show its think time. The measurement is two clock readings per decision; without
//! the flag no bot is wrapped and nothing is read.

use super::{Bot, BotFailure, BotMaker, MadeBot, Think};
use crate::game::{Game, Seat};
use crate::outcome::Outcome;
use crate::seed::Rng;
use std::time::Instant;

/// Makes the bots of `inner`, each timed.
pub struct TimedMaker<'a, G: Game>(pub Box<dyn BotMaker<G> + 'a>);

impl<G: Game> BotMaker<G> for TimedMaker<'_, G> {
    fn make(&self, game: &G, seat: Seat, rng: Rng, game_index: u64) -> MadeBot<G> {
        let inner = self.0.make(game, seat, rng, game_index)?;
        Ok(Box::new(Timed { inner, last: None }))
    }
}

/// A bot timed around its `try_act`; a bot that times itself (a program) keeps its own
/// measurement, which leaves out the harness's encoding of the request.
struct Timed<G: Game> {
    inner: Box<dyn Bot<G>>,
    last: Option<Think>,
}

impl<G: Game> Bot<G> for Timed<G> {
    fn act(&mut self, game: &G, view: &G::View) -> G::Action {
        self.inner.act(game, view)
    }

    fn try_act(&mut self, game: &G, view: &G::View) -> Result<G::Action, BotFailure> {
        let asked = Instant::now();
        let action = self.inner.try_act(game, view);
        self.last = Some(Think {
            took: asked.elapsed(),
            left: None,
        });
        action
    }

    fn begin(&mut self, game: &G, seat: Seat, start: &G::State) -> Result<(), BotFailure> {
        self.inner.begin(game, seat, start)
    }

    fn observe(&mut self, game: &G, actor: Seat, action: &G::Action) {
        self.inner.observe(game, actor, action);
    }

    fn turn_over(&mut self, game: &G) {
        self.inner.turn_over(game);
    }

    fn finish(&mut self, game: &G, outcome: &Outcome) {
        self.inner.finish(game, outcome);
    }

    fn think(&self) -> Option<Think> {
        self.inner.think().or(self.last)
    }

    /// A contest program stays one whose faults always lose, timed or not.
    fn resumable(&self) -> bool {
        self.inner.resumable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::TicketToRide;

    /// A bot that says, as a contest program does, that a game cannot go on after its fault.
    struct Unresumable;

    impl Bot<TicketToRide> for Unresumable {
        fn act(
            &mut self,
            _: &TicketToRide,
            _: &<TicketToRide as Game>::View,
        ) -> <TicketToRide as Game>::Action {
            unreachable!("never asked")
        }

        fn resumable(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_timed_bot_answers_every_question_as_the_bot_it_times() {
        let timed = Timed::<TicketToRide> {
            inner: Box::new(Unresumable),
            last: None,
        };
        assert!(!timed.resumable());
        assert_eq!(timed.think(), None);
    }
}
