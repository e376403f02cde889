//! Damped Newton ascent shared by the Bradley–Terry and Plackett–Luce fits: both maximise a
//! concave log-likelihood of log-strengths whose information matrix is singular along the
//! all-ones direction.

use super::elo::ELO_PER_NAT;
use super::linear::solve;

/// Newton steps are stopped once no rating moves by more than this many Elo points.
const TOLERANCE_ELO: f64 = 1e-10;

/// Newton converges quadratically, so this cap is only reached when rounding stalls progress.
const MAX_NEWTON_STEPS: usize = 200;

/// Maximises `log_likelihood` over `m` log-strengths from all equal. `derivatives(θ)` gives the
/// gradient and the information matrix (m×m, row-major). Adding `c·11ᵀ` to the information
/// matrix makes it invertible without changing the step, since the gradient sums to zero; a
/// backtracking line search keeps every step uphill. Returns θ centred to mean 0 and the number
/// of steps taken; stops when no strength moves by more than [`TOLERANCE_ELO`].
pub(super) fn maximise(
    m: usize,
    log_likelihood: impl Fn(&[f64]) -> f64,
    derivatives: impl Fn(&[f64]) -> (Vec<f64>, Vec<f64>),
) -> (Vec<f64>, usize) {
    let mut theta = vec![0.0; m];
    let mut current = log_likelihood(&theta);
    let mut steps = 0;
    while steps < MAX_NEWTON_STEPS {
        steps += 1;
        let (gradient, mut info) = derivatives(&theta);
        let shift = (0..m).map(|i| info[i * m + i]).fold(0.0, f64::max).max(1.0) / m as f64;
        info.iter_mut().for_each(|a| *a += shift);
        let Some(delta) = solve(info, gradient) else {
            break;
        };
        let mut t = 1.0;
        let mut accepted = None;
        for _ in 0..60 {
            let trial: Vec<f64> = theta.iter().zip(&delta).map(|(a, d)| a + t * d).collect();
            let value = log_likelihood(&trial);
            if value >= current - 1e-12 * current.abs().max(1.0) {
                accepted = Some((trial, value));
                break;
            }
            t *= 0.5;
        }
        let Some((trial, value)) = accepted else {
            break;
        };
        let moved = delta.iter().fold(0.0_f64, |acc, d| acc.max((t * d).abs()));
        theta = trial;
        current = value;
        if moved * ELO_PER_NAT < TOLERANCE_ELO {
            break;
        }
    }
    let mean = theta.iter().sum::<f64>() / m as f64;
    theta.iter_mut().for_each(|a| *a -= mean);
    (theta, steps)
}
