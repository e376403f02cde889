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
        Err(err) if stdout_closed(&err) => end_as_a_closed_pipe_ends(),
        Err(err) => {
            eprintln!("error: {err:#}");
            let usage = err.downcast_ref::<tourney::error::UsageError>().is_some();
            ExitCode::from(if usage { 2 } else { 3 })
        }
    }
}

/// `tourney list | head -1`: once the reader has gone, printing panics ("failed printing to
/// stdout: Broken pipe"). Rust ignores SIGPIPE so that a bot closing its stdin cannot kill the
/// harness; this ends the way a Unix tool killed by SIGPIPE does instead
/// ([`end_as_a_closed_pipe_ends`]). Any other panic is reported as usual.
fn end_quietly_when_stdout_closes() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map_or("", String::as_str);
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            end_as_a_closed_pipe_ends();
        }
        previous(info);
    }));
}

/// Whether `err` is a write to stdout after its reader went (`tourney replay ... | head -1`,
/// which writes with `write!` and gets the error back rather than a panic): a broken pipe in
/// its causes, and stdout's pipe reporting an error (its reading end closed). A broken pipe
/// to a bot's stdin is not stdout's, and stays a harness failure.
fn stdout_closed(err: &anyhow::Error) -> bool {
    let broken_pipe = err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    });
    broken_pipe && reader_gone()
}

#[cfg(unix)]
fn reader_gone() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdout = std::io::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::OUT)];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    poll(&mut fds, Some(&now)).is_ok() && fds[0].revents().contains(PollFlags::ERR)
}

#[cfg(not(unix))]
fn reader_gone() -> bool {
    false
}

/// Ends the way a Unix tool killed by SIGPIPE does, silently, after ending every bot process
/// (the exit skips destructors; `main` has ended the confined programs' groups already, and a
/// panic hook must not wait on their locks).
fn end_as_a_closed_pipe_ends() -> ExitCode {
    tourney::external::kill_all();
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE and raising it: no memory.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::raise(libc::SIGPIPE);
    }
    ExitCode::SUCCESS
}
