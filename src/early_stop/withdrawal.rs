//! `run --disqualify RATE`: a program that faulted in more than RATE of its games is withdrawn.
//! A program's share is judged after each of its games from its [`MIN_GAMES`]th on, in
//! game-index order, so the same seed withdraws it after the same game at any thread count.
//! A game counts as faulty for a program when it lost it by fault or had a fault tolerated in
//! it (`--faults tolerate=N`). A withdrawn program's later games are not played, like the
//! games of a pairing `--sprt-stop` decided: no result is made up for games nobody played, and
//! the games it did play stand.

use crate::runner::{GameRecord, Schedule};
use crate::summary::{Disqualify, Withdrawal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The games of its own a program plays before it can be withdrawn: fewer would withdraw a
/// program for one unlucky game.
pub const MIN_GAMES: u64 = 10;

/// The programs withdrawn so far, and the counts that decide the next.
pub struct Withdrawals {
    rate: f64,
    names: Vec<String>,
    /// Per bot: games counted, games in which it faulted.
    counts: Vec<(u64, u64)>,
    /// The bots of each pairing.
    pairings: Vec<Vec<usize>>,
    /// Per pairing, dropped because one of its bots was withdrawn: shared with the workers,
    /// which then stop playing its games (and with `--sprt-stop`'s flags when both are on).
    dropped: Arc<[AtomicBool]>,
    withdrawn: Vec<(usize, Withdrawal)>,
}

impl Withdrawals {
    /// The rule for a run of `schedule` between `names`; `shared` are the early stop's flags,
    /// which a withdrawal then sets too, so the workers read one set of flags.
    pub fn new(
        rate: f64,
        schedule: &Schedule,
        names: Vec<String>,
        shared: Option<Arc<[AtomicBool]>>,
    ) -> Withdrawals {
        let dropped = shared.unwrap_or_else(|| {
            (0..schedule.pairings.len())
                .map(|_| AtomicBool::new(false))
                .collect()
        });
        Withdrawals {
            rate,
            counts: vec![(0, 0); names.len()],
            names,
            pairings: schedule.pairings.clone(),
            dropped,
            withdrawn: Vec::new(),
        }
    }

    /// The flags the workers read (see [`crate::runner::Part::skipping`]).
    pub fn flags(&self) -> Arc<[AtomicBool]> {
        Arc::clone(&self.dropped)
    }

    /// Whether the games of `pairing` no longer count: one of its bots was withdrawn.
    pub fn drops(&self, pairing: usize) -> bool {
        self.pairings.get(pairing).is_some_and(|bots| {
            bots.iter()
                .any(|bot| self.withdrawn.iter().any(|(b, _)| b == bot))
        })
    }

    /// Counts `record` (a game that counts) for each of its bots, and withdraws those that
    /// have now played enough games and faulted in too many.
    pub fn follow(&mut self, record: &GameRecord) {
        let mut bots: Vec<usize> = record.lineup.clone();
        bots.sort_unstable();
        bots.dedup();
        for bot in bots {
            let faulty = (0..record.seats()).any(|seat| {
                record.lineup[seat] == bot
                    && (record.culprit == Some(seat)
                        || record.tolerated.get(seat).is_some_and(|&n| n > 0))
            });
            let (games, faults) = &mut self.counts[bot];
            *games += 1;
            *faults += u64::from(faulty);
            if *games >= MIN_GAMES && *faults as f64 > self.rate * *games as f64 {
                self.withdraw(bot, record.index);
            }
        }
    }

    fn withdraw(&mut self, bot: usize, after_game: u64) {
        if self.withdrawn.iter().any(|(b, _)| *b == bot) {
            return;
        }
        let (games, faulty_games) = self.counts[bot];
        self.withdrawn.push((
            bot,
            Withdrawal {
                bot: self.names[bot].clone(),
                after_game,
                games,
                faulty_games,
            },
        ));
        for (pairing, bots) in self.pairings.iter().enumerate() {
            if bots.contains(&bot) {
                self.dropped[pairing].store(true, Ordering::Relaxed);
            }
        }
    }

    /// What summary.json says.
    pub fn summary(&self) -> Disqualify {
        Disqualify {
            rate: self.rate,
            min_games: MIN_GAMES,
            withdrawn: self.withdrawn.iter().map(|(_, w)| w.clone()).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `index` of bots 0 and 1, bot 0 faulting in it when `faulty`.
    fn game(index: u64, faulty: bool) -> GameRecord {
        GameRecord {
            index,
            lineup: vec![0, 1],
            tolerated: vec![u32::from(faulty), 0],
            ..GameRecord::default()
        }
    }

    fn withdrawals(rate: f64) -> Withdrawals {
        let schedule = Schedule::combinations(3, 2, 100);
        let names = ["a", "b", "c"].map(String::from).to_vec();
        Withdrawals::new(rate, &schedule, names, None)
    }

    #[test]
    fn a_program_is_judged_from_its_tenth_game_and_only_above_the_rate() {
        let mut rule = withdrawals(0.2);
        // Faulty in every game, but judged only once it has played ten.
        for index in 0..9 {
            rule.follow(&game(index, true));
        }
        assert!(rule.summary().withdrawn.is_empty());
        rule.follow(&game(9, true));
        let withdrawn = rule.summary().withdrawn;
        assert_eq!(withdrawn.len(), 1);
        assert_eq!((withdrawn[0].after_game, withdrawn[0].games), (9, 10));
        assert!(rule.drops(0) && rule.drops(1) && !rule.drops(2));
        assert!(rule.flags()[0].load(Ordering::Relaxed));
        // Exactly at the rate is not above it.
        let mut rule = withdrawals(0.2);
        for index in 0..10 {
            rule.follow(&game(index, index < 2));
        }
        assert!(rule.summary().withdrawn.is_empty());
    }
}
