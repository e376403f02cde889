//! `tourney check`: plays a scenario, decides its gates, and turns the verdict into an exit code
//! a CI job can use (0 pass, 1 fail, 2 inconclusive or bad input, 3 harness failure).

use super::folders::Existing;
use super::{RunPlan, registry, threads};
use crate::cli::{CheckArgs, MatchArgs};
use crate::outcome::half_points;
use crate::runner::{Flow, GameRecord, RecordSink};
use crate::scenario::gate::{Baseline, Judgement, SprtGate, Status};
use crate::scenario::{Format, Gate, Scenario};
use crate::stats::pentanomial::HeadToHead;
use crate::stats::sprt::{EloBounds, SprtBounds, Verdict, sprt};
use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where `--save-baseline` writes and baseline gates read: meant to be committed.
const BASELINE_DIR: &str = "results/baselines";

pub fn execute(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let scenario = Scenario::load(&args.scenario, registry::describe)?;
    // Settled once, so a note about the count is given once, not once per gate.
    let matchup = MatchArgs {
        threads: Some(threads::from_flag(args.threads)?),
        ..MatchArgs::default()
    };
    let mut judgements = Vec::new();
    let mut harness = Vec::new();
    let fixed: Vec<&Gate> = scenario
        .gates
        .iter()
        .filter(|g| !matches!(g, Gate::Sprt(_)))
        .collect();
    if !fixed.is_empty() || args.save_baseline {
        let mut plan = RunPlan::build(Some(&scenario), &matchup, None)?;
        plan.quiet = args.quiet;
        plan.out_dir = args.out.clone().or(scenario.out.clone());
        plan.existing = match args.force {
            true => Existing::Replace,
            false => Existing::ContinueSame,
        };
        let summary = &(plan.game.run)(&plan, None)?;
        let faults: u64 = summary
            .analysis
            .per_bot
            .iter()
            .map(|b| b.crashes + b.illegal)
            .sum();
        let rate = faults as f64 / summary.analysis.games_played.max(1) as f64;
        if rate > scenario.max_fault_rate {
            harness.push(format!(
                "{faults} crash/illegal games of {} ({rate:.4}) exceed max_fault_rate {}",
                summary.analysis.games_played, scenario.max_fault_rate
            ));
        }
        let path = baseline_path(&scenario.name);
        // Saving first means baseline gates of this check compare with what was just measured.
        if args.save_baseline {
            let baseline = Baseline::from_summary(&scenario.name, summary);
            std::fs::create_dir_all(BASELINE_DIR)
                .with_context(|| format!("cannot create {BASELINE_DIR}"))?;
            let json = serde_json::to_string_pretty(&baseline)? + "\n";
            std::fs::write(&path, json)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("baseline saved to {}", path.display());
        }
        let stored = read_baseline(&path)?;
        let labels = plan.labels();
        judgements.extend(
            fixed
                .iter()
                .map(|g| g.judge(&labels, summary, stored.as_ref())),
        );
    }
    for gate in &scenario.gates {
        if let Gate::Sprt(sprt) = gate {
            let (judgement, faults) = run_sprt(&scenario, sprt, &matchup)?;
            if faults > 0 && scenario.max_fault_rate == 0.0 {
                harness.push(format!(
                    "{faults} crash/illegal games in {}",
                    judgement.gate
                ));
            }
            judgements.push(judgement);
        }
    }
    for j in &judgements {
        println!(
            "{:<12} {}: {}",
            format!("{:?}", j.status).to_uppercase(),
            j.gate,
            j.detail
        );
    }
    for h in &harness {
        println!("HARNESS      {h}");
    }
    let code = if !harness.is_empty() {
        3
    } else if judgements.iter().any(|j| j.status == Status::Fail) {
        1
    } else if judgements.iter().any(|j| j.status == Status::Inconclusive) {
        2
    } else {
        0
    };
    println!(
        "verdict: {}",
        ["pass", "fail", "inconclusive", "harness failure"][usize::from(code)]
    );
    Ok(ExitCode::from(code))
}

fn baseline_path(scenario: &str) -> PathBuf {
    Path::new(BASELINE_DIR).join(format!("{scenario}.json"))
}

fn read_baseline(path: &Path) -> anyhow::Result<Option<Baseline>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(serde_json::from_str(&text).with_context(|| {
            format!("{} is not a baseline file", path.display())
        })?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// Plays candidate against baseline in seed pairs until the SPRT decides or `max_games`.
fn run_sprt(
    scenario: &Scenario,
    gate: &SprtGate,
    matchup: &MatchArgs,
) -> anyhow::Result<(Judgement, u64)> {
    let (elo0, elo1, alpha, beta) = (gate.elo0, gate.elo1, gate.alpha, gate.beta);
    let mut plan = RunPlan::build(Some(scenario), matchup, Some(gate.max_games))?;
    plan.bots = vec![
        scenario.bots[gate.candidate].clone(),
        scenario.bots[gate.baseline].clone(),
    ];
    plan.format = Format::RoundRobin;
    plan.quiet = true;
    plan.out_dir = None;
    let bounds = SprtBounds::from_error_rates(alpha, beta)?;
    let mut test = SequentialTest::new(
        EloBounds::Normalized {
            nelo0: elo0,
            nelo1: elo1,
        },
        bounds,
    );
    let run = (plan.game.run)(&plan, Some(&mut test))?;
    let gate_name = format!(
        "sprt {} vs {} nElo [{elo0}, {elo1}] alpha {alpha} beta {beta}",
        plan.bots[0].label, plan.bots[1].label
    );
    let (llr, verdict) = test.last.unwrap_or((0.0, Verdict::Continue));
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

/// Folds game pairs (both seat orders of a seed) into pentanomial counts and tests after each.
/// Bot 0 of the two-bot plan it watches is the candidate. Also `tourney tune`'s final test.
pub(super) struct SequentialTest {
    hypotheses: EloBounds,
    bounds: SprtBounds,
    /// Pairs by the candidate's half-points in them: 0 (two losses) ..= 4 (two wins).
    pub(super) pairs: [u64; 5],
    /// The candidate's half-points in the first game of the current pair.
    open: Option<usize>,
    pub(super) last: Option<(f64, Verdict)>,
    pub(super) faults: u64,
}

impl SequentialTest {
    pub(super) fn new(hypotheses: EloBounds, bounds: SprtBounds) -> SequentialTest {
        SequentialTest {
            hypotheses,
            bounds,
            pairs: [0; 5],
            open: None,
            last: None,
            faults: 0,
        }
    }
}

impl RecordSink for SequentialTest {
    fn record(&mut self, record: &GameRecord) -> std::io::Result<Flow> {
        if record.termination.is_forfeit() {
            self.faults += 1;
        }
        // Bot 0 of this two-bot plan is the candidate.
        let seat = record
            .lineup
            .iter()
            .position(|&b| b == 0)
            .expect("candidate plays");
        let half_points = usize::from(half_points(record.ranks[seat], record.ranks[1 - seat]));
        let Some(first) = self.open.take() else {
            self.open = Some(half_points);
            return Ok(Flow::Continue);
        };
        self.pairs[first + half_points] += 1;
        let result = sprt(
            &HeadToHead::Pentanomial(self.pairs),
            self.hypotheses,
            self.bounds,
        )
        .map_err(|e| std::io::Error::other(e.to_string()))?;
        self.last = Some((result.llr, result.verdict));
        Ok(if result.verdict == Verdict::Continue {
            Flow::Continue
        } else {
            Flow::Stop
        })
    }
}
