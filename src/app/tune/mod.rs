//! `tourney tune`: tunes a bot's numeric parameters by SPSA (`crate::tune::spsa`) on the
//! runner, writes `tune.csv`, `tuned.json`, the plot and `report.html`, tests the tuned values
//! against the start values, and prints the tuned bot spec last.

mod folder;
mod plan;
mod play;
mod verify;

pub use plan::{DEFAULT_BATCH, TunePlan, TuneSettings};
pub use play::tune_game;

use std::process::ExitCode;

/// A game's tuning loop, monomorphised per game in the registry.
pub type TuneFn = fn(&TunePlan) -> anyhow::Result<ExitCode>;
