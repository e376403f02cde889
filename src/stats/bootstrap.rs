//! Rating intervals by a bootstrap over seeds. Knows bots, seed-group outcomes and the caller's
//! generator; never a game.
//!
//! A *seed group* is one seed played by one pairing in every seat order (two games for two
//! seats). Every pairing plays the same deal on a seed, so the resampling unit is the whole
//! seed: all its groups, in every pairing, drawn together. Resampling groups independently per
//! pairing would ignore a seed effect shared across pairings (a deal that favours one bot in all
//! its pairings) and make the intervals too narrow.

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
}

/// One distinct outcome of a seed over every pairing that played it: `pieces` index the
/// caller's list of distinct seed-group outcomes (one per pairing the seed was complete in), and
/// `count` is how many seeds ended exactly that way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedOutcome {
    pub pieces: Vec<usize>,
    pub count: u64,
}

/// How many times each piece occurs over `seeds` (the observed data, or a resample of it).
pub fn piece_times(seeds: &[SeedOutcome], n_pieces: usize) -> Vec<u64> {
    let mut times = vec![0; n_pieces];
    for seed in seeds {
        for &piece in &seed.pieces {
            times[piece] += seed.count;
        }
    }
    times
}

/// A seed group of a two-seat pairing, for Bradley–Terry: `a` scored `half_points` in `games`
/// games against `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupResult {
    pub a: usize,
    pub b: usize,
    pub half_points: u32,
    pub games: u32,
}

/// Pairwise results of `pieces`, each counted `times[k]` times: the point estimate's data when
/// `times` is [`piece_times`] of the observed seeds, a resample's otherwise.
pub fn group_results(
    n_bots: usize,
    pieces: &[GroupResult],
    times: &[u64],
) -> Result<PairwiseResults, StatsError> {
    let mut results = PairwiseResults::new(n_bots);
    for (piece, &t) in pieces.iter().zip(times) {
        if t > 0 {
            results.add(
                piece.a,
                piece.b,
                f64::from(piece.half_points) / 2.0 * t as f64,
                f64::from(piece.games) * t as f64,
            )?;
        }
    }
    Ok(results)
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

/// Percentile bootstrap over whole seeds: each resample draws as many seeds as were played,
/// with replacement, as a multinomial over the distinct seed outcomes, and the ratings are
/// fitted again on what it drew. One set of settings serves the Bradley–Terry and the
/// Plackett–Luce bootstraps, so that the two resample alike.
///
/// Resampling is drawn as a chain of binomials (each outcome's count given the ones before), so
/// the cost grows with the number of distinct seed outcomes, not of seeds. The binomials come
/// from `statrs` (BINV inversion for `n·p < 10`, else BTPE rejection; both exact, with a Poisson
/// limit only for `p < 2⁻⁵⁴`, which counts of seeds cannot produce). Deterministic: outcomes
/// are drawn in slice order, all from the caller's `rng`.
#[derive(Clone, Copy, Debug)]
pub struct SeedBootstrap<'a> {
    pub n_bots: usize,
    pub seeds: &'a [SeedOutcome],
    pub resamples: usize,
    /// The prior of every refit.
    pub prior: Prior,
    /// Each resample's ratings are measured from this bot's (its interval is then `(0, 0)`);
    /// `None` keeps the fit's own centring.
    pub anchor: Option<usize>,
}

impl<'a> SeedBootstrap<'a> {
    /// With the default prior and no anchor.
    pub fn new(n_bots: usize, seeds: &'a [SeedOutcome], resamples: usize) -> SeedBootstrap<'a> {
        SeedBootstrap {
            n_bots,
            seeds,
            resamples,
            prior: Prior::default(),
            anchor: None,
        }
    }

    /// The bootstrap of any model: `fit` turns the times each of the `n_pieces` seed outcomes
    /// was drawn into ratings.
    pub fn refit(
        &self,
        n_pieces: usize,
        rng: &mut Rng,
        mut fit: impl FnMut(&[u64]) -> Result<Vec<f64>, StatsError>,
    ) -> Result<BootstrapSummary, StatsError> {
        if self.resamples == 0 {
            return Err(StatsError::NoResamples);
        }
        let counts: Vec<u64> = self.seeds.iter().map(|s| s.count).collect();
        let mut spread = Resamples::new(self.n_bots, self.resamples);
        let mut drawn_seeds = self.seeds.to_vec();
        for _ in 0..self.resamples {
            for (seed, drawn) in drawn_seeds.iter_mut().zip(resample_counts(&counts, rng)) {
                seed.count = drawn;
            }
            let elo = anchored(fit(&piece_times(&drawn_seeds, n_pieces))?, self.anchor);
            spread.record(&elo);
        }
        Ok(spread.summarise())
    }

    /// For two-seat games: refits Bradley–Terry on each resample of `pieces`.
    pub fn bradley_terry(
        &self,
        pieces: &[GroupResult],
        rng: &mut Rng,
    ) -> Result<BootstrapSummary, StatsError> {
        self.refit(pieces.len(), rng, |times| {
            let results = group_results(self.n_bots, pieces, times)?;
            Ok(fit_bradley_terry(&results, self.prior)?.elo)
        })
    }
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

    /// Three bots, every seed played by all three pairings (two games per group): pieces are
    /// `(a, b, half-points)` and seeds list one piece per pairing.
    fn three_bots(seeds: &[([u32; 3], u64)]) -> (Vec<GroupResult>, Vec<SeedOutcome>) {
        let mut pieces = Vec::new();
        let mut outcomes = Vec::new();
        for (half_points, count) in seeds {
            let mut ids = Vec::new();
            for (k, (a, b)) in [(0, 1), (0, 2), (1, 2)].into_iter().enumerate() {
                let piece = GroupResult {
                    a,
                    b,
                    half_points: half_points[k],
                    games: 2,
                };
                let id = pieces.iter().position(|p| *p == piece).unwrap_or_else(|| {
                    pieces.push(piece);
                    pieces.len() - 1
                });
                ids.push(id);
            }
            outcomes.push(SeedOutcome {
                pieces: ids,
                count: *count,
            });
        }
        (pieces, outcomes)
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
        let (pieces, seeds) = three_bots(&[
            ([4, 3, 2], 30),
            ([2, 4, 1], 25),
            ([1, 2, 2], 20),
            ([3, 3, 3], 15),
            ([0, 1, 2], 10),
        ]);
        let observed = group_results(3, &pieces, &piece_times(&seeds, pieces.len())).unwrap();
        assert_eq!(observed.games(0, 1), 200.0);
        let point = fit_bradley_terry(&observed, Prior::default()).unwrap().elo;
        let run = || {
            SeedBootstrap::new(3, &seeds, 300)
                .bradley_terry(&pieces, &mut rng())
                .unwrap()
        };
        let a = run();
        assert_eq!(a, run());
        for (bot, &(lo, hi)) in a.intervals.iter().enumerate() {
            assert!(lo < point[bot] && point[bot] < hi, "bot {bot}: {lo} {hi}");
        }
        assert!(a.superiority[0][2] > 0.95 && a.superiority[2][0] < 0.05);
        assert!((a.superiority[0][1] + a.superiority[1][0] - 1.0).abs() < 1e-12);
    }

    /// Issue 13, item 2: a seed effect shared by bot 0's two pairings (the deal favours it in
    /// both or in neither) must widen its interval. The uncorrelated data have the very same
    /// histogram per pairing, so a bootstrap that resamples each pairing on its own gives both
    /// sets the same interval; resampling whole seeds gives the correlated set about √2 times
    /// the width, as for one binomial of 200 seeds instead of two independent ones.
    #[test]
    fn a_seed_effect_shared_across_pairings_widens_the_interval() {
        let correlated = three_bots(&[([4, 4, 2], 100), ([0, 0, 2], 100)]);
        let independent = three_bots(&[
            ([4, 4, 2], 50),
            ([4, 0, 2], 50),
            ([0, 4, 2], 50),
            ([0, 0, 2], 50),
        ]);
        let width = |(pieces, seeds): &(Vec<GroupResult>, Vec<SeedOutcome>)| {
            let b = SeedBootstrap::new(3, seeds, 2000)
                .bradley_terry(pieces, &mut rng())
                .unwrap();
            b.intervals[0].1 - b.intervals[0].0
        };
        let ratio = width(&correlated) / width(&independent);
        assert!((1.25..1.6).contains(&ratio), "width ratio {ratio}");
    }

    #[test]
    fn degenerate_input_is_handled() {
        let no_fit = |_: &[u64]| -> Result<Vec<f64>, StatsError> { Ok(vec![0.0; 2]) };
        assert_eq!(
            SeedBootstrap::new(2, &[], 0).refit(0, &mut rng(), no_fit),
            Err(StatsError::NoResamples)
        );
        let empty = SeedBootstrap::new(2, &[], 10)
            .bradley_terry(&[], &mut rng())
            .unwrap();
        assert_eq!(empty.intervals, vec![(0.0, 0.0), (0.0, 0.0)]);
        let mut p = PairingGroups::new(0, 1, 2);
        assert!(p.record(5).is_err());
        p.record(4).unwrap();
        assert_eq!(p.outcome_counts(), &[0, 0, 0, 0, 1]);
        assert!(PairingGroups::from_counts(0, 1, 2, vec![1, 2]).is_err());
    }
}
