//! The ladder's matchmaking on a simulated field of known strengths, against a plain round
//! robin of the same games: how soon each finds the true order (docs/guide/ladder.md,
//! "Measured"; `cargo run --release --example ladder_matchmaking`).
//!
//! Only the programs are simulated: a game between two entries is won by each with the Elo
//! model's chance from their true strengths (or drawn, with a chance of its own). Everything
//! else is the ladder's: each deal (two games, one in each seat order, of one seed) is seated
//! by [`matchmaking::choose`] from the same counts and placement the ladder keeps, steered by
//! the ratings of the ladder's own joint fit ([`ratings_table`], as `tourney rate` and the
//! standings compute it, with its bootstrap intervals), fitted again every `refresh` games as
//! the ladder fits again at each scan that found new games. The round robin plays its rounds
//! (every entry once per round) in turn until the budget is spent. Both are ranked as the
//! standings rank: by the fit's Elo, best first.

use super::matchmaking::{self, Candidate, PairGames, Rating};
use crate::runner::GameRecord;
use crate::seed::{self, Stream};
use crate::summary::{AnalysisOptions, RatingRow, Tally, ratings_table};
use rand::RngExt;
use rand::seq::SliceRandom;

/// A simulated ladder and what to compare.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// The true Elo of each entry (all different).
    pub strengths: Vec<f64>,
    /// The numbers of games at which the order found is compared with the true one,
    /// ascending.
    pub budgets: Vec<u64>,
    /// Games between two fits that steer the matchmaking.
    pub refresh: u64,
    /// `--placement`: the games a new version plays against the entries it met least.
    pub placement: u64,
    /// The chance that a game is drawn (both ranked first).
    pub draws: f64,
}

/// How close an order came to the true one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Agreement {
    /// Spearman's rank correlation with the true order, over the whole field.
    pub spearman: f64,
    /// Whether the first three are the true first three, in any order.
    pub top_three: bool,
}

/// One trial: the field's strengths in a random order (so no index tells the order), played
/// by the ladder and by a round robin, each with outcomes of its own; the agreement of each at
/// every budget, as `(ladder, round robin)`.
pub fn trial(simulation: &Simulation, master: u64, trial: u64) -> Vec<(Agreement, Agreement)> {
    let mut strengths = simulation.strengths.clone();
    strengths.shuffle(&mut seed::rng(master, trial, Stream::Chance));
    let field = Simulation {
        strengths,
        ..simulation.clone()
    };
    let ladder = Field::new(&field, seed::rng(master, trial, Stream::Seat(0))).ladder();
    let robin = Field::new(&field, seed::rng(master, trial, Stream::Seat(1))).round_robin();
    ladder.into_iter().zip(robin).collect()
}

/// A field being played: its games so far, in a tally as the store's runs feed the fit.
struct Field<'a> {
    simulation: &'a Simulation,
    rng: seed::Rng,
    tally: Tally,
    deals: u64,
}

impl<'a> Field<'a> {
    fn new(simulation: &'a Simulation, rng: seed::Rng) -> Field<'a> {
        Field {
            simulation,
            rng,
            tally: Tally::new(simulation.strengths.len()),
            deals: 0,
        }
    }

    fn games(&self) -> u64 {
        self.deals * 2
    }

    /// A deal between `a` and `b`: two games, one in each seat order, of one seed index.
    fn deal(&mut self, a: usize, b: usize) {
        for (rotation, lineup) in [vec![a, b], vec![b, a]].into_iter().enumerate() {
            let [first, second] = [lineup[0], lineup[1]].map(|i| self.simulation.strengths[i]);
            let ranks = if self.rng.random_bool(self.simulation.draws) {
                vec![1, 1]
            } else if self.rng.random_bool(win_chance(first, second)) {
                vec![1, 2]
            } else {
                vec![2, 1]
            };
            self.tally.add(&GameRecord {
                index: self.games(),
                seed_index: self.deals,
                rotation,
                lineup,
                scores: ranks.iter().map(|&r| i32::from(r == 1)).collect(),
                ranks,
                ..GameRecord::default()
            });
        }
        self.deals += 1;
    }

    fn fit(&self) -> Vec<RatingRow> {
        let names: Vec<String> = (0..self.simulation.strengths.len())
            .map(|i| format!("entry{i}"))
            .collect();
        ratings_table(&names, &self.tally, &AnalysisOptions::default()).rows
    }

    fn agreement(&self) -> Agreement {
        let elo: Vec<f64> = self.fit().iter().map(|row| row.elo).collect();
        agreement(&self.simulation.strengths, &elo)
    }

    /// The ladder: every deal chosen by the matchmaking from the counts and the last fit.
    fn ladder(mut self) -> Vec<Agreement> {
        let n = self.simulation.strengths.len();
        let mut games = vec![0u64; n];
        let mut pairs = PairGames::new();
        let mut ratings: Vec<Option<Rating>> = vec![None; n];
        let mut fitted_at = 0;
        let mut found = Vec::new();
        for &budget in &self.simulation.budgets {
            while self.games() < budget {
                if self.games() >= fitted_at + self.simulation.refresh {
                    ratings = (self.fit().iter())
                        .map(|row| {
                            let finite = |v: f64| v.is_finite().then_some(v);
                            matchmaking::steering(
                                finite(row.elo),
                                finite(row.lower),
                                finite(row.upper),
                                row.games,
                            )
                        })
                        .collect();
                    fitted_at = self.games();
                }
                let candidates: Vec<Candidate> = (0..n)
                    .map(|i| Candidate {
                        games: games[i],
                        placing: games[i] < self.simulation.placement,
                        rating: ratings[i],
                    })
                    .collect();
                let chosen = matchmaking::choose(&candidates, &pairs, 2).expect("two entries");
                let (a, b) = (chosen[0], chosen[1]);
                self.deal(a, b);
                games[a] += 2;
                games[b] += 2;
                *pairs.entry((a.min(b), a.max(b))).or_default() += 2;
            }
            found.push(self.agreement());
        }
        found
    }

    /// The round robin: its rounds in turn (the circle method: every entry plays once a
    /// round, one a bye when the field is odd), cut where the budget ends.
    fn round_robin(mut self) -> Vec<Agreement> {
        let schedule = rounds(self.simulation.strengths.len());
        let mut pairings = schedule.iter().flatten().cycle();
        let mut found = Vec::new();
        for &budget in &self.simulation.budgets {
            while self.games() < budget {
                let &(a, b) = pairings.next().expect("a field of two or more");
                self.deal(a, b);
            }
            found.push(self.agreement());
        }
        found
    }
}

/// The Elo model's chance that a player of strength `a` beats one of `b`.
fn win_chance(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// A round robin of `n` entries by the circle method: each round pairs every entry once
/// (but one, when `n` is odd), and every pair meets in exactly one round.
fn rounds(n: usize) -> Vec<Vec<(usize, usize)>> {
    let seats = n + n % 2;
    let mut circle: Vec<usize> = (0..seats).collect();
    let mut rounds = Vec::new();
    for _ in 1..seats {
        let round = (0..seats / 2)
            .map(|k| (circle[k], circle[seats - 1 - k]))
            .filter(|&(a, b)| a < n && b < n)
            .collect();
        rounds.push(round);
        circle[1..].rotate_right(1);
    }
    rounds
}

/// How the order of `elo` (best first; unrated, NaN, last) agrees with the true one.
fn agreement(strengths: &[f64], elo: &[f64]) -> Agreement {
    let elo = |i: usize| elo[i];
    let mut found: Vec<usize> = (0..strengths.len()).collect();
    found.sort_by(|&a, &b| match (elo(a).is_nan(), elo(b).is_nan()) {
        (false, false) => elo(b).total_cmp(&elo(a)).then(a.cmp(&b)),
        (nan_a, nan_b) => nan_a.cmp(&nan_b).then(a.cmp(&b)),
    });
    let mut truth: Vec<usize> = (0..strengths.len()).collect();
    truth.sort_by(|&a, &b| strengths[b].total_cmp(&strengths[a]));
    let n = strengths.len() as f64;
    let squares: f64 = (found.iter().enumerate())
        .map(|(place, entry)| {
            let true_place = truth.iter().position(|t| t == entry).expect("every entry");
            (place as f64 - true_place as f64).powi(2)
        })
        .sum();
    let top = |order: &[usize]| {
        let mut three = order[..3.min(order.len())].to_vec();
        three.sort_unstable();
        three
    };
    Agreement {
        spearman: 1.0 - 6.0 * squares / (n * (n * n - 1.0)),
        top_three: top(&found) == top(&truth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_meets_once_in_a_round_robin() {
        for n in 2..=7 {
            let mut met: Vec<(usize, usize)> = (rounds(n).into_iter().flatten())
                .map(|(a, b)| (a.min(b), a.max(b)))
                .collect();
            met.sort_unstable();
            let every: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            assert_eq!(met, every, "{n} entries");
            for round in rounds(n) {
                let mut seated: Vec<usize> = round.iter().flat_map(|&(a, b)| [a, b]).collect();
                seated.sort_unstable();
                seated.dedup();
                assert_eq!(seated.len(), 2 * round.len(), "one game a round each");
            }
        }
    }

    #[test]
    fn the_agreement_of_an_order_is_its_spearman_and_its_top_three() {
        let strengths = [500.0, 400.0, 300.0, 200.0, 100.0];
        let right = Agreement {
            spearman: 1.0,
            top_three: true,
        };
        assert_eq!(agreement(&strengths, &[4.0, 3.0, 2.0, 1.0, 0.0]), right);
        // The last two swapped: d² = 2, 1 − 6·2/(5·24) = 0.9; the first three are right.
        let found = agreement(&strengths, &[4.0, 3.0, 2.0, 0.0, 1.0]);
        assert!((found.spearman - 0.9).abs() < 1e-12);
        assert!(found.top_three);
        // The third and the fourth swapped: the first three are wrong.
        assert!(!agreement(&strengths, &[4.0, 3.0, 1.0, 2.0, 0.0]).top_three);
        // Reversed: −1; an unrated entry (NaN) ranks last.
        let reversed = agreement(&strengths, &[f64::NAN, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(reversed.spearman, -1.0);
        assert!(!reversed.top_three);
    }

    /// Strengths 2000 Elo apart: every game not drawn is won by the stronger entry (the other
    /// wins one in 100,000), so both find the order once every pair has met. Draws keep every
    /// entry identified: with none, the one that never lost would be ranked at its one-sided
    /// bound, as the standings rank it, which may fall below the second's rating.
    #[test]
    fn a_field_far_apart_is_found_by_both() {
        let simulation = Simulation {
            strengths: vec![0.0, 2000.0, 4000.0, 6000.0, 8000.0],
            budgets: vec![100],
            refresh: 4,
            placement: 4,
            draws: 0.2,
        };
        let right = Agreement {
            spearman: 1.0,
            top_three: true,
        };
        for t in 0..3 {
            assert_eq!(trial(&simulation, 1, t), vec![(right, right)], "trial {t}");
        }
    }

    #[test]
    fn a_trial_is_the_same_for_the_same_seed() {
        let simulation = Simulation {
            strengths: vec![0.0, 30.0, 60.0, 200.0, 210.0],
            budgets: vec![20, 40],
            refresh: 6,
            placement: 4,
            draws: 0.1,
        };
        assert_eq!(trial(&simulation, 7, 3), trial(&simulation, 7, 3));
    }
}
