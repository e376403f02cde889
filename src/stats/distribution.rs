//! A streaming summary of integer scores. Knows values and how often they occurred; never a game.

use super::StatsError;
use std::collections::BTreeMap;

/// Counts per integer value, so memory grows with the number of *distinct* scores, not games,
/// and two summaries (from two blocks of games, or two threads) merge exactly. A `BTreeMap`
/// keeps iteration in value order, so every derived number is the same on every run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreDistribution {
    counts: BTreeMap<i64, u64>,
    total: u64,
}

impl ScoreDistribution {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, value: i64) {
        self.push_n(value, 1);
    }

    /// Records `times` occurrences of `value` at once.
    pub fn push_n(&mut self, value: i64, times: u64) {
        if times > 0 {
            *self.counts.entry(value).or_insert(0) += times;
            self.total += times;
        }
    }

    /// Adds every observation of `other`; the result equals pushing both streams into one.
    pub fn merge(&mut self, other: &ScoreDistribution) {
        for (&value, &times) in &other.counts {
            self.push_n(value, times);
        }
    }

    /// Number of observations.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// `(value, occurrences)` in increasing value order.
    pub fn counts(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts.iter().map(|(&v, &c)| (v, c))
    }

    pub fn min(&self) -> Option<i64> {
        self.counts.keys().next().copied()
    }

    pub fn max(&self) -> Option<i64> {
        self.counts.keys().next_back().copied()
    }

    /// Arithmetic mean; the sum is exact (`i128`) before the one division.
    pub fn mean(&self) -> Option<f64> {
        (self.total > 0).then(|| {
            let sum: i128 = self
                .counts()
                .map(|(v, c)| i128::from(v) * i128::from(c))
                .sum();
            sum as f64 / self.total as f64
        })
    }

    /// Sample standard deviation (divisor `n − 1`); `None` with fewer than two observations.
    pub fn std_dev(&self) -> Option<f64> {
        let mean = self.mean()?;
        (self.total >= 2).then(|| {
            let squares: f64 = self
                .counts()
                .map(|(v, c)| c as f64 * (v as f64 - mean).powi(2))
                .sum();
            (squares / (self.total - 1) as f64).sqrt()
        })
    }

    /// The `q`-quantile by Hyndman & Fan type 7 (R's and NumPy's default): with the `n` sorted
    /// observations `x[0..n]` and `h = (n − 1)·q`, it is `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋])`.
    /// So `q = 0.5` is the usual median and `q = 0`, `1` are the minimum and maximum.
    /// `Ok(None)` when empty.
    pub fn quantile(&self, q: f64) -> Result<Option<f64>, StatsError> {
        if !(0.0..=1.0).contains(&q) {
            return Err(StatsError::InvalidQuantile { q });
        }
        if self.total == 0 {
            return Ok(None);
        }
        let h = (self.total - 1) as f64 * q;
        let lower = h.floor() as u64;
        let frac = h - lower as f64;
        let x_lower = self.order_statistic(lower) as f64;
        let x_upper = self.order_statistic((lower + 1).min(self.total - 1)) as f64;
        Ok(Some(x_lower + frac * (x_upper - x_lower)))
    }

    /// The `k`-th smallest observation, 0-based; `k < count()`.
    fn order_statistic(&self, k: u64) -> i64 {
        let mut seen = 0;
        for (value, times) in self.counts() {
            seen += times;
            if k < seen {
                return value;
            }
        }
        unreachable!(
            "k = {k} is below the total count {}, so some value covers it",
            self.total
        )
    }
}

/// Type-7 quantile (as [`ScoreDistribution::quantile`]) of an already sorted slice of floats;
/// `None` when empty. Used for bootstrap percentiles so both agree on one definition.
pub fn quantile_sorted(sorted: &[f64], q: f64) -> Option<f64> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    let h = (n - 1) as f64 * q.clamp(0.0, 1.0);
    let lower = h.floor() as usize;
    let upper = (lower + 1).min(n - 1);
    Some(sorted[lower] + (h - lower as f64) * (sorted[upper] - sorted[lower]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(values: &[i64]) -> ScoreDistribution {
        let mut d = ScoreDistribution::new();
        values.iter().for_each(|&v| d.push(v));
        d
    }

    #[test]
    fn summarises_small_known_data_like_r() {
        // R: x <- c(1, 2, 2, 3, 7, 10); quantile(x, c(.25, .5, .9)) = 2, 2.5, 8.5; sd(x) = 3.544949
        let d = from(&[7, 2, 10, 2, 1, 3]);
        assert_eq!((d.count(), d.min(), d.max()), (6, Some(1), Some(10)));
        assert!((d.mean().unwrap() - 25.0 / 6.0).abs() < 1e-12);
        assert!((d.std_dev().unwrap() - 3.544_949_458_972_112).abs() < 1e-10);
        assert_eq!(d.quantile(0.25).unwrap(), Some(2.0));
        assert_eq!(d.quantile(0.5).unwrap(), Some(2.5));
        assert!((d.quantile(0.9).unwrap().unwrap() - 8.5).abs() < 1e-12);
        assert_eq!(d.quantile(0.0).unwrap(), Some(1.0));
        assert_eq!(d.quantile(1.0).unwrap(), Some(10.0));
        assert!(d.quantile(1.5).is_err());
    }

    #[test]
    fn merging_equals_pushing_everything_into_one() {
        let mut left = from(&[-3, 0, 0, 5]);
        left.merge(&from(&[5, 9, -3]));
        assert_eq!(left, from(&[-3, 0, 0, 5, 5, 9, -3]));
        assert_eq!(
            left.counts().collect::<Vec<_>>(),
            vec![(-3, 2), (0, 2), (5, 2), (9, 1)]
        );
    }

    #[test]
    fn empty_and_single_summaries_say_none_rather_than_nan() {
        let empty = ScoreDistribution::new();
        assert_eq!(
            (empty.mean(), empty.std_dev(), empty.min()),
            (None, None, None)
        );
        assert_eq!(empty.quantile(0.5).unwrap(), None);
        let one = from(&[4]);
        assert_eq!((one.mean(), one.std_dev()), (Some(4.0), None));
        assert_eq!(one.quantile(0.3).unwrap(), Some(4.0));
    }

    #[test]
    fn float_quantiles_use_the_same_definition() {
        assert_eq!(
            quantile_sorted(&[1.0, 2.0, 2.0, 3.0, 7.0, 10.0], 0.9),
            Some(8.5)
        );
        assert_eq!(quantile_sorted(&[], 0.5), None);
    }
}
