//! The edge of the program: turns command-line arguments into validated plans, runs them, and
//! maps results to exit codes. The only module that knows both the game registry and the runner.

mod bench;
mod check;
mod contest;
mod faults;
mod folders;
mod games_row;
mod list;
mod manifest;
mod merge;
mod plan;
mod progress;
pub mod registry;
mod replay;
mod report;
mod resume;
mod run;
mod search_speed;
mod serve;
mod threads;
mod tune;

pub use plan::RunPlan;
pub use replay::replay_record;
pub use report::stream_games;
pub use tune::TunePlan;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

/// Exit code of a run stopped by Ctrl-C after keeping what finished (128 + SIGINT).
const INTERRUPTED: u8 = 130;

/// Runs one command; `Err` carries a [`crate::error::UsageError`] (exit 2) or another error (3).
pub fn execute(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::List => {
            list::print();
            Ok(ExitCode::SUCCESS)
        }
        Command::Run(args) => {
            let plan = RunPlan::from_args(&args)?;
            let summary = run::execute(&plan)?;
            if args.print_peak_memory {
                match bench::peak_memory_kib() {
                    Some(kib) => println!("peak memory KiB: {kib}"),
                    None => eprintln!("peak memory: not available on this system"),
                }
            }
            Ok(if summary.interrupted {
                ExitCode::from(INTERRUPTED)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Check(args) => check::execute(&args),
        Command::Report(args) => {
            report::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve(args) => {
            serve::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Merge(args) => {
            merge::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay(args) => replay::execute(&args),
        Command::Tune(args) => tune::execute(&args),
        Command::Bench(args) => {
            bench::execute(&args)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
