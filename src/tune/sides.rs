//! An iteration's result: how the plus side did against the minus side.

use crate::outcome::half_points;
use crate::runner::GameRecord;

/// The two sides' scores over one iteration: each game scores a side the share of the other
/// seats it finished ahead of (ties half). Sides are bots 0 (plus) and 1 (minus) of the
/// iteration's lineup; the field's bots are not scored.
#[derive(Default)]
pub struct Sides {
    score: [f64; 2],
    squares: [f64; 2],
    games: [u64; 2],
}

impl Sides {
    pub fn add(&mut self, record: &GameRecord) {
        let seats = record.seats();
        for (seat, &bot) in record.lineup.iter().enumerate().filter(|(_, b)| **b < 2) {
            let points: u32 = (0..seats)
                .filter(|&o| o != seat)
                .map(|o| u32::from(half_points(record.ranks[seat], record.ranks[o])))
                .sum();
            let score = f64::from(points) / (2.0 * (seats - 1) as f64);
            self.score[bot] += score;
            self.squares[bot] += score * score;
            self.games[bot] += 1;
        }
    }

    /// Plus's total score minus minus's: summed, not averaged, so that an iteration of twice
    /// the games weighs twice (fishtest's wins minus losses).
    pub fn result(&self) -> f64 {
        self.score[0] - self.score[1]
    }

    /// The variance of one game's score, each side about its own mean, pooled over the two.
    pub fn variance(&self) -> f64 {
        let side = |i: usize| {
            let games = self.games[i].max(1) as f64;
            let mean = self.score[i] / games;
            (self.squares[i] / games - mean * mean).max(0.0)
        };
        (side(0) + side(1)) / 2.0
    }
}
