//! Generic search bots, written once against [`Game`] + [`Resample`]: a game opts in by
//! implementing [`Search`] (a few lines) and listing [`make`] in its bot table as `mcts`.
//!
//! Knows no game: everything game-specific reaches it through [`Search`] (faster legal moves
//! from a full state, a leaf estimate, the score unit of rewards) and the game's bot table
//! (rollout policies by name).

#[cfg(test)]
pub mod checked;
mod mcts;
mod reward;
mod settings;
mod tree;

pub use mcts::{Mcts, entry, make};
pub use reward::rewards;
pub use settings::{Rollout, Settings, params};

use crate::bot::BotTable;
use crate::game::{Resample, Seat};
use crate::outcome::Termination;

/// What a game offers search bots beyond [`Resample`]. Every method has a sound default built
/// on [`Game`]; a game overrides one when it has something cheaper or better.
pub trait Search: Resample + BotTable {
    /// Score difference worth a clear lead: rewards pass a score margin through
    /// `tanh(margin / scale)`, so this is where a margin stops mattering much.
    fn score_scale(&self) -> f64;

    /// Parameters of `mcts` that differ from the generic defaults for this game, as
    /// `(name, value)`; the command line and scenario files override them.
    fn mcts_defaults(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The actions search weighs at the root, from the bot's own view. All legal actions by
    /// default; a game with a large branching factor returns the subset worth searching
    /// (macro-actions), and overrides [`Search::legal_in`] the same way for the tree.
    fn root_candidates(&self, view: &Self::View) -> Vec<Self::Action> {
        self.legal_actions(view)
    }

    /// The legal actions of `seat` in a full state. The default builds the seat's view; a game
    /// whose view is costly to build (a board copy) reads the state instead.
    fn legal_in(&self, state: &Self::State, seat: Seat) -> Vec<Self::Action> {
        self.legal_actions(&self.view(state, seat))
    }

    /// Whether every iteration reaches a node of the tree in the same state: nothing hidden to
    /// resample and nothing left to chance after the root. Then the legal actions of a node
    /// are listed once and kept with it, instead of on every visit (a listing that simulates
    /// each move to prune the list is costly). `false` by default, which is always sound.
    fn same_state_at_each_node(&self) -> bool {
        false
    }

    /// Whether [`Search::root_candidates`] and [`Search::legal_in`] list actions best first.
    /// A node then tries its untried actions in that order instead of at random, so the first
    /// visits of a reply meet the strongest replies a cheap ordering knows. `false` by
    /// default: the lists are in no particular order.
    fn candidates_best_first(&self) -> bool {
        false
    }

    /// Estimated final scores of an unfinished state, in score units, for rollouts cut off
    /// by `depth`. The default is the game's own scoring of the position as it stands (what a
    /// forfeit reports), which is what most games would call "the score now".
    fn estimate(&self, state: &Self::State) -> Vec<f64> {
        self.forfeit(state, 0, Termination::TurnLimit)
            .scores
            .iter()
            .map(|&s| f64::from(s))
            .collect()
    }
}
