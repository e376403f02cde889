//! The game-agnostic result of one game: what every sink, statistic and report reads.

use crate::bot::Think;
use crate::game::Seat;
use crate::outcome::Termination;

/// The default is an empty game that ended normally, for a reader or a test to fill in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    pub index: u64,
    pub seed_index: u64,
    pub pairing: usize,
    pub rotation: usize,
    /// Bot index per seat.
    pub lineup: Vec<usize>,
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
    pub termination: Termination,
    /// The seat that lost by fault (illegal, crash).
    pub culprit: Option<Seat>,
    pub turns: u32,
    /// Game-specific values, `extra_columns().len()` per seat, seat-major.
    pub extras: Vec<f64>,
    /// What went wrong, for crash and illegal terminations (panic message or the action).
    pub fault: Option<String>,
    /// `--faults tolerate=N`: per seat, the faults forgiven (a legal action played in place of
    /// the answer). Empty under `--faults lose`, which forgives none.
    pub tolerated: Vec<u32>,
    /// The game's line of `records.jsonl.gz` under `run --record` (see `crate::replay`).
    pub log: Option<String>,
    /// The measured decisions of each timed seat, by seat (empty when no seat is timed): for
    /// the report only, never in `games.csv`.
    pub think: Vec<Vec<Think>>,
}

impl GameRecord {
    /// The place of a game that was not played (see [`super::Part::skipping`]): no scores,
    /// no ranks; only a sink that drops it may receive it.
    pub fn unplayed(fixture: super::Fixture) -> GameRecord {
        GameRecord {
            index: fixture.index,
            seed_index: fixture.seed_index,
            pairing: fixture.pairing,
            rotation: fixture.rotation,
            lineup: fixture.lineup,
            ..GameRecord::default()
        }
    }

    pub fn seats(&self) -> usize {
        self.lineup.len()
    }

    /// The extra values of one seat.
    pub fn extras_of(&self, seat: Seat) -> &[f64] {
        let per_seat = self.extras.len() / self.seats().max(1);
        &self.extras[seat * per_seat..(seat + 1) * per_seat]
    }
}

#[cfg(test)]
impl GameRecord {
    /// For tests: game `index` of a head-to-head of bots 0 and 1 as a run plays it, seed
    /// `index / 2` and the seats swapped on odd games; `ranks` are bot 0's and bot 1's.
    pub fn head_to_head(index: u64, ranks: [u8; 2]) -> GameRecord {
        let rotation = (index % 2) as usize;
        let (lineup, ranks) = match rotation {
            0 => (vec![0, 1], vec![ranks[0], ranks[1]]),
            _ => (vec![1, 0], vec![ranks[1], ranks[0]]),
        };
        GameRecord {
            index,
            seed_index: index / 2,
            rotation,
            lineup,
            ranks,
            ..GameRecord::default()
        }
    }
}
