//! The runner's [`GameLog`] for every game with chance events: collects typed steps while the
//! game is played and turns them into a [`GameLine`] at the end.

use super::line::{GameLine, Step};
use crate::bot::Think;
use crate::game::{Chance, Game, Seat};
use crate::runner::{GameLog, GameRecord};
use crate::seed::Rng;
use std::time::Duration;

struct Recording<G: Chance> {
    setup: Vec<G::Event>,
    steps: Vec<Step<G::Action, G::Event>>,
}

impl<G: Chance> GameLog<G> for Recording<G> {
    fn step(
        &mut self,
        game: &G,
        state: &mut G::State,
        seat: Seat,
        action: G::Action,
        think: Option<Think>,
    ) {
        let chance = game.step_chance(state);
        // Microseconds are what the measurement can tell apart.
        let millis = |d: Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
        self.steps.push(Step {
            seat,
            action,
            chance,
            think_ms: think.map(|t| millis(t.took)),
            clock_left_ms: think.and_then(|t| t.left).map(millis),
        });
    }

    fn finish(self: Box<Self>, record: &GameRecord) -> String {
        let line = GameLine {
            game: record.index,
            seed: record.seed_index,
            lineup: record.lineup.clone(),
            setup: self.setup,
            steps: self.steps,
            termination: record.termination,
            culprit: record.culprit,
            fault: record.fault.clone(),
            scores: record.scores.clone(),
            ranks: record.ranks.clone(),
        };
        serde_json::to_string(&line).expect("actions and chance events serialise to JSON")
    }
}

/// A [`crate::runner::StartLog`]: the logged first state and an empty record of the game.
pub fn start<G: Chance>(game: &G, chance: Rng) -> (<G as Game>::State, Box<dyn GameLog<G>>) {
    let mut state = game.new_logged_state(chance);
    let setup = game.setup_chance(&mut state);
    let log = Recording::<G> {
        setup,
        steps: Vec::new(),
    };
    (state, Box::new(log))
}
