use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = tourney::cli::Cli::parse();
    match tourney::app::execute(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            let usage = err.downcast_ref::<tourney::error::UsageError>().is_some();
            ExitCode::from(if usage { 2 } else { 3 })
        }
    }
}
