//! Plays fixtures: schedules them, plays each game with adjudication of crashes and illegal
//! moves, and streams records in index order from a rayon pool; steers a game to a given
//! decision for a bot to be asked there (`position`). Never names a game.

pub mod faults;
pub mod gamelog;
mod guard;
pub mod play;
pub mod position;
pub mod record;
pub mod schedule;
pub mod stream;

pub use faults::FaultPolicy;
pub use gamelog::{GameLog, StartLog};
pub use play::{Lineup, play_fixture, play_game};
pub use record::GameRecord;
pub use schedule::{Fixture, Part, Schedule, Shift};
pub use stream::{Flow, RecordSink, StreamStatus, run_fixtures};

#[cfg(test)]
mod tests;
