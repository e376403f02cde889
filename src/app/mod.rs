//! The edge of the program: turns command-line arguments into validated plans, runs them, and
//! maps results to exit codes. Its files stand in two layers, imports pointing down:
//! 1. the commands (this file, `check`, `merge`, `db`, `bench`, `serve`, `list`, `ladder`) and the
//!    `registry`,
//!    the one place that names the games;
//! 2. what the commands share: `report`, `replay`, `run` (a run's result into its exit code),
//!    `tune` (a tuning's command line into its plan).
//!
//! Below the edge, [`crate::run`] holds a run's plan and plays it (in stages), and
//! [`crate::results`] a results folder's manifest, lock and checks.
//!
//! One rule for Ctrl-C and SIGTERM: an interrupted command exits 130 (an
//! [`crate::error::Interrupted`] error saying how far it got and how to go on), never 0, and
//! never prints or writes a verdict it did not reach.
//!
//! A lower part that must find a game by name (a scenario's `game`, a record's header) is handed
//! the registry's lookup ([`crate::games::FindGame`], [`crate::run::replay::FindReplay`]) by its
//! caller.

mod arguments;
mod bench;
mod check;
mod dates;
mod db;
mod doctor;
mod history;
mod ladder;
mod ladder_final;
mod list;
mod merge;
pub mod registry;
mod replay;
mod report;
mod run;
mod sandbox;
mod serve;
mod store_plan;
mod tune;
mod watch;

use crate::cli::{Cli, Command};
use crate::run::plan::RunPlan;
use std::process::ExitCode;

/// Runs one command; `Err` carries a [`crate::error::UsageError`] (exit 2) or another error (3).
/// The folders it locked are released when it ends, however it ends.
pub fn execute(cli: Cli) -> anyhow::Result<ExitCode> {
    crate::sandbox::raise_open_files();
    let result = command(cli);
    crate::results::lock::release_all();
    result
}

fn command(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::List => {
            list::print();
            Ok(ExitCode::SUCCESS)
        }
        Command::Run(args) => {
            sandbox::configure(&args.sandbox)?;
            let plan = RunPlan::from_args(&args, registry::describe)?;
            crate::external::clock::configure(plan.clock);
            let summary = registry::run(&plan, None)?;
            if args.print_peak_memory {
                match crate::bench::memory::peak_memory_kib() {
                    Some(kib) => println!("peak memory KiB: {kib}"),
                    None => eprintln!("peak memory: not available on this system"),
                }
            }
            if summary.interrupted {
                return Err(run::interrupted(&plan, &summary).into());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check(args) => {
            sandbox::configure(&args.sandbox)?;
            check::execute(&args)
        }
        Command::Report(args) => {
            run::exit_on_signal();
            report::execute(&args, registry::replayer)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve(args) => {
            run::exit_on_signal();
            serve::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Merge(args) => {
            run::exit_on_signal();
            merge::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay(args) => {
            run::exit_on_signal();
            replay::execute(&args, registry::replayer)
        }
        Command::Tune(args) => {
            sandbox::configure(&args.sandbox)?;
            registry::tune(&tune::plan(&args, registry::describe)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Doctor(args) => {
            run::exit_on_signal();
            sandbox::configure(&args.sandbox)?;
            doctor::execute(&args, registry::doctor)
        }
        Command::Watch(args) => watch::execute(&args, registry::replayer),
        Command::Db(args) => db::execute(&args),
        Command::History(args) => {
            history::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Rate(args) => {
            history::rate(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Ladder(args) => {
            sandbox::configure(&args.sandbox)?;
            ladder::execute(&args, registry::ladder)
        }
        Command::Bench(args) => {
            sandbox::configure(&args.sandbox)?;
            bench::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
