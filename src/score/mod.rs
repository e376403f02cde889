//! Scores kept while games are played, record by record in game-index order: the running
//! score people read during a run (`running.rs`), and the sequential test that `check`'s SPRT
//! gates and `tune`'s verification stop on (`sequential.rs`). Both fold the two seat orders of
//! a seed into one pentanomial count, so they count pairs alike.

mod running;
mod sequential;

pub use running::{Pairs, Scoreboard, pairs_elo};
pub use sequential::SequentialTest;
