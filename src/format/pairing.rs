//! Who meets whom in a round of a Swiss system: Monrad pairing without rematches. Pure: it
//! sees the standings order, who met whom and who had a bye, never a game.
//!
//! The rules (docs/guide/formats.md says the same for organisers):
//! - The bots are ranked by score, then list order (the organiser's seeding).
//! - With an odd count, the bye goes to the lowest-ranked bot among those with the fewest byes
//!   so far, for which the others can still be paired without a rematch.
//! - From the top, each unpaired bot meets the next unpaired bot below it that it has not met;
//!   when that leaves someone without a partner, the search backs up and tries the next
//!   candidate (a depth-first search, in rank order, so the first pairing found is the one
//!   closest to pairing neighbours).
//! - When no pairing without a rematch exists (or the search gives up after
//!   [`SEARCH_BUDGET`] steps, which only a long event of few bots can reach), each bot from
//!   the top meets the unpaired bot it has met least often, nearest first, and the round
//!   counts its rematches.

/// Steps the backtracking search may take for one bye candidate: bounds the time of a round
/// that has no rematch-free pairing, deterministically.
pub const SEARCH_BUDGET: u32 = 200_000;

/// One round's pairings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// (higher-ranked, lower-ranked) bot indices, in rank order of the first.
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// Pairs that met before: 0 unless no rematch-free pairing was found.
    pub rematches: usize,
}

/// Pairs the bots of `ranked` (best first). `met(a, b)` says how often two bots met,
/// `byes(bot)` how many byes a bot had.
pub fn pair_round(
    ranked: &[usize],
    met: &dyn Fn(usize, usize) -> u32,
    byes: &dyn Fn(usize) -> u32,
) -> Round {
    let candidates: Vec<Option<usize>> = if ranked.len().is_multiple_of(2) {
        vec![None]
    } else {
        let mut from_bottom: Vec<usize> = ranked.iter().rev().copied().collect();
        // Stable: among equal bye counts, the lowest-ranked first.
        from_bottom.sort_by_key(|&bot| byes(bot));
        from_bottom.into_iter().map(Some).collect()
    };
    for &bye in &candidates {
        let rest: Vec<usize> = ranked.iter().copied().filter(|&b| Some(b) != bye).collect();
        let mut budget = SEARCH_BUDGET;
        let mut pairs = Vec::with_capacity(rest.len() / 2);
        let mut paired = vec![false; rest.len()];
        if search(&rest, &mut paired, &mut pairs, met, &mut budget) {
            return Round {
                pairs,
                bye,
                rematches: 0,
            };
        }
    }
    least_met(ranked, candidates[0], met)
}

/// Depth-first: pairs the first unpaired bot of `rest` with each unpaired bot below it that it
/// has not met, in turn, until the rest can be paired too. False when no way exists or the
/// budget ran out.
fn search(
    rest: &[usize],
    paired: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    met: &dyn Fn(usize, usize) -> u32,
    budget: &mut u32,
) -> bool {
    let Some(first) = paired.iter().position(|&p| !p) else {
        return true;
    };
    paired[first] = true;
    for second in first + 1..rest.len() {
        if paired[second] || met(rest[first], rest[second]) > 0 {
            continue;
        }
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        paired[second] = true;
        pairs.push((rest[first], rest[second]));
        if search(rest, paired, pairs, met, budget) {
            return true;
        }
        pairs.pop();
        paired[second] = false;
    }
    paired[first] = false;
    false
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
}
