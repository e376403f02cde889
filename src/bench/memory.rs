//! Peak memory for `tourney bench` and `tourney run --print-peak-memory`: a process's own
//! peak, and that of a whole `tourney run` started as a child process.

use crate::error::Interrupted;
use crate::games::GameConfig;
use anyhow::Context;
use std::process::Command;

/// Runs `tourney run` as a child process so each measurement has its own peak.
pub fn peak_memory_of_run(
    (game, config): (&str, &GameConfig),
    matchup: &str,
    games: u64,
) -> anyhow::Result<u64> {
    let out = std::env::temp_dir().join(format!("tourney-bench-{}-{games}", std::process::id()));
    let mut command = Command::new(std::env::current_exe().context("cannot find own binary")?);
    command.args([
        "run",
        "--quiet",
        "--print-peak-memory",
        // A measurement, not a run to keep.
        "--no-db",
        "--game",
        game,
        "--bots",
        matchup,
    ]);
    command
        .args(["--games", &games.to_string(), "--out"])
        .arg(&out);
    if let Some(rules) = &config.rules {
        command.args(["--rules", rules]);
    }
    for (name, value) in &config.options {
        command.arg("--option").arg(format!("{name}={value}"));
    }
    if let Some(seats) = config.seats {
        command.args(["--players", &seats.to_string()]);
    }
    let output = command.output().context("cannot start tourney run")?;
    let _ = std::fs::remove_dir_all(&out);
    if output.status.code() == Some(130) {
        return Err(Interrupted(
            "the run measuring memory was stopped; run the bench again".into(),
        )
        .into());
    }
    anyhow::ensure!(
        output.status.success(),
        "tourney run failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("peak memory KiB: "))
        .and_then(|n| n.trim().parse().ok())
        .context("tourney run did not report its peak memory")
}

/// The peak resident set size of this process in KiB (Linux `VmHWM`), if the system tells.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}
