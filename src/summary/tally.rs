//! Online accumulators fed by game records, whether they come from a run or from `games.csv`
//! files: one code path for every statistic. Memory does not grow with the number of games, only
//! with bots, pairings, distinct scores and distinct seed outcomes. Knows bots, ranks, seeds and
//! seed groups; never a game.
//!
//! A *seed* is every game dealt from one seed index (of one source): all pairings, all seat
//! rotations. It is the independent unit of the statistics: every pairing plays the same deal
//! on it, so its games share luck. The schedule is seed-major, so a seed's games are contiguous
//! in the stream; the tally relies on that.

use super::think::ThinkTimes;
use crate::outcome::Termination;
use crate::runner::GameRecord;
use crate::stats::bootstrap::PairingGroups;
use crate::stats::clustered::ClusterSums;
use crate::stats::distribution::ScoreDistribution;
use crate::stats::plackett_luce::FinishingOrders;
use crate::stats::ratings::PairwiseResults;
use std::collections::BTreeMap;

/// Per-bot counters.
#[derive(Clone, Debug, Default)]
pub struct BotTally {
    pub games: u64,
    /// Games with rank 1 not shared.
    pub wins: u64,
    /// Games with rank 1 shared with another seat.
    pub draws: u64,
    pub scores: ScoreDistribution,
    /// Scores by seat index.
    pub seat_scores: Vec<ScoreDistribution>,
    pub turns: u64,
    /// Games this bot lost by panicking / by an illegal action / by running out of time.
    pub crashes: u64,
    pub illegal: u64,
    pub timeouts: u64,
    /// The first few fault messages, to show what went wrong (runs only: `games.csv` has none).
    pub fault_examples: Vec<String>,
    /// Its timed decisions (runs only, like the fault messages).
    pub think: ThinkTimes,
}

/// Keeps this many fault messages per bot.
pub const FAULT_EXAMPLES: usize = 3;

impl BotTally {
    /// Counts the bot's seat `seat` of a game; `rank_one_shared` makes a first place a draw.
    fn add_seat(&mut self, record: &GameRecord, seat: usize, rank_one_shared: bool) {
        self.games += 1;
        let score = i64::from(record.scores[seat]);
        self.scores.push(score);
        if self.seat_scores.len() <= seat {
            self.seat_scores.resize(seat + 1, ScoreDistribution::new());
        }
        self.seat_scores[seat].push(score);
        self.turns += u64::from(record.turns);
        if record.ranks[seat] == 1 {
            if rank_one_shared {
                self.draws += 1;
            } else {
                self.wins += 1;
            }
        }
        if record.culprit == Some(seat) {
            self.add_fault(record);
        }
        if let Some(thinks) = record.think.get(seat) {
            self.think.add(thinks);
        }
    }

    /// Counts the fault that ended the game, keeping its message among the first few.
    fn add_fault(&mut self, record: &GameRecord) {
        match record.termination {
            Termination::Crash => self.crashes += 1,
            Termination::Timeout => self.timeouts += 1,
            _ => self.illegal += 1,
        }
        if self.fault_examples.len() < FAULT_EXAMPLES
            && let Some(message) = &record.fault
        {
            self.fault_examples.push(format!(
                "game {}: {} {message}",
                record.index, record.termination
            ));
        }
    }
}

/// One group of bots that met (the sorted bot indices of a game's lineup).
#[derive(Clone, Debug)]
pub struct PairingTally {
    pub bots: Vec<usize>,
    /// The bot seated first in the pairing's first game: the side a head-to-head is told from,
    /// so a gauntlet's rows are the candidate's (the schedule seats it first), whatever its
    /// place in the list of bots.
    pub lead: usize,
    pub games: u64,
    pub turns: ScoreDistribution,
    pub terminations: [u64; Termination::ALL.len()],
    /// For two different bots in two seats: complete seed groups by the first bot's
    /// half-points (the pentanomial counts).
    pub groups: Option<PairingGroups>,
    /// Every distinct complete seed-group outcome, in order of first appearance: the pieces a
    /// seed is made of (see [`Tally::seed_outcomes`]).
    pub outcomes: Vec<GroupOutcome>,
    /// Index into `outcomes` by likelihood signature (see [`GroupOutcome`]).
    outcome_index: BTreeMap<Vec<u32>, usize>,
}

impl PairingTally {
    /// Counts one game of the pairing; `termination` indexes [`Termination::ALL`].
    fn add_game(&mut self, record: &GameRecord, termination: usize) {
        self.games += 1;
        self.turns.push(i64::from(record.turns));
        self.terminations[termination] += 1;
    }

    /// Counts a complete seed group under its outcome (a new one when first seen) and returns
    /// the outcome's index.
    fn record_group(&mut self, group: OpenGroup) -> usize {
        let half_points = u32::try_from(group.half_points).expect("small");
        let signature = if let Some(groups) = self.groups.as_mut() {
            groups
                .record(half_points)
                .expect("half-points within the group's range");
            vec![half_points]
        } else {
            group.pattern.clone()
        };
        let outcome = *self.outcome_index.entry(signature).or_insert_with(|| {
            self.outcomes.push(GroupOutcome {
                pattern: group.pattern,
                half_points,
                count: 0,
            });
            self.outcomes.len() - 1
        });
        self.outcomes[outcome].count += 1;
        outcome
    }
}

/// One distinct way a seed group of a pairing ended.
///
/// For two different bots in two seats, groups with the same half-points share one outcome: a
/// win and a loss, or two draws, give the same Bradley–Terry and Plackett–Luce likelihood (a
/// two-seat tie counts half a win each way), so keeping them apart would only multiply the
/// distinct seed outcomes. `pattern` is then the first such group seen.
#[derive(Clone, Debug)]
pub struct GroupOutcome {
    /// Every game of the group, seat by seat: `bot << 8 | rank`.
    pub pattern: Vec<u32>,
    /// The pairing's first bot's half-points over the group (2 per game won outright).
    pub half_points: u32,
    /// Complete groups that ended this way.
    pub count: u64,
}

/// Ratings data at one point of the stream, for the convergence plot.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    pub games: u64,
    pub results: PairwiseResults,
    pub orders: FinishingOrders,
}

/// Keeps between `MAX_CHECKPOINTS / 2` and `MAX_CHECKPOINTS` evenly spaced checkpoints however
/// long the stream: when full, every other one is dropped and the spacing doubles. Depends only
/// on the record sequence, so a run and a report of its folder keep the same points.
const MAX_CHECKPOINTS: usize = 40;

/// The accumulated results.
#[derive(Clone, Debug)]
pub struct Tally {
    pub bots: Vec<BotTally>,
    /// Points of every bot against every other over each pair of seats they shared in a game
    /// (1 for the better rank, ½ for equal ranks). Seats of the same bot are not compared.
    pub results: PairwiseResults,
    /// Every game's finishing order, for Plackett–Luce.
    pub orders: FinishingOrders,
    pub pairings: Vec<PairingTally>,
    pairing_index: BTreeMap<Vec<usize>, usize>,
    /// Score of the lower-indexed bot minus the other's, per pair of bots sharing a game.
    pub margins: BTreeMap<(usize, usize), ScoreDistribution>,
    pub terminations: [u64; Termination::ALL.len()],
    pub games: u64,
    /// Most seats seen in one game.
    pub max_seats: usize,
    pub checkpoints: Vec<Checkpoint>,
    checkpoint_every: u64,
    source: u64,
    open: Option<OpenGroup>,
    /// Distinct finished seeds: the sorted `(pairing, outcome)` pieces of their complete groups.
    seeds: BTreeMap<Vec<(u32, u32)>, u64>,
    /// Points of the lower-indexed bot of each pair against the other, summed per finished seed.
    win_clusters: BTreeMap<(usize, usize), ClusterSums>,
    open_seed: Option<OpenSeed>,
}

/// The seed being filled: its games are contiguous in the stream.
#[derive(Clone, Debug)]
struct OpenSeed {
    source: u64,
    seed_index: u64,
    pieces: Vec<(u32, u32)>,
    /// `(points of the lower-indexed bot, seat pairs)` per pair of bots, in this seed.
    pair_points: BTreeMap<(usize, usize), (f64, f64)>,
}

/// The seed group being filled: its games are contiguous in the stream.
#[derive(Clone, Debug)]
struct OpenGroup {
    source: u64,
    pairing: usize,
    seed_index: u64,
    tally_pairing: usize,
    half_points: usize,
    games: usize,
    seats: usize,
    pattern: Vec<u32>,
}

impl Tally {
    /// An empty tally; bots are added as records name them.
    pub fn new(bot_count: usize) -> Tally {
        Tally {
            bots: vec![BotTally::default(); bot_count],
            results: PairwiseResults::new(bot_count),
            orders: FinishingOrders::new(),
            pairings: Vec::new(),
            pairing_index: BTreeMap::new(),
            margins: BTreeMap::new(),
            terminations: [0; Termination::ALL.len()],
            games: 0,
            max_seats: 0,
            checkpoints: Vec::new(),
            checkpoint_every: 1,
            source: 0,
            open: None,
            seeds: BTreeMap::new(),
            win_clusters: BTreeMap::new(),
            open_seed: None,
        }
    }

    /// Starts records from another source (results folder): seed groups never span two.
    pub fn start_source(&mut self) {
        self.source += 1;
        self.open = None;
    }

    fn ensure_bots(&mut self, count: usize) {
        if count > self.bots.len() {
            self.bots.resize(count, BotTally::default());
            self.results = self.results.resized(count);
        }
    }

    /// Counts one game record.
    pub fn add(&mut self, record: &GameRecord) {
        self.enter_seed(record.seed_index);
        let seats = record.seats();
        let top = record.lineup.iter().max().map_or(0, |&b| b + 1);
        self.ensure_bots(top);
        self.games += 1;
        self.max_seats = self.max_seats.max(seats);
        let termination = Termination::ALL
            .iter()
            .position(|t| *t == record.termination)
            .expect("every termination is listed");
        self.terminations[termination] += 1;
        let rank_one_shared = record.ranks.iter().filter(|&&r| r == 1).count() > 1;
        for (seat, &bot) in record.lineup.iter().enumerate() {
            self.bots[bot].add_seat(record, seat, rank_one_shared);
        }
        self.add_seat_pairs(record);
        if (2..=crate::stats::plackett_luce::MAX_SEATS).contains(&seats) {
            self.orders
                .add(&record.lineup, &record.ranks, 1.0)
                .expect("2 to 5 seats, positive weight");
        }
        let pairing = self.pairing_of(&record.lineup);
        self.pairings[pairing].add_game(record, termination);
        self.add_to_group(record, pairing);
        if self.games.is_multiple_of(self.checkpoint_every) {
            self.checkpoint();
        }
    }

    /// Counts every pair of seats of different bots: the pairwise results, the open seed's
    /// points per pair, and the score margins.
    fn add_seat_pairs(&mut self, record: &GameRecord) {
        let seats = record.seats();
        for a in 0..seats {
            for b in a + 1..seats {
                let (bot_a, bot_b) = (record.lineup[a], record.lineup[b]);
                if bot_a == bot_b {
                    continue;
                }
                let points = pair_points(record.ranks[a], record.ranks[b]);
                self.results
                    .add(bot_a, bot_b, points, 1.0)
                    .expect("distinct bots in range, one game");
                let (low, low_points) = if bot_a < bot_b {
                    ((bot_a, bot_b), points)
                } else {
                    ((bot_b, bot_a), 1.0 - points)
                };
                let seed = self.open_seed.as_mut().expect("entered in add");
                let cell = seed.pair_points.entry(low).or_insert((0.0, 0.0));
                cell.0 += low_points;
                cell.1 += 1.0;
                let (key, margin) = if bot_a < bot_b {
                    ((bot_a, bot_b), record.scores[a] - record.scores[b])
                } else {
                    ((bot_b, bot_a), record.scores[b] - record.scores[a])
                };
                self.margins.entry(key).or_default().push(i64::from(margin));
            }
        }
    }

    fn pairing_of(&mut self, lineup: &[usize]) -> usize {
        let mut key = lineup.to_vec();
        key.sort_unstable();
        if let Some(&i) = self.pairing_index.get(&key) {
            return i;
        }
        let groups =
            (key.len() == 2 && key[0] != key[1]).then(|| PairingGroups::new(key[0], key[1], 2));
        self.pairings.push(PairingTally {
            bots: key.clone(),
            lead: lineup[0],
            games: 0,
            turns: ScoreDistribution::new(),
            terminations: [0; Termination::ALL.len()],
            groups,
            outcomes: Vec::new(),
            outcome_index: BTreeMap::new(),
        });
        self.pairing_index.insert(key, self.pairings.len() - 1);
        self.pairings.len() - 1
    }

    fn checkpoint(&mut self) {
        self.checkpoints.push(Checkpoint {
            games: self.games,
            results: self.results.clone(),
            orders: self.orders.clone(),
        });
        if self.checkpoints.len() > MAX_CHECKPOINTS {
            let every = self.checkpoint_every * 2;
            self.checkpoints.retain(|c| c.games.is_multiple_of(every));
            self.checkpoint_every = every;
        }
    }

    /// A seed group is one seed in every cyclic seat rotation (as many games as seats), contiguous
    /// in the stream; a group missing games (an interrupted run) is dropped, not counted short.
    fn add_to_group(&mut self, record: &GameRecord, tally_pairing: usize) {
        let first_bot = self.pairings[tally_pairing].bots[0];
        let group = self.open_group(record, tally_pairing);
        group.half_points += first_bot_half_points(record, first_bot);
        group.games += 1;
        group.pattern.extend(
            record
                .lineup
                .iter()
                .zip(&record.ranks)
                .map(|(&bot, &rank)| (bot as u32) << 8 | u32::from(rank)),
        );
        if group.games == group.seats {
            let group = self.open.take().expect("checked above");
            let outcome = self.pairings[tally_pairing].record_group(group);
            let piece = (
                u32::try_from(tally_pairing).expect("pairings fit u32"),
                u32::try_from(outcome).expect("outcomes fit u32"),
            );
            self.open_seed
                .as_mut()
                .expect("entered in add")
                .pieces
                .push(piece);
        }
    }

    /// The seed group `record` belongs to: the open one, or a new one when the record starts
    /// another (the open one, if any, is then dropped unfinished).
    fn open_group(&mut self, record: &GameRecord, tally_pairing: usize) -> &mut OpenGroup {
        let same_group = matches!(&self.open, Some(g) if g.source == self.source
            && g.pairing == record.pairing
            && g.seed_index == record.seed_index
            && g.tally_pairing == tally_pairing);
        if !same_group {
            self.open = Some(OpenGroup {
                source: self.source,
                pairing: record.pairing,
                seed_index: record.seed_index,
                tally_pairing,
                half_points: 0,
                games: 0,
                seats: record.seats(),
                pattern: Vec::with_capacity(record.seats() * record.seats()),
            });
        }
        self.open.as_mut().expect("opened above")
    }

    /// Starts a new seed when `seed_index` (or the source) changes, folding the finished one
    /// into the seed outcomes and the win-rate clusters.
    fn enter_seed(&mut self, seed_index: u64) {
        if matches!(&self.open_seed, Some(s) if s.source == self.source && s.seed_index == seed_index)
        {
            return;
        }
        if let Some(finished) = self.open_seed.take() {
            fold_seed(&mut self.seeds, &mut self.win_clusters, finished);
        }
        self.open_seed = Some(OpenSeed {
            source: self.source,
            seed_index,
            pieces: Vec::new(),
            pair_points: BTreeMap::new(),
        });
    }

    /// Every distinct seed outcome with its count, the seed being filled included: the pieces
    /// are `(pairing index, index into that pairing's outcomes)`, sorted. Seeds without a
    /// complete group are left out (they have nothing to resample).
    pub fn seed_outcomes(&self) -> Vec<(Vec<(usize, usize)>, u64)> {
        let (mut seeds, mut clusters) = (self.seeds.clone(), BTreeMap::new());
        if let Some(open) = self.open_seed.clone() {
            fold_seed(&mut seeds, &mut clusters, open);
        }
        seeds
            .into_iter()
            .map(|(pieces, count)| {
                let pieces = pieces
                    .into_iter()
                    .map(|(p, o)| (p as usize, o as usize))
                    .collect();
                (pieces, count)
            })
            .collect()
    }

    /// Per pair of bots `(i, j)`, `i < j`: `i`'s points against `j` summed per seed, one cluster
    /// per seed in which they met (the seed being filled included).
    pub fn win_clusters(&self) -> BTreeMap<(usize, usize), ClusterSums> {
        let (mut seeds, mut clusters) = (BTreeMap::new(), self.win_clusters.clone());
        if let Some(open) = self.open_seed.clone() {
            fold_seed(&mut seeds, &mut clusters, open);
        }
        clusters
    }

    /// The finishing orders of one outcome of a pairing, leaving out the seats of bots `keep`
    /// rejects (removing a bot from a Plackett–Luce order leaves a Plackett–Luce order of the
    /// rest); games left with fewer than two seats are dropped.
    pub fn outcome_orders(
        pairing: &PairingTally,
        outcome: &GroupOutcome,
        keep: impl Fn(usize) -> bool,
    ) -> FinishingOrders {
        let seats = pairing.bots.len();
        let mut orders = FinishingOrders::new();
        for game in outcome.pattern.chunks(seats) {
            let (bots, ranks): (Vec<usize>, Vec<u8>) = game
                .iter()
                .map(|v| ((v >> 8) as usize, (v & 0xFF) as u8))
                .filter(|&(bot, _)| keep(bot))
                .unzip();
            if bots.len() >= 2 {
                orders
                    .add(&bots, &ranks, 1.0)
                    .expect("recorded from a valid game");
            }
        }
        orders
    }
}

fn fold_seed(
    seeds: &mut BTreeMap<Vec<(u32, u32)>, u64>,
    clusters: &mut BTreeMap<(usize, usize), ClusterSums>,
    mut seed: OpenSeed,
) {
    if !seed.pieces.is_empty() {
        seed.pieces.sort_unstable();
        *seeds.entry(seed.pieces).or_insert(0) += 1;
    }
    for (pair, (points, trials)) in seed.pair_points {
        clusters.entry(pair).or_default().add(points, trials);
    }
}

/// Half-points of `first_bot` in one game: 2 when it finished above every other bot, 1 when
/// level with the best of them, else 0.
fn first_bot_half_points(record: &GameRecord, first_bot: usize) -> usize {
    let first_seat = record
        .lineup
        .iter()
        .position(|&b| b == first_bot)
        .expect("the pairing's first bot sits in its games");
    let others_best = (0..record.seats())
        .filter(|&s| record.lineup[s] != first_bot)
        .map(|s| record.ranks[s])
        .min()
        .unwrap_or(u8::MAX);
    match record.ranks[first_seat].cmp(&others_best) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    }
}

/// Points of a seat against another from their ranks: 1 better, ½ equal, 0 worse.
fn pair_points(rank: u8, other: u8) -> f64 {
    match rank.cmp(&other) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}
