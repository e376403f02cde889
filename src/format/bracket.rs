//! The knockout bracket: seeds placed in the usual bracket order, byes for the top seeds when
//! the entrants are not a power of two, and each match decided from its games.

use crate::runner::GameRecord;
use std::cmp::Ordering;

/// Seeds (1-based) in slot order for a bracket of `size` slots, a power of two: each pair of
/// slots is a first-round match, each pair of pairs meets next, and so on. Seed 1 meets the
/// last seed, and 1 and 2 can only meet in the final: `[1, 8, 4, 5, 2, 7, 3, 6]` for 8.
pub fn seeding_order(size: usize) -> Vec<usize> {
    assert!(size.is_power_of_two(), "a bracket has a power of two slots");
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2 + 1;
        order = order.iter().flat_map(|&s| [s, next - s]).collect();
    }
    order
}

/// The games of one match, from its better seed's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchTally {
    pub games: u64,
    /// A win 1, a draw ½.
    pub high_points: f64,
    pub low_points: f64,
    /// The better seed's total score minus the other's, counted so that positive is better
    /// for the better seed (negated for games where the lower score wins).
    pub high_margin: i64,
}

impl MatchTally {
    /// Adds one game of the match whose better seed is `high` (a bot index).
    pub fn add(&mut self, record: &GameRecord, high: usize, lower_score_is_better: bool) {
        let seat = usize::from(record.lineup[0] != high);
        let other = 1 - seat;
        let points = match record.ranks[seat].cmp(&record.ranks[other]) {
            Ordering::Less => 1.0,
            Ordering::Equal => 0.5,
            Ordering::Greater => 0.0,
        };
        let difference = i64::from(record.scores[seat]) - i64::from(record.scores[other]);
        self.games += 1;
        self.high_points += points;
        self.low_points += 1.0 - points;
        self.high_margin += if lower_score_is_better {
            -difference
        } else {
            difference
        };
    }

    /// Whether the better seed goes on, and what decided it: points, then the score margin,
    /// then the seed itself.
    pub fn decide(&self) -> (bool, &'static str) {
        match self.high_points.total_cmp(&self.low_points) {
            Ordering::Greater => (true, "points"),
            Ordering::Less => (false, "points"),
            Ordering::Equal => match self.high_margin.cmp(&0) {
                Ordering::Greater => (true, "score"),
                Ordering::Less => (false, "score"),
                Ordering::Equal => (true, "seed"),
            },
        }
    }
}

/// One decided match, by seed (0-based: 0 is seed 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Decided {
    pub high: usize,
    /// `None`: a bye.
    pub low: Option<usize>,
    pub tally: MatchTally,
    pub winner: usize,
    /// `points`, `score`, `seed`, or `bye`.
    pub by: &'static str,
}

/// The bracket as it stands: the seeds still in, in slot order, and every round decided.
#[derive(Clone, Debug)]
pub struct Bracket {
    /// Bot index per seed (seed 1 first).
    pub seeds: Vec<usize>,
    /// Seeds in the current round's slots; `None` is a bye.
    slots: Vec<Option<usize>>,
    /// Decided rounds, with their names.
    pub rounds: Vec<(String, Vec<Decided>)>,
}

impl Bracket {
    /// A bracket of these bots, best seed first (at least two).
    pub fn new(seeds: Vec<usize>) -> Bracket {
        let size = seeds.len().next_power_of_two();
        let slots = seeding_order(size)
            .into_iter()
            .map(|seed| (seed <= seeds.len()).then_some(seed - 1))
            .collect();
        Bracket {
            seeds,
            slots,
            rounds: Vec::new(),
        }
    }

    /// The seed that won it all, once the final is decided.
    pub fn champion(&self) -> Option<usize> {
        match self.slots.as_slice() {
            [Some(seed)] => Some(*seed),
            _ => None,
        }
    }

    /// The current round's name (see [`round_name`]).
    pub fn round_name(&self) -> String {
        round_name(self.slots.len())
    }

    /// Slots of the current round: entrants still in (and byes, in the first round).
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// The current round's matches to play, as (better seed, other seed); byes are left out.
    pub fn matches(&self) -> Vec<(usize, usize)> {
        self.slots
            .chunks(2)
            .filter_map(|pair| match pair {
                [Some(a), Some(b)] => Some((*a.min(b), *a.max(b))),
                _ => None,
            })
            .collect()
    }

    /// Decides the current round from its matches' tallies (in [`Bracket::matches`] order) and
    /// moves the winners on.
    pub fn advance(&mut self, tallies: &[MatchTally]) {
        let decided = self.decide(tallies);
        let next = decided.iter().map(|one| Some(one.winner)).collect();
        self.rounds.push((self.round_name(), decided));
        self.slots = next;
    }

    /// The current round's matches in slot order, byes included, each decided from its tally
    /// (in [`Bracket::matches`] order) as it stands.
    pub fn decide(&self, tallies: &[MatchTally]) -> Vec<Decided> {
        let mut tallies = tallies.iter();
        let mut decided = Vec::new();
        for pair in self.slots.chunks(2) {
            let one = match pair {
                [Some(a), Some(b)] => {
                    let (high, low) = (*a.min(b), *a.max(b));
                    let tally = *tallies.next().expect("a tally per match");
                    let (high_wins, by) = tally.decide();
                    Decided {
                        high,
                        low: Some(low),
                        tally,
                        winner: if high_wins { high } else { low },
                        by,
                    }
                }
                [Some(seed), None] | [None, Some(seed)] => Decided {
                    high: *seed,
                    low: None,
                    tally: MatchTally::default(),
                    winner: *seed,
                    by: "bye",
                },
                _ => unreachable!("a bracket never pairs two byes"),
            };
            decided.push(one);
        }
        decided
    }
}

/// The name of a round of `slots` slots: `final`, `semi-final`, `quarter-final`, else `round of
/// N`.
pub fn round_name(slots: usize) -> String {
    match slots {
        2 => "final".to_string(),
        4 => "semi-final".to_string(),
        8 => "quarter-final".to_string(),
        n => format!("round of {n}"),
    }
}
