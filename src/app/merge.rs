//! `tourney merge DIR... --out DIR`: joins the folders of `run --shard I/N` into the folder one
//! machine would have written (`crate::results::merge`), then finishes it as a resumed run with
//! nothing left to play: the same code writes the same summary and reports, and records the
//! merged run in the results store in place of its shards.

use super::registry;
use crate::cli::MergeArgs;
use crate::run::binary::binary_sha256;
use crate::run::plan::RunPlan;
use crate::run::report_settings::ReportSettings;
use crate::run::store_plan::StorePlan;
use crate::run::threads;

pub fn execute(args: &MergeArgs) -> anyhow::Result<()> {
    let threads = threads::from_flag(args.threads)?;
    let configuration =
        crate::results::merge::merge(&args.dirs, &args.out, args.force, binary_sha256())?;
    let mut plan = RunPlan::from_configuration(&configuration, registry::describe)?;
    plan.threads = threads;
    plan.resume = true;
    plan.out_dir = Some(args.out.clone());
    plan.quiet = args.quiet;
    plan.report = ReportSettings::from_args(&args.analysis)?;
    // The merged run is one run in the store: it replaces its shards there.
    plan.store = StorePlan::from_args(&args.store)?.map(|store| StorePlan {
        absorbs_shards: true,
        ..store
    });
    registry::run(&plan, None)?;
    Ok(())
}
