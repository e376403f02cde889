//! The running score of a run, fed record by record in game-index order: each two-seat
//! pairing's wins, losses and draws and its seed pairs (pentanomial), each bot's share of the
//! points, and from them the lines people read while a run plays and grep for in logs. The
//! GSPRT of `--sprt-stop` is asked here after every complete pair, so the line shows the LLR
//! the stop decides on.

use crate::outcome::half_points;
use crate::report::markup::elo_difference_text;
use crate::report::progress::Status;
use crate::report::terminal::verdict_text;
use crate::runner::GameRecord;
use crate::stats::elo::{EloEstimate, elo_estimate};
use crate::stats::pentanomial::HeadToHead;
use crate::stats::sprt::{EloBounds, SprtBounds, SprtResult, Verdict, sprt};
use crate::summary::{SprtOptions, sweep_difference_bound};
use std::collections::BTreeMap;

/// Both seat orders of a seed folded into one pentanomial count: `check`'s sequential test,
/// `tune`'s verification and the running score count pairs alike.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    /// Pairs by the first bot's half-points in them: 0 (two losses) ..= 4 (two wins).
    pub counts: [u64; 5],
    /// The first bot's half-points in the first game of the pair being played.
    open: Option<u8>,
}

impl Pairs {
    /// Adds one game's half-points; `true` when it completed a pair.
    pub fn add(&mut self, half_points: u8) -> bool {
        match self.open.take() {
            None => {
                self.open = Some(half_points);
                false
            }
            Some(first) => {
                self.counts[usize::from(first + half_points)] += 1;
                true
            }
        }
    }
}

/// A GSPRT's hypotheses and stopping bounds, from the run's options.
#[derive(Clone, Copy, Debug)]
pub struct Test {
    pub hypotheses: EloBounds,
    pub bounds: SprtBounds,
}

impl Test {
    /// `None` when the error rates are invalid (the plan refuses those before a run).
    pub fn of(options: SprtOptions) -> Option<Test> {
        Some(Test {
            hypotheses: EloBounds::Normalized {
                nelo0: options.nelo0,
                nelo1: options.nelo1,
            },
            bounds: SprtBounds::from_error_rates(options.alpha, options.beta).ok()?,
        })
    }

    /// The test on these pairs; `None` before the first pair.
    pub fn run(&self, pairs: &[u64; 5]) -> Option<SprtResult> {
        sprt(
            &HeadToHead::Pentanomial(*pairs),
            self.hypotheses,
            self.bounds,
        )
        .ok()
    }
}

/// One two-seat pairing of two different bots, from its first bot's side (the candidate of a
/// gauntlet).
#[derive(Clone, Debug)]
pub struct PairingScore {
    pub bot: usize,
    pub opponent: usize,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub pairs: Pairs,
    /// The test after the last complete pair, when the run tests as it goes.
    pub last: Option<SprtResult>,
}

impl PairingScore {
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, draws counting half.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The Elo difference from the complete pairs so far, and as it is printed: the same text
    /// as the head-to-head table's, so a sweep shows its one-sided bound here too.
    fn elo(&self) -> Option<(EloEstimate, String)> {
        pairs_elo(self.pairs.counts)
    }
}

/// The Elo difference of seed pairs (pentanomial counts, LL..WW of the first side) and as it
/// is printed: `+12.3 +/- 4.5`, or a one-sided bound (`> +633.0`) for a sweep or an interval
/// that reaches a sure result; `None` without a complete pair.
pub fn pairs_elo(counts: [u64; 5]) -> Option<(EloEstimate, String)> {
    let h2h = HeadToHead::Pentanomial(counts);
    let e = elo_estimate(&h2h).ok()?;
    let bound = sweep_difference_bound(h2h.counts(), h2h.games());
    let text = elo_difference_text(e.elo, e.lower95, e.upper95, bound, "+/-");
    Some((e, text))
}

/// What a run has played so far.
pub struct Scoreboard {
    names: Vec<String>,
    /// Two-seat pairings by their schedule index.
    pub pairings: BTreeMap<usize, PairingScore>,
    /// Per bot: half-points won and seat pairs compared, against other bots.
    points: Vec<(u64, u64)>,
    pub games: u64,
    /// Asked after every complete pair (`--sprt-stop`); else only when a line shows it.
    eager: Option<Test>,
    /// Shown on the lines (the stopping test, or `check`'s gate).
    shown: Option<Test>,
}

impl Scoreboard {
    /// `shown`: the test whose LLR the lines show; `eager`: whether it is asked after every
    /// pair (a run that stops on it).
    pub fn new(names: Vec<String>, shown: Option<SprtOptions>, eager: bool) -> Scoreboard {
        let shown = shown.and_then(Test::of);
        Scoreboard {
            points: vec![(0, 0); names.len()],
            names,
            pairings: BTreeMap::new(),
            games: 0,
            eager: shown.filter(|_| eager),
            shown,
        }
    }

    /// Counts one game. Returns the pairing and its test when the game completed a pair of a
    /// pairing tested as it goes.
    pub fn add(&mut self, record: &GameRecord) -> Option<(usize, SprtResult)> {
        self.games += 1;
        let seats = record.seats();
        for a in 0..seats {
            for b in 0..seats {
                let (bot, other) = (record.lineup[a], record.lineup[b]);
                if bot != other && bot < self.points.len() {
                    let cell = &mut self.points[bot];
                    cell.0 += u64::from(half_points(record.ranks[a], record.ranks[b]));
                    cell.1 += 1;
                }
            }
        }
        if seats != 2 || record.lineup[0] == record.lineup[1] {
            return None;
        }
        // The pairing's first bot sits in seat `rotation` (cyclic rotations of two seats).
        let seat = record.rotation % 2;
        let half = half_points(record.ranks[seat], record.ranks[1 - seat]);
        let score = self
            .pairings
            .entry(record.pairing)
            .or_insert_with(|| PairingScore {
                bot: record.lineup[seat],
                opponent: record.lineup[1 - seat],
                wins: 0,
                losses: 0,
                draws: 0,
                pairs: Pairs::default(),
                last: None,
            });
        match half {
            2 => score.wins += 1,
            1 => score.draws += 1,
            _ => score.losses += 1,
        }
        if !score.pairs.add(half) {
            return None;
        }
        let test = self.eager?;
        score.last = test.run(&score.pairs.counts);
        score.last.map(|result| (record.pairing, result))
    }

    pub fn name(&self, bot: usize) -> &str {
        self.names.get(bot).map_or("?", String::as_str)
    }

    /// A head-to-head: one pairing of two bots.
    fn head_to_head(&self) -> Option<&PairingScore> {
        match (self.names.len(), self.pairings.len()) {
            (2, 1) => self.pairings.values().next(),
            _ => None,
        }
    }

    /// The bot with the largest share of points against the others so far, and that share.
    pub fn leader(&self) -> Option<(&str, f64)> {
        self.points
            .iter()
            .enumerate()
            .filter(|(_, (_, compared))| *compared > 0)
            .map(|(bot, (half, compared))| (bot, *half as f64 / (2 * compared) as f64))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(bot, share)| (self.name(bot), share))
    }

    /// The test of a pairing as a line shows it: the one asked after its last pair, or asked
    /// now.
    fn test_of(&self, score: &PairingScore) -> Option<SprtResult> {
        score
            .last
            .or_else(|| self.shown.and_then(|t| t.run(&score.pairs.counts)))
    }

    /// The short text after a progress bar: the head-to-head's score, Elo and LLR, or the
    /// leader.
    pub fn message(&self) -> String {
        if let Some(score) = self.head_to_head() {
            let mut text = format!(
                "W-L-D {}-{}-{} [{:.3}]",
                score.wins,
                score.losses,
                score.draws,
                score.score()
            );
            if let Some((_, elo)) = score.elo() {
                text += &format!("  Elo {elo}");
            }
            if let Some(t) = self.test_of(score) {
                text += &format!(
                    "  LLR {:.2} ({:.2}, {:.2})",
                    t.llr, t.bounds.lower, t.bounds.upper
                );
            }
            return text;
        }
        self.leader().map_or(String::new(), |(bot, share)| {
            format!("leader {bot} [{share:.3}]")
        })
    }

    /// The leader of a run of more than one pairing (`, leader nice [0.712]`), for the
    /// progress line; empty for a single pairing, whose line says more.
    pub fn leader_note(&self) -> String {
        match (self.head_to_head(), self.leader()) {
            (None, Some((bot, share))) => format!(", leader {bot} [{share:.3}]"),
            _ => String::new(),
        }
    }

    /// The lines of a log, cutechess-cli's way: for each two-seat pairing (at most
    /// [`MAX_PAIRING_LINES`]), `Score of A vs B: W - L - D  [score] games`, its Elo line and,
    /// when a test is set, its SPRT line.
    pub fn score_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for score in self.pairings.values().take(MAX_PAIRING_LINES) {
            lines.push(format!(
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
                self.name(score.bot),
                self.name(score.opponent),
                score.wins,
                score.losses,
                score.draws,
                score.score(),
                score.games()
            ));
            if let Some((e, elo)) = score.elo() {
                let nelo = match e.nelo.is_finite() {
                    true => format!(", nElo: {:.1} +/- {:.1}", e.nelo, e.nelo_error95),
                    false => String::new(),
                };
                lines.push(format!(
                    "Elo difference: {elo}{nelo}, LOS: {:.1} %, DrawRatio: {:.1} %, \
                     Ptnml(0-2): {:?}",
                    100.0 * e.los,
                    100.0 * score.draws as f64 / score.games().max(1) as f64,
                    score.pairs.counts
                ));
            }
            if let Some(t) = self.test_of(score) {
                let verdict = match t.verdict {
                    Verdict::Continue => String::new(),
                    decided => format!(" - {}", verdict_text(decided)),
                };
                lines.push(format!(
                    "SPRT: llr {:.3}, lbound {:.3}, ubound {:.3}{verdict}",
                    t.llr, t.bounds.lower, t.bounds.upper
                ));
            }
        }
        lines
    }
}

/// The running score is what a run's progress line shows.
impl Status for Scoreboard {
    fn message(&self) -> String {
        Scoreboard::message(self)
    }

    fn lines(&self) -> Vec<String> {
        self.score_lines()
    }

    fn note(&self) -> String {
        self.leader_note()
    }
}

/// Pairings a log line is printed for; a larger round robin shows only its leader.
pub const MAX_PAIRING_LINES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `index` of bots 0 and 1 ([`GameRecord::head_to_head`]); `first_wins` says whether
    /// bot 0 took it (`None`: a draw).
    fn game(index: u64, first_wins: Option<bool>) -> GameRecord {
        let ranks = match first_wins {
            Some(true) => [1, 2],
            Some(false) => [2, 1],
            None => [1, 1],
        };
        GameRecord {
            scores: vec![0, 0],
            ..GameRecord::head_to_head(index, ranks)
        }
    }

    fn board(test: Option<SprtOptions>, eager: bool) -> Scoreboard {
        Scoreboard::new(vec!["nice".into(), "greedy".into()], test, eager)
    }

    #[test]
    fn pairs_fold_both_seat_orders_of_a_seed() {
        let mut pairs = Pairs::default();
        assert!(!pairs.add(2));
        assert!(pairs.add(1));
        assert!(!pairs.add(0));
        assert!(pairs.add(0));
        assert_eq!(pairs.counts, [1, 0, 0, 1, 0]);
    }

    #[test]
    fn the_log_lines_read_as_cutechess_prints_them() {
        let mut score = board(Some(SprtOptions::default()), false);
        let results = [
            Some(true),
            Some(true),
            Some(false),
            None,
            Some(true),
            Some(true),
        ];
        for (index, first_wins) in results.into_iter().enumerate() {
            assert_eq!(
                score.add(&game(index as u64, first_wins)),
                None,
                "not eager"
            );
        }
        let lines = score.score_lines();
        assert_eq!(lines[0], "Score of nice vs greedy: 4 - 1 - 1  [0.750] 6");
        assert!(lines[1].starts_with("Elo difference: "), "{}", lines[1]);
        assert!(lines[1].ends_with("DrawRatio: 16.7 %, Ptnml(0-2): [0, 1, 0, 0, 2]"));
        assert!(lines[2].starts_with("SPRT: llr ") && lines[2].contains(", lbound -2.944"));
        // Six games leave the interval reaching a sure win: the Elo is a one-sided bound.
        let message = score.message();
        assert!(
            message.starts_with("W-L-D 4-1-1 [0.750]  Elo > "),
            "{message}"
        );
    }

    #[test]
    fn an_eager_board_tests_after_every_pair_only() {
        let mut score = board(Some(SprtOptions::default()), true);
        assert_eq!(score.add(&game(0, Some(true))), None);
        let (pairing, result) = score.add(&game(1, Some(true))).expect("a pair");
        assert_eq!(pairing, 0);
        assert_eq!(result.verdict, Verdict::Continue);
        assert_eq!(score.pairings[&0].last, Some(result));
    }

    #[test]
    fn more_bots_name_the_leader() {
        let mut score = Scoreboard::new(vec!["a".into(), "b".into(), "c".into()], None, false);
        let mut record = game(0, Some(false));
        record.lineup = vec![0, 2];
        score.add(&record);
        assert_eq!(score.leader(), Some(("c", 1.0)));
        assert_eq!(score.leader_note(), ", leader c [1.000]");
    }
}
