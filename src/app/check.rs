//! `tourney check`: the scenario and the command line into the plans of its runs, the gates
//! decided below ([`crate::check`]), and the verdict into an exit code a CI job can use (0
//! pass, 1 fail, 2 inconclusive or bad input, 3 harness failure, 130 interrupted).

use super::arguments::{progress_every, refuse_disqualify};
use super::registry;
use crate::check::{Check, FixedGates, Verdicts, sprt_gates};
use crate::cli::{CheckArgs, MatchArgs};
use crate::results::folders::Existing;
use crate::run::plan::{RunPlan, VersionLabels};
use crate::run::store_plan::StorePlan;
use crate::run::threads;
use crate::run::versions::version_labels;
use crate::scenario::Scenario;
use std::process::ExitCode;

pub fn execute(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let scenario = Scenario::load(&args.scenario, registry::describe)?;
    let labels = version_labels(&args.version_label, &scenario.bots)?;
    crate::external::clock::configure(args.clock.over(scenario.clock));
    // Settled once, so a note about the count is given once, not once per gate.
    let matchup = MatchArgs {
        threads: Some(threads::from_flag(args.threads)?),
        ..MatchArgs::default()
    };
    let plans = Plans {
        args,
        scenario: &scenario,
        matchup,
        labels,
    };
    let check = Check {
        scenario: &scenario,
        typed: &args.scenario,
        play: registry::run,
        save_baseline: args.save_baseline,
    };
    let mut verdicts = Verdicts::default();
    let gates = FixedGates::of(&scenario);
    if !gates.is_empty() || args.save_baseline {
        check.fixed(&plans.fixed()?, &gates, &mut verdicts)?;
    }
    for gate in sprt_gates(&scenario) {
        check.sprt(plans.sprt(gate.max_games)?, gate, &mut verdicts)?;
    }
    for line in verdicts.lines() {
        println!("{line}");
    }
    Ok(ExitCode::from(verdicts.code()))
}

/// The plans of a check's runs, as its command line sets them.
struct Plans<'a> {
    args: &'a CheckArgs,
    scenario: &'a Scenario,
    matchup: MatchArgs,
    labels: VersionLabels,
}

impl Plans<'_> {
    /// The scenario's run at `games` (its own count where `None`), with the command line's
    /// version labels, progress and results store.
    fn base(&self, games: Option<u64>) -> anyhow::Result<RunPlan> {
        let (args, scenario) = (self.args, self.scenario);
        let mut plan = RunPlan::build(Some(scenario), &self.matchup, games, registry::describe)?;
        plan.version_labels = self.labels.clone();
        plan.progress_every = progress_every(args.progress_every)?;
        plan.store = StorePlan::from_args(&args.store)?;
        Ok(plan)
    }

    /// The fixed-games run, kept where `--out` or the scenario says and checked as `run`
    /// checks its format and disqualification.
    fn fixed(&self) -> anyhow::Result<RunPlan> {
        let (args, scenario) = (self.args, self.scenario);
        let mut plan = self.base(None)?;
        refuse_disqualify(&plan)?;
        // Recorded in the folder's manifest, as a run's clock is.
        plan.clock = args.clock.over(scenario.clock);
        plan.quiet = args.quiet;
        plan.out_dir = args.out.clone().or(scenario.out.clone());
        plan.existing = match args.force {
            true => Existing::Replace,
            false => Existing::ContinueSame,
        };
        Ok(plan)
    }

    /// An SPRT gate's run of at most `max_games`: quiet, but its running score shows the
    /// gate's test, which stops the run as the gate does.
    fn sprt(&self, max_games: u64) -> anyhow::Result<RunPlan> {
        let mut plan = self.base(Some(max_games))?;
        plan.quiet = true;
        plan.progress_when_quiet = !self.args.quiet;
        Ok(plan)
    }
}
