//! The one error type of [`crate::stats`]: bad input, or a fit that has no finite answer.

/// Why a statistic could not be computed. Messages name the offending input and, where there is
/// one, the fix.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StatsError {
    #[error("bot index {bot} is out of range for {n_bots} bots")]
    BotOutOfRange { bot: usize, n_bots: usize },
    #[error("a bot cannot be paired with itself (bot {bot})")]
    SelfPairing { bot: usize },
    #[error("invalid count: {what}")]
    InvalidCount { what: String },
    #[error("confidence level {level} is not strictly between 0 and 1")]
    InvalidConfidence { level: f64 },
    #[error(
        "prior of {draws} virtual draws is not a finite positive number; use Prior::None for no prior"
    )]
    InvalidPrior { draws: f64 },
    #[error(
        "bots {bots:?} have no finite maximum-likelihood rating: some of them never scored against \
         the rest of their comparison group; fit with a prior (Prior::VirtualDraws)"
    )]
    NoFiniteMle { bots: Vec<usize> },
    #[error(
        "SPRT error rates alpha = {alpha}, beta = {beta} must be in (0, 1) with alpha + beta < 1"
    )]
    InvalidErrorRates { alpha: f64, beta: f64 },
    #[error(
        "no distribution of these outcomes has the Elo of the hypothesis (too far from 0 for \
         them to show); choose SPRT bounds nearer 0"
    )]
    HypothesisOutOfReach,
    #[error("the bootstrap needs at least one resample")]
    NoResamples,
    #[error("quantile {q} is not within [0, 1]")]
    InvalidQuantile { q: f64 },
}
