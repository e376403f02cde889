use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    end_quietly_when_stdout_closes();
    let cli = tourney::cli::Cli::parse();
    let result = tourney::app::execute(cli);
    // The control groups kept for reuse between programs.
    tourney::sandbox::kill_all();
    match result {
        Ok(code) => code,
        Err(err) if err.is::<tourney::error::Interrupted>() => {
            eprintln!("{err:#}");
            ExitCode::from(130)
        }
        Err(err) => {
            eprintln!("error: {err:#}");
            let usage = err.downcast_ref::<tourney::error::UsageError>().is_some();
            ExitCode::from(if usage { 2 } else { 3 })
        }
    }
}

/// `tourney list | head -1`: once the reader has gone, printing panics ("failed printing to
/// stdout: Broken pipe"). Rust ignores SIGPIPE so that a bot closing its stdin cannot kill the
/// harness; this ends the way a Unix tool killed by SIGPIPE does instead, silently, after
/// ending every bot process (the exit skips destructors). Any other panic is reported as usual.
fn end_quietly_when_stdout_closes() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map_or("", String::as_str);
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            tourney::external::kill_all();
            #[cfg(unix)]
            // SAFETY: restoring the default action of SIGPIPE and raising it: no memory.
            unsafe {
                libc::signal(libc::SIGPIPE, libc::SIG_DFL);
                libc::raise(libc::SIGPIPE);
            }
        }
        previous(info);
    }));
}
