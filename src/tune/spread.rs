//! Steps scaled by the observed spread of the games' scores, so a start far from the optimum
//! still moves. A result is a sum of per-game scores; when nearly every game ends the same way
//! (both sides so weak that they lose every game to the field), every result is nearly zero
//! and plain SPSA crawls: from x = 1 against `greedy` it ended at 0.77-0.88 where the optimum
//! is 0.3. Spall's rule for the gain a ("Implementation of the simultaneous perturbation
//! algorithm for stochastic optimization", IEEE Trans. Aerospace and Electronic Systems 34(3),
//! 1998, section III) sets the early steps from the observed size of the gradient estimates;
//! this keeps doing so as the tuning goes: each step is divided by the running standard
//! deviation of one game's score, relative to the 0.5 of an even game between sides that win
//! or lose. Near an even game nothing changes; while almost every game ends alike the step is
//! up to [`MAX_BOOST`] times larger, a step by signal-to-noise ratio rather than by score.

/// The variance of one game's score when either side wins it with probability 1/2.
pub const EVEN_VARIANCE: f64 = 0.25;
/// The largest factor a step is multiplied by, so one lucky game among thousands of alike
/// ones cannot throw theta across its range.
pub const MAX_BOOST: f64 = 10.0;
/// The running variance follows about this fraction of the iterations.
pub const HORIZON: f64 = 0.1;

/// The running variance after an iteration whose games' scores varied by `observed`; `None`
/// before the first iteration.
pub fn running(previous: Option<f64>, observed: f64, iterations: u64) -> f64 {
    let weight = 1.0 / (HORIZON * iterations as f64).max(1.0);
    match previous {
        None => observed,
        Some(variance) => variance + (observed - variance) * weight,
    }
}

/// What a step is multiplied by at a running variance.
pub fn boost(variance: f64) -> f64 {
    let floor = EVEN_VARIANCE / (MAX_BOOST * MAX_BOOST);
    (EVEN_VARIANCE / variance.max(floor)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_games_keep_the_step_and_alike_games_enlarge_it_up_to_the_cap() {
        assert_eq!(boost(EVEN_VARIANCE), 1.0);
        // Sides winning 1 game in 100: variance 0.0099, a step five times larger.
        assert!((boost(0.01 * 0.99) - 5.025).abs() < 0.01);
        assert_eq!(boost(0.0), MAX_BOOST);
        assert_eq!(running(None, 0.1, 100), 0.1);
        // Over 100 iterations the estimate moves a tenth of the way each iteration.
        assert!((running(Some(0.1), 0.2, 100) - 0.11).abs() < 1e-12);
        assert_eq!(running(Some(0.1), 0.2, 5), 0.2);
    }
}
