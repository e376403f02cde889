use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = tourney::cli::Cli::parse();
    let result = tourney::app::execute(cli);
    // The control groups kept for reuse between programs.
    tourney::sandbox::kill_all();
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            let usage = err.downcast_ref::<tourney::error::UsageError>().is_some();
            ExitCode::from(if usage { 2 } else { 3 })
        }
    }
}
