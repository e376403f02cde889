//! A scenario's `[[gates]]` as written, made into gates: their numbers checked and the bots they
//! name found. Every refusal points at the gate's table.

use super::Source;
use super::bots::index_of;
use super::file::GateSpec;
use super::gate::{Gate, HistoryGate, Reference, SprtGate};
use crate::bot::BotChoice;
use crate::error::UsageError;
use crate::input::{GAMES, at_most};
use toml::Spanned;

/// A gate of the scenario. Its numbers are checked before its bots are looked up, and an SPRT's
/// two bots are compared last.
pub(super) fn read(
    src: &Source,
    bots: &[BotChoice],
    spec: &Spanned<GateSpec>,
) -> Result<Gate, UsageError> {
    let bad = |message: &str| src.error(Some(spec.span()), message.to_string());
    check_numbers(spec.get_ref()).map_err(|e| bad(&e))?;
    let bot = |label: &str| index_of(src, bots, label, spec.span());
    let gate = with_bots(spec.get_ref(), bot)?;
    if let Gate::Sprt(sprt) = &gate
        && sprt.candidate == sprt.baseline
    {
        return Err(bad("sprt gate: candidate and baseline must differ"));
    }
    Ok(gate)
}

/// What is wrong with a gate's numbers, if anything.
fn check_numbers(spec: &GateSpec) -> Result<(), String> {
    match spec {
        GateSpec::Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            max_games,
            ..
        } => {
            if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
                return Err("sprt gate: elo0 must be below elo1 (finite numbers)".into());
            }
            if !(0.0 < *alpha && *alpha < 1.0 && 0.0 < *beta && *beta < 1.0) {
                return Err("sprt gate: alpha and beta must be between 0 and 1".into());
            }
            if *max_games < 2 {
                return Err("sprt gate: max_games must be at least 2 (one seed pair)".into());
            }
            at_most("sprt gate: max_games", *max_games, GAMES)?;
        }
        GateSpec::WinRate {
            min_lower,
            max_upper,
            ..
        } => {
            if min_lower.is_none() && max_upper.is_none() {
                return Err("win-rate gate: give min_lower, max_upper or both".into());
            }
            if [min_lower, max_upper]
                .into_iter()
                .flatten()
                .any(|p| !(0.0..=1.0).contains(p))
            {
                return Err("win-rate gate: bounds are win rates between 0 and 1".into());
            }
        }
        GateSpec::Baseline { margin, .. } => {
            if !(margin.is_finite() && *margin >= 0.0) {
                return Err("baseline gate: margin is a non-negative number of Elo".into());
            }
        }
        GateSpec::History {
            against, margin, ..
        } => {
            if !(margin.is_finite() && *margin >= 0.0) {
                return Err("history gate: margin is a non-negative number of Elo".into());
            }
            if against.trim().is_empty() {
                return Err(
                    "history gate: against is \"previous\", \"best\", or a version's \
                            label or the first digits of its digest"
                        .into(),
                );
            }
        }
    }
    Ok(())
}

/// The gate `spec` describes, its bots found by `bot` in the order written.
fn with_bots(
    spec: &GateSpec,
    bot: impl Fn(&str) -> Result<usize, UsageError>,
) -> Result<Gate, UsageError> {
    Ok(match spec {
        GateSpec::Sprt {
            candidate,
            baseline,
            elo0,
            elo1,
            alpha,
            beta,
            max_games,
        } => Gate::Sprt(SprtGate {
            candidate: bot(candidate)?,
            baseline: bot(baseline)?,
            elo0: *elo0,
            elo1: *elo1,
            alpha: *alpha,
            beta: *beta,
            max_games: *max_games,
        }),
        GateSpec::WinRate {
            bot: label,
            against,
            min_lower,
            max_upper,
        } => Gate::WinRate {
            bot: bot(label)?,
            against: bot(against)?,
            min_lower: *min_lower,
            max_upper: *max_upper,
        },
        GateSpec::Baseline { bot: label, margin } => Gate::Baseline {
            bot: bot(label)?,
            margin: *margin,
        },
        GateSpec::History {
            candidate,
            against,
            margin,
        } => Gate::History(HistoryGate {
            candidate: bot(candidate)?,
            against: Reference::of(against),
            margin: *margin,
        }),
    })
}
