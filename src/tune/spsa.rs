//! SPSA (simultaneous perturbation stochastic approximation) as fishtest runs it: every
//! iteration moves all parameters at once by ±c_k, plays theta + c_k·delta against
//! theta − c_k·delta, and steps theta along delta by a_k / c_k times the result. Pure
//! arithmetic: the caller plays the games and draws nothing but what [`Spsa::perturb`] asks.
//!
//! The result is summed over the iteration's comparisons of the plus side with the minus
//! side (its total score minus theirs, fishtest's wins minus losses), and the gains count
//! comparisons, not iterations: fishtest's c_j = c / (j + 1)^gamma and
//! a_j = a / (A + j + 1)^alpha, j the comparisons before the iteration, alpha = 0.602,
//! gamma = 0.101 and A = 10% of all comparisons. So how far theta travels per game does not
//! depend on how many games an iteration holds: `--batch` is not a hidden learning rate.
//! What needs no hand-tuning is how c and a are set, per parameter, from its range
//! R = max − min:
//! - c so that the perturbation after the last comparison, c_end, is [`Gains::c_end`]
//!   (default 10%) of R;
//! - a so that [`FIRST_COMPARISONS`] comparisons at the start, all won by one side, move
//!   theta by [`Gains::first_step`] of R; later steps shrink as a_j / c_j does.
//!
//! Values are clipped to the range after every perturbation and step; whole-number parameters
//! are kept as real numbers here (the search needs fractions), with c_k at least 0.5. The two
//! points an iteration plays are rounded stochastically, as fishtest does: down or up with the
//! chances that make the played value equal the real one on average (floor(v + u), u uniform
//! in [0, 1), drawn from the iteration's stream), so a theta of 7.3 plays 7 and 8 in the
//! proportion 7:3 instead of 7 every time. Both points share u, so they stay as far apart as
//! 2·c_k rounds to.

use crate::bot::ParamKind;
use rand::RngExt;

/// Fishtest's exponents.
pub const ALPHA: f64 = 0.602;
pub const GAMMA: f64 = 0.101;

/// The defaults of the two scale choices, as fractions of each parameter's range.
pub const DEFAULT_C_END: f64 = 0.1;
pub const DEFAULT_FIRST_STEP: f64 = 0.07;
/// The comparisons [`Gains::first_step`] is counted over: one iteration of the default batch
/// in self-play (8 seeds in both seat orders).
pub const FIRST_COMPARISONS: f64 = 16.0;

/// How large the perturbations and steps are, relative to each parameter's range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// The last iteration's perturbation, as a fraction of the range.
    pub c_end: f64,
    /// The step of the first [`FIRST_COMPARISONS`] comparisons, all won by one side, as a
    /// fraction of the range.
    pub first_step: f64,
}

impl Default for Gains {
    fn default() -> Gains {
        Gains {
            c_end: DEFAULT_C_END,
            first_step: DEFAULT_FIRST_STEP,
        }
    }
}

/// One tuned parameter's bounds and kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounds {
    pub min: f64,
    pub max: f64,
    pub kind: ParamKind,
}

impl Bounds {
    fn clip(&self, value: f64) -> f64 {
        value.clamp(self.min, self.max)
    }

    /// What a bot is given: clipped, and rounded for whole-number parameters.
    pub fn value(&self, theta: f64) -> f64 {
        match self.kind {
            ParamKind::Int => self.clip(theta).round(),
            ParamKind::Float => self.clip(theta),
        }
    }

    /// The tuned value as reported: [`Bounds::value`] to about 1/10,000 of the range in
    /// decimal digits (SPSA's last steps are coarser), so the printed spec is the bot tested.
    pub fn reported(&self, theta: f64) -> f64 {
        let value = self.value(theta);
        let digits = (4.0 - (self.max - self.min).log10().ceil()).clamp(0.0, 15.0) as usize;
        match self.kind {
            ParamKind::Int => value,
            ParamKind::Float => format!("{value:.digits$}").parse().unwrap_or(value),
        }
    }
}

/// The schedule of one tuning run: `iterations` iterations over `bounds`.
#[derive(Clone, Debug)]
pub struct Spsa {
    pub bounds: Vec<Bounds>,
    pub iterations: u64,
    /// Comparisons of the plus side with the minus side in one iteration.
    pub comparisons: u64,
    /// Per parameter: c and a of the gain sequences.
    c: Vec<f64>,
    a: Vec<f64>,
    big_a: f64,
}

/// One iteration's two points and the direction between them.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// ±1 per parameter.
    pub delta: Vec<f64>,
    /// theta + c_k·delta and theta − c_k·delta, clipped; whole-number parameters rounded
    /// stochastically.
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
}

impl Spsa {
    /// `iterations` iterations of `comparisons` comparisons each.
    pub fn new(bounds: Vec<Bounds>, iterations: u64, comparisons: u64, gains: Gains) -> Spsa {
        let (iterations, comparisons) = (iterations.max(1), comparisons.max(1));
        let total = (iterations * comparisons) as f64;
        let big_a = 0.1 * total;
        // c_j reaches c_end after the last comparison.
        let c: Vec<f64> = bounds
            .iter()
            .map(|b| gains.c_end * (b.max - b.min) * total.powf(GAMMA))
            .collect();
        // a_0 / c_0 · FIRST_COMPARISONS = first_step · R, with c_0 = c.
        let a = bounds
            .iter()
            .zip(&c)
            .map(|(b, &c)| {
                gains.first_step * (b.max - b.min) / FIRST_COMPARISONS
                    * c
                    * (big_a + 1.0).powf(ALPHA)
            })
            .collect();
        Spsa {
            bounds,
            iterations,
            comparisons,
            c,
            a,
            big_a,
        }
    }

    /// Comparisons played before iteration `k`, plus one: the gains' index.
    fn j(&self, k: u64) -> f64 {
        (k * self.comparisons + 1) as f64
    }

    /// c_k of parameter `i` at iteration `k` (0-based).
    pub fn c_k(&self, i: usize, k: u64) -> f64 {
        let c = self.c[i] / self.j(k).powf(GAMMA);
        match self.bounds[i].kind {
            ParamKind::Int => c.max(0.5),
            ParamKind::Float => c,
        }
    }

    /// a_k of parameter `i` at iteration `k`.
    pub fn a_k(&self, i: usize, k: u64) -> f64 {
        self.a[i] / (self.big_a + self.j(k)).powf(ALPHA)
    }

    /// Draws iteration `k`'s signs from `rng` (the iteration's own stream), perturbs theta,
    /// then draws the rounding of each whole-number parameter (after all signs, so a tuning
    /// of real parameters draws what it always did).
    pub fn perturb(&self, theta: &[f64], k: u64, rng: &mut impl RngExt) -> Perturbation {
        let delta: Vec<f64> = theta
            .iter()
            .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let offsets: Vec<Option<f64>> = self
            .bounds
            .iter()
            .map(|b| (b.kind == ParamKind::Int).then(|| rng.random::<f64>()))
            .collect();
        let shifted = |sign: f64| {
            theta
                .iter()
                .enumerate()
                .map(|(i, &t)| {
                    let value = self.bounds[i].clip(t + sign * self.c_k(i, k) * delta[i]);
                    offsets[i].map_or(value, |u| (value + u).floor())
                })
                .collect()
        };
        Perturbation {
            plus: shifted(1.0),
            minus: shifted(-1.0),
            delta,
        }
    }

    /// theta after iteration `k`, whose `result` is how much better the plus side did, summed
    /// over the iteration's comparisons (its total score minus the minus side's).
    pub fn step(&self, theta: &[f64], k: u64, delta: &[f64], result: f64) -> Vec<f64> {
        theta
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let gain = self.a_k(i, k) / self.c_k(i, k);
                self.bounds[i].clip(t + gain * result * delta[i])
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::{self, Stream};

    fn unit(kind: ParamKind) -> Bounds {
        Bounds {
            min: 0.0,
            max: 1.0,
            kind,
        }
    }

    #[test]
    fn gains_follow_fishtest_and_hit_the_chosen_fractions() {
        let spsa = Spsa::new(
            vec![Bounds {
                min: 0.0,
                max: 20.0,
                kind: ParamKind::Float,
            }],
            100,
            16,
            Gains::default(),
        );
        // The last perturbation is c_end of the range (reached after its 16 comparisons).
        assert!((spsa.c_k(0, 99) - 2.0).abs() < 0.01);
        // The first 16 comparisons, all won, move first_step of the range.
        assert!((spsa.a_k(0, 0) / spsa.c_k(0, 0) * 16.0 - 1.4).abs() < 1e-9);
        // Both shrink.
        assert!(spsa.c_k(0, 50) < spsa.c_k(0, 0));
        assert!(spsa.a_k(0, 50) / spsa.c_k(0, 50) * 16.0 < 1.4);
    }

    /// The same games grouped in iterations of 16 or of 128 comparisons: the gains follow the
    /// comparisons played, so an iteration of 128 steps as far as eight of 16 with the same
    /// results (within the 11% a_j / c_j changes across the first eight, less later).
    #[test]
    fn travel_per_game_does_not_depend_on_the_batch() {
        let small = Spsa::new(vec![unit(ParamKind::Float)], 64, 16, Gains::default());
        let large = Spsa::new(vec![unit(ParamKind::Float)], 8, 128, Gains::default());
        for k in 0..8 {
            let mut theta = vec![0.0];
            for i in 0..8 {
                theta = small.step(&theta, 8 * k + i, &[1.0], 4.0);
            }
            let one = large.step(&[0.0], k, &[1.0], 32.0)[0];
            assert!(
                (one / theta[0] - 1.0).abs() < 0.15,
                "iteration {k}: {one} against {}",
                theta[0]
            );
            assert!((large.c_k(0, k) / small.c_k(0, 8 * k) - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn perturbations_are_symmetric_clipped_and_whole_numbers_stay_apart() {
        let spsa = Spsa::new(
            vec![unit(ParamKind::Float), unit(ParamKind::Int)],
            10,
            16,
            Gains::default(),
        );
        let mut rng = seed::rng(1, 0, Stream::Bootstrap);
        let p = spsa.perturb(&[0.5, 0.5], 0, &mut rng);
        for i in 0..2 {
            assert!(
                (p.plus[i] + p.minus[i] - 1.0).abs() < 1e-12,
                "symmetric inside the range"
            );
            assert_eq!(p.delta[i].abs(), 1.0);
        }
        let edge = spsa.perturb(&[1.0, 0.0], 0, &mut rng);
        assert!(
            edge.plus
                .iter()
                .chain(&edge.minus)
                .all(|v| (0.0..=1.0).contains(v))
        );
        // c_k of a whole-number parameter of range 1 would be 0.1: raised to 0.5.
        assert_eq!(spsa.c_k(1, 0), 0.5);
        let b = unit(ParamKind::Int);
        assert_ne!(b.value(p.plus[1]), b.value(p.minus[1]));
    }

    /// A whole number at 5.3 ± 0.5 plays 5 or 6 (plus) and 4 or 5 (minus) in proportions
    /// that average 5.8 and 4.8, always one apart, the same from the same seed.
    #[test]
    fn whole_numbers_are_rounded_stochastically_and_reproducibly() {
        let bounds = Bounds {
            min: 0.0,
            max: 10.0,
            kind: ParamKind::Int,
        };
        let spsa = Spsa::new(vec![bounds], 1000, 16, Gains::default());
        let k = 999;
        let draw = |seed: u64| {
            (0..4000)
                .map(|i| spsa.perturb(&[5.3], k, &mut seed::rng(seed, i, Stream::Bootstrap)))
                .collect::<Vec<_>>()
        };
        let points = draw(1);
        let c = spsa.c_k(0, k);
        let (mut high, mut low) = (0.0, 0.0);
        for p in &points {
            let (hi, lo) = match p.delta[0] > 0.0 {
                true => (p.plus[0], p.minus[0]),
                false => (p.minus[0], p.plus[0]),
            };
            assert_eq!(hi.fract(), 0.0);
            assert!(hi - lo == (2.0 * c).floor() || hi - lo == (2.0 * c).ceil());
            high += hi;
            low += lo;
        }
        let n = points.len() as f64;
        assert!((high / n - (5.3 + c)).abs() < 0.03, "{}", high / n);
        assert!((low / n - (5.3 - c)).abs() < 0.03, "{}", low / n);
        assert_eq!(points, draw(1));
        assert_ne!(points, draw(2));
    }

    #[test]
    fn reported_values_are_short_decimals() {
        let b = Bounds {
            min: 0.0,
            max: 0.05,
            kind: ParamKind::Float,
        };
        assert_eq!(b.reported(0.012345678), 0.01235);
        assert_eq!(unit(ParamKind::Float).reported(0.30000000004), 0.3);
        assert_eq!(unit(ParamKind::Int).reported(0.6), 1.0);
    }

    #[test]
    fn steps_go_toward_the_better_side_and_stay_in_range() {
        let spsa = Spsa::new(vec![unit(ParamKind::Float)], 10, 16, Gains::default());
        assert!(spsa.step(&[0.5], 0, &[1.0], 1.0)[0] > 0.5);
        assert!(spsa.step(&[0.5], 0, &[-1.0], 1.0)[0] < 0.5);
        assert!(spsa.step(&[0.5], 0, &[1.0], -1.0)[0] < 0.5);
        assert_eq!(spsa.step(&[0.5], 0, &[1.0], 0.0)[0], 0.5);
        assert_eq!(spsa.step(&[0.99], 0, &[1.0], 16.0)[0], 1.0);
    }

    /// A noisy objective like the `test-optimum` double's: a side's strength falls linearly
    /// with its distance to 0.3, and each game of a batch of 16 is won with probability
    /// 0.5 + 0.3·(strength difference). From either end and the middle, the default gains
    /// end within 10% of the range in 250 iterations.
    #[test]
    fn finds_the_optimum_of_a_noisy_objective_from_three_starts() {
        let strength = |x: f64| 1.0 - (x - 0.3).abs() / 0.7;
        for start in [0.0_f64, 0.5, 1.0] {
            let spsa = Spsa::new(vec![unit(ParamKind::Float)], 250, 16, Gains::default());
            let mut theta = vec![start];
            let mut rng = seed::rng(7, start.to_bits(), Stream::Bootstrap);
            for k in 0..spsa.iterations {
                let p = spsa.perturb(&theta, k, &mut rng);
                let win = 0.5 + 0.3 * (strength(p.plus[0]) - strength(p.minus[0]));
                let wins = (0..16).filter(|_| rng.random::<f64>() < win).count();
                let result = 2.0 * wins as f64 - 16.0;
                theta = spsa.step(&theta, k, &p.delta, result);
            }
            assert!(
                (theta[0] - 0.3).abs() < 0.1,
                "from {start}: ended at {}",
                theta[0]
            );
        }
    }
}
