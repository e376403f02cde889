//! Wilson score interval for a proportion. Knows successes and trials; never what they count.

use super::StatsError;
use statrs::distribution::{ContinuousCDF, Normal};

/// Two-sided Wilson score interval `(lower, upper)` for `successes` out of `trials` at the given
/// confidence level (e.g. 0.95), with `z` the standard normal quantile at `1 − (1 − level)/2`.
///
/// `successes` may be fractional, so a draw can count as half a success; the interval then treats
/// the points as binomial counts, which is slightly conservative when draws are common. With no
/// trials there is no information, and the interval is the whole range `(0, 1)`, never NaN.
pub fn wilson_interval(successes: f64, trials: f64, level: f64) -> Result<(f64, f64), StatsError> {
    if !(level > 0.0 && level < 1.0) {
        return Err(StatsError::InvalidConfidence { level });
    }
    if !(trials.is_finite() && successes.is_finite() && 0.0 <= successes && successes <= trials) {
        return Err(StatsError::InvalidCount {
            what: format!("{successes} successes out of {trials} trials"),
        });
    }
    if trials == 0.0 {
        return Ok((0.0, 1.0));
    }
    let z = standard_normal_quantile(1.0 - (1.0 - level) / 2.0);
    let p = successes / trials;
    let z2n = z * z / trials;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half_width = z / (1.0 + z2n) * (p * (1.0 - p) / trials + z2n / (4.0 * trials)).sqrt();
    Ok((
        (centre - half_width).max(0.0),
        (centre + half_width).min(1.0),
    ))
}

/// Standard normal inverse CDF, shared by the interval code of this module tree.
pub(crate) fn standard_normal_quantile(p: f64) -> f64 {
    Normal::standard().inverse_cdf(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64), tol: f64) -> bool {
        (a.0 - b.0).abs() < tol && (a.1 - b.1).abs() < tol
    }

    #[test]
    fn matches_known_values() {
        assert!(close(
            wilson_interval(8.0, 10.0, 0.95).unwrap(),
            (0.4902, 0.9433),
            5e-5
        ));
        // 0/10 at 95%: lower bound exactly 0, upper z²/(n+z²).
        let (lo, hi) = wilson_interval(0.0, 10.0, 0.95).unwrap();
        assert_eq!(lo, 0.0);
        assert!((hi - 0.277_532).abs() < 1e-5);
    }

    #[test]
    fn is_symmetric_and_accepts_half_points() {
        let (lo, hi) = wilson_interval(3.5, 10.0, 0.9).unwrap();
        let (lo2, hi2) = wilson_interval(6.5, 10.0, 0.9).unwrap();
        assert!((lo - (1.0 - hi2)).abs() < 1e-12 && (hi - (1.0 - lo2)).abs() < 1e-12);
        assert!(lo < 0.35 && 0.35 < hi);
    }

    #[test]
    fn no_trials_and_bad_input_never_give_nan() {
        assert_eq!(wilson_interval(0.0, 0.0, 0.95).unwrap(), (0.0, 1.0));
        assert!(wilson_interval(1.0, 0.0, 0.95).is_err());
        assert!(wilson_interval(1.0, 2.0, 1.0).is_err());
        assert!(wilson_interval(1.0, 2.0, f64::NAN).is_err());
    }
}
