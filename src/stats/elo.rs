//! Head-to-head Elo numbers as chess testers report them (fishtest conventions): logistic Elo with
//! a 95% error, likelihood of superiority, and normalized Elo. Knows outcome counts; never a game.

use super::StatsError;
use super::pentanomial::{Empirical, HeadToHead};
use super::wilson::standard_normal_quantile;
use statrs::distribution::{ContinuousCDF, Normal};

/// Elo points per natural-log unit of strength: `400 / ln 10`.
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Normalized Elo per unit of t-value (`(score − ½) / per-game σ`): `800 / ln 10`, chosen so that
/// nElo matches logistic Elo for a draw-free match between close players.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Scores are clamped to `[SCORE_CLAMP, 1 − SCORE_CLAMP]` before converting to Elo, as fishtest
/// does, so a sweep reports about ±1200 instead of infinity.
pub const SCORE_CLAMP: f64 = 1e-3;

/// Logistic Elo difference for an expected score: `−400·log10(1/score − 1)`, clamped.
pub fn elo_from_score(score: f64) -> f64 {
    logistic_elo(score.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP))
}

/// The same without the clamp, for a score in [0, 1]: −∞ at 0 and +∞ at 1. Scores beyond
/// [0, 1] (an interval's end past a sure result) are taken as 0 or 1.
fn logistic_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score.clamp(0.0, 1.0) - 1.0).log10()
}

/// Expected score for a logistic Elo difference: `1 / (1 + 10^(−elo/400))`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Head-to-head summary of the first bot against the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Logistic Elo difference from the mean score; clamped ([`SCORE_CLAMP`]) only for a sweep
    /// (every pair ending the same way), where the data bound it on one side only.
    pub elo: f64,
    /// Half-width of the 95% interval: half the Elo distance between the normal-approximation
    /// bounds of the mean score (so slightly asymmetric intervals are reported symmetrically);
    /// infinite when one of those bounds reaches a sure result (the interval is one-sided).
    pub elo_error95: f64,
    /// The interval's ends on the Elo scale: `lower95` is −∞ when the score's normal-approximation
    /// interval reaches 0, `upper95` +∞ when it reaches 1 (then only the other end bounds it).
    pub lower95: f64,
    pub upper95: f64,
    /// Likelihood of superiority: `Φ((score − ½) / standard error)`.
    pub los: f64,
    /// Normalized Elo: `NELO_PER_T · (score − ½) / σ`, σ the per-game standard deviation.
    pub nelo: f64,
    /// Half-width of the 95% interval of nElo, by fishtest's delta method: the t-value
    /// `t = (score − ½)/σ` of a unit (pair or game) has asymptotic variance
    /// `(1 − t·skewness + t²·(excess kurtosis + 2)/4) / units`, so the half-width is
    /// `z₀.₉₇₅ · coefficient · √that`. Near `t = 0` this is `z · coefficient / √units`; far from
    /// it the skewness and kurtosis of a lopsided result widen it several times.
    pub nelo_error95: f64,
}

/// Elo, its error, LOS and nElo from trinomial or pentanomial counts. Pentanomial counts use the
/// variance between pairs, which is what makes them tighter when seat swaps are correlated.
/// Zero counts are regularized ([`super::pentanomial::REGULARIZATION`]); errors when empty.
pub fn elo_estimate(h2h: &HeadToHead) -> Result<EloEstimate, StatsError> {
    let empirical = h2h.empirical()?;
    let (score, var) = empirical.moments(&empirical.probs);
    let standard_error = (var / empirical.units).sqrt();
    let z = standard_normal_quantile(0.975);
    // With every game (or pair) ending the same way the spread is only the regularization, and
    // dividing by it gives absurd magnitudes; nElo is undefined there (NaN, `null` in JSON).
    // Such a sweep's Elo is where the clamp puts it (callers show its one-sided bound); any
    // other score is converted as it is, so 19,993 wins to 7 is ~+1382, not the clamp's +1200.
    let observed = h2h.counts().iter().filter(|&&c| c > 0).count();
    let to_elo = |s: f64| match observed < 2 {
        true => elo_from_score(s),
        false => logistic_elo(s),
    };
    let (lower95, upper95) = (
        to_elo(score - z * standard_error),
        to_elo(score + z * standard_error),
    );
    let (nelo, nelo_error95) = if observed < 2 {
        (f64::NAN, f64::NAN)
    } else {
        normalized_elo(&empirical, h2h.unit_to_game_sd(), z)
    };
    Ok(EloEstimate {
        elo: to_elo(score),
        elo_error95: (upper95 - lower95) / 2.0,
        lower95,
        upper95,
        los: Normal::standard().cdf((score - 0.5) / standard_error),
        nelo,
        nelo_error95,
    })
}

/// nElo and the half-width of its interval at quantile `z`, as fishtest's results page
/// computes them (its `t_conf`): `coefficient = NELO_PER_T / unit_to_game_sd`, the unit's
/// t-value `t = (mean − ½)/σ`, and the delta-method variance of `t` from the skewness `γ₁`
/// and excess kurtosis `γ₂` of the unit's score, `max(1 − t·γ₁ + t²·(γ₂ + 2)/4, 0)` (the
/// floor only guards rounding).
fn normalized_elo(empirical: &Empirical, unit_to_game_sd: f64, z: f64) -> (f64, f64) {
    let (mean, var) = empirical.moments(&empirical.probs);
    let central = |k: i32| -> f64 {
        empirical
            .values
            .iter()
            .zip(&empirical.probs)
            .map(|(v, p)| p * (v - mean).powi(k))
            .sum()
    };
    let skewness = central(3) / var.powf(1.5);
    let excess_kurtosis = central(4) / (var * var) - 3.0;
    let t = (mean - 0.5) / var.sqrt();
    let var_t = (1.0 - t * skewness + 0.25 * t * t * (excess_kurtosis + 2.0)).max(0.0);
    let coefficient = NELO_PER_T / unit_to_game_sd;
    (
        coefficient * t,
        coefficient * z * (var_t / empirical.units).sqrt(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_sweep_has_no_normalized_elo() {
        let e = elo_estimate(&HeadToHead::Pentanomial([0, 0, 0, 0, 500])).unwrap();
        assert!(e.nelo.is_nan() && e.nelo_error95.is_nan(), "{e:?}");
        assert!(e.elo > 1000.0 && e.los > 0.999, "{e:?}");
    }

    #[test]
    fn pentanomial_vector() {
        let h = HeadToHead::Pentanomial([379, 10170, 21828, 10640, 343]);
        let e = elo_estimate(&h).unwrap();
        assert!((e.elo - 1.5946).abs() < 5e-5, "{e:?}");
        assert!((e.elo_error95 - 1.2087).abs() < 5e-5, "{e:?}");
        assert!((e.los - 0.99514).abs() < 5e-6, "{e:?}");
        assert!((e.nelo - 3.05).abs() < 5e-3, "{e:?}");
        assert!((e.nelo_error95 - 2.31).abs() < 5e-3, "{e:?}");
    }

    /// nElo ± 95% against fishtest's own formula (`LLRcalc.results_to_pdf`, `stats_ex` and the
    /// results page's `t_conf`, evaluated in double precision), near zero and far from it. The
    /// old `z · coefficient / √units` half-width is right only for the first three; on the
    /// lopsided ones it is 1.8–2.4 times too narrow.
    #[test]
    fn normalized_elo_interval_matches_fishtest_near_and_far_from_zero() {
        let cases: [(&[u64], f64, f64); 8] = [
            (
                &[379, 10170, 21828, 10640, 343],
                3.050_530_458_9,
                2.312_851_344_9,
            ),
            (
                &[39, 2226, 31451, 2412, 40],
                3.450_799_606_9,
                2.531_239_603_3,
            ),
            (
                &[10789, 19328, 33806, 19402, 10543],
                -0.951_629_004_5,
                1.571_622_676_8,
            ),
            (&[2, 30, 120, 400, 448], 388.353_851_015_1, 30.881_748_559_9),
            (
                &[500, 300, 150, 40, 10],
                -331.911_122_856_4,
                29.443_805_461_0,
            ),
            (&[0, 5, 40, 200, 255], 509.673_241_076_2, 50.441_662_280_8),
            (&[1037, 1925, 1038], 0.120_596_659_5, 10.766_943_343_6),
            (&[100, 200, 700], 314.267_311_635_2, 36.024_378_757_5),
        ];
        for (counts, nelo, error) in cases {
            let h = match counts.len() {
                5 => HeadToHead::from_pair_histogram(counts).unwrap(),
                _ => HeadToHead::trinomial(counts[0], counts[1], counts[2]),
            };
            let e = elo_estimate(&h).unwrap();
            assert!((e.nelo - nelo).abs() < 1e-6, "{counts:?}: {e:?}");
            assert!((e.nelo_error95 - error).abs() < 1e-6, "{counts:?}: {e:?}");
        }
    }

    /// 19,993 wins to 7: the score 0.99965 is past the sweep clamp, but it is not a sweep, so
    /// its Elo is `400·log10(19993/7)` and its interval the score's, converted: before, both
    /// were clamped to +1199.8 ± 0.0.
    #[test]
    fn a_lopsided_match_that_is_no_sweep_is_not_clamped() {
        let e = elo_estimate(&HeadToHead::trinomial(7, 0, 19_993)).unwrap();
        let expected = 400.0 * (19_993.0f64 / 7.0).log10();
        assert!((e.elo - expected).abs() < 0.1 && e.elo > 1380.0, "{e:?}");
        assert!(e.lower95 < e.elo && e.elo < e.upper95, "{e:?}");
        assert!(e.elo_error95 > 50.0 && e.elo_error95.is_finite(), "{e:?}");
        // 30 wins to 1: the score's interval reaches 1, so only the lower end bounds it.
        let near = elo_estimate(&HeadToHead::trinomial(1, 0, 30)).unwrap();
        assert!(
            near.upper95 == f64::INFINITY && near.lower95.is_finite(),
            "{near:?}"
        );
        assert!(
            near.elo_error95.is_infinite() && near.lower95 < near.elo,
            "{near:?}"
        );
    }

    #[test]
    fn trinomial_vector() {
        let e = elo_estimate(&HeadToHead::trinomial(1037, 1925, 1038)).unwrap();
        assert!((e.elo - 0.0869).abs() < 5e-5, "{e:?}");
        assert!((e.elo_error95 - 7.7561).abs() < 5e-5, "{e:?}");
        assert!((e.los - 0.50876).abs() < 5e-6, "{e:?}");
    }

    #[test]
    fn elo_and_score_are_inverse_and_clamped() {
        assert!((elo_from_score(score_from_elo(123.4)) - 123.4).abs() < 1e-9);
        assert!((elo_from_score(1.0) - elo_from_score(0.999)).abs() < 1e-12);
        assert!(
            elo_estimate(&HeadToHead::trinomial(0, 0, 10))
                .unwrap()
                .elo
                .is_finite()
        );
        assert!(elo_estimate(&HeadToHead::trinomial(0, 0, 0)).is_err());
    }
}
