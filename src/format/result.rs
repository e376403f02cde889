//! What a knockout decided, by bot name: the `knockout` object of `summary.json`, which the
//! report reads back to draw the bracket.

use super::pools::shown_tenths;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KnockoutResult {
    /// The settings in words (`pools of 4, top 2 of each advance, matches of 10 games`).
    pub format: String,
    /// Empty without pools.
    pub pools: Vec<PoolTable>,
    /// The bracket's entrants, seed 1 first.
    pub seeds: Vec<String>,
    /// Every round decided, first round first.
    pub rounds: Vec<RoundResult>,
    /// `None` while the final is not decided (an interrupted run).
    pub champion: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoolTable {
    /// 1-based.
    pub pool: usize,
    /// Best first.
    pub rows: Vec<PoolRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoolRow {
    pub place: usize,
    pub bot: String,
    /// Matches won, drawn and lost on points.
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub match_points: u32,
    pub game_difference: i64,
    pub rating: f64,
    pub advanced: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundResult {
    pub name: String,
    pub matches: Vec<MatchResult>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// 1-based.
    pub seed: usize,
    pub bot: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    /// The better seed.
    pub high: Entrant,
    /// `None`: `high` had a bye.
    pub low: Option<Entrant>,
    pub games: u64,
    /// Points of `high` and `low` (a win 1, a draw ½).
    pub points: [f64; 2],
    /// `high`'s total score minus `low`'s, positive when better for `high`.
    pub margin: i64,
    pub winner: String,
    /// `points`, `score`, `seed` or `bye`.
    pub decided_by: String,
}

/// How far a bot went, for the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub bot: String,
    /// `winner`, the round it lost (`final`, `semi-final`, …), `pool 2, place 3`, or `still
    /// in` when the run stopped early.
    pub label: String,
}

impl KnockoutResult {
    /// Every bot of the tournament, best finish first: the champion, then the losers of each
    /// round from the last back (better seed first), then the bots the pools kept out (by
    /// place, then pool rating).
    pub fn finishes(&self) -> Vec<Finish> {
        let mut out = Vec::new();
        let finish = |bot: &str, label: &str| Finish {
            bot: bot.to_string(),
            label: label.to_string(),
        };
        let lost_in = |bot: &str| {
            self.rounds.iter().position(|round| {
                round.matches.iter().any(|m| {
                    m.winner != bot
                        && (m.high.bot == bot || m.low.as_ref().is_some_and(|l| l.bot == bot))
                })
            })
        };
        if let Some(champion) = &self.champion {
            out.push(finish(champion, "winner"));
        }
        let still_in: Vec<&String> = self
            .seeds
            .iter()
            .filter(|bot| lost_in(bot).is_none() && Some(*bot) != self.champion.as_ref())
            .collect();
        out.extend(still_in.into_iter().map(|bot| finish(bot, "still in")));
        for (index, round) in self.rounds.iter().enumerate().rev() {
            out.extend(
                self.seeds
                    .iter()
                    .filter(|bot| lost_in(bot) == Some(index))
                    .map(|bot| finish(bot, &round.name)),
            );
        }
        let mut left_out: Vec<(&PoolRow, usize)> = self
            .pools
            .iter()
            .flat_map(|p| p.rows.iter().filter(|r| !r.advanced).map(|r| (r, p.pool)))
            .collect();
        left_out.sort_by(|(a, _), (b, _)| {
            a.place
                .cmp(&b.place)
                .then(shown_tenths(b.rating).cmp(&shown_tenths(a.rating)))
        });
        out.extend(
            left_out
                .into_iter()
                .map(|(row, pool)| finish(&row.bot, &format!("pool {pool}, place {}", row.place))),
        );
        out
    }
}

/// What a Swiss system decided, by bot name: the `swiss` object of `summary.json`, which the
/// report reads back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissResult {
    /// The settings in words (`5 rounds, Monrad pairing without rematches`).
    pub format: String,
    /// Rounds asked for; fewer are played when the run is stopped.
    pub rounds_asked: usize,
    /// Every round played, first first.
    pub rounds: Vec<SwissRoundResult>,
    /// Best first.
    pub standings: Vec<SwissRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissRoundResult {
    /// 1-based.
    pub round: usize,
    pub matches: Vec<SwissMatch>,
    pub bye: Option<String>,
    /// Pairs that had met before (0 unless no pairing without a rematch was found).
    pub rematches: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissMatch {
    /// The higher-ranked when paired first.
    pub bots: [String; 2],
    pub games: u64,
    /// Game points of each (a win 1, a draw ½).
    pub points: [f64; 2],
    /// `None`: level on points.
    pub winner: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissRow {
    pub place: usize,
    pub bot: String,
    /// Match points: a match won 1, level ½, a bye 1. Halves and quarters are exact in binary.
    pub score: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    /// Matches won, drawn and lost.
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub byes: u32,
    /// What placed it above the next bot level on score (`Buchholz`, `Sonneborn-Berger`,
    /// `head-to-head`, `list order`), or empty.
    pub tie_break: String,
}
