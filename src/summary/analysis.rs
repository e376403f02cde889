//! Everything a report shows, computed from a [`Tally`]: the one place where accumulated counts
//! become ratings, intervals, head-to-head tests and tables. Knows bots, ranks, scores and seed
//! groups; never a game.

use super::options::{AnalysisOptions, SprtOptions};
use super::ratings::{Method, Ratings};
use super::ratings::{point_ratings, ratings, shift};
use super::tally::{PairingTally, Tally};
use super::think::ThinkRow;
use crate::outcome::Termination;
use crate::stats::bootstrap::CONFIDENCE;
use crate::stats::bounds::{Identification, SweptGames, sweep_bound};
use crate::stats::distribution::ScoreDistribution;
use crate::stats::elo::elo_estimate;
use crate::stats::pentanomial::HeadToHead;
use crate::stats::plackett_luce::MAX_SEATS;
use crate::stats::ratings::PairwiseResults;
use crate::stats::sprt::{EloBounds, SprtBounds, Verdict, sprt};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub bots: Vec<String>,
    pub games_played: u64,
    pub ratings: Ratings,
    pub pairwise: Vec<PairRow>,
    pub head_to_head: Vec<HeadToHeadRow>,
    pub per_bot: Vec<BotRow>,
    pub per_seat: Vec<SeatRow>,
    pub margins: Vec<MarginRow>,
    pub lengths: Vec<LengthRow>,
    pub terminations: BTreeMap<&'static str, u64>,
    pub convergence: Vec<ConvergencePoint>,
    /// The GSPRT settings behind `head_to_head`.
    pub sprt: SprtOptions,
    /// Every bot's scores, for the distribution plot.
    #[serde(skip)]
    pub score_distributions: Vec<ScoreDistribution>,
    /// Score margins, one per row of `margins`.
    #[serde(skip)]
    pub margin_distributions: Vec<ScoreDistribution>,
}

/// A one-sided bound: the first bot never lost (`difference > value`) or never scored
/// (`difference < value`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct SweepBound {
    pub side: Identification,
    pub value: f64,
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
    /// 95% interval over seeds as the independent units: Wilson's at `effective_games`.
    pub lower: f64,
    pub upper: f64,
    /// Seeds in which the two bots met (the clusters of the interval).
    pub seeds: u64,
    /// Independent games the seeds are worth (see [`crate::stats::clustered`]), between
    /// `seeds` and `games`.
    pub effective_games: f64,
    /// Seed groups by the bot's half-points in them (a pentanomial for two seats); only on the
    /// row of the pairing's first bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_groups: Option<Vec<u64>>,
}

/// Chess-tester numbers for one two-seat pairing, from its seed pairs (first bot's view).
#[derive(Clone, Debug, Serialize)]
pub struct HeadToHeadRow {
    pub bot: String,
    pub opponent: String,
    pub games: u64,
    /// Pairs scoring 0, ½, 1, 1½, 2 points for `bot`.
    pub pentanomial: Vec<u64>,
    pub elo: f64,
    /// Half-width of the 95% interval; `null` when the interval is one-sided (its score's
    /// interval reaches a sure result), and then `elo_lower95` or `elo_upper95` bounds it.
    pub elo_error95: f64,
    /// The interval's ends ([`crate::stats::elo::EloEstimate`]): what the pages print.
    #[serde(skip)]
    pub elo_lower95: f64,
    #[serde(skip)]
    pub elo_upper95: f64,
    /// For a sweep (one bot took every game), the one-sided 95% bound on the Elo difference,
    /// as the ratings bound a swept bot: `elo` is then only where the score clamp puts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elo_bound: Option<SweepBound>,
    pub nelo: f64,
    pub nelo_error95: f64,
    pub los: f64,
    /// The GSPRT's LLR and verdict; `null` when the test cannot be computed for these counts
    /// (`sprt_error` says why), while the rest of the row still stands.
    pub llr: f64,
    pub llr_lower: f64,
    pub llr_upper: f64,
    pub verdict: Option<Verdict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt_error: Option<String>,
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
    pub timeouts: u64,
    pub fault_examples: Vec<String>,
    /// Its think times, when its decisions were timed: a measurement, kept out of
    /// `summary.json`.
    #[serde(skip)]
    pub think: Option<ThinkRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatRow {
    pub bot: String,
    pub seat: usize,
    pub games: u64,
    pub score: ScoreRow,
}

/// Score of `bot` minus `opponent`'s over the games they shared.
#[derive(Clone, Debug, Serialize)]
pub struct MarginRow {
    pub bot: String,
    pub opponent: String,
    pub games: u64,
    pub margin: ScoreRow,
}

/// Game length (turns) and endings of one pairing.
#[derive(Clone, Debug, Serialize)]
pub struct LengthRow {
    pub pairing: String,
    pub games: u64,
    pub turns: ScoreRow,
    pub terminations: BTreeMap<&'static str, u64>,
}

/// Point-estimate ratings after the first `games` games.
#[derive(Clone, Debug, Serialize)]
pub struct ConvergencePoint {
    pub games: u64,
    pub elo: Vec<f64>,
    /// Whether each bot had played by then: the others' `elo` is only the prior's placeholder
    /// (folders combined by `report` bring bots in part-way), so the plot leaves it out.
    #[serde(skip)]
    pub played: Vec<bool>,
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
    /// Zeros for an empty distribution, so the JSON never holds NaN.
    pub fn of(s: &ScoreDistribution) -> ScoreRow {
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

impl Analysis {
    /// `bots` names every bot index the tally holds.
    /// The head-to-head rows alone, as [`Analysis::build`] makes them: cheap (no fit, no
    /// bootstrap), so the live page redoes them at every refresh.
    pub fn head_to_heads(
        bots: &[String],
        tally: &Tally,
        options: &AnalysisOptions,
    ) -> Vec<HeadToHeadRow> {
        head_to_head(bots, tally, options.sprt)
    }

    pub fn build(bots: &[String], tally: &Tally, options: &AnalysisOptions) -> Analysis {
        let n = bots.len().max(tally.bots.len());
        let method = method_of(tally);
        let margins: Vec<_> = tally.margins.iter().collect();
        Analysis {
            bots: bots.to_vec(),
            games_played: tally.games,
            ratings: ratings(bots, n, tally, method, options),
            pairwise: pairwise(bots, tally),
            head_to_head: head_to_head(bots, tally, options.sprt),
            per_bot: per_bot(bots, tally),
            per_seat: per_seat(bots, tally),
            margins: margins
                .iter()
                .map(|((a, b), d)| MarginRow {
                    bot: bots[*a].clone(),
                    opponent: bots[*b].clone(),
                    games: d.count(),
                    margin: ScoreRow::of(d),
                })
                .collect(),
            lengths: tally
                .pairings
                .iter()
                .map(|p| LengthRow {
                    pairing: pairing_name(bots, p),
                    games: p.games,
                    turns: ScoreRow::of(&p.turns),
                    terminations: termination_map(&p.terminations),
                })
                .collect(),
            terminations: termination_map(&tally.terminations),
            convergence: convergence(n, tally, method, options.anchor),
            sprt: options.sprt,
            score_distributions: tally.bots.iter().map(|b| b.scores.clone()).collect(),
            margin_distributions: margins.iter().map(|(_, d)| (*d).clone()).collect(),
        }
    }
}

/// The ratings table alone, as [`Analysis::build`] computes it (`tourney rate`: the store's
/// joint fit, which needs none of the other tables).
pub fn ratings_table(bots: &[String], tally: &Tally, options: &AnalysisOptions) -> Ratings {
    let n = bots.len().max(tally.bots.len());
    ratings(bots, n, tally, method_of(tally), options)
}

/// Plackett-Luce for games of three seats or more, Bradley-Terry for two.
fn method_of(tally: &Tally) -> Method {
    match (3..=MAX_SEATS).contains(&tally.max_seats) {
        true => Method::PlackettLuce,
        false => Method::BradleyTerry,
    }
}

pub(crate) fn pairing_name(bots: &[String], p: &PairingTally) -> String {
    p.bots
        .iter()
        .map(|&b| bots[b].as_str())
        .collect::<Vec<_>>()
        .join(" vs ")
}

fn termination_map(counts: &[u64]) -> BTreeMap<&'static str, u64> {
    Termination::ALL
        .iter()
        .zip(counts)
        .filter(|(_, n)| **n > 0)
        .map(|(t, n)| (t.as_str(), *n))
        .collect()
}

fn convergence(
    n: usize,
    tally: &Tally,
    method: Method,
    anchor: Option<(usize, f64)>,
) -> Vec<ConvergencePoint> {
    let mut points: Vec<ConvergencePoint> = tally
        .checkpoints
        .iter()
        .map(|c| (c.games, &c.results, &c.orders))
        .chain(
            (tally.checkpoints.last().map(|c| c.games) != Some(tally.games) && tally.games > 0)
                .then_some((tally.games, &tally.results, &tally.orders)),
        )
        .map(|(games, results, orders)| {
            let mut elo = point_ratings(n, results, orders, method);
            shift(&mut elo, anchor);
            ConvergencePoint {
                games,
                elo,
                played: (0..n).map(|i| has_played(results, i)).collect(),
            }
        })
        .collect();
    points.sort_by_key(|p| p.games);
    points
}

/// Whether bot `i` shared a game with another bot in `results`.
fn has_played(results: &PairwiseResults, i: usize) -> bool {
    let n = results.n_bots();
    i < n && (0..n).any(|j| j != i && results.games(i, j) > 0.0)
}

fn pairwise(bots: &[String], tally: &Tally) -> Vec<PairRow> {
    let clusters = tally.win_clusters();
    let mut rows = Vec::new();
    for (i, bot) in bots.iter().enumerate() {
        for (j, opponent) in bots.iter().enumerate() {
            let games = if i == j || i >= tally.results.n_bots() || j >= tally.results.n_bots() {
                0.0
            } else {
                tally.results.games(i, j)
            };
            if games == 0.0 {
                continue;
            }
            let points = tally.results.points(i, j);
            // The clusters hold the lower-indexed bot's points; the other's interval is the
            // mirror image.
            let sums = &clusters[&(i.min(j), i.max(j))];
            let (lo, hi) = sums
                .interval(CONFIDENCE)
                .expect("confidence level within (0, 1)");
            let (lower, upper) = if i < j {
                (lo, hi)
            } else {
                (1.0 - hi, 1.0 - lo)
            };
            let seed_groups = tally
                .pairings
                .iter()
                .filter_map(|p| p.groups.as_ref())
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
                seeds: sums.clusters(),
                effective_games: sums.effective_trials(),
                seed_groups,
            });
        }
    }
    rows
}

fn head_to_head(bots: &[String], tally: &Tally, options: SprtOptions) -> Vec<HeadToHeadRow> {
    let Ok(bounds) = SprtBounds::from_error_rates(options.alpha, options.beta) else {
        return Vec::new();
    };
    let hypotheses = EloBounds::Normalized {
        nelo0: options.nelo0,
        nelo1: options.nelo1,
    };
    tally
        .pairings
        .iter()
        .filter_map(|p| Some((p.lead, p.groups.as_ref()?)))
        .filter_map(|(lead, g)| {
            // The histogram counts the lower-numbered bot's points; told from the lead's side,
            // the same pairs read in reverse.
            let mut counts = g.outcome_counts().to_vec();
            let (mut a, mut b) = g.bots();
            if lead == b {
                counts.reverse();
                (a, b) = (b, a);
            }
            let h2h = HeadToHead::from_pair_histogram(&counts).ok()?;
            let estimate = elo_estimate(&h2h).ok()?;
            // A test that cannot be computed (H1 beyond what these outcomes can show) is
            // marked as such; it does not take the pairing's other numbers with it.
            let test = sprt(&h2h, hypotheses, bounds);
            Some(HeadToHeadRow {
                bot: bots[a].clone(),
                opponent: bots[b].clone(),
                games: h2h.games(),
                pentanomial: h2h.counts().to_vec(),
                elo: estimate.elo,
                elo_error95: estimate.elo_error95,
                elo_lower95: estimate.lower95,
                elo_upper95: estimate.upper95,
                elo_bound: sweep_difference_bound(h2h.counts(), h2h.games()),
                nelo: estimate.nelo,
                nelo_error95: estimate.nelo_error95,
                los: estimate.los,
                llr: test.as_ref().map_or(f64::NAN, |t| t.llr),
                llr_lower: bounds.lower,
                llr_upper: bounds.upper,
                verdict: test.as_ref().ok().map(|t| t.verdict),
                sprt_error: test.err().map(|e| e.to_string()),
            })
        })
        .collect()
}

/// The bound on a head-to-head's Elo difference when one side took every game (all counts in
/// the first or the last outcome): the same exact one-sided bound as a swept bot's rating,
/// against an opponent at 0.
pub fn sweep_difference_bound(counts: &[u64], games: u64) -> Option<SweepBound> {
    let total: u64 = counts.iter().sum();
    let side = if counts.last() == Some(&total) {
        Identification::NeverLost
    } else if counts.first() == Some(&total) {
        Identification::NeverScored
    } else {
        return None;
    };
    let swept = [SweptGames {
        copies: 1,
        opponents: vec![0],
        count: games,
    }];
    let value = sweep_bound(side, &swept, &[0.0], 1.0 - CONFIDENCE).ok()?;
    Some(SweepBound { side, value })
}

fn per_bot(bots: &[String], tally: &Tally) -> Vec<BotRow> {
    bots.iter()
        .zip(&tally.bots)
        .map(|(bot, t)| BotRow {
            bot: bot.clone(),
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            losses: t.games - t.wins - t.draws,
            score: ScoreRow::of(&t.scores),
            mean_turns: if t.games == 0 {
                0.0
            } else {
                t.turns as f64 / t.games as f64
            },
            crashes: t.crashes,
            illegal: t.illegal,
            timeouts: t.timeouts,
            fault_examples: t.fault_examples.clone(),
            think: t.think.row(),
        })
        .collect()
}

fn per_seat(bots: &[String], tally: &Tally) -> Vec<SeatRow> {
    let mut rows = Vec::new();
    for (bot, t) in bots.iter().zip(&tally.bots) {
        for (seat, scores) in t.seat_scores.iter().enumerate() {
            if scores.count() > 0 {
                rows.push(SeatRow {
                    bot: bot.clone(),
                    seat,
                    games: scores.count(),
                    score: ScoreRow::of(scores),
                });
            }
        }
    }
    rows
}
