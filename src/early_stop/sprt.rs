//! `run --sprt-stop`: each two-seat pairing stops when its GSPRT accepts H0 or H1. The test is
//! asked after every complete seed pair, in game-index order, so the same seed stops at the
//! same game at any thread count. A decided pairing's later games are dropped (not written,
//! not counted); when every pairing is decided the run ends.

use crate::error::UsageError;
use crate::report::terminal::stop_decision_text;
use crate::runner::{Flow, GameRecord, Schedule};
use crate::score::Scoreboard;
use crate::stats::sprt::{SprtResult, Verdict};
use crate::summary::{SprtOptions, SprtStop, StopDecision};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The pairings decided so far.
pub struct EarlyStop {
    test: SprtOptions,
    /// Per pairing, decided: shared with the workers, which then stop playing its games.
    decided: Arc<[AtomicBool]>,
    decisions: Vec<(usize, StopDecision)>,
    /// The game after which the whole run stopped, once every pairing is decided.
    stopped_after: Option<u64>,
}

impl EarlyStop {
    /// The stop of a run of `schedule` by `test`; every pairing must be two different bots in
    /// two seats, which the plan's format ensures except for the seats.
    pub fn new(test: SprtOptions, schedule: &Schedule) -> Result<EarlyStop, UsageError> {
        if schedule.seats != 2 {
            return Err(UsageError::Invalid(format!(
                "--sprt-stop tests two-seat games (seed pairs), not games of {} players",
                schedule.seats
            )));
        }
        Ok(EarlyStop {
            test,
            decided: (0..schedule.pairings.len())
                .map(|_| AtomicBool::new(false))
                .collect(),
            decisions: Vec::new(),
            stopped_after: None,
        })
    }

    /// Whether the games of `pairing` no longer count: its test decided earlier.
    pub fn drops(&self, pairing: usize) -> bool {
        self.decided
            .get(pairing)
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The flags the workers read (see [`crate::runner::Part::skipping`]).
    pub fn decided(&self) -> Arc<[AtomicBool]> {
        Arc::clone(&self.decided)
    }

    /// Every pairing is decided: the run is over.
    pub fn finished(&self) -> bool {
        self.stopped_after.is_some()
    }

    /// Counts `record` (not dropped) on the scoreboard and takes its test's decision, if any.
    /// `Flow::Stop` once every pairing is decided.
    pub fn follow(&mut self, score: &mut Scoreboard, record: &GameRecord) -> Flow {
        let Some((pairing, result)) = score.add(record) else {
            return Flow::Continue;
        };
        if result.verdict == Verdict::Continue {
            return Flow::Continue;
        }
        let decision = decision(score, pairing, record.index, result);
        self.decisions.push((pairing, decision));
        self.decided[pairing].store(true, Ordering::Relaxed);
        if self.decisions.len() < self.decided.len() {
            return Flow::Continue;
        }
        self.stopped_after = Some(record.index);
        Flow::Stop
    }

    /// What summary.json says.
    pub fn summary(&self) -> SprtStop {
        SprtStop {
            test: self.test,
            stopped_after_game: self.stopped_after,
            decisions: self.decisions.iter().map(|(_, d)| d.clone()).collect(),
        }
    }

    /// The manifest's note of a run that ended early, `None` while it has not.
    pub fn note(&self) -> Option<String> {
        self.stopped_after.map(|game| {
            let each: Vec<String> = self
                .decisions
                .iter()
                .map(|(_, d)| stop_decision_text(d))
                .collect();
            format!("stopped after game {game}: {}", each.join("; "))
        })
    }
}

fn decision(score: &Scoreboard, pairing: usize, game: u64, result: SprtResult) -> StopDecision {
    let pairing = &score.pairings[&pairing];
    StopDecision {
        bot: score.name(pairing.bot).to_string(),
        opponent: score.name(pairing.opponent).to_string(),
        after_game: game,
        games: pairing.games(),
        llr: result.llr,
        llr_lower: result.bounds.lower,
        llr_upper: result.bounds.upper,
        verdict: result.verdict,
    }
}
