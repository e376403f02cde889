//! How an analysis is computed: the bootstrap's size, the GSPRT's hypotheses, the anchor. A
//! file of its own so that the rating fit and the analysis that calls it both read them without
//! importing each other.

use serde::Serialize;

/// Bootstrap resamples behind every rating interval and the superiority matrix.
pub const BOOTSTRAP_DRAWS: usize = 1000;

/// The generalized SPRT's hypotheses (normalized Elo) and error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct SprtOptions {
    pub nelo0: f64,
    pub nelo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Default for SprtOptions {
    /// fishtest's usual normalized bounds [0, 5] with alpha = beta = 0.05.
    fn default() -> Self {
        SprtOptions {
            nelo0: 0.0,
            nelo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

/// How to compute the analysis.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// Bot index and the rating it is pinned to; `None` centres ratings on mean 0.
    pub anchor: Option<(usize, f64)>,
    pub sprt: SprtOptions,
    pub bootstrap_draws: usize,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            anchor: None,
            sprt: SprtOptions::default(),
            bootstrap_draws: BOOTSTRAP_DRAWS,
        }
    }
}
