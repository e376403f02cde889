//! Think times: how long each bot's decisions took, as the harness measured them (see
//! `Bot::think`). Measurements, not results: they reach the report's table and never
//! `games.csv` or `summary.json`, which stay identical at any thread count.

use crate::bot::Think;
use std::time::Duration;

/// Buckets per doubling of the time: a quantile read from the histogram is within 2.2% of the
/// exact one.
const PER_DOUBLING: f64 = 32.0;

/// One bot's decisions: a histogram of log-spaced buckets of microseconds, the exact maximum
/// and the least clock time left. Memory does not grow with the number of decisions.
#[derive(Clone, Debug, Default)]
pub struct ThinkTimes {
    buckets: Vec<u64>,
    count: u64,
    max: Duration,
    least_left: Option<Duration>,
}

/// What the report shows of a bot's think times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThinkRow {
    pub decisions: u64,
    pub median: Duration,
    pub p95: Duration,
    pub max: Duration,
    /// Under a clock, the least time left after any of its moves.
    pub least_left: Option<Duration>,
}

fn bucket(took: Duration) -> usize {
    let micros = took.as_secs_f64() * 1e6;
    ((micros + 1.0).log2() * PER_DOUBLING) as usize
}

/// The middle of a bucket, in the bucket's own scale.
fn middle(bucket: usize) -> Duration {
    let micros = ((bucket as f64 + 0.5) / PER_DOUBLING).exp2() - 1.0;
    Duration::from_secs_f64(micros.max(0.0) / 1e6)
}

impl ThinkTimes {
    pub fn add(&mut self, thinks: &[Think]) {
        for think in thinks {
            let b = bucket(think.took);
            if self.buckets.len() <= b {
                self.buckets.resize(b + 1, 0);
            }
            self.buckets[b] += 1;
            self.count += 1;
            self.max = self.max.max(think.took);
            if let Some(left) = think.left {
                self.least_left = Some(self.least_left.map_or(left, |l| l.min(left)));
            }
        }
    }

    /// Adds `other`'s decisions, as if each had been added here.
    pub fn merge(&mut self, other: &ThinkTimes) {
        if self.buckets.len() < other.buckets.len() {
            self.buckets.resize(other.buckets.len(), 0);
        }
        for (mine, theirs) in self.buckets.iter_mut().zip(&other.buckets) {
            *mine += theirs;
        }
        self.count += other.count;
        self.max = self.max.max(other.max);
        if let Some(left) = other.least_left {
            self.least_left = Some(self.least_left.map_or(left, |l| l.min(left)));
        }
    }

    /// The decision at quantile `q` (its bucket's middle, never above the maximum).
    fn quantile(&self, q: f64) -> Duration {
        let rank = ((q * self.count as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (b, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return middle(b).min(self.max);
            }
        }
        self.max
    }

    /// The table row, `None` for a bot no decision of which was timed.
    pub fn row(&self) -> Option<ThinkRow> {
        (self.count > 0).then(|| ThinkRow {
            decisions: self.count,
            median: self.quantile(0.5),
            p95: self.quantile(0.95),
            max: self.max,
            least_left: self.least_left,
        })
    }
}

/// A duration as the report shows it: `0.4 µs`, `850 µs`, `12.3 ms`, `1.52 s`.
pub fn duration_text(d: Duration) -> String {
    let micros = d.as_secs_f64() * 1e6;
    if micros < 10.0 {
        format!("{micros:.1} µs")
    } else if micros < 1000.0 {
        format!("{micros:.0} µs")
    } else if micros < 1e6 {
        format!("{:.1} ms", micros / 1e3)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn took(millis: u64) -> Think {
        Think {
            took: Duration::from_millis(millis),
            left: None,
        }
    }

    #[test]
    fn quantiles_are_within_the_bucket_width_and_the_maximum_is_exact() {
        let mut times = ThinkTimes::default();
        assert_eq!(times.row(), None);
        let thinks: Vec<Think> = (1..=100).map(took).collect();
        times.add(&thinks);
        let row = times.row().unwrap();
        assert_eq!(row.decisions, 100);
        assert_eq!(row.max, Duration::from_millis(100));
        let near = |d: Duration, want: f64| (d.as_secs_f64() * 1e3 / want - 1.0).abs() < 0.025;
        assert!(near(row.median, 50.0), "{:?}", row.median);
        assert!(near(row.p95, 95.0), "{:?}", row.p95);
        assert_eq!(row.least_left, None);
        times.add(&[Think {
            took: Duration::ZERO,
            left: Some(Duration::from_secs(3)),
        }]);
        assert_eq!(
            times.row().unwrap().least_left,
            Some(Duration::from_secs(3))
        );
    }

    #[test]
    fn merged_histograms_are_the_histogram_of_all_decisions() {
        let thinks: Vec<Think> = (1..=300).map(|ms| took(ms * 7 % 1000)).collect();
        let timed = Think {
            took: Duration::from_millis(1),
            left: Some(Duration::from_millis(5)),
        };
        let mut whole = ThinkTimes::default();
        whole.add(&thinks);
        whole.add(&[timed]);
        let (mut first, mut second) = (ThinkTimes::default(), ThinkTimes::default());
        first.add(&thinks[..40]);
        second.add(&thinks[40..]);
        second.add(&[timed]);
        first.merge(&second);
        assert_eq!(first.buckets, whole.buckets);
        assert_eq!(first.row(), whole.row());
        assert_eq!(
            first.row().unwrap().least_left,
            Some(Duration::from_millis(5))
        );
    }

    #[test]
    fn durations_read_in_the_unit_that_suits_them() {
        assert_eq!(duration_text(Duration::from_nanos(400)), "0.4 µs");
        assert_eq!(duration_text(Duration::from_micros(850)), "850 µs");
        assert_eq!(duration_text(Duration::from_micros(12_340)), "12.3 ms");
        assert_eq!(duration_text(Duration::from_millis(1520)), "1.52 s");
    }
}
