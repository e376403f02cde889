//! The sequential test `check`'s sprt gates and `tune`'s verification share: seed pairs of two
//! bots folded into pentanomial counts, with the GSPRT asked after every pair.

use super::running::Pairs;
use crate::outcome::half_points;
use crate::runner::{Flow, GameRecord, RecordSink};
use crate::stats::pentanomial::HeadToHead;
use crate::stats::sprt::{EloBounds, SprtBounds, Verdict, sprt};

/// Folds game pairs (both seat orders of a seed) into pentanomial counts and tests after each.
/// Bot 0 of the two-bot plan it watches is the candidate. Also `tourney tune`'s final test.
pub struct SequentialTest {
    hypotheses: EloBounds,
    bounds: SprtBounds,
    /// Pairs by the candidate's half-points in them: 0 (two losses) ..= 4 (two wins).
    pub pairs: [u64; 5],
    /// The pairs as they are folded (`pairs` is their counts).
    fold: Pairs,
    pub last: Option<(f64, Verdict)>,
    pub faults: u64,
}

impl SequentialTest {
    /// A test of normalized Elo `nelo0` against `nelo1` within `bounds`.
    pub fn normalized(nelo0: f64, nelo1: f64, bounds: SprtBounds) -> SequentialTest {
        SequentialTest {
            hypotheses: EloBounds::Normalized { nelo0, nelo1 },
            bounds,
            pairs: [0; 5],
            fold: Pairs::default(),
            last: None,
            faults: 0,
        }
    }
}

impl RecordSink for SequentialTest {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        if record.termination.is_forfeit() {
            self.faults += 1;
        }
        // Bot 0 of this two-bot plan is the candidate.
        let seat = record
            .lineup
            .iter()
            .position(|&b| b == 0)
            .expect("candidate plays");
        if !self
            .fold
            .add(half_points(record.ranks[seat], record.ranks[1 - seat]))
        {
            return Ok(Flow::Continue);
        }
        self.pairs = self.fold.counts;
        let result = sprt(
            &HeadToHead::Pentanomial(self.pairs),
            self.hypotheses,
            self.bounds,
        )
        .map_err(|e| std::io::Error::other(e.to_string()))?;
        self.last = Some((result.llr, result.verdict));
        Ok(if result.verdict == Verdict::Continue {
            Flow::Continue
        } else {
            Flow::Stop
        })
    }
}
