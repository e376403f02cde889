//! Ratings the data only bound on one side. Knows bots, points and finishing orders; never a
//! game.
//!
//! A bot that never scored a point against anyone it met has no finite maximum-likelihood
//! rating: the likelihood keeps rising as its rating falls. A fit with a prior still returns a
//! number, but that number is set by the prior and drifts with the number of games, and a
//! bootstrap around it is falsely narrow (every resample is the same sweep). What the data do
//! say is a bound: "below r, at 95%". Symmetrically for a bot that never dropped a point.
//!
//! The bound here is exact given the opponents' ratings (it inverts the test "the rating is at
//! least x" whose p-value is the probability of a sweep at least as complete as the one seen):
//! the largest `x` at which the observed sweep still has probability at least `α`. Under
//! Plackett–Luce (Bradley–Terry for two seats), finishing behind every opponent in a game with
//! opponent strengths `w_b` has probability `Σ_{C ⊆ B} (−1)^{|C|} W_A / (W_A + W_C)`, `W_A` the
//! total strength of the bot's own seats (an exponential-race identity); finishing ahead of
//! every opponent is the same with the two sides swapped.

use super::StatsError;
use super::ratings::{ELO_PER_NAT, PairwiseResults};

/// Whether the data pin a bot's rating down, or only bound it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Identification {
    /// Scored and dropped points against the bots it met: a two-sided interval applies. Bots
    /// without games are listed here too (their rating is the convention 0).
    Identified,
    /// Never scored a point (no win, no draw) against any bot it met: only an upper bound.
    NeverScored,
    /// Never dropped a point (no loss, no draw) against any bot it met: only a lower bound.
    NeverLost,
}

/// Classifies every bot of `results` (points per ordered pair of different bots), peeling: a
/// bot swept by the others is set aside, and the rest are classified again on the games among
/// themselves, until nothing changes. So a bot whose only points came against a bot that never
/// scored is itself found to never score against the rest (its rating is no better identified).
/// Each class comes with the round of the peeling that set the bot aside (1 the first, 0 for
/// an identified bot). The round orders the swept bots: one that never lost in the first round
/// beat everyone, one that never lost only in the second lost to some of the first round's; one
/// that never scored in the first round is below one that never scored only in the second.
pub fn peeling(results: &PairwiseResults) -> Vec<(Identification, u32)> {
    let n = results.n_bots();
    let mut out = vec![(Identification::Identified, 0); n];
    for round in 1.. {
        let kept = results.restricted(|b| out[b].0 == Identification::Identified);
        let mut changed = false;
        for (i, entry) in out.iter_mut().enumerate() {
            if entry.0 == Identification::Identified {
                let class = classify(&kept, i);
                if class != Identification::Identified {
                    *entry = (class, round);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    out
}

/// One bot's class from its games in `results` alone.
fn classify(results: &PairwiseResults, i: usize) -> Identification {
    let met: Vec<usize> = (0..results.n_bots())
        .filter(|&j| j != i && results.games(i, j) > 0.0)
        .collect();
    if met.is_empty() {
        Identification::Identified
    } else if met.iter().all(|&j| results.points(i, j) == 0.0) {
        Identification::NeverScored
    } else if met.iter().all(|&j| results.points(j, i) == 0.0) {
        Identification::NeverLost
    } else {
        Identification::Identified
    }
}

/// Games of one kind played by a swept bot: `copies` seats of its own against `opponents`
/// (bot indices, one per seat), `count` times, always behind all of them (never scored) or
/// always ahead (never lost).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweptGames {
    pub copies: usize,
    pub opponents: Vec<usize>,
    pub count: u64,
}

/// The one-sided bound at level `1 − alpha` on the rating of a bot that was swept (`which`:
/// [`Identification::NeverScored`] gives an upper bound, [`Identification::NeverLost`] a
/// lower one), given the opponents' ratings `elo` (Elo scale). Errors when `which` is
/// `Identified`, `alpha` is not in (0, 1), or there are no games.
pub fn sweep_bound(
    which: Identification,
    games: &[SweptGames],
    elo: &[f64],
    alpha: f64,
) -> Result<f64, StatsError> {
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(StatsError::InvalidConfidence { level: 1.0 - alpha });
    }
    let behind = match which {
        Identification::NeverScored => true,
        Identification::NeverLost => false,
        Identification::Identified => {
            return Err(StatsError::InvalidCount {
                what: "a bound for a bot that was not swept".to_string(),
            });
        }
    };
    if games.iter().all(|g| g.count == 0 || g.opponents.is_empty()) {
        return Err(StatsError::InvalidCount {
            what: "a sweep bound without games".to_string(),
        });
    }
    let target = alpha.ln();
    // Log-probability of the whole sweep if the bot were rated `x`; it falls as `x` moves
    // towards (and past) the opponents, so the bound is where it crosses ln α.
    let log_probability = |x: f64| -> f64 {
        games
            .iter()
            .filter(|g| g.count > 0 && !g.opponents.is_empty())
            .map(|g| g.count as f64 * sweep_probability(behind, x, g, elo).ln())
            .sum()
    };
    let ratings: Vec<f64> = games
        .iter()
        .flat_map(|g| g.opponents.iter().map(|&b| elo[b]))
        .collect();
    let low = ratings.iter().copied().fold(f64::INFINITY, f64::min);
    let high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // `inside` is the side where the sweep is likely (far below for a bot that never scored).
    let (mut inside, mut outside) = if behind { (low, high) } else { (high, low) };
    let step = if behind { -400.0 } else { 400.0 };
    while log_probability(inside) < target {
        inside += step;
    }
    while log_probability(outside) >= target {
        outside -= step;
    }
    for _ in 0..200 {
        let middle = 0.5 * (inside + outside);
        if log_probability(middle) >= target {
            inside = middle;
        } else {
            outside = middle;
        }
    }
    Ok(inside)
}

/// Probability that the bot's `copies` seats all finish behind (or all ahead of) every opponent
/// seat in one game, under Plackett–Luce with the bot at Elo `x`.
fn sweep_probability(behind: bool, x: f64, game: &SweptGames, elo: &[f64]) -> f64 {
    // Strengths relative to the strongest seat, so no exponential overflows.
    let top = game.opponents.iter().map(|&b| elo[b]).fold(x, f64::max);
    let strength = |rating: f64| ((rating - top) / ELO_PER_NAT).exp();
    let own = vec![strength(x); game.copies];
    let others: Vec<f64> = game.opponents.iter().map(|&b| strength(elo[b])).collect();
    let (first, last) = if behind { (others, own) } else { (own, others) };
    all_before(&first, &last)
}

/// Probability that every seat of `first` finishes before every seat of `last`:
/// `Σ_{C ⊆ first} (−1)^{|C|} W_last / (W_last + W_C)` (exponential race: the last of `first`
/// must arrive before the first of `last`, whose arrival is exponential with rate `W_last`).
fn all_before(first: &[f64], last: &[f64]) -> f64 {
    let w_last: f64 = last.iter().sum();
    let mut total = 0.0;
    for mask in 0u32..(1 << first.len()) {
        let w_c: f64 = (0..first.len())
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| first[k])
            .sum();
        let sign = if mask.count_ones() % 2 == 0 {
            1.0
        } else {
            -1.0
        };
        total += sign * w_last / (w_last + w_c);
    }
    total.clamp(f64::MIN_POSITIVE, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head_to_head(count: u64) -> Vec<SweptGames> {
        vec![SweptGames {
            copies: 1,
            opponents: vec![0],
            count,
        }]
    }

    fn identification(results: &PairwiseResults) -> Vec<Identification> {
        peeling(results)
            .into_iter()
            .map(|(class, _)| class)
            .collect()
    }

    #[test]
    fn bots_are_classified_by_the_points_they_scored_and_dropped() {
        let mut r = PairwiseResults::new(5);
        r.add(0, 1, 10.0, 10.0).unwrap(); // 1 never scores
        r.add(0, 2, 6.0, 10.0).unwrap();
        r.add(3, 2, 4.0, 4.0).unwrap(); // 3 never loses
        r.add(2, 1, 3.0, 3.0).unwrap();
        use Identification::*;
        assert_eq!(
            identification(&r),
            vec![Identified, NeverScored, Identified, NeverLost, Identified]
        );
        // Bot 2 scores only against bot 3, which never scores: set 3 aside and 2 never scores
        // against the rest either.
        let mut chain = PairwiseResults::new(4);
        chain.add(0, 1, 6.0, 10.0).unwrap();
        chain.add(0, 2, 10.0, 10.0).unwrap();
        chain.add(1, 2, 10.0, 10.0).unwrap();
        chain.add(2, 3, 10.0, 10.0).unwrap();
        chain.add(0, 3, 10.0, 10.0).unwrap();
        assert_eq!(
            peeling(&chain),
            vec![
                (Identified, 0),
                (Identified, 0),
                (NeverScored, 2),
                (NeverScored, 1)
            ]
        );
        let mut draw = PairwiseResults::new(2);
        draw.add(0, 1, 9.5, 10.0).unwrap();
        assert_eq!(identification(&draw), vec![Identified, Identified]);
    }

    /// Two seats: the exact one-sided Clopper–Pearson bound for 0 wins in `n` games,
    /// `p ≤ 1 − α^(1/n)`, on the Elo scale relative to the opponent.
    #[test]
    fn a_head_to_head_sweep_gives_the_clopper_pearson_bound() {
        for n in [1, 20, 200, 2000] {
            let p = 1.0 - 0.05f64.powf(1.0 / n as f64);
            let expected = 100.0 + 400.0 * (p / (1.0 - p)).log10();
            let upper = sweep_bound(
                Identification::NeverScored,
                &head_to_head(n),
                &[100.0],
                0.05,
            )
            .unwrap();
            assert!((upper - expected).abs() < 1e-6, "{n}: {upper} {expected}");
            let lower =
                sweep_bound(Identification::NeverLost, &head_to_head(n), &[100.0], 0.05).unwrap();
            assert!((lower - (200.0 - expected)).abs() < 1e-6, "{n}: {lower}");
        }
    }

    /// Last of three seats against bots rated 0 and 0, for a bot rated x: the exponential race
    /// gives `1 − 2w/(w + 1) + w/(w + 2)` with `w = e^(x/ELO_PER_NAT)`; at x = 0 that is 1/3,
    /// and a six-order enumeration agrees.
    #[test]
    fn finishing_last_of_three_has_the_plackett_luce_probability() {
        let game = SweptGames {
            copies: 1,
            opponents: vec![0, 1],
            count: 1,
        };
        assert!((sweep_probability(true, 0.0, &game, &[0.0, 0.0]) - 1.0 / 3.0).abs() < 1e-12);
        let (x, ra, rb) = (-150.0, 80.0, -40.0);
        let w = |r: f64| (r / ELO_PER_NAT).exp();
        let (wi, wa, wb) = (w(x), w(ra), w(rb));
        // i last: a then b, or b then a.
        let enumerated =
            wa / (wi + wa + wb) * wb / (wi + wb) + wb / (wi + wa + wb) * wa / (wi + wa);
        assert!((sweep_probability(true, x, &game, &[ra, rb]) - enumerated).abs() < 1e-12);
        // i first, then anything.
        let first = wi / (wi + wa + wb);
        assert!((sweep_probability(false, x, &game, &[ra, rb]) - first).abs() < 1e-12);
        // Two own seats behind one opponent: the opponent first, then the two copies.
        let copies = SweptGames {
            copies: 2,
            opponents: vec![0],
            count: 1,
        };
        let both_behind = wa / (wa + 2.0 * wi);
        assert!((sweep_probability(true, x, &copies, &[ra]) - both_behind).abs() < 1e-12);
    }

    #[test]
    fn more_games_give_a_tighter_bound_that_still_holds_the_earlier_one() {
        let at = |n| sweep_bound(Identification::NeverScored, &head_to_head(n), &[0.0], 0.05);
        let (few, many) = (at(200).unwrap(), at(2000).unwrap());
        assert!(many < few && few < -700.0, "{few} {many}");
    }

    #[test]
    fn bad_requests_are_errors() {
        let games = head_to_head(10);
        assert!(sweep_bound(Identification::Identified, &games, &[0.0], 0.05).is_err());
        assert!(sweep_bound(Identification::NeverScored, &games, &[0.0], 1.0).is_err());
        assert!(sweep_bound(Identification::NeverScored, &[], &[0.0], 0.05).is_err());
    }
}
