//! Plackett–Luce ratings from finishing orders of games with two to five seats, on the Elo scale.
//! Knows bots and ranks; never a game.
//!
//! Model: a finishing order is built best-first; at each stage the next place goes to bot `i`
//! among the bots still unplaced (`S`) with probability `e^θᵢ / Σ_{k∈S} e^θₖ`. With two seats this
//! is Bradley–Terry. Ratings are `θ · 400 / ln 10` (Elo scale), mean 0 per connected group.
//!
//! **Ties** are broken into every order with equal weight: `t` seats sharing a rank contribute
//! the average log-likelihood of their `t!` orders (each order weighted `1/t!`). For two seats a
//! tie is then half a win each way, exactly Bradley–Terry's "draws as half", so the two fits agree
//! on two-seat games. The average over orders is computed in closed form: at the step where `u` of
//! the `t` tied seats remain, every `u`-subset `U` is equally likely (weight `1/C(t, u)`), and each
//! member of `U` wins that stage with weight `1/u`.
//!
//! The log-likelihood depends on the data only through each bot's (weighted) stage wins and the
//! weight of each distinct stage set, so [`FinishingOrders`] keeps just those: memory grows with
//! the number of distinct sets of unplaced bots, not with games.
//!
//! **Prior**: [`Prior::VirtualDraws`]`(k)` adds, for every pair of bots that ever shared a game,
//! `k` virtual two-seat games between them ending in a tie; the same prior as Bradley–Terry's, so
//! the two fits still agree on two-seat games.

use super::StatsError;
use super::bootstrap::{BootstrapSummary, SeedBootstrap};
use super::newton::maximise;
use super::ratings::{Prior, Ratings, fit_each_component};
use crate::seed::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// Most seats a finishing order may have (a stage set packs into 64 bits, 12 bits per seat).
pub const MAX_SEATS: usize = 5;

/// Highest bot index a stage set can hold.
const MAX_BOT: usize = (1 << 12) - 2;

/// The sufficient statistics of Plackett–Luce for a set of finishing orders.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FinishingOrders {
    /// Weighted stage wins per bot (grows with the highest bot index seen).
    wins: Vec<f64>,
    /// Weight of each stage, keyed by its sorted multiset of unplaced bots, packed 12 bits per
    /// bot (bot + 1, so 0 means "no bot").
    sets: BTreeMap<u64, f64>,
    /// `(i, j)`: bot `i` finished above (or tied with) bot `j` at least once. Decides whether the
    /// plain maximum-likelihood fit exists (Hunter's condition: this graph strongly connected).
    above: BTreeSet<(usize, usize)>,
}

impl FinishingOrders {
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of bot slots (highest index seen + 1).
    pub fn n_bots(&self) -> usize {
        self.wins.len()
    }

    /// Adds one game: `bots[s]` finished with `ranks[s]` (1 = best, equal ranks tie), counted
    /// `weight` times. A bot may sit in several seats (it then competes with itself).
    pub fn add(&mut self, bots: &[usize], ranks: &[u8], weight: f64) -> Result<(), StatsError> {
        check_game(bots, ranks, weight)?;
        let seats = bots.len();
        let top = bots.iter().max().expect("at least two seats") + 1;
        if self.wins.len() < top {
            self.wins.resize(top, 0.0);
        }
        for a in 0..seats {
            for b in 0..seats {
                if a != b && bots[a] != bots[b] && ranks[a] <= ranks[b] {
                    self.above.insert((bots[a], bots[b]));
                }
            }
        }
        let mut order: Vec<usize> = (0..seats).collect();
        order.sort_by_key(|&s| (ranks[s], s));
        let mut start = 0;
        while start < seats {
            let end = (start..seats)
                .find(|&k| ranks[order[k]] != ranks[order[start]])
                .unwrap_or(seats);
            self.add_tied_stages(bots, &order[start..end], &order[end..], weight);
            start = end;
        }
        Ok(())
    }

    /// Adds the stages that place the seats `tied` (one rank), the seats `worse` still unplaced
    /// behind them: every non-empty subset of `u` of the `t` tied seats is a stage set with
    /// weight `weight / C(t, u)`, each of its tied members winning it with `1/u` of that.
    fn add_tied_stages(&mut self, bots: &[usize], tied: &[usize], worse: &[usize], weight: f64) {
        let t = tied.len();
        for mask in 1u32..(1 << t) {
            let u = mask.count_ones() as usize;
            let subset_weight = weight / binomial(t, u);
            let mut members: Vec<usize> = Vec::with_capacity(bots.len());
            members.extend(
                (0..t)
                    .filter(|k| mask & (1 << k) != 0)
                    .map(|k| bots[tied[k]]),
            );
            let winners = members.clone();
            members.extend(worse.iter().map(|&s| bots[s]));
            if members.len() < 2 {
                continue;
            }
            *self.sets.entry(pack(&mut members)).or_insert(0.0) += subset_weight;
            for bot in winners {
                self.wins[bot] += subset_weight / u as f64;
            }
        }
    }

    /// Adds everything in `other`, `times` times (resampling and merging folders).
    pub fn merge(&mut self, other: &FinishingOrders, times: f64) {
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0.0);
        }
        for (bot, w) in other.wins.iter().enumerate() {
            self.wins[bot] += w * times;
        }
        for (&key, &w) in &other.sets {
            *self.sets.entry(key).or_insert(0.0) += w * times;
        }
        self.above.extend(other.above.iter().copied());
    }
}

/// Refuses a game [`FinishingOrders::add`] cannot take: a seat count out of range or unequal
/// to the ranks', a bot index too high to pack, or a weight that is not positive and finite.
fn check_game(bots: &[usize], ranks: &[u8], weight: f64) -> Result<(), StatsError> {
    let seats = bots.len();
    if seats != ranks.len() || !(2..=MAX_SEATS).contains(&seats) {
        return Err(StatsError::InvalidCount {
            what: format!(
                "a finishing order of {} bots and {} ranks; 2 to {MAX_SEATS} seats are supported",
                bots.len(),
                ranks.len()
            ),
        });
    }
    if let Some(&bot) = bots.iter().find(|&&b| b > MAX_BOT) {
        return Err(StatsError::BotOutOfRange {
            bot,
            n_bots: MAX_BOT + 1,
        });
    }
    if !(weight.is_finite() && weight > 0.0) {
        return Err(StatsError::InvalidCount {
            what: format!("game weight {weight}"),
        });
    }
    Ok(())
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn pack(members: &mut [usize]) -> u64 {
    members.sort_unstable();
    members
        .iter()
        .fold(0u64, |key, &bot| (key << 12) | (bot as u64 + 1))
}

fn unpack(mut key: u64) -> Vec<usize> {
    let mut out = Vec::new();
    while key != 0 {
        out.push((key & 0xFFF) as usize - 1);
        key >>= 12;
    }
    out
}

/// Stage sets as (bot, multiplicity) lists with their weights, plus wins: the form the Newton
/// iteration works on.
struct Dense {
    sets: Vec<Vec<(usize, f64)>>,
    weights: Vec<f64>,
    wins: Vec<f64>,
}

impl Dense {
    fn from_orders(orders: &FinishingOrders, n: usize, prior: Prior) -> Result<Dense, StatsError> {
        let mut wins = orders.wins.clone();
        wins.resize(n, 0.0);
        let mut sets = Vec::new();
        let mut weights = Vec::new();
        let mut met = BTreeSet::new();
        for (&key, &w) in &orders.sets {
            let bots = unpack(key);
            for &a in &bots {
                for &b in &bots {
                    if a < b {
                        met.insert((a, b));
                    }
                }
            }
            sets.push(multiplicities(&bots));
            weights.push(w);
        }
        if let Prior::VirtualDraws(k) = prior {
            if !(k.is_finite() && k > 0.0) {
                return Err(StatsError::InvalidPrior { draws: k });
            }
            for &(a, b) in &met {
                sets.push(vec![(a, 1.0), (b, 1.0)]);
                weights.push(k);
                wins[a] += k / 2.0;
                wins[b] += k / 2.0;
            }
        }
        Ok(Dense {
            sets,
            weights,
            wins,
        })
    }
}

fn multiplicities(sorted: &[usize]) -> Vec<(usize, f64)> {
    let mut out: Vec<(usize, f64)> = Vec::new();
    for &bot in sorted {
        match out.last_mut() {
            Some((b, m)) if *b == bot => *m += 1.0,
            _ => out.push((bot, 1.0)),
        }
    }
    out
}

/// Maximum-likelihood Plackett–Luce ratings for `n_bots` bots (at least
/// [`FinishingOrders::n_bots`]), by Newton's method with a backtracking line search (the
/// log-likelihood is concave). Bots that never shared a game with each other are fitted in
/// separate groups, each centred to mean 0; a bot without games is rated 0.
///
/// Errors with [`StatsError::NoFiniteMle`] only under [`Prior::None`], when within some group
/// the "finished above" graph is not strongly connected (e.g. a bot that always won).
pub fn fit_plackett_luce(
    orders: &FinishingOrders,
    n_bots: usize,
    prior: Prior,
) -> Result<Ratings, StatsError> {
    let n = n_bots.max(orders.n_bots());
    let dense = Dense::from_orders(orders, n, prior)?;
    let check = matches!(prior, Prior::None).then_some(&orders.above);
    fit_dense(&dense, n, check)
}

fn fit_dense(
    dense: &Dense,
    n: usize,
    above: Option<&BTreeSet<(usize, usize)>>,
) -> Result<Ratings, StatsError> {
    let component = components(n, &dense.sets, &dense.weights);
    fit_each_component(component.clone(), |members| {
        if let Some(above) = above
            && !strongly_connected(members, above)
        {
            return Err(StatsError::NoFiniteMle {
                bots: members.to_vec(),
            });
        }
        let c = component[members[0]];
        let mut local = vec![usize::MAX; n];
        for (l, &bot) in members.iter().enumerate() {
            local[bot] = l;
        }
        let mut sets = Vec::new();
        let mut weights = Vec::new();
        for (set, &w) in dense.sets.iter().zip(&dense.weights) {
            if w > 0.0 && component[set[0].0] == c {
                sets.push(set.iter().map(|&(b, m)| (local[b], m)).collect::<Vec<_>>());
                weights.push(w);
            }
        }
        let wins: Vec<f64> = members.iter().map(|&b| dense.wins[b]).collect();
        Ok(newton(members.len(), &sets, &weights, &wins))
    })
}

fn components(n: usize, sets: &[Vec<(usize, f64)>], weights: &[f64]) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (set, &w) in sets.iter().zip(weights) {
        if w <= 0.0 {
            continue;
        }
        for pair in set.windows(2) {
            let (a, b) = (root(&mut parent, pair[0].0), root(&mut parent, pair[1].0));
            if a != b {
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut label = vec![usize::MAX; n];
    let mut next = 0;
    for bot in 0..n {
        let r = root(&mut parent, bot);
        if label[r] == usize::MAX {
            label[r] = next;
            next += 1;
        }
        label[bot] = label[r];
    }
    label
}

fn strongly_connected(members: &[usize], above: &BTreeSet<(usize, usize)>) -> bool {
    let reach_all = |forward: bool| {
        let mut seen = BTreeSet::from([members[0]]);
        let mut stack = vec![members[0]];
        while let Some(i) = stack.pop() {
            for &j in members {
                let edge = if forward { (i, j) } else { (j, i) };
                if !seen.contains(&j) && above.contains(&edge) {
                    seen.insert(j);
                    stack.push(j);
                }
            }
        }
        seen.len() == members.len()
    };
    reach_all(true) && reach_all(false)
}

/// `Σ wins·θ − Σ_S w_S · ln Σ_{k∈S} m_k e^θₖ`, with the log-sum-exp taken stably.
fn log_likelihood(sets: &[Vec<(usize, f64)>], weights: &[f64], wins: &[f64], theta: &[f64]) -> f64 {
    let mut total: f64 = wins.iter().zip(theta).map(|(w, t)| w * t).sum();
    for (set, &w) in sets.iter().zip(weights) {
        let top = set.iter().map(|&(k, _)| theta[k]).fold(f64::MIN, f64::max);
        let z: f64 = set.iter().map(|&(k, m)| m * (theta[k] - top).exp()).sum();
        total -= w * (top + z.ln());
    }
    total
}

/// Newton's method from equal strengths. The information matrix `Σ w_S (diag π − ππᵀ)` is
/// singular along the all-ones direction; adding `c·11ᵀ` fixes that without changing the step,
/// as in Bradley–Terry.
fn newton(
    m: usize,
    sets: &[Vec<(usize, f64)>],
    weights: &[f64],
    wins: &[f64],
) -> (Vec<f64>, usize) {
    maximise(
        m,
        |theta| log_likelihood(sets, weights, wins, theta),
        |theta| {
            let mut gradient = wins.to_vec();
            let mut info = vec![0.0; m * m];
            let mut pi = Vec::new();
            for (set, &w) in sets.iter().zip(weights) {
                let top = set.iter().map(|&(k, _)| theta[k]).fold(f64::MIN, f64::max);
                pi.clear();
                pi.extend(set.iter().map(|&(k, mult)| mult * (theta[k] - top).exp()));
                let z: f64 = pi.iter().sum();
                pi.iter_mut().for_each(|p| *p /= z);
                for (a, &(i, _)) in set.iter().enumerate() {
                    gradient[i] -= w * pi[a];
                    info[i * m + i] += w * pi[a];
                    for (b, &(j, _)) in set.iter().enumerate() {
                        info[i * m + j] -= w * pi[a] * pi[b];
                    }
                }
            }
            (gradient, info)
        },
    )
}

impl SeedBootstrap<'_> {
    /// Refits Plackett–Luce on each resample: `pieces` are the finishing orders of each
    /// distinct seed-group outcome, and a resample refits on the pieces its seeds drew.
    pub fn plackett_luce(
        &self,
        pieces: &[FinishingOrders],
        rng: &mut Rng,
    ) -> Result<BootstrapSummary, StatsError> {
        self.refit(pieces.len(), rng, |times| {
            Ok(fit_plackett_luce(&merged(pieces, times), self.n_bots, self.prior)?.elo)
        })
    }
}

/// The finishing orders of `pieces`, each counted `times[k]` times.
pub fn merged(pieces: &[FinishingOrders], times: &[u64]) -> FinishingOrders {
    let mut total = FinishingOrders::new();
    for (orders, &t) in pieces.iter().zip(times) {
        if t > 0 {
            total.merge(orders, t as f64);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::bootstrap::SeedOutcome;
    use crate::stats::ratings::{ELO_PER_NAT, PairwiseResults, fit_bradley_terry};

    #[test]
    fn two_seat_games_with_draws_give_the_bradley_terry_fit() {
        // A–B 6/2/2, A–C 7/2/1, B–C 5/3/2 (wins/draws/losses of the first bot).
        let mut orders = FinishingOrders::new();
        let mut pairs = PairwiseResults::new(3);
        for (a, b, w, d, l) in [(0, 1, 6, 2, 2), (0, 2, 7, 2, 1), (1, 2, 5, 3, 2)] {
            for (ranks, n) in [([1, 2], w), ([1, 1], d), ([2, 1], l)] {
                for _ in 0..n {
                    orders.add(&[a, b], &ranks, 1.0).unwrap();
                }
            }
            pairs.add(a, b, w as f64 + d as f64 / 2.0, 10.0).unwrap();
        }
        for prior in [Prior::None, Prior::default()] {
            let pl = fit_plackett_luce(&orders, 3, prior).unwrap().elo;
            let bt = fit_bradley_terry(&pairs, prior).unwrap().elo;
            for (p, b) in pl.iter().zip(&bt) {
                assert!((p - b).abs() < 1e-8, "{pl:?} vs {bt:?}");
            }
        }
    }

    #[test]
    fn a_hand_computed_three_bot_case() {
        // 0>1>2, 2>0>1, 1>2>0 once each: perfectly cyclic, so all ratings are equal.
        let mut cyclic = FinishingOrders::new();
        for ranks in [[1, 2, 3], [2, 3, 1], [3, 1, 2]] {
            cyclic.add(&[0, 1, 2], &ranks, 1.0).unwrap();
        }
        let fit = fit_plackett_luce(&cyclic, 3, Prior::None).unwrap();
        assert!(fit.elo.iter().all(|e| e.abs() < 1e-9), "{:?}", fit.elo);

        // 0>1>2 twice, 2>1>0 once. With γ1 = 1 the stationary equations are
        // 2 = 3γ0/Σ + γ0/(γ0+1) and 1 = 3γ2/Σ + 2γ2/(1+γ2), Σ = γ0 + 1 + γ2, solved by
        // γ0 = (1 + √17)/4 and γ2 = (√17 − 1)/8 (checked by gradient ascent to 1e-7).
        let mut orders = FinishingOrders::new();
        orders.add(&[0, 1, 2], &[1, 2, 3], 2.0).unwrap();
        orders.add(&[0, 1, 2], &[3, 2, 1], 1.0).unwrap();
        let elo = fit_plackett_luce(&orders, 3, Prior::None).unwrap().elo;
        let root17 = 17f64.sqrt();
        let (g0, g2) = ((1.0 + root17) / 4.0, (root17 - 1.0) / 8.0);
        assert!(
            ((elo[0] - elo[1]) / ELO_PER_NAT - g0.ln()).abs() < 1e-8,
            "{elo:?}"
        );
        assert!(
            ((elo[2] - elo[1]) / ELO_PER_NAT - g2.ln()).abs() < 1e-8,
            "{elo:?}"
        );
    }

    #[test]
    fn a_bot_that_never_loses_needs_the_prior() {
        let mut orders = FinishingOrders::new();
        for ranks in [[1, 2, 3], [1, 3, 2], [1, 2, 2], [1, 2, 3]] {
            orders.add(&[0, 1, 2], &ranks, 5.0).unwrap();
        }
        assert_eq!(
            fit_plackett_luce(&orders, 3, Prior::None),
            Err(StatsError::NoFiniteMle {
                bots: vec![0, 1, 2]
            })
        );
        let elo = fit_plackett_luce(&orders, 3, Prior::default()).unwrap().elo;
        assert!(elo.iter().all(|e| e.is_finite()));
        assert!(
            elo[0] > elo[1] + 200.0 && elo[0] > elo[2] + 200.0,
            "{elo:?}"
        );
        assert!(elo[1] > elo[2], "bot 1 beat bot 2 more often: {elo:?}");
    }

    #[test]
    fn a_three_way_tie_averages_all_six_orders() {
        let mut tie = FinishingOrders::new();
        tie.add(&[0, 1, 2], &[1, 1, 1], 1.0).unwrap();
        let mut orders = FinishingOrders::new();
        let perms = [
            [1, 2, 3],
            [1, 3, 2],
            [2, 1, 3],
            [2, 3, 1],
            [3, 1, 2],
            [3, 2, 1],
        ];
        for ranks in perms {
            orders.add(&[0, 1, 2], &ranks, 1.0 / 6.0).unwrap();
        }
        for (a, b) in tie.wins.iter().zip(&orders.wins) {
            assert!((a - b).abs() < 1e-12);
        }
        assert_eq!(tie.sets.len(), orders.sets.len());
        for ((ka, wa), (kb, wb)) in tie.sets.iter().zip(&orders.sets) {
            assert_eq!(ka, kb);
            assert!((wa - wb).abs() < 1e-12);
        }
    }

    #[test]
    fn bootstrap_is_reproducible_and_covers_the_estimate() {
        use crate::seed::{self, Stream};
        let mut a = FinishingOrders::new();
        a.add(&[0, 1, 2], &[1, 2, 3], 1.0).unwrap();
        let mut b = FinishingOrders::new();
        b.add(&[0, 1, 2], &[2, 1, 3], 1.0).unwrap();
        let mut c = FinishingOrders::new();
        c.add(&[0, 1, 2], &[3, 2, 1], 1.0).unwrap();
        let pieces = vec![a, b, c];
        let seeds: Vec<SeedOutcome> = [50, 30, 20]
            .into_iter()
            .enumerate()
            .map(|(piece, count)| SeedOutcome {
                pieces: vec![piece],
                count,
            })
            .collect();
        let run = || {
            let mut rng = seed::rng(3, 0, Stream::Bootstrap);
            SeedBootstrap::new(3, &seeds, 200)
                .plackett_luce(&pieces, &mut rng)
                .unwrap()
        };
        let first = run();
        assert_eq!(first, run());
        let all = merged(&pieces, &[50, 30, 20]);
        let point = fit_plackett_luce(&all, 3, Prior::default()).unwrap().elo;
        for (bot, &(lo, hi)) in first.intervals.iter().enumerate() {
            assert!(lo < point[bot] && point[bot] < hi, "{bot}: {lo} {hi}");
        }
        assert!(first.superiority[0][2] > 0.9);
    }

    #[test]
    fn bad_orders_are_refused() {
        let mut o = FinishingOrders::new();
        assert!(o.add(&[0], &[1], 1.0).is_err());
        assert!(
            o.add(&[0, 1, 2, 3, 4, 5], &[1, 2, 3, 4, 5, 6], 1.0)
                .is_err()
        );
        assert!(o.add(&[0, 1], &[1], 1.0).is_err());
        assert!(o.add(&[0, 1], &[1, 2], 0.0).is_err());
    }
}
