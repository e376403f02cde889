//! Rewards in [0, 1] for every seat of a finished or estimated game. Half comes from the
//! finishing order (so winning is what counts in any number of seats), half from the score
//! margin over the best other seat (so a search still prefers the bigger lead, or the smaller
//! deficit, once the order looks settled).

/// Per-seat rewards. `ranks` (1 = best, ties share) are the game's own when it is over;
/// `None` derives them from `scores`. `lower_is_better` flips the scores for golf-like games.
pub fn rewards(
    scores: &[f64],
    ranks: Option<&[u8]>,
    lower_is_better: bool,
    scale: f64,
) -> Vec<f64> {
    let sign = if lower_is_better { -1.0 } else { 1.0 };
    let n = scores.len();
    let others = (n.max(2) - 1) as f64;
    (0..n)
        .map(|p| {
            let mut beaten = 0.0;
            let mut best_other = f64::NEG_INFINITY;
            for q in (0..n).filter(|&q| q != p) {
                let order = match ranks {
                    Some(r) => r[q].cmp(&r[p]),
                    None => (sign * scores[p]).total_cmp(&(sign * scores[q])),
                };
                beaten += match order {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                best_other = best_other.max(sign * scores[q]);
            }
            let margin = sign * scores[p] - best_other;
            let by_margin = 0.5 + 0.5 * (margin / scale).tanh();
            0.5 * (beaten / others) + 0.5 * by_margin
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tie_is_one_half_and_the_leader_gets_more() {
        assert_eq!(rewards(&[10.0, 10.0], None, false, 5.0), vec![0.5, 0.5]);
        let r = rewards(&[12.0, 10.0], None, false, 5.0);
        assert!(r[0] > 0.75 && r[1] < 0.25 && (r[0] + r[1] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn lower_scores_win_when_the_game_says_so() {
        let r = rewards(&[3.0, 9.0], None, true, 5.0);
        assert!(r[0] > r[1]);
    }

    #[test]
    fn the_game_ranks_decide_the_order_half() {
        // Equal scores, but the game ranked seat 1 first (a tie-break of its rules).
        let r = rewards(&[7.0, 7.0], Some(&[2, 1]), false, 5.0);
        assert_eq!(r, vec![0.25, 0.75]);
    }

    #[test]
    fn three_seats_reward_the_middle_between_first_and_last() {
        let r = rewards(&[30.0, 20.0, 10.0], None, false, 10.0);
        assert!(r[0] > r[1] && r[1] > r[2]);
        assert!(r.iter().all(|x| (0.0..=1.0).contains(x)));
    }
}
