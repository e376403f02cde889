//! A Swiss system's results round by round, the next round's pairing drawn from them, and the
//! final standings with their tie-breaks. Every count is an integer (half-points, quarter-points
//! for Sonneborn-Berger), so no rounding ever decides a place.
//!
//! The rules (docs/guide/formats.md says the same for organisers):
//! - A round's match is the pairing's games; its winner has more game points (a win 1, a draw
//!   ½). The match scores 1 to its winner, ½ each when level, 0 to its loser; a bye scores 1.
//! - Standings: score, then Buchholz (the sum of the opponents' scores), then Sonneborn-Berger
//!   (the sum of the scores of the opponents beaten, and half those of the opponents drawn),
//!   then the head-to-head (the score the level bots took from each other). Bots level on all
//!   four share their place (listed in list order): nothing they did tells them apart, and
//!   the list order or a file name must not. A bye adds nothing to either tie-break: it has no
//!   opponent.

use super::pairing::{Round, pair_round};
use super::result::{SwissMatch, SwissResult, SwissRoundResult, SwissRow};
use std::cmp::Reverse;

/// One match of a round: its two bots (the higher-ranked first) and their game points in
/// halves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub bots: [usize; 2],
    pub games: u64,
    pub halves: [u64; 2],
}

impl MatchScore {
    pub fn new(bots: [usize; 2]) -> MatchScore {
        MatchScore {
            bots,
            ..MatchScore::default()
        }
    }

    /// Adds one game, `ranks` by seat for the bots in `lineup`.
    pub fn add(&mut self, lineup: &[usize], ranks: &[u8]) {
        let first = usize::from(lineup[0] != self.bots[0]);
        let (mine, theirs) = (ranks[first], ranks[1 - first]);
        let half = match mine.cmp(&theirs) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        };
        self.games += 1;
        self.halves[0] += half;
        self.halves[1] += 2 - half;
    }

    /// The match's score for each bot, in halves: 2 to the winner, 1 each when level.
    fn result(&self) -> [u32; 2] {
        match self.halves[0].cmp(&self.halves[1]) {
            std::cmp::Ordering::Greater => [2, 0],
            std::cmp::Ordering::Equal => [1, 1],
            std::cmp::Ordering::Less => [0, 2],
        }
    }
}

#[derive(Clone, Debug)]
struct Played {
    matches: Vec<MatchScore>,
    bye: Option<usize>,
    rematches: usize,
}

/// The rounds played so far.
#[derive(Clone, Debug)]
pub struct SwissTable {
    bots: usize,
    rounds: Vec<Played>,
}

/// The tie-break of a bot level with the next one on every count: they share the place.
pub const SHARED: &str = "shared place";

/// One bot's line in the standings; scores in halves, Sonneborn-Berger in quarters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub bot: usize,
    pub score: u32,
    pub buchholz: u32,
    pub sonneborn_berger: u32,
    pub head_to_head: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub byes: u32,
    /// What placed it above the next bot level on score (`Buchholz`, …), [`SHARED`] when
    /// nothing did, or empty.
    pub tie_break: &'static str,
}

impl SwissTable {
    pub fn new(bots: usize) -> SwissTable {
        SwissTable {
            bots,
            rounds: Vec::new(),
        }
    }

    pub fn rounds_played(&self) -> usize {
        self.rounds.len()
    }

    /// The next round's pairing, from the results so far (see `super::pairing`).
    pub fn next_round(&self) -> Round {
        let scores = self.scores();
        let mut ranked: Vec<usize> = (0..self.bots).collect();
        ranked.sort_by_key(|&bot| (Reverse(scores[bot]), bot));
        pair_round(&ranked, &|a, b| self.met(a, b), &|bot| self.byes(bot))
    }

    /// Adds a round played as `round` paired it, its matches in `round.pairs` order.
    pub fn add_round(&mut self, round: &Round, matches: Vec<MatchScore>) {
        self.rounds.push(Played {
            matches,
            bye: round.bye,
            rematches: round.rematches,
        });
    }

    fn matches(&self) -> impl Iterator<Item = &MatchScore> {
        self.rounds.iter().flat_map(|r| &r.matches)
    }

    fn met(&self, a: usize, b: usize) -> u32 {
        self.matches()
            .filter(|m| m.bots == [a, b] || m.bots == [b, a])
            .count() as u32
    }

    fn byes(&self, bot: usize) -> u32 {
        self.rounds.iter().filter(|r| r.bye == Some(bot)).count() as u32
    }

    /// Each bot's score in halves.
    fn scores(&self) -> Vec<u32> {
        let mut scores = vec![0; self.bots];
        for round in &self.rounds {
            for m in &round.matches {
                let result = m.result();
                scores[m.bots[0]] += result[0];
                scores[m.bots[1]] += result[1];
            }
            if let Some(bot) = round.bye {
                scores[bot] += 2;
            }
        }
        scores
    }

    /// Every bot's matches as (opponent, its own result in halves).
    fn opponents(&self, bot: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.matches().filter_map(move |m| {
            let result = m.result();
            match m.bots {
                [a, b] if a == bot => Some((b, result[0])),
                [a, b] if b == bot => Some((a, result[1])),
                _ => None,
            }
        })
    }

    /// The standings, best first (see the module's rules).
    pub fn standings(&self) -> Vec<Standing> {
        let scores = self.scores();
        let mut rows: Vec<Standing> = (0..self.bots)
            .map(|bot| {
                let mut row = Standing {
                    bot,
                    score: scores[bot],
                    buchholz: 0,
                    sonneborn_berger: 0,
                    head_to_head: 0,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                    byes: self.byes(bot),
                    tie_break: "",
                };
                for (opponent, result) in self.opponents(bot) {
                    row.buchholz += scores[opponent];
                    row.sonneborn_berger += result * scores[opponent];
                    match result {
                        2 => row.won += 1,
                        1 => row.drawn += 1,
                        _ => row.lost += 1,
                    }
                }
                row
            })
            .collect();
        let key = |r: &Standing| (r.score, r.buchholz, r.sonneborn_berger);
        rows.sort_by_key(|r| (Reverse(key(r)), r.bot));
        let mut start = 0;
        while start < rows.len() {
            let end = start
                + rows[start..]
                    .iter()
                    .take_while(|r| key(r) == key(&rows[start]))
                    .count();
            let level: Vec<usize> = rows[start..end].iter().map(|r| r.bot).collect();
            for row in &mut rows[start..end] {
                row.head_to_head = self
                    .opponents(row.bot)
                    .filter(|(opponent, _)| level.contains(opponent))
                    .map(|(_, result)| result)
                    .sum();
            }
            rows[start..end].sort_by_key(|r| (Reverse(r.head_to_head), r.bot));
            start = end;
        }
        for i in 1..rows.len() {
            let (above, below) = (&rows[i - 1], &rows[i]);
            rows[i - 1].tie_break = if above.score != below.score {
                ""
            } else if above.buchholz != below.buchholz {
                "Buchholz"
            } else if above.sonneborn_berger != below.sonneborn_berger {
                "Sonneborn-Berger"
            } else if above.head_to_head != below.head_to_head {
                "head-to-head"
            } else {
                SHARED
            };
        }
        rows
    }

    /// What was played and decided, by bot name (`names` by bot index); `rounds` is how many
    /// were asked for.
    pub fn result(&self, names: &[String], format: String, rounds: usize) -> SwissResult {
        let name = |bot: usize| names[bot].clone();
        let round_results = self
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| SwissRoundResult {
                round: i + 1,
                matches: r
                    .matches
                    .iter()
                    .map(|m| SwissMatch {
                        bots: [name(m.bots[0]), name(m.bots[1])],
                        games: m.games,
                        points: [m.halves[0] as f64 / 2.0, m.halves[1] as f64 / 2.0],
                        winner: match m.result() {
                            [2, _] => Some(name(m.bots[0])),
                            [_, 2] => Some(name(m.bots[1])),
                            _ => None,
                        },
                    })
                    .collect(),
                bye: r.bye.map(name),
                rematches: r.rematches,
            })
            .collect();
        let rows = self.standings();
        let mut place = 0;
        let standings = rows
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if i == 0 || rows[i - 1].tie_break != SHARED {
                    place = i + 1;
                }
                (place, s)
            })
            .map(|(place, s)| SwissRow {
                place,
                bot: name(s.bot),
                score: f64::from(s.score) / 2.0,
                buchholz: f64::from(s.buchholz) / 2.0,
                sonneborn_berger: f64::from(s.sonneborn_berger) / 4.0,
                won: s.won,
                drawn: s.drawn,
                lost: s.lost,
                byes: s.byes,
                tie_break: s.tie_break.to_string(),
            })
            .collect();
        SwissResult {
            format,
            rounds_asked: rounds,
            rounds: round_results,
            standings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match of `bots` in which they took `halves` game points.
    fn played(bots: [usize; 2], halves: [u64; 2]) -> MatchScore {
        MatchScore {
            bots,
            games: (halves[0] + halves[1]) / 2,
            halves,
        }
    }

    /// Adds a round of these decisive one-game matches, the winner first in each.
    fn round(table: &mut SwissTable, winners_first: &[(usize, usize)], bye: Option<usize>) {
        let pairing = Round {
            pairs: winners_first.to_vec(),
            bye,
            rematches: 0,
        };
        let matches = winners_first
            .iter()
            .map(|&(w, l)| played([w, l], [2, 0]))
            .collect();
        table.add_round(&pairing, matches);
    }

    #[test]
    fn round_two_backs_up_to_avoid_a_rematch_and_rotates_the_bye() {
        let mut t = SwissTable::new(5);
        let first = t.next_round();
        assert_eq!(
            (first.pairs.clone(), first.bye),
            (vec![(0, 1), (2, 3)], Some(4))
        );
        t.add_round(&first, vec![played([0, 1], [0, 8]), played([2, 3], [4, 4])]);
        // Ranked 1, 4 (a point each), 2, 3 (a half each), 0: the bye goes to 0; 1-4 would
        // leave 2-3 again, so 1 meets 2 and 4 meets 3.
        let second = t.next_round();
        assert_eq!(second.bye, Some(0));
        assert_eq!(second.pairs, vec![(1, 2), (4, 3)]);
        assert_eq!(second.rematches, 0);
    }

    #[test]
    fn tie_breaks_buchholz_then_sonneborn_berger() {
        // 0 beats 1, 2 and 3 draw; then 0 and 2 draw, 1 beats 3.
        let mut t = SwissTable::new(4);
        let first = Round {
            pairs: vec![(0, 1), (2, 3)],
            bye: None,
            rematches: 0,
        };
        t.add_round(&first, vec![played([0, 1], [2, 0]), played([2, 3], [1, 1])]);
        let second = Round {
            pairs: vec![(0, 2), (1, 3)],
            bye: None,
            rematches: 0,
        };
        t.add_round(
            &second,
            vec![played([0, 2], [1, 1]), played([1, 3], [2, 0])],
        );
        let rows = t.standings();
        let order: Vec<usize> = rows.iter().map(|r| r.bot).collect();
        // 1 and 2: a point each and Buchholz 2 each; Sonneborn-Berger 1/2 for 1 (beat 3, on
        // 1/2) and 1 for 2 (drew 3 and 0: half of 1/2 plus half of 3/2).
        assert_eq!(order, vec![0, 2, 1, 3]);
        let two = &rows[1];
        assert_eq!((two.score, two.buchholz, two.sonneborn_berger), (2, 4, 4));
        assert_eq!(
            (rows[2].score, rows[2].buchholz, rows[2].sonneborn_berger),
            (2, 4, 2)
        );
        assert_eq!(two.tie_break, "Sonneborn-Berger");
        assert_eq!(rows[0].tie_break, "");
    }

    #[test]
    fn level_on_score_buchholz_and_sonneborn_berger_the_head_to_head_decides() {
        // R = 0, B = 1, A = 2, P = 3, Q = 4, S = 5. A beats B, R beats P, Q beats S; then P
        // beats A, B beats Q, R beats S. A and B: a point each, Buchholz 2, Sonneborn-Berger 1;
        // A beat B, so A is above B although B comes first in the list.
        let mut t = SwissTable::new(6);
        round(&mut t, &[(2, 1), (0, 3), (4, 5)], None);
        round(&mut t, &[(3, 2), (1, 4), (0, 5)], None);
        let rows = t.standings();
        let order: Vec<usize> = rows.iter().map(|r| r.bot).collect();
        assert_eq!(order, vec![0, 3, 2, 1, 4, 5]);
        let ties: Vec<&str> = rows.iter().map(|r| r.tie_break).collect();
        assert_eq!(
            ties,
            vec!["", "Buchholz", "head-to-head", "Buchholz", "", ""]
        );
    }

    #[test]
    fn a_tie_for_first_is_a_shared_first_place_whatever_the_names() {
        // One drawn match of two bots: nothing tells them apart, so neither the list order
        // nor the names (a file name sorts first) may.
        let mut t = SwissTable::new(2);
        let pairing = Round {
            pairs: vec![(0, 1)],
            bye: None,
            rematches: 0,
        };
        t.add_round(&pairing, vec![played([0, 1], [2, 2])]);
        let result = t.result(&["zz.json".into(), "aa.json".into()], "1 round".into(), 1);
        let rows: Vec<(usize, &str)> = result
            .standings
            .iter()
            .map(|r| (r.place, r.tie_break.as_str()))
            .collect();
        assert_eq!(rows, [(1, SHARED), (1, "")]);
    }

    #[test]
    fn level_on_everything_the_place_is_shared_and_a_bye_scores_one() {
        // Three bots, one round: 1 and 2 draw, 0 has the bye.
        let mut t = SwissTable::new(3);
        let pairing = Round {
            pairs: vec![(1, 2)],
            bye: Some(0),
            rematches: 0,
        };
        t.add_round(&pairing, vec![played([1, 2], [3, 3])]);
        let rows = t.standings();
        assert_eq!(rows[0].bot, 0);
        assert_eq!((rows[0].score, rows[0].buchholz, rows[0].byes), (2, 0, 1));
        assert_eq!((rows[1].bot, rows[2].bot), (1, 2), "listed in list order");
        assert_eq!(rows[1].tie_break, SHARED);
        let result = t.result(&["a".into(), "b".into(), "c".into()], "1 round".into(), 2);
        let places: Vec<usize> = result.standings.iter().map(|r| r.place).collect();
        assert_eq!(places, [1, 2, 2], "b and c share second place");
        assert_eq!(result.standings[1].score, 0.5);
        assert_eq!(result.rounds[0].bye.as_deref(), Some("a"));
        assert_eq!(result.rounds[0].matches[0].winner, None);
    }
}
