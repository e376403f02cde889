//! Head-to-head outcome counts, per game (trinomial) or per seed pair (pentanomial), and their
//! empirical distribution. Knows points scored; never a game.
//!
//! Two games on one seed with the seats swapped share a deck, so their results are correlated;
//! counting pairs (pentanomial) rather than games measures the variance that is really there.

use super::StatsError;

/// Frequency given to an outcome never observed, as fishtest does, so that logarithms and
/// variances stay finite; its effect is negligible once a few hundred games are in.
pub const REGULARIZATION: f64 = 1e-3;

/// Outcome frequencies from the first bot's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadToHead {
    /// Single games: `[losses, draws, wins]`, scoring 0, ½ and 1.
    Trinomial([u64; 3]),
    /// Seat-swapped game pairs: `[LL, LD+DL, DD+WL+LW, WD+DW, WW]`, i.e. pairs scoring
    /// 0, ½, 1, 1½ and 2 points.
    Pentanomial([u64; 5]),
}

impl HeadToHead {
    pub fn trinomial(losses: u64, draws: u64, wins: u64) -> Self {
        HeadToHead::Trinomial([losses, draws, wins])
    }

    /// Pentanomial counts from a histogram of pair outcomes in half-points (index 0..=4), the
    /// shape of [`super::bootstrap::PairingGroups::outcome_counts`] with two games per group.
    pub fn from_pair_histogram(half_point_counts: &[u64]) -> Result<Self, StatsError> {
        let counts: [u64; 5] =
            half_point_counts
                .try_into()
                .map_err(|_| StatsError::InvalidCount {
                    what: format!(
                        "{} pair outcomes; a pentanomial needs 5 (0 to 4 half-points)",
                        half_point_counts.len()
                    ),
                })?;
        Ok(HeadToHead::Pentanomial(counts))
    }

    /// The raw counts, lowest score first.
    pub fn counts(&self) -> &[u64] {
        match self {
            HeadToHead::Trinomial(c) => c,
            HeadToHead::Pentanomial(c) => c,
        }
    }

    /// Games behind the counts: one per trinomial outcome, two per pentanomial pair.
    pub fn games(&self) -> u64 {
        let units: u64 = self.counts().iter().sum();
        match self {
            HeadToHead::Trinomial(_) => units,
            HeadToHead::Pentanomial(_) => 2 * units,
        }
    }

    /// The regularized empirical distribution of the per-game score of one unit (a game, or
    /// the mean of a pair's two games). Errors when nothing was played.
    pub(crate) fn empirical(&self) -> Result<Empirical, StatsError> {
        let counts = self.counts();
        if counts.iter().all(|&c| c == 0) {
            return Err(StatsError::InvalidCount {
                what: "no games played".to_string(),
            });
        }
        let regularized: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { REGULARIZATION } else { c as f64 })
            .collect();
        let units: f64 = regularized.iter().sum();
        let last = (counts.len() - 1) as f64;
        Ok(Empirical {
            units,
            values: (0..counts.len()).map(|i| i as f64 / last).collect(),
            probs: regularized.iter().map(|c| c / units).collect(),
        })
    }

    /// Per-game standard deviation scale used by normalized Elo: the per-unit deviation, times √2
    /// for pairs (a pair's mean of two games has half a single game's variance when the games
    /// are independent, so this puts both kinds on a per-game footing).
    pub(crate) fn unit_to_game_sd(&self) -> f64 {
        match self {
            HeadToHead::Trinomial(_) => 1.0,
            HeadToHead::Pentanomial(_) => std::f64::consts::SQRT_2,
        }
    }
}

/// A discrete distribution on `values` (per-game scores in `[0, 1]`, ascending) with `probs`
/// summing to 1, from `units` observations (games or pairs, after regularization).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Empirical {
    pub units: f64,
    pub values: Vec<f64>,
    pub probs: Vec<f64>,
}

impl Empirical {
    /// `(mean, variance)` of a distribution on `self.values` with probabilities `probs`.
    pub fn moments(&self, probs: &[f64]) -> (f64, f64) {
        let mean: f64 = self.values.iter().zip(probs).map(|(a, p)| a * p).sum();
        let var: f64 = self
            .values
            .iter()
            .zip(probs)
            .map(|(a, p)| p * (a - mean).powi(2))
            .sum();
        (mean, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_games_and_regularizes_missing_outcomes() {
        let h = HeadToHead::from_pair_histogram(&[0, 2, 5, 2, 1]).unwrap();
        assert_eq!(h.games(), 20);
        let e = h.empirical().unwrap();
        assert_eq!(e.values, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
        assert!((e.units - 10.001).abs() < 1e-12);
        assert!((e.probs.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        assert_eq!(HeadToHead::trinomial(1, 2, 3).games(), 6);
        assert!(HeadToHead::from_pair_histogram(&[1, 2, 3]).is_err());
        assert!(HeadToHead::trinomial(0, 0, 0).empirical().is_err());
    }

    #[test]
    fn moments_of_a_known_distribution() {
        let e = HeadToHead::trinomial(1, 2, 1).empirical().unwrap();
        let (mean, var) = e.moments(&e.probs);
        assert!((mean - 0.5).abs() < 1e-15 && (var - 0.125).abs() < 1e-15);
    }
}
