//! Plays a Swiss system round by round: each round's pairing is drawn from the results of the
//! rounds before it (see `super::pairing`), and played as a schedule of its own after the last
//! (see [`super::tournament::stage`]), so game and seed indices run on through the event and
//! the whole is the same at any thread count.

use super::Swiss;
use super::pairing::Round;
use super::result::SwissResult;
use super::swiss_table::{MatchScore, SwissTable};
use super::tournament::{Stages, stage};
use super::watch::{SoFar, tell};
use crate::game::Game;
use crate::runner::{RecordSink, Schedule, Shift, StreamStatus};

/// A Swiss system being played.
#[derive(Clone, Debug)]
pub struct SwissPlay {
    settings: Swiss,
    bots: usize,
    /// Games per pairing, whole seed pairs.
    games_per_pairing: u64,
    table: SwissTable,
}

impl SwissPlay {
    /// `bots` bots under `settings` (already checked), `games_per_pairing` per match.
    pub fn new(settings: Swiss, bots: usize, games_per_pairing: u64) -> SwissPlay {
        SwissPlay {
            settings,
            bots,
            games_per_pairing: games_per_pairing.div_ceil(2) * 2,
            table: SwissTable::new(bots),
        }
    }

    /// A round's games: its pairs, each seed in both seat orders.
    fn schedule(&self, round: &Round) -> Schedule {
        Schedule {
            pairings: round.pairs.iter().map(|&(a, b)| vec![a, b]).collect(),
            seeds: self.games_per_pairing / 2,
            seats: 2,
            deals: None,
        }
    }

    /// Every game of the event when it is not stopped.
    pub fn total_games(&self) -> u64 {
        (self.settings.rounds * (self.bots / 2)) as u64 * self.games_per_pairing
    }

    /// The first round, for the run's header line.
    pub fn first_schedule(&self) -> Schedule {
        self.schedule(&self.table.next_round())
    }

    /// Plays every round, handing each record to `sink` in game order; stops early when a
    /// round is interrupted or the sink asks to (an unfinished round is not counted). The
    /// watcher, if any, is shown the rounds and standings after each round.
    pub fn play<G: Game>(
        &mut self,
        stages: &Stages<'_, G>,
        sink: &mut dyn RecordSink,
    ) -> std::io::Result<StreamStatus> {
        let mut shift = Shift::default();
        let mut played = StreamStatus::default();
        while self.table.rounds_played() < self.settings.rounds {
            let round = self.table.next_round();
            let schedule = self.schedule(&round);
            let mut matches: Vec<MatchScore> = round
                .pairs
                .iter()
                .map(|&(a, b)| MatchScore::new([a, b]))
                .collect();
            let first_pairing = shift.pairing;
            let complete = stage(stages, &schedule, &mut shift, &mut played, sink, &mut |r| {
                matches[r.pairing - first_pairing].add(&r.lineup, &r.ranks);
            })?;
            if !complete {
                break;
            }
            self.table.add_round(&round, matches);
            tell(stages.watcher, true, &|names| {
                SoFar::Swiss(self.result(names))
            });
        }
        Ok(played)
    }

    /// What was decided, by bot name (`names` by bot index).
    pub fn result(&self, names: &[String]) -> SwissResult {
        self.table
            .result(names, self.settings.describe(), self.settings.rounds)
    }
}
