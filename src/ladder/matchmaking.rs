//! Who plays next. The seat that is filled first goes to the entry whose version has the
//! fewest games (played and in play), a version still in its placement games before any
//! other: so every entry plays at one rate, and a new version is placed at once. Its
//! opponents are, during placement, the entries it has met least (a small round robin over
//! the field); after it, those whose order against it is least certain, among the entries
//! within [a bounded spread](fair_spread) of its games.
//!
//! How uncertain an order is: the ratings of the last joint fit of the stored games
//! ([`super::standings`]) give each version an Elo `μ` and a standard error `σ` (from its 95%
//! interval), so the difference of two versions is roughly normal, of mean `Δ = μa − μb` and
//! variance `V = σa² + σb²`. A game between them is worth `p(1 − p)·V·exp(−Δ²/2V)`: the
//! information one game gives about the difference (`p(1 − p)`, `p` the Elo model's win
//! chance, largest at even odds), times how much there is to learn (`V`), times how likely the
//! two still are to be in either order (`exp(−Δ²/2V)`, 1 when their intervals are centred on
//! each other, nearly 0 once they are many errors apart). Pairs whose order is settled get no
//! more games than fairness gives them; the games go to neighbours in the standings whose
//! intervals overlap, where a round robin would spread them over every pair alike.
//!
//! The fit is refreshed only at each scan, so between two fits each version's variance is
//! shrunk by the games it played since (`σ²·fitted/now`, as a variance shrinks with the
//! games behind it): the same pair is not chosen again and again on a stale fit. And an
//! opponent never met comes before any other within the spread, so the field first meets as
//! a round robin would (the fit needs every pair linked, and on a young field its ratings are
//! too rough to steer by); only then does the worth choose. A version without a fit counts as unknown (the field's middle, the
//! widest interval), so it is met early. Every game is a new deal, so no group ever plays the
//! same deal twice.

use std::collections::HashMap;

/// An entry that may be seated.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Games of its current version, played or in play.
    pub games: u64,
    /// Whether that version is still in its placement games.
    pub placing: bool,
    /// Its rating in the last fit.
    pub rating: Option<Rating>,
}

/// A version's rating in a fit, as the matchmaking reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// The half width of its 95% interval.
    pub width: f64,
    /// The games it had played when it was fitted.
    pub games: u64,
}

/// The half width taken for a version the fit has not rated yet, or has only bounded on one
/// side (it never lost, or never scored).
const UNKNOWN_WIDTH: f64 = 400.0;

/// Half the width of a 95% interval in standard errors.
const Z95: f64 = 1.96;

/// How many games more than the seat filled first an opponent may have played: 8, and a
/// quarter more as the games grow, so every entry's games stay within a bounded spread of the
/// others' whatever the ratings say.
pub fn fair_spread(least: u64) -> u64 {
    8 + least / 4
}

/// Games already played by each pair of candidates (by index, smaller first).
pub type PairGames = HashMap<(usize, usize), u64>;

fn met(pairs: &PairGames, a: usize, b: usize) -> u64 {
    pairs.get(&(a.min(b), a.max(b))).copied().unwrap_or(0)
}

/// What the matchmaking steers a version by, from its row of the last fit (Elo, the bounds of
/// its 95% interval, games): a one-sided bound (a version that never lost, or never scored)
/// is its Elo with the unknown width; no Elo, no rating.
pub fn steering(
    elo: Option<f64>,
    lower: Option<f64>,
    upper: Option<f64>,
    games: u64,
) -> Option<Rating> {
    let width = match (lower, upper) {
        (Some(lower), Some(upper)) => ((upper - lower) / 2.0).abs(),
        _ => UNKNOWN_WIDTH,
    };
    Some(Rating {
        elo: elo?,
        width,
        games,
    })
}

/// The candidates (by index) to seat in a deal of `seats` seats; `None` when there are too
/// few.
pub fn choose(candidates: &[Candidate], pairs: &PairGames, seats: usize) -> Option<Vec<usize>> {
    if seats == 0 || candidates.len() < seats {
        return None;
    }
    let first = (0..candidates.len())
        .min_by_key(|&i| (!candidates[i].placing, candidates[i].games, i))
        .expect("candidates");
    let mut chosen = vec![first];
    while chosen.len() < seats {
        let rest = (0..candidates.len()).filter(|i| !chosen.contains(i));
        let next = match candidates[first].placing {
            true => rest.min_by_key(|&i| {
                let together: u64 = chosen.iter().map(|&c| met(pairs, c, i)).sum();
                (together, candidates[i].games, i)
            }),
            false => {
                // Those within the spread; when none is (every other entry far ahead, as
                // after a long absence), those with the fewest games.
                let rest: Vec<usize> = rest.collect();
                let least = rest.iter().map(|&i| candidates[i].games).min()?;
                let fair =
                    (candidates[first].games + fair_spread(candidates[first].games)).max(least);
                let pool = (rest.into_iter()).filter(|&i| candidates[i].games <= fair);
                // An opponent never met by the group first, then the most worth.
                let score = |i: usize| {
                    let unmet = chosen.iter().all(|&c| met(pairs, c, i) == 0);
                    let worth: f64 = (chosen.iter()).map(|&c| worth(candidates, c, i)).sum();
                    (unmet, worth)
                };
                pool.map(|i| (score(i), i))
                    .max_by(|(a, i), (b, j)| {
                        (a.0.cmp(&b.0)).then(a.1.total_cmp(&b.1)).then(j.cmp(i))
                    })
                    .map(|(_, i)| i)
            }
        }
        .expect("enough candidates");
        chosen.push(next);
    }
    Some(chosen)
}

/// What a game between `a` and `b` is worth for their order: `p(1 − p)·V·exp(−Δ²/2V)` (the
/// module's doc).
fn worth(candidates: &[Candidate], a: usize, b: usize) -> f64 {
    let (elo_a, var_a) = belief(&candidates[a]);
    let (elo_b, var_b) = belief(&candidates[b]);
    let (difference, variance) = (elo_a - elo_b, var_a + var_b);
    let p = 1.0 / (1.0 + 10f64.powf(-difference / 400.0));
    p * (1.0 - p) * variance * (-difference * difference / (2.0 * variance)).exp()
}

/// A candidate's Elo and the variance of it now: the fit's, shrunk by the games played since
/// (the middle of the field and the widest interval for a version not fitted yet).
fn belief(candidate: &Candidate) -> (f64, f64) {
    let variance = |width: f64| (width.max(1.0) / Z95).powi(2);
    match candidate.rating {
        None => (0.0, variance(UNKNOWN_WIDTH)),
        Some(rating) => {
            let since = match candidate.games {
                0 => 1.0,
                now => (rating.games.max(1) as f64 / now as f64).min(1.0),
            };
            (rating.elo, variance(rating.width) * since)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fitted version that has played no game since its fit.
    fn rated(games: u64, elo: f64, width: f64) -> Candidate {
        Candidate {
            games,
            placing: false,
            rating: Some(Rating { elo, width, games }),
        }
    }

    fn sorted(chosen: &[usize]) -> Vec<usize> {
        let mut chosen = chosen.to_vec();
        chosen.sort_unstable();
        chosen
    }

    #[test]
    fn too_few_candidates_play_nothing() {
        assert_eq!(choose(&[rated(0, 0.0, 10.0)], &PairGames::new(), 2), None);
    }

    #[test]
    fn the_least_played_entry_is_seated_against_the_closest_rating() {
        let field = [
            rated(10, 0.0, 50.0),
            rated(4, 100.0, 50.0),
            rated(9, 500.0, 50.0),
            rated(9, 120.0, 50.0),
        ];
        let chosen = choose(&field, &PairGames::new(), 2).unwrap();
        assert_eq!(chosen, [1, 3]);
    }

    #[test]
    fn a_wider_interval_makes_an_opponent_more_interesting() {
        let field = [
            rated(0, 0.0, 50.0),
            rated(5, 50.0, 20.0),
            rated(5, 50.0, 200.0),
        ];
        assert_eq!(choose(&field, &PairGames::new(), 2).unwrap(), [0, 2]);
    }

    /// The worth of a game by hand: Δ = 0, both widths 1.96·50 (σ = 50), so
    /// V = 5000, p = ½: ¼·5000·1 = 1250; and at Δ = 100 with
    /// the same V: p = 1/(1 + 10^(−¼)) = 0.640, p(1 − p) = 0.2303, exp(−10000/10000) = 0.368.
    #[test]
    fn a_game_is_worth_the_information_on_an_uncertain_order() {
        let field = [
            rated(10, 0.0, 98.0),
            rated(10, 0.0, 98.0),
            rated(10, 100.0, 98.0),
        ];
        assert!((worth(&field, 0, 1) - 1250.0).abs() < 1e-6);
        let p = 1.0 / (1.0 + 10f64.powf(-0.25));
        let expected = p * (1.0 - p) * 5000.0 * (-1.0f64).exp();
        assert!((worth(&field, 2, 0) - expected).abs() < 1e-6);
    }

    /// The old rule divided by the games a pair had met (8 against 2): it took the pair 300
    /// Elo apart, whose order is settled, over the one whose order is open.
    #[test]
    fn games_go_to_an_open_order_not_to_a_settled_one() {
        let field = [
            rated(20, 0.0, 100.0),
            rated(20, 0.0, 100.0),
            rated(20, 300.0, 100.0),
        ];
        let pairs = PairGames::from([((0, 1), 8), ((0, 2), 2)]);
        assert_eq!(choose(&field, &pairs, 2).unwrap(), [0, 1]);
    }

    /// An opponent never met comes first, however settled the order looks (the old rule took
    /// the close one met once).
    #[test]
    fn an_opponent_never_met_comes_first() {
        let field = [
            rated(20, 0.0, 100.0),
            rated(20, 0.0, 100.0),
            rated(20, 600.0, 100.0),
        ];
        let pairs = PairGames::from([((0, 1), 2)]);
        assert_eq!(choose(&field, &pairs, 2).unwrap(), [0, 2]);
    }

    /// Fair rates: an opponent more than the spread ahead of the seat filled first is not
    /// seated, however interesting (the old rule seated 1 here); when every other one is,
    /// the one with the fewest games is.
    #[test]
    fn an_opponent_far_ahead_in_games_waits_for_the_others() {
        assert_eq!(fair_spread(20), 13);
        let field = [
            rated(20, 0.0, 100.0),
            rated(34, 0.0, 100.0),
            rated(33, 300.0, 100.0),
        ];
        assert_eq!(choose(&field, &PairGames::new(), 2).unwrap(), [0, 2]);
        let far = [
            rated(0, 0.0, 100.0),
            rated(40, 0.0, 100.0),
            rated(30, 300.0, 100.0),
        ];
        assert_eq!(choose(&far, &PairGames::new(), 2).unwrap(), [0, 2]);
    }

    /// Between two fits the games played since shrink a version's variance: of two
    /// opponents alike at the fit, the one that has played three times its games since is
    /// worth less (the old rule, reading the fit alone, took the first of the two).
    #[test]
    fn games_since_the_fit_make_an_opponent_less_uncertain() {
        let mut field = [
            rated(30, 0.0, 100.0),
            rated(30, 50.0, 100.0),
            rated(30, 50.0, 100.0),
        ];
        field[1].rating = Some(Rating {
            elo: 50.0,
            width: 100.0,
            games: 10,
        });
        let pairs = PairGames::from([((0, 1), 2), ((0, 2), 2)]);
        assert_eq!(choose(&field, &pairs, 2).unwrap(), [0, 2]);
    }

    #[test]
    fn a_one_sided_bound_steers_with_the_unknown_width() {
        let bounded = steering(Some(250.0), Some(250.0), None, 6).unwrap();
        assert_eq!((bounded.elo, bounded.width), (250.0, UNKNOWN_WIDTH));
        let two_sided = steering(Some(10.0), Some(-30.0), Some(60.0), 6).unwrap();
        assert_eq!((two_sided.elo, two_sided.width), (10.0, 45.0));
        assert_eq!(steering(None, None, None, 0), None);
    }

    #[test]
    fn a_placing_version_goes_first_and_meets_the_field_in_turn() {
        let mut field = vec![
            rated(50, 0.0, 50.0),
            rated(30, 0.0, 50.0),
            rated(40, 900.0, 50.0),
        ];
        field.push(Candidate {
            games: 1,
            placing: true,
            rating: None,
        });
        let pairs = PairGames::from([((1, 3), 1)]);
        let chosen = choose(&field, &pairs, 2).unwrap();
        assert_eq!(
            sorted(&chosen),
            [2, 3],
            "it met 1 already, and 2 played fewer than 0"
        );
        // Three seats: the placing version and the two it met least.
        let chosen = choose(&field, &pairs, 3).unwrap();
        assert_eq!(sorted(&chosen), [0, 2, 3]);
    }
}
