//! The format of `records.jsonl.gz`: one [`Header`] line, then one [`GameLine`] per game.

use crate::game::Seat;
use crate::outcome::Termination;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The first line: what was played, enough to configure the game again and re-derive its
/// chance. The configuration is the one asked for (not the game's description of itself), so
/// it configures the same game again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// `tourney-records 1`: bumped when a line's meaning changes.
    pub format: String,
    pub tool: String,
    pub game: String,
    pub rules: Option<String>,
    pub options: BTreeMap<String, String>,
    pub seats: Option<usize>,
    pub master_seed: u64,
    /// Bot labels, by bot index (as in `games.csv`).
    pub bots: Vec<String>,
}

/// The value of [`Header::format`] this version writes and reads.
pub const FORMAT: &str = "tourney-records 1";

/// One game: its fixture, what chance drew at setup, every applied action in order, and how
/// it ended (a forfeit's culprit and message included, so the record stands alone).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine<A, E> {
    pub game: u64,
    pub seed: u64,
    /// Bot index per seat.
    pub lineup: Vec<usize>,
    pub setup: Vec<E>,
    pub steps: Vec<Step<A, E>>,
    pub termination: Termination,
    pub culprit: Option<Seat>,
    pub fault: Option<String>,
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
}

/// One applied action and the chance outcomes it drew.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step<A, E> {
    pub seat: Seat,
    pub action: A,
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub chance: Vec<E>,
    /// The decision's think time in milliseconds, when the seat was timed (a program tourney
    /// started; a built-in bot under `--think-times`). Absent in older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<f64>,
    /// Under a clock, the time the seat had left after this move, increment added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_left_ms: Option<f64>,
}

/// Just the index of a line, to find a game without decoding its actions.
#[derive(Deserialize)]
pub(super) struct LineIndex {
    pub game: u64,
}
