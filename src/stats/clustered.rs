//! A proportion measured over clusters of correlated trials (e.g. every game of one seed), with
//! an interval that counts the clusters, not the trials, as the independent units. Knows points
//! and trials per cluster; never what they count.
//!
//! Two seats of one game, or the two seat orders of one deal, are not independent trials: a
//! Wilson interval over them all is too narrow when their outcomes agree (a seed that suits one
//! bot in every rotation) and too wide when they cancel. The interval here is Wilson's with the
//! *effective* number of trials (Kish): `n_eff = p(1 − p) / v`, where `v` is the cluster-robust
//! (sandwich) variance of the ratio estimate `p = Σ points / Σ trials`.

use super::StatsError;
use super::wilson::wilson_interval;

/// Running sums over clusters of `(points, trials)`: enough for the ratio estimate and its
/// cluster-robust variance, in constant memory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClusterSums {
    clusters: u64,
    points: f64,
    trials: f64,
    points_sq: f64,
    points_trials: f64,
    trials_sq: f64,
}

impl ClusterSums {
    /// Adds one cluster in which `points` were scored over `trials` trials (half points allowed).
    /// A cluster with no trials is ignored.
    pub fn add(&mut self, points: f64, trials: f64) {
        if trials <= 0.0 {
            return;
        }
        self.clusters += 1;
        self.points += points;
        self.trials += trials;
        self.points_sq += points * points;
        self.points_trials += points * trials;
        self.trials_sq += trials * trials;
    }

    /// Merges another set of clusters (disjoint from these).
    pub fn merge(&mut self, other: &ClusterSums) {
        self.clusters += other.clusters;
        self.points += other.points;
        self.trials += other.trials;
        self.points_sq += other.points_sq;
        self.points_trials += other.points_trials;
        self.trials_sq += other.trials_sq;
    }

    pub fn clusters(&self) -> u64 {
        self.clusters
    }

    pub fn trials(&self) -> f64 {
        self.trials
    }

    /// Effective number of independent trials: `p(1 − p) / v`, with `v` the ratio estimator's
    /// cluster-robust variance `k/(k − 1) · Σ (points − p·trials)² / (Σ trials)²` over `k`
    /// clusters. Clamped to `[k, Σ trials]`: never more than the trials themselves (so a
    /// seat-swap that cancels luck is not credited beyond independent games), never fewer than
    /// the clusters (each cluster is at least one independent trial). When `v` cannot be
    /// estimated (one cluster, or `p` at 0 or 1 so every cluster agrees) the clusters are the
    /// count, the cautious end.
    pub fn effective_trials(&self) -> f64 {
        let k = self.clusters as f64;
        if self.clusters < 2 {
            return k;
        }
        let p = self.points / self.trials;
        let residual_sq = self.points_sq - 2.0 * p * self.points_trials + p * p * self.trials_sq;
        let variance = k / (k - 1.0) * residual_sq.max(0.0) / (self.trials * self.trials);
        let spread = p * (1.0 - p);
        if spread <= 0.0 {
            return k;
        }
        if variance <= 0.0 {
            return self.trials;
        }
        (spread / variance).clamp(k, self.trials)
    }

    /// Two-sided interval at `level` for the proportion: Wilson's, at the effective number of
    /// trials. `(0, 1)` with no clusters.
    pub fn interval(&self, level: f64) -> Result<(f64, f64), StatsError> {
        if self.clusters == 0 {
            return wilson_interval(0.0, 0.0, level);
        }
        let n = self.effective_trials();
        wilson_interval(self.points / self.trials * n, n, level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sums(clusters: &[(f64, f64)]) -> ClusterSums {
        let mut s = ClusterSums::default();
        clusters.iter().for_each(|&(p, t)| s.add(p, t));
        s
    }

    #[test]
    fn independent_single_trials_give_the_plain_wilson_interval() {
        // 8 of 10 single-trial clusters: the variance is p(1 − p)/n · n/(n − 1), worth n − 1
        // trials, but never fewer than the 10 clusters: the interval is Wilson's at 10.
        let s = sums(&[[(1.0, 1.0); 8].as_slice(), &[(0.0, 1.0); 2]].concat());
        assert_eq!(s.effective_trials(), 10.0);
        let (lo, hi) = s.interval(0.95).unwrap();
        let (wlo, whi) = wilson_interval(8.0, 10.0, 0.95).unwrap();
        assert!((lo - wlo).abs() < 1e-12 && (hi - whi).abs() < 1e-12);
    }

    #[test]
    fn clusters_that_agree_count_once_and_clusters_that_cancel_count_every_trial() {
        // Each cluster is two trials with the same outcome: half as many independent trials.
        // p = 0.75; residuals 0.5 (75 clusters) and −1.5 (25): v = 100/99 · 75 / 200², worth
        // 99 trials, floored at the 100 clusters.
        let agree = sums(&[(2.0, 2.0), (2.0, 2.0), (0.0, 2.0), (2.0, 2.0)].repeat(25));
        assert_eq!(agree.effective_trials(), 100.0);
        // Three agreeing clusters in four, the fourth split: between clusters and trials.
        let mixed = sums(&[(2.0, 2.0), (2.0, 2.0), (1.0, 2.0), (0.0, 2.0)].repeat(25));
        let n = mixed.effective_trials();
        assert!(100.0 < n && n < 200.0, "{n}");
        // Every cluster one win and one loss: p is known exactly; capped at the trials.
        let cancel = sums(&[(1.0, 2.0); 50]);
        assert_eq!(cancel.effective_trials(), 100.0);
        // A sweep: p(1 − p) = 0, counted as the clusters.
        let sweep = sums(&[(3.0, 3.0); 40]);
        assert_eq!(sweep.effective_trials(), 40.0);
        let (lo, hi) = sweep.interval(0.95).unwrap();
        assert_eq!(hi, 1.0);
        assert!((lo - wilson_interval(40.0, 40.0, 0.95).unwrap().0).abs() < 1e-12);
    }

    #[test]
    fn merging_equals_adding_and_empty_is_the_whole_range() {
        let mut a = sums(&[(1.0, 2.0), (2.0, 2.0)]);
        a.merge(&sums(&[(0.5, 1.0)]));
        assert_eq!(a, sums(&[(1.0, 2.0), (2.0, 2.0), (0.5, 1.0)]));
        assert_eq!(ClusterSums::default().interval(0.95).unwrap(), (0.0, 1.0));
        assert_eq!(sums(&[(1.0, 2.0)]).effective_trials(), 1.0);
    }
}
