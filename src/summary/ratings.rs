//! The ratings table: point estimates, bootstrap intervals over whole seeds, and one-sided
//! bounds for bots the data do not identify. Knows bots, ranks and seeds; never a game.
//!
//! A bot that never scored (or never dropped a point) against every bot it met has no finite
//! rating; its games say nothing about the others' ratings either (in the limit they carry no
//! likelihood). So such bots are set aside: the others are fitted and bootstrapped on the games
//! among themselves, and each swept bot gets an exact one-sided bound given its opponents'
//! ratings ([`crate::stats::bounds`]) instead of a prior-made number with a falsely narrow
//! interval.

use super::analysis::{AnalysisOptions, Method, RatingRow, Ratings};
use super::tally::{PairingTally, Tally};
use crate::seed::{self, Stream};
use crate::stats::bootstrap::{
    BootstrapSummary, CONFIDENCE, GroupResult, SeedBootstrap, SeedOutcome, piece_times,
};
use crate::stats::bounds::{Identification, SweptGames, identification, sweep_bound};
use crate::stats::plackett_luce::{FinishingOrders, fit_plackett_luce, merged};
use crate::stats::ratings::{DEFAULT_PRIOR_DRAWS, PairwiseResults, Prior, fit_bradley_terry};

/// The bootstrap's generator is keyed by this fixed master seed rather than the run's, so a
/// report recomputed from `games.csv` alone (which does not record the master seed) gives the
/// same intervals as the run did.
const BOOTSTRAP_MASTER_SEED: u64 = 0;

/// Point ratings with the default prior (every bot that played is finite).
pub(super) fn point_ratings(
    n: usize,
    results: &PairwiseResults,
    orders: &FinishingOrders,
    method: Method,
) -> Vec<f64> {
    match method {
        Method::BradleyTerry => {
            fit_bradley_terry(&results.resized(n), Prior::default())
                .expect("the prior keeps the fit finite")
                .elo
        }
        Method::PlackettLuce => {
            fit_plackett_luce(orders, n, Prior::default())
                .expect("the prior keeps the fit finite")
                .elo
        }
    }
}

/// Moves every rating so `anchor`'s bot has its pinned rating.
pub(super) fn shift(elo: &mut [f64], anchor: Option<(usize, f64)>) {
    if let Some((bot, rating)) = anchor {
        let by = rating - elo[bot];
        elo.iter_mut().for_each(|e| *e += by);
    }
}

/// The seeds of the tally as resampling units over one flat list of pieces (every pairing's
/// distinct group outcomes, pairing after pairing), with each piece's pairing and outcome.
struct Seeds {
    /// `(pairing, outcome)` per piece.
    pieces: Vec<(usize, usize)>,
    outcomes: Vec<SeedOutcome>,
}

impl Seeds {
    fn of(tally: &Tally) -> Seeds {
        let mut first = Vec::with_capacity(tally.pairings.len());
        let mut pieces = Vec::new();
        for (p, pairing) in tally.pairings.iter().enumerate() {
            first.push(pieces.len());
            pieces.extend((0..pairing.outcomes.len()).map(|o| (p, o)));
        }
        let outcomes = tally
            .seed_outcomes()
            .into_iter()
            .map(|(seed, count)| SeedOutcome {
                pieces: seed.iter().map(|&(p, o)| first[p] + o).collect(),
                count,
            })
            .collect();
        Seeds { pieces, outcomes }
    }
}

pub(super) fn ratings(
    bots: &[String],
    n: usize,
    tally: &Tally,
    method: Method,
    options: &AnalysisOptions,
) -> Ratings {
    let all = tally.results.resized(n);
    let identified = identification(&all);
    let keep = |bot: usize| identified[bot] == Identification::Identified;
    let swept = identified.iter().any(|&i| i != Identification::Identified);
    let seeds = Seeds::of(tally);
    let anchor = options.anchor.filter(|&(bot, _)| keep(bot));
    let anchor_bot = anchor.map(|(bot, _)| bot);
    let mut rng = seed::rng(BOOTSTRAP_MASTER_SEED, 0, Stream::Bootstrap);
    let draws = options.bootstrap_draws;
    let resampling = SeedBootstrap {
        anchor: anchor_bot,
        ..SeedBootstrap::new(n, &seeds.outcomes, draws)
    };
    let (mut elo, summary) = match method {
        Method::BradleyTerry => {
            let pieces: Vec<GroupResult> = seeds
                .pieces
                .iter()
                .map(|&(p, o)| group_result(&tally.pairings[p], o, &keep))
                .collect();
            let point = fit_bradley_terry(&all.restricted(keep), Prior::default())
                .expect("the prior keeps the fit finite")
                .elo;
            let summary = (!seeds.outcomes.is_empty()).then(|| {
                resampling
                    .bradley_terry(&pieces, &mut rng)
                    .expect("the prior keeps every resample finite")
            });
            (point, summary)
        }
        Method::PlackettLuce => {
            let pieces: Vec<FinishingOrders> = seeds
                .pieces
                .iter()
                .map(|&(p, o)| {
                    let pairing = &tally.pairings[p];
                    Tally::outcome_orders(pairing, &pairing.outcomes[o], keep)
                })
                .collect();
            // Finishing orders cannot drop a bot after the fact, so with a swept bot the point
            // estimate is made from the complete seed groups, as the resamples are.
            let orders = if swept {
                merged(&pieces, &piece_times(&seeds.outcomes, pieces.len()))
            } else {
                tally.orders.clone()
            };
            let point = point_ratings(n, &all, &orders, method);
            let summary = (!seeds.outcomes.is_empty()).then(|| {
                resampling
                    .plackett_luce(&pieces, &mut rng)
                    .expect("the prior keeps every resample finite")
            });
            (point, summary)
        }
    };
    shift(&mut elo, anchor);
    let base = anchor.map_or(0.0, |(_, rating)| rating);
    let (mut intervals, mut superiority) = match summary {
        Some(BootstrapSummary {
            intervals,
            superiority,
            ..
        }) => (
            intervals
                .iter()
                .map(|(lo, hi)| (lo + base, hi + base))
                .collect(),
            superiority,
        ),
        None => (vec![(f64::NAN, f64::NAN); n], vec![vec![0.5; n]; n]),
    };
    let components = all.components();
    for bot in (0..n).filter(|&b| !keep(b)) {
        let (bound, interval) = bound_of(bot, identified[bot], tally, &elo, &keep, &components);
        elo[bot] = bound;
        intervals[bot] = interval;
        superiority[bot].fill(f64::NAN);
        superiority.iter_mut().for_each(|row| row[bot] = f64::NAN);
    }
    let interval_text = format!(
        "95% percentile bootstrap over whole seeds ({draws} resamples; a seed is resampled with \
         every pairing's games on it); a bot that never scored, or never dropped a point, is \
         given a one-sided {:.0}% bound instead (exact given its opponents' ratings)",
        100.0 * CONFIDENCE
    );
    Ratings {
        method: match method {
            Method::BradleyTerry => {
                "Bradley-Terry maximum likelihood on all games, draws as half, Elo scale 400*log10"
            }
            Method::PlackettLuce => {
                "Plackett-Luce maximum likelihood on finishing orders, ties as every order with \
                 equal weight, Elo scale 400*log10"
            }
        }
        .to_string(),
        prior: format!(
            "{DEFAULT_PRIOR_DRAWS} virtual draw (a tied two-seat game) between every pair of bots that met"
        ),
        interval: interval_text,
        scale: match (options.anchor, anchor) {
            (Some((bot, rating)), Some(_)) => format!("anchored: {} = {rating}", bots[bot]),
            (Some((bot, _)), None) => format!(
                "mean 0 over the identified bots (anchor {} is swept, so it cannot pin the scale)",
                bots[bot]
            ),
            (None, _) if swept => "mean 0 over the identified bots".to_string(),
            (None, _) => "mean 0".to_string(),
        },
        rows: (0..bots.len())
            .map(|i| RatingRow {
                bot: bots[i].clone(),
                elo: elo[i],
                lower: intervals[i].0,
                upper: intervals[i].1,
                games: tally.bots.get(i).map_or(0, |b| b.games),
                identification: identified[i],
            })
            .collect(),
        superiority,
    }
}

/// Bradley–Terry contribution of one group outcome, or nothing when a bot of it is set aside.
fn group_result(
    pairing: &PairingTally,
    outcome: usize,
    keep: &impl Fn(usize) -> bool,
) -> GroupResult {
    let (a, b) = (pairing.bots[0], pairing.bots[1]);
    let kept = keep(a) && keep(b) && pairing.groups.is_some();
    GroupResult {
        a,
        b,
        half_points: if kept {
            pairing.outcomes[outcome].half_points
        } else {
            0
        },
        games: if kept { pairing.bots.len() as u32 } else { 0 },
    }
}

/// A swept bot's reported rating (the bound) and `(lower, upper)`, NaN on the open side.
///
/// The opponents are the identified bots it met, at their fitted ratings. When its connected
/// group has no identified bot at all (e.g. a head-to-head that one bot swept), the opponents
/// are taken at 0 and the bound halved: the pair's difference is bounded, and the scale puts
/// the group's mean at 0. With identified bots in the group but none among its opponents (it
/// met only other swept bots) nothing bounds it: both ends NaN.
fn bound_of(
    bot: usize,
    which: Identification,
    tally: &Tally,
    elo: &[f64],
    keep: &impl Fn(usize) -> bool,
    components: &[usize],
) -> (f64, (f64, f64)) {
    // Bots without games are identified but alone in their component, so never counted here.
    let group_has_identified = (0..elo.len()).any(|b| components[b] == components[bot] && keep(b));
    let opponent_ok = |b: usize| b != bot && (keep(b) || !group_has_identified);
    let mut games: Vec<SweptGames> = Vec::new();
    for pairing in tally.pairings.iter().filter(|p| p.bots.contains(&bot)) {
        let seats = pairing.bots.len();
        for outcome in &pairing.outcomes {
            for game in outcome.pattern.chunks(seats) {
                let lineup: Vec<usize> = game.iter().map(|v| (v >> 8) as usize).collect();
                let copies = lineup.iter().filter(|&&b| b == bot).count();
                let mut opponents: Vec<usize> =
                    lineup.into_iter().filter(|&b| opponent_ok(b)).collect();
                opponents.sort_unstable();
                if opponents.is_empty() {
                    continue;
                }
                match games
                    .iter_mut()
                    .find(|g| g.copies == copies && g.opponents == opponents)
                {
                    Some(g) => g.count += outcome.count,
                    None => games.push(SweptGames {
                        copies,
                        opponents,
                        count: outcome.count,
                    }),
                }
            }
        }
    }
    let ratings: Vec<f64> = if group_has_identified {
        elo.to_vec()
    } else {
        vec![0.0; elo.len()]
    };
    let Ok(mut bound) = sweep_bound(which, &games, &ratings, 1.0 - CONFIDENCE) else {
        return (f64::NAN, (f64::NAN, f64::NAN));
    };
    if !group_has_identified {
        bound /= 2.0;
    }
    match which {
        Identification::NeverScored => (bound, (f64::NAN, bound)),
        _ => (bound, (bound, f64::NAN)),
    }
}
