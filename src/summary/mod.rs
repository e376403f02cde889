//! The statistics of a set of games, computed from a [`Tally`] however it was fed (a run, or
//! `games.csv` files): ratings with intervals and the superiority matrix, head-to-head numbers,
//! win rates, score, margin and length tables, and rating convergence. [`Summary`] adds a run's
//! metadata for `summary.json`. Contains no wall-clock time, so it is identical at any thread
//! count: the bots' think times ([`think`]) are shown in the report but never serialised.

mod analysis;
#[cfg(test)]
mod coverage;
mod options;
mod ratings;
mod tally;
#[cfg(test)]
mod tests;
pub mod think;

pub use analysis::{
    Analysis, BotRow, ConvergencePoint, HeadToHeadRow, LengthRow, MarginRow, PairRow, ScoreRow,
    SeatRow, SweepBound, ratings_table, sweep_difference_bound,
};
pub use options::{AnalysisOptions, BOOTSTRAP_DRAWS, SprtOptions};
pub use ratings::{RatingRow, Ratings};
pub use tally::{BotTally, Checkpoint, FAULT_EXAMPLES, GroupOutcome, PairingTally, Tally};

use crate::format::{Decided, KnockoutResult, SwissResult};
use crate::game::GameInfo;
use crate::runner::StreamStatus;
use serde::Serialize;

/// A run's `summary.json`: what was played, and the analysis of it.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub tool: String,
    pub game: GameInfo,
    pub master_seed: u64,
    pub games_per_pairing: u64,
    pub interrupted: bool,
    #[serde(flatten)]
    pub analysis: Analysis,
    /// A knockout's pools, bracket and winner (see `crate::format`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub knockout: Option<KnockoutResult>,
    /// A Swiss system's rounds and standings (see `crate::format`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swiss: Option<SwissResult>,
    /// `--sprt-stop`: the pairings its GSPRT decided, where and how.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt_stop: Option<SprtStop>,
    /// `--disqualify RATE`: the rule, and the programs it withdrew.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disqualify: Option<Disqualify>,
}

/// What `run --disqualify RATE` did.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Disqualify {
    /// The share of its games a program may fault in.
    pub rate: f64,
    /// The games of its own a program plays before it is judged.
    pub min_games: u64,
    pub withdrawn: Vec<Withdrawal>,
}

/// A program withdrawn: its games after `after_game` were not played.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Withdrawal {
    pub bot: String,
    /// The game index after which it was withdrawn (its last game counted).
    pub after_game: u64,
    /// Its games counted, and those in which it faulted (tolerated or not).
    pub games: u64,
    pub faulty_games: u64,
}

impl Withdrawal {
    /// The sentence the terminal, report.html and standings.html show.
    pub fn text(&self, rate: f64) -> String {
        format!(
            "{} withdrawn after game {}: it faulted in {} of its {} games ({:.1}%, above \
             {:.1}%); its later games were not played",
            self.bot,
            self.after_game,
            self.faulty_games,
            self.games,
            100.0 * self.faulty_games as f64 / self.games as f64,
            100.0 * rate
        )
    }
}

/// What `run --sprt-stop` decided.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct SprtStop {
    pub test: SprtOptions,
    /// The whole run ended before its last scheduled game, after this game index.
    pub stopped_after_game: Option<u64>,
    pub decisions: Vec<StopDecision>,
}

/// One pairing stopped by its GSPRT: the games of the pairing after `after_game` were not
/// played (or not counted).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct StopDecision {
    pub bot: String,
    pub opponent: String,
    /// The game index that completed the deciding pair.
    pub after_game: u64,
    /// The pairing's games counted.
    pub games: u64,
    pub llr: f64,
    pub llr_lower: f64,
    pub llr_upper: f64,
    pub verdict: crate::stats::sprt::Verdict,
}

impl Summary {
    /// `games_per_pairing` is what the run was asked for; the summary gives the count played,
    /// rounded up to whole seat rotations.
    pub fn build(
        info: &GameInfo,
        master_seed: u64,
        games_per_pairing: u64,
        status: StreamStatus,
        analysis: Analysis,
    ) -> Summary {
        Summary {
            tool: format!("tourney {}", env!("CARGO_PKG_VERSION")),
            game: info.clone(),
            master_seed,
            games_per_pairing: games_per_pairing.div_ceil(info.seats as u64) * info.seats as u64,
            interrupted: status.interrupted,
            analysis,
            knockout: None,
            sprt_stop: None,
            disqualify: None,
            swiss: None,
        }
    }

    /// Keeps what a knockout or Swiss system decided.
    pub fn set_decided(&mut self, decided: Option<Decided>) {
        match decided {
            Some(Decided::Knockout(k)) => self.knockout = Some(k),
            Some(Decided::Swiss(s)) => self.swiss = Some(s),
            None => {}
        }
    }
}
