//! The ratings table: point estimates, bootstrap intervals over whole seeds, and one-sided
//! bounds for bots the data do not identify. Knows bots, ranks and seeds; never a game.
//!
//! A bot that never scored (or never dropped a point) against every bot it met has no finite
//! rating; its games say nothing about the others' ratings either (in the limit they carry no
//! likelihood). So such bots are set aside: the others are fitted and bootstrapped on the games
//! among themselves, and each swept bot gets an exact one-sided bound given its opponents'
//! ratings ([`crate::stats::bounds`]) instead of a prior-made number with a falsely narrow
//! interval.

use super::options::AnalysisOptions;
use super::tally::{PairingTally, Tally};
use crate::seed::{self, Rng, Stream};
use crate::stats::StatsError;
use crate::stats::bootstrap::{
    BootstrapSummary, CONFIDENCE, GroupResult, SeedBootstrap, SeedOutcome, piece_times,
};
use crate::stats::bounds::{Identification, SweptGames, peeling, sweep_bound};
use crate::stats::plackett_luce::{FinishingOrders, fit_plackett_luce, merged};
use crate::stats::ratings::{DEFAULT_PRIOR_DRAWS, PairwiseResults, Prior, fit_bradley_terry};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct Ratings {
    pub method: String,
    pub prior: String,
    pub interval: String,
    pub scale: String,
    pub rows: Vec<RatingRow>,
    /// `superiority[i][j]`: share of bootstrap resamples in which bot `i` rated above bot `j`;
    /// NaN (`null`) where either bot is not identified.
    pub superiority: Vec<Vec<f64>>,
}

/// One bot's rating. For an identified bot, `elo` is the maximum-likelihood rating and
/// `[lower, upper]` its 95% interval. For a bot that never scored, `elo` is a one-sided 95%
/// upper bound (`upper` the same, `lower` NaN: unbounded); for one that never dropped a point,
/// a lower bound (`upper` NaN). NaN is `null` in JSON and an empty cell in CSV.
#[derive(Clone, Debug, Serialize)]
pub struct RatingRow {
    pub bot: String,
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
    pub games: u64,
    pub identification: Identification,
    /// The round of the peeling that found the bot one-sided (1 the first; 0 identified): it
    /// orders one-sided rows, whose `elo` is a bound ([`crate::stats::bounds::peeling`]).
    #[serde(skip)]
    pub peeled: u32,
}

/// Which likelihood the ratings use.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Method {
    BradleyTerry,
    PlackettLuce,
}

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

/// The ratings table: fit and bootstrap on the identified bots, then bounds for the swept ones.
pub(super) fn ratings(
    bots: &[String],
    n: usize,
    tally: &Tally,
    method: Method,
    options: &AnalysisOptions,
) -> Ratings {
    let fit = Fit::new(tally, n);
    let anchor = options.anchor.filter(|&(bot, _)| fit.keeps(bot));
    let draws = options.bootstrap_draws;
    let (mut elo, summary) = fit.estimate(method, draws, anchor.map(|(bot, _)| bot));
    shift(&mut elo, anchor);
    let base = anchor.map_or(0.0, |(_, rating)| rating);
    let (mut intervals, mut superiority) = spread(summary, base, n);
    fit.bound_swept(&mut elo, &mut intervals, &mut superiority);
    Ratings {
        method: method_text(method).to_string(),
        prior: format!(
            "{DEFAULT_PRIOR_DRAWS} virtual draw (a tied two-seat game) between every pair of bots that met"
        ),
        interval: interval_text(draws),
        scale: scale_text(bots, options.anchor, anchor, fit.swept()),
        rows: fit.rows(bots, &elo, &intervals),
        superiority,
    }
}

/// Point ratings and, when some seed has a complete group to resample, the bootstrap summary.
type Estimate = (Vec<f64>, Option<BootstrapSummary>);

/// One ratings fit: the tally, its results over all `n` bots, and which bots the data identify
/// (only those are fitted and resampled; the others get bounds).
struct Fit<'a> {
    tally: &'a Tally,
    n: usize,
    all: PairwiseResults,
    identified: Vec<Identification>,
    /// The round of the peeling that set each bot aside (0: identified).
    peeled: Vec<u32>,
}

impl<'a> Fit<'a> {
    fn new(tally: &'a Tally, n: usize) -> Fit<'a> {
        let all = tally.results.resized(n);
        let (identified, peeled) = peeling(&all).into_iter().unzip();
        Fit {
            tally,
            n,
            all,
            identified,
            peeled,
        }
    }

    fn keeps(&self, bot: usize) -> bool {
        self.identified[bot] == Identification::Identified
    }

    /// Whether some bot is set aside as swept.
    fn swept(&self) -> bool {
        self.identified
            .iter()
            .any(|&i| i != Identification::Identified)
    }

    /// Fits the identified bots and resamples whole seeds, `anchor` pinned in every resample.
    fn estimate(&self, method: Method, draws: usize, anchor: Option<usize>) -> Estimate {
        let seeds = Seeds::of(self.tally);
        let mut rng = seed::rng(BOOTSTRAP_MASTER_SEED, 0, Stream::Bootstrap);
        let resampling = SeedBootstrap {
            anchor,
            ..SeedBootstrap::new(self.n, &seeds.outcomes, draws)
        };
        match method {
            Method::BradleyTerry => self.bradley_terry(&seeds, &resampling, &mut rng),
            Method::PlackettLuce => self.plackett_luce(&seeds, &resampling, &mut rng),
        }
    }

    fn bradley_terry(&self, seeds: &Seeds, resampling: &SeedBootstrap, rng: &mut Rng) -> Estimate {
        let keep = |bot: usize| self.keeps(bot);
        let pieces: Vec<GroupResult> = seeds
            .pieces
            .iter()
            .map(|&(p, o)| group_result(&self.tally.pairings[p], o, &keep))
            .collect();
        let point = fit_bradley_terry(&self.all.restricted(keep), Prior::default())
            .expect("the prior keeps the fit finite")
            .elo;
        let summary = resampled(seeds, || resampling.bradley_terry(&pieces, rng));
        (point, summary)
    }

    fn plackett_luce(&self, seeds: &Seeds, resampling: &SeedBootstrap, rng: &mut Rng) -> Estimate {
        let keep = |bot: usize| self.keeps(bot);
        let pieces: Vec<FinishingOrders> = seeds
            .pieces
            .iter()
            .map(|&(p, o)| {
                let pairing = &self.tally.pairings[p];
                Tally::outcome_orders(pairing, &pairing.outcomes[o], keep)
            })
            .collect();
        // Finishing orders cannot drop a bot after the fact, so with a swept bot the point
        // estimate is made from the complete seed groups, as the resamples are.
        let orders = if self.swept() {
            merged(&pieces, &piece_times(&seeds.outcomes, pieces.len()))
        } else {
            self.tally.orders.clone()
        };
        let point = point_ratings(self.n, &self.all, &orders, Method::PlackettLuce);
        let summary = resampled(seeds, || resampling.plackett_luce(&pieces, rng));
        (point, summary)
    }

    /// Gives every swept bot its one-sided bound as rating and interval, and takes it out of the
    /// superiority matrix (NaN both ways): it was not resampled.
    fn bound_swept(
        &self,
        elo: &mut [f64],
        intervals: &mut [(f64, f64)],
        superiority: &mut [Vec<f64>],
    ) {
        let keep = |bot: usize| self.keeps(bot);
        let components = self.all.components();
        for bot in (0..self.n).filter(|&b| !keep(b)) {
            let which = self.identified[bot];
            let (bound, interval) = bound_of(bot, which, self.tally, elo, &keep, &components);
            elo[bot] = bound;
            intervals[bot] = interval;
            superiority[bot].fill(f64::NAN);
            superiority.iter_mut().for_each(|row| row[bot] = f64::NAN);
        }
    }

    fn rows(&self, bots: &[String], elo: &[f64], intervals: &[(f64, f64)]) -> Vec<RatingRow> {
        (0..bots.len())
            .map(|i| RatingRow {
                bot: bots[i].clone(),
                elo: elo[i],
                lower: intervals[i].0,
                upper: intervals[i].1,
                games: self.tally.bots.get(i).map_or(0, |b| b.games),
                identification: self.identified[i],
                peeled: self.peeled[i],
            })
            .collect()
    }
}

/// The bootstrap summary, or none when no seed has a complete group (nothing to resample).
fn resampled(
    seeds: &Seeds,
    refit: impl FnOnce() -> Result<BootstrapSummary, StatsError>,
) -> Option<BootstrapSummary> {
    (!seeds.outcomes.is_empty()).then(|| refit().expect("the prior keeps every resample finite"))
}

/// The intervals, moved by `base` (the anchor's rating), and the superiority matrix of the
/// bootstrap; without one, NaN intervals and an even matrix.
fn spread(
    summary: Option<BootstrapSummary>,
    base: f64,
    n: usize,
) -> (Vec<(f64, f64)>, Vec<Vec<f64>>) {
    match summary {
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
    }
}

fn method_text(method: Method) -> &'static str {
    match method {
        Method::BradleyTerry => {
            "Bradley-Terry maximum likelihood on all games, draws as half, Elo scale 400*log10"
        }
        Method::PlackettLuce => {
            "Plackett-Luce maximum likelihood on finishing orders, ties as every order with \
             equal weight, Elo scale 400*log10"
        }
    }
}

fn interval_text(draws: usize) -> String {
    format!(
        "95% percentile bootstrap over whole seeds ({draws} resamples; a seed is resampled with \
         every pairing's games on it); a bot that never scored, or never dropped a point, against \
         the bots with two-sided intervals is given a one-sided {:.0}% bound instead (exact \
         given their ratings)",
        100.0 * CONFIDENCE
    )
}

/// How the scale is fixed: `asked` is the anchor given, `anchor` the one used (none when the
/// asked bot is swept).
fn scale_text(
    bots: &[String],
    asked: Option<(usize, f64)>,
    anchor: Option<(usize, f64)>,
    swept: bool,
) -> String {
    match (asked, anchor) {
        (Some((bot, rating)), Some(_)) => format!("anchored: {} = {rating}", bots[bot]),
        (Some((bot, _)), None) => format!(
            "mean 0 over the identified bots (anchor {} is swept, so it cannot pin the scale)",
            bots[bot]
        ),
        (None, _) if swept => "mean 0 over the identified bots".to_string(),
        (None, _) => "mean 0".to_string(),
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
