//! Statistics over tournament results: ratings, intervals, score summaries and head-to-head tests.
//!
//! Knows bots only as indices and results only as counts, points and integer scores; it never
//! names a game, a seat or a card. Every function is a pure, single-threaded fold
//! over its inputs, and the only randomness is the caller's [`crate::seed::Rng`], so the same
//! inputs and the same generator state give bit-identical outputs.
//!
//! - [`ratings`]: Bradley–Terry maximum likelihood on the Elo scale, with an optional weak prior.
//! - [`plackett_luce`]: Plackett–Luce maximum likelihood on finishing orders of 2–5 seats.
//! - [`bootstrap`]: rating intervals by resampling whole seeds (every pairing's group at once).
//! - [`bounds`]: one-sided bounds for bots that never scored, or never dropped a point.
//! - [`wilson`]: Wilson score interval for a proportion.
//! - [`clustered`]: a proportion's interval over clusters of correlated trials (seeds).
//! - [`distribution`]: a streaming, mergeable summary of integer scores.
//! - [`pentanomial`]: head-to-head counts per game or per seat-swapped pair.
//! - [`elo`]: Elo difference, its error, LOS and normalized Elo from those counts.
//! - [`sprt`]: the generalized SPRT with logistic or normalized Elo bounds, and its verdict.

pub mod bootstrap;
pub mod bounds;
pub mod clustered;
pub mod distribution;
pub mod elo;
mod error;
mod linear;
mod newton;
pub mod pentanomial;
pub mod plackett_luce;
pub mod ratings;
pub mod sprt;
pub mod wilson;

pub use error::StatsError;
