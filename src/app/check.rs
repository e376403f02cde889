//! `tourney check`: plays a scenario, decides its gates, and turns the verdict into an exit code
//! a CI job can use (0 pass, 1 fail, 2 inconclusive or bad input, 3 harness failure, 130
//! interrupted). A gate's run stopped by Ctrl-C or SIGTERM ends the check at once with no
//! verdict and no gate line: a cancelled CI job must never read as passed.
//!
//! Win-rate, baseline and history gates read the scenario's one fixed-games run; history gates
//! read it from the results store, which holds it by then, beside the stored games of the
//! versions compared (`history::gate`). SPRT gates play runs of their own.

use super::arguments::{progress_every, refuse_disqualify};
use super::registry;
use crate::cli::{CheckArgs, MatchArgs};
use crate::error::{Interrupted, UsageError};
use crate::history::gate::{self as history_gate, Candidate};
use crate::report::markup::counted;
use crate::results::folders::Existing;
use crate::run::plan::RunPlan;
use crate::run::plan::VersionLabels;
use crate::run::store_plan::StorePlan;
use crate::run::threads;
use crate::run::versions::version_labels;
use crate::scenario::gate::{Baseline, HistoryGate, Judgement, SprtGate, Status};
use crate::scenario::{Format, Gate, Scenario};
use crate::score::SequentialTest;
use crate::stats::sprt::{SprtBounds, Verdict};
use crate::summary::SprtOptions;
use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where `--save-baseline` writes and baseline gates read: meant to be committed.
const BASELINE_DIR: &str = "results/baselines";

pub fn execute(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let scenario = Scenario::load(&args.scenario, registry::describe)?;
    let labels = version_labels(&args.version_label, &scenario.bots)?;
    crate::external::clock::configure(args.clock.over(scenario.clock));
    // Settled once, so a note about the count is given once, not once per gate.
    let matchup = MatchArgs {
        threads: Some(threads::from_flag(args.threads)?),
        ..MatchArgs::default()
    };
    let mut verdicts = Verdicts::default();
    let fixed: Vec<&Gate> = scenario
        .gates
        .iter()
        .filter(|g| !matches!(g, Gate::Sprt(_) | Gate::History(_)))
        .collect();
    let history: Vec<&HistoryGate> = (scenario.gates.iter())
        .filter_map(|g| match g {
            Gate::History(h) => Some(h),
            _ => None,
        })
        .collect();
    if !fixed.is_empty() || !history.is_empty() || args.save_baseline {
        let gates = FixedGates { fixed, history };
        judge_fixed(args, &scenario, &gates, &matchup, &labels, &mut verdicts)?;
    }
    for gate in &scenario.gates {
        if let Gate::Sprt(sprt) = gate {
            let (judgement, faults) = run_sprt(args, &scenario, sprt, &matchup, &labels)?;
            if faults > 0 && scenario.max_fault_rate == 0.0 {
                verdicts.harness.push(format!(
                    "{faults} crash/illegal games in {}",
                    judgement.gate
                ));
            }
            verdicts.judgements.push(judgement);
        }
    }
    Ok(ExitCode::from(verdicts.print()))
}

/// What the gates decided, and what went wrong with the harness itself.
#[derive(Default)]
struct Verdicts {
    judgements: Vec<Judgement>,
    harness: Vec<String>,
}

impl Verdicts {
    /// Prints a line per gate and the verdict; returns the exit code: 3 if the harness failed,
    /// else 1 if a gate failed, else 2 if one could not tell, else 0.
    fn print(&self) -> u8 {
        for j in &self.judgements {
            println!(
                "{:<12} {}: {}",
                format!("{:?}", j.status).to_uppercase(),
                j.gate,
                j.detail
            );
        }
        for h in &self.harness {
            println!("HARNESS      {h}");
        }
        let any = |status| self.judgements.iter().any(|j| j.status == status);
        let code = if !self.harness.is_empty() {
            3
        } else if any(Status::Fail) {
            1
        } else if any(Status::Inconclusive) {
            2
        } else {
            0
        };
        println!(
            "verdict: {}",
            ["pass", "fail", "inconclusive", "harness failure"][usize::from(code)]
        );
        code
    }
}

/// The gates that read the scenario's one fixed-games run: those judged on its summary (win
/// rates, baselines), and history gates, judged from the results store once it holds the run.
struct FixedGates<'a> {
    fixed: Vec<&'a Gate>,
    history: Vec<&'a HistoryGate>,
}

/// Plays the scenario once for every gate that reads a finished run (win rates, baselines,
/// history), saving the baseline first when asked, so baseline gates compare with what was just
/// measured. A history gate under `--no-db` is refused before any game.
fn judge_fixed(
    args: &CheckArgs,
    scenario: &Scenario,
    gates: &FixedGates<'_>,
    matchup: &MatchArgs,
    labels: &VersionLabels,
    verdicts: &mut Verdicts,
) -> anyhow::Result<()> {
    let mut plan = RunPlan::build(Some(scenario), matchup, None, registry::describe)?;
    plan.version_labels = labels.clone();
    // The scenario's format and disqualification, as `run` checks them.
    refuse_disqualify(&plan)?;
    // Recorded in the folder's manifest, as a run's clock is.
    plan.clock = args.clock.over(scenario.clock);
    plan.quiet = args.quiet;
    plan.progress_every = progress_every(args.progress_every)?;
    plan.out_dir = args.out.clone().or(scenario.out.clone());
    plan.store = StorePlan::from_args(&args.store)?;
    if plan.store.is_none() && !gates.history.is_empty() {
        return Err(UsageError::Invalid(format!(
            "{} decides from the results store, and --no-db records and reads none: drop              --no-db (the store is --db, else TOURNEY_DB, else {})",
            counted(gates.history.len() as f64, "history gate", "history gates"),
            crate::store::DEFAULT_PATH
        ))
        .into());
    }
    plan.existing = match args.force {
        true => Existing::Replace,
        false => Existing::ContinueSame,
    };
    let summary = &registry::run(&plan, None)?;
    if summary.interrupted {
        let (scenario, out) = (args.scenario.display(), plan.out_dir.as_deref());
        let kept = match (out, plan.unresumable()) {
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
        return Err(Interrupted(format!(
            "the scenario's run stopped after {} games, so no gate was judged and no baseline \
             saved{kept}",
            summary.analysis.games_played
        ))
        .into());
    }
    let faults: u64 = summary
        .analysis
        .per_bot
        .iter()
        .map(|b| b.crashes + b.illegal)
        .sum();
    let rate = faults as f64 / summary.analysis.games_played.max(1) as f64;
    if rate > scenario.max_fault_rate {
        verdicts.harness.push(format!(
            "{faults} crash/illegal games of {} ({rate:.4}) exceed max_fault_rate {}",
            summary.analysis.games_played, scenario.max_fault_rate
        ));
    }
    let path = baseline_path(&scenario.name);
    if args.save_baseline {
        let baseline = Baseline::from_summary(&scenario.name, summary);
        std::fs::create_dir_all(BASELINE_DIR)
            .with_context(|| format!("cannot create {BASELINE_DIR}"))?;
        let json = serde_json::to_string_pretty(&baseline)? + "\n";
        std::fs::write(&path, json).with_context(|| format!("cannot write {}", path.display()))?;
        println!("baseline saved to {}", path.display());
    }
    let stored = read_baseline(&path)?;
    let labels = plan.labels();
    verdicts
        .judgements
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

fn baseline_path(scenario: &str) -> PathBuf {
    Path::new(BASELINE_DIR).join(format!("{scenario}.json"))
}

fn read_baseline(path: &Path) -> anyhow::Result<Option<Baseline>> {
    match crate::input::read_text(path, crate::input::BASELINE) {
        Ok(text) => Ok(Some(serde_json::from_str(&text).with_context(|| {
            format!("{} is not a baseline file", path.display())
        })?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// Plays candidate against baseline in seed pairs until the SPRT decides or `max_games`.
fn run_sprt(
    args: &CheckArgs,
    scenario: &Scenario,
    gate: &SprtGate,
    matchup: &MatchArgs,
    labels: &VersionLabels,
) -> anyhow::Result<(Judgement, u64)> {
    let (elo0, elo1, alpha, beta) = (gate.elo0, gate.elo1, gate.alpha, gate.beta);
    let mut plan = RunPlan::build(
        Some(scenario),
        matchup,
        Some(gate.max_games),
        registry::describe,
    )?;
    plan.bots = vec![
        scenario.bots[gate.candidate].clone(),
        scenario.bots[gate.baseline].clone(),
    ];
    plan.format = Format::RoundRobin;
    plan.version_labels = labels.clone();
    plan.quiet = true;
    // The running score shows the gate's test, which stops the run as the gate does.
    plan.progress_when_quiet = !args.quiet;
    plan.progress_every = progress_every(args.progress_every)?;
    plan.sprt_stop = Some(SprtOptions {
        nelo0: elo0,
        nelo1: elo1,
        alpha,
        beta,
    });
    plan.out_dir = None;
    plan.store = StorePlan::from_args(&args.store)?;
    let bounds = SprtBounds::from_error_rates(alpha, beta)?;
    let mut test = SequentialTest::normalized(elo0, elo1, bounds);
    let run = registry::run(&plan, Some(&mut test))?;
    let gate_name = format!(
        "sprt {} vs {} nElo [{elo0}, {elo1}] alpha {alpha} beta {beta}",
        plan.bots[0].label, plan.bots[1].label
    );
    let (llr, verdict) = test.last.unwrap_or((0.0, Verdict::Continue));
    if run.interrupted {
        return Err(Interrupted(format!(
            "gate {gate_name} stopped undecided after {} games (LLR {llr:.3} in [{:.3}, \
             {:.3}]), so the check has no verdict; an sprt gate keeps no games: run `tourney \
             check {}` again",
            run.analysis.games_played,
            bounds.lower,
            bounds.upper,
            args.scenario.display()
        ))
        .into());
    }
    let status = match verdict {
        Verdict::AcceptH1 => Status::Pass,
        Verdict::AcceptH0 => Status::Fail,
        Verdict::Continue => Status::Inconclusive,
    };
    let detail = format!(
        "LLR {llr:.3} in [{:.3}, {:.3}] after {} games, pairs (LL..WW) {:?}{}",
        bounds.lower,
        bounds.upper,
        run.analysis.games_played,
        test.pairs,
        if verdict == Verdict::Continue {
            "; no decision at max_games"
        } else {
            ""
        }
    );
    Ok((
        Judgement {
            gate: gate_name,
            status,
            detail,
        },
        test.faults,
    ))
}
