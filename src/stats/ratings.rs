//! Bradley–Terry ratings from pairwise results, on the Elo scale. Knows bots and points; never a game.
//!
//! Model: bot `i` scores against bot `j` with probability `1 / (1 + 10^((r_j − r_i) / 400))`,
//! a draw counting as half a point for each side (the usual "draws as half" likelihood,
//! `∏ p_ij^points_ij`). Ratings are the maximum-likelihood `r`, reported with mean 0.

use super::StatsError;
use super::newton::maximise;

/// Size of the default prior, in virtual draws per pair of bots that met (see [`Prior`]).
/// Reports should state it next to the ratings.
pub const DEFAULT_PRIOR_DRAWS: f64 = 1.0;

pub use super::elo::ELO_PER_NAT;

/// A weak prior that keeps every rating finite.
///
/// `VirtualDraws(k)` adds `k` drawn games (half a point each side) to every pair of bots that
/// played at least one game against each other, as BayesElo does. It only strengthens
/// existing edges of the comparison graph, so it never links bots that never met, and with
/// `k > 0` every bot has scored against each opponent, so the maximum exists and is unique
/// within each connected group. `None` gives the plain maximum-likelihood fit, which has no
/// finite answer when a bot (or a group of bots) never lost, or never won, against the rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prior {
    None,
    VirtualDraws(f64),
}

impl Default for Prior {
    /// One virtual draw per pair that met: [`DEFAULT_PRIOR_DRAWS`].
    fn default() -> Self {
        Prior::VirtualDraws(DEFAULT_PRIOR_DRAWS)
    }
}

/// Points and game counts for every ordered pair of bots, stored densely (`n × n`), because
/// tournaments have few bots and many games.
///
/// Invariant: `points(i, j) + points(j, i) == games(i, j) == games(j, i)`; [`Self::add`] is the
/// only way in, and it records both sides.
#[derive(Clone, Debug, PartialEq)]
pub struct PairwiseResults {
    n_bots: usize,
    points: Vec<f64>,
    games: Vec<f64>,
}

impl PairwiseResults {
    /// No games yet between `n_bots` bots.
    pub fn new(n_bots: usize) -> Self {
        PairwiseResults {
            n_bots,
            points: vec![0.0; n_bots * n_bots],
            games: vec![0.0; n_bots * n_bots],
        }
    }

    pub fn n_bots(&self) -> usize {
        self.n_bots
    }

    /// The same results over `n_bots` bots (at least as many as now): the new bots have no games.
    pub fn resized(&self, n_bots: usize) -> Self {
        let mut out = PairwiseResults::new(n_bots.max(self.n_bots));
        for i in 0..self.n_bots {
            for j in 0..self.n_bots {
                out.points[i * out.n_bots + j] = self.points(i, j);
                out.games[i * out.n_bots + j] = self.games(i, j);
            }
        }
        out
    }

    /// Records `games` games between `i` and `j` in which `i` scored `points_i` (win 1,
    /// draw 0.5); `j` is credited with the rest. Fractional games are allowed (virtual draws).
    pub fn add(&mut self, i: usize, j: usize, points_i: f64, games: f64) -> Result<(), StatsError> {
        for bot in [i, j] {
            if bot >= self.n_bots {
                return Err(StatsError::BotOutOfRange {
                    bot,
                    n_bots: self.n_bots,
                });
            }
        }
        if i == j {
            return Err(StatsError::SelfPairing { bot: i });
        }
        if !(games.is_finite() && points_i.is_finite() && 0.0 <= points_i && points_i <= games) {
            return Err(StatsError::InvalidCount {
                what: format!("bot {i} scored {points_i} points in {games} games against bot {j}"),
            });
        }
        let n = self.n_bots;
        self.points[i * n + j] += points_i;
        self.points[j * n + i] += games - points_i;
        self.games[i * n + j] += games;
        self.games[j * n + i] += games;
        Ok(())
    }

    /// Points `i` scored against `j`.
    pub fn points(&self, i: usize, j: usize) -> f64 {
        self.points[i * self.n_bots + j]
    }

    /// Games played between `i` and `j` (symmetric).
    pub fn games(&self, i: usize, j: usize) -> f64 {
        self.games[i * self.n_bots + j]
    }

    /// Connected component of the "played at least one game" graph per bot, labelled as
    /// [`Ratings::component`].
    pub fn components(&self) -> Vec<usize> {
        components(self.n_bots, &self.games)
    }

    /// The same results with every game of a bot `keep` rejects left out.
    pub fn restricted(&self, keep: impl Fn(usize) -> bool) -> Self {
        let mut out = PairwiseResults::new(self.n_bots);
        for i in (0..self.n_bots).filter(|&i| keep(i)) {
            for j in (0..self.n_bots).filter(|&j| keep(j)) {
                out.points[i * self.n_bots + j] = self.points(i, j);
                out.games[i * self.n_bots + j] = self.games(i, j);
            }
        }
        out
    }
}

/// The fitted ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// Elo-scale rating per bot (400·log10 of strength). Mean 0 within each component.
    pub elo: Vec<f64>,
    /// Connected component of the comparison graph per bot, numbered 0, 1, … in order of each
    /// component's lowest bot index. Ratings from different components are not comparable: each
    /// component is fitted on its own and centred to mean 0, and a bot with no games is its own
    /// component with rating 0.
    pub component: Vec<usize>,
    /// Total Newton steps over all components (diagnostics only).
    pub iterations: usize,
}

/// Maximum-likelihood Bradley–Terry ratings, by Newton's method on log-strengths with a
/// backtracking line search (the log-likelihood is concave, so this converges from 0).
///
/// Errors with [`StatsError::NoFiniteMle`] only under [`Prior::None`], when within some connected
/// component the "scored at least some points against" graph is not strongly connected (Ford's
/// condition); never returns NaN.
pub fn fit_bradley_terry(results: &PairwiseResults, prior: Prior) -> Result<Ratings, StatsError> {
    let n = results.n_bots;
    let mut points = results.points.clone();
    let games = results.games.clone();
    let mut games_with_prior = games.clone();
    if let Prior::VirtualDraws(k) = prior {
        if !(k.is_finite() && k > 0.0) {
            return Err(StatsError::InvalidPrior { draws: k });
        }
        for idx in 0..n * n {
            if games[idx] > 0.0 {
                points[idx] += k / 2.0;
                games_with_prior[idx] += k;
            }
        }
    }
    let component = components(n, &games);
    fit_each_component(component, |members| {
        let m = members.len();
        let sub = |matrix: &[f64]| -> Vec<f64> {
            let mut out = Vec::with_capacity(m * m);
            for &i in members {
                out.extend(members.iter().map(|&j| matrix[i * n + j]));
            }
            out
        };
        let (p, g) = (sub(&points), sub(&games_with_prior));
        if !strongly_connected(m, &p) {
            return Err(StatsError::NoFiniteMle {
                bots: members.to_vec(),
            });
        }
        Ok(newton(m, &p, &g))
    })
}

/// Ratings of separate components cannot be compared, so each component of two or more bots
/// is fitted on its own by `fit` (its members, ascending, to local strengths in nats and the
/// Newton steps taken); a bot alone in its component keeps 0.
pub(crate) fn fit_each_component(
    component: Vec<usize>,
    mut fit: impl FnMut(&[usize]) -> Result<(Vec<f64>, usize), StatsError>,
) -> Result<Ratings, StatsError> {
    let n = component.len();
    let n_components = component.iter().max().map_or(0, |&c| c + 1);
    let mut elo = vec![0.0; n];
    let mut iterations = 0;
    for c in 0..n_components {
        let members: Vec<usize> = (0..n).filter(|&b| component[b] == c).collect();
        if members.len() < 2 {
            continue;
        }
        let (theta, steps) = fit(&members)?;
        iterations += steps;
        for (local, &bot) in members.iter().enumerate() {
            elo[bot] = theta[local] * ELO_PER_NAT;
        }
    }
    Ok(Ratings {
        elo,
        component,
        iterations,
    })
}

/// Component labels of the undirected graph "played at least one game", by breadth-first
/// search in index order so labels are deterministic.
fn components(n: usize, games: &[f64]) -> Vec<usize> {
    let mut label = vec![usize::MAX; n];
    let mut next = 0;
    for start in 0..n {
        if label[start] != usize::MAX {
            continue;
        }
        label[start] = next;
        let mut queue = vec![start];
        while let Some(i) = queue.pop() {
            for j in 0..n {
                if games[i * n + j] > 0.0 && label[j] == usize::MAX {
                    label[j] = next;
                    queue.push(j);
                }
            }
        }
        next += 1;
    }
    label
}

/// Whether every bot can reach every other along edges "i scored points against j", forwards
/// and backwards from bot 0.
fn strongly_connected(m: usize, points: &[f64]) -> bool {
    let reach_all = |edge: &dyn Fn(usize, usize) -> bool| {
        let mut seen = vec![false; m];
        seen[0] = true;
        let mut stack = vec![0];
        while let Some(i) = stack.pop() {
            for (j, seen_j) in seen.iter_mut().enumerate() {
                if !*seen_j && edge(i, j) {
                    *seen_j = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|&s| s)
    };
    reach_all(&|i, j| points[i * m + j] > 0.0) && reach_all(&|i, j| points[j * m + i] > 0.0)
}

/// Log-likelihood `Σ points_ij · ln σ(θ_i − θ_j)`, with `ln σ(x) = −ln(1 + e^(−x))` computed
/// without overflow.
fn log_likelihood(m: usize, points: &[f64], theta: &[f64]) -> f64 {
    let mut total = 0.0;
    for i in 0..m {
        for j in 0..m {
            let w = points[i * m + j];
            if w > 0.0 {
                let x = theta[i] - theta[j];
                let log_sigma = if x >= 0.0 {
                    -(-x).exp().ln_1p()
                } else {
                    x - x.exp().ln_1p()
                };
                total += w * log_sigma;
            }
        }
    }
    total
}

fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        x.exp() / (1.0 + x.exp())
    }
}

/// Newton's method for one connected, strongly connected component, from all strengths equal.
/// The Hessian is a weighted graph Laplacian (singular along the all-ones direction); adding
/// `c·11ᵀ` makes it invertible without changing the step, since the gradient sums to zero.
/// Returns log-strengths centred to mean 0, and the number of steps taken.
fn newton(m: usize, points: &[f64], games: &[f64]) -> (Vec<f64>, usize) {
    maximise(
        m,
        |theta| log_likelihood(m, points, theta),
        |theta| {
            let mut gradient = vec![0.0; m];
            let mut info = vec![0.0; m * m];
            for i in 0..m {
                for j in 0..m {
                    let g = games[i * m + j];
                    if i == j || g == 0.0 {
                        continue;
                    }
                    let p = sigmoid(theta[i] - theta[j]);
                    gradient[i] += points[i * m + j] - g * p;
                    let w = g * p * (1.0 - p);
                    info[i * m + i] += w;
                    info[i * m + j] -= w;
                }
            }
            (gradient, info)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results of these `(bot, opponent, points, games)` meetings among `n` bots.
    fn results(n: usize, meetings: &[(usize, usize, f64, f64)]) -> PairwiseResults {
        let mut r = PairwiseResults::new(n);
        for &(bot, opponent, points, games) in meetings {
            r.add(bot, opponent, points, games).unwrap();
        }
        r
    }

    /// The issue-tracker vector: A–B 6/2/2, A–C 7/2/1, B–C 5/3/2 (wins/draws/losses of the first).
    fn three_bots() -> PairwiseResults {
        results(
            3,
            &[(0, 1, 7.0, 10.0), (0, 2, 8.0, 10.0), (1, 2, 6.5, 10.0)],
        )
    }

    #[test]
    fn reproduces_the_published_three_bot_mle() {
        let fit = fit_bradley_terry(&three_bots(), Prior::None).unwrap();
        let expected = [129.8, -13.1, -116.7];
        for (got, want) in fit.elo.iter().zip(expected) {
            assert!((got - want).abs() < 0.05, "got {:?}", fit.elo);
        }
        assert!(fit.elo.iter().sum::<f64>().abs() < 1e-9);
        // Tighter, against an independent MM fit run to 20 000 iterations.
        assert!((fit.elo[0] - 129.810_760_664_545_85).abs() < 1e-8);
    }

    #[test]
    fn the_mle_is_stationary() {
        let r = three_bots();
        let fit = fit_bradley_terry(&r, Prior::None).unwrap();
        for i in 0..3 {
            let expected: f64 = (0..3)
                .filter(|&j| j != i)
                .map(|j| r.games(i, j) * sigmoid((fit.elo[i] - fit.elo[j]) / ELO_PER_NAT))
                .sum();
            let actual: f64 = (0..3).map(|j| r.points(i, j)).sum();
            assert!((expected - actual).abs() < 1e-9);
        }
    }

    #[test]
    fn the_prior_pulls_ratings_towards_each_other() {
        let plain = fit_bradley_terry(&three_bots(), Prior::None).unwrap();
        let shrunk = fit_bradley_terry(&three_bots(), Prior::default()).unwrap();
        assert!(shrunk.elo[0] < plain.elo[0] && shrunk.elo[2] > plain.elo[2]);
        assert!(shrunk.elo[0] > shrunk.elo[1] && shrunk.elo[1] > shrunk.elo[2]);
    }

    #[test]
    fn a_bot_that_never_loses_is_finite_and_highest_with_the_prior_and_refused_without() {
        let r = results(
            3,
            &[(0, 1, 10.0, 10.0), (0, 2, 10.0, 10.0), (1, 2, 5.0, 10.0)],
        );
        let fit = fit_bradley_terry(&r, Prior::default()).unwrap();
        assert!(fit.elo.iter().all(|e| e.is_finite()));
        assert!(fit.elo[0] > fit.elo[1] + 300.0 && fit.elo[0] > fit.elo[2] + 300.0);
        let refused = fit_bradley_terry(&r, Prior::None);
        assert_eq!(
            refused,
            Err(StatsError::NoFiniteMle {
                bots: vec![0, 1, 2]
            })
        );
    }

    #[test]
    fn an_unbeaten_bot_with_a_draw_has_a_finite_mle_even_without_prior() {
        let r = results(
            3,
            &[
                (0, 1, 10.0, 10.0),
                (0, 2, 9.5, 10.0), // 9 wins, 1 draw: bot 2 scored half a point
                (1, 2, 5.0, 10.0),
            ],
        );
        let fit = fit_bradley_terry(&r, Prior::None).unwrap();
        assert!(fit.elo.iter().all(|e| e.is_finite()));
        assert!(fit.elo[0] > fit.elo[1] && fit.elo[0] > fit.elo[2]);
    }

    #[test]
    fn disconnected_groups_are_fitted_and_centred_separately() {
        let r = results(5, &[(0, 1, 7.0, 10.0), (2, 3, 2.0, 10.0)]);
        let fit = fit_bradley_terry(&r, Prior::None).unwrap();
        assert_eq!(fit.component, vec![0, 0, 1, 1, 2]);
        assert!((fit.elo[0] + fit.elo[1]).abs() < 1e-9 && (fit.elo[2] + fit.elo[3]).abs() < 1e-9);
        assert!((fit.elo[0] - fit.elo[1] - 400.0 * (7.0_f64 / 3.0).log10()).abs() < 1e-8);
        assert_eq!(fit.elo[4], 0.0);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut r = PairwiseResults::new(2);
        assert!(r.add(0, 2, 1.0, 1.0).is_err());
        assert!(r.add(1, 1, 1.0, 1.0).is_err());
        assert!(r.add(0, 1, 2.0, 1.0).is_err());
        assert!(r.add(0, 1, f64::NAN, 1.0).is_err());
        let empty = fit_bradley_terry(&r, Prior::None).unwrap();
        assert_eq!(empty.elo, vec![0.0, 0.0]);
        assert!(fit_bradley_terry(&r, Prior::VirtualDraws(-1.0)).is_err());
    }
}
