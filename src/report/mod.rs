//! Writes results out: `games.csv` as games finish, and the end-of-run artefacts
//! (`summary.json`, terminal tables). Reads records and summaries, never a game.

pub mod games_csv;
pub mod table;
pub mod terminal;
