//! The pool stage: who plays in which pool, and each pool's standings from its games.

use crate::runner::GameRecord;
use crate::stats::ratings::{PairwiseResults, Prior, fit_bradley_terry};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// `bots` (indices in list order) dealt into ⌈bots/size⌉ pools by snake seeding: the first
/// round of the deal goes pool 1, 2, …, the next comes back, so the first-listed (the
/// organiser's favourites) are spread over the pools and pool sizes differ by one at most.
pub fn snake_pools(bots: usize, size: usize) -> Vec<Vec<usize>> {
    let count = bots.div_ceil(size);
    let mut pools = vec![Vec::new(); count];
    for bot in 0..bots {
        let (round, position) = (bot / count, bot % count);
        let pool = if round % 2 == 0 {
            position
        } else {
            count - 1 - position
        };
        pools[pool].push(bot);
    }
    pools
}

/// One bot's line in its pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub bot: usize,
    /// Matches (all the games against one opponent) won, drawn and lost on points.
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// 2 per match won, 1 per level match.
    pub match_points: u32,
    /// Games won outright minus games lost.
    pub game_difference: i64,
    /// Bradley–Terry rating on the pool's games, mean 0 in each pool. Shown, never used to
    /// break a tie within the pool: identical records get ratings that differ by rounding noise.
    pub rating: f64,
}

/// The pool games' results, fed in game order.
#[derive(Clone, Debug)]
pub struct PoolTally {
    pools: Vec<Vec<usize>>,
    /// Per pair `(low, high)` of bot indices: the low bot's points, games, and games won
    /// outright by each.
    pairs: BTreeMap<(usize, usize), PairScore>,
    results: PairwiseResults,
}

#[derive(Clone, Copy, Debug, Default)]
struct PairScore {
    low_points: f64,
    games: u64,
    low_wins: u64,
    high_wins: u64,
}

impl PoolTally {
    pub fn new(pools: Vec<Vec<usize>>, bots: usize) -> PoolTally {
        PoolTally {
            pools,
            pairs: BTreeMap::new(),
            results: PairwiseResults::new(bots),
        }
    }

    pub fn pools(&self) -> &[Vec<usize>] {
        &self.pools
    }

    /// Adds a two-seat pool game.
    pub fn add(&mut self, record: &GameRecord) {
        let (a, b) = (record.lineup[0], record.lineup[1]);
        let a_points = match record.ranks[0].cmp(&record.ranks[1]) {
            Ordering::Less => 1.0,
            Ordering::Equal => 0.5,
            Ordering::Greater => 0.0,
        };
        self.results
            .add(a, b, a_points, 1.0)
            .expect("two different bots of the run, one game");
        let (key, low_points) = if a < b {
            ((a, b), a_points)
        } else {
            ((b, a), 1.0 - a_points)
        };
        let pair = self.pairs.entry(key).or_default();
        pair.low_points += low_points;
        pair.games += 1;
        if low_points == 1.0 {
            pair.low_wins += 1;
        } else if low_points == 0.0 {
            pair.high_wins += 1;
        }
    }

    /// Each pool's standings, best first (see the module's rules).
    pub fn standings(&self) -> Vec<Vec<Standing>> {
        let ratings = fit_bradley_terry(&self.results, Prior::default())
            .expect("the virtual-draw prior always has a finite fit");
        self.pools
            .iter()
            .map(|pool| {
                let mut rows: Vec<Standing> = pool
                    .iter()
                    .map(|&bot| self.standing(bot, pool, ratings.elo[bot]))
                    .collect();
                rows.sort_by(rank_order);
                self.break_ties(&mut rows);
                rows
            })
            .collect()
    }

    /// Rows level on match points and game difference are ordered by their points against
    /// each other (their own little league; for two, their head-to-head), then list order:
    /// exact counts, never a rating's rounding noise.
    fn break_ties(&self, rows: &mut [Standing]) {
        let level = |a: &Standing, b: &Standing| {
            (a.match_points, a.game_difference) == (b.match_points, b.game_difference)
        };
        let mut start = 0;
        while start < rows.len() {
            let end = start
                + rows[start..]
                    .iter()
                    .take_while(|r| level(r, &rows[start]))
                    .count();
            let tied: Vec<usize> = rows[start..end].iter().map(|r| r.bot).collect();
            let among = |bot: usize| -> u64 {
                tied.iter()
                    .filter(|&&other| other != bot)
                    .map(|&other| self.half_points(bot, other))
                    .sum()
            };
            rows[start..end].sort_by_key(|r| (std::cmp::Reverse(among(r.bot)), r.bot));
            start = end;
        }
    }

    /// `bot`'s points against `other`, in halves (a win 2, a draw 1): exact.
    fn half_points(&self, bot: usize, other: usize) -> u64 {
        let Some(pair) = self.pairs.get(&(bot.min(other), bot.max(other))) else {
            return 0;
        };
        let low = (2.0 * pair.low_points).round() as u64;
        if bot < other {
            low
        } else {
            2 * pair.games - low
        }
    }

    fn standing(&self, bot: usize, pool: &[usize], rating: f64) -> Standing {
        let mut row = Standing {
            bot,
            won: 0,
            drawn: 0,
            lost: 0,
            match_points: 0,
            game_difference: 0,
            rating,
        };
        for &other in pool.iter().filter(|&&o| o != bot) {
            let key = (bot.min(other), bot.max(other));
            let Some(pair) = self.pairs.get(&key) else {
                continue;
            };
            let (points, wins, losses) = if bot < other {
                (pair.low_points, pair.low_wins, pair.high_wins)
            } else {
                (
                    pair.games as f64 - pair.low_points,
                    pair.high_wins,
                    pair.low_wins,
                )
            };
            let half = pair.games as f64 / 2.0;
            if points > half {
                row.won += 1;
                row.match_points += 2;
            } else if points < half {
                row.lost += 1;
            } else {
                row.drawn += 1;
                row.match_points += 1;
            }
            row.game_difference += wins as i64 - losses as i64;
        }
        row
    }
}

/// Better first: match points, game difference, then list order (ties among rows level on
/// the first two are broken by [`PoolTally`]'s head-to-head).
pub fn rank_order(a: &Standing, b: &Standing) -> Ordering {
    b.match_points
        .cmp(&a.match_points)
        .then(b.game_difference.cmp(&a.game_difference))
        .then(a.bot.cmp(&b.bot))
}

/// A rating in the tenths it is shown in, to compare ratings of different pools (or programs)
/// without letting noise below what is printed decide.
pub fn shown_tenths(rating: f64) -> i64 {
    if rating.is_finite() {
        (rating * 10.0).round() as i64
    } else {
        i64::MIN
    }
}
