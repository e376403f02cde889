//! How many games a tuning plays and who meets whom.

use super::plan::TunePlan;
use crate::error::UsageError;
use crate::runner::Schedule;

/// How many games a tuning plays: every pairing in every seat order for each seed, `batch`
/// seeds an iteration, as many iterations as the games asked for allow (at least one).
pub struct Size {
    pub schedule: Schedule,
    pub per_iteration: u64,
    /// Comparisons of plus with minus per iteration: every game in self-play, every pair of
    /// games (plus and minus in the same seat of the same deal) against a field.
    pub comparisons: u64,
    pub iterations: u64,
}

impl Size {
    pub fn of(plan: &TunePlan, seats: usize, field: usize) -> Result<Size, UsageError> {
        let settings = &plan.settings;
        let pairings = pairings(seats, field)?;
        let games_per_seed = (pairings.len() * seats) as u64;
        let per_iteration = settings.batch * games_per_seed;
        let iterations = (settings.games / per_iteration).max(1);
        Ok(Size {
            schedule: Schedule {
                pairings,
                seeds: iterations * settings.batch,
                seats,
                deals: None,
            },
            per_iteration,
            comparisons: per_iteration / if field == 0 { 1 } else { 2 },
            iterations,
        })
    }
}

/// Who meets whom in one seed: self-play is plus (0) against minus (1); with a field, plus and
/// minus each sit with the same field bots (indices 2…), one window of `seats` − 1 of them
/// after another, so both sides meet the same company on the same deals.
fn pairings(seats: usize, field: usize) -> Result<Vec<Vec<usize>>, UsageError> {
    if field == 0 {
        return match seats {
            2 => Ok(vec![vec![0, 1]]),
            _ => Err(UsageError::Invalid(format!(
                "plus against minus needs 2 seats; with {seats} players give --against BOT"
            ))),
        };
    }
    let windows = (0..field).map(|j| {
        (0..seats - 1)
            .map(|t| 2 + (j + t) % field)
            .collect::<Vec<_>>()
    });
    Ok(windows
        .flat_map(|others| {
            [0, 1].map(|side| {
                std::iter::once(side)
                    .chain(others.iter().copied())
                    .collect()
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_meet_the_same_company() {
        assert_eq!(pairings(2, 0).unwrap(), vec![vec![0, 1]]);
        assert!(pairings(3, 0).is_err());
        assert_eq!(
            pairings(2, 2).unwrap(),
            vec![vec![0, 2], vec![1, 2], vec![0, 3], vec![1, 3]]
        );
        assert_eq!(pairings(3, 1).unwrap(), vec![vec![0, 2, 2], vec![1, 2, 2]]);
    }
}
