//! How a game ended, per seat: score, rank, and one termination reason for the whole game.

use serde::Serialize;
use std::fmt;

/// Seats are numbered from 0; seat 0 moves first unless a game's rules say otherwise.
pub type Seat = usize;

/// Why a game ended. Stored in `games.csv` in kebab-case.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The game ended by its own rules (contest-server endings included).
    #[default]
    Normal,
    /// A bot played an action the rules forbid; that seat loses.
    Illegal,
    /// A bot panicked; that seat loses.
    Crash,
    /// A bot exceeded the per-move time limit; that seat loses.
    Timeout,
    /// The configured turn limit was reached and the position was scored.
    TurnLimit,
    /// Nobody could act, or everybody passed in succession.
    Stalemate,
    /// A supply the game draws from (cards, tickets) ran out and a rule of the game named the
    /// winner without the usual final scoring. Kept apart from `normal` so reports can tell how
    /// often games end that way.
    Exhausted,
}

impl Termination {
    /// Every variant, in the order reports list them; a new variant goes last so the counts of
    /// the older ones keep their positions.
    pub const ALL: [Termination; 7] = [
        Termination::Normal,
        Termination::Illegal,
        Termination::Crash,
        Termination::Timeout,
        Termination::TurnLimit,
        Termination::Stalemate,
        Termination::Exhausted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Illegal => "illegal",
            Termination::Crash => "crash",
            Termination::Timeout => "timeout",
            Termination::TurnLimit => "turn-limit",
            Termination::Stalemate => "stalemate",
            Termination::Exhausted => "exhausted",
        }
    }

    /// Whether one seat lost by fault rather than by play.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            Termination::Illegal | Termination::Crash | Termination::Timeout
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The game's own score per seat (lower is better for Fresh Fish, see `GameInfo`).
    pub scores: Vec<i32>,
    /// 1 is best; equal results share a rank: 1 + the number of seats strictly better.
    pub ranks: Vec<u8>,
    pub termination: Termination,
    /// The seat that lost by fault, for `illegal`, `crash` and `timeout`.
    pub culprit: Option<Seat>,
}

/// Ranks from per-seat keys where a greater key is a better result: rank = 1 + number of seats
/// with a strictly greater key, so ties share a rank.
pub fn ranks_from_keys<K: Ord>(keys: &[K]) -> Vec<u8> {
    keys.iter()
        .map(|k| {
            let better = keys.iter().filter(|other| *other > k).count();
            u8::try_from(1 + better).expect("at most 255 seats")
        })
        .collect()
}

/// A seat's result against another from their ranks, in half-points: 2 for the better rank,
/// 1 for equal ranks (a draw counts half), 0 for the worse. Whole numbers keep sums exact.
pub fn half_points(rank: u8, other: u8) -> u8 {
    match rank.cmp(&other) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    }
}

/// Ranks for a forfeit: `culprit` is last; the others keep their order by `keys` among
/// themselves (ties share), ranked from 1.
pub fn forfeit_ranks<K: Ord + Clone>(keys: &[K], culprit: Seat) -> Vec<u8> {
    let last = u8::try_from(keys.len()).expect("at most 255 seats");
    keys.iter()
        .enumerate()
        .map(|(seat, k)| {
            if seat == culprit {
                return last;
            }
            let better = keys
                .iter()
                .enumerate()
                .filter(|(other, key)| *other != culprit && *key > k)
                .count();
            u8::try_from(1 + better).expect("at most 255 seats")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_the_better_rank() {
        assert_eq!(ranks_from_keys(&[10, 30, 10, 5]), vec![2, 1, 2, 4]);
        assert_eq!(ranks_from_keys(&[3, 3]), vec![1, 1]);
    }

    #[test]
    fn forfeit_puts_the_culprit_last_and_ranks_the_rest() {
        assert_eq!(forfeit_ranks(&[50, 10], 0), vec![2, 1]);
        assert_eq!(forfeit_ranks(&[50, 10, 20, 20], 0), vec![4, 3, 1, 1]);
    }
}
