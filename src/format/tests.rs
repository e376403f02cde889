use super::bracket::{Bracket, MatchTally, seeding_order};
use super::pools::{PoolTally, snake_pools};
use super::*;
use crate::runner::GameRecord;

/// A two-seat game: `lineup` bots, their scores; the higher score wins, equal is a draw.
fn game(lineup: [usize; 2], scores: [i32; 2]) -> GameRecord {
    let ranks = match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => vec![1, 2],
        std::cmp::Ordering::Less => vec![2, 1],
        std::cmp::Ordering::Equal => vec![1, 1],
    };
    GameRecord {
        index: 0,
        seed_index: 0,
        pairing: 0,
        rotation: 0,
        lineup: lineup.to_vec(),
        scores: scores.to_vec(),
        ranks,
        turns: 1,
        ..GameRecord::default()
    }
}

/// The tally of one pool of bots `0..bots` after `records`.
fn one_pool<'a>(bots: usize, records: impl IntoIterator<Item = &'a GameRecord>) -> PoolTally {
    let mut pools = PoolTally::new(vec![(0..bots).collect()], bots);
    records.into_iter().for_each(|r| pools.add(r));
    pools
}

#[test]
fn snake_seeding_spreads_the_first_listed_and_keeps_pools_even() {
    assert_eq!(snake_pools(8, 4), vec![vec![0, 3, 4, 7], vec![1, 2, 5, 6]]);
    assert_eq!(
        snake_pools(7, 3),
        vec![vec![0, 5, 6], vec![1, 4], vec![2, 3]]
    );
    assert_eq!(
        snake_pools(3, 4),
        vec![vec![0, 1, 2]],
        "one pool when all fit"
    );
}

#[test]
fn bracket_order_meets_first_and_last_and_keeps_one_and_two_apart() {
    assert_eq!(seeding_order(2), vec![1, 2]);
    assert_eq!(seeding_order(4), vec![1, 4, 2, 3]);
    assert_eq!(seeding_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
}

#[test]
fn three_entrants_give_the_top_seed_a_bye() {
    let mut bracket = Bracket::new(vec![10, 11, 12]);
    assert_eq!(bracket.round_name(), "semi-final");
    assert_eq!(bracket.matches(), vec![(1, 2)], "seed 2 meets seed 3");
    let mut third_wins = MatchTally::default();
    third_wins.add(&game([12, 11], [5, 3]), 11, false);
    bracket.advance(&[third_wins]);
    let (_, first) = &bracket.rounds[0];
    assert_eq!(first[0].by, "bye");
    assert_eq!((first[1].winner, first[1].by), (2, "points"));
    assert_eq!(
        bracket.matches(),
        vec![(0, 2)],
        "the final: seed 1 and seed 3"
    );
    let mut level = MatchTally::default();
    level.add(&game([10, 12], [4, 4]), 10, false);
    bracket.advance(&[level]);
    assert_eq!(
        bracket.champion(),
        Some(0),
        "level on everything: the better seed"
    );
    assert_eq!(bracket.rounds[1].1[0].by, "seed");
}

#[test]
fn a_level_match_goes_to_the_better_score_margin_in_the_game_s_direction() {
    // Seed bot 0 wins one game by 1, loses one by 5: level on points, behind on score.
    let mut tally = MatchTally::default();
    tally.add(&game([0, 1], [10, 9]), 0, false);
    tally.add(&game([1, 0], [20, 15]), 0, false);
    assert_eq!((tally.high_points, tally.low_points), (1.0, 1.0));
    assert_eq!(tally.high_margin, -4);
    assert_eq!(tally.decide(), (false, "score"));
    // The same scores where the lower score wins (ranks follow the game's rule).
    let mut golf = MatchTally::default();
    let mut first = game([0, 1], [10, 9]);
    first.ranks = vec![2, 1];
    let mut second = game([1, 0], [20, 15]);
    second.ranks = vec![2, 1];
    golf.add(&first, 0, true);
    golf.add(&second, 0, true);
    assert_eq!(golf.high_margin, 4);
    assert_eq!(golf.decide(), (true, "score"));
}

#[test]
fn pool_ties_on_match_points_go_to_the_game_difference_then_list_order() {
    // A cycle: 0 beats 1 (2-0), 1 beats 2 (2-0), 2 beats 0 (1-0 and a draw): two match points
    // each. Game differences: 0: +2-1 = +1, 1: -2+2 = 0, 2: -2+1 = -1.
    let pools = one_pool(
        3,
        &[
            game([0, 1], [3, 1]),
            game([1, 0], [1, 3]),
            game([1, 2], [3, 1]),
            game([2, 1], [1, 3]),
            game([2, 0], [3, 1]),
            game([0, 2], [2, 2]),
        ],
    );
    let standings = pools.standings();
    let order: Vec<usize> = standings[0].iter().map(|s| s.bot).collect();
    assert!(standings[0].iter().all(|s| s.match_points == 2));
    assert_eq!(order, vec![0, 1, 2]);
    assert_eq!(
        standings[0]
            .iter()
            .map(|s| s.game_difference)
            .collect::<Vec<_>>(),
        vec![1, 0, -1]
    );

    // A perfect cycle is level on match points, games and rating: list order decides.
    let level = one_pool(
        3,
        &[
            game([0, 1], [3, 1]),
            game([1, 2], [3, 1]),
            game([2, 0], [3, 1]),
        ],
    );
    let rows = level.standings().remove(0);
    assert!(
        rows.iter()
            .all(|s| s.match_points == 2 && s.game_difference == 0)
    );
    let order: Vec<usize> = rows.iter().map(|s| s.bot).collect();
    assert_eq!(order, vec![0, 1, 2], "equal ratings: list order");
}

#[test]
fn settings_refuse_what_cannot_be_played() {
    assert!(Knockout::new(Some(1), None, None).is_err());
    assert!(Knockout::new(None, Some(2), None).is_err());
    assert!(Knockout::new(Some(4), Some(0), None).is_err());
    assert!(Knockout::new(None, None, Some(0)).is_err());
    let pools = Knockout::new(Some(4), Some(3), Some(9)).unwrap();
    assert_eq!(pools.games_per_match(), 10);
    assert!(pools.check(8, 2).is_ok());
    assert!(pools.check(6, 2).is_ok(), "two pools of 3 send all 3");
    assert!(pools.check(5, 2).is_err(), "pools of 3 and 2 cannot send 3");
    assert!(pools.check(8, 3).is_err(), "matches are two-player");
    let one = Knockout::new(Some(4), Some(1), None).unwrap();
    assert!(one.check(4, 2).is_err(), "one pool sending one bot");
    assert_eq!(
        Knockout::from_manifest(&pools.to_manifest()).unwrap(),
        pools
    );
    let plain = Knockout::new(None, None, None).unwrap();
    assert_eq!(
        Knockout::from_manifest(&plain.to_manifest()).unwrap(),
        plain
    );
}

#[test]
fn identical_pool_records_are_ranked_in_list_order_whatever_the_order_of_the_games() {
    // 0 beats everyone, 3 loses to everyone, 1 and 2 split their match: 1 and 2 have the same
    // record, so their ratings differ by rounding noise only, which must decide nothing.
    let games = [
        game([0, 1], [2, 1]),
        game([2, 0], [1, 2]),
        game([1, 3], [2, 1]),
        game([3, 2], [1, 2]),
        game([1, 2], [2, 1]),
        game([2, 1], [2, 1]),
        game([0, 3], [2, 1]),
        game([0, 2], [2, 1]),
        game([3, 1], [1, 2]),
    ];
    for shift in 0..games.len() {
        for reversed in [false, true] {
            let mut order: Vec<&GameRecord> = games.iter().cycle().skip(shift).take(9).collect();
            if reversed {
                order.reverse();
            }
            let pools = one_pool(4, order);
            let ranked: Vec<usize> = pools.standings()[0].iter().map(|s| s.bot).collect();
            assert_eq!(
                ranked,
                [0, 1, 2, 3],
                "games from {shift}, reversed {reversed}"
            );
        }
    }
}

#[test]
fn pool_rows_level_on_points_and_games_go_to_their_head_to_head() {
    // 1 and 2 win two matches each and 2 beat 1; 0 and 3 win one each and 3 beat 0: the
    // head-to-head puts the later-listed first in both pairs.
    let pools = one_pool(
        4,
        &[
            game([2, 1], [2, 1]),
            game([1, 0], [2, 1]),
            game([1, 3], [2, 1]),
            game([0, 2], [2, 1]),
            game([2, 3], [2, 1]),
            game([3, 0], [2, 1]),
        ],
    );
    let rows = pools.standings().remove(0);
    let order: Vec<usize> = rows.iter().map(|s| s.bot).collect();
    assert_eq!(order, [2, 1, 3, 0], "{rows:?}");
}
