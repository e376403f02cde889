//! `impl Search for TicketToRide`: what makes the generic `mcts` play Ticket to Ride well.
//!
//! A turn start has a hundred or more legal actions (every face-up slot, every route with
//! every payment), and uniform rollouts claim routes at random, so the generic search lost to
//! `random`. Here the root weighs a handful of macro-actions with `expert-plus`'s move first
//! ([`candidates`]), the tree and the rollouts play `expert-plus` for both seats (the
//! opponent model a search against the expert bots needs), and a rollout cut off by `depth`
//! is scored by the expert's reading of the position ([`estimate`]).

use super::bots::{candidates, estimate, expert_move};
use super::{Action, State, TicketToRide, View};
use crate::game::{Game, Seat};
use crate::search::Search;

impl Search for TicketToRide {
    /// Points; twenty are a clear lead.
    fn score_scale(&self) -> f64 {
        20.0
    }

    /// Rollouts of `expert-plus` to the end got cheap enough (about 0.14 ms from an early
    /// position) that 250 iterations fit in the 40 ms a decision may take. Against
    /// `expert-plus`, 400 games of seed 9: 100 iterations won 54.3%, 250 won 60.5%.
    fn mcts_defaults(&self) -> &'static [(&'static str, &'static str)] {
        &[("iterations", "250"), ("rollout", "expert-plus")]
    }

    fn root_candidates(&self, view: &View) -> Vec<Action> {
        candidates(self, view)
    }

    /// Below the root every seat plays `expert-plus`'s move: with a hundred-odd iterations a
    /// tree over macro-actions would pick the opponent's replies at random, a worse model of
    /// it than the expert.
    fn legal_in(&self, state: &State, seat: Seat) -> Vec<Action> {
        vec![expert_move(self, &self.view(state, seat))]
    }

    fn estimate(&self, state: &State) -> Vec<f64> {
        estimate(self, state)
    }
}
