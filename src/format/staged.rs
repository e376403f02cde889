//! The formats played in stages, each drawn from the results of the ones before: a knockout
//! and a Swiss system, behind one face for the run.

use super::result::{KnockoutResult, SwissResult};
use super::swiss_play::SwissPlay;
use super::tournament::{Stages, Tournament};
use crate::game::Game;
use crate::runner::{RecordSink, Schedule, StreamStatus};

/// A format being played in stages.
#[derive(Clone, Debug)]
pub enum Staged {
    Knockout(Tournament),
    Swiss(SwissPlay),
}

/// What a staged format decided, by bot name.
#[derive(Clone, Debug, PartialEq)]
pub enum Decided {
    Knockout(KnockoutResult),
    Swiss(SwissResult),
}

impl Staged {
    /// Every game the format plays when it is not stopped.
    pub fn total_games(&self) -> u64 {
        match self {
            Staged::Knockout(k) => k.total_games(),
            Staged::Swiss(s) => s.total_games(),
        }
    }

    /// The first stage's schedule, for the run's header line.
    pub fn first_schedule(&self) -> Schedule {
        match self {
            Staged::Knockout(k) => k.first_schedule(),
            Staged::Swiss(s) => s.first_schedule(),
        }
    }

    /// Plays every stage, handing each record to `sink` in game order.
    pub fn play<G: Game>(
        &mut self,
        stages: &Stages<'_, G>,
        sink: &mut dyn RecordSink,
    ) -> std::io::Result<StreamStatus> {
        match self {
            Staged::Knockout(k) => k.play(stages, sink),
            Staged::Swiss(s) => s.play(stages, sink),
        }
    }

    /// What was decided, by bot name (`names` by bot index).
    pub fn result(&self, names: &[String]) -> Decided {
        match self {
            Staged::Knockout(k) => Decided::Knockout(k.result(names)),
            Staged::Swiss(s) => Decided::Swiss(s.result(names)),
        }
    }
}
