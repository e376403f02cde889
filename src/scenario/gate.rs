//! Gates: what `tourney check` decides, and how a decision is reached from a run's summary.
//! Each gate passes, fails, or cannot tell yet (its interval straddles the threshold).

use crate::summary::Summary;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A validated gate; bot fields index the scenario's bots.
#[derive(Clone, Debug, PartialEq)]
pub enum Gate {
    /// Candidate against baseline by a generalized SPRT on game pairs, normalized-Elo bounds.
    Sprt(SprtGate),
    /// `bot`'s win rate against `against`, by its 95% interval over seeds (the report's: Wilson's
    /// at the effective number of independent games, see [`crate::stats::clustered`]).
    WinRate {
        bot: usize,
        against: usize,
        min_lower: Option<f64>,
        max_upper: Option<f64>,
    },
    /// `bot`'s rating not below the stored baseline rating by more than `margin` Elo.
    Baseline { bot: usize, margin: f64 },
    /// The candidate's version against another stored version of the same bot, decided from
    /// the results store (`tourney check` judges it, as it needs the store).
    History(HistoryGate),
}

/// A gate's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Pass,
    Inconclusive,
    Fail,
}

#[derive(Clone, Debug, Serialize)]
pub struct Judgement {
    pub gate: String,
    pub status: Status,
    pub detail: String,
}

/// Ratings saved by `tourney check --save-baseline`, meant to be committed.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Baseline {
    pub scenario: String,
    pub game: String,
    pub master_seed: u64,
    pub games_played: u64,
    /// Elo by bot label.
    pub ratings: BTreeMap<String, f64>,
}

impl Baseline {
    pub fn from_summary(scenario: &str, summary: &Summary) -> Baseline {
        Baseline {
            scenario: scenario.to_string(),
            game: summary.game.name.to_string(),
            master_seed: summary.master_seed,
            games_played: summary.analysis.games_played,
            ratings: summary
                .analysis
                .ratings
                .rows
                .iter()
                .map(|r| (r.bot.clone(), r.elo))
                .collect(),
        }
    }
}

/// An SPRT gate on its own, so that `tourney check` can play it without taking the enum apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtGate {
    pub candidate: usize,
    pub baseline: usize,
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub max_games: u64,
}

/// A history gate on its own: `candidate` indexes the scenario's bots.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryGate {
    pub candidate: usize,
    pub against: Reference,
    /// Elo the candidate may be below the reference and still pass.
    pub margin: f64,
}

/// Which stored version a history gate compares the candidate's with.
#[derive(Clone, Debug, PartialEq)]
pub enum Reference {
    /// The version of the same bot that played last before the candidate's.
    Previous,
    /// The version of the same bot with the highest joint rating.
    Best,
    /// A version by its label or the first hex digits of its digest.
    Named(String),
}

impl Reference {
    pub fn of(text: &str) -> Reference {
        match text {
            "previous" => Reference::Previous,
            "best" => Reference::Best,
            _ => Reference::Named(text.to_string()),
        }
    }

    /// As the scenario names it.
    pub fn shown(&self) -> &str {
        match self {
            Reference::Previous => "previous",
            Reference::Best => "best",
            Reference::Named(name) => name,
        }
    }
}

impl Gate {
    /// Judges a fixed-games gate on a finished run. Not for `Sprt`, which decides while playing.
    pub fn judge(
        &self,
        labels: &[String],
        summary: &Summary,
        baseline: Option<&Baseline>,
    ) -> Judgement {
        match self {
            Gate::Sprt(_) => unreachable!("SPRT gates are judged while their games are played"),
            Gate::History(_) => unreachable!("history gates are judged from the results store"),
            Gate::WinRate {
                bot,
                against,
                min_lower,
                max_upper,
            } => judge_win_rate(
                summary,
                (&labels[*bot], &labels[*against]),
                *min_lower,
                *max_upper,
            ),
            Gate::Baseline { bot, margin } => {
                judge_baseline(summary, &labels[*bot], baseline, *margin)
            }
        }
    }
}

/// A win-rate gate: `bot`'s interval against `against` held to each bound given; a pair that
/// never met cannot be judged.
fn judge_win_rate(
    summary: &Summary,
    (bot, against): (&str, &str),
    min_lower: Option<f64>,
    max_upper: Option<f64>,
) -> Judgement {
    let gate = format!("win-rate {bot} vs {against}");
    let Some(row) = summary
        .analysis
        .pairwise
        .iter()
        .find(|r| r.bot == bot && r.opponent == against)
    else {
        return Judgement {
            gate,
            status: Status::Inconclusive,
            detail: "the two bots never met".into(),
        };
    };
    let mut status = Status::Pass;
    let mut wants = Vec::new();
    let interval = (row.lower, row.upper);
    if let Some(min) = min_lower {
        wants.push(format!("lower end above {min}"));
        status = status.max(above(interval, min));
    }
    if let Some(max) = max_upper {
        wants.push(format!("upper end below {max}"));
        status = status.max(above((-interval.1, -interval.0), -max));
    }
    Judgement {
        gate,
        status,
        detail: format!(
            "{:.3} [{:.3}, {:.3}] over {} games in {} seeds (worth {:.0} independent \
             games); wanted {}",
            row.win_rate,
            row.lower,
            row.upper,
            row.games,
            row.seeds,
            row.effective_games,
            wants.join(" and ")
        ),
    }
}

/// A baseline gate: `label`'s rating interval against its stored rating less `margin`; without a
/// stored rating (or a rating this run) it cannot be judged.
fn judge_baseline(
    summary: &Summary,
    label: &str,
    baseline: Option<&Baseline>,
    margin: f64,
) -> Judgement {
    let gate = format!("baseline {label}");
    let stored = baseline.and_then(|b| b.ratings.get(label));
    let row = summary
        .analysis
        .ratings
        .rows
        .iter()
        .find(|r| r.bot == label);
    let (Some(&stored), Some(row)) = (stored, row) else {
        return Judgement {
            gate,
            status: Status::Inconclusive,
            detail: "no stored rating for this bot: run `tourney check --save-baseline` first"
                .into(),
        };
    };
    let floor = stored - margin;
    let (lower, upper) = (row.lower, row.upper);
    let status = above((lower, upper), floor);
    Judgement {
        gate,
        status,
        detail: format!(
            "{:+.1} [{lower:+.1}, {upper:+.1}] against baseline {stored:+.1} - {margin} = {floor:+.1}",
            row.elo
        ),
    }
}

/// Pass when the whole interval lies above `floor`, fail when it lies wholly at or below it, and
/// undecided while it straddles: more games would tell.
pub fn above((lower, upper): (f64, f64), floor: f64) -> Status {
    if lower > floor {
        Status::Pass
    } else if upper <= floor {
        Status::Fail
    } else {
        Status::Inconclusive
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_passes_above_fails_below_and_waits_across_the_threshold() {
        assert_eq!(above((0.6, 0.8), 0.5), Status::Pass);
        assert_eq!(above((0.2, 0.5), 0.5), Status::Fail);
        assert_eq!(above((0.4, 0.6), 0.5), Status::Inconclusive);
        // `max_upper` is the mirror image.
        assert_eq!(above((-0.8, -0.6), -0.9), Status::Pass);
    }
}
