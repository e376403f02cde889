//! Rating intervals by a bootstrap over seed groups. Knows bots, seed-group outcomes and the
//! caller's generator; never a game.
//!
//! A *seed group* is one seed played in every seat order (two games for two seats). Games of one
//! group share a deck, so they are resampled together: treating them as independent games would
//! make the intervals too narrow.

use super::StatsError;
use super::distribution::quantile_sorted;
use super::ratings::{PairwiseResults, Prior, fit_bradley_terry};
use crate::seed::Rng;
use rand::distr::Distribution;
use statrs::distribution::Binomial;

/// Coverage of [`bootstrap`]'s intervals.
pub const CONFIDENCE: f64 = 0.95;

/// Histogram of seed-group outcomes for one pairing of bots `a` and `b`: `outcome_counts()[k]` is
/// the number of groups in which `a` scored `k` half-points, `k` in `0..=2·games_per_group`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingGroups {
    a: usize,
    b: usize,
    games_per_group: u32,
    outcome_counts: Vec<u64>,
}

impl PairingGroups {
    /// No groups yet for the pairing of `a` (whose points are counted) against `b`.
    pub fn new(a: usize, b: usize, games_per_group: u32) -> Self {
        let outcomes = 2 * games_per_group as usize + 1;
        PairingGroups {
            a,
            b,
            games_per_group,
            outcome_counts: vec![0; outcomes],
        }
    }

    /// Builds a pairing from a finished histogram, checking its length is `2·games_per_group + 1`.
    pub fn from_counts(
        a: usize,
        b: usize,
        games_per_group: u32,
        outcome_counts: Vec<u64>,
    ) -> Result<Self, StatsError> {
        if outcome_counts.len() != 2 * games_per_group as usize + 1 {
            return Err(StatsError::InvalidCount {
                what: format!(
                    "{} outcome counts for {games_per_group} games per group; expected {}",
                    outcome_counts.len(),
                    2 * games_per_group + 1
                ),
            });
        }
        Ok(PairingGroups {
            a,
            b,
            games_per_group,
            outcome_counts,
        })
    }

    /// Records one group in which `a` scored `half_points` (0 ..= 2·games_per_group).
    pub fn record(&mut self, half_points: u32) -> Result<(), StatsError> {
        let slot = self
            .outcome_counts
            .get_mut(half_points as usize)
            .ok_or_else(|| StatsError::InvalidCount {
                what: format!(
                    "{half_points} half-points in a group of {} games",
                    self.games_per_group
                ),
            })?;
        *slot += 1;
        Ok(())
    }

    pub fn bots(&self) -> (usize, usize) {
        (self.a, self.b)
    }

    pub fn games_per_group(&self) -> u32 {
        self.games_per_group
    }

    pub fn outcome_counts(&self) -> &[u64] {
        &self.outcome_counts
    }

    /// Adds this pairing's games and `a`'s points to `results`, so the point estimate and every
    /// resample are built the same way.
    pub fn add_to(&self, results: &mut PairwiseResults) -> Result<(), StatsError> {
        add_counts(
            results,
            self.a,
            self.b,
            self.games_per_group,
            &self.outcome_counts,
        )
    }
}

fn add_counts(
    results: &mut PairwiseResults,
    a: usize,
    b: usize,
    games_per_group: u32,
    counts: &[u64],
) -> Result<(), StatsError> {
    let groups: u64 = counts.iter().sum();
    if groups == 0 {
        return Ok(());
    }
    let half_points: f64 = counts
        .iter()
        .enumerate()
        .map(|(k, &c)| k as f64 * c as f64)
        .sum();
    results.add(
        a,
        b,
        half_points / 2.0,
        groups as f64 * f64::from(games_per_group),
    )
}

/// What one bootstrap run gives.
#[derive(Clone, Debug, PartialEq)]
pub struct BootstrapSummary {
    /// `(lower, upper)` Elo per bot: the 2.5% and 97.5% percentiles of the resampled ratings,
    /// by the type-7 definition of [`quantile_sorted`] (percentile method, no bias correction).
    pub intervals: Vec<(f64, f64)>,
    /// `superiority[i][j]`: the fraction of resamples in which bot `i` rated strictly above bot
    /// `j`, ties counting one half (likelihood of superiority). Only meaningful when `i` and `j`
    /// are in the same connected component of the comparison graph.
    pub superiority: Vec<Vec<f64>>,
    /// Number of resamples behind these numbers.
    pub resamples: usize,
}

/// Resamples seed groups with replacement within each pairing `resamples` times, refits
/// Bradley–Terry with `prior` each time, and summarises the spread.
///
/// Resampling a pairing's groups with replacement is a multinomial draw with the same total from
/// its outcome histogram. It is drawn as a chain of binomials (each outcome's count given the
/// ones before), so the cost grows with the number of distinct outcomes, not of groups. The
/// binomials come from `statrs` (BINV inversion for `n·p < 10`, else BTPE rejection; both exact,
/// with a Poisson limit only for `p < 2⁻⁵⁴`, which counts of groups cannot produce).
///
/// Deterministic: pairings are drawn in slice order and outcomes in increasing order, all from
/// `rng`. With [`Prior::None`] a resample can lack a finite fit; that is returned as the error.
pub fn bootstrap(
    n_bots: usize,
    pairings: &[PairingGroups],
    resamples: usize,
    prior: Prior,
    rng: &mut Rng,
) -> Result<BootstrapSummary, StatsError> {
    bootstrap_anchored(n_bots, pairings, resamples, prior, None, rng)
}

/// [`bootstrap`], with each resample's ratings measured from bot `anchor`'s (so the anchor's
/// interval is `(0, 0)` and the others' are intervals of their difference to it); `None`
/// keeps mean 0.
pub fn bootstrap_anchored(
    n_bots: usize,
    pairings: &[PairingGroups],
    resamples: usize,
    prior: Prior,
    anchor: Option<usize>,
    rng: &mut Rng,
) -> Result<BootstrapSummary, StatsError> {
    if resamples == 0 {
        return Err(StatsError::NoResamples);
    }
    let mut spread = Resamples::new(n_bots, resamples);
    for _ in 0..resamples {
        let mut results = PairwiseResults::new(n_bots);
        for pairing in pairings {
            let counts = resample_counts(&pairing.outcome_counts, rng);
            add_counts(
                &mut results,
                pairing.a,
                pairing.b,
                pairing.games_per_group,
                &counts,
            )?;
        }
        let elo = anchored(fit_bradley_terry(&results, prior)?.elo, anchor);
        spread.record(&elo);
    }
    Ok(spread.summarise())
}

/// Ratings measured from `anchor`'s, or unchanged.
pub(crate) fn anchored(mut elo: Vec<f64>, anchor: Option<usize>) -> Vec<f64> {
    if let Some(a) = anchor {
        let base = elo[a];
        elo.iter_mut().for_each(|e| *e -= base);
    }
    elo
}

/// The ratings of every resample, folded into percentile intervals and the superiority matrix;
/// shared by every bootstrap so they agree on one definition.
pub(crate) struct Resamples {
    /// Resampled ratings per bot.
    samples: Vec<Vec<f64>>,
    /// `above[i][j]`: resamples rating `i` above `j`, ties counting one half.
    above: Vec<Vec<f64>>,
    count: usize,
}

impl Resamples {
    pub(crate) fn new(n_bots: usize, resamples: usize) -> Resamples {
        Resamples {
            samples: vec![Vec::with_capacity(resamples); n_bots],
            above: vec![vec![0.0; n_bots]; n_bots],
            count: 0,
        }
    }

    pub(crate) fn record(&mut self, elo: &[f64]) {
        self.count += 1;
        for (i, &rating) in elo.iter().enumerate() {
            self.samples[i].push(rating);
            for (j, &other) in elo.iter().enumerate() {
                if rating > other {
                    self.above[i][j] += 1.0;
                } else if rating == other && i != j {
                    self.above[i][j] += 0.5;
                }
            }
        }
    }

    pub(crate) fn summarise(mut self) -> BootstrapSummary {
        let tail = (1.0 - CONFIDENCE) / 2.0;
        let intervals = self
            .samples
            .iter_mut()
            .map(|s| {
                s.sort_by(f64::total_cmp);
                let q = |p| quantile_sorted(s, p).expect("at least one resample was drawn");
                (q(tail), q(1.0 - tail))
            })
            .collect();
        let resamples = self.count;
        let superiority = self
            .above
            .into_iter()
            .map(|row| row.into_iter().map(|w| w / resamples as f64).collect())
            .collect();
        BootstrapSummary {
            intervals,
            superiority,
            resamples,
        }
    }
}

/// [`bootstrap`] with the default prior, returning only the 95% intervals.
pub fn bootstrap_intervals(
    n_bots: usize,
    pairings: &[PairingGroups],
    resamples: usize,
    rng: &mut Rng,
) -> Result<Vec<(f64, f64)>, StatsError> {
    Ok(bootstrap(n_bots, pairings, resamples, Prior::default(), rng)?.intervals)
}

/// One multinomial draw with the same total as `counts` and probabilities proportional to them,
/// by sequential conditional binomials: outcome `k` gets `Bin(remaining draws, c_k / remaining
/// weight)`, and the last outcome with any weight takes what is left.
pub(crate) fn resample_counts(counts: &[u64], rng: &mut Rng) -> Vec<u64> {
    let mut remaining_draws: u64 = counts.iter().sum();
    let mut remaining_weight = remaining_draws;
    let mut out = vec![0; counts.len()];
    for (slot, &c) in out.iter_mut().zip(counts) {
        if remaining_draws == 0 || c == 0 {
            continue;
        }
        let drawn = if c == remaining_weight {
            remaining_draws
        } else {
            let p = c as f64 / remaining_weight as f64;
            Binomial::new(p, remaining_draws)
                .expect("p = c / remaining weight lies in (0, 1) because 0 < c < remaining weight")
                .sample(rng)
        };
        *slot = drawn;
        remaining_draws -= drawn;
        remaining_weight -= c;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::{self, Stream};

    fn rng() -> Rng {
        seed::rng(11, 0, Stream::Bootstrap)
    }

    fn three_bot_pairings() -> Vec<PairingGroups> {
        vec![
            PairingGroups::from_counts(0, 1, 2, vec![5, 10, 40, 30, 15]).unwrap(),
            PairingGroups::from_counts(0, 2, 2, vec![2, 8, 30, 40, 20]).unwrap(),
            PairingGroups::from_counts(1, 2, 2, vec![10, 20, 40, 20, 10]).unwrap(),
        ]
    }

    #[test]
    fn multinomial_resamples_keep_the_total_and_the_mean() {
        let counts = [3, 0, 50, 1_000_000, 7];
        let mut r = rng();
        let mut sum = [0.0; 5];
        for _ in 0..200 {
            let draw = resample_counts(&counts, &mut r);
            assert_eq!(draw.iter().sum::<u64>(), counts.iter().sum::<u64>());
            assert_eq!(draw[1], 0);
            sum.iter_mut()
                .zip(&draw)
                .for_each(|(s, &d)| *s += d as f64 / 200.0);
        }
        assert!((sum[2] - 50.0).abs() < 3.0 && (sum[0] - 3.0).abs() < 1.0);
    }

    #[test]
    fn intervals_cover_the_point_estimate_and_are_reproducible() {
        let pairings = three_bot_pairings();
        let mut results = PairwiseResults::new(3);
        pairings
            .iter()
            .for_each(|p| p.add_to(&mut results).unwrap());
        let point = fit_bradley_terry(&results, Prior::default()).unwrap().elo;
        let a = bootstrap(3, &pairings, 300, Prior::default(), &mut rng()).unwrap();
        let b = bootstrap(3, &pairings, 300, Prior::default(), &mut rng()).unwrap();
        assert_eq!(a, b);
        for (bot, &(lo, hi)) in a.intervals.iter().enumerate() {
            assert!(
                lo < point[bot] && point[bot] < hi,
                "bot {bot}: {lo} {} {hi}",
                point[bot]
            );
        }
        assert!(a.superiority[0][2] > 0.95 && a.superiority[2][0] < 0.05);
        assert!((a.superiority[0][1] + a.superiority[1][0] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn degenerate_input_is_handled() {
        assert_eq!(
            bootstrap(2, &[], 0, Prior::default(), &mut rng()),
            Err(StatsError::NoResamples)
        );
        let empty = bootstrap_intervals(2, &[], 10, &mut rng()).unwrap();
        assert_eq!(empty, vec![(0.0, 0.0), (0.0, 0.0)]);
        let mut p = PairingGroups::new(0, 1, 2);
        assert!(p.record(5).is_err());
        p.record(4).unwrap();
        assert_eq!(p.outcome_counts(), &[0, 0, 0, 0, 1]);
        assert!(PairingGroups::from_counts(0, 1, 2, vec![1, 2]).is_err());
        // A sweep still has finite intervals thanks to the prior.
        let sweep = bootstrap_intervals(2, &[p], 20, &mut rng()).unwrap();
        assert!(
            sweep
                .iter()
                .all(|(lo, hi)| lo.is_finite() && hi.is_finite())
        );
    }
}
