//! An axis of `n` named rows (or columns), each one equal segment: plotters' segmented ranges
//! collapse to a single point for one row (a two-bot report's one pairing was drawn at the
//! canvas's edge with zero height), so the rows are mapped here directly.

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::prelude::SegmentValue;
use std::ops::Range;

/// `n` rows: `Exact(i)` is the edge before row `i`, `CenterOf(i)` its middle, `Last` the end.
#[derive(Clone, Copy, Debug)]
pub struct Rows(usize);

impl Rows {
    /// At least one row, so the axis always has a length.
    pub fn new(n: usize) -> Rows {
        Rows(n.max(1))
    }
}

impl Ranged for Rows {
    type FormatOption = NoDefaultFormatting;
    type ValueType = SegmentValue<usize>;

    fn map(&self, value: &SegmentValue<usize>, limit: (i32, i32)) -> i32 {
        let at = match value {
            SegmentValue::Exact(i) => *i as f64,
            SegmentValue::CenterOf(i) => *i as f64 + 0.5,
            SegmentValue::Last => self.0 as f64,
        };
        let span = f64::from(limit.1 - limit.0);
        limit.0 + (span * at / self.0 as f64).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<SegmentValue<usize>> {
        let most = hint.max_num_points();
        if most == 0 {
            return Vec::new();
        }
        let every = self.0.div_ceil(most);
        (0..self.0)
            .step_by(every)
            .map(SegmentValue::CenterOf)
            .collect()
    }

    fn range(&self) -> Range<SegmentValue<usize>> {
        SegmentValue::Exact(0)..SegmentValue::Last
    }
}

/// Labels come from the charts' own formatters; this is the fallback plotters requires.
impl ValueFormatter<SegmentValue<usize>> for Rows {
    fn format(value: &SegmentValue<usize>) -> String {
        match value {
            SegmentValue::Exact(i) | SegmentValue::CenterOf(i) => i.to_string(),
            SegmentValue::Last => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_fills_the_axis_and_sits_in_its_middle() {
        let rows = Rows::new(1);
        assert_eq!(rows.map(&SegmentValue::Exact(0), (450, 50)), 450);
        assert_eq!(rows.map(&SegmentValue::CenterOf(0), (450, 50)), 250);
        assert_eq!(rows.map(&SegmentValue::Last, (450, 50)), 50);
    }

    #[test]
    fn rows_are_equal_segments() {
        let rows = Rows::new(4);
        let centres: Vec<i32> = (0..4)
            .map(|i| rows.map(&SegmentValue::CenterOf(i), (0, 400)))
            .collect();
        assert_eq!(centres, vec![50, 150, 250, 350]);
        assert_eq!(rows.map(&SegmentValue::Exact(4), (0, 400)), 400);
        assert_eq!(rows.key_points(4).len(), 4);
    }
}
