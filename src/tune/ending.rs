//! Honest endings: a budget too small for SPSA is said before the games, and after them
//! whether each parameter had settled, so a tuning that ran out of games before it reached
//! the optimum does not pass for one that found it.

use super::files::Row;
use super::spread;
use super::spsa::Spsa;
use serde_json::json;

/// Fewer iterations than this, and SPSA has taken too few steps to be trusted.
pub const MIN_ITERATIONS: u64 = 20;

/// The warning for a budget of fewer than [`MIN_ITERATIONS`] iterations, with the games that
/// would give that many.
pub fn few_iterations(iterations: u64, per_iteration: u64) -> Option<String> {
    (iterations < MIN_ITERATIONS).then(|| {
        format!(
            "warning: {iterations} iteration{} of {per_iteration} games: SPSA needs about \
             {MIN_ITERATIONS} or more to get anywhere; give --games {} or more, or a smaller \
             --batch",
            if iterations == 1 { "" } else { "s" },
            MIN_ITERATIONS * per_iteration
        )
    })
}

/// How one parameter moved over the last quarter of the iterations, against the last
/// perturbation c_k. It is still travelling when it moved by more than c_k, or went one way
/// (its net move at least [`ONE_WAY`] of the distance it covered) by more than a tenth of c_k:
/// a parameter at its optimum wanders back and forth, one crawling toward it does not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drift {
    /// From the first value of the quarter to the last.
    pub net: f64,
    /// The sum of every step's size over the quarter.
    pub path: f64,
    pub c: f64,
}

/// The share of the distance covered that counts as going one way.
pub const ONE_WAY: f64 = 0.7;

impl Drift {
    pub fn moving(&self) -> bool {
        self.net > self.c || (self.net > self.c / 10.0 && self.net >= ONE_WAY * self.path)
    }

    pub fn text(&self) -> String {
        let verdict = match self.moving() {
            true => "still moving",
            false => "settled",
        };
        format!(
            "{verdict}: moved {:.4} over the last quarter ({:.4} back and forth), final \
             perturbation {:.4}",
            self.net, self.path, self.c
        )
    }

    pub fn json(&self) -> serde_json::Value {
        json!({"net": self.net, "path": self.path, "c": self.c, "moving": self.moving()})
    }
}

/// Each parameter's drift over the last quarter of the rows (over all of them, from the start
/// values, when there are fewer than four).
pub fn drifts(spsa: &Spsa, start: &[f64], rows: &[Row]) -> Vec<Drift> {
    let n = rows.len();
    let from = match n < 4 {
        true => 0,
        false => n * 3 / 4,
    };
    let path: Vec<&[f64]> = std::iter::once(start)
        .chain(rows.iter().map(|r| r.theta.as_slice()))
        .skip(from)
        .collect();
    (0..start.len())
        .map(|i| Drift {
            net: (path[path.len() - 1][i] - path[0][i]).abs(),
            path: path.windows(2).map(|w| (w[1][i] - w[0][i]).abs()).sum(),
            c: spsa.c_k(i, n.saturating_sub(1) as u64),
        })
        .collect()
}

/// The warning when the last games nearly all ended alike (the running variance of a game's
/// score at a tenth of an even game's or less, so steps were boosted fivefold or more): such
/// games hardly tell the two sides apart, however still theta is.
pub fn little_signal(variance: f64) -> Option<String> {
    (spread::boost(variance) >= spread::MAX_BOOST / 2.0).then(|| {
        format!(
            "warning: the last games nearly all ended alike (variance of a game's score {variance:.4}, \
             {} for an even game): they hardly tell the two sides apart, so the tuned values say \
             little; start nearer the optimum, or tune against bots it beats now and then",
            spread::EVEN_VARIANCE
        )
    })
}

/// The warning when any parameter was still moving, with the budget to try next.
pub fn still_moving(names: &[String], drifts: &[Drift], games: u64) -> Option<String> {
    let moving: Vec<&str> = names
        .iter()
        .zip(drifts)
        .filter(|(_, d)| d.moving())
        .map(|(n, _)| n.as_str())
        .collect();
    (!moving.is_empty()).then(|| {
        format!(
            "warning: {} still moving over the last quarter of the iterations: the optimum may \
             not be reached yet; give more games, e.g. --games {}",
            moving.join(", "),
            games * 2
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::ParamKind;
    use crate::tune::spsa::{Bounds, Gains};

    fn row(iteration: u64, x: f64) -> Row {
        Row {
            iteration,
            games: iteration * 16,
            theta: vec![x],
            result: 0.0,
            variance: 0.25,
        }
    }

    #[test]
    fn small_budgets_are_warned_of() {
        let warning = few_iterations(2, 16).unwrap();
        assert!(warning.contains("--games 320"), "{warning}");
        assert_eq!(few_iterations(20, 16), None);
    }

    #[test]
    fn a_parameter_still_travelling_is_told_apart_from_one_that_settled() {
        let bounds = Bounds {
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Float,
        };
        let spsa = Spsa::new(vec![bounds], 8, 16, Gains::default());
        // Falling steadily by 0.02 an iteration: 0.04 over the last quarter, one way, c_k is
        // about 0.1.
        let falling: Vec<Row> = (1..=8).map(|k| row(k, 1.0 - 0.02 * k as f64)).collect();
        let d = drifts(&spsa, &[1.0], &falling);
        assert!(d[0].moving(), "{d:?}");
        let names = ["x".to_string()];
        assert!(
            still_moving(&names, &d, 128)
                .unwrap()
                .contains("--games 256")
        );
        // Wobbling around 0.3, by as much.
        let settled: Vec<Row> = (1..=8)
            .map(|k| row(k, 0.3 + 0.04 * (k % 2) as f64))
            .collect();
        let d = drifts(&spsa, &[1.0], &settled);
        assert!(!d[0].moving(), "{d:?}");
        assert_eq!(still_moving(&names, &d, 128), None);
        // A jump larger than c_k, even back and forth.
        let mut jumped = settled.clone();
        jumped[7].theta = vec![0.45];
        assert!(drifts(&spsa, &[1.0], &jumped)[0].moving());
        // Two rows: measured from the start.
        assert!((drifts(&spsa, &[1.0], &falling[..2])[0].net - 0.04).abs() < 1e-12);
    }

    #[test]
    fn games_that_nearly_all_end_alike_are_warned_of() {
        assert!(little_signal(0.006).is_some());
        assert_eq!(little_signal(0.2), None);
    }
}
