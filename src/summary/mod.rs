//! The end-of-run summary: ratings with intervals, pairwise win rates, score distributions and
//! fault counts, computed from a [`Tally`]. Serialised as `summary.json` and printed as tables.
//! Contains no wall-clock time, so it is identical at any thread count.

mod tally;

pub use tally::{BotTally, Tally};

use crate::app::RunPlan;
use crate::game::GameInfo;
use crate::outcome::Termination;
use crate::runner::StreamStatus;
use crate::seed::Rng;
use crate::stats::bootstrap::{PairingGroups, bootstrap};
use crate::stats::distribution::ScoreDistribution;
use crate::stats::ratings::{DEFAULT_PRIOR_DRAWS, Prior, fit_bradley_terry};
use crate::stats::wilson::wilson_interval;
use serde::Serialize;
use std::collections::BTreeMap;

/// Bootstrap resamples behind every rating interval.
pub const BOOTSTRAP_DRAWS: usize = 1000;

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub tool: String,
    pub game: GameInfo,
    pub bots: Vec<String>,
    pub master_seed: u64,
    pub games_per_pairing: u64,
    pub games_played: u64,
    pub interrupted: bool,
    pub ratings: Ratings,
    pub pairwise: Vec<PairRow>,
    pub per_bot: Vec<BotRow>,
    pub terminations: BTreeMap<&'static str, u64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Ratings {
    pub method: &'static str,
    pub prior: String,
    pub interval: String,
    pub rows: Vec<RatingRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RatingRow {
    pub bot: String,
    pub elo: f64,
    /// The 95% interval; `None` where no seed groups of two seats were played.
    pub interval: Option<(f64, f64)>,
    pub games: u64,
}

/// One bot's results against one opponent.
#[derive(Clone, Debug, Serialize)]
pub struct PairRow {
    pub bot: String,
    pub opponent: String,
    pub games: u64,
    /// Wins plus half the draws.
    pub points: f64,
    pub win_rate: f64,
    pub lower: f64,
    pub upper: f64,
    /// Seed groups by the bot's half-points in them (a pentanomial for two seats); only on the
    /// row of the pairing's first bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_groups: Option<Vec<u64>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BotRow {
    pub bot: String,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub score: ScoreRow,
    pub mean_turns: f64,
    pub crashes: u64,
    pub illegal: u64,
    pub fault_examples: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ScoreRow {
    pub mean: f64,
    pub sd: f64,
    pub min: f64,
    pub q05: f64,
    pub q25: f64,
    pub median: f64,
    pub q75: f64,
    pub q95: f64,
    pub max: f64,
}

impl ScoreRow {
    /// Zeros for a bot without games, so the JSON never holds NaN.
    fn of(s: &ScoreDistribution) -> ScoreRow {
        let q = |p| s.quantile(p).ok().flatten().unwrap_or(0.0);
        ScoreRow {
            mean: s.mean().unwrap_or(0.0),
            sd: s.std_dev().unwrap_or(0.0),
            min: s.min().unwrap_or(0) as f64,
            q05: q(0.05),
            q25: q(0.25),
            median: q(0.5),
            q75: q(0.75),
            q95: q(0.95),
            max: s.max().unwrap_or(0) as f64,
        }
    }
}

impl Summary {
    pub fn build(
        info: &GameInfo,
        plan: &RunPlan,
        bots: &[String],
        tally: &Tally,
        status: StreamStatus,
        rng: &mut Rng,
    ) -> Summary {
        Summary {
            tool: format!("tourney {}", env!("CARGO_PKG_VERSION")),
            game: info.clone(),
            bots: bots.to_vec(),
            master_seed: plan.master_seed,
            games_per_pairing: plan.games_per_pairing.div_ceil(info.seats as u64)
                * info.seats as u64,
            games_played: status.games_played,
            interrupted: status.interrupted,
            ratings: ratings(bots, tally, rng),
            pairwise: pairwise(bots, tally),
            per_bot: per_bot(bots, tally),
            terminations: Termination::ALL
                .iter()
                .zip(tally.terminations)
                .map(|(t, n)| (t.as_str(), n))
                .collect(),
        }
    }
}

fn ratings(bots: &[String], tally: &Tally, rng: &mut Rng) -> Ratings {
    let prior = Prior::default();
    // With the prior every bot that played has a finite rating, so these cannot fail.
    let elo = fit_bradley_terry(&tally.results, prior)
        .expect("the prior keeps the fit finite")
        .elo;
    let two_seat: Vec<PairingGroups> = tally
        .groups
        .iter()
        .filter(|g| g.outcome_counts().iter().sum::<u64>() > 0)
        .cloned()
        .collect();
    let intervals = if two_seat.is_empty() {
        vec![None; bots.len()]
    } else {
        bootstrap(bots.len(), &two_seat, BOOTSTRAP_DRAWS, prior, rng)
            .expect("the prior keeps every resample finite")
            .intervals
            .into_iter()
            .map(Some)
            .collect()
    };
    Ratings {
        method: "Bradley-Terry maximum likelihood on all games, draws as half, Elo scale 400*log10, mean 0",
        prior: format!("{DEFAULT_PRIOR_DRAWS} virtual draw between every pair of bots that met"),
        interval: format!(
            "95% percentile bootstrap over seed groups ({BOOTSTRAP_DRAWS} resamples, within each pairing)"
        ),
        rows: bots
            .iter()
            .enumerate()
            .map(|(i, bot)| RatingRow {
                bot: bot.clone(),
                elo: elo[i],
                interval: intervals[i],
                games: tally.bots[i].games,
            })
            .collect(),
    }
}

fn pairwise(bots: &[String], tally: &Tally) -> Vec<PairRow> {
    let mut rows = Vec::new();
    for (i, bot) in bots.iter().enumerate() {
        for (j, opponent) in bots.iter().enumerate() {
            let games = if i == j {
                0.0
            } else {
                tally.results.games(i, j)
            };
            if games == 0.0 {
                continue;
            }
            let points = tally.results.points(i, j);
            let (lower, upper) =
                wilson_interval(points, games, 0.95).expect("points within 0..=games");
            let seed_groups = tally
                .groups
                .iter()
                .find(|g| g.bots() == (i, j))
                .map(|g| g.outcome_counts().to_vec());
            rows.push(PairRow {
                bot: bot.clone(),
                opponent: opponent.clone(),
                games: games as u64,
                points,
                win_rate: points / games,
                lower,
                upper,
                seed_groups,
            });
        }
    }
    rows
}

fn per_bot(bots: &[String], tally: &Tally) -> Vec<BotRow> {
    bots.iter()
        .zip(&tally.bots)
        .map(|(bot, t)| {
            let s = &t.scores;
            BotRow {
                bot: bot.clone(),
                games: t.games,
                wins: t.wins,
                draws: t.draws,
                losses: t.games - t.wins - t.draws,
                score: ScoreRow::of(s),
                mean_turns: if t.games == 0 {
                    0.0
                } else {
                    t.turns as f64 / t.games as f64
                },
                crashes: t.crashes,
                illegal: t.illegal,
                fault_examples: t.fault_examples.clone(),
            }
        })
        .collect()
}
