//! What a staged format tells a watcher while it plays: what it has decided so far, by bot
//! name, so that a view (the live page, through the run) can follow a knockout's bracket or a
//! Swiss system's rounds as they are decided. The format knows nothing of where it goes; a
//! watcher only reads, so the games are the same with or without one.

use super::result::{Entrant, KnockoutResult, SwissResult};
use serde::Serialize;

/// A staged format's picture so far: `{"knockout": …}` or `{"swiss": …}` in JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SoFar {
    Knockout(KnockoutSoFar),
    /// The rounds played and the standings after them.
    Swiss(SwissResult),
}

/// A knockout as it stands: what is decided, in `summary.json`'s form, and while it plays the
/// round being played and the rounds to come. Once the format is done playing nothing is
/// playing or to come, and it serialises as `summary.json`'s `knockout` exactly.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KnockoutSoFar {
    #[serde(flatten)]
    pub decided: KnockoutResult,
    /// The pools' games are being played: their standings are provisional.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pools_playing: bool,
    /// The bracket round being played, its matches as their games stand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playing: Option<PlayingRound>,
    /// The rounds after it, whose entrants are not known yet.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub to_come: Vec<PendingRound>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayingRound {
    pub name: String,
    /// In bracket order, byes included.
    pub matches: Vec<PlayingMatch>,
}

/// A match of the round being played: decided (`winner` set) once all its games are in.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayingMatch {
    pub high: Entrant,
    /// `None`: `high` has a bye.
    pub low: Option<Entrant>,
    /// Games played so far, of `match_games`.
    pub games: u64,
    pub match_games: u64,
    /// Points of `high` and `low` so far (a win 1, a draw ½).
    pub points: [f64; 2],
    pub winner: Option<String>,
    /// `points`, `score`, `seed` or `bye`, once decided.
    pub decided_by: Option<String>,
}

/// A round still to come: its name and how many matches it holds (byes left out).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PendingRound {
    pub name: String,
    pub matches: usize,
}

/// Told what a staged format has decided so far, as it plays.
pub trait Watch {
    /// `so_far` draws the picture (a watcher that saves time may skip it); `settled` says a
    /// stage just ended, a picture not to skip.
    fn so_far(&self, settled: bool, so_far: &dyn Fn() -> SoFar);
}

/// A watcher, with the bot names its pictures use.
#[derive(Clone, Copy)]
pub struct Watcher<'a> {
    pub names: &'a [String],
    pub watch: &'a dyn Watch,
}

/// Shows `watcher`, when there is one, the picture `so_far` draws from the bot names.
pub(super) fn tell(
    watcher: Option<Watcher<'_>>,
    settled: bool,
    so_far: &dyn Fn(&[String]) -> SoFar,
) {
    if let Some(watcher) = watcher {
        watcher.watch.so_far(settled, &|| so_far(watcher.names));
    }
}
