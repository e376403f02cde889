//! `tourney check` below the command line: plays a scenario's runs and decides its gates.
//!
//! Win-rate, baseline and history gates read the scenario's one fixed-games run; history gates
//! read it from the results store, which holds it by then, beside the stored games of the
//! versions compared (`history::gate`). SPRT gates play runs of their own. A run stopped by
//! Ctrl-C or SIGTERM is an error with no verdict: a cancelled CI job must never read as
//! passed. The edge makes each run's plan from the command line and hands down how a plan is
//! played, so nothing here names a game.

pub mod baseline;
pub mod verdicts;

pub use verdicts::Verdicts;

use crate::error::{Interrupted, UsageError};
use crate::history::gate::{self as history_gate, Candidate};
use crate::report::markup::counted;
use crate::run::RunFn;
use crate::run::plan::RunPlan;
use crate::scenario::gate::{HistoryGate, Judgement, SprtGate, Status};
use crate::scenario::{Format, Gate, Scenario};
use crate::score::SequentialTest;
use crate::stats::sprt::{SprtBounds, Verdict};
use crate::summary::{SprtOptions, Summary};
use std::path::Path;

/// One check of one scenario file.
pub struct Check<'a> {
    pub scenario: &'a Scenario,
    /// The scenario file as typed, for the commands a message suggests.
    pub typed: &'a Path,
    /// How a plan is played (the registry's run).
    pub play: RunFn,
    /// Whether the fixed-games run is saved as the scenario's baseline before its gates read it.
    pub save_baseline: bool,
}

/// The gates that read the scenario's one fixed-games run: those judged on its summary (win
/// rates, baselines), and history gates, judged from the results store once it holds the run.
pub struct FixedGates<'a> {
    pub fixed: Vec<&'a Gate>,
    pub history: Vec<&'a HistoryGate>,
}

impl<'a> FixedGates<'a> {
    pub fn of(scenario: &'a Scenario) -> FixedGates<'a> {
        let gates = scenario.gates.iter();
        FixedGates {
            fixed: (gates.clone())
                .filter(|g| !matches!(g, Gate::Sprt(_) | Gate::History(_)))
                .collect(),
            history: gates
                .filter_map(|g| match g {
                    Gate::History(h) => Some(h),
                    _ => None,
                })
                .collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.fixed.is_empty() && self.history.is_empty()
    }
}

/// The scenario's SPRT gates, in its order.
pub fn sprt_gates(scenario: &Scenario) -> impl Iterator<Item = &SprtGate> {
    scenario.gates.iter().filter_map(|g| match g {
        Gate::Sprt(sprt) => Some(sprt),
        _ => None,
    })
}

impl Check<'_> {
    /// Plays `plan`, the scenario's fixed-games run, once for every gate that reads a finished
    /// run, saving the baseline first when asked, so baseline gates compare with what was just
    /// measured. A history gate without a results store is refused before any game.
    pub fn fixed(
        &self,
        plan: &RunPlan,
        gates: &FixedGates<'_>,
        verdicts: &mut Verdicts,
    ) -> anyhow::Result<()> {
        if plan.store.is_none() && !gates.history.is_empty() {
            return Err(UsageError::Invalid(format!(
                "{} decides from the results store, and --no-db records and reads none: drop \
                 --no-db (the store is --db, else TOURNEY_DB, else {})",
                counted(gates.history.len() as f64, "history gate", "history gates"),
                crate::store::DEFAULT_PATH
            ))
            .into());
        }
        let summary = &(self.play)(plan, None)?;
        if summary.interrupted {
            return Err(self.fixed_interrupted(plan, summary).into());
        }
        let faults: u64 = (summary.analysis.per_bot.iter())
            .map(|b| b.crashes + b.illegal)
            .sum();
        let played = summary.analysis.games_played;
        let rate = faults as f64 / played.max(1) as f64;
        if rate > self.scenario.max_fault_rate {
            verdicts.harness.push(format!(
                "{faults} crash/illegal games of {played} ({rate:.4}) exceed max_fault_rate {}",
                self.scenario.max_fault_rate
            ));
        }
        let name = &self.scenario.name;
        if self.save_baseline {
            let path = baseline::save(name, summary)?;
            println!("baseline saved to {}", path.display());
        }
        let stored = baseline::read(name)?;
        let labels = plan.labels();
        (verdicts.judgements)
            .extend((gates.fixed.iter()).map(|g| g.judge(&labels, summary, stored.as_ref())));
        if let Some(store) = plan.store.as_ref().filter(|_| !gates.history.is_empty()) {
            let versions = plan.versions()?;
            for gate in &gates.history {
                let candidate = Candidate {
                    label: &labels[gate.candidate],
                    version: &versions[gate.candidate],
                    game: plan.game.name,
                };
                (verdicts.judgements).push(history_gate::judge(&store.location, gate, &candidate)?);
            }
        }
        Ok(())
    }

    /// Why the fixed-games run ended without a verdict, and how to go on.
    fn fixed_interrupted(&self, plan: &RunPlan, summary: &Summary) -> Interrupted {
        let scenario = self.typed.display();
        let kept = match (plan.out_dir.as_deref(), plan.unresumable()) {
            (Some(dir), None) => format!(
                "; its games are kept: continue with: tourney check {scenario} --out {}",
                dir.display()
            ),
            (Some(dir), Some(what)) => format!(
                "; {what} cannot be resumed yet: run `tourney check {scenario} --out {} \
                 --force` to play it again whole",
                dir.display()
            ),
            (None, _) => format!(
                "; none are kept (give --out DIR to keep a check's games): run `tourney check \
                 {scenario}` again"
            ),
        };
        Interrupted(format!(
            "the scenario's run stopped after {} games, so no gate was judged and no baseline \
             saved{kept}",
            summary.analysis.games_played
        ))
    }

    /// Plays the gate's candidate against its baseline in seed pairs, from `plan` (the
    /// scenario's run as the command line sets it, at most the gate's games), until the SPRT
    /// decides or the games run out. Faulted games count against a scenario that allows none.
    pub fn sprt(
        &self,
        mut plan: RunPlan,
        gate: &SprtGate,
        verdicts: &mut Verdicts,
    ) -> anyhow::Result<()> {
        let (elo0, elo1, alpha, beta) = (gate.elo0, gate.elo1, gate.alpha, gate.beta);
        let bots = &self.scenario.bots;
        plan.bots = vec![bots[gate.candidate].clone(), bots[gate.baseline].clone()];
        plan.format = Format::RoundRobin;
        plan.sprt_stop = Some(SprtOptions {
            nelo0: elo0,
            nelo1: elo1,
            alpha,
            beta,
        });
        plan.out_dir = None;
        let bounds = SprtBounds::from_error_rates(alpha, beta)?;
        let mut test = SequentialTest::normalized(elo0, elo1, bounds);
        let run = (self.play)(&plan, Some(&mut test))?;
        let gate_name = format!(
            "sprt {} vs {} nElo [{elo0}, {elo1}] alpha {alpha} beta {beta}",
            plan.bots[0].label, plan.bots[1].label
        );
        let (llr, verdict) = test.last.unwrap_or((0.0, Verdict::Continue));
        let played = run.analysis.games_played;
        if run.interrupted {
            return Err(Interrupted(format!(
                "gate {gate_name} stopped undecided after {played} games (LLR {llr:.3} in \
                 [{:.3}, {:.3}]), so the check has no verdict; an sprt gate keeps no games: run \
                 `tourney check {}` again",
                bounds.lower,
                bounds.upper,
                self.typed.display()
            ))
            .into());
        }
        let status = match verdict {
            Verdict::AcceptH1 => Status::Pass,
            Verdict::AcceptH0 => Status::Fail,
            Verdict::Continue => Status::Inconclusive,
        };
        let undecided = match verdict {
            Verdict::Continue => "; no decision at max_games",
            _ => "",
        };
        let detail = format!(
            "LLR {llr:.3} in [{:.3}, {:.3}] after {played} games, pairs (LL..WW) {:?}{undecided}",
            bounds.lower, bounds.upper, test.pairs,
        );
        if test.faults > 0 && self.scenario.max_fault_rate == 0.0 {
            let faults = test.faults;
            (verdicts.harness).push(format!("{faults} crash/illegal games in {gate_name}"));
        }
        verdicts.judgements.push(Judgement {
            gate: gate_name,
            status,
            detail,
        });
        Ok(())
    }
}
