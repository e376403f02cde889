//! Who meets whom in a round of a Swiss system: Monrad pairing without rematches. Pure: it
//! sees the standings order, who met whom and who had a bye, never a game.
//!
//! The rules (docs/guide/formats.md says the same for organisers):
//! - The bots are ranked by score, then list order (the organiser's seeding).
//! - With an odd count, the bye goes to the lowest-ranked bot among those with the fewest byes
//!   so far, for which the others can still be paired without a rematch.
//! - From the top, each unpaired bot meets the nearest unpaired bot below it that it has not
//!   met and that leaves the rest a pairing without a rematch: the pairing closest to pairing
//!   neighbours, the one a depth-first search in rank order finds first.
//! - When no pairing without a rematch exists, each bot from the top meets the unpaired bot it
//!   has met least often, nearest first, and the round counts its rematches.
//!
//! Whether the rest can still be paired is asked of a maximum matching ([`Matching`]), so a
//! round costs polynomial time however the rounds before it went: a depth-first search over
//! the pairings themselves can back up for minutes near the last rounds of a large field.

use super::matching::Matching;

/// One round's pairings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// (higher-ranked, lower-ranked) bot indices, in rank order of the first.
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// Pairs that met before: 0 unless no rematch-free pairing exists.
    pub rematches: usize,
}

/// Pairs the bots of `ranked` (best first). `met(a, b)` says how often two bots met,
/// `byes(bot)` how many byes a bot had.
pub fn pair_round(
    ranked: &[usize],
    met: &dyn Fn(usize, usize) -> u32,
    byes: &dyn Fn(usize) -> u32,
) -> Round {
    pair_counted(ranked, met, byes).0
}

/// [`pair_round`], and the steps of the matching it took (its work, for tests to bound).
fn pair_counted(
    ranked: &[usize],
    met: &dyn Fn(usize, usize) -> u32,
    byes: &dyn Fn(usize) -> u32,
) -> (Round, u64) {
    let n = ranked.len();
    // Vertex i is the bot ranked i-th; with an odd count, vertex n stands for the bye and may
    // be paired with anyone.
    let bye_vertex = (n % 2 == 1).then_some(n);
    let vertices = n + usize::from(bye_vertex.is_some());
    let mut matching = Matching::maximum(vertices, |a, b| {
        a.max(b) == n || met(ranked[a], ranked[b]) == 0
    });
    // Lowest-ranked first among the fewest byes (a stable sort of the ranks from the bottom).
    let mut candidates: Vec<usize> = (0..n).rev().collect();
    candidates.sort_by_key(|&i| byes(ranked[i]));
    if !matching.is_perfect() {
        let bye = bye_vertex.map(|_| ranked[candidates[0]]);
        return (least_met(ranked, bye, met), matching.steps);
    }
    // Vertices paired for good: the bye's bot, then each pair as it is drawn.
    let mut paired = vec![false; n];
    let bye = bye_vertex.map(|vertex| {
        let at = candidates
            .iter()
            .copied()
            .find(|&i| matching.fix(vertex, i))
            .expect("a perfect matching gives someone the bye");
        paired[at] = true;
        ranked[at]
    });
    let mut pairs = Vec::with_capacity(n / 2);
    for first in 0..n {
        if paired[first] {
            continue;
        }
        let second = (first + 1..n)
            .find(|&second| !paired[second] && matching.fix(first, second))
            .expect("a perfect matching pairs everyone");
        paired[first] = true;
        paired[second] = true;
        pairs.push((ranked[first], ranked[second]));
    }
    let round = Round {
        pairs,
        bye,
        rematches: 0,
    };
    (round, matching.steps)
}

/// The fallback when no round without a rematch was found: from the top, each unpaired bot
/// meets the unpaired bot it met least often, nearest in rank first.
fn least_met(ranked: &[usize], bye: Option<usize>, met: &dyn Fn(usize, usize) -> u32) -> Round {
    let mut rest: Vec<usize> = ranked.iter().copied().filter(|&b| Some(b) != bye).collect();
    let mut round = Round {
        pairs: Vec::new(),
        bye,
        rematches: 0,
    };
    while !rest.is_empty() {
        let first = rest.remove(0);
        let at = (0..rest.len())
            .min_by_key(|&i| (met(first, rest[i]), i))
            .expect("an even count of bots to pair");
        let second = rest.remove(at);
        round.rematches += usize::from(met(first, second) > 0);
        round.pairs.push((first, second));
    }
    round
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn never(_: usize, _: usize) -> u32 {
        0
    }

    fn none(_: usize) -> u32 {
        0
    }

    #[test]
    fn the_first_round_pairs_neighbours_in_rank_order() {
        let round = pair_round(&[0, 1, 2, 3], &never, &none);
        assert_eq!(round.pairs, vec![(0, 1), (2, 3)]);
        assert_eq!((round.bye, round.rematches), (None, 0));
    }

    #[test]
    fn no_rematch_when_one_exists_even_if_it_means_backing_up() {
        // 0-1 and 2-3 met; 0 meets 2, and 1 meets 3.
        let met: BTreeSet<(usize, usize)> = [(0, 1), (2, 3)].into();
        let met = |a: usize, b: usize| u32::from(met.contains(&(a.min(b), a.max(b))));
        let round = pair_round(&[0, 1, 2, 3], &met, &none);
        assert_eq!(round.pairs, vec![(0, 2), (1, 3)]);
        // 0, 1 and 2 all met: 0 meets 3, and the two others the two bots left.
        let met: BTreeSet<(usize, usize)> = [(0, 1), (0, 2), (1, 2)].into();
        let met = |a: usize, b: usize| u32::from(met.contains(&(a.min(b), a.max(b))));
        let round = pair_round(&[0, 1, 2, 3, 4, 5], &met, &none);
        assert_eq!(round.pairs, vec![(0, 3), (1, 4), (2, 5)]);
        assert_eq!(round.rematches, 0);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_ranked_without_one_then_rotates() {
        let round = pair_round(&[4, 3, 2, 1, 0], &never, &none);
        assert_eq!(round.bye, Some(0), "the last of the ranking");
        assert_eq!(round.pairs, vec![(4, 3), (2, 1)]);
        let had_bye = |bot: usize| u32::from(bot == 0);
        let round = pair_round(&[4, 3, 2, 1, 0], &never, &had_bye);
        assert_eq!(round.bye, Some(1), "the lowest who has not had one");
        assert_eq!(round.pairs, vec![(4, 3), (2, 0)]);
    }

    #[test]
    fn the_bye_moves_up_when_the_last_cannot_leave_a_rematch_free_round() {
        // Three bots: 1 and 2 met, so the bye cannot go to 0 (it would leave 1-2 again).
        let met = |a: usize, b: usize| u32::from((a.min(b), a.max(b)) == (1, 2));
        let round = pair_round(&[1, 2, 0], &met, &none);
        assert_eq!(round.bye, Some(2));
        assert_eq!(round.pairs, vec![(1, 0)]);
    }

    #[test]
    fn without_a_rematch_free_round_the_least_met_meet_and_are_counted() {
        // Two bots that met: the only pairing is a rematch.
        let met = |_: usize, _: usize| 1;
        let round = pair_round(&[0, 1], &met, &none);
        assert_eq!(round.pairs, vec![(0, 1)]);
        assert_eq!(round.rematches, 1);
    }

    #[test]
    fn a_round_robin_length_swiss_never_repeats_a_pairing_of_six() {
        // Five rounds of six bots, ranked in list order each round (every result a draw):
        // a rematch-free pairing exists every round and the search finds it.
        let mut met = BTreeSet::new();
        for _ in 0..5 {
            let seen = met.clone();
            let round = pair_round(
                &[0, 1, 2, 3, 4, 5],
                &|a: usize, b: usize| u32::from(seen.contains(&(a.min(b), a.max(b)))),
                &none,
            );
            assert_eq!(round.rematches, 0, "{met:?}");
            for (a, b) in round.pairs {
                assert!(met.insert((a.min(b), a.max(b))));
            }
        }
        assert_eq!(met.len(), 15, "every pair met once");
    }

    /// A round's pairs and bye.
    type Found = (Vec<(usize, usize)>, Option<usize>);

    /// The pairing the rules describe, found the slow way: a depth-first search in rank order
    /// without any budget, over each bye candidate in turn (what this module did before it
    /// asked a matching), or `None` when no rematch-free round exists.
    fn first_by_search(
        ranked: &[usize],
        met: &dyn Fn(usize, usize) -> u32,
        byes: &dyn Fn(usize) -> u32,
    ) -> Option<Found> {
        fn search(
            rest: &[usize],
            met: &dyn Fn(usize, usize) -> u32,
        ) -> Option<Vec<(usize, usize)>> {
            let Some((&first, others)) = rest.split_first() else {
                return Some(Vec::new());
            };
            others
                .iter()
                .filter(|&&b| met(first, b) == 0)
                .find_map(|&second| {
                    let left: Vec<usize> =
                        others.iter().copied().filter(|&b| b != second).collect();
                    let mut pairs = search(&left, met)?;
                    pairs.insert(0, (first, second));
                    Some(pairs)
                })
        }
        let mut candidates: Vec<Option<usize>> = ranked.iter().rev().map(|&b| Some(b)).collect();
        candidates.sort_by_key(|b| b.map_or(0, byes));
        if ranked.len().is_multiple_of(2) {
            candidates = vec![None];
        }
        candidates.into_iter().find_map(|bye| {
            let rest: Vec<usize> = ranked.iter().copied().filter(|&b| Some(b) != bye).collect();
            search(&rest, met).map(|pairs| (pairs, bye))
        })
    }

    /// A small generator of its own, so the test needs no seed plumbing.
    fn next(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    #[test]
    fn the_matching_finds_the_pairing_the_search_in_rank_order_finds() {
        let mut state = 40;
        for _ in 0..3000 {
            let n = 2 + (next(&mut state) % 10) as usize;
            let density = next(&mut state) % 80;
            let mut met = vec![vec![0; n]; n];
            for (a, b) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
                let m = u32::from(next(&mut state) % 100 < density);
                (met[a][b], met[b][a]) = (m, m);
            }
            let byes: Vec<u32> = (0..n).map(|_| (next(&mut state) % 2) as u32).collect();
            let mut ranked: Vec<usize> = (0..n).collect();
            ranked.rotate_left((next(&mut state) as usize) % n);
            let (met, byes) = (|a: usize, b: usize| met[a][b], |b: usize| byes[b]);
            let round = pair_round(&ranked, &met, &byes);
            match first_by_search(&ranked, &met, &byes) {
                Some((pairs, bye)) => {
                    assert_eq!((round.pairs, round.bye, round.rematches), (pairs, bye, 0));
                }
                None => assert!(round.rematches > 0),
            }
        }
    }

    /// 61 bots level after every round (each match drawn), so the ranking stays the list
    /// order: the depth-first search this module used to run gave up in round 31 after
    /// 61 x 200,000 steps (minutes in a real run) and paired seven rematches. Every round up to
    /// the last must be paired without a rematch (one always exists here), every bot once,
    /// the bye to a bot without one, and in a polynomial number of steps.
    #[test]
    fn sixty_one_level_bots_are_paired_without_a_rematch_to_the_last_round() {
        let n = 61;
        let mut met = vec![vec![0; n]; n];
        let mut byes = vec![0; n];
        let ranked: Vec<usize> = (0..n).collect();
        for number in 1..=n {
            let (round, steps) = pair_counted(&ranked, &|a, b| met[a][b], &|b| byes[b]);
            assert_eq!(round.rematches, 0, "round {number}");
            assert!(
                steps <= (n as u64 + 1).pow(3),
                "round {number}: {steps} steps"
            );
            let bye = round.bye.expect("an odd count");
            assert_eq!(byes[bye], 0, "round {number}: a second bye for {bye}");
            byes[bye] += 1;
            let mut seen = vec![false; n];
            seen[bye] = true;
            for &(a, b) in &round.pairs {
                assert!(!seen[a] && !seen[b], "round {number}: {a} or {b} twice");
                (seen[a], seen[b]) = (true, true);
                assert_eq!(met[a][b], 0, "round {number}: {a}-{b} again");
                met[a][b] += 1;
                met[b][a] += 1;
            }
            assert!(seen.iter().all(|&s| s), "round {number}: someone left out");
        }
    }
}
