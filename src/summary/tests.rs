//! The analysis on hand-fed tallies with known structure: swept bots, a seed effect shared by
//! pairings, and seat-swapped games that agree. Records are fed in the schedule's order (seed
//! by seed, then pairing, then rotation), as a run or `games.csv` feeds them.

use super::{Analysis, AnalysisOptions, Tally};
use crate::runner::GameRecord;

/// Feeds seed after seed of two-seat games. `result(seed, pairing)` gives, per rotation, whether
/// the pairing's first bot won (true), lost (false); rotation 1 swaps the seats.
pub(super) fn two_seat_tally(
    bots: usize,
    pairings: &[(usize, usize)],
    seeds: u64,
    mut result: impl FnMut(u64, usize) -> [bool; 2],
) -> Tally {
    let mut tally = Tally::new(bots);
    let mut index = 0;
    for seed in 0..seeds {
        for (pairing, &(a, b)) in pairings.iter().enumerate() {
            let wins = result(seed, pairing);
            for (rotation, first_wins) in wins.into_iter().enumerate() {
                let lineup = if rotation == 0 {
                    vec![a, b]
                } else {
                    vec![b, a]
                };
                let ranks = if (lineup[0] == a) == first_wins {
                    vec![1, 2]
                } else {
                    vec![2, 1]
                };
                tally.add(&GameRecord {
                    index,
                    seed_index: seed,
                    pairing,
                    rotation,
                    lineup,
                    scores: vec![0, 0],
                    ranks,
                    turns: 1,
                    ..GameRecord::default()
                });
                index += 1;
            }
        }
    }
    tally
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("bot{i}")).collect()
}

const ROUND_ROBIN: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

/// Issue 13, item 1: bot 2 never scores. It used to get a prior-made rating with a narrow
/// two-sided interval that moved with the number of games (the intervals at 200 and 2000 games
/// per pairing did not overlap). Now it gets a one-sided upper bound, open below, that only
/// tightens as games accumulate; the identified bots keep two-sided intervals.
#[test]
fn a_bot_that_never_scores_gets_an_upper_bound_not_a_narrow_interval() {
    let rows = |seeds: u64| {
        let tally = two_seat_tally(3, &ROUND_ROBIN, seeds, |seed, pairing| match pairing {
            0 => [seed % 3 != 0, seed % 2 == 0],
            _ => [true, true],
        });
        Analysis::build(&names(3), &tally, &AnalysisOptions::default())
            .ratings
            .rows
    };
    let (few, many) = (rows(100), rows(1000));
    for rows in [&few, &many] {
        let swept = &rows[2];
        assert!(swept.lower.is_nan(), "open below: {swept:?}");
        assert_eq!(swept.elo, swept.upper);
        assert!(swept.upper < rows[1].elo - 300.0, "{rows:?}");
        for identified in &rows[..2] {
            assert!(identified.lower < identified.elo && identified.elo < identified.upper);
        }
    }
    // More games: a lower bound, consistent with the first (both intervals are (−∞, bound]).
    assert!(
        many[2].upper < few[2].upper,
        "{} {}",
        few[2].upper,
        many[2].upper
    );
    // Its games do not move the others: without bot 2 they are rated the same.
    let alone = two_seat_tally(3, &ROUND_ROBIN[..1], 1000, |seed, _| {
        [seed % 3 != 0, seed % 2 == 0]
    });
    let alone = Analysis::build(&names(3), &alone, &AnalysisOptions::default());
    assert!((alone.ratings.rows[0].elo - many[0].elo).abs() < 1e-6);
}

/// The symmetric case, and the superiority matrix leaves swept bots out.
#[test]
fn a_bot_that_never_drops_a_point_gets_a_lower_bound() {
    let tally = two_seat_tally(3, &ROUND_ROBIN, 200, |seed, pairing| match pairing {
        2 => [seed % 3 != 0, seed % 2 == 0],
        _ => [true, true],
    });
    let a = Analysis::build(&names(3), &tally, &AnalysisOptions::default());
    let top = &a.ratings.rows[0];
    assert!(top.upper.is_nan() && top.lower == top.elo, "{top:?}");
    assert!(top.elo > a.ratings.rows[1].elo.max(a.ratings.rows[2].elo) + 300.0);
    assert!(a.ratings.superiority[0][1].is_nan() && a.ratings.superiority[1][2].is_finite());
}

/// A head-to-head that one bot swept: no bot is identified, so the gap is bounded and split
/// around 0 (exact Clopper–Pearson for 0 of 400 games, α = 5%).
#[test]
fn a_swept_head_to_head_bounds_the_gap_around_zero() {
    let tally = two_seat_tally(2, &[(0, 1)], 200, |_, _| [true, true]);
    let rows = Analysis::build(&names(2), &tally, &AnalysisOptions::default())
        .ratings
        .rows;
    let p: f64 = 1.0 - 0.05f64.powf(1.0 / 400.0);
    let gap = -400.0 * (p / (1.0 - p)).log10();
    assert!((rows[0].lower - gap / 2.0).abs() < 1e-6, "{rows:?}");
    assert!((rows[1].upper + gap / 2.0).abs() < 1e-6, "{rows:?}");
    assert!(rows[0].upper.is_nan() && rows[1].lower.is_nan());
}

/// Issue 13, item 2: bot 0's two pairings share the seed's luck (it wins both or loses both).
/// The per-pairing histograms equal those of the independent set below, so resampling each
/// pairing on its own gave both the same interval; resampling whole seeds widens the
/// correlated one by about √2.
#[test]
fn the_bootstrap_resamples_whole_seeds_across_pairings() {
    let width = |correlated: bool| {
        let tally = two_seat_tally(3, &ROUND_ROBIN, 200, |seed, pairing| {
            let good = match (pairing, correlated) {
                (2, _) => return [true, false],
                (0, _) | (1, true) => seed % 2 == 0,
                (1, false) => seed % 4 < 2,
                _ => unreachable!(),
            };
            [good, good]
        });
        let a = Analysis::build(&names(3), &tally, &AnalysisOptions::default());
        a.ratings.rows[0].upper - a.ratings.rows[0].lower
    };
    let ratio = width(true) / width(false);
    assert!((1.25..1.6).contains(&ratio), "{ratio}");
}

/// Issue 13, item 4: both seat orders of a seed end the same way (the deal decides), so 200
/// games are worth 100 independent ones. The win-rate interval must count seeds, not games:
/// it is Wilson's at about 100 trials, wider than Wilson's at 200.
#[test]
fn win_rate_intervals_count_seeds_when_seat_orders_agree() {
    let tally = two_seat_tally(2, &[(0, 1)], 100, |seed, _| {
        let w = seed % 10 < 7;
        [w, w]
    });
    let a = Analysis::build(&names(2), &tally, &AnalysisOptions::default());
    let row = &a.pairwise[0];
    assert_eq!((row.games, row.win_rate), (200, 0.7));
    let wilson = |n: f64| crate::stats::wilson::wilson_interval(0.7 * n, n, 0.95).unwrap();
    let (lo100, hi100) = wilson(100.0);
    assert!(
        (row.lower - lo100).abs() < 0.01 && (row.upper - hi100).abs() < 0.01,
        "{row:?}"
    );
    assert!(row.upper - row.lower > 1.3 * (wilson(200.0).1 - wilson(200.0).0));
    let mirror = &a.pairwise[1];
    assert!((mirror.lower - (1.0 - row.upper)).abs() < 1e-12);
}

/// A strict chain, bot 3 above 2 above 1 above 0, every game won by the better bot: no bot is
/// identified, the peeling finds 3 (never lost) and 0 (never scored) in its first round, 2 and
/// 1 in its second, and the rows say so, for the tables to list 3, 2, 1, 0.
#[test]
fn a_chain_of_sweeps_is_peeled_from_the_ends_inwards() {
    let pairings = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let tally = two_seat_tally(4, &pairings, 5, |_, _| [false, false]);
    let rows = Analysis::build(&names(4), &tally, &AnalysisOptions::default())
        .ratings
        .rows;
    use crate::stats::bounds::Identification::{NeverLost, NeverScored};
    let found: Vec<_> = rows.iter().map(|r| (r.identification, r.peeled)).collect();
    assert_eq!(
        found,
        vec![
            (NeverScored, 1),
            (NeverScored, 2),
            (NeverLost, 2),
            (NeverLost, 1)
        ]
    );
}
