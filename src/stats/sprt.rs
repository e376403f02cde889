//! Generalized sequential probability ratio test (GSPRT) between two Elo hypotheses, as fishtest
//! runs it (Michel Van den Bergh's formulation). Knows outcome counts; never a game.
//!
//! The log-likelihood ratio compares the maximum-likelihood distributions of the outcomes under
//! each hypothesis: for H₀ the multinomial closest (in likelihood) to the observed frequencies
//! among those whose statistic equals the H₀ bound, likewise for H₁, and
//! `LLR = N · Σ p̂ᵢ · ln(p₁ᵢ / p₀ᵢ)`. Both constrained maxima come from the secular equation
//! `Σ p̂ᵢ aᵢ / (1 + x aᵢ) = 0` (Van den Bergh, "support_MLE_multinomial" and
//! "normalized_elo_practical"), solved here by safeguarded Newton.

use super::StatsError;
use super::elo::{NELO_PER_T, score_from_elo};
use super::pentanomial::{Empirical, HeadToHead};

/// The two hypotheses, in Elo. H₀ is `elo0`, H₁ is `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EloBounds {
    /// Logistic Elo: the statistic is the expected score `1/(1 + 10^(−elo/400))`.
    Logistic { elo0: f64, elo1: f64 },
    /// Normalized Elo: the statistic is the t-value `(score − ½)/σ` with
    /// `t = nelo / (800 / ln 10)`, times √2 for pentanomial counts (σ per pair).
    Normalized { nelo0: f64, nelo1: f64 },
}

/// Stopping thresholds on the LLR from the error rates: `lower = ln(β/(1−α))`,
/// `upper = ln((1−β)/α)` (Wald).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtBounds {
    pub lower: f64,
    pub upper: f64,
}

impl SprtBounds {
    /// `alpha`: chance of accepting H₁ when H₀ holds; `beta`: of accepting H₀ when H₁ holds.
    pub fn from_error_rates(alpha: f64, beta: f64) -> Result<Self, StatsError> {
        let valid = |rate: f64| rate > 0.0 && rate < 1.0;
        if !(valid(alpha) && valid(beta) && alpha + beta < 1.0) {
            return Err(StatsError::InvalidErrorRates { alpha, beta });
        }
        Ok(SprtBounds {
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        })
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper {
            Verdict::AcceptH1
        } else if llr <= self.lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// LLR reached the lower bound: the change is not better than H₀ (a "fail").
    AcceptH0,
    /// LLR reached the upper bound: accept H₁ (a "pass").
    AcceptH1,
    /// Neither bound reached: play more games.
    Continue,
}

/// The LLR and its verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtResult {
    pub llr: f64,
    pub bounds: SprtBounds,
    pub verdict: Verdict,
}

/// Runs the test on the counts so far.
pub fn sprt(
    h2h: &HeadToHead,
    hypotheses: EloBounds,
    bounds: SprtBounds,
) -> Result<SprtResult, StatsError> {
    let llr = llr(h2h, hypotheses)?;
    Ok(SprtResult {
        llr,
        bounds,
        verdict: bounds.verdict(llr),
    })
}

/// Generalized log-likelihood ratio of H₁ against H₀ for the observed counts (zero counts
/// regularized as in [`super::pentanomial::REGULARIZATION`]).
pub fn llr(h2h: &HeadToHead, hypotheses: EloBounds) -> Result<f64, StatsError> {
    let empirical = h2h.empirical()?;
    let (p0, p1) = match hypotheses {
        EloBounds::Logistic { elo0, elo1 } => (
            mle_with_mean(&empirical, score_from_elo(elo0))?,
            mle_with_mean(&empirical, score_from_elo(elo1))?,
        ),
        EloBounds::Normalized { nelo0, nelo1 } => {
            let t = |nelo: f64| nelo / NELO_PER_T * h2h.unit_to_game_sd();
            (
                mle_with_t_value(&empirical, t(nelo0))?,
                mle_with_t_value(&empirical, t(nelo1))?,
            )
        }
    };
    let per_unit: f64 = (0..empirical.probs.len())
        .map(|i| empirical.probs[i] * (p1[i].ln() - p0[i].ln()))
        .sum();
    Ok(empirical.units * per_unit)
}

/// Most likely distribution on `empirical.values` with mean `mean` (Van den Bergh, Prop. 1.1):
/// `pᵢ = p̂ᵢ / (1 + x (aᵢ − mean))` with `x` the root of the secular equation.
fn mle_with_mean(empirical: &Empirical, mean: f64) -> Result<Vec<f64>, StatsError> {
    let shifted: Vec<f64> = empirical.values.iter().map(|a| a - mean).collect();
    let x = secular(&shifted, &empirical.probs)?;
    Ok(reweight(&empirical.probs, &shifted, x))
}

/// Most likely distribution with t-value `(mean − ½)/σ = t` (Van den Bergh, "normalized Elo
/// practical", §4.1): a fixed-point iteration, each step a secular equation on values shifted by
/// `½ + t·σ·(1 + ((μ − aᵢ)/σ)²)/2` with μ, σ from the previous iterate, starting from uniform.
fn mle_with_t_value(empirical: &Empirical, t: f64) -> Result<Vec<f64>, StatsError> {
    const MAX_ROUNDS: usize = 100;
    let n = empirical.values.len();
    let mut current = vec![1.0 / n as f64; n];
    for _ in 0..MAX_ROUNDS {
        let (mu, var) = empirical.moments(&current);
        let sigma = var.sqrt();
        let shifted: Vec<f64> = empirical
            .values
            .iter()
            .map(|a| a - 0.5 - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0)
            .collect();
        let x = secular(&shifted, &empirical.probs)?;
        let next = reweight(&empirical.probs, &shifted, x);
        let change = next
            .iter()
            .zip(&current)
            .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
        current = next;
        if change < 1e-14 {
            break;
        }
    }
    Ok(current)
}

fn reweight(probs: &[f64], shifted: &[f64], x: f64) -> Vec<f64> {
    probs
        .iter()
        .zip(shifted)
        .map(|(p, a)| p / (1.0 + x * a))
        .collect()
}

/// Root of `f(x) = Σ pᵢ aᵢ / (1 + x aᵢ)` on `(−1/max a, −1/min a)`, where `f` falls strictly
/// from +∞ to −∞, so the root is unique. Newton steps that leave the current bracket are
/// replaced by bisection. Needs `min a < 0 < max a` (the constraint lies strictly inside the
/// range of outcomes), else there is no distribution to find.
fn secular(values: &[f64], probs: &[f64]) -> Result<f64, StatsError> {
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return Err(StatsError::HypothesisOutOfReach);
    }
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    let mut x = 0.0;
    for _ in 0..500 {
        let (mut f, mut slope) = (0.0, 0.0);
        for (a, p) in values.iter().zip(probs) {
            let d = 1.0 + x * a;
            f += p * a / d;
            slope -= p * a * a / (d * d);
        }
        if f > 0.0 {
            lo = x;
        } else if f < 0.0 {
            hi = x;
        } else {
            return Ok(x);
        }
        let newton = x - f / slope;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) {
            return Ok(next);
        }
        x = next;
    }
    Ok(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PENTA: HeadToHead = HeadToHead::Pentanomial([379, 10170, 21828, 10640, 343]);
    const TRI: HeadToHead = HeadToHead::Trinomial([1037, 1925, 1038]);

    fn logistic(elo0: f64, elo1: f64) -> EloBounds {
        EloBounds::Logistic { elo0, elo1 }
    }

    fn normalized(nelo0: f64, nelo1: f64) -> EloBounds {
        EloBounds::Normalized { nelo0, nelo1 }
    }

    #[test]
    fn pentanomial_vectors() {
        let close =
            |got: f64, want: f64, tol: f64| assert!((got - want).abs() < tol, "{got} vs {want}");
        close(llr(&PENTA, normalized(0.0, 2.0)).unwrap(), 2.945495, 5e-7);
        close(llr(&PENTA, logistic(0.0, 2.0)).unwrap(), 3.125676, 5e-7);
        close(
            llr(&PENTA, normalized(-1.75, 0.25)).unwrap(),
            5.459734,
            1e-3,
        );
    }

    #[test]
    fn trinomial_vectors() {
        let close = |got: f64, want: f64| assert!((got - want).abs() < 5e-7, "{got} vs {want}");
        close(llr(&TRI, logistic(-5.0, 5.0)).unwrap(), 0.055474);
        close(llr(&TRI, normalized(-5.0, 5.0)).unwrap(), 0.039961);
    }

    #[test]
    fn bounds_and_verdicts() {
        let b = SprtBounds::from_error_rates(0.05, 0.05).unwrap();
        assert_eq!(b.upper, 2.9444389791664403);
        assert_eq!(b.lower, -2.9444389791664403);
        assert_eq!(b.verdict(3.0), Verdict::AcceptH1);
        assert_eq!(b.verdict(-3.0), Verdict::AcceptH0);
        assert_eq!(b.verdict(0.1), Verdict::Continue);
        assert!(SprtBounds::from_error_rates(0.0, 0.05).is_err());
        assert!(SprtBounds::from_error_rates(0.6, 0.5).is_err());
        let r = sprt(&PENTA, logistic(0.0, 2.0), b).unwrap();
        assert_eq!(r.verdict, Verdict::AcceptH1);
    }

    #[test]
    fn the_constrained_mle_has_the_requested_statistic() {
        let e = PENTA.empirical().unwrap();
        let p = mle_with_mean(&e, 0.51).unwrap();
        let (mean, _) = e.moments(&p);
        assert!((mean - 0.51).abs() < 1e-12 && (p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let q = mle_with_t_value(&e, 0.05).unwrap();
        let (mu, var) = e.moments(&q);
        assert!(((mu - 0.5) / var.sqrt() - 0.05).abs() < 1e-9);
    }

    #[test]
    fn swapping_hypotheses_negates_the_llr() {
        let a = llr(&TRI, logistic(-5.0, 5.0)).unwrap();
        let b = llr(&TRI, logistic(5.0, -5.0)).unwrap();
        assert!((a + b).abs() < 1e-12);
    }
}
