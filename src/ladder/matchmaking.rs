//! Who plays next. The seat that is filled first goes to the entry whose version has the
//! fewest games (played and in play), a version still in its placement games before any
//! other: so every entry plays at one rate, and a new version is placed at once. Its
//! opponents are, during placement, the entries it has met least (a small round robin over
//! the field); after it, those where the result is least certain: ratings close to its own
//! (a win probability near one half) and wide intervals, a pair met often counting less.
//! Ratings come from the last joint fit of the stored games ([`super::standings`]); a version
//! without one counts as unknown (the field's middle, the widest interval). Every game is a
//! new deal, so no group ever plays the same deal twice.

use std::collections::HashMap;

/// An entry that may be seated.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Games of its current version, played or in play.
    pub games: u64,
    /// Whether that version is still in its placement games.
    pub placing: bool,
    /// Its Elo and the half width of its interval, from the last fit.
    pub rating: Option<(f64, f64)>,
}

/// The half width taken for a version the fit has not rated yet.
const UNKNOWN_WIDTH: f64 = 400.0;

/// Games already played by each pair of candidates (by index, smaller first).
pub type PairGames = HashMap<(usize, usize), u64>;

fn met(pairs: &PairGames, a: usize, b: usize) -> u64 {
    pairs.get(&(a.min(b), a.max(b))).copied().unwrap_or(0)
}

/// What the matchmaking steers a version by, from its row of the last fit: its Elo and the
/// half width of its 95% interval, `None` (unknown) without a two-sided interval.
pub fn steering(elo: Option<f64>, lower: Option<f64>, upper: Option<f64>) -> Option<(f64, f64)> {
    let (elo, lower, upper) = (elo?, lower?, upper?);
    Some((elo, ((upper - lower) / 2.0).abs()))
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
            false => rest
                .map(|i| (interest(candidates, pairs, &chosen, i), i))
                .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
                .map(|(_, i)| i),
        }
        .expect("enough candidates");
        chosen.push(next);
    }
    Some(chosen)
}

/// How much a game between `first`'s group and `i` would tell: the closeness of the ratings
/// (4p(1-p), 1 at equal ratings), widened by both intervals, shrunk by the games the group
/// has played with `i` already.
fn interest(candidates: &[Candidate], pairs: &PairGames, chosen: &[usize], i: usize) -> f64 {
    let rating = |c: usize| candidates[c].rating.unwrap_or((0.0, UNKNOWN_WIDTH));
    let (elo, width) = rating(i);
    let (anchor, anchor_width) = rating(chosen[0]);
    let p = 1.0 / (1.0 + 10f64.powf((anchor - elo) / 400.0));
    let closeness = 4.0 * p * (1.0 - p);
    let together: u64 = chosen.iter().map(|&c| met(pairs, c, i)).sum();
    closeness * (1.0 + (width + anchor_width) / 400.0) / (1.0 + together as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(games: u64, elo: f64, width: f64) -> Candidate {
        Candidate {
            games,
            placing: false,
            rating: Some((elo, width)),
        }
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
        assert_eq!(sorted(&chosen), [1, 3]);
    }

    #[test]
    fn a_wider_interval_and_fewer_meetings_make_an_opponent_more_interesting() {
        let field = [
            rated(0, 0.0, 50.0),
            rated(5, 50.0, 20.0),
            rated(5, 50.0, 200.0),
        ];
        assert_eq!(
            sorted(&choose(&field, &PairGames::new(), 2).unwrap()),
            [0, 2]
        );
        let pairs = PairGames::from([((0, 2), 9)]);
        assert_eq!(sorted(&choose(&field, &pairs, 2).unwrap()), [0, 1]);
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

    fn sorted(chosen: &[usize]) -> Vec<usize> {
        let mut chosen = chosen.to_vec();
        chosen.sort_unstable();
        chosen
    }
}
