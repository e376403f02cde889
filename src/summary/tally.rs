//! Online accumulators fed by game records: everything the end-of-run summary needs, in memory
//! that does not grow with the number of games. Knows bots, ranks and seed groups; never a game.

use crate::outcome::{Termination, half_points};
use crate::runner::GameRecord;
use crate::stats::bootstrap::PairingGroups;
use crate::stats::distribution::ScoreDistribution;
use crate::stats::ratings::PairwiseResults;

/// Per-bot counters.
#[derive(Clone, Debug, Default)]
pub struct BotTally {
    pub games: u64,
    /// Games with rank 1 not shared.
    pub wins: u64,
    /// Games with rank 1 shared with another seat.
    pub draws: u64,
    pub scores: ScoreDistribution,
    pub turns: u64,
    /// Games this bot lost by panicking / by an illegal action.
    pub crashes: u64,
    pub illegal: u64,
    /// The first few fault messages, to show what went wrong.
    pub fault_examples: Vec<String>,
}

/// Keeps this many fault messages per bot.
const FAULT_EXAMPLES: usize = 3;

/// The accumulated results of a run.
#[derive(Clone, Debug)]
pub struct Tally {
    pub bots: Vec<BotTally>,
    /// Points of every bot against every other over each pair of seats they shared in a game
    /// (1 for the better rank, ½ for equal ranks).
    pub results: PairwiseResults,
    pub pairings: Vec<Vec<usize>>,
    /// Per pairing: how many seed groups ended with its first bot scoring k half-points
    /// (k = 0 ..= 2 × games per group). For a head-to-head, the pentanomial counts.
    pub groups: Vec<PairingGroups>,
    pub terminations: [u64; Termination::ALL.len()],
    pub games: u64,
    group_len: usize,
    open: Option<OpenGroup>,
}

/// The seed group being filled: its games are contiguous in index order.
#[derive(Clone, Debug)]
struct OpenGroup {
    pairing: usize,
    seed_index: u64,
    half_points: usize,
    games: usize,
}

impl Tally {
    pub fn new(bot_count: usize, pairings: Vec<Vec<usize>>, seats: usize) -> Tally {
        Tally {
            bots: vec![BotTally::default(); bot_count],
            results: PairwiseResults::new(bot_count),
            groups: pairings
                .iter()
                .filter(|p| p.len() == 2)
                .map(|p| PairingGroups::new(p[0], p[1], 2))
                .collect(),
            pairings,
            terminations: [0; Termination::ALL.len()],
            games: 0,
            group_len: seats,
            open: None,
        }
    }

    pub fn add(&mut self, record: &GameRecord) {
        self.games += 1;
        let termination = Termination::ALL
            .iter()
            .position(|t| *t == record.termination)
            .expect("every termination is listed");
        self.terminations[termination] += 1;
        for (seat, &bot) in record.lineup.iter().enumerate() {
            let tally = &mut self.bots[bot];
            tally.games += 1;
            tally.scores.push(i64::from(record.scores[seat]));
            tally.turns += u64::from(record.turns);
            if record.ranks[seat] == 1 {
                let shared = record.ranks.iter().filter(|&&r| r == 1).count() > 1;
                if shared {
                    tally.draws += 1;
                } else {
                    tally.wins += 1;
                }
            }
            if record.culprit == Some(seat) {
                match record.termination {
                    Termination::Crash => tally.crashes += 1,
                    _ => tally.illegal += 1,
                }
                if tally.fault_examples.len() < FAULT_EXAMPLES {
                    let message = record.fault.clone().unwrap_or_default();
                    tally.fault_examples.push(format!(
                        "game {}: {} {}",
                        record.index, record.termination, message
                    ));
                }
            }
        }
        for a in 0..record.seats() {
            for b in a + 1..record.seats() {
                let points = f64::from(half_points(record.ranks[a], record.ranks[b])) / 2.0;
                self.results
                    .add(record.lineup[a], record.lineup[b], points, 1.0)
                    .expect("distinct bots of this run, one game");
            }
        }
        self.add_to_group(record);
    }

    /// Seed groups are contiguous in the stream; a group missing games (an interrupted run)
    /// is dropped rather than counted short. Only two-seat groups are kept: they are what the
    /// pairwise bootstrap and the pentanomial counts need.
    fn add_to_group(&mut self, record: &GameRecord) {
        if self.group_len != 2 {
            return;
        }
        let first_bot = self.pairings[record.pairing][0];
        let first_seat = record
            .lineup
            .iter()
            .position(|&b| b == first_bot)
            .expect("the pairing's first bot sits in its games");
        let others_best = (0..record.seats())
            .filter(|&s| s != first_seat)
            .map(|s| record.ranks[s])
            .min()
            .unwrap_or(u8::MAX);
        let half_points = usize::from(half_points(record.ranks[first_seat], others_best));
        let same_group = matches!(&self.open, Some(g) if g.pairing == record.pairing && g.seed_index == record.seed_index);
        if !same_group {
            self.open = Some(OpenGroup {
                pairing: record.pairing,
                seed_index: record.seed_index,
                half_points: 0,
                games: 0,
            });
        }
        let group = self.open.as_mut().expect("opened above");
        group.half_points += half_points;
        group.games += 1;
        if group.games == self.group_len {
            self.groups[group.pairing]
                .record(u32::try_from(group.half_points).expect("small"))
                .expect("half-points within the group's range");
            self.open = None;
        }
    }
}
